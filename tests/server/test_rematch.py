"""Rematch (docs/protocol.md, "Rematch"): after a casual game the same players play again when
everyone accepts; one refusal ends the offer; it expires."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp.test_utils import TestServer

from tests.server.helpers import Client
from tests.server.play import play_until

Start = Callable[..., Awaitable[TestServer]]
Connect = Callable[..., Awaitable[Client]]


def finished(s: dict[str, Any]) -> bool:
    return bool(s["phase"] == "finished")


async def two_finish(srv: TestServer, connect_to: Connect) -> tuple[Client, Client]:
    ana = await connect_to(srv, "Ana")
    ben = await connect_to(srv, "Ben")
    for c in (ana, ben):
        for event in ("rematchDeclined", "rematchExpired"):
            c.sio.on(event, c._recorder(event))
    await ana.ok("createRoom", {"playerName": "Ana", "turnClock": "relaxed"})
    await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": ana.seat["roomCode"]})
    await ana.ok("addBot")
    await ana.ok("startGame")
    for c in (ana, ben):
        await c.wait_state(lambda s: s["phase"] != "waiting")
    await asyncio.gather(*(play_until(c, finished, random.Random(i), timeout=120)
                           for i, c in enumerate((ana, ben))))
    return ana, ben


async def test_rematch_accepted_by_everyone_starts_a_new_game(
    start_server: Start, connect_to: Connect
) -> None:
    srv = await start_server()
    ana, ben = await two_finish(srv, connect_to)
    await ana.refused("rematch", {"accept": "yes"}, "accept must be true or false")
    ack = await ana.ok("rematch", {"accept": True})
    assert ack["started"] is False
    offer = await ben.wait_state(lambda s: s["rematch"] is not None, what="the offer")
    assert offer["rematch"]["accepted"] == [1] and 0 < offer["rematch"]["secondsLeft"] <= 60
    first_game = offer["gameStartTime"]
    ack = await ben.ok("rematch", {"accept": True})
    assert ack["started"] is True
    again = await ana.wait_state(lambda s: s["phase"] == "choosing_resources",
                                 what="the new game")
    assert again["rematch"] is None and again["turnClock"] == "relaxed"  # same settings
    assert [p["name"] for p in again["players"]] == [p["name"] for p in offer["players"]]
    assert again["gameStartTime"] != first_game or again["round"] == 1
    await ana.refused("rematch", {"accept": True}, "The game is not over yet")


async def test_rematch_declined_or_expired(start_server: Start, connect_to: Connect) -> None:
    srv = await start_server(rematch_seconds=0.3)
    ana, ben = await two_finish(srv, connect_to)
    await ana.ok("rematch", {"accept": True})
    await ben.wait_state(lambda s: s["rematch"] is not None, what="the offer")
    await ben.ok("rematch", {"accept": False})
    await ana.wait_state(lambda s: s["rematch"] is None, what="the offer withdrawn")
    assert ("rematchDeclined", {"playerName": "Ben", "playerNumber": 2}) in ana.events
    assert ana.state["phase"] == "finished"
    # Offered again, nobody answers: it expires.
    await ben.ok("rematch", {"accept": True})
    await ana.wait_state(lambda s: s["rematch"] is not None, what="a new offer")
    await ana.wait_for(lambda c: any(e == "rematchExpired" for e, _ in c.events),
                       what="the expiry")
    await ana.wait_state(lambda s: s["rematch"] is None, what="the offer gone")
    assert ana.state["phase"] == "finished"
