import { fireEvent, render, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SpireNode, SpireRun, SpireTreasure } from "../../net/spire";
import SpireMap, { ActTransition, MapDialogs, MapLegend, RunSummary } from "./Map";

const featherRelic = { id: "phoenix-feather", name: "Phoenix Feather", text: "The first time HP would reach 0, return with 10 HP." };

/** A run standing in a treasure room just opened, as the server answers it. */
function fixture(treasure?: SpireTreasure): SpireRun {
  return {
    id: "run-1",
    phase: "map",
    previews: [],
    suit: "hearts",
    currentAct: 1,
    currentHP: 42,
    maxHP: 50,
    gold: 30,
    deck: ["hearts-Q", "hearts-2", "hearts-5"],
    fortified: [],
    acquiredRelics: treasure?.relic ? [treasure.relic.id] : [],
    relics: treasure?.relic ? [treasure.relic] : [],
    currentNodeIndex: 1,
    floorReached: 2,
    floor: 2,
    isOver: false,
    score: 52,
    notice: treasure?.relic ? `In the chest: ${treasure.relic.name} (${treasure.relic.text})` : "",
    removalPrice: 75,
    suitPerks: {},
    combat: null,
    reward: null,
    shop: null,
    stakes: null,
    scoreParts: { floors: 10, elites: 0, bosses: 0, hp: 42, victory: 0 },
    path: [
      { act: 1, floor: 1, kind: "combat" },
      { act: 1, floor: 2, kind: "treasure" },
    ],
    legend: {
      acts: 3,
      act: 1,
      floors: 10,
      bossFloor: 11,
      floorRules: "Floor 1: fights. Floor 6: treasure.",
      restHeal: 22,
      rooms: [
        { kind: "rest", name: "Rest site", text: "Rest: heal 22 HP (45% of your max HP), or fortify a card." },
        { kind: "boss", name: "Boss", text: "The Gatekeeper: opens with 4 cards. The Toll: wounds." },
      ],
    },
    ...(treasure ? { treasure } : {}),
  };
}

function dialogs(chest: SpireTreasure | null, onChestSeen = () => {}) {
  const run = fixture(chest ?? undefined);
  return render(<MapDialogs run={run} chest={chest} show={null} onShow={() => {}} onChestSeen={onChestSeen} onAnswer={() => {}} onFight={() => {}} />);
}

beforeAll(() => {
  // jsdom draws nothing, so it has no scrolling; the map scrolls to where the runner stands.
  Element.prototype.scrollIntoView ??= () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe("the Spire map's treasure dialog", () => {
  it("names the relic found with its text, focuses Continue, and goes on", () => {
    const seen = vi.fn();
    dialogs({ relic: featherRelic, gold: 0 }, seen);
    const dialog = screen.getByRole("dialog", { name: "Treasure" });
    const found = within(dialog).getByTestId("spire-treasure-relic");
    expect(found.textContent).toContain("Phoenix Feather");
    expect(found.textContent).toContain(featherRelic.text);
    expect(within(dialog).queryByText(/gold/)).toBeNull();
    const go = within(dialog).getByRole("button", { name: "Continue" });
    expect(document.activeElement).toBe(go);
    fireEvent.click(go);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it("says the gold when every relic was owned, and Escape closes it", () => {
    const seen = vi.fn();
    dialogs({ relic: null, gold: 100 }, seen);
    const dialog = screen.getByRole("dialog", { name: "Treasure" });
    expect(within(dialog).queryByTestId("spire-treasure-relic")).toBeNull();
    expect(dialog.textContent).toContain("Every relic is already yours");
    expect(dialog.textContent).toContain("+100 gold");
    fireEvent.keyDown(document, { key: "Escape" });
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it("shows nothing when no chest was opened", () => {
    dialogs(null);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("the Spire map's other dialogs use the shared Dialog", () => {
  it("a reward must be answered (no Close), the deck view closes on Escape", () => {
    const run = { ...fixture(), phase: "reward", reward: { gold: 14, cards: ["hearts-7"], relic: null, boss: false } };
    const onShow = vi.fn();
    render(<MapDialogs run={run} chest={null} show="deck" onShow={onShow} onChestSeen={() => {}} onAnswer={() => {}} onFight={() => {}} />);
    const reward = screen.getByRole("dialog", { name: "Reward" });
    expect(reward.getAttribute("aria-modal")).toBe("true");
    expect(within(reward).getByRole("button", { name: "Skip" })).toBeTruthy();
    expect(within(reward).queryByRole("button", { name: "Close" })).toBeNull();
    const deck = screen.getByRole("dialog", { name: "Deck (3)" });
    expect(within(deck).getAllByRole("button", { name: "Close" }).length).toBeGreaterThan(0);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(onShow).toHaveBeenCalledWith(null);
  });
});

describe("entering a treasure room on the map", () => {
  it("opens the treasure dialog from the server's answer, and Continue closes it", async () => {
    const node = (id: number, floor: number, nodeType: string, extra: Partial<SpireNode> = {}): SpireNode => ({
      id,
      floor,
      x: id,
      nodeType,
      isCompleted: false,
      isAccessible: false,
      isCurrent: false,
      children: [],
      ...extra,
    });
    const before = { ...fixture(), currentNodeIndex: 0, floorReached: 1 };
    const after = fixture({ relic: featherRelic, gold: 0 });
    let entered = false;
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? "GET"} ${url}`);
        if (url === "/api/spire/enter-node/run-1") entered = true;
        const body = url.startsWith("/api/spire/map/")
          ? {
              nodes: [
                node(0, 1, "combat", { isCompleted: true, isCurrent: !entered, children: [1] }),
                node(1, 2, "treasure", { isAccessible: !entered, isCompleted: entered, isCurrent: entered }),
              ],
            }
          : entered
            ? after
            : before;
        return new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });
      }),
    );
    render(
      <MemoryRouter initialEntries={["/spire/map/run-1"]}>
        <Routes>
          <Route path="/spire/map/:runId" element={<SpireMap />} />
        </Routes>
      </MemoryRouter>,
    );
    const chest = await screen.findByRole("button", { name: /^Treasure, floor 2, reachable/ });
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(chest);
    const dialog = await screen.findByRole("dialog", { name: "Treasure" });
    expect(calls).toContain("POST /api/spire/enter-node/run-1");
    expect(within(dialog).getByTestId("spire-treasure-relic").textContent).toContain("Phoenix Feather");
    fireEvent.click(within(dialog).getByRole("button", { name: "Continue" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: "Relics (1)" })).toBeTruthy();
  });
});

describe("the map reads its rules from the run", () => {
  it("the rest button says the run's own heal, not a fixed share", () => {
    const run = { ...fixture(), phase: "rest" };
    render(<MapDialogs run={run} chest={null} show={null} onShow={() => {}} onChestSeen={() => {}} onAnswer={() => {}} onFight={() => {}} />);
    expect(screen.getByRole("button", { name: "Rest (heal 22 HP)" })).toBeTruthy();
    expect(screen.queryByText(/30%/)).toBeNull();
  });

  it("the legend lists each room with the run's words as its tooltip", () => {
    const run = fixture();
    render(<MapLegend legend={run.legend!} />);
    const legend = screen.getByTestId("spire-legend");
    expect(legend.textContent).toContain("Act 1 of 3: 10 floors and the boss.");
    const boss = within(legend).getByLabelText(/^Boss: The Gatekeeper/);
    expect(boss.getAttribute("title")).toContain("The Toll");
  });
});

describe("the run summary", () => {
  it("shows the path act by act, the deck, the relics and the score's parts", () => {
    const run = { ...fixture({ relic: featherRelic, gold: 0 }), phase: "lost", isOver: true, score: 52 };
    render(
      <MemoryRouter>
        <RunSummary run={run} />
      </MemoryRouter>,
    );
    const summary = screen.getByTestId("spire-summary");
    expect(summary.textContent).toContain("Defeat");
    expect(within(summary).getByTitle("Floor 2: Treasure")).toBeTruthy();
    expect(summary.textContent).toContain("Phoenix Feather");
    expect(summary.textContent).toContain("Deck (3)");
    const rows = within(summary).getAllByRole("row").map((r) => r.textContent);
    expect(rows).toContain("Floors climbed10");
    expect(rows).toContain("HP left42");
    expect(rows[rows.length - 1]).toBe("Total52");
  });
});

describe("the act transition", () => {
  it("names the new act, the run's state and the boss waiting, and goes on", () => {
    const go = vi.fn();
    const run = { ...fixture(), currentAct: 2, currentNodeIndex: null, notice: "Act 2. You climb on, fully healed." };
    render(<ActTransition run={run} onGo={go} />);
    const dialog = screen.getByRole("dialog", { name: "Act 2" });
    expect(dialog.textContent).toContain("You climb on, fully healed.");
    expect(dialog.textContent).toContain("The Gatekeeper");
    fireEvent.click(within(dialog).getByRole("button", { name: "Climb on" }));
    expect(go).toHaveBeenCalledTimes(1);
  });
});
