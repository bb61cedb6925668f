"""What the parts of the hub share: acknowledgements, refusals, socket.io room names."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from kingdom_rules.actions import BY_WIRE as ACTION_WIRE_NAMES
from kingdom_server.rooms import Room, Seat

if TYPE_CHECKING:
    import socketio

    from kingdom_server.actionlog import ActionLog
    from kingdom_server.settings import Settings
    from kingdom_server.storage import Storage

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


class HubParts:
    """What the hub's parts (realtime, lobby, play) know of each other, for readers and type
    checkers: the hub's state and the methods one part calls in another."""

    settings: Settings
    storage: Storage
    action_log: ActionLog
    sio: socketio.AsyncServer
    rooms: dict[str, Room]
    sessions: dict[str, tuple[str, str]]
    rng: random.Random
    bots: dict[tuple[str, str], Any]
    push_observers: list[PushObserver]
    tasks: set[asyncio.Task[Any]]
    stats: dict[str, int]

    if TYPE_CHECKING:
        # realtime.py
        def spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]: ...
        def persist_room(self, room: Room) -> None: ...
        def _new_code(self) -> str: ...
        def seat_of(self, sid: str) -> tuple[Room, Seat]: ...
        def _host_seat(self, sid: str, what: str) -> tuple[Room, Seat]: ...
        async def _attach(self, sid: str, room: Room, seat: Seat) -> None: ...
        def _seat_ack(self, room: Room, seat: Seat, token: str) -> Ack: ...
        def _loop_time(self) -> float: ...
        async def push_room(self, room: Room) -> None: ...
        async def _send(self, sid: str, event: str, data: Any) -> None: ...
        async def push_event(self, room: Room, event: str, data: dict[str, Any]) -> None: ...
        def public_games(self) -> list[dict[str, Any]]: ...
        async def push_public_games(self) -> None: ...
        def _start_absence(self, room: Room, seat: Seat) -> None: ...
        # lobby.py
        async def _detach(self, sid: str) -> None: ...
        async def _give_up_seat(self, room: Room, seat: Seat) -> None: ...
        def _tutorial_paused(self, room: Room, seat: Seat) -> bool: ...
        # play.py
        async def apply(self, room: Room, action: Any) -> None: ...
        def kick_bots(self, room: Room) -> None: ...
        def _sync_score_screen(self, room: Room) -> None: ...
