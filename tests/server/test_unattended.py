"""Rooms nobody attends cost nothing: with no person connected a game pauses after the takeover
period (bots and the score screen wait) and goes on when someone comes back; a room with nobody
connected for Settings.unattended_seconds is closed; closed rooms leave the database after
Settings.closed_room_days. Short settings stand in for 60 s, 24 h and 7 days."""

from __future__ import annotations

import asyncio
import datetime as dt
import random
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp.test_utils import TestServer

from kingdom_server.core.hub import Hub, hub_key
from kingdom_server.core.rooms import Room
from kingdom_server.core.storage import GameStart, Storage
from tests.server.helpers import Client
from tests.server.play import play_until

Start = Callable[..., Awaitable[TestServer]]
ConnectTo = Callable[..., Awaitable[Client]]


def finished(state: dict[str, Any]) -> bool:
    return bool(state["phase"] == "finished")


async def wait_until(predicate: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = asyncio.get_running_loop().time() + timeout
    while not predicate():
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def test_a_game_nobody_attends_pauses_and_goes_on_when_someone_returns(
    start_server: Start, connect_to: ConnectTo
) -> None:
    srv = await start_server(absence_seconds=0.2, bot_delay=0.01)
    hub: Hub = srv.app[hub_key]
    ana = await connect_to(srv, "ana")
    seat = await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.ok("addBot", {"kind": "random"})
    await ana.ok("addBot", {"kind": "random"})
    await ana.ok("startGame")
    room: Room = hub.rooms[seat["roomCode"]]
    await ana.close()
    await wait_until(lambda: room.paused, 3, "the pause")
    assert room.seats[0].absent and not room.closed
    # Paused: the bots (Ana's stand-in too) no longer play.
    count = room.action_count
    await asyncio.sleep(0.5)
    assert room.action_count == count
    assert room.bot_task is None or room.bot_task.done()
    # Ana comes back: the game goes on, and she plays it to the end.
    back = await connect_to(srv, "ana again")
    await back.ok("rejoinRoom", {k: seat[k] for k in ("roomCode", "playerId", "reconnectToken")})
    assert not room.paused and not room.seats[0].absent
    await back.wait_state(lambda s: s["phase"] != "waiting")
    await play_until(back, finished, random.Random(5), timeout=120)


async def test_a_paused_score_screen_waits_too(start_server: Start, connect_to: ConnectTo) -> None:
    srv = await start_server(absence_seconds=0.2, score_screen_seconds=1)
    hub: Hub = srv.app[hub_key]
    ana = await connect_to(srv, "ana")
    seat = await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.ok("addBot", {"kind": "random"})
    await ana.ok("toggleGameMode", {"gameMode": "match"})
    await ana.ok("startGame")
    room: Room = hub.rooms[seat["roomCode"]]
    await play_until(ana, lambda s: s["phase"] == "handComplete", random.Random(3),
                     timeout=120, skip=("readyForNextHand",))
    await ana.close()
    await wait_until(lambda: room.paused, 3, "the pause")
    await asyncio.sleep(1.5)  # longer than the score screen
    assert room.phase == "handComplete" and room.score_task is None
    back = await connect_to(srv, "ana again")
    await back.ok("rejoinRoom", {k: seat[k] for k in ("roomCode", "playerId", "reconnectToken")})
    state = await back.wait_state(lambda s: s["phase"] == "handComplete")
    assert state["scoreScreenTimer"] == 1  # a fresh countdown
    await back.wait_state(lambda s: s["currentHand"] == 2, timeout=5)


async def test_a_room_nobody_attends_is_closed_after_the_unattended_period(
    start_server: Start, connect_to: ConnectTo
) -> None:
    srv = await start_server(absence_seconds=0.2, unattended_seconds=1.0)
    hub: Hub = srv.app[hub_key]
    ana = await connect_to(srv, "ana")
    ben = await connect_to(srv, "ben")
    seat = await ana.ok("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": 2})
    code = seat["roomCode"]
    await ben.ok("joinPublicRoom", {"playerName": "Ben", "roomCode": code})
    await ana.ok("startGame")
    await ana.close()
    # While one person is connected the room stays, however long.
    await asyncio.sleep(1.3)
    assert code in hub.rooms and not hub.rooms[code].paused
    await ben.close()
    await wait_until(lambda: hub.rooms.get(code) is not None and hub.rooms[code].paused, 3,
                     "the pause")
    await wait_until(lambda: code not in hub.rooms, 3, "the room to close")
    row = hub.storage.Room.get(hub.storage.Room.code == code)
    assert row.status == "closed"
    # Coming back now: the room is gone.
    back = await connect_to(srv, "ana again")
    await back.refused("rejoinRoom", {k: seat[k] for k in ("roomCode", "playerId",
                                                           "reconnectToken")},
                       error="Room not found")


async def test_returning_within_the_unattended_period_keeps_the_room(
    start_server: Start, connect_to: ConnectTo
) -> None:
    srv = await start_server(absence_seconds=0.2, unattended_seconds=0.8)
    hub: Hub = srv.app[hub_key]
    ana = await connect_to(srv, "ana")
    seat = await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.ok("addBot")
    await ana.ok("startGame")
    await ana.close()
    await asyncio.sleep(0.5)
    back = await connect_to(srv, "ana again")
    await back.ok("rejoinRoom", {k: seat[k] for k in ("roomCode", "playerId", "reconnectToken")})
    await asyncio.sleep(0.6)  # past the first 0.8 s
    assert seat["roomCode"] in hub.rooms


async def test_closed_rooms_are_deleted_from_the_database_after_the_retention(
    start_server: Start, connect_to: ConnectTo
) -> None:
    srv = await start_server(closed_room_days=0.5 / 86400, sweep_seconds=0.2)
    hub: Hub = srv.app[hub_key]
    store = hub.storage
    ana = await connect_to(srv, "ana")
    gone = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    await ana.ok("addBot")
    await ana.ok("startGame")
    await ana.wait_state(lambda s: s["phase"] != "waiting")
    await ana.ok("leaveRoom")  # the room closes
    kept = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    assert store.Room.get(store.Room.code == gone).status == "closed"
    assert store.games().Game.select().where(store.games().Game.room == gone).count() == 1

    def rooms() -> set[str]:
        return {r.code for r in store.Room.select()}

    await wait_until(lambda: gone not in rooms(), 3, "the closed room's deletion")
    assert kept in rooms()
    g = store.games()
    assert g.Game.select().count() == 0 and g.GameAction.select().count() == 0
    assert [s.room_id for s in store.Seat.select()] == [kept]


def test_delete_closed_rooms_keeps_recent_and_open_rooms(tmp_path: Any) -> None:
    store = Storage(f"sqlite:///{tmp_path}/store.db")
    for code in ("AAAAAA", "BBBBBB", "CCCCCC"):
        room = Room(code=code, host_id=None)
        store.save_room(room)
        store.start_game(room, GameStart(seed=1, player_count=2, mode="game", deck=None,
                         started_at=dt.datetime(2026, 1, 1),
                         first_actions=[{"type": "passTurn", "player": 1}]))
    store.close_room("AAAAAA")
    store.close_room("BBBBBB")
    old = dt.datetime(2026, 1, 1)
    store.Room.update(updated_at=old).where(store.Room.code == "AAAAAA").execute()
    assert store.delete_closed_rooms(old + dt.timedelta(days=1)) == 1
    assert sorted(r.code for r in store.Room.select()) == ["BBBBBB", "CCCCCC"]
    g = store.games()
    assert g.Game.select().count() == 2 and g.GameAction.select().count() == 2
    store.close()


async def test_the_last_connected_person_leaving_pauses_a_game_of_absent_people(
    start_server: Start, connect_to: ConnectTo
) -> None:
    srv = await start_server(absence_seconds=0.2, bot_delay=0.01)
    hub: Hub = srv.app[hub_key]
    ana = await connect_to(srv, "ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    ben = await connect_to(srv, "ben")
    await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": code})
    await ana.ok("addBot", {"kind": "random"})
    await ana.ok("startGame")
    room: Room = hub.rooms[code]
    await ana.close()
    await wait_until(lambda: room.seats[0].absent, 3, "Ana's absence")
    assert not room.paused  # Ben is still there
    await ben.ok("leaveRoom")  # Ben's seat goes to a bot for good; only absent Ana is left
    assert room.paused and room.idle_task is not None
    count = room.action_count
    await asyncio.sleep(0.4)
    assert room.action_count == count


async def test_a_restarted_server_counts_the_unattended_period_from_the_last_departure(
    start_server: Start, connect_to: ConnectTo
) -> None:
    """An in-process restart on the same database: the time the last person went away is
    stored, so a room nobody attended for longer than the period (the server down meanwhile)
    is closed at once, not a whole period after the start."""
    limit = 3.0
    first = await start_server(absence_seconds=0.2, unattended_seconds=limit)
    ana = await connect_to(first, "ana")
    old = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    await ana.ok("addBot")
    await ana.ok("startGame")
    await ana.close()
    room: Room = first.app[hub_key].rooms[old]
    await wait_until(lambda: room.paused, 3, "the pause")
    await first.close()
    await asyncio.sleep(limit + 0.2)  # the server is down for longer than the period

    second = await start_server(absence_seconds=0.2, unattended_seconds=limit)
    hub: Hub = second.app[hub_key]
    ben = await connect_to(second, "ben")
    recent = (await ben.ok("createRoom", {"playerName": "Ben"}))["roomCode"]
    await ben.close()
    # Well before a period counted from the restart (or from Ben's departure) is over.
    await wait_until(lambda: old not in hub.rooms, limit / 3, "the old room to close")
    assert hub.storage.Room.get(hub.storage.Room.code == old).status == "closed"
    assert recent in hub.rooms  # left just now: it has its whole period
    await wait_until(lambda: recent not in hub.rooms, limit + 1, "the recent room to close")


async def test_a_return_before_the_restart_starts_a_fresh_period(
    start_server: Start, connect_to: ConnectTo
) -> None:
    limit = 2.0
    first = await start_server(absence_seconds=0.2, unattended_seconds=limit)
    ana = await connect_to(first, "ana")
    seat = await ana.ok("createRoom", {"playerName": "Ana"})
    code = seat["roomCode"]
    await ana.ok("addBot")
    await ana.ok("startGame")
    await ana.close()
    store = first.app[hub_key].storage
    await wait_until(
        lambda: store.Room.get(store.Room.code == code).unattended_since is not None, 3,
        "the departure to be stored")
    back = await connect_to(first, "ana again")
    await back.ok("rejoinRoom", {k: seat[k] for k in ("roomCode", "playerId", "reconnectToken")})
    # The room's writer stores the return after the answer (in order with the room's other
    # writes): soon, and before the server's close finishes.
    await wait_until(
        lambda: store.Room.get(store.Room.code == code).unattended_since is None, 3,
        "the return to be stored")
    await asyncio.sleep(limit + 0.2)  # connected all along, then the server stops
    await back.close()
    await first.close()

    second = await start_server(absence_seconds=0.2, unattended_seconds=limit)
    hub: Hub = second.app[hub_key]
    await asyncio.sleep(limit / 2)
    assert code in hub.rooms  # counted from this start at the earliest, not from long ago
    await wait_until(lambda: code not in hub.rooms, limit + 1, "the room to close")


def test_a_database_from_before_the_departure_time_opens(tmp_path: Any) -> None:
    """A rooms table without the column (an earlier version's database) gains it on open."""
    url = f"sqlite:///{tmp_path}/old.db"
    store = Storage(url)
    store.save_room(Room(code="AAAAAA", host_id=None))
    store.db.execute_sql('ALTER TABLE "rooms" DROP COLUMN "unattended_since"')
    store.close()
    store = Storage(url)
    assert "unattended_since" in {c.name for c in store.db.get_columns("rooms")}
    [loaded] = store.load_open_rooms()
    assert loaded.room.code == "AAAAAA" and loaded.room.unattended_since is None
    since = dt.datetime(2026, 1, 1, 12, 0, 0)
    store.set_unattended_since("AAAAAA", since)
    assert store.load_open_rooms()[0].room.unattended_since == since
    store.close()
