import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Card, DeckStyleContext } from "./Card";

const queen = { id: "hearts-Q", suit: "hearts", rank: "Q" } as const;

describe("Card", () => {
  it("has an accessible name and is a button only with a handler", () => {
    const { rerender } = render(<Card card={queen} />);
    expect(screen.getByRole("img", { name: "Queen of Hearts" })).toBeTruthy();
    const onClick = vi.fn();
    rerender(<Card card={queen} onClick={onClick} />);
    fireEvent.click(screen.getByRole("button", { name: "Queen of Hearts" }));
    expect(onClick).toHaveBeenCalledWith("hearts-Q");
  });

  it("is not clickable when disabled", () => {
    const onClick = vi.fn();
    render(<Card card={queen} onClick={onClick} disabled />);
    fireEvent.click(screen.getByRole("button", { name: "Queen of Hearts" }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it("draws both deck styles and the back", () => {
    const { container, rerender } = render(
      <DeckStyleContext.Provider value="classic">
        <Card card={{ id: "clubs-7", suit: "clubs", rank: "7" }} />
      </DeckStyleContext.Provider>,
    );
    expect(container.querySelectorAll("text").length).toBeGreaterThan(7); // seven pips plus corners
    rerender(<Card card={null} />);
    expect(screen.getByRole("img", { name: "Face-down card" })).toBeTruthy();
  });
});
