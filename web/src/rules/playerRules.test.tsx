import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { parseBlocks } from "../logic/markdown";
import { tutorialActive, view } from "../state/game";
import { gameView } from "../test/fixtures";
import { TutorialOverlay } from "../tutorial/TutorialOverlay";
import { TutorialProvider, useTutorial } from "../tutorial/TutorialProvider";
import { loadPlayerRules, SECTION_KEYS, type RulesSection } from "./playerRules";
import { combinationTiles, royalTiles } from "./reference";

const RULING = /\bR\d+\b/;
const CARD_ID = /\b(hearts|diamonds|clubs|spades)-(\d+|[AJQK])\b|\b(red|black)-joker\b|\bpeasant-(woman|man|boy|girl)\b/;

describe("the rules for players (docs/rules-for-players.json)", () => {
  it("has the 14 sections, each a key, a title and content", async () => {
    const sections = await loadPlayerRules();
    expect(sections.map((s) => s.key)).toEqual([...SECTION_KEYS]);
    expect(sections.map((s) => s.title)).toEqual([
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
    for (const s of sections) expect(s.content.length).toBeGreaterThan(200);
  });

  it("is written for players: no ruling numbers, no card ids, every card picture drawable", async () => {
    for (const s of await loadPlayerRules()) {
      expect(s.content, s.key).not.toMatch(RULING);
      expect(s.content, s.key).not.toMatch(CARD_ID);
      const blocks = parseBlocks(s.content);
      // A picture line that failed to parse would be left as a paragraph starting with '!['.
      const broken = blocks.filter((b) => b.kind === "p" && b.text.map((t) => t.v).join("").includes("!["));
      expect(broken, s.key).toEqual([]);
    }
    const pictures = (await loadPlayerRules()).flatMap((s) => parseBlocks(s.content)).filter((b) => b.kind === "cards");
    expect(pictures.length).toBeGreaterThanOrEqual(15);
  });

  it("hands out copies: editing one does not change the source", async () => {
    const a = await loadPlayerRules();
    a[0].content = "changed";
    expect((await loadPlayerRules())[0].content).not.toBe("changed");
  });
});

describe("the tutorial's reference screens read the same source", () => {
  it("builds the combination and royal tiles from the Beasts and Playing Royals tables", async () => {
    const sections = await loadPlayerRules();
    const combos = combinationTiles(sections);
    expect(combos.map((t) => t.name)).toEqual([
      "Horse",
      "Unicorn",
      "Dragon",
      "Golden Dragon",
      "Silver Dragon",
      "Divine Dragon",
      "Castle",
      "Cathedral",
      "Hail of Arrows",
      "Flaming Salvo",
    ]);
    expect(combos[0].text).toBe("A pair: 6♥ 6♣. 2 resources, draws 1. Worth 1 point. Any royal may ride it.");
    expect(combos[5].text).toContain("4 resources, draws one fewer than its cards (3 for 4 cards). Worth 2 points.");
    expect(combos[8].text).toMatch(/^An Ace and a 10 of different suits: A♠ 10♥\. No resources\. /);
    const royals = royalTiles(sections);
    expect(royals.map((t) => [t.name, t.text.split(".")[0]])).toEqual([
      ["Jack", "1 ready resource of its colour"],
      ["Queen", "2 ready resources of its colour"],
      ["King", "3 ready resources of its colour"],
      ["Hero", "4 ready resources of its colour"],
    ]);
  });

  it("follows the text: a changed cost in the section changes the tile", async () => {
    const sections: RulesSection[] = (await loadPlayerRules()).map((s) =>
      s.key === "playing-royals" ? { ...s, content: s.content.replace("| Queen | 2 |", "| Queen | 5 |") } : s,
    );
    expect(royalTiles(sections)[1].text).toMatch(/^5 ready resources/);
  });

  it("the overlay shows the tiles on the combinations-reference step", async () => {
    function JumpTo() {
      const t = useTutorial();
      return (
        <button type="button" onClick={() => t.jump("combinations-reference")}>
          jump
        </button>
      );
    }
    view.value = { ...gameView({ roomCode: "TUTOR1" } as never), isTutorial: true, tutorialMode: "basics" } as never;
    tutorialActive.value = true;
    render(
      <MemoryRouter initialEntries={["/game"]}>
        <TutorialProvider>
          <TutorialOverlay />
          <JumpTo />
        </TutorialProvider>
      </MemoryRouter>,
    );
    act(() => fireEvent.click(screen.getByRole("button", { name: "jump" })));
    const screenEl = screen.getByTestId("combinations-reference");
    const horse = await within(screenEl).findByRole("heading", { name: "Horse" });
    expect(horse.nextElementSibling?.textContent).toContain("2 resources, draws 1");
    expect(within(screenEl).getByRole("heading", { name: "Cathedral" }).nextElementSibling?.textContent).toContain("4 resources, draws 3. Worth 3 points.");
  });
});

afterEach(() => {
  view.value = null;
  tutorialActive.value = false;
});
