"""Group commit of the action log: several rooms' rows in one transaction, each writer woken
only once its row is committed; a bad row fails alone; a cancelled writer's row is kept."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
import sqlite3
from pathlib import Path
from typing import Any

import peewee
import pytest

from kingdom_server.core.actionlog import ActionLog
from kingdom_server.core.rooms import Room, Seat
from kingdom_server.core.storage import GameStart, Storage
from tests.server.helpers import database_rows
from tests.server.play import play_until


def committed_rows(db: Path) -> set[tuple[int, int]]:
    """Rows another connection can read: committed ones."""
    with sqlite3.connect(db) as other:
        return {(g, s) for g, s in other.execute("SELECT game_id, seq FROM game_actions")}


def database_actions(tmp_path: Path, game_id: int) -> int:
    """How many of a game's actions another connection to the test server's database (its
    SQLite file, or PostgreSQL: tests/databases.py) can read: the committed ones."""
    ((n,),) = database_rows(tmp_path, f"SELECT COUNT(*) FROM game_actions WHERE game_id = "
                                      f"{int(game_id)}")
    return int(n)


@pytest.fixture
def store(tmp_path: Path) -> tuple[Storage, Path, list[int]]:
    db = tmp_path / "log.db"
    storage = Storage(f"sqlite:///{db}")
    games = []
    for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
        room = Room(code=code, host_id=None)
        storage.save_room(room)
        games.append(storage.start_game(room, GameStart(seed=1, player_count=2, mode="game",
                                        deck=None, started_at=dt.datetime(2026, 1, 1))))
    yield storage, db, games
    storage.close()


async def test_rows_of_one_moment_share_a_commit_and_wake_after_it(store: Any) -> None:
    storage, db, games = store
    log = ActionLog(storage)
    seen_at_commit: list[bool] = []
    woken_after_commit: list[bool] = []

    async def write(game: int, seq: int) -> None:
        def on_commit() -> None:
            seen_at_commit.append((game, seq) in committed_rows(db))

        await log.append(game, seq, {"type": "passTurn", "player": 1}, on_commit)
        woken_after_commit.append((game, seq) in committed_rows(db))

    await asyncio.gather(*(write(g, s) for g in games for s in range(4)))
    assert log.rows == 12 and log.commits == 1
    assert seen_at_commit == [True] * 12 and woken_after_commit == [True] * 12
    # A lone row later: its own commit, at once.
    await write(games[0], 4)
    assert log.commits == 2 and woken_after_commit[-1]


async def test_a_bad_row_fails_alone(store: Any) -> None:
    storage, db, games = store
    log = ActionLog(storage)
    storage.append_action(games[1], 0, {"type": "passTurn", "player": 1})
    called: list[tuple[int, int]] = []

    async def write(game: int, seq: int) -> None:
        await log.append(game, seq, {"type": "passTurn", "player": 2},
                         lambda: called.append((game, seq)))

    results = await asyncio.gather(write(games[0], 0), write(games[1], 0), write(games[2], 0),
                                   return_exceptions=True)
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], Exception)  # the seq was taken
    assert sorted(called) == sorted([(games[0], 0), (games[2], 0)])
    assert committed_rows(db) == {(games[0], 0), (games[1], 0), (games[2], 0)}


async def test_a_cancelled_writer_still_gets_its_row_and_state(store: Any) -> None:
    storage, db, games = store
    log = ActionLog(storage)
    called: list[int] = []
    task = asyncio.ensure_future(log.append(games[0], 0, {"type": "passTurn", "player": 1},
                                            lambda: called.append(1)))
    await asyncio.sleep(0)  # the row is queued, the commit scheduled
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert called == [1] and committed_rows(db) == {(games[0], 0)}


@pytest.mark.parametrize("journal", [False, True], ids=["commits", "journal"])
async def test_every_push_and_ack_follows_the_commit(start_server, connect_to,
                                                     tmp_path: Path, journal: bool) -> None:
    """Several rooms play at once; at every gameState push the room's log in the store (read
    through another connection) already holds every action the pushed state includes, and
    every acknowledged action is in the store when its ack arrives. With the action journal
    (a SQLite file), "in the store" is: in the database, or in the journal waiting to be
    moved there (never neither); the moves into the database still group several rows.
    Without the journal the commits run in a database thread, so the store may briefly hold a
    row the room has not taken yet (its commit is done, the loop has not woken): the store is
    never behind the room, which is what is checked."""
    from kingdom_server.core.hub import hub_key

    server = await start_server(action_journal=journal)
    hub = server.app[hub_key]
    on_sqlite_file = isinstance(hub.storage.db, peewee.SqliteDatabase)
    assert hub.storage.journaled == (journal and on_sqlite_file)
    failures: list[str] = []

    def committed_actions(tmp_path: Path, game_id: int) -> int:
        return database_actions(tmp_path, game_id) + hub.storage.unflushed_actions(game_id)

    def check(room: Room, seat: Seat, event: str, data: Any) -> None:
        if event == "gameState" and room.game_id is not None:
            n = committed_actions(tmp_path, room.game_id)
            if n < room.action_count:
                failures.append(f"push at {room.action_count} actions, {n} committed")

    hub.push_observers.append(check)
    tables = []
    for t in range(3):
        clients = [await connect_to(server, f"T{t}P{i}") for i in range(2)]
        code = (await clients[0].ok("createRoom", {"playerName": f"T{t}P0"}))["roomCode"]
        await clients[1].ok("joinRoom", {"playerName": f"T{t}P1", "roomCode": code})
        await clients[0].ok("startGame")
        tables.append(clients)

    acked_then_stored: list[bool] = []

    def wrap(client: Any) -> None:
        call = client.call

        async def checked(event: str, data: Any = None, timeout: float = 5) -> Any:
            ack = await call(event, data, timeout)
            if ack.get("success"):
                room = hub.rooms[hub.sessions[client.sio.get_sid()][0]]
                n = committed_actions(tmp_path, room.game_id)
                acked_then_stored.append(n >= 1 and n >= room.action_count)
            return ack

        client.call = checked

    for clients in tables:
        for c in clients:
            wrap(c)
    rng = random.Random(11)
    stop = {"n": 0}

    def enough(state: dict[str, Any]) -> bool:
        stop["n"] += 1
        return state["phase"] == "finished" or stop["n"] > 60

    await asyncio.gather(*(play_until(c, enough, random.Random(rng.random()), timeout=60)
                           for clients in tables for c in clients))
    assert not failures, failures[:5]
    assert acked_then_stored and all(acked_then_stored)
    assert hub.action_log.commits < hub.action_log.rows  # some rows did share a commit
