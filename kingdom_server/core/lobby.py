"""The lobby: rooms and seats, hosts, starting games (tutorial games too), leaving, and the
seats of people who went away (absence).

Every change of a room is written to the store before anything else sees it (the call holds the
room's lock while its write runs in the database threads, through the room's ordered writer,
`Storage.write`, so the event loop never waits on the database); when the store refuses, the
room is put back as it was (`Room.snapshot`) and the call fails.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import secrets
from collections.abc import Awaitable, Callable

import socketio

import kingdom_rules as kr
from kingdom_rules import tutorial
from kingdom_server.core import bots as botlib
from kingdom_server.core import clocks, rematch
from kingdom_server.core import validation as v
from kingdom_server.core.answers import BUSY, Ack, Call, CallError, Payload, ok
from kingdom_server.core.background import Background
from kingdom_server.core.games import Games
from kingdom_server.core.pushes import SEAT_MOVED, Pushes, loop_time
from kingdom_server.core.rooms import (
    BROWSING,
    Room,
    Rooms,
    Seat,
    epoch_ms,
    hash_token,
    new_player_id,
    new_reconnect_token,
    new_room_code,
    now_utc,
)
from kingdom_server.core.settings import Settings
from kingdom_server.core.storage import GameStart, Storage, room_rows, room_status
from kingdom_server.core.wire import is_connected

log = logging.getLogger(__name__)

RANKED_PLAYED_ONCE = "A ranked match is played once: leave the room to play again"


class Lobby:
    """createRoom ... leaveRoom: everything before and around a game."""

    def __init__(
        self,
        settings: Settings,
        storage: Storage,
        sio: socketio.AsyncServer,
        rooms: Rooms,
        pushes: Pushes,
        games: Games,
        background: Background,
    ) -> None:
        self.settings = settings
        self.storage = storage
        self.sio = sio
        self.rooms = rooms
        self.pushes = pushes
        self.games = games
        self.background = background
        games.finished_hooks.append(self._game_finished)
        # Called (lock held, in a database thread: `_abandoned`) when a person leaves a started
        # game or stays away past the absence limit, so ranked can record the abandonment.
        self.abandon_hooks: list[Callable[[Room, Seat], None]] = []
        # Called with the account's user id when a signed-in socket takes a seat: seats and
        # the ranked queue are exclusive per account (the queue lets its ticket go).
        self.seat_taken_hooks: list[Callable[[str], None]] = []
        games.timeout_hooks.append(self._timed_out)
        self._issued: collections.deque[str] = collections.deque(maxlen=4096)
        """Room codes handed out lately (`new_code`)."""
        self.refuse_rooms: Callable[[], str | None] = lambda: None
        """Why no new room may be made now (None: it may): the process cannot reach its
        database or Redis (kingdom_server/core/health.py)."""
        self.claim: Callable[[str], Awaitable[bool]] | None = None
        """(several processes, kingdom_server/core/ownership.py) Take the lease of a new room's
        code before the room exists: False if another process holds it; raises when Redis
        cannot be reached."""

    def calls(self) -> dict[str, Call]:
        """The lobby's socket calls by event name."""
        return {
            "createRoom": self.create_room,
            "createPublicRoom": self.create_public_room,
            "joinRoom": self.join_room,
            "joinPublicRoom": self.join_public_room,
            "rejoinRoom": self.rejoin_room,
            "getPublicGames": self.get_public_games,
            "addBot": self.add_bot,
            "toggleGameMode": self.toggle_game_mode,
            "reorderPlayers": self.reorder_players,
            "setTurnClock": self.set_turn_clock,
            "setAllowSpectators": self.set_allow_spectators,
            "rematch": self.rematch,
            "watchGame": self.watch_game,
            "stopWatching": self.stop_watching_call,
            "startGame": self.start_game,
            "leaveRoom": self.leave_room,
        }

    # -- saving ----------------------------------------------------------------------------

    async def save(self, room: Room, undo: Callable[[], None]) -> None:
        """(lock held) Write the room through its ordered writer (`Storage.store_room`: in the
        database threads, after every write of the room asked for before); if the store
        refuses, `undo` puts the room back and the error is raised (the call fails, nothing
        changed)."""
        try:
            await self.storage.store_room(room)
        except Exception:
            undo()
            raise

    def save_later(self, room: Room, failed: str) -> None:
        """Write the room through its ordered writer without waiting (a change that stays in
        memory if refused and goes with the next save; `failed` is logged)."""
        self.storage.later(room.code, failed, self.storage.write_room_rows,
                           room_rows(room, room_status(room)))

    async def new_code(self) -> str:
        """A room code no room has had (the store is asked in the database threads; a code
        just handed out, whose room may not be stored yet, is not handed out again)."""
        for _ in range(1000):
            code = new_room_code()
            if code in self._issued or self.rooms.get(code) is not None:
                continue
            self._issued.append(code)
            if await self.storage.run(self.storage.room_code_taken, code):
                continue
            if self.claim is not None:
                try:
                    if not await self.claim(code):
                        continue
                except Exception as e:  # no new room while Redis cannot be reached
                    log.warning("room code %s could not be claimed: %s", code, e)
                    raise CallError(BUSY) from e
            return code
        raise CallError("No free room code, please try again")

    # -- signed-in players -----------------------------------------------------------------

    async def user_of(self, sid: str) -> tuple[str | None, str | None]:
        """(user id, username) of the socket's signed-in user (Nones for a guest)."""
        try:
            session = await self.sio.get_session(sid)
        except KeyError:
            return None, None
        user_id, username = session.get("userId"), session.get("username")
        if isinstance(user_id, str) and isinstance(username, str):
            return user_id, username
        return None, None

    async def _bot_account(self, sid: str, p: Payload) -> bool:
        """Whether a program plays the seat: the socket's user is a bot account (`kingdom
        user bot NAME`), or the client says so (`isBot: true`, as `kingdom connect --bot`
        sends). Either way the table labels the seat as a bot."""
        said = v.field(p, "isBot", bool, required=False, default=False)
        try:
            session = await self.sio.get_session(sid)
        except KeyError:
            return bool(said)
        return bool(said or session.get("isBot"))

    async def _player(self, sid: str, p: Payload) -> tuple[str, str | None]:
        """The seat's name and user: a signed-in player's name defaults to the username."""
        user_id, username = await self.user_of(sid)
        if username is not None and not " ".join(str(p.get("playerName") or "").split()):
            return username[: self.settings.max_name_length], user_id
        return v.player_name(p, self.settings.max_name_length), user_id

    @staticmethod
    def _seat_of_user(room: Room, user_id: str) -> Seat | None:
        for seat in room.seats:
            if seat.user_id == user_id and seat.is_human:
                return seat
        return None

    async def restore_user_seat(self, sid: str, user_id: str, code: str | None = None) -> bool:
        """A signed-in player who connects gets back the seat that no socket holds (after a
        reload, or on another device): a room not finished and not a tutorial (`code`: only
        in that room, one this process owns while the socket is held by another)."""
        rooms = list(self.rooms) if code is None else [r for r in [self.rooms.get(code)] if r]
        for room in rooms:
            seat = self._seat_of_user(room, user_id)
            if (
                seat is None
                or seat.sid is not None
                or room.closed
                or room.is_tutorial
                or room.phase == "finished"
            ):
                continue
            async with room.lock:
                if room.closed or seat.sid is not None or not seat.is_human:
                    continue
                await self._take_seat(sid, room, seat)
            return True
        return False

    async def _take_seat(self, sid: str, room: Room, seat: Seat) -> None:
        """(lock held) `sid` holds `seat` from now on; a socket that held it is told so."""
        old = seat.sid
        if old is not None and old != sid:
            # The seat moves to the new socket (another tab, or a connection not yet timed out).
            self.rooms.sessions.pop(old, None)
            await self.sio.leave_room(old, room.code)
            await self.sio.enter_room(old, BROWSING)
            await self.pushes.send(old, "error", {"message": SEAT_MOVED})
        await self.attach(sid, room, seat)
        if seat.absence_task is not None:
            seat.absence_task.cancel()
            seat.absence_task = None
        seat.absent = False
        self._back(room, seat)
        self.games.sync_clocks(room)
        await self.pushes.room(room)

    async def _user_rejoin(self, sid: str, room: Room, seat: Seat) -> Ack:
        """A signed-in player takes their own seat back: a new reconnect token is issued (the
        old one stops working)."""
        ref = self.rooms.sessions.get(sid)
        if ref is not None and ref != (room.code, seat.player_id):
            await self.detach(sid)
        async with room.lock:
            if room.closed or not seat.is_human:
                raise CallError("Room not found")
            token = new_reconnect_token()
            undo = room.snapshot()
            seat.reconnect_token = hash_token(token)
            await self.save(room, undo)
            await self._take_seat(sid, room, seat)
        return self.seat_ack(room, seat, token)

    # -- rooms and seats -------------------------------------------------------------------

    async def _create(
        self,
        sid: str,
        name: str,
        *,
        user_id: str | None = None,
        bot_account: bool = False,
        is_public: bool,
        desired: int,
        is_tutorial: bool,
        tutorial_mode: str | None = None,
        constructed: bool = False,
        turn_clock: str = "off",
    ) -> Ack:
        if constructed and is_tutorial:
            raise CallError("A tutorial cannot be a Constructed game")
        refused = self.refuse_rooms()
        if refused is not None:
            raise CallError(refused)
        await self.detach(sid)
        room = Room(
            code=await self.new_code(),
            host_id=None,
            is_public=is_public,
            desired_player_count=desired,
            is_tutorial=is_tutorial,
            tutorial_mode=tutorial_mode if is_tutorial else None,
            constructed=constructed,
            turn_clock=turn_clock,
        )
        token = new_reconnect_token()
        seat = Seat(player_id=new_player_id(), name=name, reconnect_token=hash_token(token),
                    user_id=user_id, bot_account=bot_account,
                    username=(await self.user_of(sid))[1] if user_id else None)
        room.seats.append(seat)
        room.host_id = seat.player_id
        await self.storage.store_room(room)  # a new room: nothing to undo if this fails
        self.rooms.add(room)
        await self.attach(sid, room, seat)
        async with room.lock:
            await self.pushes.room(room)
        if is_public:
            await self.pushes.public_games()
        return self.seat_ack(room, seat, token)

    async def create_room(self, sid: str, p: Payload) -> Ack:
        name, user_id = await self._player(sid, p)
        is_tutorial = v.field(p, "isTutorial", bool, required=False, default=False)
        mode = self.tutorial_mode(p) if is_tutorial else None
        constructed = v.field(p, "constructed", bool, required=False, default=False)
        return await self._create(sid, name, user_id=user_id, is_public=False,
                                  bot_account=await self._bot_account(sid, p),
                                  desired=kr.MAX_PLAYERS,
                                  is_tutorial=is_tutorial, tutorial_mode=mode,
                                  constructed=constructed, turn_clock=self._turn_clock(p))

    async def create_public_room(self, sid: str, p: Payload) -> Ack:
        name, user_id = await self._player(sid, p)
        desired = v.field(p, "desiredPlayerCount", int, required=False, default=kr.MAX_PLAYERS)
        if desired not in kr.PLAYER_COUNTS:
            counts = [str(n) for n in kr.PLAYER_COUNTS]
            raise CallError(f"desiredPlayerCount must be {', '.join(counts[:-1])} or {counts[-1]}")
        constructed = v.field(p, "constructed", bool, required=False, default=False)
        return await self._create(sid, name, user_id=user_id, is_public=True, desired=desired,
                                  bot_account=await self._bot_account(sid, p),
                                  is_tutorial=False, constructed=constructed,
                                  turn_clock=self._turn_clock(p))

    async def _join(self, sid: str, p: Payload, *, public_only: bool) -> Ack:
        name, user_id = await self._player(sid, p)
        code = v.room_code(p)
        room = self.rooms.get(code)
        if room is None or room.closed or (public_only and not room.is_public):
            raise CallError("Room not found")
        mine = self._seat_of_user(room, user_id) if user_id is not None else None
        if mine is not None:  # signed in and seated here already (another tab or device)
            return await self._user_rejoin(sid, room, mine)
        ref = self.rooms.sessions.get(sid)
        if ref is not None and ref[0] == code:
            raise CallError("You are already in this room")
        if room.started:
            raise CallError("Game already in progress")
        if len(room.seats) >= room.capacity:
            raise CallError("Room is full")
        bot_account = await self._bot_account(sid, p)
        await self.detach(sid)
        async with room.lock:
            # Re-check under the lock: another join may have filled the room meanwhile.
            if room.closed:
                raise CallError("Room not found")
            if room.started:
                raise CallError("Game already in progress")
            if len(room.seats) >= room.capacity:
                raise CallError("Room is full")
            token = new_reconnect_token()
            seat = Seat(player_id=new_player_id(), name=name, reconnect_token=hash_token(token),
                        user_id=user_id, bot_account=bot_account,
                        username=(await self.user_of(sid))[1] if user_id else None)
            undo = room.snapshot()
            room.seats.append(seat)
            if room.host_id is None:
                room.host_id = seat.player_id
            await self.save(room, undo)
            await self.attach(sid, room, seat)
            await self.pushes.room(room)
        if room.is_public:
            await self.pushes.public_games()
        return self.seat_ack(room, seat, token)

    async def join_room(self, sid: str, p: Payload) -> Ack:
        return await self._join(sid, p, public_only=False)

    async def join_public_room(self, sid: str, p: Payload) -> Ack:
        return await self._join(sid, p, public_only=True)

    async def rejoin_room(self, sid: str, p: Payload) -> Ack:
        code = v.room_code(p)
        user_id, _ = await self.user_of(sid)
        if user_id is not None and "reconnectToken" not in p:
            # Signed in: the account is the key to its own seat (no token needed).
            room = self.rooms.get(code)
            mine = self._seat_of_user(room, user_id) if room is not None else None
            if room is None or room.closed or mine is None:
                raise CallError("Cannot rejoin: this seat is not yours")
            return await self._user_rejoin(sid, room, mine)
        player_id = v.field(p, "playerId", str)
        token = v.field(p, "reconnectToken", str)
        room = self.rooms.get(code)
        if room is None or room.closed:
            raise CallError("Room not found")
        seat = room.seat_by_id(player_id)
        if (
            seat is None
            or seat.reconnect_token is None
            or not secrets.compare_digest(seat.reconnect_token, hash_token(token))
        ):
            raise CallError("Cannot rejoin: this seat is not yours")
        ref = self.rooms.sessions.get(sid)
        if ref is not None and ref != (code, player_id):
            await self.detach(sid)
        async with room.lock:
            await self._take_seat(sid, room, seat)
        return self.seat_ack(room, seat, token)

    async def get_public_games(self, sid: str, p: Payload) -> Ack:
        if sid not in self.rooms.sessions:
            await self.sio.enter_room(sid, BROWSING)
        return ok(games=await self.pushes.public_list())

    async def add_bot(self, sid: str, p: Payload) -> Ack:
        wanted_kind = v.field(p, "kind", str, required=False, default=botlib.DEFAULT_BOT_KIND)
        kind = botlib.canonical_kind(wanted_kind)
        if kind is None:
            raise CallError(f"Unknown bot kind: {wanted_kind[:40]}")
        wanted = v.field(p, "name", str, required=False)
        room, _ = self.rooms.host_seat(sid, "add bots")
        async with room.lock:
            if room.started:
                raise CallError("Game already in progress")
            if len(room.seats) >= room.capacity:
                raise CallError("Room is full")
            taken = {s.name for s in room.seats}
            name = v.clean_name(wanted or "", None)[: self.settings.max_name_length].strip()
            if not name or name in taken:
                name = botlib.pick_bot_name(taken)
            seat = Seat(player_id=new_player_id(), name=name, is_bot=True, bot_kind=kind)
            if room.constructed:  # bots bring the prebuilt decks in turn
                names = sorted(kr.PREBUILT_DECKS)
                bots = sum(1 for s in room.seats if s.is_bot)
                seat.deck_name = names[bots % len(names)]
                seat.deck = kr.PREBUILT_DECKS[seat.deck_name]
            undo = room.snapshot()
            room.seats.append(seat)
            await self.save(room, undo)
            await self.pushes.room(room)
        if room.is_public:
            await self.pushes.public_games()
        return ok(playerId=seat.player_id)

    async def toggle_game_mode(self, sid: str, p: Payload) -> Ack:
        mode = v.field(p, "gameMode", str, required=False)
        if mode is not None and mode not in kr.MODES:
            raise CallError(f"gameMode must be {' or '.join(kr.MODES)}")
        room, _ = self.rooms.host_seat(sid, "change the game mode")
        async with room.lock:
            if room.is_ranked:
                raise CallError(RANKED_PLAYED_ONCE)
            if room.started and room.phase != "finished":
                raise CallError("Game already in progress")
            undo = room.snapshot()
            room.game_mode = mode or ("match" if room.game_mode == "game" else "game")
            await self.save(room, undo)
            await self.pushes.room(room)
        if room.is_public:
            await self.pushes.public_games()
        return ok(gameMode=room.game_mode)

    @staticmethod
    def _turn_clock(p: Payload, *, required: bool = False) -> str:
        clock = v.field(p, "turnClock", str, required=required, default="off")
        if clock not in clocks.TURN_CLOCKS:
            raise CallError(f"turnClock must be {', '.join(clocks.TURN_CLOCKS[:-1])} or "
                            f"{clocks.TURN_CLOCKS[-1]}")
        return str(clock)

    # -- rematch -----------------------------------------------------------------------------

    async def rematch(self, sid: str, p: Payload) -> Ack:
        """(after a casual game) `{accept}`: accept or decline playing again, same seats and
        settings. The first acceptance offers it to the others; when every person at the
        table has accepted, the table moves to a new room whose game starts (rematch.py); the
        offer ends at the first refusal, expires after Settings.rematch_seconds."""
        accept = v.field(p, "accept", bool)
        room, seat = self.rooms.seat_of(sid)
        async with room.lock:
            if room.is_ranked or room.is_tutorial:
                raise CallError("A rematch is offered after a casual game only")
            if room.phase != "finished":
                raise CallError("The game is not over yet")
            if not accept:
                if room.rematch is None:
                    return ok(started=False)
                self._end_rematch(room)
                await self.pushes.event(room, "rematchDeclined", {
                    "playerName": seat.name, "playerNumber": room.number_of(seat)})
                await self.pushes.room(room)
                return ok(started=False)
            if room.rematch is None:
                room.rematch = set()
                room.rematch_deadline = loop_time() + self.settings.rematch_seconds
                room.rematch_task = self.background.spawn(self._rematch_expiry(room))
            room.rematch.add(seat.player_id)
            if all(s.player_id in room.rematch for s in room.humans()):
                self._end_rematch(room)
                return await rematch.start_in_new_room(self, room, sid)
            await self.pushes.room(room)
        return ok(started=False)

    def _end_rematch(self, room: Room) -> None:
        task = room.rematch_task
        room.rematch = room.rematch_deadline = room.rematch_task = None
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    async def _rematch_expiry(self, room: Room) -> None:
        deadline = room.rematch_deadline
        if deadline is None:
            return
        await asyncio.sleep(max(0.0, deadline - loop_time()))
        async with room.lock:
            if room.closed or room.rematch_task is not asyncio.current_task():
                return
            self._end_rematch(room)
            await self.pushes.event(room, "rematchExpired", {})
            await self.pushes.room(room)

    # -- spectators ------------------------------------------------------------------------

    async def set_allow_spectators(self, sid: str, p: Payload) -> Ack:
        """(host of a private room) Whether people with the code may watch: `{allow}`."""
        allow = v.field(p, "allow", bool)
        room, _ = self.rooms.host_seat(sid, "change who may watch")
        async with room.lock:
            undo = room.snapshot()
            room.allow_spectators = bool(allow)
            await self.save(room, undo)
            await self.pushes.room(room)
        return ok(allowSpectators=room.allow_spectators)

    async def watch_game(self, sid: str, p: Payload) -> Ack:
        """Watch a game in progress: a public one, or a private one by its code when its host
        allows it. The socket holds no seat and gets the public view only."""
        code = v.room_code(p)
        room = self.rooms.get(code)
        if room is None or room.closed or room.is_tutorial:
            raise CallError("Room not found")
        ref = self.rooms.sessions.get(sid)
        if ref is not None and ref[0] == code:
            raise CallError("You are already in this room")
        if not room.started:
            raise CallError("This game has not started yet")
        if not (room.is_public or room.is_ranked or room.allow_spectators):
            raise CallError("The host of this game does not allow spectators")
        if sid not in room.spectators and len(room.spectators) >= self.settings.max_spectators:
            raise CallError("Too many people are watching this game")
        await self.detach(sid)  # a seat elsewhere is given up, as when joining a room
        await self.stop_watching(sid)
        async with room.lock:
            if room.closed:
                raise CallError("Room not found")
            room.spectators.add(sid)
            self.rooms.watching[sid] = code
            await self.sio.leave_room(sid, BROWSING)
            await self.sio.enter_room(sid, code)
            await self.pushes.room(room)
        if room.is_public:
            await self.pushes.public_games()
        return ok(roomCode=code, spectators=len(room.spectators))

    async def stop_watching_call(self, sid: str, p: Payload) -> Ack:
        await self.stop_watching(sid)
        return ok()

    async def stop_watching(self, sid: str) -> None:
        """The socket no longer watches (it left, took a seat, or disconnected)."""
        code = self.rooms.watching.pop(sid, None)
        if code is None:
            return
        room = self.rooms.get(code)
        if room is None:
            return
        async with room.lock:
            room.spectators.discard(sid)
            if not room.closed:
                await self.pushes.room(room)
        if is_connected(self.sio, sid):
            await self.sio.leave_room(sid, code)
            await self.sio.enter_room(sid, BROWSING)
        if room.is_public:
            await self.pushes.public_games()

    async def set_turn_clock(self, sid: str, p: Payload) -> Ack:
        """(host, waiting room or after the game) The room's turn clock: `{turnClock}`."""
        clock = self._turn_clock(p, required=True)
        room, _ = self.rooms.host_seat(sid, "change the turn clock")
        async with room.lock:
            if room.is_ranked:
                raise CallError("A ranked game is always clocked")
            if room.started and room.phase != "finished":
                raise CallError("Game already in progress")
            undo = room.snapshot()
            room.turn_clock = clock
            await self.save(room, undo)
            await self.pushes.room(room)
        if room.is_public:
            await self.pushes.public_games()
        return ok(turnClock=room.turn_clock)

    async def reorder_players(self, sid: str, p: Payload) -> Ack:
        order = v.field(p, "playerOrder", list)
        if not all(isinstance(x, str) for x in order):
            raise CallError("playerOrder must be a list of player ids")
        room, _ = self.rooms.host_seat(sid, "reorder players")
        async with room.lock:
            if room.started:
                raise CallError("Game already in progress")
            if len(room.seats) != kr.MAX_PLAYERS:
                raise CallError(f"Players can only be reordered in a {kr.MAX_PLAYERS}-player room")
            by_id = {s.player_id: s for s in room.seats}
            if len(order) != len(by_id) or set(order) != set(by_id):
                raise CallError("playerOrder must list every player in the room exactly once")
            undo = room.snapshot()
            room.seats = [by_id[i] for i in order]
            await self.save(room, undo)
            await self.pushes.room(room)
        return ok()

    # -- starting games --------------------------------------------------------------------

    async def start_game(self, sid: str, p: Payload) -> Ack:
        room, _ = self.rooms.host_seat(sid, "start the game")
        async with room.lock:
            if room.is_ranked:
                # One match per ranked room: another deal would be counted but never rated.
                raise CallError(RANKED_PLAYED_ONCE)
            was_started = room.started
            await self.deal(room, room.snapshot())
        if room.is_public and not was_started:
            await self.pushes.public_games()
        return ok()

    async def deal(
        self,
        room: Room,
        undo: Callable[[], None],
        *,
        deck: list[str] | None = None,
        seed: int | None = None,
        first: list[kr.Action] | None = None,
        setup: kr.Setup | None = None,
    ) -> None:
        """(lock held) Deal a new game for the seated players; `first` actions are applied
        (and logged) right away, such as the tutorial learner's starting resource. `undo` puts
        the room back as it was before the call, should the store refuse the new game."""
        if room.started and room.phase != "finished":
            raise CallError("Game already in progress")
        n = len(room.seats)
        if n < kr.MIN_PLAYERS:
            raise CallError(f"Need at least {kr.MIN_PLAYERS} players to start")
        if n > kr.MAX_PLAYERS:
            raise CallError(f"At most {kr.MAX_PLAYERS} players can play")
        if room.constructed:
            missing = [s.name for s in room.seats if s.deck is None]
            if missing:
                raise CallError(f"Every player must choose a legal deck first: {missing[0]}")
            setup = kr.ConstructedSetup(decks=tuple(s.deck for s in room.seats if s.deck))
        elif setup is None:
            setup = kr.StandardSetup()
        seed = secrets.randbits(31) if seed is None else seed
        try:
            state = kr.new_game(player_count=n, seed=seed, mode=room.game_mode, deck=deck,
                                setup=setup)
            for action in first or ():
                state, _ = kr.apply(state, action)
        except kr.IllegalAction as e:
            raise CallError(str(e)) from e
        started = now_utc()
        try:
            # The game row, its first actions and the room row, "playing", in one transaction.
            game_id = await self.storage.store_start_game(room, GameStart(
                seed=seed,
                player_count=n,
                mode=room.game_mode,
                deck=deck,
                setup=setup,
                started_at=started,
                first_actions=[a.to_json() for a in first or ()],
            ))
        except Exception:
            undo()
            raise
        room.state = state
        room.game_id = game_id
        room.match_id = None
        self._end_rematch(room)
        room.action_count = len(first or ())
        room.tutorial_resumed = set()
        room.tutorial_guided = True
        room.tutorial_told = set()
        room.game_start_time = epoch_ms(started)
        for seat in room.seats:
            seat.absent = False
            seat.away = ()
            self.start_absence(room, seat)
        self.games.start_clocks(room)
        await self.pushes.room(room)
        self.games.kick_bots(room)

    def _back(self, room: Room, seat: Seat) -> None:
        """(lock held) The person plays their seat again: a stretch of absence ends."""
        if seat.away and seat.away[-1][1] is None:
            seat.away = (*seat.away[:-1], (seat.away[-1][0], room.action_count))
            self._keep_away(room)

    def _keep_away(self, room: Room) -> None:
        """The seats' stretches of absence into the store (what the results count as the
        bot's); should the store refuse, they stay in memory and go with the next save."""
        self.save_later(room, "a stretch of absence was not stored")

    def _game_finished(self, room: Room) -> None:
        for seat in room.seats:
            self.start_absence(room, seat)

    @staticmethod
    def tutorial_mode(p: Payload) -> str:
        """The payload's `tutorialMode` (default basics), one of the lessons of
        kingdom_rules.tutorial."""
        mode = v.field(p, "tutorialMode", str, required=False, default="basics")
        if mode not in tutorial.MODES:
            raise CallError(f"tutorialMode must be one of {', '.join(tutorial.MODES)}")
        return str(mode)

    # -- leaving ---------------------------------------------------------------------------

    async def leave_room(self, sid: str, p: Payload) -> Ack:
        await self.detach(sid)
        return ok()

    async def attach(self, sid: str, room: Room, seat: Seat) -> None:
        if not is_connected(self.sio, sid):
            # The socket went away while its call waited: the seat is kept, unconnected.
            seat.sid = None
            self.start_absence(room, seat)
            return
        seat.sid = sid
        self.rooms.sessions[sid] = (room.code, seat.player_id)
        if seat.is_human:
            self._attended(room)
        if seat.user_id is not None:
            for hook in self.seat_taken_hooks:
                hook(seat.user_id)
        await self.sio.leave_room(sid, BROWSING)
        await self.sio.enter_room(sid, room.code)

    def seat_ack(self, room: Room, seat: Seat, token: str) -> Ack:
        return ok(
            playerId=seat.player_id,
            roomCode=room.code,
            reconnectToken=token,
            playerNumber=room.number_of(seat),
        )

    async def detach(self, sid: str) -> None:
        """The socket gives up its seat: removed in the lobby, handed to a bot during a game.
        If the store refuses, the socket keeps its seat (and the error is raised). A socket
        that watched a game stops watching."""
        await self.stop_watching(sid)
        ref = self.rooms.sessions.get(sid)
        if ref is None:
            return
        room = self.rooms.get(ref[0])
        if room is not None:
            async with room.lock:
                seat = room.seat_by_id(ref[1])
                if seat is not None and seat.sid == sid:
                    await self._give_up_seat(room, seat)
        if self.rooms.sessions.get(sid) == ref:
            del self.rooms.sessions[sid]
        await self.sio.leave_room(sid, ref[0])
        await self.sio.enter_room(sid, BROWSING)
        if room is not None and room.is_public:
            await self.pushes.public_games()

    async def disconnected(self, sid: str) -> None:
        """The socket is gone: its seat waits for the person to come back (absence)."""
        await self.stop_watching(sid)
        ref = self.rooms.sessions.pop(sid, None)
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
            self.start_absence(room, seat)
            self.watch_attendance(room)
            await self.pushes.room(room)

    async def _give_up_seat(self, room: Room, seat: Seat) -> None:
        """(lock held) The person is gone for good: seat removed before the start, else a bot
        plays it; the next human becomes host; a room with no human left is closed. Written
        first: if the store refuses, the room stays as it was and the error is raised."""
        undo = room.snapshot()
        if room.rematch is not None:
            self._end_rematch(room)  # someone went: there is no rematch with the same players
        if room.started:
            seat.left = True
            seat.reconnect_token = None
            if room.phase != "finished":
                seat.left_at = room.action_count
                try:
                    await self._abandoned(room, seat)
                except Exception:
                    undo()
                    raise
        else:
            room.seats.remove(seat)
        if room.host_id == seat.player_id:
            humans = room.humans()
            room.host_id = humans[0].player_id if humans else None
        closing = not room.humans()
        try:
            if closing:
                await self.storage.store_closed(room.code)
            else:
                await self.storage.store_room(room)
        except Exception:
            undo()
            raise
        if seat.absence_task is not None and seat.absence_task is not asyncio.current_task():
            seat.absence_task.cancel()
        seat.absence_task = None
        seat.sid = None
        if closing:
            self._forget(room)
        else:
            self.watch_attendance(room)
            self._pause_if_unattended(room)
            self.games.sync_clocks(room)
            await self.pushes.room(room)
            self.games.kick_bots(room)

    async def _abandoned(self, room: Room, seat: Seat) -> None:
        """(lock held) The abandon hooks, in one job of the room's ordered writer in a database
        thread (after the room's writes asked for before; before its later ones); their
        error is raised."""
        if not self.abandon_hooks:
            return

        def hooks() -> None:
            for hook in self.abandon_hooks:
                hook(room, seat)

        await self.storage.write(room.code, hooks)

    def _forget(self, room: Room) -> None:
        """(closed in the store) The room leaves memory with its tasks and bots."""
        room.closed = True
        self.rooms.remove(room)
        for sid in room.spectators:
            self.rooms.watching.pop(sid, None)
        room.spectators.clear()
        current = asyncio.current_task()
        tasks = [room.bot_task, room.score_task, room.idle_task, room.clock_task, room.rematch_task,
                 *(s.absence_task for s in room.seats)]
        for task in tasks:
            if task is not None and task is not current:
                task.cancel()
        self.games.forget(room)

    async def close(self, room: Room) -> None:
        """(lock held) The room is closed for good: written first (after every write of the
        room asked for before, in the database threads), then forgotten with its tasks."""
        await self.storage.store_closed(room.code)
        self._forget(room)

    async def _timed_out(self, room: Room, seat: Seat) -> None:
        """(games hook, lock held) The seat's clock ran out for the last time allowed: the
        person leaves the game as `leaveRoom` does (a bot plays the seat; ranked: last place)."""
        sid = seat.sid
        await self._give_up_seat(room, seat)
        if sid is not None:
            if self.rooms.sessions.get(sid) == (room.code, seat.player_id):
                del self.rooms.sessions[sid]
            await self.sio.leave_room(sid, room.code)
            await self.sio.enter_room(sid, BROWSING)
        log.info("room %s: %s left by running out of time", room.code, seat.player_id)

    # -- absence ---------------------------------------------------------------------------

    def start_absence(self, room: Room, seat: Seat) -> None:
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
        seat.absence_task = self.background.spawn(self._absence_timer(room, seat))

    async def _absence_timer(self, room: Room, seat: Seat) -> None:
        await asyncio.sleep(self.settings.absence_seconds)
        async with room.lock:
            seat.absence_task = None
            if room.closed or seat.sid is not None or not seat.is_human:
                return
            if room.started and room.phase != "finished":
                seat.absent = True
                seat.away = (*seat.away, (room.action_count, None))
                self._keep_away(room)
                await self._abandoned(room, seat)
                self._pause_if_unattended(room)
                self.games.sync_clocks(room)
                await self.pushes.room(room)
                self.games.kick_bots(room)
                return
            # Waiting room or finished game: the seat is given up (a room nobody comes back
            # to is closed instead of being kept forever).
            await self._give_up_seat(room, seat)
        if room.is_public:
            await self.pushes.public_games()

    # -- rooms nobody attends --------------------------------------------------------------

    def watch_attendance(self, room: Room) -> None:
        """No person connected any more: the room is closed if nobody comes back within
        Settings.unattended_seconds, counted from when the last person went away (stored, so
        that a restarted server keeps counting from there)."""
        if room.closed or room.attended() or room.idle_task is not None:
            return
        if room.unattended_since is None:
            since = now_utc()
            # If refused, the timer still runs; a restart would count from its start.
            self.storage.later(room.code, "the time its last person left was not stored",
                               self.storage.set_unattended_since, room.code, since)
            room.unattended_since = since
        elapsed = (now_utc() - room.unattended_since).total_seconds()
        wait = max(0.0, self.settings.unattended_seconds - elapsed)
        room.idle_task = self.background.spawn(self._unattended(room, wait))

    async def _unattended(self, room: Room, wait: float) -> None:
        await asyncio.sleep(wait)
        async with room.lock:
            room.idle_task = None
            if room.closed or room.attended():
                return
            log.info("room %s: nobody connected for %.0f s; closed",
                     room.code, self.settings.unattended_seconds)
            await self.close(room)
        if room.is_public:
            await self.pushes.public_games()

    def _pause_if_unattended(self, room: Room) -> None:
        """(lock held) A game whose people are all away (each past the takeover period, or
        gone for good) pauses: nobody would watch the bots play."""
        if (
            room.started
            and room.phase != "finished"
            and not room.paused
            and not room.attended()
            and all(s.absent for s in room.humans())
        ):
            self._pause(room)

    def _pause(self, room: Room) -> None:
        """(lock held) Bots and the score screen stop until a person is back."""
        room.paused = True
        task, room.bot_task = room.bot_task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        self.games.sync_score_screen(room)

    def _attended(self, room: Room) -> None:
        """A person is connected (again): the room is kept, and a paused game goes on."""
        task, room.idle_task = room.idle_task, None
        if task is not None and task is not asyncio.current_task():
            task.cancel()
        if room.unattended_since is not None:
            # If refused, a restart would count from the earlier departure.
            self.storage.later(room.code, "a person's return was not stored",
                               self.storage.set_unattended_since, room.code, None)
            room.unattended_since = None
        if room.paused:
            room.paused = False
            self.games.sync_score_screen(room)
            self.games.kick_bots(room)
