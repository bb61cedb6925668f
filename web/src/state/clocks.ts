/**
 * Turn clock pushes (docs/protocol.md, turn clocks): a toast when the server played for a seat;
 * and the end of a rematch offer (docs/protocol.md, "Rematch").
 */
import type { GameClient } from "../net/socket";
import { showToast } from "./toasts";

/**
 * `turnTimedOut`: everyone is told; the player whose third timeout it was has left the game
 * (the server already gave the seat to a bot), so `left` takes them off the table.
 */
export function listenClocks(client: GameClient, myNumber: () => number | null, left: () => void, paced: (fn: () => void) => void): void {
  client.on("rematchDeclined", ({ playerName }) => showToast({ title: "No rematch", description: `${playerName} declined the rematch.`, duration: 4000 }));
  client.on("rematchExpired", () => showToast({ title: "No rematch", description: "Not everyone accepted the rematch in time.", duration: 4000 }));
  client.on("turnTimedOut", ({ playerNumber, playerName, timeouts, abandoned }) => {
    const mine = playerNumber === myNumber();
    if (abandoned && mine) {
      left();
      showToast({ title: "You left the game", description: "You ran out of time three times: a bot plays your seat.", variant: "destructive", duration: 6000 });
      return;
    }
    paced(() =>
      showToast({
        title: mine ? "Your time ran out" : `${playerName}'s time ran out`,
        description: abandoned ? `${playerName} ran out of time three times and left the game: a bot plays the seat.` : `A move was played for ${mine ? "you" : "them"} (timeout ${timeouts} of 3).`,
        variant: mine ? "destructive" : undefined,
        duration: 4000,
      }),
    );
  });
}
