/** Card names and colours, for labels and accessible names (no rules here). */
import { HERO_SUITS, RANKS, SUITS, type Card, type Combination, type GameView, type PlayerView } from "../net/types";

const RANK_NAMES: Record<string, string> = {
  A: "Ace",
  J: "Jack",
  Q: "Queen",
  K: "King",
  JOKER: "Hero",
  PEASANT: "Peasant",
  VENDOR: "Vendor",
};

const SUIT_NAMES: Record<string, string> = {
  hearts: "Hearts",
  diamonds: "Diamonds",
  clubs: "Clubs",
  spades: "Spades",
  peasant: "Peasants",
};

export const SUIT_SYMBOLS: Record<string, string> = {
  hearts: "♥",
  diamonds: "♦",
  clubs: "♣",
  spades: "♠",
  "red-joker": "★",
  "black-joker": "★",
  peasant: "✿",
};

export function isRed(card: Pick<Card, "suit">): boolean {
  return card.suit === "hearts" || card.suit === "diamonds" || card.suit === "red-joker";
}

export function isRoyal(card: Card): boolean {
  return card.rank === "J" || card.rank === "Q" || card.rank === "K" || card.rank === "JOKER";
}

export function isNumber(card: Card): boolean {
  return !isRoyal(card) && card.rank !== "PEASANT" && card.rank !== "VENDOR";
}

export function cardName(card: Card): string {
  if (card.rank === "JOKER") return card.suit === "red-joker" ? "Red Hero" : "Black Hero";
  const rank = RANK_NAMES[card.rank] ?? card.rank;
  return `${rank} of ${SUIT_NAMES[card.suit] ?? card.suit}`;
}

export function shortName(card: Card): string {
  if (card.rank === "JOKER") return card.suit === "red-joker" ? "Red Hero" : "Black Hero";
  return `${card.rank}${SUIT_SYMBOLS[card.suit] ?? ""}`;
}

export const KIND_NAMES: Record<string, string> = {
  horse: "Horse",
  unicorn: "Unicorn",
  dragon: "Dragon",
  "golden-dragon": "Golden Dragon",
  "silver-dragon": "Silver Dragon",
  "divine-dragon": "Divine Dragon",
  castle: "Castle",
  cathedral: "Cathedral",
};

/** Words for a wire name: 'golden-dragon' reads 'Golden Dragon', 'castle-placement' 'Castle Placement'. */
export function words(id: string): string {
  return id
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");
}

/** A beast's or structure's name from its kind ('golden-dragon' is 'Golden Dragon'). */
export function kindName(kind: string | null | undefined): string {
  if (!kind) return "";
  return KIND_NAMES[kind] ?? words(kind);
}

export function combinationName(c: Combination): string {
  return kindName(c.kind);
}

export function playerLabel(p: PlayerView | undefined, number?: number): string {
  if (!p) return `Player ${number ?? "?"}`;
  return p.name ? `${p.name}` : `Player ${p.number}`;
}

/** Every card visible on the table or in my hand, by id (for naming ids in actions). */
export function cardIndex(view: GameView): Map<string, Card> {
  const m = new Map<string, Card>();
  const add = (c: Card | null | undefined) => {
    if (c) m.set(c.id, c);
  };
  view.myHand.forEach(add);
  view.discardPile.forEach(add);
  view.revealedCards.forEach(add);
  for (const p of view.players) {
    const k = p.kingdom;
    if (!k) continue;
    k.resources.forEach((r) => add(r.card));
    k.royals.forEach(add);
    k.combinations.forEach((c) => c.cards.forEach(add));
  }
  return m;
}

/** A card from its id alone ("hearts-7", "red-joker"), for ids not on the table. */
export function cardFromId(id: string): Card {
  if (id === "red-joker" || id === "black-joker") return { id, suit: id, rank: "JOKER" };
  const i = id.lastIndexOf("-");
  return { id, suit: id.slice(0, i) as Card["suit"], rank: id.slice(i + 1) as Card["rank"] };
}

export function initials(name: string | undefined): string {
  if (!name) return "?";
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : (parts[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

/** The 54 cards of the deck by suit, then the two Heroes (for the card galleries). */
export const DECK_BY_SUIT: { suit: string; name: string; cards: Card[] }[] = [
  ...SUITS.map((suit) => ({
    suit,
    name: `${SUIT_NAMES[suit]} ${SUIT_SYMBOLS[suit]}`,
    cards: RANKS.map((rank) => ({ id: `${suit}-${rank}`, suit, rank })),
  })),
  {
    suit: "joker",
    name: "Heroes",
    cards: HERO_SUITS.map((suit) => ({ id: suit, suit, rank: "JOKER" })),
  },
];

/**
 * The alternate faces of the peasant pseudo-suit: artwork only, never
 * dealt. There are four ids and the two special ranks; the woman and the man are
 * Peasants, the boy and the girl Vendors.
 */
export const ALTERNATE_FACES: { card: Card; name: string }[] = [
  { card: { id: "peasant-woman", suit: "peasant", rank: "PEASANT" }, name: "Peasant woman" },
  { card: { id: "peasant-man", suit: "peasant", rank: "PEASANT" }, name: "Peasant man" },
  { card: { id: "peasant-boy", suit: "peasant", rank: "VENDOR" }, name: "Vendor boy" },
  { card: { id: "peasant-girl", suit: "peasant", rank: "VENDOR" }, name: "Vendor girl" },
];
