import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ActionJson, GameView } from "../net/types";
import { gameView } from "../test/fixtures";
import {
  BEAT_MS,
  DRAW_ANIMATION_MS,
  FADE_MS,
  HIT_MS,
  MAX_LAG_MS,
  MIN_MOVE_MS,
  PresentationQueue,
  REDUCED_DRAW_MS,
  THEIR_TRAVEL_MS,
  TURN_LAG_MS,
  classify,
  holdFor,
  listenForSkip,
} from "./pacing";

const MOVE = THEIR_TRAVEL_MS + HIT_MS + BEAT_MS;
const DRAW = DRAW_ANIMATION_MS + BEAT_MS;
const draw: ActionJson = { type: "drawCard", source: "deck" };

/** A state numbered by `seq` (deckCount), with the turn at `turn`. */
function state(seq: number, turn: number, extra: Partial<GameView> = {}): GameView {
  return gameView({ deckCount: seq, currentPlayerNumber: turn, legalActions: [], ...extra });
}

/** A bot's draw (player 2), seen by player 1. */
function botDraw(seq: number, key: number): GameView {
  return state(seq, 2, { lastDrawAction: { playerNumber: 2, source: "deck", drawnCard: null, timestamp: key } });
}

function setup(options: { reduced?: boolean } = {}) {
  const shown: number[] = [];
  const times: number[] = [];
  const q = new PresentationQueue({
    present: (v) => {
      shown.push(v.deckCount);
      times.push(Date.now());
    },
    reducedMotion: () => options.reduced ?? false,
  });
  return { q, shown, times };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(0);
});
afterEach(() => vi.useRealTimers());

describe("classify", () => {
  it("tells the player's own moves, other players' moves, quiet states and resets apart", () => {
    const mine = state(1, 1);
    expect(classify(null, mine)).toBe("reset");
    expect(classify(mine, state(2, 2))).toBe("mine"); // the player passed: the turn went on
    expect(classify(state(2, 2), state(3, 2))).toBe("theirs");
    // A follow-up of the player's on another player's turn: answered by the player.
    expect(classify(state(2, 2, { legalActions: [draw] }), state(3, 2))).toBe("mine");
    expect(classify(state(2, 2), state(3, 2, { roomCode: "OTHER" }))).toBe("reset");
    expect(classify(state(2, 2), state(3, 2), true)).toBe("reset");
    expect(classify(state(2, 2, { phase: "handComplete" }), state(3, 2, { phase: "handComplete" }))).toBe("quiet");
  });
});

describe("'Animation speed'", () => {
  it("Normal keeps the 3600 ms draw; Fast holds every move a third as long", () => {
    const prev = state(2, 2);
    const drew = state(3, 2, { lastDrawAction: { playerNumber: 2, source: "deck", drawnCard: null } });
    expect(holdFor("theirs", prev, drew, false)).toBe(DRAW);
    expect(holdFor("theirs", prev, drew, false, 1 / 3)).toBeCloseTo(DRAW / 3);
    expect(holdFor("theirs", prev, state(3, 2), false, 1 / 3)).toBeCloseTo(MOVE / 3);
  });
});

describe("the presentation queue", () => {
  it("shows a bot's consecutive moves one at a time, each held for its animation", () => {
    const { q, shown, times } = setup();
    q.push(state(0, 1));
    q.push(state(1, 2)); // mine: the pass
    expect(shown).toEqual([0, 1]);
    vi.advanceTimersByTime(2000);
    q.push(state(2, 2)); // the bot plays: shown at once, nothing is waiting
    q.push(state(3, 2)); // and again, right away
    q.push(state(4, 2));
    expect(shown).toEqual([0, 1, 2]);
    expect(q.pending).toBe(2);
    vi.advanceTimersByTime(MOVE - 1);
    expect(shown).toEqual([0, 1, 2]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([0, 1, 2, 3]);
    vi.advanceTimersByTime(MOVE);
    expect(shown).toEqual([0, 1, 2, 3, 4]);
    expect(times.slice(2)).toEqual([2000, 2000 + MOVE, 2000 + 2 * MOVE]);
    expect(q.pending).toBe(0);
  });

  it("holds another player's draw for the 3600 ms draw animation (and a beat)", () => {
    const { q, times } = setup();
    q.push(state(0, 2));
    vi.advanceTimersByTime(5000);
    q.push(botDraw(1, 1));
    q.push(state(2, 2, { lastDrawAction: botDraw(1, 1).lastDrawAction }));
    vi.advanceTimersByTime(MAX_LAG_MS);
    expect(times).toEqual([0, 5000, 5000 + DRAW]);
  });

  it("shows the player's own move at once, with anything still waiting shown first", () => {
    const { q, shown } = setup();
    q.push(state(0, 2));
    vi.advanceTimersByTime(5000);
    q.push(state(1, 2));
    q.push(state(2, 2));
    q.push(state(3, 1, { legalActions: [draw] })); // the player's turn
    expect(shown).toEqual([0, 1]);
    q.skip(); // they clicked: the newest state at once
    expect(shown).toEqual([0, 1, 3]);
    q.push(state(4, 1)); // their own move
    expect(shown).toEqual([0, 1, 3, 4]);
  });

  it("never keeps the player waiting for their turn longer than TURN_LAG_MS, spreading the moves before it", () => {
    const { q, shown, times } = setup();
    q.push(state(0, 2));
    vi.advanceTimersByTime(5000);
    q.push(botDraw(1, 1)); // shown at 5000, a 3.9 s hold
    vi.advanceTimersByTime(100);
    q.push(state(2, 2)); // the bot plays
    q.push(state(3, 1, { legalActions: [draw] })); // and passes: the player's turn, at 5100
    vi.advanceTimersByTime(TURN_LAG_MS);
    expect(shown).toEqual([0, 1, 2, 3]);
    // Both moves shown in order, evenly spaced, the turn within TURN_LAG_MS of its arrival.
    expect(times[2]).toBe(5000 + (5100 + TURN_LAG_MS - 5000) / 2);
    expect(times[3]).toBeLessThanOrEqual(5100 + TURN_LAG_MS);
    expect(times[3] - times[2]).toBeGreaterThanOrEqual(700);
  });

  it("after a busy bot turn, each move before the player's turn is still seen for MIN_MOVE_MS", () => {
    const { q, shown, times } = setup();
    q.push(state(0, 2));
    vi.advanceTimersByTime(5000);
    for (let i = 1; i <= 5; i++) q.push(state(i, 2)); // five moves at once: 1 shown, 4 waiting
    q.push(state(6, 1, { legalActions: [draw] })); // then the player's turn
    vi.advanceTimersByTime(MAX_LAG_MS);
    expect(shown).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (let i = 2; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(MIN_MOVE_MS);
    // Five slots of MIN_MOVE_MS: the turn after 3 s, more than TURN_LAG_MS, less than MAX_LAG_MS.
    expect(times[6] - 5000).toBe(5 * MIN_MOVE_MS);
  });

  it("a late timer does not lengthen the wait for the turn: a move already due is shown first, not counted", () => {
    const shown: number[] = [];
    const times: number[] = [];
    const now = { t: 0 };
    const q = new PresentationQueue({
      present: (v) => {
        shown.push(v.deckCount);
        times.push(now.t);
      },
      now: () => now.t,
    });
    q.push(state(0, 2));
    now.t = 5000;
    for (let i = 1; i <= 4; i++) q.push(state(i, 2)); // 1 shown, 2-4 waiting, a move apart
    // The page was busy: no timer ran for two moves' holds.
    now.t = 5000 + 2 * MOVE + 10;
    q.push(state(5, 1, { legalActions: [draw] })); // the player's turn
    // 2 was due: shown now (and held from now), before the moves ahead of the turn are counted.
    expect(shown).toEqual([0, 1, 2]);
    expect(q.pending).toBe(3);
    const arrived = now.t;
    for (let k = 0; k < 20 && q.pending; k++) {
      now.t += 100;
      vi.runOnlyPendingTimers();
    }
    expect(shown).toEqual([0, 1, 2, 3, 4, 5]);
    // Two moves still to show before the turn (3 and 4): three slots of MIN_MOVE_MS, not a
    // fourth for the move that was only late.
    expect(times[5] - arrived).toBeLessThanOrEqual(3 * MIN_MOVE_MS + 100);
    expect(times[5] - arrived).toBeGreaterThanOrEqual(TURN_LAG_MS);
  });

  it("never falls more than MAX_LAG_MS behind when many moves pile up", () => {
    const { q, shown, times } = setup();
    q.push(state(0, 2));
    vi.advanceTimersByTime(5000);
    const arrived: number[] = [];
    for (let i = 1; i <= 12; i++) {
      arrived.push(Date.now());
      q.push(state(i, 2));
      vi.advanceTimersByTime(200); // a fast bot: a move every 200 ms
    }
    vi.advanceTimersByTime(MAX_LAG_MS);
    expect(shown).toEqual([0, ...Array.from({ length: 12 }, (_, i) => i + 1)]);
    times.slice(1).forEach((t, i) => expect(t - arrived[i]).toBeLessThanOrEqual(MAX_LAG_MS));
    // Still one after another: never two at the same moment.
    for (let i = 2; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]);
  });

  it("shows a state whose deadline passed at once, skipping the ones before it (their events still run, in order)", () => {
    const shown: number[] = [];
    const now = { t: 0 };
    const late = new PresentationQueue({ present: (v) => shown.push(v.deckCount), now: () => now.t });
    late.push(state(0, 2));
    now.t = 5000;
    late.push(state(1, 2));
    const ran: string[] = [];
    late.push(state(2, 2));
    late.event(() => ran.push("after 2"));
    late.push(state(3, 2));
    late.event(() => ran.push("after 3"));
    // A throttled tab: the timers come late.
    now.t = 5000 + MAX_LAG_MS + 10;
    vi.runOnlyPendingTimers();
    expect(shown.slice(-2)).toEqual([1, 3]);
    expect(ran).toEqual(["after 2", "after 3"]);
    expect(late.pending).toBe(0);
  });

  it("runs an event when the state it follows is shown: the crown comes with the winning play", () => {
    const { q, shown } = setup();
    const ran: number[] = [];
    q.push(state(0, 2));
    vi.advanceTimersByTime(5000);
    q.push(state(1, 2));
    q.push(state(2, 2, { phase: "handComplete" })); // the bot's winning play
    q.event(() => ran.push(shown[shown.length - 1]));
    q.push(state(3, 2, { phase: "handComplete", scoreScreenTimer: 29 })); // the countdown: quiet
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(MOVE);
    expect(ran).toEqual([2]);
    expect(shown).toEqual([0, 1, 2]);
    vi.advanceTimersByTime(MOVE);
    expect(shown).toEqual([0, 1, 2, 3]);
    // Nothing waiting: an event runs at once.
    q.event(() => ran.push(-1));
    expect(ran).toEqual([2, -1]);
  });

  it("shows the first state after a reconnection, or another room's, at once", () => {
    const { q, shown } = setup();
    q.push(state(0, 2));
    vi.advanceTimersByTime(5000);
    q.push(state(1, 2));
    q.push(state(2, 2));
    q.resync();
    q.push(state(3, 2));
    expect(shown).toEqual([0, 1, 2, 3]);
    q.push(state(4, 2, { roomCode: "NEXT" }));
    expect(shown).toEqual([0, 1, 2, 3, 4]);
    q.clear();
    q.push(state(5, 2));
    expect(shown[shown.length - 1]).toBe(5);
  });

  it("holds for less with prefers-reduced-motion: fades instead of travel", () => {
    const { q, times } = setup({ reduced: true });
    q.push(state(0, 2));
    vi.advanceTimersByTime(5000);
    q.push(botDraw(1, 1));
    q.push(state(2, 2, { lastDrawAction: botDraw(1, 1).lastDrawAction }));
    q.push(state(3, 2, { lastDrawAction: botDraw(1, 1).lastDrawAction }));
    vi.advanceTimersByTime(MAX_LAG_MS);
    expect(times).toEqual([0, 5000, 5000 + REDUCED_DRAW_MS + BEAT_MS, 5000 + REDUCED_DRAW_MS + BEAT_MS + FADE_MS + BEAT_MS]);
  });

  it("a click or a key press shows the newest state at once", () => {
    const { q, shown } = setup();
    const stop = listenForSkip(q, window);
    q.push(state(0, 2));
    vi.advanceTimersByTime(5000);
    q.push(state(1, 2));
    q.push(state(2, 2));
    q.push(state(3, 2));
    window.dispatchEvent(new KeyboardEvent("keydown", { key: " " }));
    expect(shown).toEqual([0, 1, 3]);
    q.push(state(4, 2));
    q.push(state(5, 2));
    stop();
    window.dispatchEvent(new KeyboardEvent("keydown", { key: " " }));
    expect(shown).toEqual([0, 1, 3]);
  });
});
