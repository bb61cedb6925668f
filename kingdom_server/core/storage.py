"""Durable store (peewee): rooms, seats, and each game as seed + action log.

Everything a restarted server needs to resume every room is here; game states themselves are
never stored, they are rebuilt with `kingdom_rules.replay` from the seed and the action log.

The model classes are built per `Storage` (bound to its own database) so that several apps, for
example in tests, can live in one process without a module-level database.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

import attrs
import peewee as pw

import kingdom_rules as kr
from kingdom_server.core import clocks
from kingdom_server.core.clocks import SeatClock
from kingdom_server.core.journal import ActionJournal, JournalBusy
from kingdom_server.core.rooms import Room, Seat
from kingdom_server.core.tables import Tables, now
from kingdom_server.core.wire import json_text

log = logging.getLogger(__name__)

T = TypeVar("T")
P = ParamSpec("P")

PER_CLIENT = 1
"""Database jobs of one client (`Storage.run`'s key) in the threads at once; its others wait
their turn without holding a thread, so one client's flood never queues another's request."""


class Fenced(Exception):
    """A write of a room by a process that no longer owns it: another process took the room
    (a higher fencing token is stored, kingdom_server/core/ownership.py); nothing was written."""

    def __init__(self, code: str) -> None:
        super().__init__(f"room {code} is owned by another process")
        self.code = code


UNREACHABLE: tuple[type[Exception], ...] = (pw.OperationalError, pw.InterfaceError)
"""What the store raises when the database server cannot be reached (or is too busy to
answer): the call is answered DATABASE_DOWN (kingdom_server/core/answers.py)."""

LOST = -1
"""The fencing token of a room this process gave up: none of its writes is ever accepted."""


def _from_epoch(at: float) -> dt.datetime:
    """Naive UTC, as `now()` gives."""
    return dt.datetime.fromtimestamp(at, dt.UTC).replace(tzinfo=None)


def sqlite_file(url: str) -> Path | None:
    """The file of a `sqlite:///path` URL (None for :memory: and other databases)."""
    if url.startswith("sqlite:///") and url[len("sqlite:///"):] != ":memory:":
        return Path(url[len("sqlite:///"):])
    return None


def open_database(url: str) -> pw.Database:
    """SQLite (WAL) for `sqlite:///path` or `sqlite:///:memory:`, else whatever the URL names."""
    if url.startswith("sqlite:///"):
        path = url[len("sqlite:///"):]
        file = sqlite_file(url)
        if file is not None:
            file.parent.mkdir(parents=True, exist_ok=True)
        # WAL + synchronous=NORMAL: a committed write survives the process being killed.
        # Transactions take the write lock when they begin (BEGIN IMMEDIATE): with several
        # threads' connections, a transaction that read first and then writes would otherwise
        # fail at once ("database is locked") when another connection wrote in between; now it
        # waits for the lock (busy_timeout) like a plain write does.
        return pw.SqliteDatabase(
            path,
            lock_type="IMMEDIATE",
            pragmas={
                "journal_mode": "wal",
                "synchronous": "normal",
                "foreign_keys": 1,
                "busy_timeout": 5000,
            },
            check_same_thread=False,
        )
    from playhouse.db_url import connect

    database: pw.Database = connect(url)
    return database


STANDARD: kr.Setup = kr.StandardSetup()


@attrs.frozen
class GameRecord:
    """A room's current game as stored: replayed from its seed and actions on load."""

    id: int
    seed: int
    player_count: int
    mode: str
    deck: list[str] | None
    started_at: dt.datetime
    actions: list[dict[str, Any]]
    setup: kr.Setup = STANDARD
    """How the cards entered play (a Constructed game's decks); replays need it."""


@attrs.frozen
class GameTables:
    """The games' tables (`games`, `game_actions`), handed out only by `Storage.games()`, after
    the action journal's rows went into the database."""

    Game: Any
    GameAction: Any


ActionRow = tuple[int, int, dict[str, Any]]
"""An accepted action's row: (game id, seq, the action's JSON value)."""


@attrs.frozen
class LoadedRoom:
    """An open room rebuilt from its rows, and its current game's log (None before a game)."""

    room: Room
    game: GameRecord | None


def _seat_deck_json(seat: Seat) -> str | None:
    if seat.deck is None:
        return None
    return json.dumps({"name": seat.deck_name, "cards": seat.deck.to_json()})


def _seat_deck_fields(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    data = json.loads(text)
    return {"deck": kr.Deck.from_json(data["cards"]), "deck_name": data.get("name")}


def _away(text: str | None) -> tuple[tuple[int, int | None], ...]:
    return tuple((int(a), None if b is None else int(b)) for a, b in json.loads(text or "[]"))


def _seat_clock_json(seat: Seat) -> str | None:
    if seat.clock is None:
        return None
    return json.dumps(seat.clock.to_json(clocks.now()))


ARCHIVED = "archived"
"""The status of a closed room past its retention whose finished games are kept (replays)."""


def room_status(room: Room) -> str:
    """The room row's status: waiting | playing (closed rooms are written by `close_room`)."""
    return "playing" if room.started else "waiting"


@attrs.frozen
class RoomRows:
    """A room's row and seats' rows as they are at one moment (taken on the event loop, written
    later in a database thread, whatever the room became meanwhile)."""

    code: str
    fields: dict[str, Any]
    seats: list[dict[str, Any]]


def room_rows(room: Room, status: str) -> RoomRows:
    return RoomRows(
        code=room.code,
        fields=dict(
            host_id=room.host_id,
            is_public=room.is_public,
            desired_player_count=room.desired_player_count,
            game_mode=room.game_mode,
            is_tutorial=room.is_tutorial,
            is_ranked=room.is_ranked,
            tutorial_mode=room.tutorial_mode,
            constructed=room.constructed,
            turn_clock=room.turn_clock,
            allow_spectators=room.allow_spectators,
            status=status,
            unattended_since=room.unattended_since,
        ),
        seats=[
            dict(
                player_id=s.player_id,
                name=s.name,
                position=i,
                is_bot=s.is_bot,
                bot_kind=s.bot_kind,
                reconnect_token=s.reconnect_token,
                user_id=s.user_id,
                username=s.username,
                left=s.left,
                left_at=s.left_at,
                away=json.dumps(s.away) if s.away else None,
                deck=_seat_deck_json(s),
                bot_account=s.bot_account,
                clock=_seat_clock_json(s),
            )
            for i, s in enumerate(room.seats)
        ],
    )


def seat_clocks(room: Room) -> list[tuple[int, str]]:
    """(position, JSON) of each clocked seat's turn clock now."""
    return [(i, text) for i, seat in enumerate(room.seats)
            if (text := _seat_clock_json(seat)) is not None]


@attrs.frozen
class GameStart:
    """What a new game is stored with: its seed, size, mode, deck order (None: shuffled from
    the seed), setup, start time and the actions that open it (a tutorial's)."""

    seed: int
    player_count: int
    mode: str
    deck: list[str] | None
    started_at: dt.datetime
    first_actions: Sequence[dict[str, Any]] = ()
    setup: kr.Setup = STANDARD


class Storage:
    """Synchronous, small writes, made in the database threads so that the event loop never
    waits on the database: through :meth:`run` (the HTTP calls, reads of games) and through
    each room's ordered writer (:meth:`submit`, :meth:`write`, and the `store_*` methods built
    on it: a room's rows are taken on the loop when the call is made and written in that
    order). The synchronous methods are also called directly at start and by tools.

    Thread safety: peewee keeps a connection per thread; the journal's rows (`_unflushed` and
    the file) are guarded by a lock, and one :meth:`flush_actions` moves them at a time.

    `journal=True` (the server, on a SQLite file): accepted actions are written to the action
    journal beside the database (kingdom_server/core/journal.py) and moved into the database in
    groups by :meth:`flush_actions`, before anything reads or changes games, and when the
    store closes; a journal left by a killed server is moved in when the store opens. Without
    it (PostgreSQL, :memory:, command-line tools, or a journal another process holds) each
    action is committed to the database at once."""

    def __init__(self, url: str, *, journal: bool = False, threads: int = 0) -> None:
        self.db = open_database(url)
        in_memory = url.startswith("sqlite:///") and sqlite_file(url) is None
        self._threads = (
            ThreadPoolExecutor(max_workers=threads, thread_name_prefix="kingdom-db")
            if threads > 0 and not in_memory else None
        )
        """Where :meth:`run` does database work (None: on the caller's thread, as a database
        in memory must, each connection of it being another database)."""
        self._writers = (
            ThreadPoolExecutor(max_workers=max(1, threads // 2),
                               thread_name_prefix="kingdom-db-rooms")
            if self._threads is not None else None
        )
        """Where the rooms' ordered writers (:meth:`submit`) work: threads of their own, so
        that a busy lobby never queues an HTTP request's database work behind its writes
        (SQLite takes one write at a time anyway)."""
        self._turns: dict[str, tuple[asyncio.Semaphore, int]] = {}
        self._tails: dict[str, asyncio.Task[Any]] = {}
        """The last job of each key's ordered writer (:meth:`submit`)."""
        self.fences: dict[str, int] = {}
        """Room code -> the fencing token this process owns the room with (several processes
        on one database, kingdom_server/core/ownership.py): each write of the room, through its
        ordered writer or the action log, first checks in its transaction that the room's row
        still holds this token, and is refused (`Fenced`) if another process took the room
        since. Empty (one process alone): nothing is checked."""
        self.game_rooms: dict[int, str] = {}
        """Game id -> room code, for the fencing of action rows (filled only with fences)."""
        self.on_fenced: Callable[[str], None] | None = None
        """Called on the event loop with the code of a room whose write was `Fenced`."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._generation = 0
        """Goes up each time a thread finds its connection dead (the database server went
        away): the other threads' connections, opened before, are dead too and are replaced
        before their next job instead of failing it."""
        self._local = threading.local()
        db = self.db
        self.tables = Tables(db)
        """Feature modules' tables bound to this database (kingdom_server/tables.py)."""

        class Base(pw.Model):
            class Meta:
                database = db

        class Room(Base):
            code = pw.CharField(primary_key=True, max_length=8)
            host_id = pw.CharField(null=True, max_length=64)
            is_public = pw.BooleanField(default=False)
            desired_player_count = pw.IntegerField(default=4)
            game_mode = pw.CharField(default="game", max_length=8)
            is_tutorial = pw.BooleanField(default=False)
            is_ranked = pw.BooleanField(default=False)
            tutorial_mode = pw.CharField(null=True, max_length=32)
            constructed = pw.BooleanField(default=False)
            turn_clock = pw.CharField(default="off", max_length=8)  # kingdom_server/core/clocks.py
            allow_spectators = pw.BooleanField(default=False)
            status = pw.CharField(default="waiting", max_length=16)  # waiting | playing | closed
            unattended_since = pw.DateTimeField(null=True)  # the last person went away at
            # The highest fencing token a process took the room with (Storage.take_room).
            fence = pw.BigIntegerField(default=0)
            created_at = pw.DateTimeField(default=now)
            updated_at = pw.DateTimeField(default=now)

            class Meta:
                table_name = "rooms"

        class Seat(Base):
            room = pw.ForeignKeyField(Room, backref="seats", on_delete="CASCADE")
            player_id = pw.CharField(max_length=64)
            name = pw.CharField(max_length=64)
            position = pw.IntegerField()
            is_bot = pw.BooleanField(default=False)
            bot_kind = pw.CharField(null=True, max_length=32)
            reconnect_token = pw.CharField(null=True, max_length=128)
            user_id = pw.CharField(null=True, max_length=64)
            username = pw.CharField(null=True, max_length=64)  # Seat.username (profile link)
            left = pw.BooleanField(default=False)
            left_at = pw.IntegerField(null=True)  # Seat.left_at
            away = pw.TextField(null=True)  # JSON [[from, to|null], ...]: Seat.away
            deck = pw.TextField(null=True)  # JSON {name, cards} of a Constructed seat's deck
            bot_account = pw.BooleanField(default=False)  # played by a bot account
            clock = pw.TextField(null=True)  # JSON of the seat's turn clock (clocks.py)

            class Meta:
                table_name = "room_seats"
                indexes = ((("room", "position"), False),)

        class Game(Base):
            id = pw.AutoField()
            room = pw.ForeignKeyField(Room, backref="games", on_delete="CASCADE")
            seed = pw.BigIntegerField()
            player_count = pw.IntegerField()
            mode = pw.CharField(max_length=8)
            deck = pw.TextField(null=True)  # JSON list of card ids for scripted deals
            setup = pw.TextField(null=True)  # JSON of kr.Setup (None: the standard deal)
            started_at = pw.DateTimeField(default=now)
            finished_at = pw.DateTimeField(null=True)

            class Meta:
                table_name = "games"

        class GameAction(Base):
            # No index of its own: the unique (game, seq) index serves every lookup by game,
            # and each index is one more page written per accepted action.
            game = pw.ForeignKeyField(Game, backref="actions", on_delete="CASCADE", index=False)
            seq = pw.IntegerField()
            data = pw.TextField()  # action.to_json()
            created_at = pw.DateTimeField(default=now)

            class Meta:
                table_name = "game_actions"
                indexes = ((("game", "seq"), True),)

        self.Room = Room
        self.Seat = Seat
        self.__games = GameTables(Game, GameAction)
        self._insert_action_sql: dict[bool, str] = {}
        self.action_commits = 0
        """Database commits that wrote action rows (group commit and journal moves)."""
        self.db.connect(reuse_if_open=True)
        self.db.create_tables([Room, Seat, Game, GameAction], safe=True)
        self._add_missing_columns([Room, Seat, Game, GameAction])
        # The unique (game, seq) index serves lookups by game: no index of game_id alone.
        self.db.execute_sql('DROP INDEX IF EXISTS "gameaction_game_id"')  # type: ignore[no-untyped-call]
        self._journal: ActionJournal | None = None
        self._unflushed: list[tuple[int, int, str, float]] = []
        """Rows in the journal, not yet in the database."""
        self._journal_lock = threading.Lock()
        """Held to append to the journal and `_unflushed`, or to take from them (briefly)."""
        self._flush_lock = threading.Lock()
        """Held by the one :meth:`flush_actions` at work."""
        file = sqlite_file(url)
        if journal and file is not None:
            try:
                self._journal = ActionJournal(file.with_name(file.name + "-actions"))
            except JournalBusy:
                log.warning("%s: another process holds the action journal; actions are "
                            "committed one by one", file)
            else:
                self._recover_journal()

    def _add_missing_columns(self, models: list[type[pw.Model]]) -> None:
        """Columns added to a model after its table was created (nullable or defaulted ones)."""
        from playhouse.migrate import SchemaMigrator, migrate

        migrator = SchemaMigrator.from_database(self.db)
        for model in models:
            table = model._meta.table_name
            have = {c.name for c in self.db.get_columns(table)}
            for field in model._meta.sorted_fields:
                if field.column_name not in have:
                    migrate(migrator.add_column(table, field.column_name, field))

    # -- database work off the event loop ---------------------------------------------------

    async def run(self, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`work(*args)` in one of the store's database threads, so that the event loop goes
        on meanwhile (peewee keeps a connection per thread). For HTTP handlers and what they
        call: reading and writing the feature tables (accounts, statistics, ranked, decks), and
        reads of games (:meth:`games` moves the journal in first, in the same thread). A room's
        writes go through its ordered writer instead (:meth:`submit`, :meth:`write`). Without
        threads the work runs here."""
        return await self._in(self._threads, work, *args, **kwargs)

    async def _in(self, threads: ThreadPoolExecutor | None, work: Callable[P, T],
                  *args: P.args, **kwargs: P.kwargs) -> T:
        job = functools.partial(self._reconnecting, functools.partial(work, *args, **kwargs))
        if threads is None:
            return job()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(threads, job)

    def _reconnecting(self, work: Callable[[], T]) -> T:
        """`work()`; when it fails because the database server went away (restarted, or the
        network cut), this thread's dead connection is dropped so that its next job connects
        again: work resumes as soon as the database is back."""
        if getattr(self._local, "generation", self._generation) < self._generation:
            self._close_connection()  # opened before another thread found the server gone
        self._local.generation = self._generation
        try:
            return work()
        finally:  # also when `work` kept the error to itself (`log_actions`)
            if self.drop_dead_connection():
                self._generation += 1

    def drop_dead_connection(self) -> bool:
        """Close this thread's connection if the database server closed it (a PostgreSQL
        connection's `closed` flag; SQLite's never dies this way). True if it was dead."""
        conn = None if self.db.is_closed() else self.db.connection()  # type: ignore[no-untyped-call]
        if conn is None or not getattr(conn, "closed", 0):
            return False
        self._close_connection()
        return True

    def _close_connection(self) -> None:
        if self.db.is_closed() or self.db.in_transaction():
            return
        try:
            self.db.close()
        except Exception:  # what peewee keeps of it goes anyway
            log.debug("closing a dead database connection failed", exc_info=True)
            self.db._state.reset()  # type: ignore[attr-defined]

    def submit(
        self, key: str, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> asyncio.Task[T]:
        """`work(*args)` in the database threads (the writers' own) after every job
        submitted before it with the same `key` (a room's code) has ended: one ordered writer
        per key, so that the writes of a room reach the database in exactly the order of the
        calls (a room closed is never brought back by a save that started before it), and
        the event loop never waits on the database for them. The order is fixed here, when
        this is called, not when the task runs. The job runs to its end even if whoever
        awaits it is cancelled."""
        before = self._tails.get(key)
        self._loop = asyncio.get_running_loop()

        async def job() -> T:
            if before is not None:
                await asyncio.wait([before])  # its outcome belongs to its own caller
            if key in self.fences:
                bound = functools.partial(work, *args, **kwargs)
                return await self._in(self._writers, self._fenced, key, bound)
            return await self._in(self._writers, work, *args, **kwargs)

        task = asyncio.get_running_loop().create_task(job())
        self._tails[key] = task

        def done(t: asyncio.Task[T]) -> None:
            if self._tails.get(key) is t:
                del self._tails[key]

        task.add_done_callback(done)
        return task

    def _fenced(self, code: str, work: Callable[[], T]) -> T:
        """`work()` in one transaction with the check of the room's fencing token."""
        with self.db.atomic():
            self.check_fence(code)
            return work()

    def check_fence(self, code: str) -> None:
        """(in a transaction) Raise `Fenced` unless the room's row holds this process's token
        (or, for a room not stored yet, this process created it: token 0). The row stays locked
        until the transaction ends, so a process taking the room (:meth:`take_room`) waits for
        this write and then outdates it."""
        token = self.fences.get(code)
        if token is None:
            return
        held = self.Room.update(fence=self.Room.fence).where(
            (self.Room.code == code) & (self.Room.fence == token)).execute()
        if held:
            return
        if token == 0 and not self.Room.select().where(self.Room.code == code).exists():
            return
        self._refused(code)

    def _refused(self, code: str) -> None:
        loop, hook = self._loop, self.on_fenced
        if loop is not None and hook is not None and not loop.is_closed():
            loop.call_soon_threadsafe(hook, code)
        raise Fenced(code)

    def take_room(self, code: str) -> int:
        """This process takes the room (it holds its lease, kingdom_server/core/ownership.py):
        the room's fencing token goes up by one, in one transaction, after every write of the
        previous owner under way; from now on those of the previous owner are refused. Returns
        the new token (0 for a room not stored yet)."""
        with self.db.atomic():
            self.Room.update(fence=self.Room.fence + 1).where(self.Room.code == code).execute()
            row = self.Room.select(self.Room.fence).where(self.Room.code == code).first()
            token = 0 if row is None else int(row.fence)
        self.fences[code] = token
        return token

    def give_up_room(self, code: str) -> None:
        """This process no longer owns the room: none of its writes is accepted from now on."""
        if code in self.fences:
            self.fences[code] = LOST

    def room_is_open(self, code: str) -> bool:
        return bool(self.Room.select().where(
            (self.Room.code == code) & self.Room.status.not_in(["closed", ARCHIVED])).exists())

    def open_room_codes(self) -> list[str]:
        """The codes of every room not closed."""
        return [str(r.code) for r in self.Room.select(self.Room.code).where(
            self.Room.status.not_in(["closed", ARCHIVED]))]

    def open_seat_rooms(self, user_id: str) -> list[str]:
        """The codes of the rooms not closed where the account holds a seat it has not left
        (a signed-in player's seats, wherever their rooms are open: several processes)."""
        rows = (self.Seat.select(self.Room.code).join(self.Room)
                .where((self.Seat.user_id == user_id) & (self.Seat.is_bot == False)  # noqa: E712
                       & (self.Seat.left == False)  # noqa: E712
                       & self.Room.status.not_in(["closed", ARCHIVED])))
        return sorted({str(r.room.code) for r in rows})

    def later(self, key: str, failed: str, work: Callable[P, None], *args: P.args,
              **kwargs: P.kwargs) -> None:
        """:meth:`submit` without waiting for it: for writes whose refusal changes nothing
        the caller could undo (a timestamp, a checkpoint); a refusal is logged as `failed`."""
        def done(t: asyncio.Task[None]) -> None:
            if not t.cancelled() and t.exception() is not None:
                log.error("%s: %s", key, failed, exc_info=t.exception())

        self.submit(key, work, *args, **kwargs).add_done_callback(done)

    async def drain(self) -> None:
        """Wait for every job of the rooms' ordered writers submitted so far (before closing:
        their outcomes are their callers' and logged there)."""
        while self._tails:
            await asyncio.wait(list(self._tails.values()))

    async def write(
        self, key: str, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """:meth:`submit`, and wait for its result (raised if it failed)."""
        return await asyncio.shield(self.submit(key, work, *args, **kwargs))

    async def run_for(
        self, client: str, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs
    ) -> T:
        """:meth:`run` on behalf of `client` (a session or an address): at most PER_CLIENT of
        one client's jobs are in the threads at once."""
        with self._turn(client) as turn:
            async with turn:
                return await self.run(work, *args, **kwargs)

    @contextlib.contextmanager
    def _turn(self, client: str) -> Iterator[asyncio.Semaphore]:
        turn, users = self._turns.get(client) or (asyncio.Semaphore(PER_CLIENT), 0)
        self._turns[client] = (turn, users + 1)
        try:
            yield turn
        finally:
            turn, users = self._turns[client]
            if users <= 1:
                del self._turns[client]
            else:
                self._turns[client] = (turn, users - 1)

    def close(self) -> None:
        for threads in (self._writers, self._threads):
            if threads is not None:
                threads.shutdown(wait=True)
        self._threads = self._writers = None
        if self._journal is not None:
            try:
                self.flush_actions()
            except Exception:  # the journal keeps them for the next start
                log.exception("moving the action journal into the database failed")
            self._journal.close()
        if not self.db.is_closed():
            self.db.close()

    # -- writes ----------------------------------------------------------------------------

    def save_room(self, room: Room, *, status: str | None = None) -> None:
        """Write the room row and replace its seats (lobby changes are rare and small): all of
        it in one transaction, or nothing (the error is raised)."""
        self.write_room_rows(room_rows(room, status or room_status(room)))

    def write_room_rows(self, rows: RoomRows) -> None:
        """A room's row and seats as :func:`room_rows` took them (one transaction)."""
        with self.db.atomic():
            self._write_room(rows)

    async def store_room(self, room: Room, *, status: str | None = None) -> None:
        """:meth:`save_room` through the room's ordered writer (:meth:`write`): the room is
        read now, on the event loop, and written in the database threads."""
        await self.write(room.code, self.write_room_rows,
                         room_rows(room, status or room_status(room)))

    def _write_room(self, rows: RoomRows) -> None:
        """The room's row and seats; a room closed in the store stays closed (its code is never
        used again): a write of it that comes after `close_room` changes nothing."""
        code = rows.code
        updated = self.Room.update(**rows.fields, updated_at=now()).where(
            (self.Room.code == code) & self.Room.status.not_in(["closed", ARCHIVED])).execute()
        if not updated:
            if self.Room.select().where(self.Room.code == code).exists():
                return
            self.Room.create(code=code, **rows.fields, updated_at=now())
        self.Seat.delete().where(self.Seat.room == code).execute()
        if rows.seats:
            self.Seat.insert_many([dict(room=code, **seat) for seat in rows.seats]).execute()

    def save_clocks(self, room: Room) -> None:
        """Write what is left of each seat's turn clock now (one transaction)."""
        self.write_clocks(room.code, seat_clocks(room))

    def write_clocks(self, code: str, clocks_json: Sequence[tuple[int, str]]) -> None:
        """Seats' turn clocks as :func:`seat_clocks` took them (one transaction)."""
        with self.db.atomic():
            for i, text in clocks_json:
                self.Seat.update(clock=text).where(
                    (self.Seat.room == code) & (self.Seat.position == i)
                ).execute()

    async def store_clocks(self, room: Room) -> None:
        """:meth:`save_clocks` through the room's ordered writer."""
        await self.write(room.code, self.write_clocks, room.code, seat_clocks(room))

    def set_unattended_since(self, code: str, since: dt.datetime | None) -> None:
        """When the last person connected to the room went away (None: someone is back)."""
        self.Room.update(unattended_since=since).where(self.Room.code == code).execute()

    def room_code_taken(self, code: str) -> bool:
        return self.Room.select().where(self.Room.code == code).exists()

    async def store_unattended_since(self, code: str, since: dt.datetime | None) -> None:
        """:meth:`set_unattended_since` through the room's ordered writer."""
        await self.write(code, self.set_unattended_since, code, since)

    async def store_closed(self, code: str) -> None:
        """:meth:`close_room` through the room's ordered writer: after every write of the room
        asked for before it, so that none of them brings the closed room back."""
        await self.write(code, self.close_room, code)

    def close_room(self, code: str) -> None:
        with self.db.atomic():
            self.Seat.delete().where(self.Seat.room == code).execute()
            self.Room.update(status="closed", updated_at=now()).where(
                self.Room.code == code
            ).execute()

    def delete_closed_rooms(self, closed_before: dt.datetime) -> int:
        """Delete the rooms closed before `closed_before` (naive UTC) with their seats, games
        and action logs (each batch of rooms in one transaction). Returns how many went."""
        g = self.games()
        deleted = 0
        while True:  # in batches: a query holds a bounded number of codes
            with self.db.atomic():
                codes = [r.code for r in self.Room.select(self.Room.code).where(
                    (self.Room.status == "closed") & (self.Room.updated_at < closed_before)
                ).limit(500)]
                if not codes:
                    return deleted
                # Finished games stay, with their room's row (archived): they are replayed.
                games = g.Game.select(g.Game.id).where(
                    g.Game.room.in_(codes) & g.Game.finished_at.is_null())
                g.GameAction.delete().where(g.GameAction.game.in_(games)).execute()
                g.Game.delete().where(
                    g.Game.room.in_(codes) & g.Game.finished_at.is_null()).execute()
                self.Seat.delete().where(self.Seat.room.in_(codes)).execute()
                kept = {str(r.code) for r in self.Room.select(self.Room.code).where(
                    self.Room.code.in_(codes)
                    & self.Room.code.in_(g.Game.select(g.Game.room)))}
                self.Room.update(status=ARCHIVED).where(self.Room.code.in_(kept)).execute()
                self.Room.delete().where(
                    self.Room.code.in_([c for c in codes if c not in kept])).execute()
            deleted += len(codes)

    def start_game(self, room: Room, start: GameStart) -> int:
        """A new game of `room`: the game row, its first actions and the room row (playing,
        with its seats as they are now), in one transaction. Returns the game's id."""
        return self.write_game_start(room_rows(room, "playing"), start)

    async def store_start_game(self, room: Room, start: GameStart) -> int:
        """:meth:`start_game` through the room's ordered writer (the room is read now, on the
        event loop; the journal's rows move in and the game is written in a database
        thread)."""
        return await self.write(room.code, self.write_game_start,
                                room_rows(room, "playing"), start)

    def write_game_start(self, rows: RoomRows, start: GameStart) -> int:
        """The game row, its first actions and the room's rows as :func:`room_rows` took them,
        in one transaction (the journal's rows move in first: :meth:`games`). Returns the
        game's id."""
        g = self.games()
        with self.db.atomic():
            game = g.Game.create(
                room=rows.code,
                started_at=start.started_at,
                seed=start.seed,
                player_count=start.player_count,
                mode=start.mode,
                deck=json.dumps(start.deck) if start.deck is not None else None,
                setup=(
                    None if isinstance(start.setup, kr.StandardSetup)
                    else json.dumps(start.setup.to_json())
                ),
            )
            game_id = int(game.id)
            if rows.code in self.fences:
                self.game_rooms[game_id] = rows.code
            moment = now()
            self._insert_actions(
                [(game_id, i, json.dumps(a), moment)
                 for i, a in enumerate(start.first_actions)])
            self._write_room(rows)
        return game_id

    def _action_sql(self, skip_existing: bool = False) -> str:
        sql = self._insert_action_sql.get(skip_existing)
        if sql is None:
            table = self.__games.GameAction._meta.table_name
            p = self.db.param
            verb = "INSERT OR IGNORE INTO" if skip_existing else "INSERT INTO"
            sql = self._insert_action_sql[skip_existing] = (
                f'{verb} "{table}" ("game_id", "seq", "data", "created_at") '
                f"VALUES ({p}, {p}, {p}, {p})"
            )
        return sql

    def _insert_actions(self, rows: Sequence[tuple[int, int, str, dt.datetime]], *,
                        skip_existing: bool = False) -> int:
        """The one way action rows (game id, seq, JSON text, time) go into the database: one
        statement for one row (a transaction of its own in autocommit mode, no BEGIN/COMMIT
        round), else one transaction; all of them, or none and the error is raised. The
        statement is prepared once (the hot path). Returns the rows written."""
        if not rows:
            return 0
        sql = self._action_sql(skip_existing)
        if len(rows) == 1:
            cursor = self.db.execute_sql(sql, rows[0])  # type: ignore[no-untyped-call]
        else:
            with self.db.atomic():
                cursor = self.db.cursor()  # type: ignore[no-untyped-call]
                cursor.executemany(sql, rows)
        self.action_commits += 1
        return int(cursor.rowcount)

    def append_actions(self, rows: Sequence[ActionRow]) -> None:
        """Actions' rows of any games committed to the database (one transaction): all of them
        when this returns, or none (the error is raised)."""
        moment = now()
        values = [(g, seq, json.dumps(a), moment) for g, seq, a in rows]
        fenced = {code for g, _, _ in rows if (code := self.game_rooms.get(g)) is not None}
        if not fenced:
            self._insert_actions(values)
            return
        with self.db.atomic():  # the rows with the check of their rooms' tokens
            for code in sorted(fenced):
                self.check_fence(code)
            self._insert_actions(values)

    def append_action(self, game_id: int, seq: int, action: dict[str, Any]) -> None:
        self.append_actions([(game_id, seq, action)])

    def log_actions(self, rows: Sequence[ActionRow]) -> list[Exception | None]:
        """Accepted actions' rows made durable (they survive the process being killed); each
        row's outcome in order: None, durable; an error, nothing of that row was written.

        The one place that chooses how: journaled, a line each appended to the action journal
        (moved into the database by :meth:`flush_actions`); otherwise one database commit for
        them all, and when it is refused, a commit per row, so that one bad row fails alone."""
        journal = self._journal
        if journal is not None:
            outcomes: list[Exception | None] = []
            for game_id, seq, action in rows:
                try:
                    data = json_text(action)
                    at = time.time()
                    with self._journal_lock:
                        journal.append(game_id, seq, at, data)
                        self._unflushed.append((game_id, seq, data, at))
                except Exception as e:
                    outcomes.append(e)
                    continue
                outcomes.append(None)
            return outcomes
        try:
            self.append_actions(rows)
        except Exception as e:
            if len(rows) == 1:
                return [e]
            log.warning("group commit of %d rows failed; writing them one by one", len(rows))
            return [self._outcome(self.append_action, *row) for row in rows]
        return [None] * len(rows)

    @staticmethod
    def _outcome(work: Callable[..., None], *args: Any) -> Exception | None:
        try:
            work(*args)
        except Exception as e:
            return e
        return None

    def log_action(self, game_id: int, seq: int, action: dict[str, Any]) -> None:
        """One accepted action's row, durable when this returns (:meth:`log_actions`); raises,
        with nothing written, if it cannot be."""
        error = self.log_actions([(game_id, seq, action)])[0]
        if error is not None:
            raise error

    # -- the action journal ------------------------------------------------------------------

    @property
    def journaled(self) -> bool:
        """Actions go through the journal (:meth:`log_actions`)."""
        return self._journal is not None

    def unflushed_actions(self, game_id: int | None = None) -> int:
        """Rows (of one game, or of all) written to the journal and not yet moved into the
        database."""
        if game_id is None:
            return len(self._unflushed)
        return sum(1 for row in self._unflushed if row[0] == game_id)

    def flush_actions(self) -> None:
        """Move the journal's rows into the database (one transaction), then empty it. A row
        the database refuses (its game was deleted) is dropped and logged; any other failure
        keeps every row for the next try and is raised.

        Safe in any thread while the event loop appends rows (:meth:`log_actions`): one move
        at a time; rows appended during a move wait for the next one, and the journal is
        emptied only when no row is left to move (a row both in the journal and in the
        database is skipped when a killed server's journal is recovered)."""
        if self._journal is None:
            return
        with self._flush_lock:
            with self._journal_lock:
                pending = list(self._unflushed)
            if not pending:
                return
            rows = [(g, seq, data, _from_epoch(at)) for g, seq, data, at in pending]
            kept: list[tuple[int, int, str, float]] = []
            failure: Exception | None = None
            try:
                self._insert_actions(rows)
            except (pw.IntegrityError, sqlite3.IntegrityError):
                for row_pending, row in zip(pending, rows, strict=True):
                    try:
                        self._insert_actions([row])
                    except pw.IntegrityError as e:
                        log.warning("action (game %s, seq %s) dropped: %s", row[0], row[1], e)
                    except Exception as e:
                        kept.append(row_pending)
                        failure = e
            with self._journal_lock:
                self._unflushed = kept + self._unflushed[len(pending):]
                if not self._unflushed:
                    self._journal.clear()
            if failure is not None:
                raise failure

    def _recover_journal(self) -> None:
        """A journal left by a process that did not close its store (killed): its rows into
        the database (those already there, from a group committed just before the kill,
        are skipped), then the journal is emptied."""
        assert self._journal is not None
        moved = 0
        for game_id, seq, at, action in self._journal.rows():
            try:
                # Rows a group committed just before the kill are skipped.
                moved += self._insert_actions(
                    [(game_id, seq, json_text(action), _from_epoch(at))], skip_existing=True)
            except (pw.IntegrityError, ValueError, TypeError, OverflowError) as e:
                log.warning("action journal row (game %s, seq %s) dropped: %s", game_id, seq, e)
        if moved:
            log.info("%d actions moved from the action journal into the database", moved)
        self._journal.clear()

    def games(self) -> GameTables:
        """The games' tables, to read or change games: the action journal's rows go into the
        database first, so that whoever reads sees every action and never races a row still
        to come. It is the only way to these tables."""
        self.flush_actions()
        return self.__games

    async def store_finished(self, code: str, game_id: int) -> None:
        """:meth:`finish_game` through the room's ordered writer."""
        await self.write(code, self.finish_game, game_id)

    def finish_game(self, game_id: int) -> None:
        g = self.games()
        g.Game.update(finished_at=now()).where(g.Game.id == game_id).execute()

    # -- reads -----------------------------------------------------------------------------

    def game_record(self, game_id: int) -> GameRecord | None:
        """One game as stored: its seed, deal and every action in order."""
        g = self.games()
        game = g.Game.get_or_none(g.Game.id == game_id)
        if game is None:
            return None
        return self._game_record(g, game)

    @staticmethod
    def _game_record(g: GameTables, game: Any) -> GameRecord:
        actions = [
            json.loads(a.data)
            for a in g.GameAction.select()
            .where(g.GameAction.game == game.id)
            .order_by(g.GameAction.seq)
        ]
        return GameRecord(
            id=int(game.id),
            seed=int(game.seed),
            player_count=int(game.player_count),
            mode=str(game.mode),
            deck=json.loads(game.deck) if game.deck else None,
            started_at=game.started_at,
            actions=actions,
            setup=(
                kr.setup_from_json(json.loads(game.setup)) if game.setup else kr.StandardSetup()
            ),
        )

    def room_is_public(self, code: str) -> bool:
        """Whether the room was public (listed for anyone to join) or ranked."""
        row = self.Room.get_or_none(self.Room.code == code)
        return row is not None and (bool(row.is_public) or bool(row.is_ranked))

    def last_game_of(self, code: str) -> GameRecord | None:
        """The latest game a room (open or closed) played, as stored; None if it has none
        (a Spire fight resumes from it: docs/spire.md)."""
        g = self.games()
        game = (g.Game.select().where(g.Game.room == code)
                .order_by(g.Game.id.desc()).first())
        return None if game is None else self._game_record(g, game)

    def load_open_rooms(self) -> list[LoadedRoom]:
        """Every room that was not closed, with its seats and its latest game's action log."""
        g = self.games()
        return [self._loaded(g, row) for row in self.Room.select().where(
            self.Room.status.not_in(["closed", ARCHIVED])).order_by(self.Room.created_at)]

    def load_open_room(self, code: str) -> LoadedRoom | None:
        """One room if it is not closed, as :meth:`load_open_rooms` rebuilds each."""
        g = self.games()
        row = self.Room.get_or_none(
            (self.Room.code == code) & self.Room.status.not_in(["closed", ARCHIVED]))
        return None if row is None else self._loaded(g, row)

    def _loaded(self, g: GameTables, row: Any) -> LoadedRoom:
        """A room rebuilt from its row, its seats and its latest game's log."""
        room = Room(
            code=row.code,
            host_id=row.host_id,
            is_public=bool(row.is_public),
            desired_player_count=int(row.desired_player_count),
            game_mode=str(row.game_mode),
            is_tutorial=bool(row.is_tutorial),
            is_ranked=bool(row.is_ranked),
            tutorial_mode=row.tutorial_mode,
            unattended_since=row.unattended_since,
            constructed=bool(row.constructed),
            turn_clock=str(row.turn_clock or "off"),
            allow_spectators=bool(row.allow_spectators),
        )
        room.seats = [
            Seat(
                player_id=s.player_id,
                name=s.name,
                is_bot=bool(s.is_bot),
                bot_kind=s.bot_kind,
                reconnect_token=s.reconnect_token,
                user_id=s.user_id,
                username=s.username,
                left=bool(s.left),
                left_at=s.left_at,
                away=_away(s.away),
                bot_account=bool(s.bot_account),
                clock=SeatClock.from_json(json.loads(s.clock)) if s.clock else None,
                **_seat_deck_fields(s.deck),
            )
            for s in self.Seat.select().where(self.Seat.room == row.code).order_by(
                self.Seat.position
            )
        ]
        game_record: GameRecord | None = None
        if row.status == "playing":
            game = (
                g.Game.select()
                .where(g.Game.room == row.code)
                .order_by(g.Game.id.desc())
                .first()
            )
            if game is not None:
                game_record = self._game_record(g, game)
                if row.code in self.fences:
                    self.game_rooms[game_record.id] = str(row.code)
        return LoadedRoom(room=room, game=game_record)
