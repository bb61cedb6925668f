import { describe, expect, it } from "vitest";
import { deckStats, quantityIn } from "./constructed";

describe("deckStats", () => {
  it("counts numbers, royals and Heroes, by rank and by suit", () => {
    const cards = [
      { cardRank: "A", cardSuit: "hearts", quantity: 3 },
      { cardRank: "10", cardSuit: "clubs", quantity: 2 },
      { cardRank: "Q", cardSuit: "hearts", quantity: 4 },
      { cardRank: "JOKER", cardSuit: "red-joker", quantity: 1 },
    ];
    const s = deckStats(cards);
    expect([s.numbers, s.royals, s.heroes]).toEqual([5, 4, 1]);
    expect(s.byRank.A).toBe(3);
    expect(s.byRank.Q).toBe(4);
    expect(s.byRank.K).toBe(0);
    expect(s.bySuit).toEqual({ hearts: 7, diamonds: 0, clubs: 2, spades: 0, heroes: 1 });
    expect(quantityIn(cards, { cardRank: "Q", cardSuit: "hearts" })).toBe(4);
    expect(quantityIn(cards, { cardRank: "Q", cardSuit: "spades" })).toBe(0);
  });
});
