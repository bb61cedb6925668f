import { useEffect, useRef } from "react";
import type { Aim, AimOption } from "../../logic/aim";
import { aimPrompt } from "../../logic/aim";
import { cardFromId, cardIndex } from "../../logic/cards";
import { followUpTitle } from "../../logic/legal";
import type { ActionJson, GameView } from "../../net/types";
import { button } from "../../theme/ui.css";
import { Card } from "../Card/Card";
import * as s from "./AimBar.css";

export interface AimBarProps {
  view: GameView;
  aim: Aim;
  /** Options narrowed to one target clicked on the table (it had several). */
  narrowed?: readonly AimOption[] | null;
  onAct: (action: ActionJson) => void;
}

/** The card an option is about, to show beside its words. */
function optionCardId(a: ActionJson): string | null {
  for (const key of ["royalId", "characterId"]) if (typeof a[key] === "string") return a[key] as string;
  return null;
}

/**
 * A follow-up being chosen (eat, slay, shoot, demolish, mount, place, send, resurrect): a small
 * bar in the dock that names what to choose while the targets glow on the table; its list
 * offers the same choices by keyboard, identical ones once.
 */
export function AimBar({ view, aim, narrowed, onAct }: AimBarProps) {
  const cards = cardIndex(view);
  const first = useRef<HTMLButtonElement>(null);
  const shown = narrowed?.length ? narrowed : aim.options;
  const key = `${view.pendingAction?.type ?? ""}:${shown.map((o) => o.label).join("|")}`;
  // The keyboard lands on the first choice when the bar opens (or narrows to a target).
  useEffect(() => {
    first.current?.focus({ preventScroll: true });
  }, [key]);
  return (
    <section className={s.bar} aria-labelledby="aim-title" data-testid="follow-up-dialog">
      <p id="aim-title" className={s.prompt} data-testid="aim-prompt">
        <strong className={s.title}>{followUpTitle(view)}</strong>
        {aimPrompt(view, aim)}
      </p>
      <ul className={s.options} aria-label="Choices">
        {shown.map((o, i) => {
          const id = optionCardId(o.action);
          const card = id ? (cards.get(id) ?? cardFromId(id)) : null;
          return (
            <li key={o.label}>
              <button
                ref={i === 0 ? first : undefined}
                type="button"
                className={[button.secondary, s.option, narrowed?.length && s.narrowed].filter(Boolean).join(" ")}
                onClick={() => onAct(o.action)}
                data-testid="follow-up-option"
                data-action-type={o.action.type}
              >
                {card && <Card card={card} size="xs" />}
                <span>{o.label}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {aim.skip && (
        <button
          ref={shown.length === 0 ? first : undefined}
          type="button"
          className={button.ghost}
          onClick={() => onAct(aim.skip!.action)}
          data-testid="follow-up-skip"
        >
          {aim.skip.label}
        </button>
      )}
    </section>
  );
}
