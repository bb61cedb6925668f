/** The action banner's sentence: what just happened at the table, in words. */
import type { GameView } from "../net/types";
import { cardName } from "./cards";

function playerName(v: GameView, n: number | null | undefined): string {
  if (n == null) return "";
  return v.players.find((x) => x.number === n)?.name ?? `Player ${n}`;
}

export function actionBanner(v: GameView): string {
  const d = v.lastDrawAction;
  const mine = v.currentPlayerNumber === v.myPlayerNumber;
  if (v.pendingAction && !mine) return `${playerName(v, v.currentPlayerNumber)} is choosing a follow-up...`;
  if (d) {
    const who = d.playerNumber === v.myPlayerNumber ? "You" : playerName(v, d.playerNumber);
    if (d.source === "deck") return `${who} drew from the deck${d.drawnCard && d.playerNumber === v.myPlayerNumber ? ` (${cardName(d.drawnCard)})` : ""}.`;
    return `${who} took the revealed ${d.drawnCard ? cardName(d.drawnCard) : "card"}.`;
  }
  return "The hand begins.";
}
