"""The hub: one server process's open rooms, the lobby and the games that act on them, and the
socket.io wiring in front of both (every call answered, connections and disconnections).

    Hub
    ├── rooms: Rooms      open rooms by code, and the seat each socket holds (rooms.py)
    ├── pushes: Pushes    gameState and room events to the seats (pushes.py)
    ├── games: Games      game calls through the engine, score screen, bots (games.py)
    └── lobby: Lobby      rooms, seats, starting games, leaving, absence (lobby.py)
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import socketio

from kingdom_server import tutorial as lessons
from kingdom_server import validation as v
from kingdom_server.accounts import Accounts, token_from_cookie_header
from kingdom_server.actionlog import ActionLog
from kingdom_server.answers import Ack, Call, CallError, fail, ok
from kingdom_server.background import Background
from kingdom_server.core.http import client_address
from kingdom_server.games import GAME_EVENTS, Games
from kingdom_server.limits import Limiter
from kingdom_server.lobby import Lobby
from kingdom_server.pushes import SEAT_MOVED, Pushes, PushObserver
from kingdom_server.ranked.queue import RankedQueue
from kingdom_server.ranked.tables import RankedStore
from kingdom_server.rooms import BROWSING, Room, Rooms, now_utc
from kingdom_server.settings import Settings
from kingdom_server.stats import Results
from kingdom_server.storage import Storage
from kingdom_server.wire import Server, unknown_event

__all__ = ["BROWSING", "GAME_EVENTS", "SEAT_MOVED", "Ack", "CallError", "Hub", "fail", "ok"]

log = logging.getLogger(__name__)

class Hub:
    """Owns the rooms of one server process and answers every socket call."""

    def __init__(
        self,
        settings: Settings,
        storage: Storage,
        sio: socketio.AsyncServer,
        *,
        accounts: Accounts | None = None,
        results: Results | None = None,
    ) -> None:
        self.settings = settings
        self.storage = storage
        self.sio = sio
        self.accounts = accounts
        """Who a socket's session cookie signs in (None: everyone is a guest)."""
        self.results = results
        """Writes finished games' statistics and match history (None: not written)."""
        self.stats = {"acks": 0, "actions": 0, "pushes": 0}
        self.background = Background()
        self.room_list = Rooms()
        self.pushes = Pushes(sio, self.room_list, self.stats)
        self.games = Games(settings, storage, self.room_list, self.pushes, self.background,
                           self.stats)
        self.lobby = Lobby(settings, storage, sio, self.room_list, self.pushes, self.games,
                           self.background)
        self.limiter = Limiter(settings.rate_limits) if settings.rate_limits else None
        self.addresses: dict[str, str] = {}
        """sid -> the client's address (for the limits per address)."""
        if self.limiter is not None and isinstance(sio, Server):
            sio.gate = self._gate
        self.games.finished_hooks.append(self._record_result)
        self.ranked = RankedQueue(RankedStore(storage.tables), sio, self.lobby,
                                  wave_seconds=settings.ranked_wave_seconds)
        self.games.finished_hooks.append(self.ranked.match_finished)  # after the results
        if results is not None:
            results.rating_hooks.append(self.ranked.rating_hook)
            results.season_hooks.append(self.ranked.season_of)
            results.leaver_hooks.append(self.ranked.leavers)
        self.lobby.abandon_hooks.append(self.ranked.abandoned)
        self.lobby.seat_taken_hooks.append(self.ranked.seat_taken)
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
                if self.limiter is not None:
                    refused = self.limiter.check_call(event, sid, self.addresses.get(sid, ""))
                    if refused is not None:
                        raise CallError(refused)
                v.check_size(data, self.settings.max_string_length)
                ack = await fn(sid, v.as_object(data))
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
        return unknown_event(event)

    # -- connections -----------------------------------------------------------------------

    def _gate(self, sid: str) -> str | None:
        assert self.limiter is not None
        return self.limiter.check("event", sid, self.addresses.get(sid, ""))

    def _address(self, environ: Any) -> str:
        request = environ.get("aiohttp.request") if isinstance(environ, dict) else None
        if request is None:
            return ""
        return client_address(request, self.settings.client_address_header)

    async def on_connect(self, sid: str, environ: Any, auth: Any = None) -> None:
        """The session cookie of the handshake signs the socket in: `{"userId", "username"}`
        in the socket.io session (empty for guests); a signed-in player's open seat that no
        socket holds comes back to them at once."""
        self.addresses[sid] = self._address(environ)
        user = None
        if self.accounts is not None and isinstance(environ, dict):
            token = token_from_cookie_header(environ.get("HTTP_COOKIE"))
            user = await self.storage.run(self.accounts.user_for_token, token)
        if user is not None:
            await self.sio.save_session(sid, {"userId": user.id, "username": user.username,
                                              "isBot": bool(user.is_bot)})
        await self.sio.enter_room(sid, BROWSING)
        if user is not None:
            # After the handshake is answered: a seat is only attached to a connected socket.
            self.background.spawn(self._restore_seat(sid, user.id))

    async def _restore_seat(self, sid: str, user_id: str) -> None:
        for _ in range(50):
            if self.sio.manager.is_connected(sid, "/"):
                await self.lobby.restore_user_seat(sid, user_id)
                return
            await asyncio.sleep(0.01)

    async def on_disconnect(self, sid: str, *args: Any) -> None:
        self.addresses.pop(sid, None)
        if self.limiter is not None:
            self.limiter.disconnected(sid)
        await self.ranked.disconnected(sid)
        await self.lobby.disconnected(sid)

    # -- results ---------------------------------------------------------------------------

    def _record_result(self, room: Room) -> None:
        """(lock held) A game just finished: its statistics, once. A failure is logged; the
        game's end is written, so the next start writes the result instead."""
        if self.results is None:
            return
        try:
            self.results.record(room)
            if room.game_id is not None:
                room.match_id = self.results.match_id_of(room.game_id)  # replays, score screen
        except Exception:
            log.exception("room %s: the result of game %s was not written", room.code,
                          room.game_id)

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
            if room.phase == "finished":
                self._record_result(room)  # the server may have died before writing it
        for room in self.room_list:
            # Nobody is connected yet: each person has the absence limit to come back.
            for seat in room.seats:
                self.lobby.start_absence(room, seat)
            self.lobby.watch_attendance(room)
            if room.started:
                if room.is_tutorial:
                    # Pauses and the lesson's guard are not stored: nobody waits forever, and
                    # nobody who skipped the lesson is held to it (steps that then become
                    # impossible are announced as such, so a lesson still shown goes on).
                    lessons.end_lesson(room)
                self.games.sync_score_screen(room)
                self.games.sync_clocks(room, save=False)  # on from what was stored
                self.games.kick_bots(room)
        self.ranked.resume(self.room_list)
        log.info("loaded %d rooms", len(self.room_list))
        self.background.spawn(self._sweep())

    async def _sweep(self) -> None:
        """Delete long-closed rooms from the store: now, then every Settings.sweep_seconds."""
        while True:
            cutoff = now_utc() - dt.timedelta(days=self.settings.closed_room_days)
            try:
                deleted = self.storage.delete_closed_rooms(cutoff)
            except Exception:
                log.exception("deleting old closed rooms failed")
            else:
                if deleted:
                    log.info("deleted %d rooms closed before %s", deleted, cutoff)
            await asyncio.sleep(self.settings.sweep_seconds)

    async def shutdown(self) -> None:
        await self.ranked.shutdown()
        await self.background.cancel_all()
        self.games.action_log.close()
        self.games.pool.shutdown()
