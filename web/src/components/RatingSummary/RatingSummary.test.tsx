import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { lastRated } from "../../state/ranked";
import { RatingSummary } from "./RatingSummary";

const names: Record<number, string> = { 1: "Ana", 2: "Ben" };
const nameOf = (n: number) => names[n];

describe("RatingSummary", () => {
  afterEach(() => (lastRated.value = null));

  it("waits for this room's rating, then shows the player's change, rating and tier and the others'", () => {
    const { rerender } = render(<RatingSummary roomCode="ABCD" myPlayerNumber={2} nameOf={nameOf} />);
    expect(screen.getByText("Updating ratings…")).toBeTruthy();
    lastRated.value = {
      roomCode: "OTHER",
      ladder: "standard",
      results: [{ playerNumber: 2, userId: "b", ratingChange: 5, rating: 1005, tierLabel: "Silver" }],
    };
    rerender(<RatingSummary roomCode="ABCD" myPlayerNumber={2} nameOf={nameOf} />);
    expect(screen.queryByTestId("my-rating-change")).toBeNull();
    lastRated.value = {
      roomCode: "ABCD",
      ladder: "constructed",
      results: [
        { playerNumber: 1, userId: "a", ratingChange: 22, rating: 1022, tierLabel: "Gold" },
        { playerNumber: 2, userId: "b", ratingChange: -22, rating: 978, tierLabel: "Placement 1/5" },
      ],
    };
    rerender(<RatingSummary roomCode="ABCD" myPlayerNumber={2} nameOf={nameOf} />);
    expect(screen.getByTestId("my-rating-change").textContent).toBe("−22 MMR");
    expect(screen.getByTestId("my-new-rating").textContent).toBe("Your rating is now 978 (Placement 1/5).");
    expect(screen.getByText("Constructed ladder rating")).toBeTruthy();
    expect(screen.getByRole("list", { name: "Other players' rating changes" }).textContent).toBe("Ana +22");
  });
});
