import { ofType } from "../../logic/legal";
import type { ActionJson, GameView } from "../../net/types";
import { badge, badgeGold, muted } from "../../theme/ui.css";
import { Hand } from "../Hand/Hand";
import { TurnClock } from "../TurnClock/TurnClock";
import { TableLayout } from "../TableLayout/TableLayout";
import * as s from "./ChooseResource.css";

/** 'Choose Your Starting Resource': a number card from the hand, while the others choose theirs. */
export function ChooseResource({ view: v, onAct }: { view: GameView; onAct: (a: ActionJson) => void }) {
  const choices = ofType(v.legalActions, "chooseStartingResource");
  const byCard = new Map(choices.map((a) => [a.cardId as string, a]));
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const chosen = me?.startingResourceChosen;
  return (
    <TableLayout>
      <section className={s.section} aria-labelledby="choose-title">
        <h1 id="choose-title" className={s.title}>
          Choose Your Starting Resource
        </h1>
        <TurnClock clock={me?.clock} owner="Your" />
        <p className={muted}>
          {chosen
            ? "Waiting for the other players to choose..."
            : "Put one number card (A to 10) from your hand into your kingdom as a Ready resource."}
        </p>
        <Hand
          cards={v.myHand}
          selected={[]}
          enabledIds={new Set(byCard.keys())}
          onToggle={
            chosen
              ? undefined
              : (id) => {
                  const a = byCard.get(id);
                  if (a) onAct(a);
                }
          }
        />
        <ul className={s.players}>
          {v.players.map((p) => (
            <li key={p.number} className={p.startingResourceChosen ? badgeGold : badge}>
              {p.name ?? `Player ${p.number}`}: {p.startingResourceChosen ? "chosen" : "choosing..."}
            </li>
          ))}
        </ul>
      </section>
    </TableLayout>
  );
}
