/**
 * What the tutorial shows over the game table: the
 * banner (title, description, mode dropdown, Next or Finish, the hint on automatic steps), the
 * highlight ring, the two full-screen references and the action prompt with Skip.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { TutorialDialog } from "../components/TutorialDialog/TutorialDialog";
import { useReferenceTiles } from "../rules/reference";
import { button } from "../theme/ui.css";
import * as s from "./Tutorial.css";
import { TUTORIAL_MODES, isTutorialMode, type Reference } from "./steps";
import { useTutorial } from "./TutorialProvider";

export function TutorialOverlay() {
  const t = useTutorial();
  const { pathname } = useLocation();
  if (t.restartMode) return <TutorialDialog mode={t.restartMode} onClose={t.clearRestart} />;
  if (!t.active || pathname !== "/game" || !t.step) return null;
  const step = t.step;
  if (step.reference) return <ReferenceScreen kind={step.reference} onDone={t.next} locked={t.nextLocked} />;
  const automatic = !step.nextButton;
  const finishing = step.last || t.index === t.steps.length - 1;
  return (
    <>
      {step.highlightSelector && <Highlight selector={step.highlightSelector} />}
      <ReserveTopSpace />
      <section className={s.banner} role="region" aria-label="Tutorial" data-testid="tutorial-banner" data-step-id={step.id}>
        <div className={s.bannerHead}>
          <h2 className={s.title}>{step.title}</h2>
          <select
            className={s.select}
            aria-label="Tutorial mode"
            value={t.mode}
            onChange={(e) => isTutorialMode(e.target.value) && t.setMode(e.target.value)}
            data-testid="tutorial-mode"
          >
            {TUTORIAL_MODES.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <p className={s.description}>{step.description}</p>
        <div className={s.controls}>
          <ActionPrompt index={t.index} total={t.steps.length} onSkip={t.skip} />
          {automatic && <span className={s.hint}>Complete the action to continue...</span>}
          {step.branch && (!step.branch.when || t.signals.has(step.branch.when)) && (
            <button type="button" className={`${button.secondary} ${s.interactive}`} onClick={() => t.jump(step.branch!.to)} data-testid="tutorial-branch">
              {step.branch.label}
            </button>
          )}
          {step.nextButton && (
            <button type="button" className={`${button.primary} ${s.interactive}`} disabled={t.nextLocked} onClick={t.next} data-testid="tutorial-next">
              {finishing ? "Finish" : "Next"}
            </button>
          )}
        </div>
      </section>
    </>
  );
}

function ActionPrompt({ index, total, onSkip }: { index: number; total: number; onSkip: () => void }) {
  return (
    <div className={s.prompt} role="status" data-testid="tutorial-action-prompt">
      <span>
        Tutorial step {index + 1} of {total}
      </span>
      <button type="button" className={`${button.ghost} ${s.skip}`} onClick={onSkip} data-testid="tutorial-skip">
        Skip
      </button>
    </div>
  );
}

/**
 * The banner is docked at the top (every width, every step): the whole game page is laid out
 * below it and scrolls inside its own box, so that nothing, the header's buttons, the turn header
 * and the dock included, ever passes under it (`data-tutorial-docked` on the root element and
 * the banner's height as --tutorial-top-space, read by the page's styles).
 */
function ReserveTopSpace() {
  useLayoutEffect(() => {
    const banner = document.querySelector<HTMLElement>("[data-testid=tutorial-banner]");
    const root = document.documentElement;
    if (!banner) return;
    // The banner sits below the reconnecting strip (if any): its height is added in CSS.
    const update = () =>
      root.style.setProperty("--tutorial-top-space", `calc(var(--connection-space, 0px) + ${Math.ceil(banner.getBoundingClientRect().height)}px)`);
    update();
    root.setAttribute("data-tutorial-docked", "");
    const observer = typeof ResizeObserver === "function" ? new ResizeObserver(update) : null;
    observer?.observe(banner);
    return () => {
      observer?.disconnect();
      root.style.removeProperty("--tutorial-top-space");
      root.removeAttribute("data-tutorial-docked");
    };
  }, []);
  return null;
}

/** A ring around the highlighted area or button, following it as the page moves. */
function Highlight({ selector }: { selector: string }) {
  const [rect, setRect] = useState<{ top: number; left: number; width: number; height: number } | null>(null);
  useEffect(() => {
    let frame = 0;
    const measure = () => {
      const el = document.querySelector(selector);
      if (!el) return setRect(null);
      const r = el.getBoundingClientRect();
      setRect((old) =>
        old && old.top === r.top && old.left === r.left && old.width === r.width && old.height === r.height
          ? old
          : { top: r.top, left: r.left, width: r.width, height: r.height },
      );
    };
    measure();
    const timer = setInterval(measure, 300);
    const onMove = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    window.addEventListener("resize", onMove);
    window.addEventListener("scroll", onMove, true);
    return () => {
      clearInterval(timer);
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", onMove);
      window.removeEventListener("scroll", onMove, true);
    };
  }, [selector]);
  // The ring's place is written as CSS variables (Tutorial.css.ts reads them), not a style object.
  const ring = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ring.current;
    if (!el || !rect) return;
    const pad = 4;
    const set = (cssVar: string, value: string) => el.style.setProperty(cssVar.replace(/^var\((.*)\)$/, "$1"), value);
    set(s.ringTop, `${rect.top - pad}px`);
    set(s.ringLeft, `${rect.left - pad}px`);
    set(s.ringWidth, `${rect.width + 2 * pad}px`);
    set(s.ringHeight, `${rect.height + 2 * pad}px`);
  }, [rect]);
  if (!rect) return null;
  return <div ref={ring} className={s.highlight} data-testid="tutorial-highlight" data-selector={selector} />;
}

function ReferenceScreen({ kind, onDone, locked }: { kind: Reference; onDone: () => void; locked: boolean }) {
  const combos = kind === "combinations-reference";
  const tiles = useReferenceTiles(kind);
  return (
    <div className={s.reference} role="dialog" aria-modal="true" aria-label={combos ? "Card Combinations" : "Royal Costs"} data-testid={kind}>
      <div className={s.referenceInner}>
        <h2 className={`${s.title} ${s.referenceTitle}`}>
          {combos ? "Card Combinations" : "Royal Costs"}
        </h2>
        <p className={s.description}>
          {combos
            ? "Number cards from your hand, played together with ready resources of any colour, make beasts and buildings."
            : "Royals are paid for with ready resources of their own colour: hearts and diamonds pay for red royals, clubs and spades for black ones. A Royal Family is a Jack, a Queen and a King."}
        </p>
        <div className={s.grid}>
          {tiles.map(({ name, text }) => (
            <div key={name} className={s.tile}>
              <h3 className={s.tileTitle}>{name}</h3>
              <p className={s.tileText}>{text}</p>
            </div>
          ))}
        </div>
        <button type="button" className={button.primary} onClick={onDone} disabled={locked} data-autofocus>
          {combos ? "Continue" : "Got it!"}
        </button>
      </div>
    </div>
  );
}
