import { describe, expect, it } from "vitest";
import { formatCountdown, isFinalHand, teamOf } from "./score";

describe("score screen arithmetic", () => {
  it("formats m:ss with two-digit seconds and a floor of 0", () => {
    expect(formatCountdown(30)).toBe("0:30");
    expect(formatCountdown(5)).toBe("0:05");
    expect(formatCountdown(75)).toBe("1:15");
    expect(formatCountdown(-3)).toBe("0:00");
  });
  it("knows the final hand and the teams", () => {
    expect(isFinalHand({ currentHand: 3, totalHands: 3 })).toBe(true);
    expect(isFinalHand({ currentHand: 2, totalHands: 3 })).toBe(false);
    expect([1, 2, 3, 4].map(teamOf)).toEqual([1, 2, 1, 2]);
  });
});
