"""The event loop never waits on the database: every query of a game played through socket.io
clients (room made, seats taken, dealt, played to the end, its replay read, left and closed)
runs in the database threads (Storage.write / Storage.run), none on the loop's thread."""

from __future__ import annotations

import asyncio
import random
import threading
import time
import traceback
from collections.abc import Callable
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from kingdom_server.core.keys import storage_key
from tests.server.play import play_until


def where() -> str:
    """The server's innermost frame that asked for the query (for the failure's message)."""
    frames = [f for f in traceback.extract_stack() if "kingdom_server" in f.filename]
    return " <- ".join(f"{f.name}:{f.lineno}" for f in reversed(frames[-3:]))


class QueryThreads:
    """Records the thread of every cursor peewee opens (each query and each BEGIN takes one)."""

    def __init__(self, db: Any) -> None:
        self.threads: list[tuple[int, str]] = []
        self.recording = False
        original: Callable[..., Any] = db.cursor

        def cursor(*args: Any, **kwargs: Any) -> Any:
            if self.recording:
                self.threads.append((threading.get_ident(), where()))
            return original(*args, **kwargs)

        db.cursor = cursor


async def test_a_whole_game_runs_no_query_on_the_event_loop(start_server, connect_to) -> None:
    server: TestServer = await start_server(action_flush_seconds=0.05)
    storage = server.app[storage_key]
    queries = QueryThreads(storage.db)
    loop_thread = threading.get_ident()
    queries.recording = True
    ana, bea = await connect_to(server, "Ana"), await connect_to(server, "Bea")
    code = (await ana.ok("createPublicRoom", {"playerName": "Ana",
                                              "desiredPlayerCount": 3}))["roomCode"]
    await bea.ok("joinPublicRoom", {"playerName": "Bea", "roomCode": code})
    await ana.ok("addBot", {})
    await ana.ok("toggleGameMode", {"gameMode": "game"})
    await ana.ok("setAllowSpectators", {"allow": True})
    await ana.ok("startGame")
    for c in (ana, bea):
        await c.wait_state(lambda s: s["phase"] != "waiting", what="game start")
    await bea.ok("leaveRoom")  # a bot takes Bea's seat
    await play_until(ana, lambda s: s["phase"] == "finished", random.Random(7))
    await ana.wait_for(lambda c: bool(c.state.get("matchId")), what="the match's id")
    match_id = ana.state["matchId"]
    # The replay reads the game (the journal's rows moved in first) in the threads too.
    async with aiohttp.ClientSession() as http:
        for path in (f"/api/matches/{match_id}/replay", f"/api/matches/{match_id}/replay/1"):
            async with http.get(str(server.make_url(path))) as r:
                assert r.status == 200, await r.text()
    await ana.ok("leaveRoom")  # the last person: the room is closed
    # The journal's rows go into the database on a timer, in the threads too.
    await asyncio.sleep(0.3)
    queries.recording = False
    on_loop = sorted({name for ident, name in queries.threads if ident == loop_thread})
    assert queries.threads, "no query was recorded: the guard sees nothing"
    assert not on_loop, f"queries ran on the event loop: {on_loop}"


async def test_a_spire_fight_opens_and_ends_with_no_query_on_the_event_loop(
        start_server, connect_to) -> None:
    from tests.server.test_spire import Browser, first_node, play_fight, start

    server: TestServer = await start_server(action_flush_seconds=0.05)
    queries = QueryThreads(server.app[storage_key].db)
    loop_thread = threading.get_ident()
    queries.recording = True
    b = Browser(server)
    run = await start(b)
    node = await first_node(b, run["id"])
    status, run, _ = await b.call("POST", f"/api/spire/enter-node/{run['id']}",
                                  {"nodeIndex": node["id"]})
    assert status == 200 and run["fight"], run
    status, again, _ = await b.call("POST", f"/api/spire/fight/{run['id']}")  # the same room
    assert status == 200 and again["fight"]["roomCode"] == run["fight"]["roomCode"], again
    await play_fight(server, connect_to, again["fight"])
    await asyncio.sleep(0.3)
    queries.recording = False
    await b.http.close()
    on_loop = sorted({name for ident, name in queries.threads if ident == loop_thread})
    assert queries.threads, "no query was recorded: the guard sees nothing"
    assert not on_loop, f"queries ran on the event loop: {on_loop}"


async def test_a_rooms_writes_reach_the_store_in_the_order_of_the_calls(tmp_path) -> None:
    """One ordered writer per room: a slow save asked for before `close_room` is written
    before it (the room stays closed); another room's writes do not wait for this room's;
    a save that comes after the closing does not bring the room back."""
    from kingdom_server.core.rooms import Room, Seat
    from kingdom_server.core.storage import Storage

    store = Storage(f"sqlite:///{tmp_path}/order.db", threads=4)
    try:
        room = Room(code="ABCDEF", host_id="p0", seats=[Seat(player_id="p0", name="Ana")])
        other = Room(code="GHJKMN", host_id="q0", seats=[Seat(player_id="q0", name="Bea")])
        await store.store_room(room)
        done: list[str] = []
        slow_rows = store.write_room_rows

        def slow(rows: Any) -> None:
            time.sleep(0.2)
            slow_rows(rows)
            done.append(f"save {rows.code}")

        def closing(code: str) -> None:
            store.close_room(code)
            done.append(f"close {code}")

        room.seats.append(Seat(player_id="p1", name="Ben"))
        saved = store.submit(room.code, slow, storage_rows(room))
        closed = store.submit(room.code, closing, room.code)
        await store.write(other.code, store.write_room_rows, storage_rows(other))
        done.append("other room")
        await asyncio.gather(saved, closed)
        assert done == ["other room", "save ABCDEF", "close ABCDEF"]
        await store.store_room(room)  # too late: the room was closed
        row = store.Room.get(store.Room.code == room.code)
        assert row.status == "closed"
        assert not list(store.Seat.select().where(store.Seat.room == room.code))
        assert [r.room.code for r in store.load_open_rooms()] == [other.code]
    finally:
        await store.drain()
        store.close()


def storage_rows(room: Any) -> Any:
    from kingdom_server.core.storage import room_rows, room_status

    return room_rows(room, room_status(room))
