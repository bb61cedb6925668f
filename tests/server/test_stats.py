"""Signed-in sockets, and statistics/match history written once per finished game or match,
through real HTTP and socket.io clients on loopback."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from kingdom_server.accounts import COOKIE
from kingdom_server.app import FEATURE_TABLES
from kingdom_server.core.hub import hub_key
from kingdom_server.core.storage import Storage
from kingdom_server.ranked.tables import RankedMatch
from kingdom_server.stats import Match, MatchParticipant, results_key
from tests.server.helpers import Client, database_rows
from tests.server.play import play_until

PASSWORD = "correct horse battery"


async def sign_up(server: TestServer, name: str) -> tuple[str, str]:
    """(user id, session token) of a new account."""
    async with aiohttp.ClientSession() as http, http.post(
        str(server.make_url("/api/auth/register")), json={"username": name, "password": PASSWORD}
    ) as r:
        assert r.status == 201
        return (await r.json())["id"], r.cookies[COOKIE].value


async def signed_in(server: TestServer, token: str, name: str) -> Client:
    return await Client(str(server.make_url("/")), name).connect(
        headers={"Cookie": f"{COOKIE}={token}"}
    )


async def get(server: TestServer, path: str) -> tuple[int, Any]:
    async with aiohttp.ClientSession() as http, http.get(str(server.make_url(path))) as r:
        return r.status, await r.json()


def rows(tmp_path: Path, sql: str) -> list[tuple[Any, ...]]:
    return database_rows(tmp_path, sql)


def finished(state: dict[str, Any]) -> bool:
    return state["phase"] == "finished"


async def test_signed_in_seat_carries_the_user_and_comes_back(server: TestServer) -> None:
    user_id, token = await sign_up(server, "Alice")
    alice = await signed_in(server, token, "alice")
    ack = await alice.ok("createRoom", {})  # no name: the username
    state = await alice.wait_state(lambda s: bool(s["players"]))
    assert state["players"][0]["name"] == "Alice"
    assert state["players"][0]["userId"] == user_id
    await alice.ok("addBot", {})
    await alice.ok("startGame")
    await alice.wait_state(lambda s: s["phase"] != "waiting")
    await alice.close()
    hub = server.app[hub_key]
    for _ in range(100):  # the server has seen the first socket go
        if not hub.sessions:
            break
        await asyncio.sleep(0.02)
    # Another device, no reconnect token: being signed in is enough.
    again = await signed_in(server, token, "alice-2")
    try:
        state = await again.wait_state(lambda s: s["roomCode"] == ack["roomCode"])
        assert state["myPlayerNumber"] == 1
        assert (await again.call("passTurn", {}))["error"] != "You are not in a room"
        # An explicit rejoin by account (no token) works too and issues a fresh token.
        rejoined = await again.ok("rejoinRoom", {"roomCode": ack["roomCode"]})
        assert rejoined["playerId"] == ack["playerId"]
        assert rejoined["reconnectToken"] != ack["reconnectToken"]
    finally:
        await again.close()


async def test_a_guest_cannot_take_a_signed_in_seat(server: TestServer) -> None:
    _, token = await sign_up(server, "Alice")
    alice = await signed_in(server, token, "alice")
    guest = await Client(str(server.make_url("/")), "guest").connect()
    try:
        code = (await alice.ok("createRoom", {}))["roomCode"]
        await guest.refused("rejoinRoom", {"roomCode": code})
    finally:
        await alice.close()
        await guest.close()


async def test_game_against_a_bot_is_counted_once(
    server: TestServer, tmp_path: Path
) -> None:
    user_id, token = await sign_up(server, "Alice")
    alice = await signed_in(server, token, "alice")
    try:
        await alice.ok("createRoom", {"playerName": "Al"})
        await alice.ok("addBot", {})
        await alice.ok("startGame")
        await alice.wait_state(lambda s: s["phase"] != "waiting")
        await play_until(alice, finished, random.Random(5), timeout=90)
        final = alice.state
    finally:
        await alice.close()
    assert rows(tmp_path, "SELECT count(*), max(match_type), max(game_mode) FROM matches") == [
        (1, "game", "casual")]
    parts = rows(tmp_path, "SELECT player_number, user_id, name, is_bot, final_score, placement,"
                           " won, royals_played FROM match_participants ORDER BY player_number")
    assert [(p[0], p[1], p[2], p[3]) for p in parts] == [(1, user_id, "Al", 0), (2, None,
                                                         final["players"][1]["name"], 1)]
    winners = set(final["outcome"]["winners"])
    for number, *_rest, placement, won, _royals in parts:
        assert bool(won) == (number in winners)
        if won:
            assert placement == 1
    # The engine's counts match the log: one royal per playRoyal, one beast/structure per
    # playCombination (of each player).
    game_id = rows(tmp_path, "SELECT game_id FROM matches")[0][0]
    sql = f"SELECT data FROM game_actions WHERE game_id={game_id}"
    actions = [a for (a,) in rows(tmp_path, sql)]
    logged = [json.loads(a) for a in actions]
    built = rows(tmp_path, "SELECT royals_played, horses_created + unicorns_created + "
                           "dragons_created + castles_created + cathedrals_created "
                           "FROM match_participants ORDER BY player_number")
    for number, (royals, combos) in enumerate(built, start=1):
        assert royals == sum(1 for a in logged if a["type"] == "playRoyal"
                             and a["player"] == number)
        assert combos == sum(1 for a in logged if a["type"] == "playCombination"
                             and a["player"] == number)
    status, stats = await get(server, f"/api/stats/{user_id}")
    won = 1 in winners
    assert status == 200
    assert (stats["totalGames"], stats["totalWins"], stats["totalLosses"]) == (
        1, int(won), int(not won))
    assert stats["highestScore"] == parts[0][4] == stats["averageScore"]
    assert stats["currentWinStreak"] == stats["bestWinStreak"] == int(won)
    status, history = await get(server, f"/api/matches/{user_id}")
    assert status == 200 and len(history) == 1
    assert history[0]["finalScore"] == parts[0][4] and history[0]["ratingChange"] == 0
    assert (history[0]["gameMode"], history[0]["format"]) == ("casual", "standard")
    assert "email" not in str(history) and "email" not in str(stats)
    # Recording the same finished room again changes nothing.
    hub = server.app[hub_key]
    results = server.app[results_key]
    for room in list(hub.rooms.values()):
        assert results.record(room) is False
    assert rows(tmp_path, "SELECT count(*) FROM matches") == [(1,)]
    assert rows(tmp_path, "SELECT total_games FROM user_stats") == [(1,)]


async def test_four_player_match_with_teams(server: TestServer, tmp_path: Path) -> None:
    ana_id, ana_token = await sign_up(server, "Ana")
    ben_id, ben_token = await sign_up(server, "Ben")
    ana = await signed_in(server, ana_token, "ana")
    ben = await signed_in(server, ben_token, "ben")
    try:
        code = (await ana.ok("createRoom", {}))["roomCode"]
        await ben.ok("joinRoom", {"roomCode": code})
        await ana.ok("addBot", {})
        await ana.ok("addBot", {})
        await ana.ok("toggleGameMode", {"gameMode": "match"})
        await ana.ok("startGame")
        for c in (ana, ben):
            await c.wait_state(lambda s: s["phase"] != "waiting")
        await asyncio.gather(
            play_until(ana, finished, random.Random(1), timeout=240),
            play_until(ben, finished, random.Random(2), timeout=240),
        )
    finally:
        await ana.close()
        await ben.close()
    assert rows(tmp_path, "SELECT count(*), max(match_type), max(player_count) FROM matches") == [
        (1, "match", 4)]
    parts = {p[0]: p for p in rows(
        tmp_path, "SELECT player_number, user_id, placement, won, final_score "
                  "FROM match_participants")}
    assert parts[1][1] == ana_id and parts[2][1] == ben_id
    assert parts[3][1] is None and parts[4][1] is None
    # Partners share their team's place and result.
    assert parts[1][2:4] == parts[3][2:4] and parts[2][2:4] == parts[4][2:4]
    assert {parts[1][2], parts[2][2]} <= {1, 2}
    for uid, number in ((ana_id, 1), (ben_id, 2)):
        stats = (await get(server, f"/api/stats/{uid}"))[1]
        assert stats["totalGames"] == 1 and stats["totalWins"] == parts[number][3]


async def test_tutorials_are_not_counted(server: TestServer, tmp_path: Path) -> None:
    _, token = await sign_up(server, "Tia")
    tia = await signed_in(server, token, "tia")
    try:
        await tia.ok("createRoom", {"isTutorial": True})
        await tia.ok("startTutorialGame", {"guided": False})
        await tia.wait_state(lambda s: s["phase"] == "playing")
        await play_until(tia, finished, random.Random(3), timeout=90)
    finally:
        await tia.close()
    assert rows(tmp_path, "SELECT count(*) FROM matches") == [(0,)]


async def test_deleting_an_account_keeps_matches_as_deleted_player(
    server: TestServer, tmp_path: Path
) -> None:
    user_id, token = await sign_up(server, "Dee")
    dee = await signed_in(server, token, "dee")
    try:
        await dee.ok("createRoom", {})
        await dee.ok("addBot", {})
        await dee.ok("startGame")
        await dee.wait_state(lambda s: s["phase"] != "waiting")
        await play_until(dee, finished, random.Random(9), timeout=90)
    finally:
        await dee.close()
    async with aiohttp.ClientSession(cookies={COOKIE: token}) as http, http.delete(
        str(server.make_url("/api/auth/user")), json={"password": PASSWORD}
    ) as r:
        assert r.status == 204
    assert rows(tmp_path, "SELECT count(*) FROM user_stats") == [(0,)]
    assert rows(tmp_path, "SELECT user_id, name FROM match_participants WHERE NOT is_bot") == [
        (None, "Deleted player")]
    assert rows(tmp_path, "SELECT count(*) FROM matches") == [(1,)]
    assert (await get(server, f"/api/stats/{user_id}"))[0] == 404
    assert (await get(server, f"/api/matches/{user_id}"))[0] == 404


def _old_match(storage: Storage, user_id: str, code: str, game_id: int, mode: str,
               minute: int) -> None:
    """A finished 2-player game of `user_id`'s as the results writer stored it."""
    at = dt.datetime(2026, 1, 1, 12, minute)
    storage.tables[Match].create(
        id=f"m-{code}", game_id=game_id, room_code=code, game_mode=mode,
        season_id="1" if mode == "ranked" else None, player_count=2, match_type="game",
        started_at=at, completed_at=at, duration_seconds=60)
    for number, (uid, won) in enumerate(((user_id, True), (None, False)), start=1):
        storage.tables[MatchParticipant].create(
            match_id=f"m-{code}", user_id=uid, player_number=number, name=f"P{number}",
            is_bot=uid is None, final_score=10 if won else 3, placement=1 if won else 2,
            won=won)


async def test_matches_from_before_the_format_get_it_from_their_rooms(
    start_server: Callable[..., Awaitable[TestServer]], database_url: str
) -> None:
    """A database whose `matches` has no `format` yet (also on PostgreSQL when
    KINGDOM_TEST_POSTGRES_URL is set): on the next start a Constructed room's game and a
    Constructed ladder match (its room since deleted) become Constructed, the rest standard."""
    first = await start_server(database_url=database_url)
    user_id, _ = await sign_up(first, "Alice")
    await first.close()
    storage = Storage(database_url)
    storage.tables.create(FEATURE_TABLES)
    with storage.db.atomic():
        for code, constructed in (("CASUAL1", False), ("DECKS1", True), ("RANKED1", False)):
            storage.Room.create(code=code, constructed=constructed, status="closed")
        made = storage.games().Game
        games = {code: made.create(room=code, seed=1, player_count=2, mode="game").id
                 for code in ("CASUAL1", "DECKS1", "RANKED1")}
        _old_match(storage, user_id, "CASUAL1", games["CASUAL1"], "casual", 1)
        _old_match(storage, user_id, "DECKS1", games["DECKS1"], "casual", 2)
        _old_match(storage, user_id, "RANKED1", games["RANKED1"], "ranked", 3)
        _old_match(storage, user_id, "GONE1", 9999, "ranked", 4)  # room and game pruned
        storage.tables[RankedMatch].create(match_key="GONE1:9999", season_id=1,
                                           ladder="constructed", user_ids=json.dumps([user_id]))
        storage.tables[RankedMatch].create(match_key=f"RANKED1:{games['RANKED1']}",
                                           season_id=1, user_ids=json.dumps([user_id]))
    storage.db.execute_sql("ALTER TABLE matches DROP COLUMN format")
    storage.close()

    again = await start_server(database_url=database_url)
    status, history = await get(again, f"/api/matches/{user_id}")
    assert status == 200
    assert [(h["roomCode"], h["gameMode"], h["format"]) for h in history] == [
        ("GONE1", "ranked", "constructed"),
        ("RANKED1", "ranked", "standard"),
        ("DECKS1", "casual", "constructed"),
        ("CASUAL1", "casual", "standard"),
    ]
    await again.close()
    # Starting once more changes nothing (the column is there: nothing is filled again).
    third = await start_server(database_url=database_url)
    assert (await get(third, f"/api/matches/{user_id}"))[1] == history
