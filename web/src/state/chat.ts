/**
 * Quick chat (docs/protocol.md, "Quick chat"): the phrases said at the table, each shown beside
 * its sender's seat for the time the push gives. The server decides who hears whom (mutes) and
 * how often a seat may speak; this only shows what arrives.
 */
import { signal } from "@preact/signals-react";
import type { GameClient } from "../net/socket";

/** The fixed phrases and emotes, by the wire's id, in the order the picker offers them. */
export const PHRASES: readonly { id: string; text: string }[] = [
  { id: "hello", text: "Hello!" },
  { id: "goodLuck", text: "Good luck" },
  { id: "wellPlayed", text: "Well played" },
  { id: "niceMove", text: "Nice move!" },
  { id: "thanks", text: "Thanks" },
  { id: "sorry", text: "Sorry" },
  { id: "oops", text: "Oops" },
  { id: "hurryUp", text: "Hurry up!" },
  { id: "thinking", text: "Thinking..." },
  { id: "goodGame", text: "Good game" },
  { id: "thumbsUp", text: "👍" },
  { id: "laugh", text: "😄" },
  { id: "wow", text: "😮" },
  { id: "sad", text: "😢" },
];

/** How long the picker waits after a phrase before offering another (the server's limit). */
export const CHAT_COOLDOWN_MS = 2000;

export interface ChatBubbleData {
  key: number;
  playerName: string;
  text: string;
}

/** The phrases on show, by their sender's player number. */
export const chatBubbles = signal<ReadonlyMap<number, ChatBubbleData>>(new Map());

let nextKey = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows `text` beside seat `playerNumber` for `seconds` (a newer phrase replaces it). */
export function showBubble(playerNumber: number, playerName: string, text: string, seconds: number): void {
  const key = ++nextKey;
  chatBubbles.value = new Map(chatBubbles.value).set(playerNumber, { key, playerName, text });
  clearTimeout(timers.get(playerNumber));
  timers.set(
    playerNumber,
    setTimeout(() => {
      timers.delete(playerNumber);
      if (chatBubbles.value.get(playerNumber)?.key !== key) return;
      const next = new Map(chatBubbles.value);
      next.delete(playerNumber);
      chatBubbles.value = next;
    }, Math.max(1, seconds) * 1000),
  );
}

/** Every bubble goes (the table was left). */
export function clearBubbles(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  chatBubbles.value = new Map();
}

export function listenChat(client: GameClient): void {
  client.on("quickChat", ({ playerNumber, playerName, text, seconds }) => showBubble(playerNumber, playerName, text, seconds ?? 3));
}
