/**
 * The presentation queue: the game states the server pushes are shown at a pace a player can
 * follow. The server sends a bot's moves as fast as the bot plays them (several in a row, then
 * the next bot's); shown as they come, the table would jump. Instead:
 *
 * - The player's own moves are shown at once (anything still waiting is shown first, at once).
 * - Another player's move is shown when the one before it has been on screen long enough for its
 *   animation to be seen: its travel, room for a hit effect and a short beat (THEIR_TRAVEL_MS +
 *   HIT_MS + BEAT_MS, 1430 ms), a draw the 3600 ms draw animation plus the beat. With
 *   prefers-reduced-motion the travel is a 300 ms fade and the holds are shorter (600 ms, a
 *   draw 1500 ms).
 * - The queue never falls far behind: a state is on screen at most MAX_LAG_MS (4.5 s) after it
 *   arrived, and a state that gives the player something to do (their turn, a follow-up) at
 *   most TURN_LAG_MS (1.5 s) after it arrived, or MIN_MOVE_MS (0.6 s) for each move still to
 *   show before it when a bot's turn was busy (never more than MAX_LAG_MS). When states pile
 *   up, the holds before such a deadline are shortened evenly; a state whose deadline has passed
 *   (a throttled background tab) is shown at once with everything before it skipped.
 * - A click or a key press (listenForSkip) shows the newest state at once.
 * - Another room's first state and the first state after a reconnection are shown at once (the
 *   queue is emptied first); states outside play (lobby, resource choice, score screen
 *   countdown) carry no animation: they are held for nothing, but keep their place in order.
 * - Events that belong to a state (the crown, a toast, a tutorial step) run when that state is
 *   shown, so that the end of a hand keeps its order: the winning play, then the crown, then
 *   the score screen.
 */
import type { GameView } from "../net/types";

/** The travel of the player's own move's cards (components/Table/useTravel). */
export const MY_TRAVEL_MS = 450;
/** Other players' moves travel slower, so they can be followed. */
export const THEIR_TRAVEL_MS = 750;
/** The hit effect on an eaten, shot, slain or demolished card before it travels away. */
export const HIT_MS = 380;
/** The draw animation: a golden selection phase, then the card lands at 3600 ms. */
export const DRAW_GOLDEN_MS = 3000;
export const DRAW_ANIMATION_MS = 3600;
/** With prefers-reduced-motion, travel is a fade of this length. */
export const FADE_MS = 300;
/** A short pause after an animation before the next move is shown. */
export const BEAT_MS = 300;
/** A reduced-motion draw: the golden mark on the source, without waiting for the whole glow. */
export const REDUCED_DRAW_MS = 1200;
/** The longest a state waits before it is shown (longer than a draw's hold: the draw wins). */
export const MAX_LAG_MS = 4500;
/**
 * A state that gives the player something to do waits at most this long before it is shown,
 * or MIN_MOVE_MS for each move still to show before it (a busy turn of a bot), up to MAX_LAG_MS.
 */
export const TURN_LAG_MS = 1500;
/** The shortest time another player's move stays on screen before the player's turn comes. */
export const MIN_MOVE_MS = 600;

/**
 * Identifies one draw: a player draws once a turn, so hand, round and player tell draws apart
 * (cards drawn later in the turn by a Jack or Queen leave lastDrawAction as it was).
 */
export function drawKey(v: GameView): string | null {
  const d = v.lastDrawAction;
  return d ? `${v.currentHand}:${v.round ?? ""}:${d.playerNumber}:${d.source}:${d.selectedCardId ?? ""}:${d.drawnCard?.id ?? ""}:${d.timestamp ?? ""}` : null;
}

/**
 * What a new state is, compared with the one received before it:
 * reset (another room, or the first state after a reconnection: shown at once, the queue
 * emptied), mine (the player's own move: shown at once), theirs (another player's move: paced),
 * quiet (outside play: no animation, kept in order).
 */
export type Kind = "reset" | "mine" | "theirs" | "quiet";

export function classify(prev: GameView | null, next: GameView, resync = false): Kind {
  if (resync || !prev || prev.roomCode !== next.roomCode) return "reset";
  if (prev.phase !== "playing") return "quiet";
  // The player was the one to act (their turn, or a follow-up of theirs): the move was theirs.
  const me = next.myPlayerNumber;
  return me != null && (prev.currentPlayerNumber === me || actionable(prev)) ? "mine" : "theirs";
}

/** How long a state stays on screen before the next may replace it (unless the queue is late). */
export function holdFor(kind: Kind, prev: GameView | null, next: GameView, reduced: boolean, scale = 1): number {
  if (kind === "reset" || kind === "quiet") return 0;
  if (kind === "mine") return (reduced ? FADE_MS : MY_TRAVEL_MS) * scale;
  const draw = prev && drawKey(next) !== drawKey(prev) && next.lastDrawAction && next.lastDrawAction.playerNumber !== next.myPlayerNumber;
  if (draw) return ((reduced ? REDUCED_DRAW_MS : DRAW_ANIMATION_MS) + BEAT_MS) * scale;
  return ((reduced ? FADE_MS : THEIR_TRAVEL_MS + HIT_MS) + BEAT_MS) * scale;
}

/** The state gives the player something to do: their turn, a follow-up, a choice. */
export function actionable(v: GameView): boolean {
  return v.myPlayerNumber != null && v.legalActions.length > 0;
}

interface Item {
  view: GameView;
  hold: number;
  deadline: number;
  events: (() => void)[];
}

export interface QueueOptions {
  /** Shows a state (the presented-view signal). */
  present: (v: GameView) => void;
  /** Whether the player asked for less motion (read for each state). */
  reducedMotion?: () => boolean;
  /** The 'Animation speed' setting's factor (1, or a third for Fast), read for each state. */
  scale?: () => number;
  now?: () => number;
}

export class PresentationQueue {
  private items: Item[] = [];
  private last: GameView | null = null;
  private shownAt = -Infinity;
  private shownHold = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private resyncNext = false;
  private readonly opts: QueueOptions;
  /** Called whenever the number of waiting states changes. */
  onPending: (n: number) => void = () => {};

  constructor(opts: QueueOptions) {
    this.opts = opts;
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** States received but not shown yet. */
  get pending(): number {
    return this.items.length;
  }

  /** The newest state received (shown or not). */
  get latest(): GameView | null {
    return this.last;
  }

  /** The connection dropped: the next state is shown at once, whatever it changed. */
  resync(): void {
    this.resyncNext = true;
  }

  /** A state pushed by the server. */
  push(v: GameView): void {
    const kind = classify(this.last, v, this.resyncNext);
    this.resyncNext = false;
    const hold = holdFor(kind, this.last, v, this.opts.reducedMotion?.() ?? false, this.opts.scale?.() ?? 1);
    this.last = v;
    const now = this.now();
    if (kind === "reset" || kind === "mine") {
      this.skipTo(this.items.length - 1);
      this.show({ view: v, hold, deadline: now, events: [] }, now);
      return;
    }
    // A timer that came late (a busy page) first shows what is already due: only the moves
    // still to show count below.
    this.pump();
    // The player's turn: soon, but every move before it is seen for at least MIN_MOVE_MS.
    const turnLag = Math.min(MAX_LAG_MS, Math.max(TURN_LAG_MS, MIN_MOVE_MS * (this.items.length + 1)));
    const lag = kind === "theirs" && actionable(v) ? turnLag : MAX_LAG_MS;
    this.items.push({ view: v, hold, deadline: now + lag, events: [] });
    this.onPending(this.items.length);
    this.pump();
  }

  /** Runs `fn` when the newest state received is shown (at once if it already is). */
  event(fn: () => void): void {
    const tail = this.items[this.items.length - 1];
    if (tail) tail.events.push(fn);
    else fn();
  }

  /** Shows the newest state at once (the player clicked or pressed a key). */
  skip(): void {
    if (!this.items.length) return;
    this.skipTo(this.items.length - 1);
  }

  /** Forgets everything (the player left the room): nothing waiting is shown. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.items = [];
    this.last = null;
    this.shownAt = -Infinity;
    this.shownHold = 0;
    this.onPending(0);
  }

  /** Shows items[i] now; the ones before it are passed over (their events still run, in order). */
  private skipTo(i: number): void {
    if (i < 0) return;
    const skipped = this.items.splice(0, i + 1);
    const target = skipped[skipped.length - 1];
    const events = skipped.slice(0, -1).flatMap((it) => it.events);
    for (const fn of events) fn();
    this.show(target, this.now());
    this.onPending(this.items.length);
    this.pump();
  }

  private show(item: Item, now: number): void {
    this.shownAt = now;
    this.shownHold = item.hold;
    this.opts.present(item.view);
    for (const fn of item.events) fn();
  }

  private pump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (;;) {
      if (!this.items.length) return;
      const now = this.now();
      // A deadline already passed: show that state now, the ones before it skipped.
      let late = -1;
      this.items.forEach((it, i) => {
        if (it.deadline <= now) late = i;
      });
      if (late > 0) {
        this.skipTo(late);
        return;
      }
      // The shown state's hold, shortened so that every deadline ahead can be kept with the
      // states before it spread evenly.
      const anchor = this.shownAt;
      let due = anchor + this.shownHold;
      this.items.forEach((it, i) => {
        due = Math.min(due, anchor + (it.deadline - anchor) / (i + 1));
      });
      if (due > now) {
        this.timer = setTimeout(() => this.pump(), due - now);
        return;
      }
      const item = this.items.shift()!;
      this.show(item, now);
      this.onPending(this.items.length);
    }
  }
}

/** A click or a key press while states wait shows the newest one at once. */
export function listenForSkip(queue: PresentationQueue, target: Window = window): () => void {
  const skip = () => queue.skip();
  target.addEventListener("pointerdown", skip, { capture: true, passive: true });
  target.addEventListener("keydown", skip, { capture: true });
  return () => {
    target.removeEventListener("pointerdown", skip, { capture: true });
    target.removeEventListener("keydown", skip, { capture: true });
  };
}
