import { describe, expect, it } from "vitest";
import { parseBlocks, parseCardToken, parseInline, slug } from "./markdown";

describe("markdown", () => {
  it("reads a line of card pictures, with Heroes and used resources", () => {
    const [block] = parseBlocks("![A *Horse*](6♥ 6♣ R★ 5♦:used)");
    expect(block.kind).toBe("cards");
    if (block.kind !== "cards") return;
    expect(block.cards.map((c) => [c.card.suit, c.card.rank, c.used])).toEqual([
      ["hearts", "6", false],
      ["clubs", "6", false],
      ["red-joker", "JOKER", false],
      ["diamonds", "5", true],
    ]);
    expect(block.caption).toEqual([{ t: "text", v: "A " }, { t: "i", v: "Horse" }]);
    // Not a card: the line stays text, so a typo shows in the preview instead of vanishing.
    expect(parseBlocks("![oops](6♥ 11♣)")[0].kind).toBe("p");
    expect(parseCardToken("10♠")?.card.rank).toBe("10");
    expect(parseCardToken("B★")?.card.suit).toBe("black-joker");
    expect(parseCardToken("1♠")).toBeNull();
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
