"""The hub: one server process's rooms, its socket.io wiring, pushes, connections, absence.

The calls themselves live in kingdom_server/lobby.py (rooms and seats) and
kingdom_server/play.py (game actions, score screen, bots), mixed into `Hub`.

The hub decides no rule. A game call becomes `kingdom_rules.action_from_json(...)` and
`kingdom_rules.apply(...)` under the room's lock; the engine's exception text is the answer.
Every accepted action is appended to the game's log in the store before the acknowledgement.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import socketio

from kingdom_server import tutorial as lessons
from kingdom_server import validation as v
from kingdom_server.actionlog import ActionLog
from kingdom_server.calls import (
    BROWSING,
    GAME_EVENTS,
    SEAT_MOVED,
    Ack,
    CallError,
    HubParts,
    PushObserver,
    _engine,
    fail,
    ok,
)
from kingdom_server.lobby import LobbyCalls
from kingdom_server.play import GameCalls
from kingdom_server.rooms import (
    Room,
    Seat,
    epoch_ms,
    new_room_code,
)
from kingdom_server.settings import Settings
from kingdom_server.storage import RoomRecord, SeatRecord, Storage
from kingdom_server.views import engine_views, game_view, game_views, waiting_view
from kingdom_server.wire import encode_event

__all__ = ["BROWSING", "GAME_EVENTS", "SEAT_MOVED", "Ack", "CallError", "Hub", "fail", "ok"]

log = logging.getLogger(__name__)


class Hub(LobbyCalls, GameCalls, HubParts):
    """Owns the rooms of one server process and answers every socket call."""

    def __init__(self, settings: Settings, storage: Storage, sio: socketio.AsyncServer) -> None:
        self.settings = settings
        self.storage = storage
        self.action_log = ActionLog(storage)
        """Accepted actions' rows, committed in groups (each before its acknowledgement)."""
        self.sio = sio
        self.rooms: dict[str, Room] = {}
        self.sessions: dict[str, tuple[str, str]] = {}
        """sid -> (room code, player id) of the seat the socket holds."""
        self.rng = secrets.SystemRandom()
        self.bots: dict[tuple[str, str], Any] = {}
        """(room code, player id) -> bot instance playing that seat."""
        self.push_observers: list[PushObserver] = []
        """Called with every push (tests check that nothing private leaks)."""
        self.tasks: set[asyncio.Task[Any]] = set()
        self.stats = {"acks": 0, "actions": 0, "pushes": 0}
        self._register()

    # -- wiring ----------------------------------------------------------------------------

    def _register(self) -> None:
        sio = self.sio
        sio.on("connect", self.on_connect)
        sio.on("disconnect", self.on_disconnect)
        lobby: dict[str, Callable[[str, Any], Awaitable[Ack]]] = {
            "createRoom": self.create_room,
            "createPublicRoom": self.create_public_room,
            "joinRoom": self.join_room,
            "joinPublicRoom": self.join_public_room,
            "rejoinRoom": self.rejoin_room,
            "getPublicGames": self.get_public_games,
            "addBot": self.add_bot,
            "toggleGameMode": self.toggle_game_mode,
            "reorderPlayers": self.reorder_players,
            "startGame": self.start_game,
            "startTutorialGame": self.start_tutorial_game,
            "resumeTutorialBot": self.resume_tutorial_bot,
            "leaveRoom": self.leave_room,
        }
        for event, fn in lobby.items():
            sio.on(event, self._guard(event, fn))
        for event in GAME_EVENTS:
            sio.on(event, self._guard(event, self._game_call(event)))
        sio.on("*", self.on_unknown)

    def _guard(
        self, event: str, fn: Callable[[str, Any], Awaitable[Ack]]
    ) -> Callable[..., Awaitable[Ack]]:
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

    async def on_unknown(self, event: str, sid: str, *args: Any) -> Ack:
        shown = event if len(event) <= 40 else event[:40] + "..."
        return fail(f"Unknown event: {shown}")

    def spawn(self, coro: Awaitable[Any]) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    # -- startup / shutdown ----------------------------------------------------------------

    def load(self) -> None:
        """Rebuild every open room from the store (game states by replaying their logs)."""
        kr = None
        for rec in self.storage.load_open_rooms():
            room = self._room_from_record(rec)
            if rec.game is not None:
                kr = kr or _engine()
                actions = [kr.action_from_json(a) for a in rec.game.actions]
                kwargs: dict[str, Any] = dict(
                    seed=rec.game.seed,
                    player_count=rec.game.player_count,
                    mode=rec.game.mode,
                    actions=actions,
                )
                if rec.game.deck is not None:
                    kwargs["deck"] = rec.game.deck
                try:
                    room.state = kr.replay(**kwargs)
                except Exception:
                    log.exception("room %s: replay failed; the room is closed", rec.code)
                    self.storage.close_room(rec.code)
                    continue
                room.game_id = rec.game.id
                room.action_count = len(actions)
                room.game_start_time = epoch_ms(rec.game.started_at)
            self.rooms[room.code] = room
        for room in self.rooms.values():
            # Nobody is connected yet: each person has the absence limit to come back.
            for seat in room.seats:
                self._start_absence(room, seat)
            if room.started:
                if room.is_tutorial:
                    lessons.release_all(room)  # pauses are not stored: nobody waits forever
                self._sync_score_screen(room)
                self.kick_bots(room)
        log.info("loaded %d rooms", len(self.rooms))

    def _room_from_record(self, rec: RoomRecord) -> Room:
        room = Room(
            code=rec.code,
            host_id=rec.host_id,
            is_public=rec.is_public,
            desired_player_count=rec.desired_player_count,
            game_mode=rec.game_mode,
            is_tutorial=rec.is_tutorial,
            is_ranked=rec.is_ranked,
            tutorial_mode=rec.tutorial_mode,
        )
        room.seats = [
            Seat(
                player_id=s.player_id,
                name=s.name,
                is_bot=s.is_bot,
                bot_kind=s.bot_kind,
                reconnect_token=s.reconnect_token,
                user_id=s.user_id,
                left=s.left,
            )
            for s in rec.seats
        ]
        return room

    async def shutdown(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(BaseException):
                await task

    # -- helpers ---------------------------------------------------------------------------

    def persist_room(self, room: Room) -> None:
        self.storage.save_room(
            code=room.code,
            host_id=room.host_id,
            is_public=room.is_public,
            desired_player_count=room.desired_player_count,
            game_mode=room.game_mode,
            is_tutorial=room.is_tutorial,
            is_ranked=room.is_ranked,
            tutorial_mode=room.tutorial_mode,
            status="playing" if room.started else "waiting",
            seats=[
                SeatRecord(
                    player_id=s.player_id,
                    name=s.name,
                    position=i,
                    is_bot=s.is_bot,
                    bot_kind=s.bot_kind,
                    reconnect_token=s.reconnect_token,
                    user_id=s.user_id,
                    left=s.left,
                )
                for i, s in enumerate(room.seats)
            ],
        )

    def _new_code(self) -> str:
        for _ in range(1000):
            code = new_room_code()
            if code not in self.rooms and not self.storage.room_code_taken(code):
                return code
        raise CallError("No free room code, please try again")

    def seat_of(self, sid: str) -> tuple[Room, Seat]:
        ref = self.sessions.get(sid)
        if ref is None:
            raise CallError("You are not in a room")
        room = self.rooms.get(ref[0])
        seat = room.seat_by_id(ref[1]) if room else None
        if room is None or seat is None:
            self.sessions.pop(sid, None)
            raise CallError("You are not in a room")
        return room, seat

    def _host_seat(self, sid: str, what: str) -> tuple[Room, Seat]:
        room, seat = self.seat_of(sid)
        if seat.player_id != room.host_id:
            raise CallError(f"Only the host can {what}")
        return room, seat

    async def _attach(self, sid: str, room: Room, seat: Seat) -> None:
        if not self.sio.manager.is_connected(sid, "/"):
            # The socket went away while its call waited: the seat is kept, unconnected.
            seat.sid = None
            self._start_absence(room, seat)
            return
        seat.sid = sid
        self.sessions[sid] = (room.code, seat.player_id)
        await self.sio.leave_room(sid, BROWSING)
        await self.sio.enter_room(sid, room.code)

    def _seat_ack(self, room: Room, seat: Seat, token: str) -> Ack:
        return ok(
            playerId=seat.player_id,
            roomCode=room.code,
            reconnectToken=token,
            playerNumber=room.number_of(seat),
        )

    def _loop_time(self) -> float:
        return asyncio.get_running_loop().time()

    # -- pushes ----------------------------------------------------------------------------

    def view_for(self, room: Room, seat: Seat) -> dict[str, Any]:
        now = self._loop_time()
        if room.state is None:
            return waiting_view(room, seat, now)
        kr = _engine()
        engine_view = kr.view(room.state, room.number_of(seat)).to_json()
        return game_view(room, seat, engine_view, now)

    async def push_room(self, room: Room) -> None:
        """Each connected seat gets its own view (seats without a socket cost nothing; the
        public part of the engine's views is serialised once for all of them)."""
        seats = [seat for seat in room.seats if seat.sid is not None]
        if not seats:
            return
        now = self._loop_time()
        if room.state is None:
            views = [waiting_view(room, seat, now) for seat in seats]
        else:
            numbers = [room.number_of(seat) for seat in seats]
            views = game_views(room, seats, engine_views(_engine(), room.state, numbers), now)
        for seat, data in zip(seats, views, strict=True):
            sid = seat.sid
            if sid is None:
                continue
            for observer in self.push_observers:
                observer(room, seat, "gameState", data)
            self.stats["pushes"] += 1
            await self._send(sid, "gameState", data)

    async def _send(self, sid: str, event: str, data: Any) -> None:
        """One event to one socket. What `sio.emit(event, data, to=sid)` does, without its
        per-call task and wait (the pushes of every action go through here)."""
        eio_sid = self.sio.manager.eio_sid_from_sid(sid, "/")
        if eio_sid is None:
            return
        await self.sio.eio.send(eio_sid, encode_event(event, data))

    async def push_event(self, room: Room, event: str, data: dict[str, Any]) -> None:
        for seat in room.seats:
            if seat.sid is not None:
                for observer in self.push_observers:
                    observer(room, seat, event, data)
        await self.sio.emit(event, data, room=room.code)

    def public_games(self) -> list[dict[str, Any]]:
        return [r.public_listing() for r in self.rooms.values() if r.is_public and not r.closed]

    async def push_public_games(self) -> None:
        await self.sio.emit("publicGamesUpdated", self.public_games(), room=BROWSING)

    # -- connection ------------------------------------------------------------------------

    async def on_connect(self, sid: str, environ: Any, auth: Any = None) -> None:
        await self.sio.enter_room(sid, BROWSING)

    async def on_disconnect(self, sid: str, *args: Any) -> None:
        ref = self.sessions.pop(sid, None)
        if ref is None:
            return
        room = self.rooms.get(ref[0])
        if room is None:
            return
        async with room.lock:
            seat = room.seat_by_id(ref[1])
            if seat is None or seat.sid != sid:
                return
            seat.sid = None
            self._start_absence(room, seat)
            await self.push_room(room)

    def _start_absence(self, room: Room, seat: Seat) -> None:
        """A seat left without a connection: during play a bot takes it after a while; in the
        waiting room or after the game the seat is given up after the same while (no stale
        public rooms, no finished rooms kept forever)."""
        if (
            not seat.is_human
            or seat.sid is not None
            or (seat.absent and room.phase != "finished")
            or seat.absence_task is not None
        ):
            return
        seat.absence_task = self.spawn(self._absence_timer(room, seat))

    async def _absence_timer(self, room: Room, seat: Seat) -> None:
        await asyncio.sleep(self.settings.absence_seconds)
        async with room.lock:
            seat.absence_task = None
            if room.closed or seat.sid is not None or not seat.is_human:
                return
            if room.started and room.phase != "finished":
                seat.absent = True
                await self.push_room(room)
                self.kick_bots(room)
                return
            # Waiting room or finished game: the seat is given up (a room nobody comes back
            # to is closed instead of being kept forever).
            await self._give_up_seat(room, seat)
        if room.is_public:
            await self.push_public_games()
