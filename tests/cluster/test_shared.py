"""What every process of one service shares (docs/deploy.md): the limits per address, the
public games list and its live updates, sign-in sessions, and /api/health's report of the
database and Redis, on real `kingdom serve` processes over PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import json
import time
import urllib.error
import urllib.request
from typing import Any

import aiohttp

from kingdom_server.core.health import NOT_TAKING_ROOMS
from kingdom_server.core.listing import TTL_SECONDS
from tests.cluster.services import Server, Services
from tests.server.helpers import Client

PASSWORD = "correct horse battery"


def health(server: Server) -> tuple[int, dict[str, Any]]:
    try:
        with urllib.request.urlopen(f"{server.url}/api/health", timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


async def wait_health(server: Server, ok: bool, timeout: float = 20,
                      **dependencies: bool) -> dict[str, Any]:
    """Poll /api/health until its status is 200 (`ok`) or 503, with each named dependency's
    `ok` as given (a check may fail once while a dependency that was just restarted is being
    reconnected to: the report settles on the next checks)."""
    deadline = time.monotonic() + timeout
    while True:
        status, report = await asyncio.to_thread(health, server)
        if (status == 200) == ok and all(
            report["dependencies"][name]["ok"] is want for name, want in dependencies.items()
        ):
            return report
        assert time.monotonic() < deadline, f"{server.name} health stayed {status}: {report}"
        await asyncio.sleep(0.2)


async def connect(server: Server, name: str, **headers: str) -> Client:
    return await Client(server.url, name).connect(headers=headers)


async def test_the_limit_per_address_holds_across_processes(services: Services) -> None:
    """20 new rooms a minute per address (the default): 24 tried from one address through
    two processes, 12 through each, which one process alone would allow."""
    one, two = services.start_servers(2)
    clients = [await connect(server, f"{server.name}-{i}")
               for server in (one, two) for i in range(3)]
    try:
        started = time.monotonic()
        acks = []
        for _ in range(4):
            for client in clients:
                acks.append((client, await client.call("createRoom", {"playerName": "Ana"})))
        elapsed = time.monotonic() - started
        made = [a for _, a in acks if a["success"]]
        refused = [(c, a) for c, a in acks if not a["success"]]
        # A token comes back every 3 s: the 20 of the burst, and those refilled meanwhile.
        assert 20 <= len(made) <= 20 + int(elapsed / 3) + 1, (len(made), elapsed)
        assert len(refused) >= 24 - 21 - int(elapsed / 3)
        for _, ack in refused:
            assert ack["error"].startswith("Too many requests, try again in "), ack
        # Each process alone saw 12 creations: the refusals come from the shared count.
        assert {c.url for c, _ in refused} <= {one.url, two.url}
    finally:
        for client in clients:
            await client.close()


async def test_the_public_games_list_is_the_same_from_every_process(
    services: Services,
) -> None:
    servers = services.start_servers(3)
    hosts = [await connect(servers[0], "ana"), await connect(servers[1], "ben")]
    browsers = [await connect(server, f"browser-{server.name}") for server in servers]
    try:
        for browser in browsers:
            await browser.ok("getPublicGames")
        codes = [
            (await host.ok("createPublicRoom", {"playerName": name, "desiredPlayerCount": 3}))
            ["roomCode"]
            for host, name in zip(hosts, ("Ana", "Ben"), strict=True)
        ]

        def lists(codes_wanted: set[str]) -> Any:
            def listed(client: Client) -> bool:
                updates = [d for e, d in client.events if e == "publicGamesUpdated"]
                return bool(updates) and {g["roomCode"] for g in updates[-1]} == codes_wanted
            return listed

        # Every browsing socket, on every process, gets the service's whole list.
        for browser in browsers:
            await browser.wait_for(lists(set(codes)), 15, "both public rooms")
        answers = [(await b.ok("getPublicGames"))["games"] for b in browsers]
        assert answers[0] == answers[1] == answers[2]
        assert {g["roomCode"]: g["hostName"] for g in answers[0]} == dict(
            zip(codes, ("Ana", "Ben"), strict=True))
        assert all(g["status"] == "waiting" and g["currentPlayers"] == 1 for g in answers[0])

        # Joining a room on its own process changes its line everywhere.
        carl = await connect(servers[0], "carl")
        hosts.append(carl)
        await carl.ok("joinPublicRoom", {"playerName": "Carl", "roomCode": codes[0]})

        def two_seated(client: Client) -> bool:
            updates = [d for e, d in client.events if e == "publicGamesUpdated"]
            return bool(updates) and any(
                g["roomCode"] == codes[0] and g["currentPlayers"] == 2 for g in updates[-1])

        for browser in browsers:
            await browser.wait_for(two_seated, 15, "Carl in Ana's room")
        # The host of the second room leaves: it is gone from every process's list.
        await hosts[1].ok("leaveRoom")
        for browser in browsers:
            await browser.wait_for(lists({codes[0]}), 15, "Ben's room gone")
        answers = [(await b.ok("getPublicGames"))["games"] for b in browsers]
        assert answers[0] == answers[1] == answers[2]
        assert [g["roomCode"] for g in answers[0]] == [codes[0]]
    finally:
        for client in [*hosts, *browsers]:
            await client.close()


async def test_a_dead_process_leaves_the_list(services: Services) -> None:
    """The rooms of a process killed with SIGKILL stay listed only under the process that
    takes them over, once the dead one's listing has expired."""
    one, two = services.start_servers(2)
    ana = await connect(one, "ana")
    browser = await connect(two, "browser")
    try:
        code = (await ana.ok("createPublicRoom", {"playerName": "Ana"}))["roomCode"]
        games = (await browser.ok("getPublicGames"))["games"]
        assert [g["roomCode"] for g in games] == [code]
        one.kill()
        killed = time.monotonic()
        while True:
            await asyncio.sleep(0.5)
            games = (await browser.ok("getPublicGames"))["games"]
            _, report = await asyncio.to_thread(health, two)
            held_by_two = report["rooms"] > 0
            if time.monotonic() - killed > TTL_SECONDS and (
                    [g["roomCode"] for g in games] == ([code] if held_by_two else [])):
                break
            assert time.monotonic() - killed < TTL_SECONDS + 20, (games, report)
    finally:
        await ana.close()
        await browser.close()


async def test_a_sign_in_is_valid_on_every_process(services: Services) -> None:
    one, two = services.start_servers(2)
    # One cookie jar, as a browser behind the proxy: the cookie is the site's, whatever
    # process answers (cookies do not depend on the port).
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.post(f"{one.url}/api/auth/register",
                             json={"username": "Alice", "password": PASSWORD}) as r:
            assert r.status == 201, await r.text()
            user = await r.json()
        async with http.get(f"{two.url}/api/auth/user") as r:
            assert r.status == 200 and (await r.json())["id"] == user["id"]
        cookie = "; ".join(f"{c.key}={c.value}" for c in http.cookie_jar)
        # A socket on the other process is signed in by the same cookie.
        alice = await connect(two, "alice", Cookie=cookie)
        try:
            ack = await alice.ok("createRoom", {"playerName": "Alice"})
            assert ack["roomCode"]
            status, report = await asyncio.to_thread(health, two)
            assert status == 200 and report["seatedConnections"] == 1
        finally:
            await alice.close()
        # Signing out on one process ends the session on every process.
        async with http.post(f"{two.url}/api/auth/logout") as r:
            assert r.status in (200, 204), await r.text()
    async with aiohttp.ClientSession() as http, http.get(f"{one.url}/api/auth/user",
                        headers={"Cookie": cookie}) as r:
        assert r.status == 401


async def test_health_reports_redis_and_the_database_and_refuses_new_rooms(
    services: Services,
) -> None:
    (one,) = services.start_servers(1)
    status, report = await asyncio.to_thread(health, one)
    assert status == 200 and report["status"] == "ok" and report["acceptingRooms"] is True
    assert report["dependencies"]["database"]["ok"] is True
    assert report["dependencies"]["database"]["engine"] == "postgresql"
    assert report["dependencies"]["redis"]["ok"] is True
    assert report["process"]
    ana = await connect(one, "ana")
    try:
        services.redis.stop()
        report = await wait_health(one, ok=False, redis=False)
        assert report["status"] == "degraded" and report["acceptingRooms"] is False
        assert report["dependencies"]["redis"]["ok"] is False
        assert report["dependencies"]["redis"]["error"]
        assert report["dependencies"]["database"]["ok"] is True
        await ana.refused("createRoom", {"playerName": "Ana"}, NOT_TAKING_ROOMS)
        services.redis.start()
        report = await wait_health(one, ok=True)
        assert report["dependencies"]["redis"]["ok"] is True
        await ana.ok("createRoom", {"playerName": "Ana"})

        services.postgres.stop()
        report = await wait_health(one, ok=False, database=False, redis=True)
        assert report["dependencies"]["database"]["ok"] is False
        assert report["dependencies"]["redis"]["ok"] is True
        await ana.refused("createPublicRoom", {"playerName": "Ana"}, NOT_TAKING_ROOMS)
        services.postgres.start()
        await wait_health(one, ok=True)
        await ana.ok("createPublicRoom", {"playerName": "Ana"})
    finally:
        await ana.close()
