"""Server load benchmark (issue 4): N rooms of 4 socket.io clients playing random legal actions.

The server runs as its own process (`kingdom serve` on a fresh SQLite file, bot pause 0), the
clients in separate processes (a minimal Socket.IO client over aiohttp websockets, so that the
clients' own CPU use stays small on a shared machine). The games are dealt during the setup.
Every client plays a random action from its own view's legal actions as soon as the
acknowledgement of its previous one came back (or, with --think, after a person's pause).
After a warm-up, acknowledgements are measured for a fixed window; then everything stops.

Prints acknowledgements per second, p50/p99/max acknowledgement latency, the server's CPU use
(from /proc: % of one core, and milliseconds per acknowledgement), its resident memory, the
clients' CPU and the machine's load average. Loopback only; bounded run time.

    python bench/server_load.py --rooms 50 --seconds 20
    python bench/server_load.py --rooms 500 --think 2 --seconds 30 --json

Figures, and the same load against a server that does no game work
(bench/transport_floor.py, the floor): bench/RESULTS.md, "Server load". In short (2026-11-25,
2 shared cores, 500 rooms at people's pace): about 0.76 ms of server processor time per action
against 0.54 ms for the floor in 60 s windows (a ratio of 1.41; 0.68 against 0.45 in 20 s
windows, which hold almost none of engine.io's keep-alives), p99 3-5 ms. Closed loop at 500
rooms (2026-11-21): about 1,000 actions/s and round trips of 0.5 s (Little's law).

    python bench/server_load.py --compress ...      # clients ask for permessage-deflate
    python bench/server_load.py --server-src DIR ... # load another copy of the server
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing as mp
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

ROOM_SIZE = 4
LOOPBACK = {"127.0.0.1", "localhost", "::1"}

try:  # the clients parse 4 pushes of ~5 KB per action: orjson keeps their CPU share small
    from orjson import loads as json_loads
except ImportError:  # pragma: no cover - depends on the environment
    json_loads = json.loads


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


SERVER_CPUS: set[int] = set()
"""--pin: the processors the server process may run on (the clients get the others)."""


def raise_fd_limit() -> None:
    """The preexec of every server this file (or its users) launches: open files up to the
    hard limit, and with --pin the server's own processor."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    if SERVER_CPUS:
        os.sched_setaffinity(0, SERVER_CPUS)


# --- one client ------------------------------------------------------------------------------


class LightSocket:
    """Just enough Socket.IO (protocol 5 over a websocket) for a load client: events, acks,
    pings. python-socketio's client costs several times more CPU per message, and on a
    shared two-core machine every cycle the clients spend is one the server does not get."""

    def __init__(self, url: str, session: Any) -> None:
        self.url = url.rstrip("/") + "/socket.io/?EIO=4&transport=websocket"
        self.session = session
        self.ws: Any = None
        self.handlers: dict[str, Any] = {}
        self.acks: dict[int, asyncio.Future[Any]] = {}
        self.next_id = 0
        self.reader: asyncio.Task[None] | None = None

    def on(self, event: str, handler: Any) -> None:
        self.handlers[event] = handler

    async def connect(self) -> None:
        # --compress: ask for permessage-deflate as browsers do (the server then deflates
        # every push); off by default, as before.
        compress = int(os.environ.get("KINGDOM_BENCH_WS_COMPRESS", "0"))
        self.ws = await self.session.ws_connect(self.url, timeout=30, max_msg_size=0,
                                                compress=compress)
        opened = await self.ws.receive_str(timeout=30)
        assert opened.startswith("0"), opened
        await self.ws.send_str("40")
        while not (await self.ws.receive_str(timeout=30)).startswith("40"):
            pass
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        async for msg in self.ws:
            text = msg.data
            if not isinstance(text, str):
                continue
            if text == "2":
                await self.ws.send_str("3")
            elif text.startswith("42"):
                event, *args = json_loads(text[2:])
                handler = self.handlers.get(event)
                if handler is not None:
                    handler(*args)
            elif text.startswith("43"):
                i = 2
                while text[i].isdigit():
                    i += 1
                fut = self.acks.pop(int(text[2:i]), None)
                if fut is not None and not fut.done():
                    fut.set_result(json_loads(text[i:])[0])
        for fut in self.acks.values():
            if not fut.done():
                fut.set_exception(ConnectionError("socket closed"))

    async def call(self, event: str, data: Any = None, timeout: float = 30) -> Any:
        self.next_id += 1
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.acks[self.next_id] = fut
        payload = [event] if data is None else [event, data]
        await self.ws.send_str(f"42{self.next_id}" + json.dumps(payload, separators=(",", ":")))
        return await asyncio.wait_for(fut, timeout)

    async def disconnect(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self.reader is not None:
            self.reader.cancel()


class Player:
    def __init__(self, url: str, name: str, rng: random.Random, think: float,
                 session: Any) -> None:
        self.think = think
        self.url = url
        self.name = name
        self.rng = rng
        self.sio = LightSocket(url, session)
        self.state: dict[str, Any] | None = None
        self.changed = asyncio.Event()
        self.sio.on("gameState", self._on_state)
        self.latencies: list[tuple[float, float]] = []  # (ack time, seconds)
        self.refused = 0
        self.games = 0

    def _on_state(self, data: dict[str, Any]) -> None:
        self.state = data
        self.changed.set()

    async def connect(self) -> None:
        await self.sio.connect()

    async def timed_call(self, event: str, data: Any) -> dict[str, Any]:
        t0 = time.perf_counter()
        ack = await self.sio.call(event, data, timeout=30)
        t1 = time.perf_counter()
        self.latencies.append((time.time(), t1 - t0))
        if not ack.get("success"):
            self.refused += 1
        return dict(ack)

    async def play(self, go: float, stop: float, host: bool) -> None:
        await asyncio.sleep(max(0.0, go - time.time()))
        while time.time() < stop:
            state = self.state
            if state is None:
                await self._wait(stop)
                continue
            if state.get("phase") == "finished":
                if host:
                    self.games += 1
                    await self.timed_call("startGame", {})
                await self._wait(stop)
                continue
            legal = state.get("legalActions") or []
            if not legal:
                await self._wait(stop)
                continue
            if self.think > 0:
                # A person's pause before acting (open-loop mode, --think).
                pause = self.rng.uniform(0.5, 1.5) * self.think
                await asyncio.sleep(max(0.0, min(pause, stop - time.time())))
                if self.state is not state:
                    continue
            action = legal[self.rng.randrange(len(legal))]
            payload = {k: v for k, v in action.items() if k not in ("type", "player")}
            self.changed.clear()
            ack = await self.timed_call(action["type"], payload)
            if not ack.get("success"):
                await self._wait(stop)  # stale view: wait for the newer one

    async def _wait(self, stop: float) -> None:
        self.changed.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.changed.wait(), max(0.01, min(1.0, stop - time.time())))


def client_process(url: str, rooms: int, seed: int, go_at: Any, ready: Any, out: Any,
                   seconds: float, think: float, warmup: float, search_rooms: int = 0) -> None:
    """Seat `rooms` rooms (and `search_rooms` rooms of one client and 3 SearchBots), report,
    wait for the shared start time, play, report figures."""
    raise_fd_limit()

    async def wait_go() -> float:
        while go_at.value == 0:
            await asyncio.sleep(0.05)
        return float(go_at.value)

    out.put(asyncio.run(run_rooms(url, rooms, seed, wait_go, seconds, ready, think, warmup,
                                  search_rooms)))


async def run_rooms(url: str, rooms: int, seed: int, wait_go: Any, seconds: float,
                    ready: Any, think: float, warmup: float,
                    search_rooms: int = 0) -> dict[str, Any]:
    import aiohttp

    rng = random.Random(seed)
    players: list[Player] = []
    sem = asyncio.Semaphore(50)
    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))

    async def seat_room(i: int) -> None:
        async with sem:
            table = [Player(url, f"P{seed}-{i}-{j}", random.Random(rng.random()), think,
                            session)
                     for j in range(ROOM_SIZE)]
            for p in table:
                await p.connect()
            ack = await table[0].sio.call("createRoom", {"playerName": table[0].name}, timeout=60)
            code = ack["roomCode"]
            for p in table[1:]:
                await p.sio.call("joinRoom", {"playerName": p.name, "roomCode": code}, timeout=60)
            # Dealt before the measured window: it measures play, not game starts.
            await table[0].sio.call("startGame", {}, timeout=60)
            players.extend(table)

    hosts: list[Player] = []

    async def seat_search_room(i: int) -> None:
        """One client and 3 SearchBots: the bots think in the server's bot pool."""
        async with sem:
            host = Player(url, f"S{seed}-{i}", random.Random(rng.random()), think, session)
            await host.connect()
            await host.sio.call("createRoom", {"playerName": host.name}, timeout=60)
            for _ in range(ROOM_SIZE - 1):
                await host.sio.call("addBot", {"kind": "SearchBot"}, timeout=60)
            await host.sio.call("startGame", {}, timeout=60)
            hosts.append(host)

    await asyncio.gather(*(seat_room(i) for i in range(rooms)),
                         *(seat_search_room(i) for i in range(search_rooms)))
    # The clients' own garbage collections would show up as server latency: the seated
    # objects are frozen and collections made rare (the server sets its own thresholds).
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    ready.put(len(players) + len(hosts))
    go = await wait_go()
    begin = go + warmup
    stop = begin + seconds

    async def cpu_at(when: float) -> float:
        await asyncio.sleep(max(0.0, when - time.time()))
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    cpu_begin = asyncio.ensure_future(cpu_at(begin))
    await asyncio.gather(*(p.play(go, stop, host=(i % ROOM_SIZE == 0))
                           for i, p in enumerate(players)),
                         *(h.play(go, stop, host=True) for h in hosts))
    lat = [d for p in players for t, d in p.latencies if begin <= t <= stop]
    search_lat = [d for p in hosts for t, d in p.latencies if begin <= t <= stop]
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu = usage.ru_utime + usage.ru_stime - await cpu_begin
    for p in players + hosts:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(p.sio.disconnect(), 2)
    await session.close()
    return {
        "latencies": lat,
        "search_latencies": search_lat,
        "refused": sum(p.refused for p in players),
        "games": sum(p.games for p in players),
        "search_games": sum(p.games for p in hosts),
        "cpu_seconds": cpu,
    }


# --- the server process ------------------------------------------------------------------------


def proc_cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def proc_sched(pid: int) -> tuple[float, float]:
    """(seconds on a CPU, seconds runnable but waiting for a CPU) of every thread of `pid`."""
    run = wait = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, ValueError):
            on_cpu, waiting, _ = (Path(task) / "schedstat").read_text().split()
            run += int(on_cpu) / 1e9
            wait += int(waiting) / 1e9
    return run, wait


def proc_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


#: Where the server's code is imported from (--server-src: another checkout, for comparisons).
SERVER_SRC: Path | None = None


#: Extra `kingdom serve` flags: every client of the benchmark comes from one address, so the
#: per-address limits are off (a server that does not know the flag is asked without it).
SERVER_FLAGS: list[str] = ["--no-rate-limits"]


def start_server(db: Path, port: int) -> subprocess.Popen[str]:
    root = SERVER_SRC or Path(__file__).resolve().parent.parent
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    if SERVER_SRC is not None:
        env["PYTHONPATH"] = str(SERVER_SRC)
    proc = subprocess.Popen(
        [sys.executable, "-m", "kingdom_cli.main", "-q", "serve", "--port", str(port),
         "--db", str(db), "--bot-delay", "0", *SERVER_FLAGS],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        preexec_fn=raise_fd_limit,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if "listening" not in line:
        proc.kill()
        raise SystemExit(f"server did not start: {line}")
    return proc


def server_actions(url: str) -> int | None:
    """The server's count of applied actions (GET /api/health), None if it cannot be read."""
    import urllib.request

    try:
        with urllib.request.urlopen(url.rstrip("/") + "/api/health", timeout=5) as res:
            return int(json.loads(res.read())["actions"])
    except (OSError, ValueError, KeyError):
        return None


def children_cpu_seconds(pid: int) -> float:
    """Processor time of `pid`'s live child processes (the server's bot workers)."""
    total = 0.0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, ValueError):
            for child in (Path(task) / "children").read_text().split():
                total += proc_cpu_seconds(int(child))
    return total


def wait_queue(queue: Any, procs: list[Any], timeout: float) -> Any:
    """The next item of `queue`; gives up when a client process died or time is up."""
    import queue as q

    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            return queue.get(timeout=0.5)
        except q.Empty:
            if any(p.exitcode not in (None, 0) for p in procs):
                raise SystemExit("a client process failed") from None
    raise SystemExit("timed out waiting for the client processes")


def build_parser(description: str) -> argparse.ArgumentParser:
    """The load options (bench/transport_floor.py adds its own to the same parser)."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--rooms", type=int, default=50, help="rooms of 4 clients (default 50)")
    ap.add_argument("--search-rooms", type=int, default=0,
                    help="rooms of 1 client and 3 SearchBots besides (default 0); the figures "
                         "of the --rooms clients are then a bystander's")
    ap.add_argument("--bot-workers", type=int, default=None,
                    help="the server's bot worker processes (default: its own choice; 0: "
                         "bots think in a thread of the server's process, as before)")
    ap.add_argument("--procs", type=int, default=2, help="client processes (default 2)")
    ap.add_argument("--seconds", type=float, default=20.0, help="measured window (default 20)")
    ap.add_argument("--think", type=float, default=0.0,
                    help="mean seconds a client waits before each action (default 0: act as "
                         "soon as the previous acknowledgement is back)")
    ap.add_argument("--warmup", type=float, default=3.0,
                    help="seconds of play before the measured window (default 3)")
    ap.add_argument("--url", default=None, help="use a running server (loopback only)")
    ap.add_argument("--json", action="store_true", help="print the figures as JSON")
    ap.add_argument("--pin", action="store_true",
                    help="run the server on the first processor and the clients on the others "
                         "(no switching between them on the server's processor)")
    ap.add_argument("--compress", action="store_true",
                    help="clients ask for permessage-deflate, as browsers do")
    ap.add_argument("--server-src", type=Path, default=None,
                    help="import the server from this directory (a copy of another commit's "
                         "kingdom_server, kingdom_cli and kingdom_rules) to compare versions")
    return ap


Launcher = Callable[[Path, int], "subprocess.Popen[str]"]


def measure(args: argparse.Namespace, launch: Launcher = start_server) -> dict[str, Any]:
    """Start a server with `launch(db path, port)` (unless --url), seat the rooms, play for the
    window, stop everything; the figures."""
    if not 0 < args.seconds <= 600 or not 0 < args.rooms <= 2000:
        raise SystemExit("--seconds must be in (0, 600] and --rooms in (0, 2000]")
    search_rooms = getattr(args, "search_rooms", 0)
    if not 0 <= search_rooms <= 200:
        raise SystemExit("--search-rooms must be in [0, 200]")
    if getattr(args, "bot_workers", None) is not None:
        os.environ["KINGDOM_BOT_WORKERS"] = str(args.bot_workers)  # to `kingdom serve`
    raise_fd_limit()
    os.environ["KINGDOM_BENCH_WS_COMPRESS"] = "15" if args.compress else "0"  # to the clients

    server: subprocess.Popen[str] | None = None
    cpus = sorted(os.sched_getaffinity(0))
    if getattr(args, "pin", False):
        if len(cpus) < 2 or args.url:
            raise SystemExit("--pin needs two processors and a server this run starts")
        SERVER_CPUS.clear()
        SERVER_CPUS.add(cpus[0])
    tmp = tempfile.TemporaryDirectory()
    if args.url:
        host = urlparse(args.url).hostname or ""
        if host not in LOOPBACK and not host.startswith("127."):
            raise SystemExit("only a server on this machine's loopback may be loaded")
        url = args.url
    else:
        port = free_port()
        server = launch(Path(tmp.name) / "bench.db", port)
        url = f"http://127.0.0.1:{port}"
        if SERVER_CPUS:  # the clients (started below) never share the server's processor
            os.sched_setaffinity(0, set(cpus) - SERVER_CPUS)

    ctx = mp.get_context("spawn")
    go_at = ctx.Value("d", 0.0)
    ready = ctx.Queue()
    out = ctx.Queue()
    procs_n = max(1, min(args.procs, args.rooms))
    shares = [args.rooms // procs_n + (1 if i < args.rooms % procs_n else 0)
              for i in range(procs_n)]
    search_shares = [search_rooms // procs_n + (1 if i < search_rooms % procs_n else 0)
                     for i in range(procs_n)]
    t_setup = time.time()
    procs = [ctx.Process(target=client_process,
                         args=(url, n, 1000 + i, go_at, ready, out, args.seconds, args.think,
                               args.warmup, search_shares[i]),
                         daemon=True)
             for i, n in enumerate(shares)]
    try:
        for p in procs:
            p.start()
        sockets = 0
        for _ in procs:
            sockets += wait_queue(ready, procs, 300)
        setup = time.time() - t_setup
        go = time.time() + 0.5
        go_at.value = go
        time.sleep(max(0.0, go + args.warmup - time.time()))
        actions0 = server_actions(url)
        cpu0 = proc_cpu_seconds(server.pid) if server else 0.0
        sched0 = proc_sched(server.pid) if server else (0.0, 0.0)
        time.sleep(max(0.0, go + args.warmup + args.seconds - time.time()))
        cpu1 = proc_cpu_seconds(server.pid) if server else 0.0
        actions1 = server_actions(url)
        workers_cpu = children_cpu_seconds(server.pid) if server else 0.0
        sched1 = proc_sched(server.pid) if server else (0.0, 0.0)
        rss = proc_rss_mb(server.pid) if server else 0.0
        results = [wait_queue(out, procs, 120) for _ in procs]
        for p in procs:
            p.join(10)
    finally:
        for p in procs:
            if p.is_alive():
                p.kill()
        if server is not None:
            server.kill()
            server.wait(10)
        tmp.cleanup()
        os.sched_setaffinity(0, cpus)

    lat = sorted(x for r in results for x in r["latencies"])
    search_lat = sorted(x for r in results for x in r.get("search_latencies", ()))
    window = args.seconds
    figures = {
        "rooms": args.rooms,
        "think_seconds": args.think,
        "websocket_compression": bool(args.compress),
        "sockets": sockets,
        "client_processes": procs_n,
        "setup_seconds": round(setup, 1),
        "warmup_seconds": args.warmup,
        "window_seconds": window,
        "acks": len(lat),
        "acks_per_second": round(len(lat) / window, 1),
        "refused_acks": sum(r["refused"] for r in results),
        "games_finished": sum(r["games"] for r in results),
        "p50_ms": round(1000 * statistics.median(lat), 2) if lat else None,
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))], 2) if lat else None,
        "max_ms": round(1000 * lat[-1], 2) if lat else None,
        **({
            "search_rooms": search_rooms,
            "search_room_client_acks": len(search_lat),
            "search_room_client_p99_ms": round(
                1000 * search_lat[min(len(search_lat) - 1, int(0.99 * len(search_lat)))], 2)
            if search_lat else None,
            "search_games_finished": sum(r.get("search_games", 0) for r in results),
            # Every action the server applied (bots' included) minus the clients' acks.
            "bot_actions_per_second": round(
                (actions1 - actions0 - len(lat) - len(search_lat)) / window, 1)
            if actions0 is not None and actions1 is not None else None,
            "bot_workers_cpu_seconds_total": round(workers_cpu, 1) if server else None,
        } if search_rooms else {}),
        "server_cpu_percent_of_one_core": round(100 * (cpu1 - cpu0) / window, 1)
        if server else None,
        "server_cpu_ms_per_ack": round(1000 * (cpu1 - cpu0) / len(lat), 2)
        if server and lat else None,
        # Time the server was ready to run but waited for a CPU (others' processes on a shared
        # machine): a large share means the figures measure the machine, not the server.
        "server_waiting_for_cpu_percent": round(100 * (sched1[1] - sched0[1]) / window, 1)
        if server else None,
        "server_rss_mb": round(rss, 1) if server else None,
        "load_average_1min": round(os.getloadavg()[0], 2),
        "clients_cpu_percent_of_one_core": round(
            100 * sum(r["cpu_seconds"] for r in results) / window, 1),
    }
    return figures


def report(figures: dict[str, Any], as_json: bool) -> None:
    if as_json:
        print(json.dumps(figures, indent=2))
    else:
        for k, v in figures.items():
            print(f"{k:32} {v}")


def main() -> None:
    global SERVER_SRC
    args = build_parser(__doc__.split("\n\n")[0]).parse_args()
    SERVER_SRC = args.server_src.resolve() if args.server_src else None
    if SERVER_SRC is not None and not (SERVER_SRC / "kingdom_server" / "limits.py").exists():
        SERVER_FLAGS.clear()  # an older server without limits (nor the flag)
    report(measure(args), args.json)




if __name__ == "__main__":
    main()
