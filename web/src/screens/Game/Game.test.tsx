import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AutoNavigate } from "../../App";
import type { Card } from "../../net/types";
import { client, crown, hadView, view } from "../../state/game";
import { showToast, toast } from "../../state/toasts";
import { gameView, player } from "../../test/fixtures";
import { CrownAnimation } from "../../components/CrownAnimation/CrownAnimation";
import Game, { drawKey } from "./Game";

const c = (id: string): Card => {
  const i = id.lastIndexOf("-");
  return { id, suit: id.slice(0, i) as Card["suit"], rank: id.slice(i + 1) as Card["rank"] };
};

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AutoNavigate />
      <Routes>
        <Route path="/" element={<p>home page</p>} />
        <Route path="/lobby" element={<p>lobby page</p>} />
        <Route path="/game" element={<Game />} />
      </Routes>
    </MemoryRouter>,
  );
}

const kingdom = {
  resources: [
    { card: c("hearts-2"), orientation: "ready" as const },
    { card: c("diamonds-5"), orientation: "ready" as const },
    { card: c("clubs-3"), orientation: "used" as const },
  ],
  royals: [],
  combinations: [],
};

describe("Game table", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    view.value = null;
    hadView.value = false;
    crown.value = null;
  });

  it("goes home when there is no game state and never was", () => {
    renderAt("/game");
    expect(screen.getByText("home page")).toBeTruthy();
  });

  it("a waiting state sends the player to the lobby; playing sends them to the table", () => {
    view.value = gameView({ phase: "waiting" });
    renderAt("/");
    expect(screen.getByText("lobby page")).toBeTruthy();
    act(() => void (view.value = gameView({ phase: "choosing_resources", legalActions: [] })));
    expect(screen.getByRole("heading", { name: "Choose Your Starting Resource" })).toBeTruthy();
  });

  it("the home page is never left by force for a game in play or between hands (Home offers the way back)", () => {
    view.value = gameView({ phase: "handComplete", gameMode: "match", totalHands: 2, handHistory: [{ handNumber: 1, winnerPlayerNumber: 1, playerScores: { "1": 9, "2": 3 } }] });
    renderAt("/");
    expect(screen.getByText("home page")).toBeTruthy();
    act(() => void (view.value = gameView({ phase: "playing" })));
    expect(screen.getByText("home page")).toBeTruthy();
  });

  it("starting resource: only the listed number cards can be chosen", () => {
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true });
    view.value = gameView({
      phase: "choosing_resources",
      myHand: [c("hearts-9"), c("diamonds-J")],
      legalActions: [{ type: "chooseStartingResource", player: 1, cardId: "hearts-9" }],
    });
    renderAt("/game");
    expect((screen.getByRole("button", { name: "Jack of Diamonds" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "9 of Hearts" }));
    expect(call).toHaveBeenCalledWith("chooseStartingResource", { cardId: "hearts-9" });
  });

  it("draw first: the deck is a button only when a draw is listed", () => {
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true });
    view.value = gameView({
      deckCount: 30,
      players: [player(1, { kingdom, hasDrawnThisTurn: false }), player(2)],
      legalActions: [{ type: "drawCard", player: 1, source: "deck" }],
    });
    renderAt("/game");
    expect(screen.getByTestId("turn-header").textContent).toBe("Your Turn");
    expect(screen.queryByRole("button", { name: "Play Royal" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Draw from the deck (30 cards)" }));
    expect(call).toHaveBeenCalledWith("drawCard", { source: "deck" });
  });

  it("choosing a royal picks listed resources and enables Play Royal; the action sent is the listed one", async () => {
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true });
    const royal = { type: "playRoyal", player: 1, cardId: "hearts-Q", resourceToUseIds: ["hearts-2", "diamonds-5"] };
    view.value = gameView({
      myHand: [c("hearts-Q"), c("spades-7")],
      players: [player(1, { kingdom, hasDrawnThisTurn: true }), player(2)],
      legalActions: [royal, { type: "passTurn", player: 1 }],
    });
    renderAt("/game");
    const playRoyal = screen.getByRole("button", { name: "Play Royal" }) as HTMLButtonElement;
    expect(playRoyal.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Queen of Hearts" }));
    expect(playRoyal.disabled).toBe(false);
    expect(screen.getByRole("button", { name: "2 of Hearts, ready resource" }).getAttribute("aria-pressed")).toBe("true");
    // Deselecting a resource makes the selection unlisted: the button turns off again.
    fireEvent.click(screen.getByRole("button", { name: "2 of Hearts, ready resource" }));
    expect(playRoyal.disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "2 of Hearts, ready resource" }));
    await act(async () => void fireEvent.click(playRoyal));
    expect(call).toHaveBeenCalledWith("playRoyal", { cardId: "hearts-Q", resourceToUseIds: ["hearts-2", "diamonds-5"] });
    // A used resource cannot be selected.
    expect(screen.queryByRole("button", { name: "3 of Clubs, used resource" })).toBeNull();
    expect(screen.getByRole("img", { name: "3 of Clubs, used resource" })).toBeTruthy();
  });

  it("a pending follow-up opens the aim bar (no dialog): the target glows on the table, the bar lists it, Skip", async () => {
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true });
    view.value = gameView({
      players: [
        player(1, { kingdom, hasDrawnThisTurn: true }),
        player(2, { kingdom: { resources: [], royals: [c("spades-J")], combinations: [] } }),
      ],
      pendingAction: { type: "eating", dragonType: "dragon", canEatCount: 1 },
      legalActions: [
        { type: "eatCharacter", player: 1, targetPlayerNumber: 2, characterType: "royal", characterId: "spades-J" },
        { type: "skipPendingAction", player: 1 },
        { type: "passTurn", player: 1 },
      ],
    });
    renderAt("/game");
    expect(screen.queryByRole("dialog")).toBeNull();
    const bar = screen.getByRole("region", { name: /Your Dragon Can Feed/ });
    expect(bar.textContent).toContain("Choose a character to eat, or Skip");
    expect(bar.textContent).toContain("Eat Bo's Jack of Spades");
    // The Jack glows in Bo's kingdom; a click on it eats him.
    const target = screen.getByRole("button", { name: "Eat Bo's Jack of Spades (Jack of Spades)" });
    expect(target.dataset.aimed).toBe("true");
    await act(async () => void fireEvent.click(target));
    expect(call).toHaveBeenCalledWith("eatCharacter", { targetPlayerNumber: 2, characterType: "royal", characterId: "spades-J" });
    await act(async () => void fireEvent.click(screen.getByTestId("follow-up-skip")));
    expect(call).toHaveBeenCalledWith("skipPendingAction", {});
  });

  it("highlights Pass Turn when every resource is used, and shows the match banner", () => {
    view.value = gameView({
      gameMode: "match",
      currentHand: 2,
      totalHands: 3,
      players: [player(1, { kingdom: { ...kingdom, resources: [{ card: c("clubs-3"), orientation: "used" }] }, hasDrawnThisTurn: true }), player(2)],
      legalActions: [{ type: "passTurn", player: 1 }],
    });
    renderAt("/game");
    expect(screen.getByTestId("match-banner").textContent).toBe("Hand 2 of 3");
    expect(screen.getByTestId("btn-pass").dataset.highlight).toBe("true");
  });

  it("on others' turns: their name, card counts, no action buttons", () => {
    view.value = gameView({ currentPlayerNumber: 2, players: [player(1, { kingdom }), player(2, { cardCount: 6 })] });
    renderAt("/game");
    expect(screen.getByTestId("turn-header").textContent).toBe("Bo's Turn");
    expect(screen.getByLabelText("6 cards in hand")).toBeTruthy();
    expect(screen.queryByTestId("btn-pass")).toBeNull();
  });
});

describe("the end of a hand", () => {
  afterEach(() => {
    vi.useRealTimers();
    view.value = null;
    crown.value = null;
  });

  it("keeps the winning play on the table under the crown, then shows the score screen with the result", () => {
    vi.useFakeTimers();
    const playing = gameView({ players: [player(1, { kingdom }), player(2)] });
    view.value = playing;
    renderAt("/game");
    const history = [{ handNumber: 1, winnerPlayerNumber: 1, playerScores: { "1": 12, "2": 3 }, reason: "family" as const }];
    act(() => {
      view.value = { ...playing, phase: "finished", winner: 1, outcome: { winners: [1], reason: "family" }, handHistory: history };
      crown.value = { key: 7, playerName: "Ann", playerNumber: 1 };
    });
    expect(screen.queryByTestId("score-screen")).toBeNull();
    expect(screen.getByTestId("my-kingdom")).toBeTruthy();
    expect(screen.getByTestId("crown-animation")).toBeTruthy();
    act(() => vi.advanceTimersByTime(3299));
    expect(screen.queryByTestId("score-screen")).toBeNull();
    act(() => vi.advanceTimersByTime(10));
    expect(screen.queryByTestId("crown-animation")).toBeNull();
    expect(screen.getByTestId("score-screen")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "You Won!" })).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("leaves no toast of the hand over the score screen", () => {
    const playing = gameView({ players: [player(1, { kingdom }), player(2)] });
    view.value = playing;
    renderAt("/game");
    act(() => {
      showToast({ title: "Draw Phase Skipped", description: "No cards left", duration: 4000 });
    });
    expect(toast.value?.title).toBe("Draw Phase Skipped");
    const history = [{ handNumber: 1, winnerPlayerNumber: 2, playerScores: { "1": 3, "2": 5 }, reason: "stalled" as const }];
    act(() => {
      view.value = { ...playing, phase: "finished", winner: 2, outcome: { winners: [2], reason: "stalled" }, handHistory: history };
    });
    expect(screen.getByTestId("score-screen")).toBeTruthy();
    expect(toast.value).toBeNull();
  });
});

describe("draw animation", () => {
  afterEach(() => {
    vi.useRealTimers();
    view.value = null;
  });

  it("a new draw glows gold on its source for 3000 ms while the drawn card waits there, then flies to the hand by 3600 ms", () => {
    vi.useFakeTimers();
    // Layout and the Web Animations API are the browser's: place each zone somewhere and
    // record the animations asked for.
    const where: Record<string, number> = { deck: 500, hand: 100 };
    const rect = vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (this: HTMLElement) {
      const zone = this.closest<HTMLElement>("[data-zone]")?.dataset.zone ?? "";
      const x = where[zone] ?? 300;
      return { left: x, top: 400, width: 60, height: 84, right: x + 60, bottom: 484, x, y: 400, toJSON: () => ({}) } as DOMRect;
    });
    const calls: { el: HTMLElement; frames: Keyframe[]; opts: KeyframeAnimationOptions }[] = [];
    const proto = HTMLElement.prototype as unknown as { animate?: unknown };
    const had = proto.animate;
    proto.animate = function (this: HTMLElement, frames: Keyframe[], opts: KeyframeAnimationOptions) {
      calls.push({ el: this, frames, opts });
      return { onfinish: null, oncancel: null } as unknown as Animation;
    };
    try {
      const base = gameView({ round: 2, myHand: [c("hearts-7")], players: [player(1, { kingdom, hasDrawnThisTurn: true }), player(2)], legalActions: [{ type: "passTurn", player: 1 }] });
      view.value = base;
      renderAt("/game");
      act(() => void (view.value = { ...base, myHand: [c("hearts-7"), c("spades-9")], lastDrawAction: { playerNumber: 1, source: "deck", drawnCard: c("spades-9") } }));
      const flight = calls.find((x) => x.el.dataset.cardId === "spades-9");
      expect(flight?.opts.delay).toBe(3000);
      expect(flight?.opts.duration).toBe(600);
      expect(flight?.opts.fill).toBe("backwards");
      // It starts over the deck: 400 px to the right of its place in the hand.
      expect(String(flight?.frames[0].transform)).toContain("translate(400px, 0px)");
      expect(flight?.frames[1].transform).toBe("none");
      const deck = () => screen.getByTestId("draw-deck").className;
      const glowing = deck();
      act(() => vi.advanceTimersByTime(2999));
      expect(deck()).toBe(glowing);
      act(() => vi.advanceTimersByTime(1));
      expect(deck()).not.toBe(glowing);
    } finally {
      rect.mockRestore();
      proto.animate = had;
    }
  });

  it("tells draws apart by hand, round and player, not by later card counts", () => {
    const v = gameView({ round: 3, lastDrawAction: { playerNumber: 2, source: "deck", drawnCard: null } });
    expect(drawKey(v)).toBe(drawKey({ ...v, deckCount: v.deckCount - 1 }));
    expect(drawKey(v)).not.toBe(drawKey({ ...v, round: 4 }));
  });
});

describe("CrownAnimation", () => {
  afterEach(() => {
    vi.useRealTimers();
    crown.value = null;
  });

  it("shows 'Royal Family Complete!' with name and number for 3 s, then fades for 0.3 s", () => {
    vi.useFakeTimers();
    render(<CrownAnimation />);
    act(() => void (crown.value = { key: 1, playerName: "Ann", playerNumber: 1 }));
    expect(screen.getByText("Royal Family Complete!")).toBeTruthy();
    expect(screen.getByText("Ann · Player 1")).toBeTruthy();
    act(() => vi.advanceTimersByTime(3299));
    expect(screen.queryByTestId("crown-animation")).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId("crown-animation")).toBeNull();
  });
});
