"""Lobby calls: rooms, seats, hosts, starting games (tutorial games too), leaving.

A mixin of the hub (kingdom_server/realtime.py): `self` is the `Hub`.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from kingdom_server import bots as botlib
from kingdom_server import tutorial as lessons
from kingdom_server import validation as v
from kingdom_server.calls import (
    BROWSING,
    SEAT_MOVED,
    Ack,
    CallError,
    HubParts,
    _engine,
    ok,
    seat_index,
)
from kingdom_server.rooms import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Room,
    Seat,
    epoch_ms,
    hash_token,
    new_player_id,
    new_reconnect_token,
    now_utc,
)

log = logging.getLogger(__name__)


class LobbyCalls(HubParts):
    """createRoom ... leaveRoom: everything before and around a game."""

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
        token = new_reconnect_token()
        seat = Seat(player_id=new_player_id(), name=name, reconnect_token=hash_token(token))
        room.seats.append(seat)
        room.host_id = seat.player_id
        self.persist_room(room)
        self.rooms[room.code] = room
        await self._attach(sid, room, seat)
        async with room.lock:
            await self.push_room(room)
        if is_public:
            await self.push_public_games()
        return self._seat_ack(room, seat, token)

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
            token = new_reconnect_token()
            seat = Seat(player_id=new_player_id(), name=name, reconnect_token=hash_token(token))
            room.seats.append(seat)
            if room.host_id is None:
                room.host_id = seat.player_id
            self.persist_room(room)
            await self._attach(sid, room, seat)
            await self.push_room(room)
        if room.is_public:
            await self.push_public_games()
        return self._seat_ack(room, seat, token)

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
            or not secrets.compare_digest(seat.reconnect_token, hash_token(token))
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
        return self._seat_ack(room, seat, token)

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
