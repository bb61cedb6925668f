"""Rooms and seats kept in memory (the store mirrors them, kingdom_server/core/storage.py), room
codes, and `Rooms`: the open rooms of the process and which socket holds which seat."""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import secrets
from collections.abc import Callable, Collection, Iterator
from typing import Any

import attrs

import kingdom_rules as kr
from kingdom_rules import MAX_PLAYERS
from kingdom_server.core.answers import CallError
from kingdom_server.core.clocks import SeatClock
from kingdom_server.core.tables import now

#: Upper-case letters and digits without the look-alikes 0/O, 1/I/L.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6

SPECTATORS_CANNOT_ACT = "Spectators cannot act"

BROWSING = "browsing"
"""socket.io room of sockets that hold no seat: they get publicGamesUpdated."""

#: Fields that live only in this process (connections, timers, the lock): a rollback leaves
#: them alone.
_RUNTIME = frozenset(
    {"lock", "sid", "absence_task", "score_task", "bot_task", "idle_task", "paused",
     "clock_task", "spectators", "rematch", "rematch_deadline", "rematch_task", "chat_muted"}
)


def new_room_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_player_id() -> str:
    return "p_" + secrets.token_hex(8)


def new_reconnect_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What is kept of a reconnect token (memory and store): a leaked store opens no seat."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@attrs.define(eq=False)
class Seat:
    """One place at the table: a person (connected or not) or a bot."""

    player_id: str
    name: str
    is_bot: bool = False
    bot_kind: str | None = None
    """GreedyBot / RandomBot for bots added by the host."""
    reconnect_token: str | None = None
    """sha256 of the seat's reconnect token (`hash_token`); None once the person left."""
    user_id: str | None = None
    username: str | None = None
    """The signed-in player's username when they took the seat (their profile: /u/{username})."""
    left: bool = False
    """The person left during a game; a bot plays the seat for good."""
    left_at: int | None = None
    """How many actions the game's log held when the person left it before its end: what the
    seat did from then on is its bot's, and the person places last (docs/rules.md)."""
    away: tuple[tuple[int, int | None], ...] = ()
    """This game's stretches (action counts from, to; to None: still away) in which a bot
    played the seat for its absent person: what it did then is the bot's, not theirs."""
    sid: str | None = None
    """The socket currently holding the seat (None: disconnected)."""
    absent: bool = False
    """Disconnected for longer than the absence limit during play: a bot plays until they return."""
    absence_task: asyncio.Task[None] | None = None
    deck: kr.Deck | None = None
    """In a Constructed room: the deck this seat plays (chosen by the player, a prebuilt one
    for a bot)."""
    deck_name: str | None = None
    bot_account: bool = False
    """The seat's user is a bot account (`kingdom user bot NAME`): a program plays it from
    outside, and the table labels it as a bot."""
    clock: SeatClock | None = None
    """The seat's turn clock during a clocked game (kingdom_server/core/clocks.py); None for bots
    and in games without a clock."""
    chat_muted: set[str] = attrs.Factory(set)
    """Player ids of the seats whose quick chat this seat muted (kingdom_server/chat/)."""

    @property
    def connected(self) -> bool:
        return self.is_bot or self.sid is not None

    @property
    def is_human(self) -> bool:
        return not self.is_bot and not self.left

    @property
    def bot_controlled(self) -> bool:
        """Whether the server plays this seat's turns."""
        return self.is_bot or self.left or self.absent


@attrs.define(eq=False)
class Room:
    code: str
    host_id: str | None
    is_public: bool = False
    desired_player_count: int = MAX_PLAYERS
    game_mode: str = "game"
    is_tutorial: bool = False
    is_ranked: bool = False
    tutorial_mode: str | None = None
    """basics, multiplayer, advanced-combos, ... for tutorial rooms."""
    constructed: bool = False
    """Each player brings their own deck (R33-R35): the game runs with `kr.ConstructedSetup`."""
    tutorial_resumed: set[int] = attrs.Factory(set)
    """Rounds whose tutorial bot pause the learner has released (resumeTutorialBot)."""
    tutorial_guided: bool = True
    """The lesson is shown: moves that would make a later step impossible are refused
    (kingdom_server/tutorial.py `refusal`); off once the learner skips or finishes it."""
    tutorial_told: set[str] = attrs.Factory(set)
    """Lesson steps this game has already announced (done or impossible): a step done is never
    announced as impossible afterwards, and each impossible step once."""
    seats: list[Seat] = attrs.Factory(list)
    lock: asyncio.Lock = attrs.Factory(asyncio.Lock)
    state: kr.GameState | None = None
    game_id: int | None = None
    action_count: int = 0
    game_start_time: int | None = None
    """Unix time in milliseconds at which the game started."""
    score_deadline: float | None = None
    """loop.time() at which the score screen ends, while it runs."""
    score_task: asyncio.Task[None] | None = None
    bot_task: asyncio.Task[None] | None = None
    idle_task: asyncio.Task[None] | None = None
    """Runs while no person is connected: closes the room after Settings.unattended_seconds."""
    unattended_since: dt.datetime | None = None
    """(naive UTC, stored) When the last person connected to the room went away; None while
    someone is connected. A restarted server counts the unattended period from here."""
    paused: bool = False
    """No person connected and the takeover period over: bots and the score screen wait until
    someone comes back."""
    closed: bool = False
    turn_clock: str = "off"
    """off | relaxed | normal | fast (kingdom_server/core/clocks.py); ranked games: normal."""
    clock_task: asyncio.Task[None] | None = None
    """Wakes at the earliest running clock's deadline and at each checkpoint."""
    match_id: str | None = None
    """The finished game's match id once its result is written (its replay: /replay/{id})."""
    allow_spectators: bool = False
    """(private rooms) The host lets people with the code watch; public games always may be."""
    spectators: set[str] = attrs.Factory(set)
    """The sockets watching the game (they hold no seat and see only what is public)."""
    rematch: set[str] | None = None
    """After a casual game: the player ids who accepted the rematch offer (None: no offer)."""
    rematch_deadline: float | None = None
    """loop.time() at which the rematch offer expires."""
    rematch_task: asyncio.Task[None] | None = None

    # -- queries ---------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return "waiting" if self.state is None else str(self.state.phase)

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def capacity(self) -> int:
        return self.desired_player_count if self.is_public else MAX_PLAYERS

    def seat_by_id(self, player_id: str) -> Seat | None:
        for seat in self.seats:
            if seat.player_id == player_id:
                return seat
        return None

    def number_of(self, seat: Seat) -> int:
        """Player number (1-based position at the table)."""
        return self.seats.index(seat) + 1

    def seat_of_number(self, number: int) -> Seat:
        return self.seats[number - 1]

    def humans(self) -> list[Seat]:
        return [s for s in self.seats if s.is_human]

    def attended(self) -> bool:
        """Whether a person (not a bot, not gone for good) is connected to the room."""
        return any(s.is_human and s.sid is not None for s in self.seats)

    @property
    def host(self) -> Seat | None:
        return self.seat_by_id(self.host_id) if self.host_id else None

    def public_status(self) -> str:
        if self.started:
            return "in-progress"
        return "full" if len(self.seats) >= self.capacity else "waiting"

    def snapshot(self) -> Callable[[], None]:
        """A way back: calling the result puts the room and its seats back as they are now
        (everything but connections, timers and the lock). For changes the store refused."""
        room_fields = {
            f.name: getattr(self, f.name) for f in attrs.fields(Room) if f.name not in _RUNTIME
        }
        room_fields["seats"] = list(self.seats)
        room_fields["tutorial_resumed"] = set(self.tutorial_resumed)
        seat_fields = [
            (seat, {f.name: getattr(seat, f.name) for f in attrs.fields(Seat)
                    if f.name not in _RUNTIME})
            for seat in self.seats
        ]

        def restore() -> None:
            for name, value in room_fields.items():
                setattr(self, name, value)
            for seat, values in seat_fields:
                for name, value in values.items():
                    setattr(seat, name, value)

        return restore

    def public_listing(self) -> dict[str, Any]:
        host = self.host
        return {
            "roomCode": self.code,
            "hostName": host.name if host else "",
            "gameMode": self.game_mode,
            "constructed": self.constructed,
            "currentPlayers": len(self.seats),
            "desiredPlayers": self.desired_player_count,
            "status": self.public_status(),
            "turnClock": self.turn_clock,
            "watching": len(self.spectators),
        }


def replay_open_to(public: bool, players: Collection[str | None], viewer: str | None) -> bool:
    """Who may replay a finished game (docs/protocol.md, "Replays"): anyone when it was played
    in a public or ranked room (`public`), else only the signed-in people who played it."""
    return public or (viewer is not None and viewer in players)


def now_utc() -> dt.datetime:
    """Naive UTC with whole milliseconds, as stored."""
    moment = now()
    return moment.replace(microsecond=moment.microsecond // 1000 * 1000)


def epoch_ms(when: dt.datetime) -> int:
    """Unix time in milliseconds of a naive UTC datetime (gameStartTime on the wire)."""
    return round(when.replace(tzinfo=dt.UTC).timestamp() * 1000)


class Rooms:
    """The open rooms of this process by code, and the seat each socket holds."""

    def __init__(self) -> None:
        self.by_code: dict[str, Room] = {}
        self.sessions: dict[str, tuple[str, str]] = {}
        """sid -> (room code, player id) of the seat the socket holds."""
        self.watching: dict[str, str] = {}
        """sid -> code of the room the socket watches (a spectator holds no seat)."""

    def get(self, code: str) -> Room | None:
        return self.by_code.get(code)

    def add(self, room: Room) -> None:
        self.by_code[room.code] = room

    def remove(self, room: Room) -> None:
        if self.by_code.get(room.code) is room:
            del self.by_code[room.code]

    def __iter__(self) -> Iterator[Room]:
        return iter(list(self.by_code.values()))

    def __len__(self) -> int:
        return len(self.by_code)

    def seat_of(self, sid: str) -> tuple[Room, Seat]:
        """The room and seat that socket `sid` holds, or CallError."""
        ref = self.sessions.get(sid)
        if ref is None:
            raise CallError(SPECTATORS_CANNOT_ACT if sid in self.watching
                            else "You are not in a room")
        room = self.by_code.get(ref[0])
        seat = room.seat_by_id(ref[1]) if room else None
        if room is None or seat is None:
            self.sessions.pop(sid, None)
            raise CallError("You are not in a room")
        return room, seat

    def host_seat(self, sid: str, what: str) -> tuple[Room, Seat]:
        room, seat = self.seat_of(sid)
        if seat.player_id != room.host_id:
            raise CallError(f"Only the host can {what}")
        return room, seat

    def public_games(self) -> list[dict[str, Any]]:
        return [r.public_listing() for r in self.by_code.values() if r.is_public and not r.closed]
