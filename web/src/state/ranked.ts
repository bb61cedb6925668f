/** Ranked play's signals: the queue search in progress and the last match's rating changes. */
import { signal } from "@preact/signals-react";
import type { GameClient } from "../net/socket";
import type { Ladder, RankedQueueLeft, RankedResult } from "../net/types";
import { showToast } from "./toasts";

export interface Search {
  playerCount: number;
  ladder: Ladder;
  /** Date.now() at which the search started here (the server's count corrects it). */
  startedAt: number;
  playersWaiting: number;
}

/** The queue search in progress, or null. */
export const search = signal<Search | null>(null);
/** The last ranked match found (its room code): the screens go to the game. */
export const matchFound = signal<string | null>(null);
/** The last rated match: its room, ladder and each seat's rating change (the match-complete
 * panel's RatingSummary shows it). */
export interface Rated {
  roomCode: string | null;
  ladder: Ladder;
  results: RankedResult[];
}
export const lastRated = signal<Rated | null>(null);

/** The ladders' names in words (a match history entry, the rating summary). */
export const LADDER_NAMES: Record<Ladder, string> = { standard: "Ranked", constructed: "Constructed ladder", bots: "Bot ladder" };

export const LOGIN_REQUIRED = "Login Required: You must be logged in to play ranked matches";

/** A server's refusal as a toast: 'Title: text' messages become a title and a description. */
export function rankedErrorToast(message: string): void {
  const cut = message.indexOf(": ");
  if (cut > 0 && cut < 40) {
    showToast({ title: message.slice(0, cut), description: message.slice(cut + 2), variant: "destructive" });
  } else {
    showToast({ title: message, variant: "destructive" });
  }
}

/** The server took the account out of the queue (a seat taken in this tab or another). */
export function queueLeft(left: RankedQueueLeft): void {
  search.value = null;
  showToast({ title: left.reason });
}

/** Wire the ranked pushes to the signals (called once by the game session). */
export function listenRanked(client: GameClient, roomCode: () => string | null, entered: () => void): void {
  client.on("rankedQueueStatus", (status) => {
    const now = Date.now();
    search.value = {
      playerCount: status.playerCount,
      ladder: status.ladder ?? "standard",
      playersWaiting: status.playersWaiting,
      startedAt: now - status.secondsWaited * 1000,
    };
  });
  client.on("rankedMatchFound", (found) => {
    search.value = null;
    entered();
    matchFound.value = found.roomCode;
  });
  client.on("rankedQueueLeft", queueLeft);
  // Shown on the match-complete panel (components/RatingSummary), not as a toast: a toast shares
  // one slot with 'Royal Family Complete!' and could be replaced before it is read.
  client.on("rankedMatchRated", ({ ladder, results }) => {
    lastRated.value = { roomCode: roomCode(), ladder: ladder ?? "standard", results };
  });
  client.subscribe(() => {
    // A lost connection takes the server's queue entry with it.
    if (client.getState().status !== "connected") search.value = null;
  });
}
