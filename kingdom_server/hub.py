"""The hub: one server process's open rooms, the lobby and the games that act on them, and the
socket.io wiring in front of both (every call answered, connections and disconnections).

    Hub
    ├── rooms: Rooms      open rooms by code, and the seat each socket holds (rooms.py)
    ├── pushes: Pushes    gameState and room events to the seats (pushes.py)
    ├── games: Games      game calls through the engine, score screen, bots (games.py)
    └── lobby: Lobby      rooms, seats, starting games, leaving, absence (lobby.py)
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

import socketio

from kingdom_server import tutorial as lessons
from kingdom_server import validation as v
from kingdom_server.accounts import Accounts, token_from_cookie_header
from kingdom_server.actionlog import ActionLog
from kingdom_server.answers import Ack, CallError, fail, ok
from kingdom_server.background import Background
from kingdom_server.games import GAME_EVENTS, Games
from kingdom_server.lobby import Lobby
from kingdom_server.pushes import SEAT_MOVED, Pushes, PushObserver
from kingdom_server.ranked.queue import RankedQueue
from kingdom_server.ranked.tables import RankedStore
from kingdom_server.rooms import BROWSING, Room, Rooms
from kingdom_server.settings import Settings
from kingdom_server.storage import Storage

__all__ = ["BROWSING", "GAME_EVENTS", "SEAT_MOVED", "Ack", "CallError", "Hub", "fail", "ok"]

log = logging.getLogger(__name__)

Call = Callable[[str, Any], Awaitable[Ack]]


class Hub:
    """Owns the rooms of one server process and answers every socket call."""

    def __init__(
        self,
        settings: Settings,
        storage: Storage,
        sio: socketio.AsyncServer,
        accounts: Accounts | None = None,
    ) -> None:
        self.accounts = accounts
        self.settings = settings
        self.storage = storage
        self.sio = sio
        self.stats = {"acks": 0, "actions": 0, "pushes": 0}
        self.background = Background()
        self.room_list = Rooms()
        self.pushes = Pushes(sio, self.room_list, self.stats)
        self.games = Games(settings, storage, self.room_list, self.pushes, self.background,
                           self.stats)
        self.lobby = Lobby(settings, storage, sio, self.room_list, self.pushes, self.games,
                           self.background)
        self.ranked = RankedQueue(RankedStore(storage.tables), sio, self.lobby,
                                  wave_seconds=settings.ranked_wave_seconds)
        self.games.finished_hooks.append(self.ranked.match_finished)
        self.lobby.abandon_hooks.append(self.ranked.abandoned)
        self.calls: dict[str, Call] = {**self.lobby.calls(), **self.ranked.calls()}
        for event in GAME_EVENTS:
            self.calls[event] = self.games.call(event)
        self._register()

    # -- what tests and /api/health read ---------------------------------------------------

    @property
    def rooms(self) -> dict[str, Room]:
        return self.room_list.by_code

    @property
    def sessions(self) -> dict[str, tuple[str, str]]:
        return self.room_list.sessions

    @property
    def push_observers(self) -> list[PushObserver]:
        return self.pushes.observers

    @property
    def action_log(self) -> ActionLog:
        return self.games.action_log

    @property
    def bots(self) -> dict[tuple[str, str], Any]:
        return self.games.bots

    def public_games(self) -> list[dict[str, Any]]:
        return self.room_list.public_games()

    # -- wiring ----------------------------------------------------------------------------

    def _register(self) -> None:
        sio = self.sio
        sio.on("connect", self.on_connect)
        sio.on("disconnect", self.on_disconnect)
        for event, fn in self.calls.items():
            sio.on(event, self._guard(event, fn))
        sio.on("*", self.on_unknown)

    def _guard(self, event: str, fn: Call) -> Callable[..., Awaitable[Ack]]:
        async def handler(sid: str, *args: Any) -> Ack:
            data = args[0] if args else None
            try:
                v.check_size(data, self.settings.max_string_length)
                ack = await fn(sid, data)
            except (CallError, v.PayloadError) as e:
                ack = fail(str(e))
            except Exception:
                log.exception("%s failed", event)
                ack = fail("Internal server error")
            self.stats["acks"] += 1
            return ack

        handler.__name__ = f"on_{event}"
        return handler

    async def on_unknown(self, event: Any, sid: str, *args: Any) -> Ack:
        shown = event if len(event) <= 40 else event[:40] + "..."
        return fail(f"Unknown event: {shown}")

    # -- connections -----------------------------------------------------------------------

    async def on_connect(self, sid: str, environ: Any, auth: Any = None) -> None:
        # The signed-in user of the handshake's session cookie, for calls that need one.
        if self.accounts is not None:
            token = token_from_cookie_header(environ.get("HTTP_COOKIE"))
            user = self.accounts.user_for_token(token)
            if user is not None:
                await self.sio.save_session(sid, {"userId": user.id, "username": user.username})
        await self.sio.enter_room(sid, BROWSING)

    async def on_disconnect(self, sid: str, *args: Any) -> None:
        await self.ranked.disconnected(sid)
        await self.lobby.disconnected(sid)

    # -- startup / shutdown ----------------------------------------------------------------

    def load(self) -> None:
        """Rebuild every open room from the store (game states by replaying their logs)."""
        for loaded in self.storage.load_open_rooms():
            room = loaded.room
            if loaded.game is not None:
                try:
                    self.games.resume(room, loaded.game)
                except Exception:
                    log.exception("room %s: replay failed; the room is closed", room.code)
                    self.storage.close_room(room.code)
                    continue
            self.room_list.add(room)
        for room in self.room_list:
            # Nobody is connected yet: each person has the absence limit to come back.
            for seat in room.seats:
                self.lobby.start_absence(room, seat)
            if room.started:
                if room.is_tutorial:
                    lessons.release_all(room)  # pauses are not stored: nobody waits forever
                self.games.sync_score_screen(room)
                self.games.kick_bots(room)
        self.ranked.resume(self.room_list)
        log.info("loaded %d rooms", len(self.room_list))

    async def shutdown(self) -> None:
        await self.ranked.shutdown()
        await self.background.cancel_all()
