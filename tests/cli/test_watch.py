"""`kingdom watch URL CODE` against a real server on loopback: a public game watched to its end
(the table of every move, no hand, the quick chat said there), and a private game whose host
does not allow it."""

from __future__ import annotations

import asyncio
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import Client, ThreadServer, make_settings
from tests.server.play import play_until

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ThreadServer]:
    srv = ThreadServer(make_settings(tmp_path)).start()
    try:
        yield srv
    finally:
        srv.stop()


def watch(url: str, code: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "kingdom_cli.main", "watch", url, code],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, cwd=REPO,
                            env={**os.environ, "COLUMNS": "110", "PYTHONUNBUFFERED": "1"})


def test_watch_a_public_game_to_its_end(server: ThreadServer) -> None:
    ana = server.run(Client(server.url, "Ana").connect())

    async def start() -> str:
        await ana.ok("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": 2})
        await ana.ok("addBot", {"name": "Brutus"})
        await ana.ok("startGame")
        return str(ana.seat["roomCode"])

    code = server.run(start())
    proc = watch(server.url, code)

    async def play_once_watched() -> None:
        room = server.hub.rooms[code]
        for _ in range(400):
            if room.spectators:
                break
            await asyncio.sleep(0.05)
        assert room.spectators, "the terminal watches"
        await ana.ok("quickChat", {"phrase": "wellPlayed"})  # said at the table, seen watching
        await play_until(ana, lambda s: s["phase"] == "finished", random.Random(4), timeout=120)

    try:
        server.run(play_once_watched(), timeout=150)
        out, _ = proc.communicate(timeout=60)
    finally:
        proc.kill()
        server.run(ana.close())
    assert "Traceback" not in out, out[-3000:]
    assert proc.returncode == 0, out[-2000:]
    assert f"Watching room {code}" in out
    assert "1 watching" in out and "Game over" in out
    assert "Your hand" not in out  # a spectator has none
    assert "Ana: Well played" in out


def test_a_private_game_without_spectators_cannot_be_watched(server: ThreadServer) -> None:
    async def start() -> str:
        ana = await Client(server.url, "Ana").connect()
        await ana.ok("createRoom", {"playerName": "Ana"})
        await ana.ok("addBot")
        await ana.ok("startGame")
        return str(ana.seat["roomCode"])

    code = server.run(start())
    out, _ = watch(server.url, code).communicate(timeout=60)
    assert "The host of this game does not allow spectators" in out
