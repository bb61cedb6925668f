"""Cluster load benchmark (issue 29): rooms of 4 people at people's pace on 1, 2 and 3
`kingdom serve` processes sharing PostgreSQL and Redis (docs/deploy.md), on this machine.

For each process count and each room count it starts a fresh PostgreSQL database, Redis and
the processes (`kingdom serve --no-rate-limits`: every client comes from one address), then
seats the rooms as a load balancer would: the 4 players of a room connect to the processes in
turn (room i is created on process i mod N, its players on processes i, i+1, ...), so that
with 2 or 3 processes most rooms have players on a process that does not own the room: their
calls are forwarded to the owner over Redis and the owner's pushes come back the same way.
Every player plays a random legal action after a person's pause (--think, default 3 s, times
0.5-1.5) from its own view, through a minimal socket.io client (bench/server_load.py's
`LightSocket`) in a separate client process.

Measured after a warm-up, for a fixed window:
- acknowledgement latency (p50/p99/max) of every action, split by whether the player's socket
  is on the room's owner ("local") or on another process ("forwarded");
- push delay: from an action's call to each seat's arrival of the resulting gameState, split
  the same way: the difference of the medians is what the Redis hop adds per push;
- processor time of each server process, Redis and PostgreSQL (all its processes), per action.

    nice -n 10 python bench/cluster_load.py                       # 1, 2, 3 processes
    nice -n 10 python bench/cluster_load.py --processes 3 --rooms 100,200 --seconds 20

Needs Debian's postgresql and redis-server (as `make cluster`). Figures: bench/RESULTS.md,
"Issue 29".
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing as mp
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from server_load import LightSocket, proc_cpu_seconds, raise_fd_limit  # noqa: E402

from kingdom_cli.cluster import (  # noqa: E402
    Launched,
    start_postgres,
    start_redis,
    start_servers,
)

ROOM_SIZE = 4


# --- the clients (their own process) -----------------------------------------------------------


class Table:
    """One room: its players, and the action in flight (for the push delays)."""

    def __init__(self) -> None:
        self.sent = 0
        self.sent_at = 0.0


class Seat:
    def __init__(self, url: str, local: bool, table: Table, rng: random.Random,
                 think: float, session: Any) -> None:
        self.local = local
        self.table = table
        self.rng = rng
        self.think = think
        self.sio = LightSocket(url, session)
        self.state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.seen = 0
        self.acks: list[tuple[float, float]] = []
        self.pushes: list[tuple[float, float]] = []
        self.refused = 0
        self.sio.on("gameState", self._on_state)

    def _on_state(self, data: dict[str, Any]) -> None:
        now = time.perf_counter()
        if self.seen < self.table.sent:
            self.seen = self.table.sent
            self.pushes.append((time.time(), now - self.table.sent_at))
        self.state = data
        self.changed.set()

    async def play(self, stop: float, host: bool) -> None:
        while time.time() < stop:
            state = self.state
            if state is None or not state.get("legalActions"):
                if state is not None and state.get("phase") == "finished" and host:
                    await self.sio.call("startGame", {}, timeout=60)
                await self._wait(stop)
                continue
            pause = self.rng.uniform(0.5, 1.5) * self.think
            await asyncio.sleep(max(0.0, min(pause, stop - time.time())))
            if self.state is not state or time.time() >= stop:
                continue
            legal = state["legalActions"]
            action = legal[self.rng.randrange(len(legal))]
            payload = {k: v for k, v in action.items() if k not in ("type", "player")}
            self.changed.clear()
            self.table.sent += 1
            self.table.sent_at = t0 = time.perf_counter()
            ack = await self.sio.call(action["type"], payload, timeout=60)
            self.acks.append((time.time(), time.perf_counter() - t0))
            if not ack.get("success"):
                self.refused += 1
                await self._wait(stop)

    async def _wait(self, stop: float) -> None:
        self.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), max(0.01, min(1.0, stop - time.time())))


async def run_rooms(urls: list[str], rooms: int, think: float, warmup: float,
                    seconds: float, seed: int) -> dict[str, Any]:
    import aiohttp

    rng = random.Random(seed)
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
    seats: list[Seat] = []
    hosts: set[int] = set()
    sem = asyncio.Semaphore(20)
    n = len(urls)

    async def seat_room(i: int) -> None:
        async with sem:
            table = Table()
            mine = [Seat(urls[(i + j) % n], (i + j) % n == i % n, table,
                         random.Random(rng.random()), think, session)
                    for j in range(ROOM_SIZE)]
            for s in mine:
                await s.sio.connect()
            ack = await mine[0].sio.call("createRoom", {"playerName": f"H{i}"}, timeout=60)
            for j, s in enumerate(mine[1:], start=1):
                joined = await s.sio.call("joinRoom", {"playerName": f"P{i}-{j}",
                                                       "roomCode": ack["roomCode"]}, timeout=60)
                assert joined.get("success"), joined
            started = await mine[0].sio.call("startGame", {}, timeout=60)
            assert started.get("success"), started
            hosts.add(len(seats))
            seats.extend(mine)

    await asyncio.gather(*(seat_room(i) for i in range(rooms)))
    go = time.time()
    begin, stop = go + warmup, go + warmup + seconds
    await asyncio.gather(*(s.play(stop, i in hosts) for i, s in enumerate(seats)))
    for s in seats:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(s.sio.disconnect(), 2)
    await session.close()

    def window(rows: list[tuple[float, float]]) -> list[float]:
        return [d for t, d in rows if begin <= t <= stop]

    return {
        "acks_local": [d for s in seats if s.local for d in window(s.acks)],
        "acks_forwarded": [d for s in seats if not s.local for d in window(s.acks)],
        "pushes_local": [d for s in seats if s.local for d in window(s.pushes)],
        "pushes_forwarded": [d for s in seats if not s.local for d in window(s.pushes)],
        "refused": sum(s.refused for s in seats),
        "begin": begin,
        "stop": stop,
    }


def client_process(urls: list[str], rooms: int, think: float, warmup: float, seconds: float,
                   out: Any) -> None:
    raise_fd_limit()
    out.put(asyncio.run(run_rooms(urls, rooms, think, warmup, seconds, seed=29)))


# --- one run -----------------------------------------------------------------------------------


def pids_of(name_part: str, parent: int) -> list[int]:
    """`parent` and its descendants (PostgreSQL's backends are the postmaster's children)."""
    out = [parent]
    for task in Path(f"/proc/{parent}/task").iterdir():
        with contextlib.suppress(OSError, ValueError):
            for child in (task / "children").read_text().split():
                out += pids_of(name_part, int(child))
    return out


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError, ValueError, IndexError):
            total += proc_cpu_seconds(pid)
    return total


def quantile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def ms(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    return {"n": len(values), "p50": round(quantile(values, 0.5) * 1000, 2),
            "p99": round(quantile(values, 0.99) * 1000, 2),
            "max": round(max(values) * 1000, 2),
            "mean": round(statistics.fmean(values) * 1000, 2)}


def measure(processes: int, rooms: int, think: float, warmup: float,
            seconds: float, pg_options: str = "") -> dict[str, Any]:
    data = Path(tempfile.mkdtemp(prefix="kingdom-cluster-bench-"))
    data.chmod(0o755)
    launched = Launched()
    os.environ["KINGDOM_BENCH_WS_COMPRESS"] = "0"
    try:
        database_url = start_postgres(data, launched, pg_options)
        redis_url = start_redis(data, launched)
        servers = start_servers(processes, database_url, redis_url, data, launched,
                                extra=("--no-rate-limits",))
        urls = [f"http://127.0.0.1:{port}" for _, port in servers]
        server_pids = [p.pid for name, p, _ in launched.children if name.startswith("kingdom")]
        redis_pid = next(p.pid for name, p, _ in launched.children if name == "redis")
        pg_pid = int((data / "postgres" / "data" / "postmaster.pid").read_text().split()[0])

        ctx = mp.get_context("spawn")
        out = ctx.Queue()
        client = ctx.Process(target=client_process,
                             args=(urls, rooms, think, warmup, seconds, out))
        client.start()
        # The window's processor time: sampled when the client's window begins and ends.
        samples: dict[str, dict[str, float]] = {}
        figures: dict[str, Any] | None = None
        deadline = time.time() + 600
        while figures is None and time.time() < deadline:
            with contextlib.suppress(Exception):
                figures = out.get(timeout=0.5)
            now = time.time()
            # Sample continuously: keep the latest before the window and the first after.
            sample = {"servers": sum(cpu_of([p]) for p in server_pids),
                      "redis": cpu_of([redis_pid]),
                      "postgres": cpu_of(pids_of("postgres", pg_pid))}
            samples[f"{now:.3f}"] = sample
            if client.exitcode not in (None, 0):
                raise SystemExit("the client process failed")
        if figures is None:
            raise SystemExit("timed out")
        client.join(10)
        times = sorted(float(t) for t in samples)
        before = max((t for t in times if t <= figures["begin"]), default=times[0])
        after = min((t for t in times if t >= figures["stop"]), default=times[-1])
        cpu = {k: samples[f"{after:.3f}"][k] - samples[f"{before:.3f}"][k]
               for k in ("servers", "redis", "postgres")}
        span = after - before
        acks = figures["acks_local"] + figures["acks_forwarded"]
        actions = len(acks)
        window = figures["stop"] - figures["begin"]
        result = {
            "processes": processes, "rooms": rooms, "think": think, "window": round(window, 1),
            "postgres_options": pg_options,
            "actions_per_s": round(actions / window, 1),
            "ack_all": ms(acks), "ack_local": ms(figures["acks_local"]),
            "ack_forwarded": ms(figures["acks_forwarded"]),
            "push_local": ms(figures["pushes_local"]),
            "push_forwarded": ms(figures["pushes_forwarded"]),
            "refused": figures["refused"],
            "cpu_percent": {k: round(100 * v / span, 1) for k, v in cpu.items()},
            "cpu_ms_per_action": {k: round(1000 * v / max(1, actions), 2)
                                  for k, v in cpu.items()},
            "held": bool(acks) and quantile(acks, 0.99) < 0.050,
        }
        return result
    finally:
        launched.stop_all()
        shutil.rmtree(data, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--processes", default="1,2,3",
                    help="process counts to run, comma-separated (default 1,2,3)")
    ap.add_argument("--rooms", default="100,200",
                    help="room counts to run for each, comma-separated (default 100,200)")
    ap.add_argument("--think", type=float, default=3.0,
                    help="seconds a player pauses before acting, times 0.5-1.5 (default 3)")
    ap.add_argument("--warmup", type=float, default=5.0)
    ap.add_argument("--seconds", type=float, default=20.0, help="measured window (default 20)")
    ap.add_argument("--pg-options", default="",
                    help="more PostgreSQL settings, e.g. '-c synchronous_commit=off' (an "
                    "acknowledged move could then be lost if the machine itself fails)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    counts = [int(x) for x in args.processes.split(",")]
    room_counts = [int(x) for x in args.rooms.split(",")]
    if not all(1 <= c <= 8 for c in counts) or not all(1 <= r <= 1000 for r in room_counts):
        raise SystemExit("--processes in 1..8, --rooms in 1..1000")
    if not 0 < args.seconds <= 300:
        raise SystemExit("--seconds in (0, 300]")
    results = []
    for n in counts:
        for rooms in room_counts:
            r = measure(n, rooms, args.think, args.warmup, args.seconds, args.pg_options)
            results.append(r)
            if args.json:
                print(json.dumps(r), flush=True)
                continue
            a, al, af = r["ack_all"], r["ack_local"], r["ack_forwarded"]
            pl, pf = r["push_local"], r["push_forwarded"]
            label = f" ({args.pg_options})" if args.pg_options else ""
            print(f"{n} process(es), {rooms} rooms{label}: {r['actions_per_s']} actions/s, "
                  f"ack p50 {a.get('p50')} p99 {a.get('p99')} max {a.get('max')} ms "
                  f"({'held' if r['held'] else 'NOT held'} at p99 < 50 ms), "
                  f"refused {r['refused']}", flush=True)
            print(f"    acks   local p50 {al.get('p50')} p99 {al.get('p99')} (n {al['n']}) | "
                  f"forwarded p50 {af.get('p50')} p99 {af.get('p99')} (n {af['n']})")
            print(f"    pushes local p50 {pl.get('p50')} p99 {pl.get('p99')} (n {pl['n']}) | "
                  f"forwarded p50 {pf.get('p50')} p99 {pf.get('p99')} (n {pf['n']})")
            print(f"    cpu % of a core: {r['cpu_percent']}; ms per action: "
                  f"{r['cpu_ms_per_action']}", flush=True)


if __name__ == "__main__":
    main()
