import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RulesDialog } from "./RulesDialog";

describe("RulesDialog", () => {
  it("'Classic Game Rules' shows the 14 sections of docs/rules.md", async () => {
    render(<RulesDialog onClose={() => {}} />);
    expect(screen.getByRole("dialog", { name: "Classic Game Rules" })).toBeTruthy();
    await screen.findByRole("region", { name: "Objective" });
    expect(document.querySelectorAll("section[data-section]")).toHaveLength(14);
    expect(screen.getByRole("region", { name: "Dragon Slaying" })).toBeTruthy();
  });

  it("custom rules from localStorage replace the built-in ones", async () => {
    localStorage.setItem("game_rules_custom", JSON.stringify([{ key: "house", title: "House Rules", content: "Kings **rule**." }]));
    render(<RulesDialog onClose={() => {}} />);
    await screen.findByRole("region", { name: "House Rules" });
    expect(document.querySelectorAll("section[data-section]")).toHaveLength(1);
    expect(screen.getByRole("region", { name: "House Rules" }).textContent).toContain("Kings rule.");
  });
});
