import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { Card } from "../../components/Card/Card";
import { Switch } from "../../components/Switch/Switch";
import { Table } from "../../components/Table/Table";
import { moveLabel, replayTableView } from "../../logic/replay";
import type { ReplayStep, ReplaySummary } from "../../net/types";
import { httpMessage, loadReplay, loadReplayStep } from "../../state/actions";
import { showToast } from "../../state/toasts";
import { badge, badgeGold, button, panel } from "../../theme/ui.css";
import * as s from "./Replay.css";
import { useStepKeys } from "./useStepKeys";

/** The server's 404 text ('Replay not found: ...') from an HttpError's '404: {json}'. */
function notFoundText(e: unknown): string {
  const text = httpMessage(e);
  try {
    const body = JSON.parse(text.replace(/^\d+:\s*/, "")) as { message?: string };
    return body.message ?? text;
  } catch {
    return text;
  }
}

/**
 * /replay/{matchId}: a finished game step by step on the game's own table (seen from a seat of
 * your choice), the move log, each hand behind its own switch, the arrows of the keyboard, and
 * a link to the step shown (?step=N).
 */
export default function Replay() {
  const { matchId = "" } = useParams();
  const [search, setSearch] = useSearchParams();
  const [summary, setSummary] = useState<ReplaySummary | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [view, setView] = useState<ReplayStep | null>(null);
  const [seat, setSeat] = useState(1);
  const [revealed, setRevealed] = useState<Record<number, boolean>>({});
  const cache = useRef(new Map<number, Promise<ReplayStep>>());
  const steps = summary?.steps ?? 0;
  const wanted = Number.parseInt(search.get("step") ?? "0", 10);
  const step = Number.isFinite(wanted) ? Math.min(Math.max(0, wanted), steps) : 0;

  useEffect(() => {
    let live = true;
    cache.current.clear();
    setSummary(null);
    setFailed(null);
    loadReplay(matchId).then(
      (r) => live && setSummary(r),
      (e) => live && setFailed(notFoundText(e)),
    );
    return () => {
      live = false;
    };
  }, [matchId]);

  const fetchStep = useCallback(
    (n: number) => {
      let p = cache.current.get(n);
      if (!p) {
        p = loadReplayStep(matchId, n);
        cache.current.set(n, p);
        p.catch(() => cache.current.delete(n));
      }
      return p;
    },
    [matchId],
  );

  useEffect(() => {
    if (!summary) return;
    let live = true;
    fetchStep(step).then(
      (v) => live && setView(v),
      (e) => live && showToast({ title: "Error", description: notFoundText(e), variant: "destructive" }),
    );
    if (step < steps) void fetchStep(step + 1).catch(() => undefined); // the next one, ahead
    return () => {
      live = false;
    };
  }, [summary, step, steps, fetchStep]);

  const show = useCallback(
    (n: number) => setSearch(n ? { step: String(n) } : {}, { replace: true }),
    [setSearch],
  );
  const go = useStepKeys(step, steps, show);

  const table = useMemo(() => (view ? replayTableView(view, seat, !!revealed[seat]) : null), [view, seat, revealed]);
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    log.current?.querySelector('[aria-current="step"]')?.scrollIntoView({ block: "nearest" });
  }, [step]);

  if (failed) {
    return (
      <main className={s.center}>
        <div className={panel} data-testid="replay-not-found">
          <h1>Replay not found</h1>
          <p>{failed}</p>
          <Link to="/">Return to Home</Link>
        </div>
      </main>
    );
  }
  if (!summary || !table || !view) return <main className={s.center}>Loading the replay...</main>;

  const copyLink = () => {
    const link = `${location.origin}/replay/${encodeURIComponent(matchId)}${step ? `?step=${step}` : ""}`;
    void navigator.clipboard?.writeText(link).then(
      () => showToast({ title: "Link copied", description: link, duration: 2500 }),
      () => showToast({ title: "Link", description: link, duration: 6000 }),
    );
  };
  const actions = summary.actions;
  return (
    <div className={s.page} data-testid="replay" data-step={step} data-steps={steps}>
      <div className={s.bar} role="toolbar" aria-label="Replay controls">
        <h1 className={s.title}>Replay</h1>
        <div className={s.players}>
          {summary.players.map((p) => (
            <span key={p.number} className={p.placement === 1 ? badgeGold : badge}>
              {p.username ? <Link to={`/u/${encodeURIComponent(p.username)}`}>{p.name}</Link> : p.name} · {p.finalScore}
            </span>
          ))}
          {summary.isRanked && <span className={badge}>Ranked</span>}
        </div>
        <button type="button" className={button.ghost} onClick={() => go(0)} disabled={step === 0} aria-label="First move">
          «
        </button>
        <button type="button" className={button.secondary} onClick={() => go(step - 1)} disabled={step === 0} aria-label="Previous move">
          ◀
        </button>
        <span className={s.counter} data-testid="replay-counter" aria-live="polite">
          Move {step} of {steps}
        </span>
        <button type="button" className={button.secondary} onClick={() => go(step + 1)} disabled={step >= steps} aria-label="Next move">
          ▶
        </button>
        <button type="button" className={button.ghost} onClick={() => go(steps)} disabled={step >= steps} aria-label="Last move">
          »
        </button>
        <input className={s.slider} type="range" min={0} max={steps} value={step} onChange={(e) => go(Number(e.target.value))} aria-label="Move" />
        <button type="button" className={button.ghost} onClick={copyLink}>
          Copy link
        </button>
      </div>
      <div className={s.body}>
        <div className={s.table}>
          <Table view={table} />
        </div>
        <aside className={s.aside} aria-label="Moves and hands">
          <h2 className={s.heading}>Seen from</h2>
          <div role="radiogroup" aria-label="Seen from" className={s.players}>
            {summary.players.map((p) => (
              <button key={p.number} type="button" role="radio" aria-checked={seat === p.number} className={seat === p.number ? button.primary : button.ghost} onClick={() => setSeat(p.number)}>
                {p.name}
              </button>
            ))}
          </div>
          <h2 className={s.heading}>Hands</h2>
          {summary.players.map((p) => {
            const id = `reveal-${p.number}`;
            const cards = view.hands[String(p.number)] ?? [];
            return (
              <div key={p.number} data-testid="replay-hand" data-player={p.number}>
                <div className={s.seatRow}>
                  <span id={id}>Show {p.name}&apos;s hand</span>
                  <Switch checked={!!revealed[p.number]} onChange={(on) => setRevealed((r) => ({ ...r, [p.number]: on }))} labelledBy={id} />
                </div>
                {revealed[p.number] && (
                  <div className={s.hand} aria-label={`${p.name}'s hand`}>
                    {cards.length ? cards.map((c) => <Card key={c.id} card={c} size="xs" />) : <span className={badge}>no cards</span>}
                  </div>
                )}
              </div>
            );
          })}
          <h2 className={s.heading}>Moves</h2>
          <ol className={s.log} ref={log} data-testid="replay-moves">
            <li>
              <button type="button" className={`${s.move} ${step === 0 ? s.current : ""}`} aria-current={step === 0 ? "step" : undefined} onClick={() => go(0)}>
                The deal
              </button>
            </li>
            {actions.map((a, i) => (
              <li key={i}>
                <button type="button" className={`${s.move} ${step === i + 1 ? s.current : ""}`} aria-current={step === i + 1 ? "step" : undefined} onClick={() => go(i + 1)}>
                  {i + 1}. {moveLabel(a, summary.players)}
                </button>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </div>
  );
}
