import { describe, expect, it } from "vitest";
import type { ReplayPlayer, ReplayStep } from "../net/types";
import { moveLabel, replayTableView } from "./replay";

const players: ReplayPlayer[] = [
  { number: 1, name: "Ana", isBot: false, username: "Ana", placement: 1, finalScore: 9 },
  { number: 2, name: "Bot", isBot: true, username: null, placement: 2, finalScore: 3 },
];

describe("replays", () => {
  it("labels the moves with the player and the cards", () => {
    expect(moveLabel({ type: "drawCard", player: 2, source: "revealed1" }, players)).toBe("Bot: Draw Card (Revealed1)");
    expect(moveLabel({ type: "playCombination", player: 1, cardIds: ["hearts-7", "diamonds-7"] }, players)).toBe("Ana: Play Combination 7♥ 7♦");
    expect(moveLabel({ type: "passTurn", player: 3 }, players)).toBe("Player 3: Pass Turn");
  });
  it("shows the table from a seat, its hand only when revealed", () => {
    const hand = [{ id: "hearts-7", suit: "hearts" as const, rank: "7" as const }];
    const step = { playerCount: 2, hands: { "1": hand, "2": [] }, players: [], legalActions: [] } as unknown as ReplayStep;
    expect(replayTableView(step, 1, true).myHand).toEqual(hand);
    expect(replayTableView(step, 1, false).myHand).toEqual([]);
    expect(replayTableView(step, 2, true).myPlayerNumber).toBe(2);
  });
});
