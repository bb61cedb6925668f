import { describe, expect, it } from "vitest";
import { matchKind, ordinal } from "./session";

describe("matchKind", () => {
  it("names each kind of match of the history in words", () => {
    expect(matchKind({ gameMode: "casual", format: "standard" })).toBe("Casual");
    expect(matchKind({ gameMode: "casual", format: "constructed" })).toBe("Constructed");
    expect(matchKind({ gameMode: "ranked", format: "standard" })).toBe("Ranked");
    expect(matchKind({ gameMode: "ranked", format: "constructed" })).toBe("Constructed ladder");
    expect(matchKind({ gameMode: "ranked", format: "bots" })).toBe("Bot ladder");
  });
});

describe("ordinal", () => {
  it("gives English ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 103].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"]);
  });
});
