/** Score-screen arithmetic (no rules: the numbers and the teams come from the view). */
import type { GameView, PlayerView } from "../net/types";

/** 'm:ss', seconds padded to two digits, floor 0. */
export function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

export function isFinalHand(v: Pick<GameView, "currentHand" | "totalHands">): boolean {
  return v.currentHand >= v.totalHands;
}

/** The view's team of a player (null outside the 4-player team game). */
export function teamOf(v: Pick<GameView, "players">, number: number | null | undefined): number | null {
  if (number == null) return null;
  return v.players.find((p) => p.number === number)?.team ?? null;
}

export function isPartner(v: Pick<GameView, "players" | "myPlayerNumber">, p: PlayerView): boolean {
  const mine = teamOf(v, v.myPlayerNumber);
  return mine != null && p.number !== v.myPlayerNumber && p.team === mine;
}

/** Each team's points in a hand's scores (the view's `team` of each player), team number first. */
export function teamTotals(v: Pick<GameView, "players">, scores: Record<string, number>): [number, number][] {
  const totals = new Map<number, number>();
  for (const p of v.players) {
    if (p.team == null) continue;
    totals.set(p.team, (totals.get(p.team) ?? 0) + (scores[String(p.number)] ?? 0));
  }
  return [...totals.entries()].sort((a, b) => a[0] - b[0]);
}

export function iWon(v: GameView): boolean {
  const me = v.myPlayerNumber;
  if (me == null) return false;
  if (v.outcome?.winners?.length) return v.outcome.winners.includes(me);
  return v.winner === me;
}

/** The team that won, when a team game has a winner (from the outcome's winners or the hand's winner). */
export function winningTeam(v: GameView): number | null {
  const winners = v.outcome?.winners?.length ? v.outcome.winners : v.winner != null ? [v.winner] : [];
  for (const n of winners) {
    const t = teamOf(v, n);
    if (t != null) return t;
  }
  const last = v.handHistory[v.handHistory.length - 1];
  return last?.winnerPlayerNumber != null ? teamOf(v, last.winnerPlayerNumber) : null;
}

/**
 * The game-over text for me: 'You Won!' for the winner, 'Your team won' for the winner's
 * partner, 'Game Over' for everyone else.
 */
export function resultTitle(v: GameView): string {
  const me = v.myPlayerNumber;
  const mine = teamOf(v, me);
  if (mine != null) {
    const team = winningTeam(v);
    if (team !== mine) return "Game Over";
    const lastWinner = v.handHistory[v.handHistory.length - 1]?.winnerPlayerNumber ?? v.winner;
    return v.gameMode === "game" && lastWinner === me ? "You Won!" : "Your team won";
  }
  return iWon(v) ? "You Won!" : "Game Over";
}
