"""The action journal (kingdom_server/core/journal.py): on a SQLite file, each accepted action is
appended to `<database>-actions` before its acknowledgement and moved into the database in
groups. Rows survive the process being killed, are never written twice, a failed write leaves
nothing, and one process owns a journal."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import random
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import peewee
import pytest

from kingdom_server.core import journal as journal_module
from kingdom_server.core.rooms import Room
from kingdom_server.core.storage import GameStart, Storage
from tests.server.helpers import Client
from tests.server.play import play_until
from tests.server.test_restart import ServerProcess, comparable, free_port

ACTION = {"type": "passTurn", "player": 1}


def journal_of(db: Path) -> Path:
    return db.with_name(db.name + "-actions")


def database_actions(db: Path) -> list[tuple[int, int, str]]:
    """The rows another connection reads: committed ones."""
    with sqlite3.connect(db) as other:
        return list(other.execute("SELECT game_id, seq, data FROM game_actions ORDER BY id"))


def new_game(storage: Storage, code: str = "AAAAAA") -> int:
    room = Room(code=code, host_id=None)
    storage.save_room(room)
    return storage.start_game(room, GameStart(seed=1, player_count=2, mode="game", deck=None,
                              started_at=dt.datetime(2026, 1, 1)))


def run_python(code: str, cwd: Path) -> None:
    """`code` in a fresh interpreter (it ends the way it chooses: os._exit is a kill)."""
    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=cwd, check=True,
                   env=dict(os.environ, PYTHONPATH=str(root)), timeout=60)


def test_rows_wait_in_the_journal_and_move_into_the_database_in_one_group(tmp_path: Path) -> None:
    db = tmp_path / "k.db"
    storage = Storage(f"sqlite:///{db}", journal=True)
    assert storage.journaled
    game = new_game(storage)
    for seq in range(5):
        storage.log_action(game, seq, {**ACTION, "n": seq})
    assert database_actions(db) == [] and storage.unflushed_actions(game) == 5
    assert journal_of(db).stat().st_size > 0
    storage.flush_actions()
    rows = database_actions(db)
    assert [(g, s) for g, s, _ in rows] == [(game, s) for s in range(5)]
    assert storage.unflushed_actions() == 0 and journal_of(db).stat().st_size == 0
    record = storage.game_record(game)
    assert record is not None and record.actions == [{**ACTION, "n": s} for s in range(5)]
    storage.close()


def test_a_killed_process_rows_are_moved_in_at_the_next_open(tmp_path: Path) -> None:
    db = tmp_path / "k.db"
    run_python(f"""
        import datetime as dt, os
        from kingdom_server.core.rooms import Room
        from kingdom_server.core.storage import GameStart, Storage
        s = Storage("sqlite:///{db}", journal=True)
        room = Room(code="AAAAAA", host_id=None)
        s.save_room(room)
        game = s.start_game(room, GameStart(seed=1, player_count=2, mode="game", deck=None,
                            started_at=dt.datetime(2026, 1, 1)))
        for seq in range(3):
            s.log_action(game, seq, {{"type": "passTurn", "player": 1, "n": seq}})
        os._exit(0)  # no close, no flush: as killed
    """, tmp_path)
    assert database_actions(db) == [] and journal_of(db).stat().st_size > 0
    storage = Storage(f"sqlite:///{db}", journal=True)
    assert journal_of(db).stat().st_size == 0
    (game,) = {g for g, _, _ in database_actions(db)}
    record = storage.game_record(game)
    assert record is not None
    assert record.actions == [{"type": "passTurn", "player": 1, "n": s} for s in range(3)]
    storage.close()


def test_rows_already_moved_are_not_written_twice_and_a_torn_line_is_skipped(
    tmp_path: Path,
) -> None:
    db = tmp_path / "k.db"
    # Killed after a group was committed but before the journal was emptied, in the middle
    # of writing a line.
    run_python(f"""
        import datetime as dt, os
        from kingdom_server.core.journal import ActionJournal
        from kingdom_server.core.rooms import Room
        from kingdom_server.core.storage import GameStart, Storage
        ActionJournal.clear = lambda self: None
        s = Storage("sqlite:///{db}", journal=True)
        room = Room(code="AAAAAA", host_id=None)
        s.save_room(room)
        game = s.start_game(room, GameStart(seed=1, player_count=2, mode="game", deck=None,
                            started_at=dt.datetime(2026, 1, 1)))
        for seq in range(2):
            s.log_action(game, seq, {{"type": "passTurn", "player": 1, "n": seq}})
        s.flush_actions()
        s.log_action(game, 2, {{"type": "passTurn", "player": 1, "n": 2}})
        with open("{journal_of(db)}", "ab") as f:
            f.write(b'[1,3,1.5,{{"type":"pa')
        os._exit(0)
    """, tmp_path)
    assert len(database_actions(db)) == 2
    storage = Storage(f"sqlite:///{db}", journal=True)
    rows = database_actions(db)
    assert [s for _, s, _ in rows] == [0, 1, 2]
    record = storage.game_record(rows[0][0])
    assert record is not None and [a["n"] for a in record.actions] == [0, 1, 2]
    storage.close()


def test_a_write_that_fails_leaves_nothing_behind(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "k.db"
    storage = Storage(f"sqlite:///{db}", journal=True)
    game = new_game(storage)
    storage.log_action(game, 0, ACTION)
    size = journal_of(db).stat().st_size
    real_write = os.write
    calls = {"n": 0}

    def half_then_full_disk(fd: int, data: Any) -> int:
        calls["n"] += 1
        if calls["n"] == 1:
            return real_write(fd, bytes(data)[: len(data) // 2])
        raise OSError(28, "No space left on device (on purpose)")

    monkeypatch.setattr(journal_module.os, "write", half_then_full_disk)
    with pytest.raises(OSError):
        storage.log_action(game, 1, ACTION)
    monkeypatch.undo()
    assert calls["n"] == 2
    assert journal_of(db).stat().st_size == size and storage.unflushed_actions() == 1
    storage.log_action(game, 1, {**ACTION, "again": True})
    storage.close()
    reopened = Storage(f"sqlite:///{db}", journal=True)
    record = reopened.game_record(game)
    assert record is not None and record.actions == [ACTION, {**ACTION, "again": True}]
    reopened.close()


def test_a_failed_move_into_the_database_keeps_every_row(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "k.db"
    storage = Storage(f"sqlite:///{db}", journal=True)
    game = new_game(storage)
    for seq in range(3):
        storage.log_action(game, seq, ACTION)
    real_cursor = storage.db.cursor

    def locked() -> Any:
        raise sqlite3.OperationalError("database is locked (on purpose)")

    monkeypatch.setattr(storage.db, "cursor", locked)
    with pytest.raises((sqlite3.OperationalError, peewee.OperationalError), match="locked"):
        storage.flush_actions()
    monkeypatch.setattr(storage.db, "cursor", real_cursor)
    assert storage.unflushed_actions() == 3 and journal_of(db).stat().st_size > 0
    assert database_actions(db) == []
    storage.flush_actions()
    assert len(database_actions(db)) == 3 and journal_of(db).stat().st_size == 0
    storage.close()


def test_a_row_whose_game_is_gone_is_dropped_alone(tmp_path: Path) -> None:
    db = tmp_path / "k.db"
    storage = Storage(f"sqlite:///{db}", journal=True)
    kept, gone = new_game(storage, "AAAAAA"), new_game(storage, "BBBBBB")
    storage.log_action(kept, 0, ACTION)
    storage.log_action(gone, 0, ACTION)
    storage.log_action(kept, 1, ACTION)
    with sqlite3.connect(db) as other:  # deleted behind the store's back
        other.execute("PRAGMA foreign_keys = ON")
        other.execute("DELETE FROM games WHERE id = ?", (gone,))
    storage.flush_actions()
    assert [(g, s) for g, s, _ in database_actions(db)] == [(kept, 0), (kept, 1)]
    assert storage.unflushed_actions() == 0
    storage.close()


def test_one_process_owns_the_journal_a_second_store_commits_directly(tmp_path: Path) -> None:
    db = tmp_path / "k.db"
    first = Storage(f"sqlite:///{db}", journal=True)
    second = Storage(f"sqlite:///{db}", journal=True)
    assert first.journaled and not second.journaled
    game = new_game(first)
    second.log_action(game, 0, ACTION)
    assert [(g, s) for g, s, _ in database_actions(db)] == [(game, 0)]
    first.log_action(game, 1, ACTION)
    assert len(database_actions(db)) == 1
    second.close()
    first.close()
    assert len(database_actions(db)) == 2
    # Without the option, or on another database, there is no journal.
    assert not Storage(f"sqlite:///{db}").journaled
    assert not Storage("sqlite:///:memory:", journal=True).journaled


async def test_a_server_killed_right_after_an_acknowledgement_keeps_the_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real server process (a flush only every 60 s, so the last moves are in the journal
    alone) is killed right after an acknowledgement; restarted, the game is exactly as the
    players last saw it."""
    monkeypatch.setenv("KINGDOM_ACTION_FLUSH_SECONDS", "60")
    db, port = tmp_path / "k.db", free_port()
    first = ServerProcess(db, port).start()
    ana = await Client(first.url, "ana").connect()
    ben = await Client(first.url, "ben").connect()
    try:
        code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
        await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": code})
        await ana.ok("startGame")
        counter = {"n": 0}

        def enough(state: dict[str, Any]) -> bool:
            counter["n"] += 1
            return counter["n"] > 12

        await asyncio.gather(play_until(ana, enough, random.Random(1)),
                             play_until(ben, enough, random.Random(2)))
        await asyncio.sleep(0.2)  # the last pushes in
        before = {c.name: comparable(c.state) for c in (ana, ben)}
        seats = {c.name: dict(c.seat) for c in (ana, ben)}
    finally:
        first.kill()
        await ana.close()
        await ben.close()
    assert journal_of(db).stat().st_size > 0
    second = ServerProcess(db, port).start()
    try:
        for name in ("ana", "ben"):
            again = await Client(second.url, name).connect()
            await again.ok("rejoinRoom", seats[name])
            state = await again.wait_state(lambda s: s["phase"] != "waiting")
            assert comparable(state) == before[name]
            await again.close()
    finally:
        second.kill()
    assert journal_of(db).stat().st_size == 0
