import type { GameView } from "../../net/types";
import { badgeGold } from "../../theme/ui.css";
import * as s from "./TurnHeader.css";

function playerName(v: GameView, n: number | null | undefined): string {
  if (n == null) return "";
  return v.players.find((x) => x.number === n)?.name ?? `Player ${n}`;
}

/** Whose turn it is, what to do now, and in a match which hand this is. */
export function TurnHeader({ view: v, canDraw }: { view: GameView; canDraw: boolean }) {
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  const myTurn = !v.watching && v.currentPlayerNumber === v.myPlayerNumber;
  const title = myTurn ? "Your Turn" : `${playerName(v, v.currentPlayerNumber)}'s Turn`;
  const step = myTurn
    ? me?.hasDrawnThisTurn
      ? "Play cards from your hand, or pass your turn."
      : canDraw
        ? "Draw a card: from the deck or one of the two revealed cards."
        : "No card can be drawn."
    : "Waiting for their move...";
  return (
    <div className={s.turn} aria-live="polite" data-testid="turn">
      {v.gameMode === "match" && (
        <div className={`${badgeGold} ${s.match}`} data-testid="match-banner">
          Hand {v.currentHand} of {v.totalHands}
        </div>
      )}
      <h1 className={[s.title, myTurn && s.mine].filter(Boolean).join(" ")} data-testid="turn-header" tabIndex={-1}>
        {title}
      </h1>
      <p className={s.step}>{step}</p>
    </div>
  );
}

export { playerName };
