"""A signed-in player's seat across processes (docs/deploy.md, "Room ownership"): a new tab or
device gets the account's open seat back on connecting, whichever process its socket lands on;
the ranked queue and seats are exclusive per account across the service."""

from __future__ import annotations

import asyncio

from kingdom_server.ranked.queue import IN_MATCH, LEFT_FOR_SEAT, SEATED, SEATED_ELSEWHERE
from tests.cluster.services import Services
from tests.server.ranked_clients import Player, matched


async def test_a_new_device_gets_the_seat_back_on_another_process(services: Services) -> None:
    one, two = services.start_servers(2)
    ana = await Player(one.url, "Ana").sign_up()
    other = ana.signed_in_at(two.url)
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


async def test_a_seat_on_another_process_refuses_the_ranked_queue(services: Services) -> None:
    one, two = services.start_servers(2)
    ana = await Player(one.url, "Ana").sign_up()
    other = ana.signed_in_at(two.url)
    try:
        await ana.connect()
        await ana.ok("createRoom", {})
        await ana.refused("joinRankedQueue", {"playerCount": 2}, SEATED)  # its own seat
        await other.connect()
        await other.refused("joinRankedQueue", {"playerCount": 2}, SEATED_ELSEWHERE)
        await ana.ok("leaveRoom")
        await other.ok("joinRankedQueue", {"playerCount": 2})
    finally:
        await ana.close()
        await other.close()


async def test_a_ranked_match_on_another_process_refuses_the_queue(services: Services) -> None:
    one, two = services.start_servers(2)
    ana = await Player(one.url, "Ana").sign_up()
    ben = await Player(two.url, "Ben").sign_up()
    tabs = [ana.signed_in_at(one.url), ana.signed_in_at(two.url)]
    try:
        for p in (ana, ben):
            await p.connect()
        await matched([ana, ben], {"playerCount": 2}, timeout=30)
        for tab in tabs:  # one of them on the match's owner, the other not
            await tab.connect()
            await tab.refused("joinRankedQueue", {"playerCount": 2}, IN_MATCH)
    finally:
        for p in (ana, ben, *tabs):
            await p.close()


async def test_a_seat_on_another_process_takes_the_ticket_out(services: Services) -> None:
    one, two = services.start_servers(2)
    ana = await Player(one.url, "Ana").sign_up()
    other = ana.signed_in_at(two.url)
    try:
        await ana.connect()
        await other.connect()
        await ana.ok("joinRankedQueue", {"playerCount": 3})
        await other.ok("createRoom", {})  # a room of the other process
        await ana.wait_for(lambda c: bool(ana.pushed("rankedQueueLeft")), 10, "rankedQueueLeft")
        assert ana.pushed("rankedQueueLeft")[-1]["reason"] == LEFT_FOR_SEAT
        assert (await ana.ok("leaveRankedQueue"))["left"] is False
        # The account's ticket is out of the shared queue: another tab may queue again once
        # the seat is given up.
        await other.ok("leaveRoom")
        await ana.ok("joinRankedQueue", {"playerCount": 3})
    finally:
        await ana.close()
        await other.close()
