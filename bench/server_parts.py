"""Where the server's processor time goes per accepted action, measured inside a real server
under bench/server_load.py's load (same clients, same window).

The server runs with thin wrappers that take the thread's processor time around the pieces an
action goes through (none of them waits on the network, so the time is theirs alone):

- `a message (socket.io)`: all of one incoming call from its text to its acknowledgement
  (decoding, the call, the ack), of which
  - `a call (Hub handler)`: the call itself (checks, engine, log, pushes), of which
    - `Pushes.room`: every seat's gameState after a move, of which
      - `push_parts`: the views (the engine's `view_parts`, the room's and seats' fields),
      - `encode_event_parts`: their JSON (the shared part once, each seat's own part),
      - `Pushes.send_text`: handing one text to engine.io (per seat);
    - `Storage.log_action`: the action's row into the action journal (SQLite file), or
      `ActionLog.flush`: its commit (other databases);
    - `kingdom_rules.apply`: the engine's move;
- `Storage.flush_actions`: the journal's rows moved into the database (every second);
- `collector genN`: the garbage collector's runs, by generation.

Since no piece waits on the network or a lock, the thread's time around an awaited piece is
its own. It prints the load's figures (bench/server_load.py) and, per piece, the calls in the
window, the median / 90th / 99th percentile in microseconds, and the piece's processor time
per acknowledgement (its total over the window / acknowledgements). Compare them with the same
pieces in a
tight loop (`python bench/transport_floor.py --game-work`): in a server that also keeps 2,000
sockets busy, the same code takes two to four times longer (cold processor caches).

    python bench/server_parts.py --rooms 500 --think 3 --seconds 20
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

import server_load  # noqa: E402  (bench/server_load.py, the load generator)

SAMPLES: dict[str, list[float]] = {}
MARK: dict[str, int] = {}


def _record(name: str, seconds: float) -> None:
    SAMPLES.setdefault(name, []).append(seconds)


def _timed_sync(name: str, fn: Any) -> Any:
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            _record(name, time.thread_time() - t0)

    return wrapper


def _timed_async(name: str, fn: Any) -> Any:
    @functools.wraps(fn)
    async def wrapper(*args: Any, **kwargs: Any) -> Any:
        t0 = time.thread_time()
        try:
            return await fn(*args, **kwargs)
        finally:
            _record(name, time.thread_time() - t0)

    return wrapper


def install() -> None:
    import kingdom_rules
    import kingdom_server.core.games as games
    import kingdom_server.core.pushes as pushes
    from kingdom_server.core.actionlog import ActionLog
    from kingdom_server.core.hub import Hub
    from kingdom_server.core.storage import Storage
    from kingdom_server.core.wire import Server

    guard = Hub._guard
    Hub._guard = lambda self, event, fn: _timed_async(  # type: ignore[method-assign]
        "a call (Hub handler)", guard(self, event, fn))
    Server._handle_eio_message = _timed_async(  # type: ignore[method-assign]
        "a message (socket.io)", Server._handle_eio_message)
    pushes.Pushes.room = _timed_async("Pushes.room", pushes.Pushes.room)  # type: ignore[method-assign]
    pushes.Pushes.send_text = _timed_async(  # type: ignore[method-assign]
        "Pushes.send_text", pushes.Pushes.send_text)
    pushes.push_parts = _timed_sync("push_parts", pushes.push_parts)
    pushes.encode_event_parts = _timed_sync("encode_event_parts", pushes.encode_event_parts)
    ActionLog.flush = _timed_sync("ActionLog.flush", ActionLog.flush)  # type: ignore[method-assign]
    Storage.log_action = _timed_sync("Storage.log_action", Storage.log_action)  # type: ignore[method-assign]
    Storage.flush_actions = _timed_sync(  # type: ignore[method-assign]
        "Storage.flush_actions", Storage.flush_actions)
    assert games.kr is kingdom_rules
    kingdom_rules.apply = _timed_sync("kingdom_rules.apply", kingdom_rules.apply)


def _at(ordered: list[float], q: float) -> float:
    """The q-quantile of `ordered` (seconds) in microseconds."""
    return round(1e6 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)


def serve(port: int, db: str, out: str) -> None:
    """`kingdom serve` with the wrappers; SIGUSR1 marks the window's start, the next one
    writes the pieces' figures since the mark to `out`."""

    def on_signal(signum: int, frame: Any) -> None:
        if not MARK:
            MARK.update({k: len(v) for k, v in SAMPLES.items()})
            MARK["__marked__"] = 1
            return
        figures = {}
        for name, values in sorted(SAMPLES.items()):
            window = sorted(values[MARK.get(name, 0):])
            if not window:
                continue
            figures[name] = {"calls": len(window), "p50_us": _at(window, 0.5),
                             "p90_us": _at(window, 0.9), "p99_us": _at(window, 0.99),
                             "total_ms": round(1e3 * sum(window), 1)}
        Path(out).write_text(json.dumps(figures))

    install()
    collecting: dict[int, float] = {}

    def on_collect(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collecting[info["generation"]] = time.thread_time()
        elif info["generation"] in collecting:
            _record(f"collector gen{info['generation']}",
                    time.thread_time() - collecting.pop(info["generation"]))

    gc.callbacks.append(on_collect)
    signal.signal(signal.SIGUSR1, on_signal)
    from kingdom_cli.main import cli

    sys.argv = ["kingdom", "-q", "serve", "--port", str(port), "--db", db, "--bot-delay", "0",
                *server_load.SERVER_FLAGS]
    cli()


def main() -> None:
    ap = server_load.build_parser(__doc__.split("\n\n")[0])
    ap.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--db", default="", help=argparse.SUPPRESS)
    ap.add_argument("--out", default="", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve:
        server_load.raise_fd_limit()
        serve(args.port, args.db, args.out)
        return
    if args.url:
        raise SystemExit("server_parts.py starts its own server (no --url)")
    out = Path(os.environ.get("TMPDIR", "/tmp")) / f"kingdom-parts-{os.getpid()}.json"
    servers: list[subprocess.Popen[str]] = []

    def launch(db: Path, port: int) -> subprocess.Popen[str]:
        proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--serve", "--port", str(port),
             "--db", str(db), "--out", str(out)],
            cwd=Path(__file__).resolve().parent.parent, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, preexec_fn=server_load.raise_fd_limit,
        )
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if "listening" not in line:
            proc.kill()
            raise SystemExit(f"server did not start: {line}")
        servers.append(proc)
        return proc

    # bench/server_load.py reads the server's action count exactly at the window's start and
    # end: the same moments mark the pieces' window.
    read_actions = server_load.server_actions

    def server_actions(url: str) -> int | None:
        for proc in servers:
            proc.send_signal(signal.SIGUSR1)
        return read_actions(url)

    server_load.server_actions = server_actions
    try:
        figures = server_load.measure(args, launch)
        pieces = json.loads(out.read_text()) if out.exists() else {}
    finally:
        out.unlink(missing_ok=True)
    figures["pieces"] = pieces
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    server_load.report({k: v for k, v in figures.items() if k != "pieces"}, False)
    acks = max(1, int(figures.get("acks") or 1))
    print(f"\n{'piece':24} {'calls':>7} {'p50 us':>8} {'p90 us':>8} {'p99 us':>8} "
          f"{'us per ack':>10}")
    for name, f in pieces.items():
        print(f"{name:24} {f['calls']:7} {f['p50_us']:8} {f['p90_us']:8} {f['p99_us']:8} "
              f"{1e3 * f['total_ms'] / acks:10.1f}")


if __name__ == "__main__":
    main()
