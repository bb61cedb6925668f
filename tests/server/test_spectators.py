"""Spectators (docs/protocol.md, "Spectators"): watching public games and private ones the host
opened, the public view only (no hand, no pile order, no hidden draw) over whole games at 2, 3
and 4 players, 'Spectators cannot act', the watcher count, leaving."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from kingdom_server.core.hub import hub_key
from kingdom_server.core.rooms import SPECTATORS_CANNOT_ACT, Room
from tests.server.helpers import Client, card_ids, check_push_shape
from tests.server.play import play_until

Start = Callable[..., Awaitable[TestServer]]
Connect = Callable[..., Awaitable[Client]]


class SpectatorPrivacy:
    """Every push to a spectator's socket, compared with the full state it came from: no card
    of any hand nor of the deck, no legal action, no draw only its drawer saw."""

    def __init__(self) -> None:
        self.checked = 0
        self.failures: list[str] = []

    def __call__(self, room: Room, sid: str, event: str, data: Any) -> None:
        self.checked += 1
        try:
            check_push_shape(data)
            if room.state is None or event != "gameState":
                return
            full = room.state.to_json()
            hidden = {c["id"] for c in full.get("deck", [])}
            for p in full["players"]:
                hidden |= {c["id"] for c in p.get("hand", [])}
            leaked = card_ids(data) & hidden
            assert not leaked, f"spectator push shows hidden cards {sorted(leaked)}"
            assert data["myHand"] == [] and data["legalActions"] == []
            assert data["lastDrawAction"] is None and data["myPlayerNumber"] is None
            assert data["isSpectator"] is True
        except AssertionError as e:
            self.failures.append(str(e))


@pytest.mark.parametrize("players", [2, 3, 4])
async def test_a_spectator_never_receives_a_hidden_card(
    start_server: Start, connect_to: Connect, players: int
) -> None:
    srv = await start_server()
    checker = SpectatorPrivacy()
    srv.app[hub_key].pushes.spectator_observers.append(checker)
    ana = await connect_to(srv, "Ana")
    sam = await connect_to(srv, "Sam")
    await ana.ok("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": players})
    for _ in range(players - 1):
        await ana.ok("addBot", {"kind": "greedy"})
    await ana.ok("startGame")
    await ana.wait_state(lambda s: s["phase"] != "waiting")
    ack = await sam.ok("watchGame", {"roomCode": ana.seat["roomCode"]})
    assert ack["spectators"] == 1
    await ana.wait_state(lambda s: s["spectators"] == 1, what="'1 watching'")
    await play_until(ana, lambda s: bool(s["phase"] == "finished"), random.Random(players),
                     timeout=180)
    await sam.wait_state(lambda s: s["phase"] == "finished", what="the end, watched")
    assert not checker.failures, checker.failures[:3]
    assert checker.checked >= 10
    # What the socket got is what was checked: the public view, nothing of anyone's own.
    assert len(sam.states) >= 10
    for s in sam.states:
        assert s["isSpectator"] and s["myHand"] == [] and s["legalActions"] == []
    assert {p["name"] for p in sam.state["players"]} >= {"Ana"}


async def test_who_may_watch_and_what_a_spectator_may_do(
    start_server: Start, connect_to: Connect
) -> None:
    srv = await start_server()
    hub = srv.app[hub_key]
    ana = await connect_to(srv, "Ana")
    sam = await connect_to(srv, "Sam")
    await ana.ok("createRoom", {"playerName": "Ana"})  # private
    code = ana.seat["roomCode"]
    await ana.ok("addBot")
    await sam.refused("watchGame", {"roomCode": code}, "This game has not started yet")
    await ana.ok("startGame")
    await sam.refused("watchGame", {"roomCode": code},
                      "The host of this game does not allow spectators")
    await sam.refused("watchGame", {"roomCode": "ZZZZZZ"}, "Room not found")
    await sam.refused("setAllowSpectators", {"allow": True}, "You are not in a room")
    await ana.refused("setAllowSpectators", {"allow": "yes"})
    await ana.ok("setAllowSpectators", {"allow": True})
    state = await ana.wait_state(lambda s: s["allowSpectators"] is True, what="the switch")
    assert state["spectators"] == 0
    await sam.ok("watchGame", {"roomCode": code})
    await ana.wait_state(lambda s: s["spectators"] == 1, what="'1 watching'")
    view = await sam.wait_state(lambda s: s["phase"] != "waiting")
    assert view["isSpectator"] and view["myHand"] == []
    # Game calls and room calls alike: refused, nothing changes.
    before = hub.rooms[code].action_count
    for event, data in (("drawCard", {"source": "deck"}), ("chooseStartingResource",
                                                          {"cardId": "hearts-2"}),
                        ("passTurn", {}), ("startGame", {}), ("addBot", {}),
                        ("setTurnClock", {"turnClock": "fast"})):
        await sam.refused(event, data, SPECTATORS_CANNOT_ACT)
    assert hub.rooms[code].action_count == before
    # Watching never takes a seat; a spectator who leaves is no longer counted.
    assert len(hub.rooms[code].seats) == 2
    await sam.ok("stopWatching")
    await ana.wait_state(lambda s: s["spectators"] == 0, what="'0 watching'")
    assert not hub.rooms[code].spectators and sam.sio.sid not in hub.room_list.watching
    # A spectator who disconnects is no longer counted either.
    await sam.ok("watchGame", {"roomCode": code})
    await ana.wait_state(lambda s: s["spectators"] == 1, what="'1 watching'")
    await sam.close()
    await ana.wait_state(lambda s: s["spectators"] == 0, what="the spectator gone")


async def test_public_games_list_the_watchers(start_server: Start, connect_to: Connect) -> None:
    srv = await start_server()
    ana = await connect_to(srv, "Ana")
    sam = await connect_to(srv, "Sam")
    await ana.ok("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": 2})
    await ana.ok("addBot")
    await ana.ok("startGame")
    await sam.ok("watchGame", {"roomCode": ana.seat["roomCode"]})
    games = srv.app[hub_key].public_games()
    assert [(g["status"], g["watching"]) for g in games] == [("in-progress", 1)]
    # Taking a seat elsewhere ends the watching.
    await sam.ok("createRoom", {"playerName": "Sam"})
    assert srv.app[hub_key].public_games()[0]["watching"] == 0
