"""Turn clocks (docs/rules.md, "Turn clocks"): a time per turn plus a time bank per seat.

A seat's clock runs while the seat must act and a person plays it (bots, and the seats of
absent or departed people, are not clocked). Its turn time is used first, then its bank;
follow-up choices of the same turn share the turn's time. When both are spent the server
plays for the seat (the automatic play an absent seat gets) and counts a timeout; the third
timeout of a game counts as abandoning it (kingdom_server/core/lobby.py, the leaving path).

The clock's arithmetic lives here (`SeatClock`, `sync_room`); the room's timer task that
wakes at the earliest deadline, plays the automatic moves and writes checkpoints lives in
kingdom_server/core/games.py. Times are in seconds of `now()`, the process's monotonic clock
(tests may replace it); what is stored is what is left, so a server that is down uses
nobody's time.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

import attrs

import kingdom_rules as kr

TURN_CLOCKS = ("off", "relaxed", "normal", "fast")
"""The clock settings of a room (`turnClock` on the wire)."""

CLOCK_LIMITS: dict[str, tuple[float, float]] = {
    "relaxed": (90.0, 300.0),
    "normal": (30.0, 120.0),
    "fast": (15.0, 45.0),
}
"""(seconds per turn, seconds of time bank) of each clocked setting (docs/rules.md)."""

RANKED_CLOCK = "normal"
"""The clock of every ranked and ladder game."""

MAX_TIMEOUTS = 3
"""The timeout of a game that counts as abandoning it."""

TIME_RAN_OUT = "Your time ran out: a move was played for you"
"""The refusal of a move that came after the seat's clock ran out."""

def now() -> float:
    """The clocks' time (seconds, monotonic). Always called through the module, so that a
    test can put an injectable clock in its place."""
    return time.monotonic()


TurnKey = tuple[int, int, int]
"""(hand, round, current player): the turn a running clock belongs to."""


def turn_key(state: kr.GameState) -> TurnKey:
    return (int(state.current_hand), int(state.round), int(state.current_player))


@attrs.define(eq=False)
class SeatClock:
    """One seat's clock: `turn_left` and `bank` are what was left when it last started or
    stopped (or at the last checkpoint); while it runs, `since` is the loop time of that moment."""

    bank: float
    turn_left: float = 0.0
    since: float | None = None
    turn: TurnKey | None = None
    """The turn `turn_left` belongs to: the seat acting again in the same turn (a follow-up
    after another player's choice) goes on with that turn's time."""
    timeouts: int = 0
    played_for: bool = False
    """The server has played for this seat since the person's last accepted move: a move of
    theirs that the engine refuses was meant for the turn that timed out (TIME_RAN_OUT)."""

    @property
    def running(self) -> bool:
        return self.since is not None

    def left_at(self, now: float) -> tuple[float, float]:
        """(turn time, bank) left at loop time `now`."""
        if self.since is None:
            return self.turn_left, self.bank
        used = max(0.0, now - self.since)
        if used <= self.turn_left:
            return self.turn_left - used, self.bank
        return 0.0, max(0.0, self.bank - (used - self.turn_left))

    def remaining(self, now: float) -> float:
        turn, bank = self.left_at(now)
        return turn + bank

    def deadline(self) -> float | None:
        return None if self.since is None else self.since + self.turn_left + self.bank

    def settle(self, now: float) -> None:
        """Fold the time used so far into turn_left and bank (the clock keeps running)."""
        if self.since is not None:
            self.turn_left, self.bank = self.left_at(now)
            self.since = now

    def start(self, now: float, key: TurnKey, turn_seconds: float) -> None:
        if self.turn != key:
            self.turn_left = turn_seconds
            self.turn = key
        self.since = now

    def stop(self, now: float) -> None:
        self.settle(now)
        self.since = None

    def to_json(self, now: float) -> dict[str, Any]:
        """The stored form: what is left (milliseconds), the turn, the timeouts."""
        turn, bank = self.left_at(now)
        return {
            "turnMs": round(turn * 1000),
            "bankMs": round(bank * 1000),
            "turn": list(self.turn) if self.turn is not None else None,
            "running": self.running,
            "timeouts": self.timeouts,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> SeatClock:
        turn = data.get("turn")
        return SeatClock(
            bank=max(0.0, float(data.get("bankMs", 0)) / 1000),
            turn_left=max(0.0, float(data.get("turnMs", 0)) / 1000),
            turn=(int(turn[0]), int(turn[1]), int(turn[2])) if isinstance(turn, list) else None,
            timeouts=int(data.get("timeouts", 0)),
        )


def wire(clock: SeatClock | None, now: float) -> dict[str, Any] | None:
    """A seat's `clock` in gameState: what is left now (ms), whether it runs, the timeouts."""
    if clock is None:
        return None
    turn, bank = clock.left_at(now)
    return {
        "remainingMs": round((turn + bank) * 1000),
        "turnMs": round(turn * 1000),
        "bankMs": round(bank * 1000),
        "running": clock.running,
        "timeouts": clock.timeouts,
    }


def due(seats: Iterable[tuple[int, SeatClock | None]], now: float) -> list[int]:
    """The numbers of the seats whose running clock has run out at `now`."""
    return [n for n, c in seats if c is not None and c.running and c.remaining(now) <= 1e-9]
