/** Constructed: the signed-in user's collection and decks (docs/protocol.md), fed by actions.ts. */
import { signal } from "@preact/signals-react";

export interface CardEntry {
  cardRank: string;
  cardSuit: string;
  quantity: number;
}

/** A collection entry (GET /api/collection) with the library's words for the card. */
export interface CollectionCard extends CardEntry {
  /** The card's id, as in a game view ('hearts-Q', 'red-joker'). */
  id: string;
  /** 'Queen of Hearts', 'Red Hero'. */
  name: string;
  /** 'Hearts' ... 'Spades', 'Heroes'. */
  suitName: string;
  /** The ready resources a royal needs to be played (R10); 0 for a number card. */
  cost: number;
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
  /** Every broken limit of R34 (the engine's texts), empty for a legal deck. */
  problems: string[];
  code: string | null;
  list: string;
}

export interface DeckDetail extends DeckSummary {
  cards: CardEntry[];
  /** The faces that cannot take one more copy, with the library's reason (R34). */
  refused: (CardEntry & { reason: string })[];
}

export const collection = signal<CollectionCard[]>([]);
export const decks = signal<DeckSummary[]>([]);
export const selectedDeck = signal<DeckDetail | null>(null);

export function cardKey(c: { cardRank: string; cardSuit: string }): string {
  return `${c.cardRank}|${c.cardSuit}`;
}

export function quantityIn(list: CardEntry[], c: { cardRank: string; cardSuit: string }): number {
  return list.find((e) => e.cardRank === c.cardRank && e.cardSuit === c.cardSuit)?.quantity ?? 0;
}

/** Why one more copy of `c` cannot go into `deck` (the server's reason), or null. */
export function refusal(deck: DeckDetail | null, c: { cardRank: string; cardSuit: string }): string | null {
  return deck?.refused?.find((e) => e.cardRank === c.cardRank && e.cardSuit === c.cardSuit)?.reason ?? null;
}

/** The collection's cards a search and a suit group (a `suitName`, or "" for all) let through:
 * the search looks in the card's name ('queen', 'hero', '7 of'). */
export function filterCards(cards: CollectionCard[], search: string, suitName: string): CollectionCard[] {
  const words = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return cards.filter((c) => (!suitName || c.suitName === suitName) && words.every((w) => c.name.toLowerCase().includes(w)));
}

/** The suit groups of a collection, in its order ('Hearts' ... 'Heroes'). */
export function suitGroups(cards: CollectionCard[]): string[] {
  return [...new Set(cards.map((c) => c.suitName))];
}

/** The deck's cards by cost (a mana curve): [cost, copies] for every cost the collection has. */
export function costCurve(deckCards: CardEntry[], cards: CollectionCard[]): [number, number][] {
  const curve = new Map<number, number>();
  for (const c of cards) curve.set(c.cost, 0);
  for (const e of deckCards) {
    const card = cards.find((c) => c.cardRank === e.cardRank && c.cardSuit === e.cardSuit);
    if (card) curve.set(card.cost, (curve.get(card.cost) ?? 0) + e.quantity);
  }
  return [...curve.entries()].sort((a, b) => a[0] - b[0]);
}

/** The deck's entries with their cards' words, cheapest first (then in the collection's order). */
export function deckRows(deckCards: CardEntry[], cards: CollectionCard[]): { entry: CardEntry; card: CollectionCard | null }[] {
  const at = (e: CardEntry) => cards.findIndex((c) => c.cardRank === e.cardRank && c.cardSuit === e.cardSuit);
  return deckCards
    .map((entry) => ({ entry, card: cards[at(entry)] ?? null, order: at(entry) }))
    .sort((a, b) => (a.card?.cost ?? 0) - (b.card?.cost ?? 0) || a.order - b.order)
    .map(({ entry, card }) => ({ entry, card }));
}
