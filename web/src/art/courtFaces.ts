/**
 * The court-card and Hero pictures: the English-pattern Jack, Queen and King of each suit and the
 * two jokers (our red and black Heroes) of `@letele/playing-cards` (CC0-1.0, README 'Credits').
 * Loaded lazily (./court.ts) so that its SVG stays out of the initial JavaScript.
 */
import { Cj, Ck, Cq, Dj, Dk, Dq, Hj, Hk, Hq, J1, J2, Sj, Sk, Sq, type Face } from "@letele/playing-cards";

/** By suit and rank (`hearts-Q`; the Heroes `red-joker-JOKER`, `black-joker-JOKER`). */
export const COURT_FACES: Readonly<Record<string, Face>> = {
  "hearts-J": Hj,
  "hearts-Q": Hq,
  "hearts-K": Hk,
  "diamonds-J": Dj,
  "diamonds-Q": Dq,
  "diamonds-K": Dk,
  "clubs-J": Cj,
  "clubs-Q": Cq,
  "clubs-K": Ck,
  "spades-J": Sj,
  "spades-Q": Sq,
  "spades-K": Sk,
  "red-joker-JOKER": J1,
  "black-joker-JOKER": J2,
};
