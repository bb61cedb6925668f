"""Fencing tokens (docs/deploy.md, "Room ownership"): two stores on one database stand for two
server processes; the one that took the room last is the only one whose writes of it are
stored, through the room's ordered writer and the action log alike."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kingdom_server.core.rooms import Room, Seat
from kingdom_server.core.storage import Fenced, GameStart, Storage


def room(code: str, host: str = "p0") -> Room:
    return Room(code=code, host_id=host,
                seats=[Seat(player_id="p0", name="Ana"), Seat(player_id="p1", name="Ben")])


def actions(store: Storage, game: int) -> list[int]:
    record = store.game_record(game)
    assert record is not None
    return [int(a["seq"]) for a in record.actions]


async def test_a_process_that_lost_the_room_stores_nothing_more(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path}/store.db"
    old, new = Storage(url, threads=2), Storage(url, threads=2)
    try:
        # The first process creates the room (token 0: the row does not exist yet).
        old.fences["ABCDEF"] = 0
        await old.store_room(room("ABCDEF"))
        game = await old.store_start_game(room("ABCDEF"), GameStart(
            seed=1, player_count=2, mode="game", deck=None, started_at=dt.datetime(2026, 11, 27)))
        old.append_actions([(game, 0, {"type": "passTurn", "player": 1, "seq": 0})])
        dropped: list[str] = []
        old.on_fenced = dropped.append

        # The second takes it over: the token goes up, and the first one's writes are refused.
        assert await new.run(new.take_room, "ABCDEF") == 1
        with pytest.raises(Fenced):
            old.append_actions([(game, 1, {"type": "passTurn", "player": 2, "seq": 1})])
        with pytest.raises(Fenced):
            await old.store_room(room("ABCDEF", host="p1"))
        with pytest.raises(Fenced):
            await old.write("ABCDEF", old.finish_game, game)
        assert new.load_open_room("ABCDEF") is not None
        assert actions(new, game) == [0]

        # The new owner writes as before.
        new.append_actions([(game, 1, {"type": "passTurn", "player": 2, "seq": 1})])
        await new.store_room(room("ABCDEF", host="p1"))
        loaded = new.load_open_room("ABCDEF")
        assert loaded is not None and loaded.room.host_id == "p1"
        assert actions(new, game) == [0, 1]
        assert dropped and set(dropped) == {"ABCDEF"}

        # Given up: none of its writes is accepted any more, even with the room unchanged.
        new.give_up_room("ABCDEF")
        with pytest.raises(Fenced):
            new.append_actions([(game, 2, {"type": "passTurn", "player": 1, "seq": 2})])
        assert actions(new, game) == [0, 1]
    finally:
        old.close()
        new.close()


async def test_without_fences_nothing_is_checked(tmp_path: Path) -> None:
    """One process alone (no REDIS_URL): no token, every write goes through as before."""
    store = Storage(f"sqlite:///{tmp_path}/store.db")
    try:
        await store.store_room(room("GHJKMN"))
        other = Storage(f"sqlite:///{tmp_path}/store.db")
        assert other.take_room("GHJKMN") == 1
        other.close()
        await store.store_room(room("GHJKMN", host="p1"))
        loaded = store.load_open_room("GHJKMN")
        assert loaded is not None and loaded.room.host_id == "p1"
    finally:
        store.close()
