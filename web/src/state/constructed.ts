/** Constructed: the signed-in user's collection and decks (seed 001), fed by actions.ts. */
import { signal } from "@preact/signals-react";

export interface CardEntry {
  cardRank: string;
  cardSuit: string;
  quantity: number;
}

export interface DeckSummary {
  id: string;
  name: string;
  description: string;
  isActive: boolean;
  size: number;
  isLegal: boolean;
  /** The first broken limit of R34 (the engine's text), null for a legal deck. */
  problem: string | null;
  code: string | null;
  list: string;
}

export interface DeckDetail extends DeckSummary {
  cards: CardEntry[];
}

export const collection = signal<CardEntry[]>([]);
export const decks = signal<DeckSummary[]>([]);
export const selectedDeck = signal<DeckDetail | null>(null);

export const SUITS = ["hearts", "diamonds", "clubs", "spades", "red-joker", "black-joker"] as const;
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JOKER"] as const;

export function cardKey(c: { cardRank: string; cardSuit: string }): string {
  return `${c.cardRank}|${c.cardSuit}`;
}

export function quantityIn(list: CardEntry[], c: { cardRank: string; cardSuit: string }): number {
  return list.find((e) => e.cardRank === c.cardRank && e.cardSuit === c.cardSuit)?.quantity ?? 0;
}

/** Counts the builder shows: number cards, royals (J, Q, K), Heroes; by rank; by suit. */
export function deckStats(cards: CardEntry[]) {
  const byRank: Record<string, number> = Object.fromEntries(RANKS.map((r) => [r, 0]));
  const bySuit: Record<string, number> = { hearts: 0, diamonds: 0, clubs: 0, spades: 0, heroes: 0 };
  let numbers = 0;
  let royals = 0;
  let heroes = 0;
  for (const c of cards) {
    byRank[c.cardRank] = (byRank[c.cardRank] ?? 0) + c.quantity;
    if (c.cardRank === "JOKER") {
      heroes += c.quantity;
      bySuit.heroes += c.quantity;
    } else {
      bySuit[c.cardSuit] = (bySuit[c.cardSuit] ?? 0) + c.quantity;
      if (["J", "Q", "K"].includes(c.cardRank)) royals += c.quantity;
      else numbers += c.quantity;
    }
  }
  return { numbers, royals, heroes, byRank, bySuit };
}
