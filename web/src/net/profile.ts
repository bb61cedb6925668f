/** Public profiles (docs/protocol.md, "Public profiles"). */
import type { MatchEntry, Stats } from "../state/session";
import type { Ladder, Ranking } from "./types";

// --- Public profiles (docs/protocol.md, "Public profiles") --------------------------------------

export interface ProfileSeason {
  seasonId: number;
  name: string;
  isActive: boolean;
  ranking: Ranking;
  /** The rating before the season's first rated match. */
  start: number;
  /** The rating after each rated match of the season, in order. */
  history: { at: string; rating: number; matchId: string }[];
}

/** GET /api/profile/{username}: what anyone may see of a player (no email, ever). */
export interface PublicProfile {
  username: string;
  memberSince: string;
  /** A bot account (`kingdom user bot NAME`): its ladder is the bot ladder. */
  isBot: boolean;
  stats: Stats;
  ladders: { ladder: Ladder; seasons: ProfileSeason[] }[];
  matches: (Omit<MatchEntry, "players"> & {
    players: { playerNumber: number; name: string; isBot: boolean; finalScore: number; placement: number; won: boolean; username: string | null }[];
  })[];
}
