"""`kingdom replay URL MATCH_ID` against a real server on loopback: a finished public game
stepped through with scripted keys; a missing game's clear message."""

from __future__ import annotations

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


def replay(url: str, *args: str, answers: str = "") -> tuple[int, str]:
    proc = subprocess.run([sys.executable, "-m", "kingdom_cli.main", "replay", url, *args],
                          input=answers, text=True, capture_output=True, timeout=60, cwd=REPO,
                          env={**os.environ, "COLUMNS": "110", "PYTHONUNBUFFERED": "1"})
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out[-3000:]
    return proc.returncode, out


def test_replay_steps_through_a_finished_game(server: ThreadServer) -> None:
    async def play() -> str:
        ana = await Client(server.url, "Ana").connect()
        try:
            await ana.ok("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": 2})
            await ana.ok("addBot", {"name": "Brutus"})
            await ana.ok("startGame")
            await play_until(ana, lambda s: s["phase"] == "finished", random.Random(1),
                             timeout=120)
            end = await ana.wait_state(lambda s: bool(s.get("matchId")), what="matchId")
            return str(end["matchId"])
        finally:
            await ana.close()

    match_id = server.run(play(), timeout=150)
    code, out = replay(server.url, match_id, answers="\nn\np\ne\nq\n")
    assert code == 0, out
    assert "Replay of Ana, Brutus" in out
    assert "Step 0/" in out and "the deal" in out
    assert "Step 1/" in out and "Step 2/" in out
    assert "Ana's hand:" in out and "Brutus's hand:" in out  # every hand: the game is over
    last = out.split("Step ")[-1]
    assert any(f in last for f in ("win the game", "wins the game", "The game is drawn")), last
    assert "Scores" in last
    code, only = replay(server.url, match_id, "--step", "-1")
    assert code == 0 and only.count("Step ") == 1
    code, missing = replay(server.url, "no-such-game")
    assert code != 0 and "Replay not found" in missing
