/**
 * The move log of the hand being played, newest first, fed by the views the server pushes
 * (logic/moves.ts turns two views into lines). A line joins the log when its view is shown
 * (state/pacing.ts), so the log never runs ahead of the table; an attack on the player, or by
 * the player, also shows a toast that names the cards.
 */
import { signal } from "@preact/signals-react";
import { describeMoves, type Move } from "../logic/moves";
import type { GameView } from "../net/types";
import { playSound } from "./sounds";
import { showToast } from "./toasts";

export interface LogLine extends Move {
  /** Unique in the page's life (a list key). */
  id: number;
}

/** The lines of the hand, newest first. */
export const moveLog = signal<LogLine[]>([]);

/** The most lines kept (a long hand's oldest lines go first). */
const KEEP = 200;
let nextId = 1;
let lastArrived: GameView | null = null;

/** The lines between the last view received and `v` (in the order they came). */
export function movesOnArrival(v: GameView): Move[] {
  // Another room (a rematch's): its first state is no move of the last room's game.
  if (lastArrived && lastArrived.roomCode !== v.roomCode) clearLog();
  const moves = describeMoves(lastArrived, v);
  lastArrived = v;
  return moves;
}

/** Adds lines to the log (when their view is shown), with a toast for an attack naming the cards. */
export function record(moves: Move[], me: number | null): void {
  if (!moves.length) return;
  const newHand = moves.some((m) => m.kind === "hand");
  const lines = moves.map((m) => ({ ...m, id: nextId++ }));
  moveLog.value = [...lines.reverse(), ...(newHand ? [] : moveLog.value)].slice(0, KEEP);
  // One sound for the newest line's kind (sounds are off unless turned on in Settings).
  playSound(moves.some((m) => m.kind === "family") ? "family" : moves.some((m) => m.kind === "attack") ? "attack" : moves[moves.length - 1].kind);
  for (const m of moves) {
    if (m.kind !== "attack" || !m.title) continue;
    if (m.victim === me && m.victimText) showToast({ title: m.title, description: m.victimText, variant: "destructive" });
    else if (m.actor === me) showToast({ title: m.title, description: m.text });
  }
}

/** Forgets the log (the player left the room). */
export function clearLog(): void {
  moveLog.value = [];
  lastArrived = null;
}
