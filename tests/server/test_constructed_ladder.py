"""The Constructed ladder over real sockets and HTTP: who may queue with which deck, two
signed-in players matched into a Constructed ranked match played to its end, the Constructed
ratings changed once and the standard ones untouched, and the ladder's own leaderboard."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

import kingdom_rules as kr
from kingdom_server.accounts import COOKIE
from kingdom_server.core.hub import hub_key
from kingdom_server.ranked import queue_key
from kingdom_server.ranked.queue import (
    ALREADY_QUEUED,
    BAD_LADDER,
    DECK_NOT_HERE,
    DECK_REQUIRED,
    LOGIN_REQUIRED,
    NO_SEASON,
)
from tests.databases import query
from tests.server.play import play_until
from tests.server.ranked_clients import Player, get_json, matched, play_to_the_end, wins_of
from tests.server.test_constructed import legal_list
from tests.server.test_restart import (  # noqa: F401
    ServerProcess,
    database,
    free_port,
    processes,
)

Start = Callable[..., Awaitable[TestServer]]
FAST = dict(ranked_wave_seconds=0.1, score_screen_seconds=0.2)


async def _http(p: Player, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    headers = {"Cookie": f"{COOKIE}={p.token}"}
    async with aiohttp.ClientSession() as http, http.request(
        method, p.url.rstrip("/") + path, json=body, headers=headers
    ) as r:
        return r.status, await r.json(content_type=None)


async def deck(p: Player, name: str, text: str | None = None) -> dict[str, Any]:
    """A deck of the player's (their collection initialised first); `text` None: empty."""
    await _http(p, "POST", "/api/collection/initialize")
    body: dict[str, Any] = {"name": name}
    if text is not None:
        body["list"] = text
    status, made = await _http(p, "POST", "/api/decks", body)
    assert status == 201, made
    assert isinstance(made, dict)
    return made


def constructed(deck_id: str, count: int = 2) -> dict[str, Any]:
    return {"playerCount": count, "ladder": "constructed", "deckId": deck_id}


async def test_who_may_queue_and_with_which_deck(start_server: Start, players: Any) -> None:
    srv = await start_server(**FAST)
    queue = srv.app[queue_key]
    guest = await players(srv, "guest", signed_in=False)
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    mine = await deck(ana, "Royal road", legal_list())
    empty = await deck(ana, "Empty")
    bens = await deck(ben, "Ben's", legal_list())
    assert mine["isLegal"] and not empty["isLegal"] and empty["problem"]
    await guest.refused("joinRankedQueue", constructed(mine["id"]), LOGIN_REQUIRED)
    await ana.refused("joinRankedQueue", {"playerCount": 2, "ladder": "constructed"},
                      DECK_REQUIRED)
    await ana.refused("joinRankedQueue", constructed(bens["id"]), "Deck not found")
    await ana.refused("joinRankedQueue", constructed("no-such-deck"), "Deck not found")
    await ana.refused("joinRankedQueue", constructed(empty["id"]), empty["problem"])
    await ana.refused("joinRankedQueue", {"playerCount": 2, "ladder": "spire"}, BAD_LADDER)
    await ana.refused("joinRankedQueue", {"playerCount": 2, "deckId": mine["id"]},
                      DECK_NOT_HERE)
    for bad in ({"playerCount": 2, "ladder": "constructed", "deckId": 7},
                {"playerCount": 5, "ladder": "constructed", "deckId": mine["id"]},
                {"playerCount": 2, "ladder": None}):
        await ana.refused("joinRankedQueue", bad)
    assert queue.queued == {}
    ack = await ana.ok("joinRankedQueue", constructed(mine["id"]))
    assert (ack["playerCount"], ack["ladder"], ack["playersWaiting"]) == (2, "constructed", 1)
    # One queue at a time, across the ladders.
    await ana.refused("joinRankedQueue", {"playerCount": 2}, ALREADY_QUEUED)
    await ana.wait_for(lambda c: bool(ana.pushed("rankedQueueStatus")), 5, "a queue status")
    status = ana.pushed("rankedQueueStatus")[-1]
    assert (status["ladder"], status["playerCount"], status["playersWaiting"]) == (
        "constructed", 2, 1
    )
    assert (await ana.ok("leaveRankedQueue"))["left"] is True
    assert queue.queued == {}
    queue.store.active_season()
    queue.store.end_season()
    await ana.refused("joinRankedQueue", constructed(mine["id"]), NO_SEASON)


async def test_the_ladders_have_separate_pools(start_server: Start, players: Any) -> None:
    srv = await start_server(**FAST)
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    await ana.ok("joinRankedQueue", constructed((await deck(ana, "A", legal_list()))["id"]))
    await ben.ok("joinRankedQueue", {"playerCount": 2})
    await asyncio.sleep(0.5)  # several waves: a standard player never meets a Constructed one
    assert not ana.pushed("rankedMatchFound") and not ben.pushed("rankedMatchFound")
    assert ana.pushed("rankedQueueStatus")[-1]["playersWaiting"] == 1
    assert ben.pushed("rankedQueueStatus")[-1]["ladder"] == "standard"


async def test_a_constructed_ladder_match_to_its_end(start_server: Start, players: Any) -> None:
    srv = await start_server(**FAST)
    hub = srv.app[hub_key]
    url = str(srv.make_url("/"))
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    decks = {p.name: await deck(p, f"{p.name}'s deck", legal_list()) for p in (ana, ben)}
    found = dict(zip(("Ana", "Ben"), await matched(
        [ana, ben], lambda p: constructed(decks[p.name]["id"])), strict=True))
    assert found["Ana"]["roomCode"] == found["Ben"]["roomCode"]
    assert {f["ladder"] for f in found.values()} == {"constructed"}
    code = found["Ana"]["roomCode"]
    room = hub.rooms[code]
    assert room.is_ranked and room.constructed and not room.is_public
    assert room.game_mode == "match"
    assert room.state is not None and isinstance(room.state.setup, kr.ConstructedSetup)
    by_user = {s.user_id: s for s in room.seats}
    for p in (ana, ben):
        seat = by_user[p.user["id"]]
        assert seat.deck_name == f"{p.name}'s deck"
        assert seat.deck == kr.Deck.parse(legal_list())
    assert ana.state["setupType"] == "constructed" and ana.state["isRanked"] is True
    assert room.game_id is not None
    key = f"{code}:{room.game_id}"
    started = srv.app[queue_key].store.ranked_match(key)
    assert started is not None and started.ladder == "constructed"

    await play_to_the_end([ana, ben], seed=7)
    rated = ana.pushed("rankedMatchRated")[-1]
    assert rated["ladder"] == "constructed"
    season = await get_json(url, "/api/ranked/season/active")
    ladder = {
        p.name: await get_json(url, f"/api/ranked/ranking/{p.user['id']}?ladder=constructed")
        for p in (ana, ben)
    }
    standard = {
        p.name: await get_json(url, f"/api/ranked/ranking/{p.user['id']}") for p in (ana, ben)
    }
    assert sorted(r["rankedWins"] for r in ladder.values()) == wins_of(ana.state)
    for p in (ana, ben):
        r = ladder[p.name]
        assert (r["ladder"], r["rankedGamesPlayed"], r["tierLabel"]) == (
            "constructed", 1, "Placement 1/5"
        )
        mine = next(x for x in rated["results"] if x["userId"] == p.user["id"])
        assert mine["rating"] == r["rating"] and mine["ratingChange"] == r["rating"] - 1000
        # The standard ladder is untouched.
        s = standard[p.name]
        assert (s["ladder"], s["rating"], s["rankedGamesPlayed"]) == ("standard", 1000, 0)
        history = await get_json(url, f"/api/matches/{p.user['id']}")
        assert len(history) == 1 and history[0]["gameMode"] == "ranked"
        assert history[0]["format"] == "constructed"  # the Constructed ladder, not Ranked
        assert history[0]["ratingChange"] == r["rating"] - 1000
        assert history[0]["seasonId"] == str(season["id"])
    winners = {n for n, r in ladder.items() if r["rankedWins"] == 1}
    # R30: a shared match (equal totals and hands won) is won by both, rated alike.
    assert len(winners) == len(ana.state["outcome"]["winners"])
    board = await get_json(url, f"/api/ranked/leaderboard/{season['id']}?ladder=constructed")
    names = [e["username"] for e in board]
    assert sorted(names) == ["Ana", "Ben"] and names[0] in winners
    assert await get_json(url, f"/api/ranked/leaderboard/{season['id']}") == []
    # Rated exactly once: the finished hook and a resume after it change nothing more.
    srv.app[queue_key].match_finished(room)
    srv.app[queue_key].resume(hub.room_list)
    again = await get_json(url, f"/api/ranked/ranking/{ana.user['id']}?ladder=constructed")
    assert again == ladder["Ana"]
    assert srv.app[queue_key].store.RankedResult.select().count() == 1


async def test_leaving_a_constructed_ladder_match_loses_it(
    start_server: Start, players: Any
) -> None:
    srv = await start_server(**FAST)
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    ids = {p.name: (await deck(p, "D", legal_list()))["id"] for p in (ana, ben)}
    await matched([ana, ben], lambda p: constructed(ids[p.name]))
    await ana.ok("leaveRoom")  # abandoned: last whatever the score; a bot plays on
    await play_until(ben, lambda s: bool(s["phase"] == "finished"), random.Random(3),
                     timeout=120)
    await ben.wait_for(lambda c: bool(ben.pushed("rankedMatchRated")), 10, "the ratings")
    url = str(srv.make_url("/"))
    a = await get_json(url, f"/api/ranked/ranking/{ana.user['id']}?ladder=constructed")
    b = await get_json(url, f"/api/ranked/ranking/{ben.user['id']}?ladder=constructed")
    assert (a["rankedLosses"], b["rankedWins"]) == (1, 1)
    assert a["rating"] < 1000 < b["rating"]
    for p in (ana, ben):
        s = await get_json(url, f"/api/ranked/ranking/{p.user['id']}")
        assert s["rankedGamesPlayed"] == 0


async def test_a_constructed_ladder_match_across_a_sigkill(
    database: Path | str, processes: list[ServerProcess]  # noqa: F811
) -> None:
    """Killed mid-match and started again on the same database: the match goes on with each
    player's own deck, and is rated once on the Constructed ladder at its end. (Also on
    PostgreSQL when KINGDOM_TEST_POSTGRES_URL is set: tests/databases.py.)"""
    db = database
    port = free_port()
    first = ServerProcess(db, port).start()
    processes.append(first)
    ana = await Player(first.url, "Ana").sign_up()
    ben = await Player(first.url, "Ben").sign_up()
    try:
        for p in (ana, ben):
            await p.connect()
        ids = {p.name: (await deck(p, "D", legal_list()))["id"] for p in (ana, ben)}
        await matched([ana, ben], lambda p: constructed(ids[p.name]), timeout=15)
    finally:
        first.kill()
        for p in (ana, ben):
            await p.close()
    second = ServerProcess(db, port).start()
    processes.append(second)
    again = [Player(second.url, p.name) for p in (ana, ben)]
    try:
        for old, new in zip((ana, ben), again, strict=True):
            new.user, new.token = old.user, old.token
            await new.connect()
            await new.ok("rejoinRoom", old.seat)
            state = await new.wait_state(lambda s: s["phase"] != "waiting")
            assert state["setupType"] == "constructed" and state["isRanked"] is True
        await play_to_the_end(again)
        ladder = [await get_json(second.url,
                                 f"/api/ranked/ranking/{p.user['id']}?ladder=constructed")
                  for p in again]
        assert sorted(r["rankedWins"] for r in ladder) == wins_of(again[0].state)
        assert all(r["rankedGamesPlayed"] == 1 for r in ladder)
    finally:
        for p in again:
            await p.close()
    assert query(db, "select ladder, count(*) from ranked_results r join ranked_matches m"
                     " using (match_key) group by ladder") == [("constructed", 1)]
