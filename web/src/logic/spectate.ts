/** The table of a watched game (docs/protocol.md, "Spectators"): what the table renderer takes. */
import type { GameView } from "../net/types";

/**
 * A spectator's view drawn by the players' table: seen from the first seat (its kingdom at the
 * bottom, no hand), marked `watching` so that nothing reads as the viewer's own turn.
 */
export function watchedView(v: GameView): GameView {
  if (!v.isSpectator) return v;
  return { ...v, myPlayerNumber: v.players[0]?.number ?? 1, myHand: [], legalActions: [], watching: true };
}
