"""The ranked queue over socket.io, and the ranked matches it starts.

Calls (docs/protocol.md, "Ranked"):

    joinRankedQueue {playerCount: 2 | 3 | 4, ladder?: 'standard' | 'constructed' | 'bots',
                     deckId?}
                                   -> {success, playerCount, ladder, playersWaiting}
    leaveRankedQueue               -> {success, left}

Three ladders share the queue (ratings.LADDERS): 'standard' (the default), 'constructed',
where each player brings one of their own legal decks (`deckId`, checked by the library's
`deck_problem` against their collection when they join) and the match is a Constructed game
(`kr.ConstructedSetup`), and 'bots', the bot ladder: only bot accounts (`kingdom user bot
NAME`) may join it, and they may join no other. A pool per ladder and player count; players
are matched by their rating on that ladder.

Pushes to the queued socket: `rankedQueueStatus {playerCount, ladder, playersWaiting,
secondsWaited}` after every wave, and `rankedMatchFound {roomCode, playerId, reconnectToken,
playerNumber, playerCount, ladder}` when a match is made; the socket is then seated in the
match's private room and gets the room's usual pushes (the game starts at once).

Only a signed-in socket (the socket.io session's userId, set by accounts at connect) may queue,
only while a season is active, in one queue at a time, and never while it holds a seat. A
socket that disconnects, or takes a seat meanwhile, leaves the queue.

A ranked match is a room game of `mode="match"` (as many hands as players). A person who
leaves it, or stays away past the takeover time, has abandoned it: recorded at once (so a
return does not undo it), they place last and their bot plays on for the others. When the
match ends it is rated once (`RankedStore.apply_match`, keyed by room code and game id), also
after a restart that happened between the last action and the rating.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec, Protocol, TypeVar

import attrs
import socketio

import kingdom_rules as kr
from kingdom_server.core.answers import BUSY, CallError
from kingdom_server.core.rooms import Room, Rooms, Seat
from kingdom_server.core.storage import Storage
from kingdom_server.ranked.matchmaking import WAVE_SECONDS, Match, Matcher, Ticket
from kingdom_server.ranked.ratings import (
    CONSTRUCTED,
    LADDER_NAMES,
    LADDERS,
    STANDARD,
    ladders_for,
    placements_from_scores,
)
from kingdom_server.ranked.service import RankedStore
from kingdom_server.ranked.shared import SharedQueue
from kingdom_server.stats import RankedIn

log = logging.getLogger(__name__)

T = TypeVar("T")
P = ParamSpec("P")

LOGIN_REQUIRED = "Login Required: You must be logged in to play ranked matches"
NO_SEASON = "No Active Season"
ALREADY_QUEUED = "You are already in the ranked queue"
SEATED = "Leave your room before queueing for ranked"
SEATED_ELSEWHERE = (
    "You have a seat in a room in another tab or device: leave it before queueing for ranked"
)
LEFT_FOR_SEAT = "You took a seat in a room, so you left the ranked queue"
IN_MATCH = "You are already playing a ranked match"
ACCOUNT_SEAT = "kingdom:rankedAccountSeat"
"""(REDIS_URL) The internal call (`Hub.add_internal_call`) a process makes of the owner of a
room where the account has a seat, about a socket of its own: `{seated, inMatch}` as the
owner sees them (`Tables.user_seated`, `Tables.user_in_match`)."""
BAD_LADDER = f"ladder must be {LADDER_NAMES}"
BOT_ACCOUNTS_REFUSED = ("Bot accounts do not play in the ranked queue: they play casual games "
                        "and the bot ladder (ladder 'bots')")
BOT_LADDER_ONLY = "The bot ladder is for bot accounts"
DECK_REQUIRED = "Choose one of your legal decks for the Constructed ladder"
DECK_NOT_HERE = "Only the Constructed ladder is played with your own deck"
PLAYER_COUNTS = (2, 3, 4)


class QueueError(CallError):
    """A refused queue call; str() is the message."""


@attrs.frozen
class Queued:
    """A socket waiting in a queue."""

    sid: str
    user_id: str
    name: str
    player_count: int
    ladder: str = STANDARD
    deck: kr.Deck | None = None
    """On the Constructed ladder: the deck the player brings (legal when they joined)."""
    deck_name: str | None = None
    bot_account: bool = False
    """A bot account, on the bot ladder (the seat is labelled as a bot)."""


class Tables(Protocol):
    """What the queue needs of the hub's lobby."""

    def is_seated(self, sid: str) -> bool: ...

    def user_seated(self, user_id: str) -> bool:
        """Whether the account holds a seat in any tab or device."""
        ...

    def user_in_match(self, user_id: str) -> bool: ...

    def game_id(self, room_code: str) -> int | None: ...

    def ladder_deck(self, user_id: str, deck_id: str) -> tuple[str, kr.Deck]:
        """The user's own legal deck (its name and the library's value); CallError with the
        reason ('Deck not found', or the deck's problem) otherwise."""
        ...

    async def start_ranked(self, players: list[Queued], *,
                           attach: bool = True) -> list[dict[str, Any]]:
        """Seat the players (in seat order) in a new private ranked room and start a match (a
        Constructed one when they bring decks); each one's seat acknowledgement (roomCode,
        playerId, reconnectToken, playerNumber). Without `attach` the seats wait for their
        sockets to take them (rejoinRoom): sockets of other processes."""
        ...


def match_key(room_code: str, game_id: int) -> str:
    return f"{room_code}:{game_id}"


class RankedQueue:
    def __init__(
        self,
        store: RankedStore,
        sio: socketio.AsyncServer,
        tables: Tables,
        storage: Storage,
        wave_seconds: float = WAVE_SECONDS,
        clock: Callable[[], float] | None = None,
    ) -> None:
        self.store = store
        self.sio = sio
        self.tables = tables
        self.storage = storage
        self.wave_seconds = wave_seconds
        self.matchers = {(ladder, n): Matcher(n) for ladder in LADDERS for n in PLAYER_COUNTS}
        self.queued: dict[str, Queued] = {}  # by user id
        self.by_sid: dict[str, str] = {}  # sid -> user id
        self._clock = clock or (lambda: asyncio.get_running_loop().time())
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self._pushes: set[asyncio.Future[Any]] = set()
        try:
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:  # made outside the server (tests): no pushes from threads
            self._loop = None
        self.shared: SharedQueue | None = None
        """With several processes: the service's queue in Redis (`share`)."""
        self.joined_at: dict[str, float] = {}
        """(shared) user id -> when the ticket was queued (wall clock)."""
        self.call_as: Callable[[str, str, dict[str, Any]], Awaitable[dict[str, Any]]] | None = (
            None)

    def share(self, redis: Any, process_id: str,
              call_as: Callable[[str, str, dict[str, Any]], Awaitable[dict[str, Any]]]) -> None:
        """Queue with every process of the service, through Redis (ranked/shared.py).
        `call_as(sid, event, payload)` runs a socket call for one of this process's sockets
        (forwarded to the room's owner when another process holds the room)."""
        self.call_as = call_as
        self.shared = SharedQueue(redis, process_id, self.wave_seconds, self._entry_of,
                                  self._start_shared, self._seat_found,
                                  lambda: list(self.by_sid))
        self.shared.start()

    async def _db(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`work(*args)` in the database threads (Storage.run): never on the event loop."""
        return await self.storage.run(work, *args, **kwargs)

    # -- calls -------------------------------------------------------------------------------

    def calls(self) -> dict[str, Callable[[str, Any], Awaitable[dict[str, Any]]]]:
        return {"joinRankedQueue": self.join, "leaveRankedQueue": self.leave}

    async def _user(self, sid: str) -> tuple[str, str, bool]:
        """The socket's user: id, name and whether it is a bot account."""
        session = await self.sio.get_session(sid)
        user_id = session.get("userId") if isinstance(session, dict) else None
        if not user_id:
            raise QueueError(LOGIN_REQUIRED)
        name = session.get("username") or f"Player {str(user_id)[:8]}"
        return str(user_id), str(name), bool(session.get("isBot"))

    async def join(self, sid: str, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise QueueError("Expected an object")
        count = data.get("playerCount")
        if type(count) is not int or count not in PLAYER_COUNTS:
            raise QueueError("playerCount must be 2, 3 or 4")
        ladder = data.get("ladder", STANDARD)
        if ladder not in LADDERS:
            raise QueueError(BAD_LADDER)
        deck_id = data.get("deckId")
        if deck_id is not None and (not isinstance(deck_id, str) or len(deck_id) > 64):
            raise QueueError("deckId must be a deck's id")
        if ladder != CONSTRUCTED and deck_id is not None:
            raise QueueError(DECK_NOT_HERE)
        user_id, name, bot_account = await self._user(sid)
        if ladder not in ladders_for(bot_account):
            raise QueueError(BOT_ACCOUNTS_REFUSED if bot_account else BOT_LADDER_ONLY)
        deck: kr.Deck | None = None
        deck_name: str | None = None
        if ladder == CONSTRUCTED:
            if not deck_id:
                raise QueueError(DECK_REQUIRED)
            try:
                deck_name, deck = await self._db(self.tables.ladder_deck, user_id, deck_id)
            except CallError as e:
                raise QueueError(str(e)) from None
        season = await self._db(self.store.active_season)
        if season is None:
            raise QueueError(NO_SEASON)
        if (self.shared is not None and user_id not in self.queued
                and not self.tables.is_seated(sid)):  # (those answered below, as on one server)
            # The account's seats in the rooms of every process, as their owners see them.
            refused = await self._seated_elsewhere(sid, user_id)
            if refused is not None:
                raise QueueError(refused)
        async with self._lock:
            if user_id in self.queued:
                raise QueueError(ALREADY_QUEUED)
            if self.tables.is_seated(sid):
                raise QueueError(SEATED)
            if self.tables.user_in_match(user_id):
                raise QueueError(IN_MATCH)
            if self.tables.user_seated(user_id):
                raise QueueError(SEATED_ELSEWHERE)
            rating = (await self._db(self.store.ranking, user_id, season, ladder)).rating
            entry = Queued(sid=sid, user_id=user_id, name=name, player_count=count,
                           ladder=ladder, deck=deck, deck_name=deck_name,
                           bot_account=bot_account)
            if self.shared is not None:
                return await self._join_shared(entry, rating)
            matcher = self._matcher(entry)
            matcher.join(Ticket(user_id, rating, joined_at=self._clock()))
            self.queued[user_id] = entry
            self.by_sid[sid] = user_id
            self._ensure_running()
            waiting = len(matcher)
        return {"success": True, "error": None, "playerCount": count, "ladder": ladder,
                "playersWaiting": waiting}

    async def _seated_elsewhere(self, sid: str, user_id: str) -> str | None:
        """(shared) Why the account may not queue because of its seats in the rooms of any
        process (IN_MATCH, SEATED_ELSEWHERE), as their owners see them; None: it may."""
        assert self.call_as is not None
        seated = False
        for code in await self._db(self.storage.open_seat_rooms, user_id):
            ack = await self.call_as(sid, ACCOUNT_SEAT, {"roomCode": code})
            if not ack.get("success"):
                if ack.get("error") == BUSY:  # its owner cannot be asked now
                    return BUSY
                continue  # closed meanwhile
            if ack.get("inMatch"):
                return IN_MATCH
            seated = seated or bool(ack.get("seated"))
        return SEATED_ELSEWHERE if seated else None

    async def account_seat(self, sid: str, data: Any) -> dict[str, Any]:
        """(ACCOUNT_SEAT, run by a room's owner) Whether the socket's account holds a seat,
        and one of an unfinished ranked match, in this process's rooms."""
        user_id, _, _ = await self._user(sid)
        return {"success": True, "error": None, "seated": self.tables.user_seated(user_id),
                "inMatch": self.tables.user_in_match(user_id)}

    async def _join_shared(self, entry: Queued, rating: int) -> dict[str, Any]:
        """(lock held) Queue with the whole service: the ticket goes to Redis."""
        assert self.shared is not None
        try:
            joined_at = await self.shared.add(entry, rating)
        except Exception as e:
            log.warning("ranked: queueing failed, Redis unreachable: %s", e)
            raise QueueError(BUSY) from None
        if joined_at is None:
            raise QueueError(ALREADY_QUEUED)
        self.queued[entry.user_id] = entry
        self.by_sid[entry.sid] = entry.user_id
        self.joined_at[entry.user_id] = joined_at
        self._ensure_running()
        waiting = self.shared.waiting.get((entry.ladder, entry.player_count), 0) + 1
        return {"success": True, "error": None, "playerCount": entry.player_count,
                "ladder": entry.ladder, "playersWaiting": waiting}

    def _entry_of(self, ticket: dict[str, Any]) -> Queued:
        """A ticket from Redis as a queued player."""
        deck = ticket.get("deck")
        return Queued(sid=str(ticket["sid"]), user_id=str(ticket["userId"]),
                      name=str(ticket["name"]), player_count=int(ticket["playerCount"]),
                      ladder=str(ticket["ladder"]),
                      deck=kr.Deck.from_json(deck) if deck is not None else None,
                      deck_name=ticket.get("deckName"),
                      bot_account=bool(ticket.get("botAccount")))

    async def _start_shared(self, players: list[Queued],
                            match: Match) -> list[dict[str, Any]] | None:
        """(the matcher) Deal the match here; the seats wait for their sockets, which take
        them on whichever process holds them (`_seat_found`)."""
        season = await self._db(self.store.active_season)
        if season is None:
            return None
        try:
            acks = await self.tables.start_ranked(players, attach=False)
        except Exception:
            log.exception("ranked match could not start; the players queue again")
            return None
        code = acks[0]["roomCode"]
        game_id = self.tables.game_id(code)
        if game_id is not None:
            await self.storage.write(
                code, self.store.register_match, match_key(code, game_id), season.id,
                [p.user_id for p in players], players[0].ladder)
        return [{k: a[k] for k in ("roomCode", "playerId", "reconnectToken", "playerNumber")}
                for a in acks]

    async def _seat_found(self, sid: str, found: dict[str, Any]) -> None:
        """(the socket's process) A match was made for this socket: it takes its seat (at the
        room's owner) and hears of it as on a lone server. `{"left": true}`: the account took a
        seat in a room of another process, so its ticket went (`seat_taken`)."""
        if found.get("left"):
            async with self._lock:
                user_id = self.by_sid.get(sid)
                entry = self.queued.get(user_id) if user_id is not None else None
                if entry is None or not self._remove_sid(sid):
                    return
            await self._tell_left(entry)
            return
        async with self._lock:
            user_id = self.by_sid.pop(sid, None)
            if user_id is not None:
                self.queued.pop(user_id, None)
                self.joined_at.pop(user_id, None)
        if user_id is None or not self.sio.manager.is_connected(sid, "/"):
            return  # gone meanwhile: the seat waits for its player, as any absent one
        assert self.call_as is not None
        ack = await self.call_as(sid, "rejoinRoom", {
            "roomCode": found["roomCode"], "playerId": found["playerId"],
            "reconnectToken": found["reconnectToken"]})
        if not ack.get("success"):
            log.warning("ranked: %s could not take their seat in %s: %s", user_id,
                        found["roomCode"], ack.get("error"))
            await self.sio.emit("error", {"message": ack.get("error")}, to=sid)
            return
        await self.sio.emit("rankedMatchFound", found, to=sid)

    def _matcher(self, entry: Queued) -> Matcher:
        return self.matchers[(entry.ladder, entry.player_count)]

    async def leave(self, sid: str, data: Any) -> dict[str, Any]:
        if data is not None and not isinstance(data, dict):
            raise QueueError("Expected an object")
        async with self._lock:
            user_id = self.by_sid.get(sid)
            left = self._remove_sid(sid)
            if left and user_id is not None and self.shared is not None:
                await self.shared.remove(user_id, sid)
        return {"success": True, "error": None, "left": left}

    async def disconnected(self, sid: str) -> None:
        async with self._lock:
            user_id = self.by_sid.get(sid)
            if self._remove_sid(sid) and user_id is not None and self.shared is not None:
                await self.shared.remove(user_id, sid)

    def seat_taken(self, user_id: str) -> None:
        """(lobby hook) The account took a seat, in this tab or another: its ticket goes, and
        the socket that queued is told (`rankedQueueLeft`). Nothing awaits here, so the queue
        stays consistent without its lock."""
        entry = self.queued.pop(user_id, None)
        if entry is None:
            if self.shared is not None:  # its ticket may be another process's socket's
                self._spawn(self.shared.take_out(user_id))
            return
        self._matcher(entry).leave(user_id)
        self.by_sid.pop(entry.sid, None)
        self.joined_at.pop(user_id, None)
        if self.shared is not None:
            self._spawn(self.shared.remove(user_id, entry.sid))
        self._spawn(self._tell_left(entry))

    async def _tell_left(self, entry: Queued) -> None:
        await self.sio.emit(
            "rankedQueueLeft",
            {"playerCount": entry.player_count, "ladder": entry.ladder, "reason": LEFT_FOR_SEAT},
            to=entry.sid,
        )

    def _spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._pushes.add(task)
        task.add_done_callback(self._pushes.discard)

    def _remove_sid(self, sid: str) -> bool:
        user_id = self.by_sid.pop(sid, None)
        if user_id is None:
            return False
        entry = self.queued.pop(user_id, None)
        self.joined_at.pop(user_id, None)
        if entry is not None:
            self._matcher(entry).leave(user_id)
        return True

    def status(self, user_id: str) -> dict[str, Any] | None:
        entry = self.queued.get(user_id)
        if entry is None:
            return None
        if self.shared is not None:
            return {
                "playerCount": entry.player_count,
                "ladder": entry.ladder,
                "playersWaiting": self.shared.waiting.get((entry.ladder, entry.player_count), 0),
                "secondsWaited": int(max(0.0, time.time() - self.joined_at.get(user_id, 0.0))),
            }
        matcher = self._matcher(entry)
        ticket = next(t for t in matcher.tickets if t.user_id == user_id)
        return {
            "playerCount": entry.player_count,
            "ladder": entry.ladder,
            "playersWaiting": len(matcher),
            "secondsWaited": int(max(0.0, self._clock() - ticket.joined_at)),
        }

    # -- waves -------------------------------------------------------------------------------

    def _ensure_running(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._run())

    async def _local_wave(self) -> None:
        """(shared) This process's part of a wave: its stale tickets go, its queued sockets
        hear how it goes (the matcher's wave runs in ranked/shared.py)."""
        assert self.shared is not None
        async with self._lock:
            # Not `user_seated`, as a lone server's wave asks: a seat the account takes in any
            # tab takes its entry out already (`seat_taken` here, `take_out` and the socket's
            # next found from another process), and the seat an account holds here without a
            # socket is the match this process just dealt for this very entry, whose seat the
            # found loop takes next. Dropping the entry then left the player out of their match.
            stale = [e for e in self.queued.values()
                     if not self.sio.manager.is_connected(e.sid, "/")
                     or self.tables.is_seated(e.sid)]
            for entry in stale:
                self._remove_sid(entry.sid)
                await self.shared.remove(entry.user_id, entry.sid)
        for entry in list(self.queued.values()):
            status = self.status(entry.user_id)
            if status is not None:
                await self.sio.emit("rankedQueueStatus", status, to=entry.sid)

    async def _run(self) -> None:
        while self.queued:
            await asyncio.sleep(self.wave_seconds)
            try:
                if self.shared is not None:
                    await self._local_wave()
                else:
                    await self.wave()
            except Exception:  # a wave must never stop the queue
                log.exception("ranked wave failed")

    async def wave(self) -> None:
        """Drop stale entries, form matches, start them, then tell the rest how it goes."""
        async with self._lock:
            for entry in list(self.queued.values()):
                connected = self.sio.manager.is_connected(entry.sid, "/")
                if (not connected or self.tables.is_seated(entry.sid)
                        or self.tables.user_seated(entry.user_id)):
                    self._remove_sid(entry.sid)
            now = self._clock()
            made: list[tuple[Match, list[Queued]]] = []
            for matcher in self.matchers.values():
                for match in matcher.wave(now):
                    players = [self.queued.pop(u) for u in match.user_ids]
                    for p in players:
                        self.by_sid.pop(p.sid, None)
                    made.append((match, players))
        for match, players in made:
            await self._start(match, players)
        for entry in list(self.queued.values()):
            status = self.status(entry.user_id)
            if status is not None:
                await self.sio.emit("rankedQueueStatus", status, to=entry.sid)

    async def _start(self, match: Match, players: list[Queued]) -> None:
        season = await self._db(self.store.active_season)
        if season is None:
            for p in players:
                await self.sio.emit("error", {"message": NO_SEASON}, to=p.sid)
            return
        try:
            acks = await self.tables.start_ranked(players)
        except Exception:
            log.exception("ranked match could not start; the players queue again")
            async with self._lock:
                for p, ticket in zip(players, match.tickets, strict=True):
                    if self.sio.manager.is_connected(p.sid, "/") and p.user_id not in self.queued:
                        self._matcher(p).join(ticket)
                        self.queued[p.user_id] = p
                        self.by_sid[p.sid] = p.user_id
                self._ensure_running()
            return
        count = len(players)
        ladder = players[0].ladder
        code = acks[0]["roomCode"]
        game_id = self.tables.game_id(code)
        if game_id is not None:
            # In the room's ordered writer: registered before anything the game writes later
            # (an abandonment, the rating) looks for it.
            await self.storage.write(
                code, self.store.register_match,
                match_key(code, game_id), season.id, [p.user_id for p in players], ladder
            )
        for p, ack in zip(players, acks, strict=True):
            await self.sio.emit(
                "rankedMatchFound", {**ack, "playerCount": count, "ladder": ladder}, to=p.sid
            )

    # -- ranked matches ----------------------------------------------------------------------

    def abandoned(self, room: Room, seat: Seat) -> None:
        """(lobby hook, lock held, in a database thread) A person left a started game or
        stayed away too long."""
        if not room.is_ranked or room.game_id is None or seat.user_id is None:
            return
        key = match_key(room.code, room.game_id)
        if self.store.record_abandon(key, seat.user_id):
            log.info("ranked %s: %s abandoned the match", key, seat.user_id)

    def leavers(self, room: Room) -> set[int]:
        """(stats' leaver hook) Player numbers of the room's ranked match who abandoned it, so
        that its record places them last as its rating does."""
        if not room.is_ranked or room.game_id is None:
            return set()
        started = self.store.ranked_match(match_key(room.code, room.game_id))
        if started is None:
            return set()
        return {i for i, seat in enumerate(room.seats, start=1)
                if seat.user_id is not None and seat.user_id in started.abandoned}

    def match_finished(self, room: Room) -> None:
        """(games' finished write, in a database thread, or at start on the loop) The last
        hand is over: rate the match once and tell the table."""
        if not room.is_ranked or room.state is None or room.game_id is None:
            return
        key = match_key(room.code, room.game_id)
        started = self.store.ranked_match(key)
        if started is None:
            return
        state = room.state
        user_ids = [s.user_id or "" for s in room.seats]
        hands_won = [0] * len(user_ids)
        for hand in state.hand_history:
            if hand.winner is not None:
                hands_won[hand.winner - 1] += 1
        changes = rate_finished(self.store, key, user_ids, list(state.match_scores), hands_won)
        season = self.store.season(started.season_id)
        results = []
        for number, user_id in enumerate(user_ids, start=1):
            ranking = (
                self.store.ranking(user_id, season, started.ladder).to_json() if season else {}
            )
            results.append(
                {
                    "playerNumber": number,
                    "userId": user_id,
                    "ratingChange": changes.get(user_id, 0),
                    "rating": ranking.get("rating"),
                    "tierLabel": ranking.get("tierLabel"),
                }
            )
        data = {"ladder": started.ladder, "results": results}
        code = room.code

        def send() -> None:
            task = asyncio.ensure_future(self.sio.emit("rankedMatchRated", data, room=code))
            self._pushes.add(task)
            task.add_done_callback(self._pushes.discard)

        # A games' finished hook runs in a database thread: the push goes from the loop.
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            assert self._loop is not None
            self._loop.call_soon_threadsafe(send)
        else:
            send()

    def rating_hook(self, db: Any, result: Any) -> dict[int, int]:
        """(stats' rating hook, inside the transaction that writes the match's results) Rate a
        ranked match and answer each seat's rating change by player number. The ratings are
        keyed by the match, so the finished hook that follows only reads them."""
        if not result.ranked:
            return {}
        key = match_key(result.room_code, result.game_id)
        if self.store.ranked_match(key) is None:
            return {}
        seats = sorted(result.seats, key=lambda seat: seat.player_number)
        user_ids = [seat.user_id or "" for seat in seats]
        # The engine's placement (score, then hands won) breaks equal scores.
        order = [-seat.placement for seat in seats]
        changes = rate_finished(
            self.store, key, user_ids, [seat.final_score for seat in seats], order
        )
        return {seat.player_number: changes.get(seat.user_id or "", 0) for seat in seats}

    def season_of(self, result: Any) -> RankedIn | None:
        """(stats' season hook) The season and ladder a ranked match was played in, for
        `matches`."""
        if not result.ranked:
            return None
        started = self.store.ranked_match(match_key(result.room_code, result.game_id))
        if started is None:
            return None
        return RankedIn(str(started.season_id), str(started.ladder))

    def resume(self, rooms: Rooms) -> None:
        """After a restart: rate the ranked matches that ended but were not rated yet."""
        for room in rooms:
            if (
                room.is_ranked
                and room.phase == "finished"
                and room.game_id is not None
                and self.store.rated(match_key(room.code, room.game_id)) is None
            ):
                try:
                    self.match_finished(room)
                except Exception:
                    log.exception("ranked %s: rating after restart failed", room.code)

    async def shutdown(self) -> None:
        if self.shared is not None:
            await self.shared.stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task


def rate_finished(
    store: RankedStore,
    key: str,
    user_ids: list[str],
    scores: list[int],
    hands_won: list[int],
) -> dict[str, int]:
    """Rate a finished ranked match once on its ladder; abandoners (recorded in
    `ranked_matches`) last."""
    started = store.ranked_match(key)
    if started is None:
        raise ValueError(f"{key} is not a ranked match")
    left = [i for i, u in enumerate(user_ids) if u in started.abandoned]
    placements = placements_from_scores(len(user_ids), scores, left, hands_won)
    return store.apply_match(started.season_id, key, user_ids, placements, ladder=started.ladder)
