"""The socket.io calls: lobby, seats, game actions, bots, timers, pushes.

The hub decides no rule. A game call becomes `kingdom_rules.action_from_json(...)` and
`kingdom_rules.apply(...)` under the room's lock; the engine's exception text is the answer.
Every accepted action is appended to the game's log in the store before the acknowledgement.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

import socketio
import socketio.packet

from kingdom_rules.actions import BY_WIRE as ACTION_WIRE_NAMES
from kingdom_server import bots as botlib
from kingdom_server import tutorial as lessons
from kingdom_server import validation as v
from kingdom_server.rooms import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Room,
    Seat,
    epoch_ms,
    new_player_id,
    new_reconnect_token,
    new_room_code,
    now_utc,
)
from kingdom_server.settings import Settings
from kingdom_server.storage import RoomRecord, SeatRecord, Storage
from kingdom_server.views import game_view, waiting_view

log = logging.getLogger(__name__)

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


class Hub:
    """Owns the rooms of one server process and answers every socket call."""

    def __init__(self, settings: Settings, storage: Storage, sio: socketio.AsyncServer) -> None:
        self.settings = settings
        self.storage = storage
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

    def _seat_ack(self, room: Room, seat: Seat) -> Ack:
        return ok(
            playerId=seat.player_id,
            roomCode=room.code,
            reconnectToken=seat.reconnect_token,
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
        """Each connected seat gets its own view."""
        for seat in room.seats:
            sid = seat.sid
            if sid is None:
                continue
            data = self.view_for(room, seat)
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
        pkt = self.sio.packet_class(socketio.packet.EVENT, namespace="/", data=[event, data])
        await self.sio.eio.send(eio_sid, pkt.encode())

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

    # -- lobby calls -----------------------------------------------------------------------

    async def _create(
        self,
        sid: str,
        name: str,
        *,
        is_public: bool,
        desired: int,
        is_tutorial: bool,
        tutorial_mode: str | None = None,
    ) -> Ack:
        await self._detach(sid)
        room = Room(
            code=self._new_code(),
            host_id=None,
            is_public=is_public,
            desired_player_count=desired,
            is_tutorial=is_tutorial,
            tutorial_mode=tutorial_mode if is_tutorial else None,
        )
        seat = Seat(player_id=new_player_id(), name=name, reconnect_token=new_reconnect_token())
        room.seats.append(seat)
        room.host_id = seat.player_id
        self.persist_room(room)
        self.rooms[room.code] = room
        await self._attach(sid, room, seat)
        async with room.lock:
            await self.push_room(room)
        if is_public:
            await self.push_public_games()
        return self._seat_ack(room, seat)

    async def create_room(self, sid: str, data: Any) -> Ack:
        p = v.as_object(data)
        name = v.player_name(p, self.settings.max_name_length)
        is_tutorial = v.field(p, "isTutorial", bool, required=False, default=False)
        mode = self._tutorial_mode(p) if is_tutorial else None
        return await self._create(sid, name, is_public=False, desired=MAX_PLAYERS,
                                  is_tutorial=is_tutorial, tutorial_mode=mode)

    async def create_public_room(self, sid: str, data: Any) -> Ack:
        p = v.as_object(data)
        name = v.player_name(p, self.settings.max_name_length)
        desired = v.field(p, "desiredPlayerCount", int, required=False, default=MAX_PLAYERS)
        if not MIN_PLAYERS <= desired <= MAX_PLAYERS:
            raise CallError("desiredPlayerCount must be 2, 3 or 4")
        return await self._create(sid, name, is_public=True, desired=desired, is_tutorial=False)

    async def _join(self, sid: str, data: Any, *, public_only: bool) -> Ack:
        p = v.as_object(data)
        name = v.player_name(p, self.settings.max_name_length)
        code = v.room_code(p)
        room = self.rooms.get(code)
        if room is None or room.closed or (public_only and not room.is_public):
            raise CallError("Room not found")
        ref = self.sessions.get(sid)
        if ref is not None and ref[0] == code:
            raise CallError("You are already in this room")
        if room.started:
            raise CallError("Game already in progress")
        if len(room.seats) >= room.capacity:
            raise CallError("Room is full")
        await self._detach(sid)
        async with room.lock:
            # Re-check under the lock: another join may have filled the room meanwhile.
            if room.closed:
                raise CallError("Room not found")
            if room.started:
                raise CallError("Game already in progress")
            if len(room.seats) >= room.capacity:
                raise CallError("Room is full")
            seat = Seat(player_id=new_player_id(), name=name,
                        reconnect_token=new_reconnect_token())
            room.seats.append(seat)
            if room.host_id is None:
                room.host_id = seat.player_id
            self.persist_room(room)
            await self._attach(sid, room, seat)
            await self.push_room(room)
        if room.is_public:
            await self.push_public_games()
        return self._seat_ack(room, seat)

    async def join_room(self, sid: str, data: Any) -> Ack:
        return await self._join(sid, data, public_only=False)

    async def join_public_room(self, sid: str, data: Any) -> Ack:
        return await self._join(sid, data, public_only=True)

    async def rejoin_room(self, sid: str, data: Any) -> Ack:
        p = v.as_object(data)
        code = v.room_code(p)
        player_id = v.field(p, "playerId", str)
        token = v.field(p, "reconnectToken", str)
        room = self.rooms.get(code)
        if room is None or room.closed:
            raise CallError("Room not found")
        seat = room.seat_by_id(player_id)
        if (
            seat is None
            or seat.reconnect_token is None
            or not secrets.compare_digest(seat.reconnect_token.encode(), token.encode())
        ):
            raise CallError("Cannot rejoin: this seat is not yours")
        ref = self.sessions.get(sid)
        if ref is not None and ref != (code, player_id):
            await self._detach(sid)
        async with room.lock:
            old = seat.sid
            if old is not None and old != sid:
                # The seat moves to the new socket (another tab, or a connection not yet timed out).
                self.sessions.pop(old, None)
                await self.sio.leave_room(old, code)
                await self.sio.enter_room(old, BROWSING)
                await self._send(old, "error", {"message": SEAT_MOVED})
            await self._attach(sid, room, seat)
            if seat.absence_task is not None:
                seat.absence_task.cancel()
                seat.absence_task = None
            seat.absent = False
            await self.push_room(room)
        return self._seat_ack(room, seat)

    async def get_public_games(self, sid: str, data: Any) -> Ack:
        if sid not in self.sessions:
            await self.sio.enter_room(sid, BROWSING)
        return ok(games=self.public_games())

    async def add_bot(self, sid: str, data: Any) -> Ack:
        p = v.as_object(data)
        wanted_kind = v.field(p, "kind", str, required=False, default=botlib.DEFAULT_BOT_KIND)
        kind = botlib.canonical_kind(wanted_kind)
        if kind is None:
            raise CallError(f"Unknown bot kind: {wanted_kind[:40]}")
        wanted = v.field(p, "name", str, required=False)
        room, _ = self._host_seat(sid, "add bots")
        async with room.lock:
            if room.started:
                raise CallError("Game already in progress")
            if len(room.seats) >= room.capacity:
                raise CallError("Room is full")
            taken = {s.name for s in room.seats}
            name = " ".join(wanted.split())[: self.settings.max_name_length] if wanted else ""
            if not name or name in taken:
                name = botlib.pick_bot_name(taken)
            seat = Seat(player_id=new_player_id(), name=name, is_bot=True, bot_kind=kind)
            room.seats.append(seat)
            self.persist_room(room)
            await self.push_room(room)
        if room.is_public:
            await self.push_public_games()
        return ok(playerId=seat.player_id)

    async def toggle_game_mode(self, sid: str, data: Any) -> Ack:
        p = v.as_object(data)
        mode = v.field(p, "gameMode", str, required=False)
        if mode is not None and mode not in ("game", "match"):
            raise CallError("gameMode must be game or match")
        room, _ = self._host_seat(sid, "change the game mode")
        async with room.lock:
            if room.started and room.phase != "finished":
                raise CallError("Game already in progress")
            room.game_mode = mode or ("match" if room.game_mode == "game" else "game")
            self.persist_room(room)
            await self.push_room(room)
        if room.is_public:
            await self.push_public_games()
        return ok(gameMode=room.game_mode)

    async def reorder_players(self, sid: str, data: Any) -> Ack:
        p = v.as_object(data)
        order = v.field(p, "playerOrder", list)
        if not all(isinstance(x, str) for x in order):
            raise CallError("playerOrder must be a list of player ids")
        room, _ = self._host_seat(sid, "reorder players")
        async with room.lock:
            if room.started:
                raise CallError("Game already in progress")
            if len(room.seats) != MAX_PLAYERS:
                raise CallError("Players can only be reordered in a 4-player room")
            by_id = {s.player_id: s for s in room.seats}
            if len(order) != len(by_id) or set(order) != set(by_id):
                raise CallError("playerOrder must list every player in the room exactly once")
            room.seats = [by_id[i] for i in order]
            self.persist_room(room)
            await self.push_room(room)
        return ok()

    async def start_game(self, sid: str, data: Any) -> Ack:
        room, _ = self._host_seat(sid, "start the game")
        async with room.lock:
            was_started = room.started
            await self._start(room)
        if room.is_public and not was_started:
            await self.push_public_games()
        return ok()

    async def _start(self, room: Room, *, deck: list[str] | None = None, seed: int | None = None,
                     first: list[Any] | None = None) -> None:
        """(lock held) Deal a new game for the seated players; `first` actions are applied
        (and logged) right away, such as the tutorial learner's starting resource."""
        kr = _engine()
        if room.started and room.phase != "finished":
            raise CallError("Game already in progress")
        n = len(room.seats)
        if n < MIN_PLAYERS:
            raise CallError(f"Need at least {MIN_PLAYERS} players to start")
        if n > MAX_PLAYERS:
            raise CallError(f"At most {MAX_PLAYERS} players can play")
        seed = secrets.randbits(31) if seed is None else seed
        try:
            state = kr.new_game(player_count=n, seed=seed, mode=room.game_mode, deck=deck)
            for action in first or ():
                state, _ = kr.apply(state, action)
        except kr.IllegalAction as e:
            raise CallError(str(e)) from e
        started = now_utc()
        # The game row first: a crash before the room row says "playing" leaves a waiting
        # room, never a playing room without its game.
        game_id = self.storage.start_game(
            code=room.code,
            seed=seed,
            player_count=n,
            mode=room.game_mode,
            deck=deck,
            started_at=started,
        )
        for i, action in enumerate(first or ()):
            self.storage.append_action(game_id, i, action.to_json())
        room.state = state
        room.game_id = game_id
        room.action_count = len(first or ())
        room.tutorial_resumed = set()
        self.persist_room(room)
        room.game_start_time = epoch_ms(started)
        for seat in room.seats:
            seat.absent = False
            self._start_absence(room, seat)
        await self.push_room(room)
        self.kick_bots(room)

    # -- tutorial --------------------------------------------------------------------------

    def _tutorial_mode(self, p: dict[str, Any]) -> str:
        from kingdom_rules import tutorial

        mode = v.field(p, "tutorialMode", str, required=False, default="basics")
        if mode not in tutorial.MODES:
            raise CallError(f"tutorialMode must be one of {', '.join(tutorial.MODES)}")
        return str(mode)

    async def start_tutorial_game(self, sid: str, data: Any) -> Ack:
        """The scripted deal of the room's tutorial mode (kingdom_rules.tutorial), the learner
        in seat 1 with the lesson's starting resource chosen, tutorial bots in the other seats
        (added as needed: the multiplayer lesson has four)."""
        from kingdom_rules import tutorial

        p = v.as_object(data)
        guided = v.field(p, "guided", bool, required=False, default=True)
        room, _ = self._host_seat(sid, "start the game")
        mode = self._tutorial_mode(p) if "tutorialMode" in p else room.tutorial_mode or "basics"
        kr = _engine()
        async with room.lock:
            if room.started and room.phase != "finished":
                raise CallError("Game already in progress")
            need = tutorial.player_count(mode)
            if len(room.humans()) > 1 or len(room.seats) > need:
                raise CallError(f"The {mode} tutorial is played by one player and "
                                f"{need - 1} bot{'s' if need > 2 else ''}")
            while len(room.seats) < need:
                taken = {s.name for s in room.seats}
                room.seats.append(Seat(player_id=new_player_id(), is_bot=True,
                                       bot_kind="TutorialBot", name=botlib.pick_bot_name(taken)))
            learner = room.humans()[0]
            room.seats.remove(learner)
            room.seats.insert(tutorial.LEARNER - 1, learner)
            room.is_tutorial = True
            room.tutorial_mode = mode
            room.game_mode = "game"
            card = tutorial.STARTING_RESOURCE.get(mode)
            first = []
            if card is not None:
                first.append(kr.ChooseStartingResource(player=tutorial.LEARNER, card=card))
            await self._start(room, deck=tutorial.tutorial_deck(mode), seed=0, first=first)
            if not guided:  # no lesson shown (tutorialCompleted): the bot never waits
                lessons.release_all(room)
        return ok()

    def _tutorial_paused(self, room: Room, seat: Seat) -> bool:
        """The basics lesson's bot waits at the start of some rounds until resumeTutorialBot."""
        if not room.is_tutorial or room.state is None or not seat.is_bot:
            return False
        from kingdom_rules import tutorial

        pauses = tutorial.BOT_PAUSES.get(room.tutorial_mode or "basics", ())
        state = room.state
        return (
            state.phase == "playing"
            and state.round in pauses
            and state.round not in room.tutorial_resumed
            and not state.players[seat_index(room, seat)].has_drawn_this_turn
        )

    async def resume_tutorial_bot(self, sid: str, data: Any) -> Ack:
        everything = v.field(v.as_object(data), "all", bool, required=False, default=False)
        room, _ = self.seat_of(sid)
        if not room.is_tutorial:
            raise CallError("This is not a tutorial game")
        async with room.lock:
            if room.state is not None:
                room.tutorial_resumed.add(room.state.round)
                if everything:  # the lesson was skipped or finished
                    lessons.release_all(room)
            self.kick_bots(room)
        return ok()

    async def leave_room(self, sid: str, data: Any) -> Ack:
        await self._detach(sid)
        return ok()

    async def _detach(self, sid: str) -> None:
        """The socket gives up its seat: removed in the lobby, handed to a bot during a game."""
        ref = self.sessions.pop(sid, None)
        if ref is None:
            return
        room = self.rooms.get(ref[0])
        await self.sio.leave_room(sid, ref[0])
        await self.sio.enter_room(sid, BROWSING)
        if room is None:
            return
        async with room.lock:
            seat = room.seat_by_id(ref[1])
            if seat is None or seat.sid != sid:
                return
            await self._give_up_seat(room, seat)
        if room.is_public:
            await self.push_public_games()

    async def _give_up_seat(self, room: Room, seat: Seat) -> None:
        """(lock held) The person is gone for good: seat removed before the start, else a bot
        plays it; the next human becomes host; a room with no human left is closed."""
        if seat.absence_task is not None and seat.absence_task is not asyncio.current_task():
            seat.absence_task.cancel()
        seat.absence_task = None
        seat.sid = None
        if room.started:
            seat.left = True
            seat.reconnect_token = None
        else:
            room.seats.remove(seat)
        if room.host_id == seat.player_id:
            humans = room.humans()
            room.host_id = humans[0].player_id if humans else None
        if not room.humans():
            self._close(room)
        else:
            self.persist_room(room)
            await self.push_room(room)
            self.kick_bots(room)

    def _close(self, room: Room) -> None:
        room.closed = True
        self.rooms.pop(room.code, None)
        current = asyncio.current_task()
        for task in [room.bot_task, room.score_task, *(s.absence_task for s in room.seats)]:
            if task is not None and task is not current:
                task.cancel()
        for seat in room.seats:
            self.bots.pop((room.code, seat.player_id), None)
        self.storage.close_room(room.code)

    # -- game calls ------------------------------------------------------------------------

    def _game_call(self, event: str) -> Callable[[str, Any], Awaitable[Ack]]:
        async def call(sid: str, data: Any) -> Ack:
            payload = v.as_object(data)
            room, seat = self.seat_of(sid)
            kr = _engine()
            async with room.lock:
                if room.closed or seat.sid != sid:
                    raise CallError("You are not in a room")
                if room.state is None:
                    raise CallError("The game has not started yet")
                number = room.number_of(seat)
                try:
                    # type and player last: a payload cannot act for someone else.
                    action = kr.action_from_json({**payload, "type": event, "player": number})
                    await self.apply(room, action)
                except kr.IllegalAction as e:
                    raise CallError(str(e)) from e
            return ok()

        return call

    async def apply(self, room: Room, action: Any) -> None:
        """Apply one action (lock held): engine, then the log, then pushes. Raises IllegalAction."""
        kr = _engine()
        before = room.state
        state, events = kr.apply(room.state, action)
        assert room.game_id is not None
        self.storage.append_action(room.game_id, room.action_count, action.to_json())
        room.action_count += 1
        room.state = state
        self.stats["actions"] += 1
        if state.phase == "finished":
            self.storage.finish_game(room.game_id)
            for seat in room.seats:
                self._start_absence(room, seat)
        self._sync_score_screen(room)
        await self.push_room(room)
        for event in events:
            kind = event.type
            data = event.to_json()
            if kind == "royalFamilyCompleted":
                number = data.get("player")
                name = self._name_of(room, number)
                await self.push_event(
                    room, "royalFamilyCompleted", {"playerName": name, "playerNumber": number}
                )
            elif kind == "drawPhaseSkipped":
                await self.push_event(
                    room,
                    "drawPhaseSkipped",
                    {"message": data.get("message", ""), "playerNumber": data.get("player")},
                )
        if room.is_tutorial:
            mode = room.tutorial_mode or "basics"
            for step in lessons.completed_steps(mode, action, before, state, events):
                await self.push_event(room, "advanceTutorialStep", {"stepId": step})
        self.kick_bots(room)

    def _name_of(self, room: Room, number: Any) -> str:
        if isinstance(number, int) and 1 <= number <= len(room.seats):
            return room.seat_of_number(number).name
        return ""

    # -- score screen (match mode, R31) ----------------------------------------------------

    def _sync_score_screen(self, room: Room) -> None:
        if room.state is not None and room.state.phase == "handComplete":
            if room.score_task is None:
                room.score_deadline = self._loop_time() + self.settings.score_screen_seconds
                room.score_task = self.spawn(self._score_screen(room))
        else:
            room.score_deadline = None
            task, room.score_task = room.score_task, None
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    async def _score_screen(self, room: Room) -> None:
        while True:
            deadline = room.score_deadline
            if deadline is None:
                return
            remaining = deadline - self._loop_time()
            if remaining <= 0:
                break
            # Wake on each whole second of the countdown and push the new value.
            step = remaining - int(remaining) or 1.0
            await asyncio.sleep(step)
            async with room.lock:
                if room.closed or room.score_task is not asyncio.current_task():
                    return
                if self._loop_time() < deadline - 0.01:
                    await self.push_room(room)
        kr = _engine()
        async with room.lock:
            if room.closed or room.score_task is not asyncio.current_task():
                return
            room.score_task = None
            while room.state is not None and room.state.phase == "handComplete":
                waiting = list(kr.players_to_act(room.state))
                if not waiting:
                    break
                action = kr.action_from_json({"type": "readyForNextHand", "player": waiting[0]})
                try:
                    await self.apply(room, action)
                except kr.IllegalAction:
                    log.exception("room %s: readyForNextHand at 0 refused", room.code)
                    break

    # -- bots ------------------------------------------------------------------------------

    def kick_bots(self, room: Room) -> None:
        """Make sure a bot task runs if a bot-controlled seat may act (call with lock held)."""
        if room.closed or room.state is None:
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        if self._next_bot(room) is None:
            return
        room.bot_task = self.spawn(self._run_bots(room))

    def _next_bot(self, room: Room) -> tuple[Seat, int] | None:
        if room.state is None or room.closed:
            return None
        kr = _engine()
        for number in kr.players_to_act(room.state):
            seat = room.seat_of_number(number)
            if seat.bot_controlled and not self._tutorial_paused(room, seat):
                return seat, number
        return None

    async def _run_bots(self, room: Room) -> None:
        kr = _engine()
        me = asyncio.current_task()
        try:
            while True:
                async with room.lock:
                    nxt = self._next_bot(room)
                    if nxt is None:
                        if room.bot_task is me:
                            room.bot_task = None
                        return
                    quick = room.phase in ("handComplete", "choosing_resources")
                delay = self.settings.bot_delay
                await asyncio.sleep(0 if quick or delay <= 0 else delay)
                async with room.lock:
                    nxt = self._next_bot(room)
                    if nxt is None:
                        continue
                    seat, number = nxt
                    action = await self._bot_choice(room, seat, number)
                    try:
                        await self.apply(room, action)
                    except kr.IllegalAction as e:
                        log.error("room %s: bot action %r refused: %s", room.code, action, e)
                        legal = list(kr.legal_actions(room.state, number))
                        if not legal:
                            return
                        await self.apply(room, self.rng.choice(legal))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: bot loop stopped", room.code)
            if room.bot_task is me:
                room.bot_task = None

    async def _bot_choice(self, room: Room, seat: Seat, number: int) -> Any:
        """(lock held) The bot's action. Fast bots choose inline; slow ones (a search) think in
        a worker thread so that the other rooms' calls keep being answered meanwhile."""
        kr = _engine()
        state = room.state
        legal = kr.legal_actions(state, number)
        key = (room.code, seat.player_id)
        bot = self.bots.get(key)
        if bot is None:
            kind = seat.bot_kind if seat.is_bot else None
            if room.is_tutorial and seat.is_bot:
                kind = "TutorialBot"
            bot = botlib.make_bot(kind)
            self.bots[key] = bot
        view = kr.view(state, number)
        try:
            if botlib.is_fast(bot):
                return bot.choose(view, legal, self.rng)
            rng = random.Random(self.rng.random())
            return await asyncio.to_thread(bot.choose, view, legal, rng)
        except Exception:
            log.exception("room %s: %s failed to choose", room.code, type(bot).__name__)
            return legal[self.rng.randrange(len(legal))]


def seat_index(room: Room, seat: Seat) -> int:
    return room.seats.index(seat)
