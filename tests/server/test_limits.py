"""What one client may cost: calls per second, rooms created per minute and join attempts per
second, per connection and per address; past a limit the clear refusal `Too many requests, try
again in N s`, nothing else (the connection keeps working, nothing changes)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp.test_utils import TestServer

from kingdom_server.core.hub import Hub, hub_key
from kingdom_server.core.limits import Rate, RateLimits
from tests.server.helpers import Client, raw_call

Start = Callable[..., Awaitable[TestServer]]
ConnectTo = Callable[..., Awaitable[Client]]

WIDE = Rate(10_000, 1.0)


def limits(**rates: Rate) -> RateLimits:
    base: dict[str, Rate] = {
        "events_per_connection": WIDE, "events_per_address": WIDE,
        "rooms_per_connection": WIDE, "rooms_per_address": WIDE,
        "joins_per_connection": WIDE, "joins_per_address": WIDE,
    }
    base.update(rates)
    return RateLimits(**base)


def too_many(seconds: int) -> str:
    return f"Too many requests, try again in {seconds} s"


async def test_events_per_connection(start_server: Start, connect_to: ConnectTo) -> None:
    srv = await start_server(rate_limits=limits(events_per_connection=Rate(5, 0.5)))
    ana = await connect_to(srv, "ana")
    acks = await asyncio.gather(*(ana.call("getPublicGames") for _ in range(8)))
    assert sum(a["success"] for a in acks) == 5
    assert [a["error"] for a in acks if not a["success"]] == [too_many(1)] * 3
    # Unknown events and undecodable packets count as well, and are answered the same way.
    ack = await raw_call(ana, lambda i: f'2{i}["noSuchCall"]')
    assert ack == {"success": False, "error": too_many(1)}
    other = await connect_to(srv, "other")  # another connection, its own budget
    await other.ok("getPublicGames")
    await asyncio.sleep(0.25)  # the bucket refills: 10 a second
    await ana.ok("createRoom", {"playerName": "Ana"})


async def test_events_per_address(start_server: Start, connect_to: ConnectTo) -> None:
    srv = await start_server(rate_limits=limits(events_per_address=Rate(6, 60)))
    clients = [await connect_to(srv, f"c{i}") for i in range(3)]
    acks = [await c.call("getPublicGames") for c in clients for _ in range(3)]
    assert [a["success"] for a in acks] == [True] * 6 + [False] * 3
    assert acks[-1]["error"] == too_many(10)


async def test_rooms_created_per_minute(start_server: Start, connect_to: ConnectTo) -> None:
    srv = await start_server(rate_limits=limits(rooms_per_connection=Rate(2, 60),
                                                rooms_per_address=Rate(3, 60)))
    hub: Hub = srv.app[hub_key]
    ana = await connect_to(srv, "ana")
    for _ in range(2):
        await ana.ok("createRoom", {"playerName": "Ana"})
    code = ana.seat["roomCode"]
    await ana.refused("createPublicRoom", {"playerName": "Ana"}, error=too_many(30))
    assert ana.seat["roomCode"] == code and hub.sessions  # still seated in the same room
    assert [r.code for r in hub.rooms.values()] == [code]  # the first room closed when left
    await ana.ok("addBot")  # other calls go on
    ben = await connect_to(srv, "ben")
    await ben.ok("createRoom", {"playerName": "Ben"})  # the address's third room
    await ben.refused("createRoom", {"playerName": "Ben"}, error=too_many(20))


async def test_join_attempts_per_second(start_server: Start, connect_to: ConnectTo) -> None:
    srv = await start_server(rate_limits=limits(joins_per_connection=Rate(3, 1.0),
                                                joins_per_address=Rate(5, 1.0)))
    host = await connect_to(srv, "host")
    code = (await host.ok("createRoom", {"playerName": "Host"}))["roomCode"]
    guesser = await connect_to(srv, "guesser")
    guesses: list[Any] = [await guesser.call("joinRoom", {"playerName": "G", "roomCode": c})
                          for c in ("AAAAAA", "BBBBBB", "CCCCCC", code)]
    assert [a["error"] for a in guesses] == ["Room not found"] * 3 + [too_many(1)]
    helper = await connect_to(srv, "helper")  # same address: 2 attempts left this second
    await helper.refused("rejoinRoom", {"roomCode": code, "playerId": "p", "reconnectToken": "t"})
    await helper.refused("joinPublicRoom", {"playerName": "H", "roomCode": "DDDDDD"})
    await helper.refused("joinRoom", {"playerName": "H", "roomCode": code}, error=too_many(1))
    assert len(srv.app[hub_key].rooms[code].seats) == 1
    await asyncio.sleep(1.05)
    await guesser.ok("joinRoom", {"playerName": "G", "roomCode": code})


async def test_limits_are_on_by_default() -> None:
    from kingdom_server import Settings

    assert Settings().rate_limits == RateLimits()


async def test_behind_a_proxy_the_address_comes_from_the_configured_header(
    start_server: Start,
) -> None:
    srv = await start_server(rate_limits=limits(events_per_address=Rate(2, 60)),
                             client_address_header="X-Forwarded-For")
    url = str(srv.make_url("/"))

    async def client(forwarded: str) -> Client:
        c = Client(url, forwarded)
        await c.sio.connect(url, transports=["websocket"], wait_timeout=5,
                            headers={"X-Forwarded-For": forwarded})
        return c

    first = await client("203.0.113.9, 198.51.100.1")
    second = await client("203.0.113.9, 198.51.100.2")  # another last hop: another address
    try:
        for c in (first, second):
            await c.ok("getPublicGames")
            await c.ok("getPublicGames")
            await c.refused("getPublicGames", error=too_many(30))
    finally:
        await first.close()
        await second.close()
