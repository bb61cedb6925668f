import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import GalleryScreen from "./Gallery";

function mount(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <GalleryScreen />
    </MemoryRouter>,
  );
}

const ids = () => screen.getAllByTestId("gallery-card").map((c) => c.getAttribute("data-card-id"));

describe("card galleries", () => {
  it.each([
    ["/cards", "modern", "large"],
    ["/smallcards", "modern", "small"],
    ["/newcards", "classic", "large"],
    ["/smallnewcards", "classic", "small"],
  ])("%s shows the %s deck (%s): 54 cards and the 4 alternate faces", (path, deck, size) => {
    mount(path);
    const gallery = screen.getByTestId("gallery");
    expect(gallery.getAttribute("data-deck")).toBe(deck);
    expect(gallery.getAttribute("data-size")).toBe(size);
    expect(ids()).toHaveLength(58);
    expect(new Set(ids()).size).toBe(58);
    const faces = within(screen.getByRole("region", { name: "Alternate faces" }));
    expect(faces.getAllByTestId("gallery-card").map((c) => c.getAttribute("data-card-id"))).toEqual([
      "peasant-woman",
      "peasant-man",
      "peasant-boy",
      "peasant-girl",
    ]);
    expect(faces.getByText("Peasants and Vendors are artwork only: they are never dealt.")).toBeTruthy();
    expect(within(screen.getByRole("navigation", { name: "Card galleries" })).getAllByRole("link").find((l) => l.getAttribute("aria-current") === "page")?.getAttribute("href")).toBe(path);
  });

  it("a card opens larger in a dialog", () => {
    mount("/cards");
    fireEvent.click(screen.getByRole("button", { name: "Vendor girl" }));
    expect(within(screen.getByRole("dialog", { name: "Vendor girl" })).getByRole("img", { name: "Vendor girl" })).toBeTruthy();
  });
});
