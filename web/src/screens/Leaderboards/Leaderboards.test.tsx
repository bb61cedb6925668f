import { describe, expect, it } from "vitest";
import { playerLabel } from "./Leaderboards";

describe("playerLabel", () => {
  it("shows the username", () => {
    expect(playerLabel({ username: "Ana", userId: "0123456789abcdef" })).toBe("Ana");
  });
  it("falls back to 'Player {first 8 chars of userId}'", () => {
    expect(playerLabel({ username: null, userId: "0123456789abcdef" })).toBe("Player 01234567");
    expect(playerLabel({ username: "", userId: "abcdefgh-1234" })).toBe("Player abcdefgh");
  });
});
