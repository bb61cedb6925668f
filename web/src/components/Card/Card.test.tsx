import { act, fireEvent, render, screen } from "@testing-library/react";
import { loadCourtArt } from "../../art/court";
import type { Card as CardData } from "../../net/types";
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

  it("draws Jack, Queen, King and the Heroes as different court pictures in both deck styles", async () => {
    await act(() => loadCourtArt());
    const faces: CardData[] = (["J", "Q", "K"] as const).map((rank) => ({ id: `spades-${rank}`, suit: "spades", rank }));
    const heroes: CardData[] = [
      { id: "red-joker", suit: "red-joker", rank: "JOKER" },
      { id: "black-joker", suit: "black-joker", rank: "JOKER" },
    ];
    for (const deck of ["modern", "classic"] as const) {
      const drawn = [...faces, ...heroes].map((card) => {
        const { container, unmount } = render(
          <DeckStyleContext.Provider value={deck}>
            <Card card={card} />
          </DeckStyleContext.Provider>,
        );
        const href = container.querySelector("[data-art=court] use")?.getAttribute("href") ?? "";
        // The picture it shows is drawn once, in the page's sprite.
        expect(document.querySelector(`[data-testid=court-sprite] symbol${href}`), `${deck} ${card.id} shows court art (${href})`).toBeTruthy();
        unmount();
        return href;
      });
      expect(new Set(drawn).size).toBe(drawn.length);
    }
    // Five different pictures, each a full drawing.
    const symbols = [...document.querySelectorAll("[data-testid=court-sprite] > svg > symbol")];
    expect(symbols.length).toBe(14);
    expect(new Set(symbols.map((x) => x.innerHTML)).size).toBe(14);
    // A number card has no court picture.
    const { container } = render(<Card card={{ id: "clubs-7", suit: "clubs", rank: "7" }} />);
    expect(container.querySelector("[data-art=court]")).toBeNull();
  });
});
