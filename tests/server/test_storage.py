"""The store on its own: round trips, closing, and columns added to an older database."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from kingdom_server.core.rooms import Room, Seat
from kingdom_server.core.storage import GameStart, Storage


def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path}/store.db"


def seat(i: int, **kw: object) -> Seat:
    base: dict[str, object] = dict(player_id=f"p{i}", name=f"P{i}", reconnect_token=f"t{i}")
    base.update(kw)
    return Seat(**base)  # type: ignore[arg-type]


def test_rooms_seats_and_action_logs_round_trip(tmp_path: Path) -> None:
    store = Storage(url(tmp_path))
    store.save_room(Room(code="ABCDEF", host_id="p0", is_public=True, desired_player_count=3,
                         game_mode="match",
                         seats=[seat(0), seat(1, is_bot=True, bot_kind="GreedyBot",
                                             reconnect_token=None)]))
    tutorial = Room(code="GHJKMN", host_id="q", is_tutorial=True, tutorial_mode="basics",
                    seats=[seat(0, player_id="q")])
    store.save_room(tutorial)
    game = store.start_game(tutorial, GameStart(seed=42, player_count=2, mode="game",
                            deck=["hearts-5", "clubs-2"], started_at=dt.datetime(2026, 11, 21)))
    for i in range(3):
        store.append_action(game, i, {"type": "passTurn", "player": 1 + i % 2})
    store.close()

    loaded = {r.room.code: r for r in Storage(url(tmp_path)).load_open_rooms()}
    waiting, playing = loaded["ABCDEF"], loaded["GHJKMN"]
    assert waiting.room.is_public and waiting.room.desired_player_count == 3
    assert waiting.room.game_mode == "match" and waiting.game is None
    assert [s.player_id for s in waiting.room.seats] == ["p0", "p1"]
    assert waiting.room.seats[1].is_bot and waiting.room.seats[1].bot_kind == "GreedyBot"
    assert waiting.room.seats[0].reconnect_token == "t0"
    assert waiting.room.seats[1].reconnect_token is None
    assert playing.room.tutorial_mode == "basics" and playing.game is not None
    assert playing.game.seed == 42 and playing.game.deck == ["hearts-5", "clubs-2"]
    assert [a["player"] for a in playing.game.actions] == [1, 2, 1]


def test_closed_rooms_are_not_loaded(tmp_path: Path) -> None:
    store = Storage(url(tmp_path))
    store.save_room(Room(code="ABCDEF", host_id="p0", seats=[seat(0)]))
    assert store.room_code_taken("ABCDEF")
    store.close_room("ABCDEF")
    assert store.load_open_rooms() == []
    assert store.room_code_taken("ABCDEF")  # codes are not reused


def test_columns_missing_from_an_older_database_are_added(tmp_path: Path) -> None:
    store = Storage(url(tmp_path))
    store.db.execute_sql("ALTER TABLE rooms DROP COLUMN tutorial_mode")
    store.close()
    store = Storage(url(tmp_path))
    assert "tutorial_mode" in {c.name for c in store.db.get_columns("rooms")}


def test_an_older_database_loses_its_second_action_index(tmp_path: Path) -> None:
    """Each accepted action writes one row; an index is one more page per write. The unique
    (game, seq) index serves every lookup by game, so the older per-game index is dropped."""
    import sqlite3

    Storage(url(tmp_path)).close()
    db = sqlite3.connect(f"{tmp_path}/store.db")
    db.execute('CREATE INDEX "gameaction_game_id" ON "game_actions" ("game_id")')
    db.commit()
    store = Storage(url(tmp_path))
    indexes = {row[0] for row in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'game_actions'")}
    assert indexes == {"gameaction_game_id_seq"}
    plan = db.execute("EXPLAIN QUERY PLAN SELECT * FROM game_actions WHERE game_id = 1 "
                      "ORDER BY seq").fetchall()
    assert "gameaction_game_id_seq" in str(plan)
    db.close()
    store.close()
