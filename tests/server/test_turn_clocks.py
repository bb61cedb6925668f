"""Turn clocks (docs/rules.md "Turn clocks", docs/protocol.md): the room's setting, each seat's
clock in gameState, the server's move when a clock runs out, three timeouts counting as
abandoning a ranked match, a move that comes too late, and a clock kept across a SIGKILL.

No assertion is about wall-clock time: the clocks are set short through the server's settings
(or the clocks' time is replaced), and the tests wait for what the server says happened."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from kingdom_server.core import clocks
from kingdom_server.core.hub import hub_key
from tests.databases import query
from tests.server.helpers import Client, database_rows
from tests.server.play import payload_of, play_until
from tests.server.ranked_clients import get_json, matched
from tests.server.test_restart import (  # noqa: F401
    ServerProcess,
    database,
    free_port,
    processes,
)

Start = Callable[..., Awaitable[TestServer]]
Connect = Callable[..., Awaitable[Client]]


def timeouts_seen(client: Client) -> list[dict[str, Any]]:
    return [data for name, data in client.events if name == "turnTimedOut"]


def record_timeouts(client: Client) -> None:
    client.sio.on("turnTimedOut", client._recorder("turnTimedOut"))


async def test_the_room_chooses_its_clock(start_server: Start, connect_to: Connect) -> None:
    srv = await start_server()
    ana = await connect_to(srv, "Ana")
    ben = await connect_to(srv, "Ben")
    await ana.refused("createRoom", {"playerName": "Ana", "turnClock": "blitz"},
                      "turnClock must be off, relaxed, normal or fast")
    await ana.ok("createRoom", {"playerName": "Ana", "turnClock": "fast"})
    state = await ana.wait_state(lambda s: s["phase"] == "waiting")
    assert state["turnClock"] == "fast"
    await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": ana.seat["roomCode"]})
    await ben.refused("setTurnClock", {"turnClock": "off"},
                      "Only the host can change the turn clock")
    await ana.refused("setTurnClock", {"turnClock": 3}, "turnClock must be a string")
    await ana.refused("setTurnClock", {"turnClock": "slow"},
                      "turnClock must be off, relaxed, normal or fast")
    await ana.ok("setTurnClock", {"turnClock": "relaxed"})
    await ben.wait_state(lambda s: s["turnClock"] == "relaxed", what="the host's clock")
    await ana.ok("addBot")
    await ana.ok("startGame")
    state = await ana.wait_state(lambda s: s["phase"] != "waiting")
    assert state["turnClock"] == "relaxed"
    turn, bank = clocks.CLOCK_LIMITS["relaxed"]
    by_name = {p["name"]: p for p in state["players"]}
    for name in ("Ana", "Ben"):
        clock = by_name[name]["clock"]
        assert clock["running"] is True  # both choose a starting resource
        assert clock["timeouts"] == 0
        assert 0 < clock["turnMs"] <= turn * 1000 and clock["bankMs"] == bank * 1000
    assert [p["clock"] for p in state["players"] if p["isBot"]] == [None]  # bots: no clock
    await ana.refused("setTurnClock", {"turnClock": "off"}, "Game already in progress")
    # A room without a clock shows none.
    cara = await connect_to(srv, "Cara")
    await cara.ok("createRoom", {"playerName": "Cara"})
    await cara.ok("addBot")
    await cara.ok("startGame")
    state = await cara.wait_state(lambda s: s["phase"] != "waiting")
    assert state["turnClock"] == "off"
    assert all(p["clock"] is None for p in state["players"])


async def test_a_move_after_the_clock_ran_out_is_refused(
    start_server: Start, connect_to: Connect, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The clock runs out while the move is on its way: the timeout wins, the move gets a
    clear refusal (the clocks' time is moved on instead of waiting)."""
    srv = await start_server(turn_clocks={"fast": (60.0, 0.0)})
    ana = await connect_to(srv, "Ana")
    record_timeouts(ana)
    await ana.ok("createRoom", {"playerName": "Ana", "turnClock": "fast"})
    await ana.ok("addBot")
    await ana.ok("startGame")
    state = await ana.wait_state(lambda s: bool(s["legalActions"]), what="a choice")
    late = state["legalActions"][0]
    real = clocks.now
    monkeypatch.setattr(clocks, "now", lambda: real() + 3600)
    event, data = payload_of(late)
    await ana.refused(event, data, clocks.TIME_RAN_OUT)
    await ana.refused(event, data, clocks.TIME_RAN_OUT)  # played already: still too late
    await ana.wait_for(lambda c: len(timeouts_seen(c)) == 1, what="the timeout")
    assert timeouts_seen(ana)[0] == {"playerNumber": 1, "playerName": "Ana", "timeouts": 1,
                                     "abandoned": False}
    me = next(p for p in ana.state["players"] if p["name"] == "Ana")
    assert me["clock"]["timeouts"] == 1 and me["clock"]["bankMs"] == 0
    frozen = real() + 3600  # from here on the clocks' time stands still
    monkeypatch.setattr(clocks, "now", lambda: frozen)
    # The next turn of Ana's has its full turn time again, and her move is taken.
    state = await ana.wait_state(
        lambda s: bool(s["legalActions"]) and s["phase"] == "playing", what="Ana's turn")
    event, data = payload_of(state["legalActions"][0])
    await ana.ok(event, data)
    assert len(timeouts_seen(ana)) == 1


async def test_three_timeouts_lose_a_ranked_match_rated_once(
    start_server: Start, players: Any, tmp_path: Path
) -> None:
    """Ben stays connected and never moves: the server plays for him three times, then he
    has abandoned the match (last place, rated once), and a bot plays his seat to the end."""
    srv = await start_server(turn_clocks={"normal": (0.4, 0.4)}, ranked_wave_seconds=0.1,
                             score_screen_seconds=0.2)
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    for p in (ana, ben):
        record_timeouts(p)
    await matched([ana, ben], {"playerCount": 2})
    assert ana.state["turnClock"] == clocks.RANKED_CLOCK
    ana_plays = asyncio.ensure_future(play_until(
        ana, lambda s: bool(s["phase"] == "finished"), random.Random(3), timeout=120))
    await ben.wait_for(lambda c: len(timeouts_seen(c)) == 3, timeout=60, what="3 timeouts")
    seen = timeouts_seen(ben)
    assert [t["timeouts"] for t in seen] == [1, 2, 3]
    assert [t["abandoned"] for t in seen] == [False, False, True]
    assert {t["playerName"] for t in seen} == {"Ben"}
    # The seat is given up once its write is done (in the database threads): the table
    # then shows a bot in Ben's seat.
    await ana.wait_state(lambda s: any(p["name"] == "Ben" and p["isBot"] for p in s["players"]),
                         what="a bot in Ben's seat")
    hub = srv.app[hub_key]
    room = hub.rooms[ana.seat["roomCode"]]
    ben_seat = next(s for s in room.seats if s.name == "Ben")
    assert ben_seat.left and ben_seat.sid is None  # gone: a bot plays on
    await ben.refused("passTurn", {}, "You are not in a room")
    await ana_plays
    await ana.wait_for(lambda c: bool(c.pushed("rankedMatchRated")), 10, "the ratings")
    url = str(srv.make_url("/"))
    a = await get_json(url, f"/api/ranked/ranking/{ana.user['id']}")
    b = await get_json(url, f"/api/ranked/ranking/{ben.user['id']}")
    assert (b["rankedLosses"], b["rankedWins"], b["rankedGamesPlayed"]) == (1, 0, 1)
    assert (a["rankedWins"], a["rankedLosses"], a["rankedGamesPlayed"]) == (1, 0, 1)
    assert b["rating"] < 1000 < a["rating"]
    assert database_rows(tmp_path, "select count(*) from ranked_results") == [(1,)]
    # Ana moved in time on every turn of hers.
    assert {t["playerName"] for t in timeouts_seen(ana)} == {"Ben"}


async def test_a_running_clock_is_restored_across_a_sigkill(
    database: Path | str, processes: list[ServerProcess],  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ben's clock runs (his turn time spent, his bank draining) when the server is killed:
    the restarted server goes on from what was stored, not from a fresh clock."""
    monkeypatch.setenv("KINGDOM_TURN_CLOCKS", "normal=0.2/600")
    monkeypatch.setenv("KINGDOM_CLOCK_CHECKPOINT_SECONDS", "0.2")
    port = free_port()
    first = ServerProcess(database, port).start()
    processes.append(first)
    ana, ben = Client(first.url, "Ana"), Client(first.url, "Ben")
    try:
        for c in (ana, ben):
            await c.connect()
        await ana.ok("createRoom", {"playerName": "Ana", "turnClock": "normal"})
        await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": ana.seat["roomCode"]})
        await ana.ok("startGame")
        state = await ana.wait_state(lambda s: bool(s["legalActions"]), what="a choice")
        event, data = payload_of(state["legalActions"][0])
        await ana.ok(event, data)  # Ben alone has a choice to make: his clock runs

        def stored() -> list[Any]:
            rows = query(database, "select name, clock from room_seats order by position")
            # The seats' rows are written by the room's writer: a clock may not be stored yet.
            return [json.loads(str(c)) for n, c in rows if n == "Ben" and c]

        for _ in range(400):
            kept = stored()
            if kept and kept[0]["turnMs"] == 0 and kept[0]["bankMs"] < 600_000:
                break
            await asyncio.sleep(0.05)
        kept = stored()
        assert kept[0]["turnMs"] == 0 and kept[0]["bankMs"] < 600_000, kept
        assert kept[0]["running"] is True
    finally:
        first.kill()
        for c in (ana, ben):
            await c.close()
    bank_at_kill = stored()[0]["bankMs"]
    second = ServerProcess(database, port).start()
    processes.append(second)
    ben2 = Client(second.url, "Ben")
    try:
        await ben2.connect()
        await ben2.ok("rejoinRoom", ben.seat)
        state = await ben2.wait_state(lambda s: s["phase"] != "waiting")
        clock = next(p for p in state["players"] if p["name"] == "Ben")["clock"]
        assert clock["running"] is True and clock["timeouts"] == 0
        assert clock["turnMs"] == 0  # the spent turn time is not given back
        assert 0 < clock["remainingMs"] <= bank_at_kill
    finally:
        await ben2.close()
