/**
 * The signed-in user (docs/protocol.md: a user object from GET /api/auth/user means signed in,
 * its absence signed out), and what the profile shows. Screens read these signals; the calls
 * that fill them are in state/actions.ts.
 */
import { signal } from "@preact/signals-react";
import type { Ladder } from "../net/types";
import { user, type User } from "./game";
import { LADDER_NAMES } from "./ranked";

export { user, type User };

/** False until the first GET /api/auth/user has answered. */
export const userLoaded = signal(false);

/** GET /api/stats/{userId} (docs/protocol.md). */
export interface Stats {
  totalGames: number;
  totalWins: number;
  totalLosses: number;
  highestScore: number;
  currentWinStreak: number;
  bestWinStreak: number;
  averageScore: number;
  totalDivineDragons: number;
  totalGoldenDragons: number;
  totalSilverDragons: number;
  totalUnicorns: number;
  totalCastles: number;
  totalCathedrals: number;
  totalHorses: number;
}

/** One entry of GET /api/matches/{userId}. */
export interface MatchEntry {
  id: string;
  placement: number;
  finalScore: number;
  royalsPlayed: number;
  dragonsCreated: number;
  divineDragonsCreated: number;
  goldenDragonsCreated: number;
  silverDragonsCreated: number;
  ratingChange: number;
  won: boolean;
  playerCount: number;
  /** casual | ranked */
  gameMode: string;
  /** The decks it was played with: standard, or each player's own Constructed deck; for a
   * ranked match its ladder. */
  format: Ladder;
  matchType: string;
  completedAt: string;
  players: { playerNumber: number; name: string; isBot: boolean; finalScore: number; placement: number; won: boolean }[];
}

/** What kind of match a history entry was, in words: 'Casual', 'Constructed', or a ranked
 * match's ladder ('Ranked', 'Constructed ladder', 'Bot ladder'). */
export function matchKind(m: Pick<MatchEntry, "gameMode" | "format">): string {
  if (m.gameMode === "ranked") return LADDER_NAMES[m.format] ?? LADDER_NAMES.standard;
  return m.format === "constructed" ? "Constructed" : "Casual";
}

/** The display name of the home page: username, else first name, else 'Player'. */
export function displayName(u: User): string {
  return u.username || u.firstName || "Player";
}

/** The profile's name: first and last name, else first name, else email, else 'Guest Player'. */
export function profileName(u: User): string {
  if (u.firstName && u.lastName) return `${u.firstName} ${u.lastName}`;
  return u.firstName || u.email || "Guest Player";
}

/** 1 -> 1st, 2 -> 2nd, 3 -> 3rd, 4 -> 4th, 11 -> 11th ... */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${{ 1: "st", 2: "nd", 3: "rd" }[n % 10] ?? "th"}`;
}

/** Wins divided by games, one decimal place. */
export function winRate(s: Stats): string {
  return s.totalGames ? `${((s.totalWins / s.totalGames) * 100).toFixed(1)}%` : "0.0%";
}
