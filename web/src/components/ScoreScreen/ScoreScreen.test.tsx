import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gameView, player } from "../../test/fixtures";
import { ScoreScreen } from "./ScoreScreen";

const history = [
  { handNumber: 1, winnerPlayerNumber: 1, playerScores: { "1": 16, "2": 5 } },
  { handNumber: 2, winnerPlayerNumber: 2, playerScores: { "1": 4, "2": 12 } },
];

describe("ScoreScreen", () => {
  afterEach(() => vi.useRealTimers());

  it("between hands: heading, countdown resynchronised and ticking, ready grid and button", () => {
    vi.useFakeTimers();
    const onReady = vi.fn();
    const v = gameView({ phase: "handComplete", gameMode: "match", currentHand: 2, totalHands: 3, handHistory: history, scoreScreenTimer: 30, matchScores: { "1": 20, "2": 17 } });
    const { rerender } = render(<ScoreScreen view={v} onReady={onReady} onHome={() => {}} />);
    // 'Hand 2 Complete' once: the result's line is the heading.
    expect(screen.getByRole("heading", { name: "Hand 2 Complete" })).toBeTruthy();
    expect(screen.getAllByText(/Hand 2 Complete/).length).toBe(1);
    expect(screen.getByText("Next hand starts in: 0:30")).toBeTruthy();
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText("Next hand starts in: 0:27")).toBeTruthy();
    rerender(<ScoreScreen view={{ ...v, scoreScreenTimer: 12 }} onReady={onReady} onHome={() => {}} />);
    expect(screen.getByText("Next hand starts in: 0:12")).toBeTruthy();
    act(() => vi.advanceTimersByTime(20000));
    expect(screen.getByText("Next hand starts in: 0:00")).toBeTruthy();
    // The match totals are a column of the points table; past hands are listed without numbers.
    expect(screen.getByRole("columnheader", { name: "Match total" })).toBeTruthy();
    expect(screen.getByRole("row", { name: /Ann .*20/ })).toBeTruthy();
    expect(screen.getByText("Previous Hands")).toBeTruthy();
    expect(screen.getByText(/^Hand 1: Ann won/).closest("ul")).toBeTruthy();
    expect(screen.getByText("Starting hand 3 of 3...")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Ready for Next Hand" }));
    expect(onReady).toHaveBeenCalled();
  });

  it("shows each player's points by kind: the family bonus explains the result", () => {
    const scoresByKind = {
      "1": { resources: 4, royals: 9, combinations: 2, familyBonus: 3 },
      "2": { resources: 2, royals: 3, combinations: 0, familyBonus: 0 },
    };
    const v = gameView({ phase: "finished", handHistory: [{ handNumber: 1, winnerPlayerNumber: 1, playerScores: { "1": 18, "2": 5 }, reason: "family", scoresByKind }], outcome: { winners: [1] }, winner: 1 });
    render(<ScoreScreen view={v} onReady={() => {}} onHome={() => {}} />);
    expect(screen.getByRole("columnheader", { name: "Family bonus" })).toBeTruthy();
    const ann = screen.getByRole("row", { name: /Ann/ });
    expect([...ann.querySelectorAll("td")].map((td) => td.textContent)).toEqual(["4", "9", "2", "3", "18 points"]);
  });

  it("shows 'Ready', disabled, once this player is ready", () => {
    const v = gameView({ phase: "handComplete", gameMode: "match", totalHands: 2, handHistory: history.slice(0, 1), players: [player(1, { readyForNextHand: true }), player(2)] });
    render(<ScoreScreen view={v} onReady={() => {}} onHome={() => {}} />);
    const b = screen.getByTestId("btn-ready") as HTMLButtonElement;
    expect(b.textContent).toBe("Ready");
    expect(b.disabled).toBe(true);
  });

  it("after the final hand: 'Match Complete!', 'Final Results', no ready controls, the game-over text in the screen", () => {
    const v = gameView({ phase: "finished", gameMode: "match", currentHand: 2, totalHands: 2, handHistory: history, outcome: { winners: [2] } });
    render(<ScoreScreen view={v} onReady={() => {}} onHome={() => {}} />);
    expect(screen.getByRole("heading", { name: "Match Complete!" })).toBeTruthy();
    expect(screen.getByText("Final Results")).toBeTruthy();
    expect(screen.queryByTestId("btn-ready")).toBeNull();
    expect(screen.getByRole("heading", { name: "Game Over" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("game mode: 'You Won!' for the winner", () => {
    const v = gameView({ phase: "finished", handHistory: history.slice(0, 1), outcome: { winners: [1] }, winner: 1 });
    render(<ScoreScreen view={v} onReady={() => {}} onHome={() => {}} />);
    // A single game has one hand: its heading is the hand's, with the final results.
    expect(screen.getByRole("heading", { name: "Hand 1 Complete!" })).toBeTruthy();
    expect(screen.getByText("Final Results")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "You Won!" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getAllByRole("button", { name: "Return to Home" }).length).toBe(1);
  });

  it("shows team badges and team cumulative scores with 4 players", () => {
    const v = gameView({
      phase: "handComplete",
      gameMode: "match",
      playerCount: 4,
      totalHands: 4,
      players: [player(1, { team: 1 }), player(2, { team: 2 }), player(3, { team: 1 }), player(4, { team: 2 })],
      handHistory: [{ handNumber: 1, winnerPlayerNumber: 3, playerScores: { "1": 1, "2": 2, "3": 9, "4": 0 } }],
      teamScores: { "1": 10, "2": 2 },
    });
    render(<ScoreScreen view={v} onReady={() => {}} onHome={() => {}} />);
    expect(screen.getAllByText("Team 1").length).toBe(2);
    expect(screen.getByText("Team 1: 10")).toBeTruthy();
    expect(screen.getByText("Cumulative Scores")).toBeTruthy();
  });

  it("a 4-player single game: team totals, which team won, 'Your team won' for the partner", () => {
    const players = [player(1, { team: 1 }), player(2, { team: 2 }), player(3, { team: 1 }), player(4, { team: 2 })];
    const base = {
      phase: "finished" as const,
      playerCount: 4,
      players,
      winner: 3,
      outcome: { winners: [1, 3] },
      handHistory: [{ handNumber: 1, winnerPlayerNumber: 3, playerScores: { "1": 4, "2": 2, "3": 12, "4": 1 } }],
    };
    const { unmount } = render(<ScoreScreen view={gameView({ ...base, myPlayerNumber: 1 })} onReady={() => {}} onHome={() => {}} />);
    expect(screen.getByRole("heading", { name: "Your team won" })).toBeTruthy();
    expect(screen.getByText("Team 1: 16 points")).toBeTruthy();
    expect(screen.getByText("Team 2: 3 points")).toBeTruthy();
    expect(screen.getByText(/^Team 1 won/)).toBeTruthy();
    unmount();
    render(<ScoreScreen view={gameView({ ...base, myPlayerNumber: 2 })} onReady={() => {}} onHome={() => {}} />);
    expect(screen.getByRole("heading", { name: "Game Over" })).toBeTruthy();
    expect(screen.getByText("Team 1 won.")).toBeTruthy();
  });
});
