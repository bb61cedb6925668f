"""bench/server_load.py still runs: one room, two seconds (the figures are not checked)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_server_load_bench_runs() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server_load.py"), "--rooms", "1", "--procs", "1",
         "--seconds", "2", "--json"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    figures = json.loads(out.stdout[out.stdout.index("{"):])
    assert figures["sockets"] == 4 and figures["acks"] > 0
    assert figures["p50_ms"] is not None and figures["server_cpu_percent_of_one_core"] is not None


def test_transport_floor_bench_runs() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "transport_floor.py"), "--rooms", "1", "--procs",
         "1", "--seconds", "2", "--warmup", "1", "--json"],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    figures = json.loads(out.stdout[out.stdout.index("{"):])
    assert figures["sockets"] == 4 and figures["acks"] > 0 and figures["refused_acks"] == 0
    assert figures["acting_bytes"] > 1000 and figures["waiting_bytes"] > 1000


def test_server_load_bench_runs_with_search_bot_rooms() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "server_load.py"), "--rooms", "1", "--procs", "1",
         "--search-rooms", "1", "--think", "0.2", "--seconds", "8", "--json"],
        capture_output=True, text=True, timeout=180, cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    figures = json.loads(out.stdout[out.stdout.index("{"):])
    assert figures["sockets"] == 5 and figures["search_rooms"] == 1
    # The bots' rate is the server's applied actions less the clients' acks, over windows that
    # only roughly coincide: on a loaded machine a short run can read it below zero, so the
    # smoke test asks that it is measured and that the Search room's client played (8 s: a
    # SearchBot starved of processor time can take a few seconds before the client's turn).
    assert figures["bot_actions_per_second"] is not None
    assert figures["search_room_client_acks"] > 0
