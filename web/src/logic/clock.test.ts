import { describe, expect, it } from "vitest";
import { formatClock, readClock } from "./clock";

const clock = { remainingMs: 40_000, turnMs: 30_000, bankMs: 10_000, running: true, timeouts: 0 };

describe("turn clocks", () => {
  it("uses the turn time first, then the bank", () => {
    expect(readClock(clock, 5_000)).toMatchObject({ turnMs: 25_000, bankMs: 10_000, remainingMs: 35_000, warning: false });
    expect(readClock(clock, 31_000)).toMatchObject({ turnMs: 0, bankMs: 9_000, remainingMs: 9_000, warning: true });
    expect(readClock(clock, 60_000)).toMatchObject({ turnMs: 0, bankMs: 0, remainingMs: 0 });
  });
  it("a standing clock does not count down nor warn", () => {
    const standing = { ...clock, running: false, turnMs: 0, bankMs: 5_000, remainingMs: 5_000 };
    expect(readClock(standing, 60_000)).toMatchObject({ remainingMs: 5_000, warning: false });
  });
  it("formats whole seconds, rounded up", () => {
    expect(formatClock(120_000)).toBe("2:00");
    expect(formatClock(9_001)).toBe("0:10");
    expect(formatClock(0)).toBe("0:00");
  });
});
