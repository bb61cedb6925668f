import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ActionBar } from "./ActionBar";

const none = { playResource: null, rotateResource: null, playRoyal: null, playCombination: null, playHailOfArrows: null, passTurn: null };

describe("ActionBar", () => {
  it("enables exactly the buttons whose action the selection matches, and sends that action", () => {
    const onAct = vi.fn();
    const royal = { type: "playRoyal", cardId: "hearts-Q", resourceToUseIds: ["hearts-2", "hearts-3"] };
    render(<ActionBar choices={{ ...none, playRoyal: royal, passTurn: { type: "passTurn" } }} allResourcesUsed={false} onAct={onAct} />);
    const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
    expect(button("Play Royal").disabled).toBe(false);
    expect(button("Play Resource").disabled).toBe(true);
    expect(button("Play Combination").disabled).toBe(true);
    expect(button("Hail of Arrows").disabled).toBe(true);
    fireEvent.click(button("Play Royal"));
    expect(onAct).toHaveBeenCalledWith(royal);
  });

  it("highlights Pass Turn when every resource is used", () => {
    render(<ActionBar choices={{ ...none, passTurn: { type: "passTurn" } }} allResourcesUsed onAct={() => {}} />);
    expect(screen.getByTestId("btn-pass").dataset.highlight).toBe("true");
  });

  it("tells what to select on a disabled button", () => {
    render(<ActionBar choices={none} allResourcesUsed={false} onAct={() => {}} />);
    expect(screen.getByRole("button", { name: "Play Royal" }).getAttribute("aria-description")).toBe(
      "Select a royal card and the required Ready resources",
    );
  });
});
