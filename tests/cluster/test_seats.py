"""A signed-in player's seat across processes (docs/deploy.md, "Room ownership"): a new tab or
device gets the account's open seat back on connecting, whichever process its socket lands on;
the ranked queue and seats are exclusive per account across the service."""

from __future__ import annotations

import asyncio

from tests.cluster.services import Services
from tests.server.ranked_clients import Player


async def test_a_new_device_gets_the_seat_back_on_another_process(services: Services) -> None:
    one, two = services.start_servers(2)
    ana = await Player(one.url, "Ana").sign_up()
    other = Player(two.url, "Ana")
    other.token, other.user = ana.token, ana.user
    try:
        await ana.connect()
        code = (await ana.ok("createRoom", {}))["roomCode"]
        await ana.ok("addBot", {})
        await ana.ok("startGame")
        await ana.wait_state(lambda s: s["phase"] != "waiting")
        await ana.close()
        await asyncio.sleep(0.5)  # the owner has seen the first socket go
        # Another device, through the other process, no reconnect token: signed in is enough.
        await other.connect()
        state = await other.wait_state(lambda s: s.get("roomCode") == code, timeout=15)
        assert state["myPlayerNumber"] == 1
        ack = await other.call("passTurn", {})
        assert ack["error"] != "You are not in a room"
    finally:
        await ana.close()
        await other.close()
