import { render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { toast } from "../../state/toasts";
import { RulesDialog } from "./RulesDialog";

afterEach(() => vi.restoreAllMocks());

describe("RulesDialog", () => {
  it("'Classic Game Rules' shows the 14 sections for players, with card pictures", async () => {
    render(<RulesDialog onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Classic Game Rules" });
    await within(dialog).findByRole("region", { name: "Objective" });
    expect(document.querySelectorAll("section[data-section]")).toHaveLength(14);
    expect(screen.getByRole("region", { name: "Dragon Slaying" })).toBeTruthy();
    const text = dialog.textContent ?? "";
    expect(text).not.toMatch(/\bR\d+\b/);
    expect(text).not.toMatch(/\b(hearts|diamonds|clubs|spades)-(\d+|[AJQK])\b|\b(red|black)-joker\b/);
    const objective = screen.getByRole("region", { name: "Objective" });
    expect(within(objective).getAllByRole("img").map((i) => i.getAttribute("aria-label"))).toContain("Black Hero");
  });

  it("opens at the Resources heading, Playing Royals or Beasts", async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.getAttribute("data-section") ?? `heading:${this.getAttribute("data-heading")}`);
    };
    onTestFinished(() => void (Element.prototype.scrollIntoView = original));
    for (const [target, expected] of [
      ["resources", "heading:resources"],
      ["royals", "playing-royals"],
      ["beasts", "beasts"],
    ]) {
      const r = render(<RulesDialog onClose={() => {}} scrollTo={target} />);
      await screen.findByRole("region", { name: "Beasts" });
      // The scroll is an effect of the lazily loaded text: it may run just after the section
      // is in the page, so wait for it rather than read it at once.
      await waitFor(() => expect(scrolled.at(-1)).toBe(expected));
      r.unmount();
    }
  });

  it("custom rules from localStorage replace the built-in ones", async () => {
    localStorage.setItem("game_rules_custom", JSON.stringify([{ key: "house", title: "House Rules", content: "Kings **rule**." }]));
    render(<RulesDialog onClose={() => {}} />);
    await screen.findByRole("region", { name: "House Rules" });
    expect(document.querySelectorAll("section[data-section]")).toHaveLength(1);
    expect(screen.getByRole("region", { name: "House Rules" }).textContent).toContain("Kings rule.");
  });

  it("bad stored custom rules are ignored and logged; the built-ins show, with no message", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem("game_rules_custom", "[{oops");
    render(<RulesDialog onClose={() => {}} />);
    await screen.findByRole("region", { name: "Strategy" });
    expect(document.querySelectorAll("section[data-section]")).toHaveLength(14);
    expect(error).toHaveBeenCalledWith("Failed to load custom rules", expect.any(SyntaxError));
    expect(toast.value).toBeNull();
  });
});
