"""Replays (docs/protocol.md, "Replays"): a finished game's record and its table step by step,
rebuilt from the stored seed, setup and moves; private games only for those who played them."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

import kingdom_rules as kr
from kingdom_rules.bots import GreedyBot, RandomBot, play_game
from kingdom_server.accounts import COOKIE
from kingdom_server.core.hub import hub_key
from kingdom_server.core.rooms import Room, Seat
from kingdom_server.replays import replays_key
from kingdom_server.replays.service import NOT_FOUND
from tests.server.helpers import Client
from tests.server.play import play_until

Start = Callable[..., Awaitable[TestServer]]
Connect = Callable[..., Awaitable[Client]]


async def fetch(srv: TestServer, path: str, token: str = "") -> tuple[int, Any]:
    headers = {"Cookie": f"{COOKIE}={token}"} if token else {}
    async with aiohttp.ClientSession() as http, http.get(
        str(srv.make_url(path)), headers=headers
    ) as r:
        return r.status, await r.json()


def finished(s: dict[str, Any]) -> bool:
    return bool(s["phase"] == "finished")


async def test_a_replay_is_the_game_that_was_played_state_by_state(
    start_server: Start, connect_to: Connect
) -> None:
    srv = await start_server()
    hub = srv.app[hub_key]
    seen: list[kr.GameState] = []

    def observe(room: Room, seat: Seat, event: str, data: Any) -> None:
        if event == "gameState" and room.state is not None and (
            not seen or seen[-1] is not room.state
        ):
            seen.append(room.state)

    hub.push_observers.append(observe)
    ana = await connect_to(srv, "Ana")
    await ana.ok("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": 3})
    await ana.ok("addBot", {"kind": "greedy"})
    await ana.ok("addBot", {"kind": "random"})
    await ana.ok("startGame")
    await play_until(ana, finished, random.Random(5), timeout=120)
    end = await ana.wait_state(lambda s: finished(s) and bool(s.get("matchId")), what="matchId")
    match_id = end["matchId"]
    room = hub.rooms[ana.seat["roomCode"]]

    status, record = await fetch(srv, f"/api/matches/{match_id}/record")
    assert status == 200, record
    assert (record["players"], record["mode"], record["names"][0]) == (3, "game", "Ana")
    assert record["setup"] == {"type": "standard"}
    final = kr.replay_record(record)
    assert final == room.state  # the record is the whole game
    assert record["winners"] == list(final.outcome.winners)

    replay = srv.app[replays_key]
    found = replay.find(match_id, None)
    assert found is not None
    states = replay.states(found)
    assert seen == states  # every state the table went through, in order, and no other

    status, summary = await fetch(srv, f"/api/matches/{match_id}/replay")
    assert status == 200
    assert summary["steps"] == len(states) - 1 == len(record["actions"])
    assert [p["name"] for p in summary["players"]] == [p["name"] for p in end["players"]]
    for step in (0, 1, len(states) // 2, len(states) - 1):
        status, v = await fetch(srv, f"/api/matches/{match_id}/replay/{step}")
        assert status == 200
        public = kr.view(states[step], 1).public_json()
        assert {k: v[k] for k in ("phase", "deckCount", "discardPile", "revealedCards",
                                  "currentPlayerNumber", "matchScores")} == {
            k: public[k] for k in ("phase", "deckCount", "discardPile", "revealedCards",
                                   "currentPlayerNumber", "matchScores")}
        for n in (1, 2, 3):  # the game is over: every hand is shown
            assert v["hands"][str(n)] == kr.view(states[step], n).to_json()["myHand"]
        assert v["myHand"] == [] and v["legalActions"] == []
        assert v["action"] == (record["actions"][step - 1] if step else None)
    status, body = await fetch(srv, f"/api/matches/{match_id}/replay/{len(states)}")
    assert status == 404 and "steps 0 to" in body["message"]


async def test_missing_and_private_games_are_not_found(
    start_server: Start, players: Any
) -> None:
    srv = await start_server()
    ana = await players(srv, "Ana")
    await ana.ok("createRoom", {"playerName": "Ana"})  # a private room
    await ana.ok("addBot")
    await ana.ok("startGame")
    await play_until(ana, finished, random.Random(2), timeout=120)
    end = await ana.wait_state(lambda s: finished(s) and bool(s.get("matchId")), what="matchId")
    match_id = end["matchId"]
    for path in (f"/api/matches/{match_id}/record", f"/api/matches/{match_id}/replay",
                 f"/api/matches/{match_id}/replay/0"):
        assert await fetch(srv, path) == (404, {"message": NOT_FOUND})  # a stranger
        status, _ = await fetch(srv, path, ana.token)  # one who played it
        assert status == 200
    bob = await players(srv, "Bob")
    assert await fetch(srv, f"/api/matches/{match_id}/record", bob.token) == (
        404, {"message": NOT_FOUND})
    assert await fetch(srv, "/api/matches/no-such-match/record") == (404, {"message": NOT_FOUND})
    # Ana's recent matches carry the same id (the links to the replay).
    status, history = await fetch(srv, f"/api/matches/{ana.user['id']}")
    assert status == 200 and history[0]["id"] == match_id


def test_replay_record_reads_the_simulator_records() -> None:
    for seed in (1, 2):
        record = play_game([GreedyBot(), RandomBot(), GreedyBot()], seed=seed,
                           mode="match").to_json()
        state = kr.replay_record(record)
        assert state.phase == "finished"
        assert list(state.outcome.winners) == record["winners"]
        assert list(state.match_scores) == record["scores"]
        assert len(record["actions"]) == record["decisions"]
