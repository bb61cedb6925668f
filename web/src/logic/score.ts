/** Score-screen arithmetic (no rules: the numbers come from the view). */
import type { GameView } from "../net/types";

/** 'm:ss', seconds padded to two digits, floor 0. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function isFinalHand(v: Pick<GameView, "currentHand" | "totalHands">): boolean {
  return v.currentHand >= v.totalHands;
}

export function teamOf(number: number): 1 | 2 {
  return number % 2 === 1 ? 1 : 2;
}

export function iWon(v: GameView): boolean {
  const me = v.myPlayerNumber;
  if (me == null) return false;
  if (v.outcome?.winners?.length) return v.outcome.winners.includes(me);
  return v.winner === me;
}
