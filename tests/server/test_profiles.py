"""Public profiles (docs/protocol.md, "Public profiles"): anyone may read a player's statistics,
ladders with their rating history, and recent matches with the other accounts' names; never an
email; an unknown name is a 404."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from tests.server.helpers import walk
from tests.server.ranked_clients import matched, play_to_the_end

Start = Callable[..., Awaitable[TestServer]]


async def get(srv: TestServer, path: str) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as http, http.get(str(srv.make_url(path))) as r:
        return r.status, await r.json()


async def test_a_public_profile_after_a_ranked_match(start_server: Start, players: Any) -> None:
    srv = await start_server(ranked_wave_seconds=0.1, score_screen_seconds=0.2)
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    # An email on the account, never shown.
    async with aiohttp.ClientSession() as http, http.patch(
        str(srv.make_url("/api/auth/user")), json={"email": "ana@example.com"},
        headers={"Cookie": f"kingdom_session={ana.token}",
                 "Origin": str(srv.make_url("/")).rstrip("/")},
    ) as r:
        assert r.status == 200, await r.text()
    await matched([ana, ben], {"playerCount": 2})
    await play_to_the_end([ana, ben])
    status, profile = await get(srv, "/api/profile/ana")  # names are case-insensitive
    assert status == 200
    assert profile["username"] == "Ana"
    assert profile["stats"]["totalGames"] == 1
    # A person's ladders are the people's: no bot ladder on their profile.
    assert profile["isBot"] is False
    assert [x["ladder"] for x in profile["ladders"]] == ["standard", "constructed"]
    standard = next(x for x in profile["ladders"] if x["ladder"] == "standard")
    season = standard["seasons"][0]
    assert season["isActive"] and season["ranking"]["rankedGamesPlayed"] == 1
    assert [p["rating"] for p in season["history"]] == [season["ranking"]["rating"]]
    assert season["start"] == 1000
    match = profile["matches"][0]
    assert {p["name"]: p["username"] for p in match["players"]} == {"Ana": "Ana", "Ben": "Ben"}
    assert season["history"][0]["matchId"] == match["id"]
    text = str(profile)
    assert "example.com" not in text
    assert not [k for _, k, _ in walk(profile) if k.lower() in ("email", "password", "token")]


async def test_unknown_names_are_not_found(start_server: Start) -> None:
    srv = await start_server()
    assert await get(srv, "/api/profile/nobody") == (404, {"message": "User not found"})
    assert (await get(srv, "/api/profile/" + "x" * 100))[0] == 404
