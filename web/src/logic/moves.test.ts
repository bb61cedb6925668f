import { describe, expect, it } from "vitest";
import type { Card } from "../net/types";
import { gameView, player } from "../test/fixtures";
import { aimAt } from "./aim";
import { describeMoves } from "./moves";

const c = (id: string): Card => {
  const i = id.lastIndexOf("-");
  return { id, suit: id.slice(0, i) as Card["suit"], rank: id.slice(i + 1) as Card["rank"] };
};

describe("the move log's lines", () => {
  it("another player's deck draw is 'a card'; a revealed card is named; a resource; a pass", () => {
    const base = gameView({ currentPlayerNumber: 2, round: 1, players: [player(1), player(2)] });
    const drew = gameView({
      ...base,
      players: [player(1), player(2, { hasDrawnThisTurn: true })],
      lastDrawAction: { playerNumber: 2, source: "deck", drawnCard: null },
    });
    expect(describeMoves(base, drew).map((m) => m.text)).toEqual(["Bo drew a card from the deck."]);
    const took = gameView({ ...drew, lastDrawAction: { playerNumber: 2, source: "revealed1", drawnCard: c("hearts-Q") } });
    expect(describeMoves(base, took).map((m) => m.text)).toEqual(["Bo took the revealed Queen of Hearts."]);
    const played = gameView({
      ...drew,
      players: [player(1), player(2, { hasDrawnThisTurn: true, kingdom: { resources: [{ card: c("clubs-7"), orientation: "ready" }], royals: [], combinations: [] } })],
    });
    expect(describeMoves(drew, played).map((m) => m.text)).toEqual(["Bo played the 7 of Clubs as a resource."]);
    const passed = gameView({ ...played, currentPlayerNumber: 1 });
    expect(describeMoves(played, passed)).toEqual([{ kind: "pass", text: "Bo passed.", actor: 2 }]);
  });

  it("an attack names the card and what hit it, for the log and for the victim", () => {
    const dragon = { type: "dragon" as const, kind: "golden-dragon" as const, cards: [c("hearts-4"), c("hearts-5"), c("hearts-6")], ridingRoyalId: null, protectedRoyalIds: [] };
    const before = gameView({
      currentPlayerNumber: 2,
      pendingAction: { type: "eating", dragonType: "golden-dragon", canEatCount: 2 },
      players: [
        player(1, { kingdom: { resources: [], royals: [c("hearts-Q")], combinations: [] } }),
        player(2, { name: "Mia", hasDrawnThisTurn: true, kingdom: { resources: [], royals: [], combinations: [dragon] } }),
      ],
    });
    const after = gameView({
      ...before,
      pendingAction: null,
      discardPile: [c("hearts-Q")],
      players: [player(1), before.players[1]],
    });
    const [m] = describeMoves(before, after);
    expect(m.text).toBe("Mia's Golden Dragon ate your Queen of Hearts.");
    expect(m.victim).toBe(1);
    expect(m.victimText).toBe("Your Queen of Hearts was eaten by Mia's Golden Dragon.");
    expect(m.title).toBe("Royal Eaten!");
  });
});

describe("aim on the table", () => {
  it("places each option on the card it names; identical options once; a beast by its first card", () => {
    const horse = { type: "horse" as const, kind: "horse" as const, cards: [c("spades-6"), c("clubs-6")], ridingRoyalId: null, protectedRoyalIds: [] };
    const v = gameView({
      players: [player(1), player(2, { kingdom: { resources: [], royals: [c("hearts-J")], combinations: [horse] } })],
      pendingAction: { type: "eating", dragonType: "dragon", canEatCount: 1 },
    });
    const eatJ = { type: "eatCharacter", player: 1, targetPlayerNumber: 2, characterType: "royal", characterId: "hearts-J" };
    const eatHorse = { type: "eatCharacter", player: 1, targetPlayerNumber: 2, characterType: "beast", beastIndex: 0 };
    const aim = aimAt(v, [eatJ, eatHorse, { ...eatJ }, { type: "skipPendingAction", player: 1 }]);
    expect(aim.options.map((o) => o.label)).toEqual(["Eat Bo's Jack of Hearts", "Eat Bo's Horse"]);
    expect([...aim.targets.keys()]).toEqual(["hearts-J", "spades-6"]);
    expect(aim.skip?.label).toBe("Skip");
  });
});
