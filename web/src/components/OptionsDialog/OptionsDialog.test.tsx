import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { deckStyle, showTooltips } from "../../state/settings";
import { OptionsDialog } from "./OptionsDialog";

describe("OptionsDialog", () => {
  it("switches action tooltips and the deck style, stored in localStorage", () => {
    showTooltips.value = true;
    deckStyle.value = "modern";
    render(<OptionsDialog onClose={() => {}} />);
    const sw = screen.getByRole("switch", { name: "Action Tooltips" });
    expect(sw.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(sw);
    expect(showTooltips.value).toBe(false);
    expect(localStorage.getItem("showTooltips")).toBe("false");
    fireEvent.click(screen.getByRole("radio", { name: "Classic" }));
    expect(deckStyle.value).toBe("classic");
    expect(localStorage.getItem("deckStyle")).toBe("classic");
    deckStyle.value = "modern";
    showTooltips.value = true;
  });
});
