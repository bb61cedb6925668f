"""What the server sends without being asked: each seat's gameState, room events, the public
games list. Every push goes past the observers (tests check that nothing private leaks)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import socketio

from kingdom_server.core.listing import SharedListing
from kingdom_server.core.rooms import BROWSING, Room, Rooms, Seat
from kingdom_server.core.views import push_parts, spectator_view, waiting_view
from kingdom_server.core.wire import decode_event, encode_event, encode_event_parts

PushObserver = Callable[[Room, Seat, str, Any], None]
SpectatorObserver = Callable[[Room, str, str, Any], None]
"""(room, spectator's sid, event, data): what a spectator's socket receives."""

SEAT_MOVED = "Your seat was taken over by another connection"
"""`error` push to a socket whose seat another socket took with rejoinRoom."""


def loop_time() -> float:
    return asyncio.get_running_loop().time()


class Pushes:
    def __init__(self, sio: socketio.AsyncServer, rooms: Rooms, stats: dict[str, int]) -> None:
        self.sio = sio
        self.rooms = rooms
        self.stats = stats
        self.observers: list[PushObserver] = []
        self.spectator_observers: list[SpectatorObserver] = []
        self.listing: SharedListing | None = None
        """With several processes: the service's public games list in Redis (listing.py)."""
        self.relay: Callable[[str, str], Awaitable[bool]] | None = None
        """(several processes) Send an encoded event to a socket another process holds
        (kingdom_server/core/forwarding.py)."""

    async def room(self, room: Room) -> None:
        """Each connected seat gets its own view (seats without a socket cost nothing; what
        the views share is built and written as JSON once for all of them)."""
        if room.spectators:
            await self.spectators(room)
        seats = [seat for seat in room.seats if seat.sid is not None]
        if not seats:
            return
        now = loop_time()
        if room.state is None:
            texts = [encode_event("gameState", waiting_view(room, seat, now)) for seat in seats]
        else:
            shared, own = push_parts(room, seats, room.state, now)
            texts = encode_event_parts("gameState", shared, own)
        for seat, text in zip(seats, texts, strict=True):
            sid = seat.sid
            if sid is None:
                continue
            if self.observers:  # they see what the socket receives
                _, data = decode_event(text)
                for observer in self.observers:
                    observer(room, seat, "gameState", data)
            self.stats["pushes"] += 1
            await self.send_text(sid, text)

    async def spectators(self, room: Room) -> None:
        """The spectators' gameState: one public view, written once for all of them."""
        text = encode_event("gameState", spectator_view(room, loop_time()))
        for sid in list(room.spectators):
            if self.spectator_observers:
                _, data = decode_event(text)
                for observer in self.spectator_observers:
                    observer(room, sid, "gameState", data)
            self.stats["pushes"] += 1
            await self.send_text(sid, text)

    async def send(self, sid: str, event: str, data: Any) -> None:
        """One event to one socket. What `sio.emit(event, data, to=sid)` does, without its
        per-call task and wait."""
        await self.send_text(sid, encode_event(event, data))

    async def send_text(self, sid: str, text: str) -> None:
        """One encoded event (`kingdom_server.core.wire`) to one socket (the pushes of every action
        go through here)."""
        eio_sid = self.sio.manager.eio_sid_from_sid(sid, "/")
        if eio_sid is None:
            if self.relay is not None:
                await self.relay(sid, text)
            return
        await self.sio.eio.send(eio_sid, text)

    async def event(self, room: Room, event: str, data: dict[str, Any]) -> None:
        for seat in room.seats:
            if seat.sid is not None:
                for observer in self.observers:
                    observer(room, seat, event, data)
        for sid in room.spectators:  # spectators are in the room's socket.io room too
            for spectator_observer in self.spectator_observers:
                spectator_observer(room, sid, event, data)
        await self.sio.emit(event, data, room=room.code)

    async def public_games(self) -> None:
        """A public room changed: every browsing socket gets the new list (the service's,
        from every process, when there are several)."""
        if self.listing is not None:
            self.listing.changed()
            return
        await self.send_public_games(self.rooms.public_games())

    async def send_public_games(self, games: list[dict[str, Any]]) -> None:
        await self.sio.emit("publicGamesUpdated", games, room=BROWSING)

    async def public_list(self) -> list[dict[str, Any]]:
        """The public games list as `getPublicGames` answers it."""
        if self.listing is not None:
            return await self.listing.games()
        return self.rooms.public_games()
