/** The room / game view and the session, as signals fed by the net client. */
import { computed, signal } from "@preact/signals-react";
import { GameClient, type ConnectionStatus } from "../net/socket";
import type { GameView, PublicGame } from "../net/types";
import { clearLog, movesOnArrival, record } from "./moves";
import { PresentationQueue } from "./pacing";
import { listenRanked } from "./ranked";
import { dismissToast, showToast } from "./toasts";
import { animationScale } from "./settings";
import { listenClocks } from "./clocks";
import { clearBubbles, listenChat } from "./chat";
import { reducedMotion } from "./viewport";

export const client = new GameClient({ onRejoin: () => (rejoining.value = false) });

/**
 * The game state the screens show: the server's pushes, paced by the presentation queue
 * (state/pacing.ts) so that other players' moves can be followed; the player's own moves show
 * at once.
 */
export const view = signal<GameView | null>(null);
/** States received and not shown yet (the table's data-queued attribute). */
export const queued = signal(0);
/** The presentation queue between the server's pushes and `view`. */
export const presentation = new PresentationQueue({
  present: (v) => (view.value = v),
  reducedMotion: () => reducedMotion.value,
  scale: animationScale,
});
presentation.onPending = (n) => (queued.value = n);

/** Runs `fn` when the state received last is shown: an event in its place in the game's order. */
export function paced(fn: () => void): void {
  presentation.event(fn);
}
/** Whether a game state ever arrived in this page's life (for /game's redirect rule). */
export const hadView = signal(false);
export const publicGames = signal<PublicGame[]>([]);
export const connection = signal<ConnectionStatus>("disconnected");
export const reconnectAttempt = signal(0);
export const tutorialActive = signal(false);
/** A seat kept from before a reload is being taken back: /game waits instead of going home. */
export const rejoining = signal(false);
/** The room just left: pushes for it that were already on their way are dropped. */
let leftRoom: string | null = null;

export interface CrownShow {
  key: number;
  playerName: string;
  playerNumber: number | null;
  /** The 'Royal Family Complete!' toast shown with it, dismissed when the crown ends. */
  toastId?: number;
}
export const crown = signal<CrownShow | null>(null);

export const me = computed(() => {
  const v = view.value;
  if (!v || v.myPlayerNumber == null) return null;
  return v.players.find((p) => p.number === v.myPlayerNumber) ?? null;
});

export interface User {
  id: string;
  username?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  profileImageUrl?: string | null;
  /** A bot account (`kingdom user bot NAME`). */
  isBot?: boolean;
}
export const user = signal<User | null>(null);

let crownKey = 0;
let started = false;

/** Wire the client's pushes to the signals (idempotent). */
export function startSession(): void {
  if (started) return;
  started = true;
  client.subscribe(() => {
    const s = client.getState();
    // The first state after a drop is shown at once: its changes are not one move to follow.
    if (s.status !== "connected") presentation.resync();
    connection.value = s.status;
    reconnectAttempt.value = s.reconnectAttempt;
  });
  client.on("gameState", (v) => {
    if (leftRoom !== null && v.roomCode === leftRoom) return;
    rejoining.value = false;
    hadView.value = true;
    const moves = movesOnArrival(v);
    presentation.push(v);
    if (moves.length) paced(() => record(moves, v.myPlayerNumber));
  });
  client.on("publicGamesUpdated", (games) => {
    publicGames.value = Array.isArray(games) ? games : [];
  });
  client.on("error", (message) => {
    showToast({
      title: "Connection Error",
      description: typeof message === "string" && message ? message : "Failed to connect to game server",
      variant: "destructive",
    });
  });
  client.on("drawPhaseSkipped", (message) => {
    paced(() => showToast({ title: "Draw Phase Skipped", description: String(message), duration: 4000 }));
  });
  // The crown comes with the winning play, when the state that ended the hand is shown.
  client.on("royalFamilyCompleted", ({ playerName, playerNumber }) =>
    paced(() => {
      const name = String(playerName ?? "");
      const number = playerNumber ?? view.value?.players.find((p) => p.name === name)?.number ?? null;
      const toast = showToast({ title: "Royal Family Complete!", description: `${name} completed the Royal Family!`, duration: 5000 });
      crown.value = { key: ++crownKey, playerName: name, playerNumber: number, toastId: toast.id };
    }),
  );
  listenRanked(client, () => presentation.latest?.roomCode ?? view.value?.roomCode ?? null, enteredRoom);
  listenChat(client);
  // A rematch moved the table to a new room (the seat is kept by the client): nothing of the
  // old room's table is carried over.
  client.on("rematchStarted", () => {
    enteredRoom();
    clearBubbles();
  });
  listenClocks(client, () => presentation.latest?.myPlayerNumber ?? view.value?.myPlayerNumber ?? null, leaveRoom, paced);
  rejoining.value = client.seat() !== null;
  client.connect();
}

/** A room call succeeded: pushes from any room are welcome again. */
export function enteredRoom(): void {
  leftRoom = null;
}

/** Leave the room: no acknowledgement; clear local state. */
export function leaveRoom(): void {
  leftRoom = presentation.latest?.roomCode ?? view.value?.roomCode ?? leftRoom;
  client.send("leaveRoom", {});
  presentation.clear();
  // The last hand's 'Royal Family Complete!' leaves with its table (never over the next one).
  if (crown.value?.toastId !== undefined) dismissToast(crown.value.toastId);
  crown.value = null;
  clearLog();
  clearBubbles();
  view.value = null;
  hadView.value = false;
}
