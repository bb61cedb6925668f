"""Bot accounts (`kingdom user bot NAME`) over real sockets and HTTP: labelled as bots at the
table and on their profile, refused by the people's ranked queue with a clear message, and
matched on the bot ladder, whose match is rated on that ladder only."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp.test_utils import TestServer

from kingdom_server.accounts.service import Accounts
from kingdom_server.core.hub import hub_key
from kingdom_server.ranked import queue_key
from kingdom_server.ranked.queue import BOT_ACCOUNTS_REFUSED, BOT_LADDER_ONLY
from tests.server.ranked_clients import Player, get_json, matched, play_to_the_end

Start = Callable[..., Awaitable[TestServer]]
FAST = dict(ranked_wave_seconds=0.1, score_screen_seconds=0.2)


async def bot_account(srv: TestServer, players: Any, name: str) -> Player:
    """A signed-up account marked as a bot (as `kingdom user bot NAME` does), connected
    again so that its socket knows it."""
    p: Player = await players(srv, name)
    accounts = Accounts(srv.app[hub_key].lobby.storage)
    users = accounts.User
    users.update(is_bot=True).where(users.id == p.user["id"]).execute()
    await p.close()
    return await p.connect()  # type: ignore[no-any-return]


async def test_bot_accounts_are_labelled_and_kept_out_of_the_peoples_queue(
    start_server: Start, players: Any
) -> None:
    srv = await start_server(**FAST)
    url = str(srv.make_url("/"))
    robo = await bot_account(srv, players, "Robo")
    ana = await players(srv, "Ana")
    for ladder in ("standard", "constructed"):
        await robo.refused("joinRankedQueue", {"playerCount": 2, "ladder": ladder},
                           BOT_ACCOUNTS_REFUSED)
    await robo.refused("joinRankedQueue", {"playerCount": 2}, BOT_ACCOUNTS_REFUSED)
    await ana.refused("joinRankedQueue", {"playerCount": 2, "ladder": "bots"}, BOT_LADDER_ONLY)
    assert not srv.app[queue_key].queued
    # Casual play: the bot account's seat is labelled at the table, a person's is not.
    code = (await robo.ok("createRoom", {"playerName": "Robo"}))["roomCode"]
    await ana.ok("joinRoom", {"playerName": "Ana", "roomCode": code})
    view = await ana.wait_state(lambda s: len(s["players"]) == 2, what="both seated")
    labels = {p["name"]: p["botAccount"] for p in view["players"]}
    assert labels == {"Robo": True, "Ana": False}
    assert not any(p["isBot"] for p in view["players"])  # not a server bot: nobody plays it
    # The profile says so too.
    assert (await get_json(url, f"/api/stats/{robo.user['id']}"))["isBot"] is True
    assert (await get_json(url, f"/api/stats/{ana.user['id']}"))["isBot"] is False


async def test_the_bot_ladder_matches_and_rates_bot_accounts(
    start_server: Start, players: Any
) -> None:
    srv = await start_server(**FAST)
    url = str(srv.make_url("/"))
    bots = [await bot_account(srv, players, n) for n in ("Robo", "Droid")]
    found = await matched(bots, {"playerCount": 2, "ladder": "bots"})
    assert {f["ladder"] for f in found} == {"bots"}
    assert all(p["botAccount"] for p in bots[0].state["players"])
    room = srv.app[hub_key].rooms[found[0]["roomCode"]]
    # Fair seats: a ranked match is one hand per player, each player starting one.
    assert room.game_mode == "match" and room.state is not None
    assert room.state.total_hands == 2
    await play_to_the_end(bots)
    season = await get_json(url, "/api/ranked/season/active")
    board = await get_json(url, f"/api/ranked/leaderboard/{season['id']}?ladder=bots")
    assert sorted(e["username"] for e in board) == ["Droid", "Robo"]
    assert await get_json(url, f"/api/ranked/leaderboard/{season['id']}") == []
    for b in bots:
        r = await get_json(url, f"/api/ranked/ranking/{b.user['id']}?ladder=bots")
        assert r["ladder"] == "bots" and r["rankedGamesPlayed"] == 1
        # The public profile labels the bot and shows its ladder, the bot ladder, alone.
        profile = await get_json(url, f"/api/profile/{b.user['username']}")
        assert profile["isBot"] is True
        assert [x["ladder"] for x in profile["ladders"]] == ["bots"]
        assert len(profile["ladders"][0]["seasons"][0]["history"]) == 1
