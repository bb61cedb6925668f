import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Kingdom as KingdomData } from "../../net/types";
import { Kingdom } from "./Kingdom";

const queen = { id: "hearts-Q", suit: "hearts", rank: "Q" } as const;
const horse: KingdomData = {
  resources: [],
  royals: [queen],
  combinations: [
    {
      type: "horse",
      kind: "horse",
      cards: [
        { id: "hearts-7", suit: "hearts", rank: "7" },
        { id: "spades-7", suit: "spades", rank: "7" },
      ],
      ridingRoyalId: "hearts-Q",
      protectedRoyalIds: [],
      points: 2,
    },
  ],
};

describe("Kingdom", () => {
  it("names an aimed beast by what is drawn on it, after what a click does", () => {
    const onTarget = vi.fn();
    render(<Kingdom kingdom={horse} owner="Ben's" targets={new Map([["hearts-7", [{ label: "Eat" }]]])} onTarget={onTarget} />);
    const button = screen.getByTestId("aim-target");
    // The name comes from the content (an aria-label would hide what is seen: the points, the
    // marks), so every word on the beast is part of what a screen reader says.
    expect(button.getAttribute("aria-label")).toBeNull();
    const name = screen.getByRole("button", { name: /^Eat: Horse \(7 of Hearts, 7 of Spades\), ridden by Queen of Hearts/ }).textContent ?? "";
    expect(button).toBe(screen.getByRole("button", { name: /Eat: Horse/ }));
    for (const seen of ["Horse · 2 pt", "7♥", "7♠"]) expect(name).toContain(seen);
    fireEvent.click(button);
    expect(onTarget).toHaveBeenCalledWith("hearts-7");
  });

  it("draws a beast that is no target as a named group", () => {
    render(<Kingdom kingdom={horse} owner="Ben's" />);
    expect(screen.getByRole("group", { name: "Horse (7 of Hearts, 7 of Spades), ridden by Queen of Hearts" })).toBeTruthy();
    expect(screen.queryByTestId("aim-target")).toBeNull();
  });
});
