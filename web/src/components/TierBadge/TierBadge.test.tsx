import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TierBadge } from "./TierBadge";

describe("TierBadge", () => {
  it("shows the server's label", () => {
    render(<TierBadge tier="legend" label="Legend" />);
    expect(screen.getByTestId("tier-badge").textContent).toBe("Legend");
  });
});
