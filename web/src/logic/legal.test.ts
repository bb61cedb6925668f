import { describe, expect, it } from "vitest";
import type { ActionJson, GameView } from "../net/types";
import { describeAction, followUps, matchSelection, playableHandIds, resourceSetsFor } from "./legal";

const legal: ActionJson[] = [
  { type: "playResource", player: 1, cardId: "hearts-7", resourceToUseId: "clubs-2" },
  { type: "rotateResource", player: 1, cardId: "hearts-7", resourceToRotateId: "clubs-2" },
  { type: "playRoyal", player: 1, cardId: "hearts-Q", resourceToUseIds: ["hearts-2", "diamonds-5"] },
  { type: "playRoyal", player: 1, cardId: "hearts-Q", resourceToUseIds: ["hearts-2", "hearts-9"] },
  { type: "playCombination", player: 1, cardIds: ["hearts-6", "spades-6"], resourceToUseIds: ["clubs-2", "hearts-2"] },
  { type: "playHailOfArrows", player: 1, cardIds: ["clubs-A", "hearts-10"] },
  { type: "passTurn", player: 1 },
];

describe("matchSelection: a button is enabled only for a selection the view lists", () => {
  it("matches a royal with exactly its resources, in any order", () => {
    expect(matchSelection(legal, { hand: ["hearts-Q"], resources: ["diamonds-5", "hearts-2"] }).playRoyal).toBe(legal[2]);
    expect(matchSelection(legal, { hand: ["hearts-Q"], resources: ["hearts-2"] }).playRoyal).toBeNull();
    expect(matchSelection(legal, { hand: ["hearts-Q"], resources: ["hearts-2", "diamonds-5", "hearts-9"] }).playRoyal).toBeNull();
  });

  it("matches resource plays and rotations on one card and one resource", () => {
    const m = matchSelection(legal, { hand: ["hearts-7"], resources: ["clubs-2"] });
    expect(m.playResource).toBe(legal[0]);
    expect(m.rotateResource).toBe(legal[1]);
    expect(matchSelection(legal, { hand: ["hearts-7"], resources: [] }).playResource).toBeNull();
  });

  it("matches combinations by card set and resource set", () => {
    expect(matchSelection(legal, { hand: ["spades-6", "hearts-6"], resources: ["hearts-2", "clubs-2"] }).playCombination).toBe(legal[4]);
    expect(matchSelection(legal, { hand: ["spades-6", "hearts-6"], resources: ["hearts-2"] }).playCombination).toBeNull();
  });

  it("matches Hail of Arrows on exactly its two cards and no resources", () => {
    expect(matchSelection(legal, { hand: ["hearts-10", "clubs-A"], resources: [] }).playHailOfArrows).toBe(legal[5]);
    expect(matchSelection(legal, { hand: ["hearts-10", "clubs-A"], resources: ["clubs-2"] }).playHailOfArrows).toBeNull();
  });

  it("offers pass only when listed", () => {
    expect(matchSelection(legal, { hand: [], resources: [] }).passTurn).toBe(legal[6]);
    expect(matchSelection([], { hand: [], resources: [] }).passTurn).toBeNull();
  });
});

describe("helpers", () => {
  it("lists resource sets that complete a play", () => {
    expect(resourceSetsFor(legal, ["hearts-Q"])).toEqual([
      ["hearts-2", "diamonds-5"],
      ["hearts-2", "hearts-9"],
    ]);
    expect(resourceSetsFor(legal, ["hearts-6", "spades-6"])).toEqual([["clubs-2", "hearts-2"]]);
    expect(resourceSetsFor(legal, ["hearts-7"])).toEqual([]);
  });

  it("knows which hand cards take part in some play", () => {
    expect([...playableHandIds(legal)].sort()).toEqual(["clubs-A", "hearts-10", "hearts-6", "hearts-7", "hearts-Q", "spades-6"]);
  });

  it("keeps only follow-ups", () => {
    const f = followUps([...legal, { type: "skipPendingAction", player: 1 }, { type: "eatCharacter", player: 1 }]);
    expect(f.map((a) => a.type)).toEqual(["skipPendingAction", "eatCharacter"]);
  });

  it("words follow-ups with names from the table", () => {
    const view = {
      myPlayerNumber: 1,
      myHand: [],
      discardPile: [{ id: "spades-K", suit: "spades", rank: "K" }],
      revealedCards: [null, null],
      pendingAction: { type: "eating" },
      players: [
        { number: 1, name: "Ann", kingdom: { resources: [], royals: [], combinations: [{ kind: "dragon", type: "dragon", cards: [], ridingRoyalId: null, protectedRoyalIds: [] }] } },
        { number: 2, name: "Bo", kingdom: { resources: [], royals: [{ id: "hearts-J", suit: "hearts", rank: "J" }], combinations: [{ kind: "horse", type: "horse", cards: [], ridingRoyalId: null, protectedRoyalIds: [] }] } },
      ],
    } as unknown as GameView;
    expect(describeAction(view, { type: "eatCharacter", targetPlayerNumber: 2, characterType: "royal", characterId: "hearts-J" })).toBe("Eat Bo's Jack of Hearts");
    expect(describeAction(view, { type: "eatCharacter", targetPlayerNumber: 2, characterType: "beast", beastIndex: 0 })).toBe("Eat Bo's Horse");
    expect(describeAction(view, { type: "resurrectRoyal", royalId: "spades-K" })).toBe("Resurrect King of Spades");
    expect(describeAction(view, { type: "mountHorse", horseIndex: 0, royalId: "red-joker" })).toBe("Mount Red Hero on your Dragon");
    expect(describeAction(view, { type: "destroyWithHail", targetPlayerNumber: 2, targetType: "castle", castleIndex: 0 })).toBe("Burn Bo's Castle");
  });
});
