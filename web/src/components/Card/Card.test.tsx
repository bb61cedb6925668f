import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { deckStyle } from "../../state/settings";
import { Card } from "./Card";

const queen = { id: "hearts-Q", suit: "hearts", rank: "Q" } as const;

describe("Card", () => {
  it("has an accessible name and is a button only with a handler", () => {
    const { rerender } = render(<Card card={queen} />);
    expect(screen.getByRole("img", { name: "Queen of Hearts" })).toBeTruthy();
    const onClick = vi.fn();
    rerender(<Card card={queen} onClick={onClick} />);
    fireEvent.click(screen.getByRole("button", { name: "Queen of Hearts" }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("is not clickable when disabled", () => {
    const onClick = vi.fn();
    render(<Card card={queen} onClick={onClick} disabled />);
    fireEvent.click(screen.getByRole("button", { name: "Queen of Hearts" }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it("draws both deck styles and the back", () => {
    deckStyle.value = "classic";
    const { container, rerender } = render(<Card card={{ id: "clubs-7", suit: "clubs", rank: "7" }} />);
    expect(container.querySelectorAll("text").length).toBeGreaterThan(7); // seven pips plus corners
    deckStyle.value = "modern";
    rerender(<Card card={null} />);
    expect(screen.getByRole("img", { name: "Face-down card" })).toBeTruthy();
  });
});
