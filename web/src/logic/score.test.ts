import { describe, expect, it } from "vitest";
import { gameView, player } from "../test/fixtures";
import { formatCountdown, isFinalHand, isPartner, resultTitle, teamOf, teamTotals, winningTeam } from "./score";

const four = (extra = {}) =>
  gameView({
    playerCount: 4,
    players: [player(1, { team: 1 }), player(2, { team: 2 }), player(3, { team: 1 }), player(4, { team: 2 })],
    ...extra,
  });

describe("score screen arithmetic", () => {
  it("formats m:ss with two-digit seconds and a floor of 0", () => {
    expect(formatCountdown(30)).toBe("0:30");
    expect(formatCountdown(5)).toBe("0:05");
    expect(formatCountdown(75)).toBe("1:15");
    expect(formatCountdown(-3)).toBe("0:00");
  });
  it("knows the final hand", () => {
    expect(isFinalHand({ currentHand: 3, totalHands: 3 })).toBe(true);
    expect(isFinalHand({ currentHand: 2, totalHands: 3 })).toBe(false);
  });
  it("reads the teams from the view, not from seat numbers", () => {
    const v = gameView({ players: [player(1, { team: 2 }), player(2, { team: 1 })] });
    expect(teamOf(v, 1)).toBe(2);
    expect(teamOf(v, 2)).toBe(1);
    expect(teamOf(gameView(), 1)).toBeNull();
    expect(isPartner(four(), four().players[2])).toBe(true);
    expect(isPartner(four(), four().players[1])).toBe(false);
  });
  it("adds a hand's scores by team", () => {
    expect(teamTotals(four(), { "1": 10, "2": 3, "3": 4, "4": 1 })).toEqual([
      [1, 14],
      [2, 4],
    ]);
    expect(teamTotals(gameView(), { "1": 3 })).toEqual([]);
  });
  it("names the result for the winner, the partner and the others", () => {
    const hist = [{ handNumber: 1, winnerPlayerNumber: 3, playerScores: {} }];
    const done = { phase: "finished" as const, winner: 3, outcome: { winners: [1, 3] }, handHistory: hist };
    expect(winningTeam(four(done))).toBe(1);
    expect(resultTitle(four({ ...done, myPlayerNumber: 3 }))).toBe("You Won!");
    expect(resultTitle(four({ ...done, myPlayerNumber: 1 }))).toBe("Your team won");
    expect(resultTitle(four({ ...done, myPlayerNumber: 2 }))).toBe("Game Over");
    expect(resultTitle(gameView({ winner: 1, outcome: { winners: [1] } }))).toBe("You Won!");
    expect(resultTitle(gameView({ winner: 2, outcome: { winners: [2] } }))).toBe("Game Over");
  });
});
