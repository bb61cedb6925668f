import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { client, tutorialActive, view } from "../state/game";
import { tutorialCompleted } from "../state/settings";
import { gameView } from "../test/fixtures";
import { HIGHLIGHTS, needsNewGame, nextIndex, STEPS, TUTORIAL_MODES } from "./steps";
import { TutorialOverlay } from "./TutorialOverlay";
import { NEXT_LOCK_MS, TutorialProvider, useTutorial } from "./TutorialProvider";

/** A push as the server sends it (the client's private dispatch). */
function push(stepId: string) {
  act(() => (client as unknown as { dispatch(n: string, p: unknown): void }).dispatch("advanceTutorialStep", stepId));
}

function Jumper() {
  const t = useTutorial();
  return (
    <>
      <button type="button" onClick={() => t.jump("completion")}>
        jump
      </button>
      <button type="button" onClick={() => t.jump("crop-rotation")}>
        jump to crop rotation
      </button>
    </>
  );
}

function mount(mode = "basics") {
  view.value = { ...gameView({ roomCode: "TUTOR1" } as never), isTutorial: true, tutorialMode: mode } as never;
  tutorialActive.value = true;
  return render(
    <MemoryRouter initialEntries={["/game"]}>
      <TutorialProvider>
        <TutorialOverlay />
        <Jumper />
      </TutorialProvider>
    </MemoryRouter>,
  );
}

function setTurn(player: number) {
  act(() => void (view.value = { ...view.value!, currentPlayerNumber: player }));
}

const stepId = () => screen.getByTestId("tutorial-banner").getAttribute("data-step-id");

describe("tutorial steps", () => {
  it("has the five modes with their labels", () => {
    expect(TUTORIAL_MODES.map((m) => m.label)).toEqual(["Basics", "Multiplayer", "Advanced Combos", "Constructed", "Quest Mode"]);
    for (const m of TUTORIAL_MODES) expect(STEPS[m.value].length).toBeGreaterThan(2);
  });

  it("basics follows its sequence, ids unique, one reference each", () => {
    const ids = STEPS.basics.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    const order = ["welcome", "board-overview", "draw-card", "play-resource", "pass-turn", "opponent-turn", "play-royal", "pass-turn-2", "opponent-third-turn-intro", "opponent-queen", "crop-rotation", "play-horse", "mount-queen", "combinations-reference", "completion", "dragon-intro", "play-dragon", "eat-royal"];
    const positions = order.map((id) => ids.indexOf(id));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]))).toBe(true);
    expect(STEPS.basics.find((s) => s.id === "all-royals-reference")?.reference).toBe("all-royals-reference");
    expect(STEPS.basics.filter((s) => s.resumesBot).map((s) => s.id)).toEqual(["opponent-turn", "opponent-third-turn-intro"]);
    expect(STEPS.basics.find((s) => s.id === "draw-card")?.action).toBe("draw-card");
  });

  it("highlights every area and button the steps name", () => {
    expect(Object.keys(HIGHLIGHTS)).toEqual(expect.arrayContaining(["myKingdom", "handSection", "drawSection", "resourcesSection", "passTurn", "playRoyal", "playResource", "rotateResource", "playCombination", "playDragon"]));
  });

  it("skips automatic steps that are already done and knows which switches need a new game", () => {
    const steps = STEPS.basics;
    const at = steps.findIndex((s) => s.id === "opponent-turn");
    expect(steps[nextIndex(steps, at, new Set())].id).toBe("opponent-turn-watching");
    expect(steps[nextIndex(steps, at, new Set(["opponent-turn-watching"]))].id).toBe("all-royals-reference");
    expect(needsNewGame("basics", "quest")).toBe(false);
    expect(needsNewGame("basics", "multiplayer")).toBe(true);
    expect(needsNewGame("advanced-combos", "constructed")).toBe(true);
  });
});

describe("tutorial overlay", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    tutorialCompleted.value = false;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    view.value = null;
    tutorialActive.value = false;
  });

  it("useTutorial throws outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    function Probe() {
      useTutorial();
      return null;
    }
    expect(() => render(<Probe />)).toThrow("useTutorial must be used within a TutorialProvider");
  });

  it("Next is locked for a second after each click; automatic steps wait for the server", () => {
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true });
    mount();
    expect(stepId()).toBe("welcome");
    expect(screen.getByRole("option", { name: "Quest Mode" })).toBeTruthy();
    fireEvent.click(screen.getByTestId("tutorial-next"));
    expect(stepId()).toBe("board-overview");
    const next = screen.getByTestId("tutorial-next") as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    act(() => void vi.advanceTimersByTime(NEXT_LOCK_MS - 10));
    expect(next.disabled).toBe(true);
    act(() => void vi.advanceTimersByTime(20));
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(stepId()).toBe("draw-card");
    expect(screen.queryByTestId("tutorial-next")).toBeNull();
    expect(screen.getByText("Complete the action to continue...")).toBeTruthy();
    push("pass-turn"); // not the current step: remembered for later
    expect(stepId()).toBe("draw-card");
    push("draw-card");
    expect(stepId()).toBe("play-resource");
    push("play-resource");
    expect(stepId()).toBe("opponent-turn"); // pass-turn was already done
    act(() => void vi.advanceTimersByTime(NEXT_LOCK_MS));
    setTurn(2); // the learner passed: the bot's turn
    fireEvent.click(screen.getByTestId("tutorial-next"));
    expect(call).toHaveBeenCalledWith("resumeTutorialBot", {});
    expect(stepId()).toBe("opponent-turn-watching");
    push("opponent-turn-watching");
    expect(screen.getByTestId("all-royals-reference")).toBeTruthy();
    act(() => void vi.advanceTimersByTime(NEXT_LOCK_MS));
    fireEvent.click(screen.getByRole("button", { name: "Got it!" }));
    expect(stepId()).toBe("play-royal");
  });

  it("a watching step also ends when the turn comes back without a push", () => {
    vi.spyOn(client, "call").mockResolvedValue({ success: true });
    mount("multiplayer");
    for (const id of ["mp-draw", "mp-play-resource"]) push(id);
    act(() => void vi.advanceTimersByTime(NEXT_LOCK_MS));
    setTurn(2);
    fireEvent.click(screen.getByTestId("tutorial-next"));
    expect(stepId()).toBe("mp-pass");
    push("mp-pass");
    expect(stepId()).toBe("mp-others-turn");
    setTurn(1);
    expect(stepId()).toBe("mp-play-queen");
  });

  it("the dragon lesson is offered once the server says the learner holds a run", () => {
    vi.spyOn(client, "call").mockResolvedValue({ success: true });
    mount();
    fireEvent.click(screen.getByRole("button", { name: "jump" }));
    expect(stepId()).toBe("completion");
    expect(screen.getByTestId("tutorial-next").textContent).toBe("Finish");
    expect(screen.queryByTestId("tutorial-branch")).toBeNull();
    push("dragon-ready");
    fireEvent.click(screen.getByTestId("tutorial-branch"));
    expect(stepId()).toBe("dragon-intro");
  });

  it("never stops on a step the server says can no longer be done", () => {
    vi.spyOn(client, "call").mockResolvedValue({ success: true });
    mount();
    fireEvent.click(screen.getByRole("button", { name: "jump to crop rotation" }));
    expect(stepId()).toBe("crop-rotation");
    // advanceTutorialStep {stepId, impossible: true}: the client hands on the id
    push("play-horse");
    push("mount-queen");
    expect(stepId()).toBe("crop-rotation");
    push("crop-rotation");
    expect(stepId()).toBe("pass-turn-3");
    push("pass-turn-3");
    // the Horse and the mounting are skipped: straight to the combinations guide
    expect(screen.getByTestId("combinations-reference")).toBeTruthy();
  });

  it("a tutorial game shown without the lesson (e.g. after a reload) frees the bot", () => {
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true });
    mount();
    expect(call).not.toHaveBeenCalled();
    cleanup();
    tutorialActive.value = false;
    render(
      <MemoryRouter initialEntries={["/game"]}>
        <TutorialProvider>
          <TutorialOverlay />
        </TutorialProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByTestId("tutorial-banner")).toBeNull();
    expect(call).toHaveBeenCalledWith("resumeTutorialBot", { all: true });
  });

  it("Skip ends the tutorial without the flag and frees the bot", () => {
    const call = vi.spyOn(client, "call").mockResolvedValue({ success: true });
    mount();
    fireEvent.click(screen.getByTestId("tutorial-skip"));
    expect(screen.queryByTestId("tutorial-banner")).toBeNull();
    expect(tutorialActive.value).toBe(false);
    expect(tutorialCompleted.value).toBe(false);
    expect(localStorage.getItem("tutorialCompleted")).toBeNull();
    expect(call).toHaveBeenCalledWith("resumeTutorialBot", { all: true });
  });

  it("the quest lesson guides its moves step by step from the view, the counter following", () => {
    vi.spyOn(client, "call").mockResolvedValue({ success: true });
    mount("quest");
    const counter = () => screen.getByTestId("tutorial-action-prompt").textContent;
    expect(stepId()).toBe("quest-intro");
    expect(counter()).toContain("Tutorial step 1 of 7");
    fireEvent.click(screen.getByTestId("tutorial-next"));
    expect(stepId()).toBe("quest-battle");
    expect(counter()).toContain("Tutorial step 2 of 7");
    expect(screen.queryByTestId("tutorial-next")).toBeNull();
    const me = (extra: object) => view.value!.players.map((p) => (p.number === 1 ? { ...p, ...extra } : p));
    act(() => void (view.value = { ...view.value!, players: me({ hasDrawnThisTurn: true }) }));
    expect(stepId()).toBe("quest-play");
    act(() => void (view.value = { ...view.value!, playedThisTurn: true }));
    expect(stepId()).toBe("quest-pass");
    setTurn(2);
    expect(stepId()).toBe("quest-watch");
    setTurn(1);
    expect(stepId()).toBe("quest-start");
    expect(counter()).toContain("Tutorial step 6 of 7");
  });

  it("the last step reads Finish and stores tutorialCompleted", () => {
    vi.spyOn(client, "call").mockResolvedValue({ success: true });
    mount("quest");
    expect(stepId()).toBe("quest-intro");
    fireEvent.click(screen.getByTestId("tutorial-next"));
    act(() => void vi.advanceTimersByTime(NEXT_LOCK_MS));
    // The learner draws, plays and passes before reading on: the turn gone, only the watch is left.
    act(() => void (view.value = { ...view.value!, playedThisTurn: true, currentPlayerNumber: 2 }));
    expect(stepId()).toBe("quest-watch");
    setTurn(1);
    expect(stepId()).toBe("quest-start");
    for (const expected of ["Next", "Finish"]) {
      expect(screen.getByTestId("tutorial-next").textContent).toBe(expected);
      fireEvent.click(screen.getByTestId("tutorial-next"));
      act(() => void vi.advanceTimersByTime(NEXT_LOCK_MS));
    }
    expect(tutorialCompleted.value).toBe(true);
    expect(localStorage.getItem("tutorialCompleted")).toBe("true");
    expect(screen.queryByTestId("tutorial-banner")).toBeNull();
  });

  it("switching to a lesson on another deal opens the welcome modal for a new game", () => {
    vi.spyOn(client, "call").mockResolvedValue({ success: true });
    mount("advanced-combos");
    expect(stepId()).toBe("adv-welcome");
    fireEvent.change(screen.getByTestId("tutorial-mode"), { target: { value: "constructed" } });
    // advanced-combos has its own deal: the welcome modal prepares a new game
    expect(screen.getByRole("dialog", { name: "Welcome to the Tutorial!" })).toBeTruthy();
  });
});
