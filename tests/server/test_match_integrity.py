"""A match's record, statistics and rating tell the same story (a leaver is last everywhere,
and what their bot did is not theirs); a finished ranked room deals no other game; seats and
the ranked queue are exclusive per account across tabs. Real socket.io and HTTP clients."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestServer

from kingdom_server.core.hub import hub_key
from kingdom_server.core.lobby import RANKED_PLAYED_ONCE
from kingdom_server.ranked.queue import LEFT_FOR_SEAT, SEATED_ELSEWHERE
from tests.server.helpers import database_rows
from tests.server.play import play_until
from tests.server.ranked_clients import Player, get_json, matched, play_to_the_end

Start = Callable[..., Awaitable[TestServer]]
FAST = dict(ranked_wave_seconds=0.1, score_screen_seconds=0.2)


def the_seat(history: list[dict[str, Any]]) -> dict[str, Any]:
    assert len(history) == 1, history
    return history[0]


async def test_a_ranked_leaver_is_last_everywhere_and_the_room_deals_no_more(
    start_server: Start, players: Any
) -> None:
    srv = await start_server(**FAST)
    url = str(srv.make_url("/"))
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    await matched([ana, ben], {"playerCount": 2})
    await ana.ok("leaveRoom")  # before her first move: all the seat does is her bot's
    await play_to_the_end([ben], seed=3)
    final = ben.state
    mine = the_seat(await get_json(url, f"/api/matches/{ana.user['id']}"))
    theirs = the_seat(await get_json(url, f"/api/matches/{ben.user['id']}"))
    assert (mine["placement"], mine["won"], mine["left"]) == (2, False, True)
    assert (theirs["placement"], theirs["won"], theirs["left"]) == (1, True, False)
    assert {p["playerNumber"]: (p["placement"], p["won"], p["left"])
            for p in mine["players"]} == {mine["playerNumber"]: (2, False, True),
                                          theirs["playerNumber"]: (1, True, False)}
    # Her bot played the whole match; none of it is counted as hers.
    assert (mine["royalsPlayed"], mine["dragonsCreated"]) == (0, 0)
    assert mine["finalScore"] == final["matchScores"][str(mine["playerNumber"])]
    stats = await get_json(url, f"/api/stats/{ana.user['id']}")
    assert (stats["totalGames"], stats["totalWins"], stats["totalLosses"]) == (1, 0, 1)
    assert stats["totalHorses"] + stats["totalUnicorns"] + stats["totalCastles"] == 0
    other = await get_json(url, f"/api/stats/{ben.user['id']}")
    assert (other["totalWins"], other["totalLosses"]) == (1, 0)
    a = await get_json(url, f"/api/ranked/ranking/{ana.user['id']}")
    b = await get_json(url, f"/api/ranked/ranking/{ben.user['id']}")
    assert (a["rankedLosses"], b["rankedWins"]) == (1, 1)
    assert mine["ratingChange"] < 0 < theirs["ratingChange"]
    # The room is over: its host (Ben, now) cannot deal another game in it.
    assert ben.state["isHost"] is True
    await ben.refused("startGame", {}, RANKED_PLAYED_ONCE)
    await ben.refused("toggleGameMode", {}, RANKED_PLAYED_ONCE)
    assert ben.state["phase"] == "finished"
    assert len(await get_json(url, f"/api/matches/{ben.user['id']}")) == 1
    await ben.ok("leaveRoom")


async def test_a_casual_leaver_is_last_and_loses(start_server: Start, players: Any) -> None:
    srv = await start_server()
    url = str(srv.make_url("/"))
    ana = await players(srv, "Ana")
    ben = await players(srv, "Ben")
    code = (await ana.ok("createRoom", {}))["roomCode"]
    await ben.ok("joinRoom", {"roomCode": code})
    await ana.ok("startGame")
    await ana.wait_state(lambda s: s["phase"] != "waiting")
    await ana.ok("leaveRoom")
    await ben.wait_state(lambda s: s["players"][0]["isBot"] is True, what="Ana's bot")
    await play_until(ben, lambda s: bool(s["phase"] == "finished"), random.Random(2),
                     timeout=120)
    mine = the_seat(await get_json(url, f"/api/matches/{ana.user['id']}"))
    theirs = the_seat(await get_json(url, f"/api/matches/{ben.user['id']}"))
    assert (mine["placement"], mine["won"], mine["left"], mine["gameMode"]) == (
        2, False, True, "casual")
    assert (theirs["placement"], theirs["won"], theirs["left"]) == (1, True, False)
    assert (mine["royalsPlayed"], mine["dragonsCreated"]) == (0, 0)
    stats = await get_json(url, f"/api/stats/{ana.user['id']}")
    assert (stats["totalWins"], stats["totalLosses"], stats["currentWinStreak"]) == (0, 1, 0)


async def two_tabs(srv: TestServer, players: Any, name: str) -> tuple[Player, Player]:
    """One account signed in in two tabs: two sockets with the same session cookie."""
    first = await players(srv, name)
    second = Player(str(srv.make_url("/")), f"{name} (tab 2)")
    second.user, second.token = first.user, first.token
    await second.connect()
    return first, second


async def test_queue_then_a_seat_in_another_tab_leaves_the_queue(
    start_server: Start, players: Any
) -> None:
    srv = await start_server(**FAST)
    tab1, tab2 = await two_tabs(srv, players, "Ana")
    try:
        waiting = await tab1.ok("joinRankedQueue", {"playerCount": 2})
        assert waiting["playersWaiting"] == 1
        await tab2.ok("createRoom", {})
        await tab1.wait_for(lambda c: bool(tab1.pushed("rankedQueueLeft")), 5, "rankedQueueLeft")
        assert tab1.pushed("rankedQueueLeft")[-1] == {
            "playerCount": 2, "ladder": "standard", "reason": LEFT_FOR_SEAT}
        # Another account queueing finds nobody waiting: the seated account cannot be matched.
        ben = await players(srv, "Ben")
        assert (await ben.ok("joinRankedQueue", {"playerCount": 2}))["playersWaiting"] == 1
        assert (await tab1.ok("leaveRankedQueue"))["left"] is False
        # Joining a room (not only creating one) does the same.
        await ben.ok("leaveRankedQueue")
        await tab2.ok("leaveRoom")
        code = (await ben.ok("createRoom", {}))["roomCode"]
        await tab1.ok("joinRankedQueue", {"playerCount": 3})
        await tab2.ok("joinRoom", {"roomCode": code})
        await tab1.wait_for(lambda c: len(tab1.pushed("rankedQueueLeft")) == 2, 5,
                            "rankedQueueLeft")
    finally:
        await tab2.close()


async def test_a_seat_in_one_tab_refuses_the_queue_in_another(
    start_server: Start, players: Any
) -> None:
    srv = await start_server(**FAST)
    tab1, tab2 = await two_tabs(srv, players, "Ana")
    try:
        code = (await tab1.ok("createRoom", {}))["roomCode"]
        await tab2.refused("joinRankedQueue", {"playerCount": 2}, SEATED_ELSEWHERE)
        # A seat kept while no socket holds it (a started game, the tab closed) counts too.
        await tab1.ok("addBot", {})
        await tab1.ok("startGame")
        await tab1.wait_state(lambda s: s["phase"] != "waiting")
        await tab1.close()
        await tab2.refused("joinRankedQueue", {"playerCount": 2}, SEATED_ELSEWHERE)
        # Taken back and given up, the seat no longer holds the account.
        await tab2.ok("rejoinRoom", {"roomCode": code})
        await tab2.ok("leaveRoom")
        await tab2.ok("joinRankedQueue", {"playerCount": 2})
    finally:
        await tab2.close()


async def test_what_a_bot_played_for_an_absent_player_is_not_theirs(
    start_server: Start, players: Any, tmp_path: Path
) -> None:
    srv = await start_server(absence_seconds=0.3)
    url = str(srv.make_url("/"))
    hub = srv.app[hub_key]

    def built(s: dict[str, Any]) -> int:
        kingdom = s["players"][0]["kingdom"]
        return len(kingdom["royals"]) + len(kingdom["combinations"])

    # The deal is random, and her bot may win the hand before she is back: a finished game
    # gives no seat back (docs/protocol.md), so such a deal is set aside and another is played.
    for attempt in range(6):
        ana = await players(srv, f"Ana{attempt}")
        ben = await players(srv, f"Ben{attempt}")
        code = (await ana.ok("createRoom", {}))["roomCode"]
        await ben.ok("joinRoom", {"roomCode": code})
        await ana.ok("startGame")
        await ana.wait_state(lambda s: s["phase"] != "waiting")
        room = hub.rooms[code]
        seat = room.seats[0]
        await ana.close()  # away past the absence limit: a bot plays her seat
        await ben.wait_state(lambda s: s["players"][0].get("botControlled") is True, 10,
                             "Ana's bot standing in")
        start = room.action_count
        # Until her bot has crowned or built something (a fixed number of moves may hold
        # none), and at least 30 moves.
        before = built(ben.state)
        def enough(s: dict[str, Any], room: Any = room, start: int = start,
                   before: int = before) -> bool:
            return (room.action_count >= start + 30 and built(s) > before) \
                or s["phase"] == "finished"

        await play_until(ben, enough, random.Random(4), timeout=90)
        if room.phase != "finished":
            break
    assert room.phase != "finished", "every deal ended while she was away"
    back = Player(url, "Ana again")
    back.user, back.token = ana.user, ana.token
    await back.connect()  # signed in: her seat comes back
    try:
        await back.wait_state(lambda s: s["roomCode"] == code, 30, "her seat back")
        done = lambda s: bool(s["phase"] == "finished")  # noqa: E731
        await asyncio.gather(play_until(back, done, random.Random(5), timeout=120),
                             play_until(ben, done, random.Random(6), timeout=120))
    finally:
        await back.close()
    assert seat.away and seat.away[0][0] >= start - 1
    mine = the_seat(await get_json(url, f"/api/matches/{ana.user['id']}"))
    assert mine["left"] is False  # she came back: not a leaver in a casual game
    game_id = room.game_id
    logged = [(seq, json.loads(data)) for seq, data in database_rows(
        tmp_path, f"SELECT seq, data FROM game_actions WHERE game_id={game_id} ORDER BY seq")]

    def away(seq: int) -> bool:
        return any(a <= seq and (b is None or seq < b) for a, b in seat.away)

    number = mine["playerNumber"]

    def counted(kind: str, by_bot: bool) -> int:
        return sum(1 for seq, a in logged
                   if a["type"] == kind and a.get("player") == number and away(seq) == by_bot)

    # The bot built or crowned something while she was away (else there is nothing to tell
    # apart), and only what she played herself is hers: in the history and in her totals.
    assert counted("playRoyal", True) + counted("playCombination", True) > 0
    assert mine["royalsPlayed"] == counted("playRoyal", False)
    built = database_rows(tmp_path, "SELECT horses_created + unicorns_created + dragons_created"
                          " + castles_created + cathedrals_created FROM match_participants"
                          f" WHERE user_id = '{ana.user['id']}'")
    assert built == [(counted("playCombination", False),)]
