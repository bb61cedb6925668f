"""A rematch's new room (docs/protocol.md, "Rematch"): once every person at a finished casual
table has accepted, the same players move to a new room with the same settings and its game
starts; the old room is closed, its finished game kept for its replay.

The offer itself (accept, decline, expiry) is the lobby's `rematch` call; this module builds
the room it leads to and moves the table there.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Protocol

from kingdom_server.core import bots as botlib
from kingdom_server.core.answers import Ack, ok
from kingdom_server.core.pushes import Pushes
from kingdom_server.core.rooms import (
    Room,
    Rooms,
    Seat,
    hash_token,
    new_player_id,
    new_reconnect_token,
)
from kingdom_server.core.storage import Storage

log = logging.getLogger(__name__)


class Lobby(Protocol):
    """What a rematch uses of the lobby (kingdom_server/core/lobby.py)."""

    storage: Storage
    sio: Any
    rooms: Rooms
    pushes: Pushes

    async def new_code(self) -> str: ...
    async def attach(self, sid: str, room: Room, seat: Seat) -> None: ...
    async def deal(self, room: Room, undo: Callable[[], None]) -> None: ...
    async def close(self, room: Room) -> None: ...
    def start_absence(self, room: Room, seat: Seat) -> None: ...

REMATCH_STARTED = "rematchStarted"
"""Push to each person moved: their seat in the new room (as a join's acknowledgement)."""


def new_table(old: Room, code: str) -> tuple[Room, dict[str, str]]:
    """The new room for `old`'s table: its settings, the same seats in the same order (a seat
    whose person left the game is played by a bot of the default kind), each person with a
    new player id and reconnect token. Returns the room and the tokens by new player id."""
    room = Room(
        code=code,
        host_id=None,
        is_public=old.is_public,
        desired_player_count=old.desired_player_count,
        game_mode=old.game_mode,
        constructed=old.constructed,
        turn_clock=old.turn_clock,
        allow_spectators=old.allow_spectators,
    )
    tokens: dict[str, str] = {}
    taken = {s.name for s in old.seats}
    for seat in old.seats:
        if seat.is_human:
            token = new_reconnect_token()
            new = Seat(player_id=new_player_id(), name=seat.name, user_id=seat.user_id,
                       username=seat.username, bot_account=seat.bot_account,
                       reconnect_token=hash_token(token), deck=seat.deck,
                       deck_name=seat.deck_name)
            tokens[new.player_id] = token
            if seat.player_id == old.host_id:
                room.host_id = new.player_id
        elif seat.is_bot:
            new = Seat(player_id=new_player_id(), name=seat.name, is_bot=True,
                       bot_kind=seat.bot_kind, deck=seat.deck, deck_name=seat.deck_name)
        else:  # the person left during the game: a bot takes the seat from the start
            name = botlib.pick_bot_name(taken)
            taken.add(name)
            new = Seat(player_id=new_player_id(), name=name, is_bot=True,
                       bot_kind=botlib.DEFAULT_BOT_KIND, deck=seat.deck, deck_name=seat.deck_name)
        room.seats.append(new)
    if room.host_id is None:
        humans = room.humans()
        room.host_id = humans[0].player_id if humans else None
    return room, tokens


async def start_in_new_room(lobby: Lobby, old: Room, sid: str) -> Ack:
    """(old room's lock held; everyone accepted) The table moves to a new room whose game
    starts at once; `sid` is the caller's socket, answered with its new seat. Should the store
    refuse the new room or its game, nothing moves and the error is raised."""
    room, tokens = new_table(old, await lobby.new_code())
    await lobby.storage.store_room(room)  # a new room: nothing to undo if this fails
    moving = [(seat, new) for seat, new in zip(old.seats, room.seats, strict=True)
              if seat.is_human]
    lobby.rooms.add(room)
    try:
        async with room.lock:
            for seat, new in moving:
                if seat.sid is not None:
                    lobby.rooms.sessions.pop(seat.sid, None)
                    await lobby.sio.leave_room(seat.sid, old.code)
                    await lobby.attach(seat.sid, room, new)
            await lobby.deal(room, room.snapshot())
    except Exception:
        # Back as it was: the sockets hold their old seats, the new room goes.
        for seat, new in moving:
            if seat.sid is not None and new.sid == seat.sid:
                lobby.rooms.sessions[seat.sid] = (old.code, seat.player_id)
                await lobby.sio.leave_room(seat.sid, room.code)
                await lobby.sio.enter_room(seat.sid, old.code)
        lobby.rooms.remove(room)
        room.closed = True
        try:
            await lobby.storage.store_closed(room.code)
        except Exception:
            log.exception("room %s: the rematch room that did not start was not closed",
                          room.code)
        raise
    # The spectators follow the table.
    for watcher in list(old.spectators):
        room.spectators.add(watcher)
        lobby.rooms.watching[watcher] = room.code
        await lobby.sio.leave_room(watcher, old.code)
        await lobby.sio.enter_room(watcher, room.code)
    old.spectators.clear()
    mine: Ack = ok(started=True)
    for seat, new in moving:
        moved = seat.sid
        seat.sid = None
        if moved is None:
            continue
        ack = ok(playerId=new.player_id, roomCode=room.code,
                 reconnectToken=tokens[new.player_id], playerNumber=room.number_of(new))
        if moved == sid:
            mine = {**ack, "started": True}
        else:
            await lobby.pushes.send(moved, REMATCH_STARTED, {
                k: ack[k] for k in ("roomCode", "playerId", "reconnectToken", "playerNumber")})
    try:
        await lobby.close(old)  # its finished game stays, for its replay
    except Exception:  # the table has moved; the old room's seats are given up in a while
        log.exception("room %s: not closed after its rematch", old.code)
        for seat in old.seats:
            lobby.start_absence(old, seat)
    async with room.lock:
        await lobby.pushes.room(room)
    if room.is_public:
        await lobby.pushes.public_games()
    return mine
