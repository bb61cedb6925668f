import type { ActionJson, GameView } from "../../net/types";
import { cardFromId, cardIndex, kindName } from "../../logic/cards";
import { describeAction, followUpTitle, SKIP_TYPES } from "../../logic/legal";
import { button } from "../../theme/ui.css";
import { Card } from "../Card/Card";
import { Dialog } from "../Dialog/Dialog";
import * as s from "./FollowUpDialog.css";

export interface FollowUpDialogProps {
  view: GameView;
  actions: ActionJson[];
  onAct: (action: ActionJson) => void;
}

/** The card an option is about, to show beside its text. */
function optionCardId(a: ActionJson): string | null {
  for (const key of ["royalId", "characterId"]) if (typeof a[key] === "string") return a[key] as string;
  return null;
}

/** Every follow-up (eat, demolish, freed royal, Hail target, resurrection, transfer, placement, mount). */
export function FollowUpDialog({ view, actions, onAct }: FollowUpDialogProps) {
  const choices = actions.filter((a) => !SKIP_TYPES.has(a.type));
  const skip = actions.find((a) => SKIP_TYPES.has(a.type));
  const cards = cardIndex(view);
  const p = view.pendingAction;
  const hint =
    p?.type === "eating" && p.canEatCount
      ? `Your ${p.dragonType ? kindName(p.dragonType) : "Dragon"} can eat ${p.canEatCount === 1 ? "one character" : `up to ${p.canEatCount} characters`}.`
      : view.pendingDemolitionEat
        ? "The demolition freed these royals. Eat one, or skip."
        : p?.type === "resurrection"
          ? "Take one royal from the discard pile into your kingdom."
          : p?.type === "partner-transfer"
            ? "Send the mounted beast and its rider to your partner, or keep it."
            : null;
  return (
    <Dialog title={followUpTitle(view)} testId="follow-up-dialog" onClose={skip ? () => onAct(skip) : undefined}>
      {hint && <p className={s.hint}>{hint}</p>}
      <ul className={s.options}>
        {choices.map((a, i) => {
          const id = optionCardId(a);
          const card = id ? (cards.get(id) ?? cardFromId(id)) : null;
          return (
            <li key={i}>
              <button
                type="button"
                className={`${button.secondary} ${s.option}`}
                onClick={() => onAct(a)}
                data-testid="follow-up-option"
                data-action-type={a.type}
              >
                {card && <Card card={card} size="xs" />}
                <span>{describeAction(view, a)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {skip && (
        <div className={s.skipRow}>
          <button type="button" className={button.ghost} onClick={() => onAct(skip)} data-testid="follow-up-skip">
            {describeAction(view, skip)}
          </button>
        </div>
      )}
    </Dialog>
  );
}
