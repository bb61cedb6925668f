"""A bystander's latency while another client floods the database (issue 24).

Starts a real `kingdom serve` (its own process, a fresh SQLite file in a temporary directory,
`--no-rate-limits` so that the flood is not refused) on a free loopback port, and:

- signs up the flooder (an initialised collection and `--decks` decks of 40 cards) and two
  bystanders;
- the flood: `--parallel` concurrent `GET /api/decks` of the flooder, each sent again as soon as
  it is answered, for `--seconds`;
- with `--lobby N`, beside the flood, N socket.io clients churn rooms, each in a loop:
  `createRoom`, `addBot`, `toggleGameMode`, `startGame` (a deal), `leaveRoom` (the room is
  closed): the socket lobby's room writes, deals and closings;
- meanwhile the bystanders, one request at a time with a pause of `--every` s: a signed-in
  visitor's `GET /api/auth/user` (its own session's rows, not the flooder's) and a visitor's
  `GET /api/health` (no database at all).

Prints the flood's answers per second and its latency, and each bystander's median, 90th and
99th percentile and worst latency in milliseconds. The server is stopped (by its PID) at the
end; everything the run makes goes with the temporary directory. Loopback only, bounded in time.

    python bench/db_bystander.py                  # 200 in parallel for 10 s
    python bench/db_bystander.py --parallel 200 --seconds 20 --decks 10
    python bench/db_bystander.py --lobby 20       # and 20 sockets churning rooms
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp
import socketio

ROOT = Path(__file__).resolve().parent.parent
PASSWORD = "a bench password of some length"
CARDS = [("A", "hearts"), ("2", "hearts"), ("3", "hearts"), ("4", "hearts"), ("5", "hearts"),
         ("6", "spades"), ("7", "spades"), ("8", "spades"), ("9", "spades"), ("10", "clubs")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(name: str, ms: list[float]) -> str:
    if not ms:
        return f"{name:<34} no answers"
    return (f"{name:<34} {len(ms):>6} answers  median {statistics.median(ms):7.1f}  "
            f"p90 {percentile(ms, 0.9):7.1f}  p99 {percentile(ms, 0.99):7.1f}  "
            f"max {max(ms):7.1f} ms")


async def sign_up(http: aiohttp.ClientSession, url: str, name: str) -> None:
    async with http.post(f"{url}/api/auth/register",
                         json={"username": name, "password": PASSWORD}) as r:
        if r.status != 201:
            raise SystemExit(f"sign-up of {name} failed: {r.status} {await r.text()}")


async def prepare_flooder(http: aiohttp.ClientSession, url: str, decks: int) -> None:
    await sign_up(http, url, "flooder")
    async with http.post(f"{url}/api/collection/initialize") as r:
        assert r.status in (200, 201), await r.text()
    for i in range(decks):
        async with http.post(f"{url}/api/decks", json={"name": f"Deck {i}"}) as r:
            assert r.status == 201, await r.text()
            deck_id = (await r.json())["id"]
        for rank, suit in CARDS:
            async with http.patch(f"{url}/api/decks/{deck_id}/cards",
                                  json={"cardRank": rank, "cardSuit": suit, "quantity": 4}) as r:
                assert r.status == 200, await r.text()


async def flood(http: aiohttp.ClientSession, url: str, until: float, out: list[float]) -> None:
    while time.perf_counter() < until:
        start = time.perf_counter()
        async with http.get(f"{url}/api/decks") as r:
            await r.read()
            if r.status == 200:
                out.append((time.perf_counter() - start) * 1000)


async def bystander(http: aiohttp.ClientSession, url: str, path: str, until: float,
                    every: float, out: list[float]) -> None:
    while time.perf_counter() < until:
        start = time.perf_counter()
        async with http.get(f"{url}{path}") as r:
            await r.read()
            assert r.status == 200, r.status
        out.append((time.perf_counter() - start) * 1000)
        await asyncio.sleep(every)


async def churn(url: str, n: int, until: float, out: list[float]) -> None:
    """One socket's rooms, made, dealt and closed again and again: each cycle's time."""
    sio = socketio.AsyncClient(reconnection=False)
    await sio.connect(url, transports=["websocket"])
    try:
        while time.perf_counter() < until:
            start = time.perf_counter()
            for event, data in (("createRoom", {"playerName": f"Churn {n}"}), ("addBot", {}),
                                ("toggleGameMode", {}), ("startGame", {}), ("leaveRoom", {})):
                ack = await sio.call(event, data, timeout=30)
                assert ack.get("success"), (event, ack)
            out.append((time.perf_counter() - start) * 1000)
    finally:
        await sio.disconnect()


async def flood_all(url: str, cookie: str, parallel: int, seconds: float, lobby: int,
                    out: list[float], cycles: list[float]) -> None:
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector,
                                     cookies={"kingdom_session": cookie}) as flooder:
        until = time.perf_counter() + seconds
        await asyncio.gather(*(flood(flooder, url, until, out) for _ in range(parallel)),
                             *(churn(url, n, until, cycles) for n in range(lobby)))


def flood_process(url: str, cookie: str, parallel: int, seconds: float, lobby: int,
                  results: multiprocessing.Queue[tuple[list[float], list[float]]]) -> None:
    """The flood (and the lobby's churn) in a process of its own: its client work does not
    delay the bystanders' measurements."""
    out: list[float] = []
    cycles: list[float] = []
    asyncio.run(flood_all(url, cookie, parallel, seconds, lobby, out, cycles))
    results.put((out, cycles))


async def run(url: str, args: argparse.Namespace) -> None:
    jar = aiohttp.CookieJar(unsafe=True)
    async with aiohttp.ClientSession(cookie_jar=jar) as flooder, \
            aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as signed_in, \
            aiohttp.ClientSession() as visitor:
        await prepare_flooder(flooder, url, args.decks)
        cookie = next(c.value for c in jar if c.key == "kingdom_session")
        await sign_up(signed_in, url, "bystander")
        # Quiet first: the bystanders' figures without the flood.
        quiet_user: list[float] = []
        quiet_health: list[float] = []
        until = time.perf_counter() + 2.0
        await asyncio.gather(
            bystander(signed_in, url, "/api/auth/user", until, args.every, quiet_user),
            bystander(visitor, url, "/api/health", until, args.every, quiet_health),
        )
        user_ms: list[float] = []
        health_ms: list[float] = []
        results: multiprocessing.Queue[tuple[list[float], list[float]]] = (
            multiprocessing.Queue())
        flooding = multiprocessing.Process(
            target=flood_process,
            args=(url, cookie, args.parallel, args.seconds + 2, args.lobby, results))
        flooding.start()
        await asyncio.sleep(1.0)  # the flood under way
        until = time.perf_counter() + args.seconds
        await asyncio.gather(
            bystander(signed_in, url, "/api/auth/user", until, args.every, user_ms),
            bystander(visitor, url, "/api/health", until, args.every, health_ms),
        )
        flood_ms, cycle_ms = await asyncio.to_thread(results.get, True, 60)
        flooding.join(10)
        elapsed = args.seconds + 2
    print(f"flood: {args.parallel} parallel GET /api/decks ({args.decks} decks of 40 cards) "
          f"for {elapsed:g} s: {len(flood_ms) / elapsed:.0f} answers/s")
    print(summary("quiet: GET /api/auth/user", quiet_user))
    print(summary("quiet: GET /api/health", quiet_health))
    print(summary("flood: GET /api/decks (flooder)", flood_ms))
    if args.lobby:
        print(f"lobby: {args.lobby} sockets, {len(cycle_ms) / elapsed:.1f} rooms made, dealt "
              "and closed per second")
        print(summary("lobby: one room's cycle (5 calls)", cycle_ms))
    print(summary("flood: GET /api/auth/user (bystander)", user_ms))
    print(summary("flood: GET /api/health (bystander)", health_ms))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--parallel", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--decks", type=int, default=10)
    parser.add_argument("--lobby", type=int, default=0,
                        help="socket.io clients making, dealing and closing rooms meanwhile")
    parser.add_argument("--every", type=float, default=0.02,
                        help="pause between two requests of a bystander (s)")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        # This checkout's server (its directory first on the path), whatever is installed.
        command = [sys.executable, "-c", "from kingdom_cli.main import cli; cli()", "serve",
                   "--host", "127.0.0.1", "--port", str(port), "--db", f"{tmp}/bench.db",
                   "--no-rate-limits"]
        path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
        env = {**os.environ, "PYTHONPATH": path, "KINGDOM_WEB_DIST": tmp,
               "KINGDOM_BOT_WORKERS": "0"}
        server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                  stderr=subprocess.STDOUT, text=True)
        try:
            url = f"http://127.0.0.1:{port}"
            assert server.stdout is not None
            line = server.stdout.readline()
            if "listening" not in line:
                raise SystemExit(f"the server did not start: {line}{server.stdout.read()}")
            asyncio.run(run(url, args))
        finally:
            server.send_signal(signal.SIGINT)
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


if __name__ == "__main__":
    main()
