import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TierBadge, tiersOf } from "./TierBadge";

describe("tiersOf", () => {
  it("gives Legend to the Constructed ladder only, above Diamond", () => {
    expect(tiersOf("standard").map((t) => t.tier)).toEqual(["bronze", "silver", "gold", "platinum", "diamond"]);
    const constructed = tiersOf("constructed");
    expect(constructed.map((t) => t.tier)).toEqual(["bronze", "silver", "gold", "platinum", "diamond", "legend"]);
    expect(constructed.at(-1)).toMatchObject({ from: 2400, keptFrom: 2300 });
  });
});

describe("TierBadge", () => {
  it("shows the server's label", () => {
    render(<TierBadge tier="legend" label="Legend" />);
    expect(screen.getByTestId("tier-badge").textContent).toBe("Legend");
  });
});
