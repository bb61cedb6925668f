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
    // jsdom's Blob cannot be read back through Node's object URLs: here the pictures take the
    // data-URL path (a browser takes blob URLs; the browser tests draw those).
    const createObjectURL = URL.createObjectURL;
    Object.defineProperty(URL, "createObjectURL", { value: undefined, configurable: true });
    try {
      await act(() => loadCourtArt());
    } finally {
      Object.defineProperty(URL, "createObjectURL", { value: createObjectURL, configurable: true });
    }
    const faces: CardData[] = (["J", "Q", "K"] as const).map((rank) => ({ id: `spades-${rank}`, suit: "spades", rank }));
    const heroes: CardData[] = [
      { id: "red-joker", suit: "red-joker", rank: "JOKER" },
      { id: "black-joker", suit: "black-joker", rank: "JOKER" },
    ];
    for (const deck of ["modern", "classic"] as const) {
      const drawn: string[] = [];
      for (const card of [...faces, ...heroes]) {
        const { container, unmount } = render(
          <DeckStyleContext.Provider value={deck}>
            <Card card={card} />
          </DeckStyleContext.Provider>,
        );
        const href = container.querySelector("[data-art=court] image")?.getAttribute("href") ?? "";
        unmount();
        // The picture is one image: a whole drawing of its own.
        expect(href.startsWith("data:image/svg+xml"), `${deck} ${card.id} shows court art`).toBe(true);
        const svg = decodeURIComponent(href.replace(/^data:[^,]*,/, ""));
        expect(svg.slice(0, 60)).toMatch(/^<svg/);
        expect(svg.match(/<[a-z]/g)?.length ?? 0, `${deck} ${card.id}: a full drawing`).toBeGreaterThan(5);
        expect(svg.length, `${deck} ${card.id}: a full drawing`).toBeGreaterThan(2000);
        drawn.push(svg);
      }
      // Five different pictures.
      expect(new Set(drawn).size).toBe(drawn.length);
    }
    // A number card has no court picture.
    const { container } = render(<Card card={{ id: "clubs-7", suit: "clubs", rank: "7" }} />);
    expect(container.querySelector("[data-art=court]")).toBeNull();
  });
});
