/**
 * A seat's turn clock between two pushes: the server sends what was left (turn time, then the
 * bank) when it built the push; a running clock counts down from there (docs/protocol.md).
 */
import type { SeatClock } from "../net/types";

/** Below this a running clock warns (the table and the terminal client alike). */
export const CLOCK_WARNING_MS = 10_000;

export interface ClockReading {
  turnMs: number;
  bankMs: number;
  remainingMs: number;
  running: boolean;
  warning: boolean;
}

/** What is left `elapsedMs` after the push: the turn time is used first, then the bank. */
export function readClock(clock: SeatClock, elapsedMs: number): ClockReading {
  const used = clock.running ? Math.max(0, elapsedMs) : 0;
  const turnMs = Math.max(0, clock.turnMs - used);
  const bankMs = Math.max(0, clock.bankMs - Math.max(0, used - clock.turnMs));
  const remainingMs = turnMs + bankMs;
  return { turnMs, bankMs, remainingMs, running: clock.running, warning: clock.running && remainingMs <= CLOCK_WARNING_MS };
}

/** 0:27, 2:00 (whole seconds, rounded up: 0:00 only when the time is out). */
export function formatClock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The clock settings a casual room chooses from, with their names. */
export const TURN_CLOCK_NAMES = { off: "Off", relaxed: "Relaxed", normal: "Normal", fast: "Fast" } as const;
