"""Ranked's HTTP calls over real loopback HTTP."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from kingdom_server.ranked.routes import ranked_key

Start = Callable[..., Awaitable[TestServer]]


async def _get(srv: TestServer, path: str) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as http, http.get(str(srv.make_url(path))) as r:
        return r.status, await r.json()


async def test_a_fresh_server_has_season_1(server: TestServer) -> None:
    status, season = await _get(server, "/api/ranked/season/active")
    assert status == 200
    assert season["name"] == "Season 1"
    assert season["seasonNumber"] == 1
    assert season["placementMatchesRequired"] == 5
    assert season["isActive"] is True
    assert season["endsAt"].endswith("Z")
    status, listed = await _get(server, "/api/ranked/seasons")
    assert listed == [season]


async def test_ranking_defaults_and_after_a_match(server: TestServer) -> None:
    _, season = await _get(server, "/api/ranked/season/active")
    status, mine = await _get(server, "/api/ranked/ranking/u-1")
    assert status == 200
    assert (mine["rating"], mine["rankedGamesPlayed"], mine["tierLabel"]) == (
        1000, 0, "Placement 0/5"
    )
    assert mine["seasonId"] == season["id"]
    store = server.app[ranked_key]
    store.apply_match(season["id"], "R:1", ["u-1", "u-2"], [1, 2])
    _, mine = await _get(server, "/api/ranked/ranking/u-1")
    assert mine["rating"] > 1000 and mine["rankedWins"] == 1
    assert mine["tierLabel"] == "Placement 1/5"
    status, board = await _get(server, f"/api/ranked/leaderboard/{season['id']}")
    assert status == 200
    assert [(e["rank"], e["userId"]) for e in board] == [(1, "u-1"), (2, "u-2")]
    assert board[1]["rankedLosses"] == 1 and board[0]["username"] is None
    # A past season stays readable.
    store.start_season("Season 2", 30)
    _, new = await _get(server, "/api/ranked/season/active")
    assert new["name"] == "Season 2"
    _, mine = await _get(server, "/api/ranked/ranking/u-1")
    assert mine["rating"] == 1000 and mine["seasonId"] == new["id"]
    _, old = await _get(server, f"/api/ranked/ranking/u-1?seasonId={season['id']}")
    assert old["rankedWins"] == 1
    _, board = await _get(server, f"/api/ranked/leaderboard/{season['id']}")
    assert len(board) == 2
    _, board = await _get(server, f"/api/ranked/leaderboard/{new['id']}")
    assert board == []


async def test_bad_season_ids(server: TestServer) -> None:
    status, body = await _get(server, "/api/ranked/leaderboard/abc")
    assert (status, body) == (400, {"message": "seasonId must be a whole number"})
    status, body = await _get(server, "/api/ranked/leaderboard/999")
    assert (status, body) == (404, {"message": "Season not found"})
    status, body = await _get(server, "/api/ranked/ranking/u-1?seasonId=x")
    assert status == 400


async def test_no_active_season(server: TestServer) -> None:
    server.app[ranked_key].active_season()
    server.app[ranked_key].end_season()
    assert await _get(server, "/api/ranked/season/active") == (200, None)
    assert await _get(server, "/api/ranked/ranking/u-1") == (200, None)


async def test_rankings_and_leaderboards_per_ladder(server: TestServer) -> None:
    _, season = await _get(server, "/api/ranked/season/active")
    store = server.app[ranked_key]
    store.apply_match(season["id"], "S:1", ["u-1", "u-2"], [1, 2])
    store.apply_match(season["id"], "C:1", ["u-2", "u-3"], [1, 2], ladder="constructed")
    sid = season["id"]
    _, board = await _get(server, f"/api/ranked/leaderboard/{sid}")
    assert [e["userId"] for e in board] == ["u-1", "u-2"]
    assert {e["ladder"] for e in board} == {"standard"}
    assert (await _get(server, f"/api/ranked/leaderboard/{sid}?ladder=standard"))[1] == board
    _, board = await _get(server, f"/api/ranked/leaderboard/{sid}?ladder=constructed")
    assert [(e["rank"], e["userId"], e["ladder"]) for e in board] == [
        (1, "u-2", "constructed"), (2, "u-3", "constructed")
    ]
    _, mine = await _get(server, "/api/ranked/ranking/u-2")
    assert (mine["ladder"], mine["rankedLosses"], mine["rankedWins"]) == ("standard", 1, 0)
    _, mine = await _get(server, "/api/ranked/ranking/u-2?ladder=constructed")
    assert (mine["ladder"], mine["rankedLosses"], mine["rankedWins"]) == ("constructed", 0, 1)
    _, fresh = await _get(server, "/api/ranked/ranking/u-1?ladder=constructed")
    assert (fresh["rating"], fresh["rankedGamesPlayed"], fresh["tierLabel"]) == (
        1000, 0, "Placement 0/5"
    )
    bad = {"message": "ladder must be 'standard', 'constructed' or 'bots'"}
    assert await _get(server, f"/api/ranked/leaderboard/{sid}?ladder=spire") == (400, bad)
    assert await _get(server, "/api/ranked/ranking/u-1?ladder=") == (400, bad)


async def test_the_tiers_of_each_ladder(server: TestServer) -> None:
    """The tier table the screens draw (the server's rule, stated once): each tier's name and
    rating range, lowest first; Legend on the Constructed ladder only, with its keep rule."""
    status, standard = await _get(server, "/api/ranked/tiers")
    assert status == 200
    assert [(t["tier"], t["name"], t["from"], t["to"]) for t in standard] == [
        ("bronze", "Bronze", 0, 799), ("silver", "Silver", 800, 1199),
        ("gold", "Gold", 1200, 1599), ("platinum", "Platinum", 1600, 1999),
        ("diamond", "Diamond", 2000, None)]
    assert (await _get(server, "/api/ranked/tiers?ladder=standard")) == (200, standard)
    status, constructed = await _get(server, "/api/ranked/tiers?ladder=constructed")
    assert status == 200 and constructed[:-1] == standard
    assert constructed[-1] == {"tier": "legend", "name": "Legend", "from": 2400, "to": None,
                               "keptFrom": 2300, "afterPlacement": True}
    bad = {"message": "ladder must be 'standard', 'constructed' or 'bots'"}
    assert await _get(server, "/api/ranked/tiers?ladder=spire") == (400, bad)
