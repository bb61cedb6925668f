import { describe, expect, it } from "vitest";
import { parseBlocks, parseInline, parseSections, slug } from "./markdown";
import { loadRulesMarkdown } from "../components/RulesDialog/RulesDialog";

describe("markdown", () => {
  it("splits docs/rules.md into the 14 sections of 'Classic Game Rules'", async () => {
    const titles = parseSections(await loadRulesMarkdown()).map((s) => s.title);
    expect(titles).toEqual([
      "Objective",
      "Setup",
      "Card Types",
      "Playing Royals",
      "Beasts",
      "Architecture",
      "Riding",
      "Dragon Eating",
      "Dragon Slaying",
      "Hail of Arrows",
      "Turn Structure",
      "Discard Pile",
      "Winning",
      "Strategy",
    ]);
  });
  it("reads lists, tables and inline marks", () => {
    const blocks = parseBlocks("Some **bold** and `code`.\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n");
    expect(blocks.map((b) => b.kind)).toEqual(["p", "ul", "table"]);
    expect(parseInline("a **b** *c*")).toEqual([
      { t: "text", v: "a " },
      { t: "b", v: "b" },
      { t: "text", v: " " },
      { t: "i", v: "c" },
    ]);
    expect(slug("Hail of Arrows")).toBe("hail-of-arrows");
  });
});
