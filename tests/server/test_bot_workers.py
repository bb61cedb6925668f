"""The bot pool's worker processes end with their server: a server killed with SIGKILL shuts
no pool down, and its workers must not live on as orphans (one set more at every restart)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

from tests.server.helpers import Client
from tests.server.test_restart import ServerProcess, free_port, processes  # noqa: F401


def _children(pid: int) -> set[int]:
    """Process ids whose parent is `pid` (Linux /proc)."""
    found = set()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


async def test_workers_end_when_the_server_is_killed(
    tmp_path: Path, processes: list[ServerProcess]  # noqa: F811
) -> None:
    server = ServerProcess(tmp_path / "kingdom.sqlite3", free_port()).start()
    processes.append(server)
    assert server.proc is not None
    ana = await Client(server.url, "ana").connect()
    try:
        await ana.ok("createRoom", {"playerName": "Ana"})
        await ana.ok("addBot", {"kind": "SearchBot"})
        await ana.ok("startGame")
        # The pool starts its workers with the first SearchBot decision: wait for one.
        workers: set[int] = set()
        for _ in range(200):
            workers = {p for p in _children(server.proc.pid) if _alive(p)}
            if workers:
                break
            await asyncio.sleep(0.1)
        assert workers, "the server started no worker process"
    finally:
        await ana.close()
    server.kill()
    for _ in range(100):
        if not any(_alive(p) for p in workers):
            break
        await asyncio.sleep(0.1)
    assert not any(_alive(p) for p in workers), "a worker outlived its killed server"
