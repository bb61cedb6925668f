"""What the parts of the hub share: acknowledgements, refusals, socket.io room names."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kingdom_rules.actions import BY_WIRE as ACTION_WIRE_NAMES
from kingdom_server.rooms import Room, Seat

SEAT_MOVED = "Your seat was taken over by another connection"
"""`error` push to a socket whose seat another socket took with rejoinRoom."""

BROWSING = "browsing"
"""socket.io room of sockets that hold no seat: they get publicGamesUpdated."""

#: Game calls of seed 000 section 7 (plus skipPendingAction): the engine's wire names, so a
#: new engine action is a new call without a second list to keep in step.
GAME_EVENTS = tuple(ACTION_WIRE_NAMES)

Ack = dict[str, Any]
PushObserver = Callable[[Room, Seat, str, Any], None]


def ok(**extra: Any) -> Ack:
    return {"success": True, "error": None, **extra}


def fail(message: str) -> Ack:
    return {"success": False, "error": message}


class CallError(Exception):
    """A refused call; str() goes back in the acknowledgement."""


def _engine() -> Any:
    import kingdom_rules as kr

    return kr


def seat_index(room: Room, seat: Seat) -> int:
    return room.seats.index(seat)
