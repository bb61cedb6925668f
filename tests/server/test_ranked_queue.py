"""The ranked queue over real sockets: who may queue, matches of 2 and 4, leaving and
disconnecting while queued, a ranked match to its end, and the abandonment rule."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from kingdom_server.core.hub import hub_key
from kingdom_server.ranked import queue_key
from kingdom_server.ranked.queue import ALREADY_QUEUED, LOGIN_REQUIRED, NO_SEASON, SEATED
from tests.server.ranked_clients import Player, get_json, matched, play_to_the_end

Start = Callable[..., Awaitable[TestServer]]
FAST = dict(ranked_wave_seconds=0.1, score_screen_seconds=0.2)


async def test_guests_bad_counts_and_no_season(start_server: Start, players: Any) -> None:
    srv = await start_server(**FAST)
    guest = await players(srv, "guest", signed_in=False)
    await guest.refused("joinRankedQueue", {"playerCount": 2}, LOGIN_REQUIRED)
    ana = await players(srv, "Ana")
    for bad in [None, {}, {"playerCount": 5}, {"playerCount": "2"}, {"playerCount": True}, []]:
        await ana.refused("joinRankedQueue", bad)
    srv.app[queue_key].store.active_season()
    srv.app[queue_key].store.end_season()
    await ana.refused("joinRankedQueue", {"playerCount": 2}, NO_SEASON)
    assert len(srv.app[queue_key].queued) == 0


async def test_two_players_are_matched_into_a_ranked_match(
    start_server: Start, players: Any
) -> None:
    srv = await start_server(**FAST)
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    ack = await ana.ok("joinRankedQueue", {"playerCount": 2})
    assert ack["playerCount"] == 2 and ack["playersWaiting"] == 1
    await ana.refused("joinRankedQueue", {"playerCount": 3}, ALREADY_QUEUED)
    await ana.wait_for(lambda c: bool(ana.pushed("rankedQueueStatus")), 5, "a queue status")
    status = ana.pushed("rankedQueueStatus")[-1]
    assert status["playerCount"] == 2 and status["playersWaiting"] == 1
    assert status["secondsWaited"] >= 0
    await ben.ok("joinRankedQueue", {"playerCount": 2})
    a, b = await ana.match_found(), await ben.match_found()
    assert a["roomCode"] == b["roomCode"]
    assert {a["playerNumber"], b["playerNumber"]} == {1, 2}
    assert a["playerCount"] == 2
    state = await ana.wait_state(lambda s: s["phase"] != "waiting")
    room = srv.app[hub_key].rooms[a["roomCode"]]
    assert room.is_ranked and not room.is_public and room.game_mode == "match"
    assert sorted(s.user_id for s in room.seats) == sorted([ana.user["id"], ben.user["id"]])
    assert room.state is not None and room.state.total_hands == 2  # a match: one hand each
    assert state["phase"] != "waiting"
    # Seated now: no second queue.
    await ana.refused("joinRankedQueue", {"playerCount": 2})
    assert len(srv.app[queue_key].queued) == 0


async def test_four_players_make_two_teams(start_server: Start, players: Any) -> None:
    srv = await start_server(**FAST)
    four = [await players(srv, n) for n in ("Ana", "Ben", "Cyd", "Dee")]
    for p in four:
        await p.ok("joinRankedQueue", {"playerCount": 4})
    found = [await p.match_found() for p in four]
    assert len({f["roomCode"] for f in found}) == 1
    assert sorted(f["playerNumber"] for f in found) == [1, 2, 3, 4]
    room = srv.app[hub_key].rooms[found[0]["roomCode"]]
    assert len(room.seats) == 4 and room.state is not None and room.state.player_count == 4


async def test_leave_and_disconnect_while_queued(start_server: Start, players: Any) -> None:
    srv = await start_server(**FAST)
    queue = srv.app[queue_key]
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    cy = await players(srv, "Cyd")
    await ana.ok("joinRankedQueue", {"playerCount": 2})
    assert (await ana.ok("leaveRankedQueue"))["left"] is True
    assert (await ana.ok("leaveRankedQueue"))["left"] is False
    await ben.ok("joinRankedQueue", {"playerCount": 2})
    await ben.close()  # disconnects while queued
    for _ in range(50):
        if not queue.queued:
            break
        await asyncio.sleep(0.05)
    assert queue.queued == {}
    await cy.ok("joinRankedQueue", {"playerCount": 2})
    await asyncio.sleep(0.5)  # several waves: nobody left to match Cy with
    assert not cy.pushed("rankedMatchFound") and not ana.pushed("rankedMatchFound")
    assert cy.pushed("rankedQueueStatus")[-1]["playersWaiting"] == 1
    # Ana queues again: matched with Cy.
    await ana.ok("joinRankedQueue", {"playerCount": 2})
    assert (await ana.match_found())["roomCode"] == (await cy.match_found())["roomCode"]


async def test_not_while_seated(start_server: Start, players: Any) -> None:
    srv = await start_server(**FAST)
    ana = await players(srv, "Ana")
    await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.refused("joinRankedQueue", {"playerCount": 2}, SEATED)
    await ana.ok("leaveRoom")
    await ana.ok("joinRankedQueue", {"playerCount": 2})
    # Taking a seat while queued takes the player out of the queue at the next wave.
    await ana.ok("createRoom", {"playerName": "Ana"})
    for _ in range(50):
        if not srv.app[queue_key].queued:
            break
        await asyncio.sleep(0.05)
    assert srv.app[queue_key].queued == {}


async def test_a_ranked_match_to_its_end_is_rated_once(
    start_server: Start, players: Any
) -> None:
    srv = await start_server(**FAST)
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    await matched([ana, ben], {"playerCount": 2})
    await play_to_the_end([ana, ben], seed=1)
    results = ana.pushed("rankedMatchRated")[-1]["results"]
    url = str(srv.make_url("/"))
    rankings = {
        p.name: await get_json(url, f"/api/ranked/ranking/{p.user['id']}") for p in (ana, ben)
    }
    winners = [n for n, r in rankings.items() if r["rankedWins"] == 1]
    # R30: a match whose totals and hands won are equal is shared (both win, rated alike).
    shared = len(ana.state["outcome"]["winners"]) == 2
    assert len(winners) == (2 if shared else 1)
    if shared:
        assert rankings["Ana"]["rating"] == rankings["Ben"]["rating"]
    for r in rankings.values():
        assert r["rankedGamesPlayed"] == 1 and r["tierLabel"] == "Placement 1/5"
    by_user = {x["userId"]: x for x in results}
    for p in (ana, ben):
        assert by_user[p.user["id"]]["rating"] == rankings[p.name]["rating"]
        assert by_user[p.user["id"]]["ratingChange"] == rankings[p.name]["rating"] - 1000
    # The match history (written with the ratings, in one transaction) carries the change.
    for p in (ana, ben):
        history = await get_json(url, f"/api/matches/{p.user['id']}")
        assert len(history) == 1
        assert history[0]["ratingChange"] == rankings[p.name]["rating"] - 1000
    season = await get_json(url, "/api/ranked/season/active")
    for p in (ana, ben):
        history = await get_json(url, f"/api/matches/{p.user['id']}")
        assert (history[0]["gameMode"], history[0]["format"]) == ("ranked", "standard")
        assert history[0]["seasonId"] == str(season["id"])
    board = await get_json(url, f"/api/ranked/leaderboard/{season['id']}")
    assert {e["username"] for e in board} == {"Ana", "Ben"}
    assert [e["username"] for e in board][0] in winners


@pytest.mark.parametrize("how", ["leave", "stay away"])
async def test_abandoning_loses_the_match(start_server: Start, players: Any, how: str) -> None:
    srv = await start_server(absence_seconds=0.3, **FAST)
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    await matched([ana, ben], {"playerCount": 2})
    code = ana.seat["roomCode"]
    room = srv.app[hub_key].rooms[code]
    playing: list[Player] = [ben]
    if how == "leave":
        await ana.ok("leaveRoom")
    else:
        await ana.close()  # away past the takeover time: a bot plays on
        for _ in range(100):
            if room.seats[0].absent or room.seats[1].absent:
                break
            await asyncio.sleep(0.05)
        # Coming back does not undo it.
        ana2 = await players(srv, "AnaAgain", signed_in=False)
        await ana2.ok("rejoinRoom", {"roomCode": code, "playerId": ana.seat["playerId"],
                                     "reconnectToken": ana.seat["reconnectToken"]})
        playing.append(ana2)  # back at the table, playing on: the match is lost all the same
    store = srv.app[queue_key].store
    assert room.game_id is not None
    recorded = store.ranked_match(f"{code}:{room.game_id}")
    assert recorded is not None and recorded.abandoned == {ana.user["id"]}
    assert recorded.ladder == "standard"
    await play_to_the_end(playing, seed=1)
    url = str(srv.make_url("/"))
    a = await get_json(url, f"/api/ranked/ranking/{ana.user['id']}")
    b = await get_json(url, f"/api/ranked/ranking/{ben.user['id']}")
    assert (a["rankedLosses"], a["rankedWins"]) == (1, 0)
    assert (b["rankedWins"], b["rankedLosses"]) == (1, 0)
    assert a["rating"] < 1000 < b["rating"]
