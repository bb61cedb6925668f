import { describe, expect, it } from "vitest";
import { costCurve, deckRows, filterCards, quantityIn, refusal, suitGroups, type CollectionCard, type DeckDetail } from "./constructed";

const card = (cardRank: string, cardSuit: string, name: string, suitName: string, cost: number): CollectionCard => ({
  cardRank,
  cardSuit,
  quantity: 4,
  id: cardRank === "JOKER" ? cardSuit : `${cardSuit}-${cardRank}`,
  name,
  suitName,
  cost,
});

const cards = [
  card("7", "hearts", "7 of Hearts", "Hearts", 0),
  card("Q", "hearts", "Queen of Hearts", "Hearts", 2),
  card("Q", "clubs", "Queen of Clubs", "Clubs", 2),
  card("JOKER", "red-joker", "Red Hero", "Heroes", 4),
];

describe("the deck builder's helpers", () => {
  it("searches the cards' names and filters by suit group", () => {
    expect(filterCards(cards, "hero", "").map((c) => c.name)).toEqual(["Red Hero"]);
    expect(filterCards(cards, "QUEEN", "").map((c) => c.name)).toEqual(["Queen of Hearts", "Queen of Clubs"]);
    expect(filterCards(cards, "queen", "Clubs").map((c) => c.name)).toEqual(["Queen of Clubs"]);
    expect(filterCards(cards, "  ", "Heroes").map((c) => c.name)).toEqual(["Red Hero"]);
    expect(suitGroups(cards)).toEqual(["Hearts", "Clubs", "Heroes"]);
  });

  it("counts the deck by cost and lists it cheapest first", () => {
    const deck = [
      { cardRank: "JOKER", cardSuit: "red-joker", quantity: 1 },
      { cardRank: "Q", cardSuit: "hearts", quantity: 2 },
      { cardRank: "7", cardSuit: "hearts", quantity: 3 },
    ];
    expect(costCurve(deck, cards)).toEqual([
      [0, 3],
      [2, 2],
      [4, 1],
    ]);
    expect(deckRows(deck, cards).map((r) => r.card?.name)).toEqual(["7 of Hearts", "Queen of Hearts", "Red Hero"]);
    expect(quantityIn(deck, { cardRank: "Q", cardSuit: "hearts" })).toBe(2);
  });

  it("reads the server's reason a card cannot be added", () => {
    const deck = { refused: [{ cardRank: "JOKER", cardSuit: "red-joker", quantity: 4, reason: "At most 2 Heroes in a deck (R34)" }] } as DeckDetail;
    expect(refusal(deck, { cardRank: "JOKER", cardSuit: "red-joker" })).toBe("At most 2 Heroes in a deck (R34)");
    expect(refusal(deck, { cardRank: "Q", cardSuit: "hearts" })).toBeNull();
    expect(refusal(null, { cardRank: "Q", cardSuit: "hearts" })).toBeNull();
  });
});
