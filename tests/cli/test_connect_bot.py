"""`kingdom connect --bot`: bots written against the library play a seat on a real server.

The server runs in a thread of the test process (tests/cli/test_connect.py's fixture); each
bot is the real command in a subprocess. The docs' example bot (docs/bots.md) is saved in an
empty folder and entered by its import path, as a bot author would.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from tests.bots.test_docs_example import _example_source
from tests.cli.test_connect import REPO, Server, _command, _env, connect, server  # noqa: F401

LIMIT = 60


def _bot_env(folder: Path) -> dict[str, str]:
    return {**_env(), "PYTHONPATH": os.pathsep.join([str(folder), str(REPO)])}


def test_two_bots_play_a_whole_game_on_a_server(server: Server, tmp_path: Path) -> None:  # noqa: F811
    folder = tmp_path / "mybot"
    folder.mkdir()
    (folder / "eagerbot.py").write_text(_example_source())
    host = subprocess.Popen(
        _command(server.url, tmp_path, "--name", "Greedy", "--bot", "greedy", "--create",
                 "--players", "2", "--seed", "1"),
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=REPO,
        env=_bot_env(folder))
    try:
        assert host.stdout is not None
        first = ""
        end = time.monotonic() + 20
        while "Room code:" not in first:
            assert time.monotonic() < end, first
            line = host.stdout.readline()
            assert line, first
            first += line
        code = re.search(r"Room code: ([A-Z0-9]{6})", first)
        assert code is not None, first
        guest = subprocess.run(
            _command(server.url, tmp_path / "guest", "--name", "Eager", "--bot",
                     "eagerbot:EagerBot", "--room", code.group(1)),
            text=True, capture_output=True, timeout=LIMIT, cwd=folder, env=_bot_env(folder))
        rest, _ = host.communicate(timeout=LIMIT)
    finally:
        if host.poll() is None:
            host.kill()
    out = guest.stdout + guest.stderr
    assert "Traceback" not in out + rest, (out + rest)[-3000:]
    assert guest.returncode == 0, out[-3000:]
    assert host.returncode == 0, rest[-3000:]
    assert "Game over" in out and "Game over" in rest
    for name in ("Greedy", "Eager"):
        phases = server.pushes.phases(name)
        assert phases[0] == "waiting" and phases[-1] == "finished", phases[-3:]
        playing = [d for _, n, d in server.pushes.seen if n == name and d["phase"] == "playing"]
        # Both seats are labelled as bots at the table, and no server bot played them.
        for view in playing:
            assert all(p["botAccount"] and not p["botControlled"] for p in view["players"])
    assert server.privacy.checked > 20


def test_a_bot_that_cannot_be_loaded_is_one_line(server: Server, tmp_path: Path) -> None:  # noqa: F811
    code, out = connect(server.url, tmp_path, "--name", "X", "--bot", "nosuch.module:Bot",
                        "--create")
    assert code == 1 and "cannot import 'nosuch.module'" in out


def test_a_bot_needs_a_seat_to_go_to(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "kingdom_cli.main", "connect",
                           "http://127.0.0.1:9", "--name", "X", "--bot", "greedy"],
                          text=True, capture_output=True, timeout=LIMIT, cwd=REPO, env=_env())
    assert proc.returncode == 2
    assert "a bot needs a seat" in proc.stderr


def test_bot_accounts_play_a_match_on_the_bot_ladder(tmp_path: Path) -> None:
    from kingdom_server.accounts.service import Accounts
    from tests.server.helpers import ThreadServer, make_settings
    from tests.server.ranked_clients import PASSWORD, register

    srv = ThreadServer(make_settings(tmp_path, ranked_wave_seconds=0.1,
                                     score_screen_seconds=0.2)).start()
    try:
        users = Accounts(srv.hub.lobby.storage).User
        for name in ("Robo", "Droid"):
            made, _ = srv.run(register(srv.url, name))
            users.update(is_bot=True).where(users.id == made["id"]).execute()
        env = {**_env(), "KINGDOM_PASSWORD": PASSWORD}
        runs = [subprocess.Popen(
            _command(srv.url, tmp_path / name, "--user", name, "--bot", bot, "--ladder", "bots"),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=REPO, env=env)
            for name, bot in (("Robo", "greedy"), ("Droid", "random"))]
        outs = [p.communicate(timeout=LIMIT)[0] for p in runs]
        for p, out in zip(runs, outs, strict=True):
            assert p.returncode == 0 and "Traceback" not in out, out[-3000:]
            assert "Queued for a 2-player match on the bots ladder" in out
            assert "Match found" in out and "Game over" in out
            assert "Hand 1 complete" in out  # a match: one hand per player
        # A person's account is refused by the bot ladder, with the reason, exit status 1.
        srv.run(register(srv.url, "Ana"))
        proc = subprocess.run(
            _command(srv.url, tmp_path / "ana", "--user", "Ana", "--ladder", "bots"),
            text=True, capture_output=True, timeout=LIMIT, cwd=REPO, env=env)
        assert proc.returncode == 1 and "The bot ladder is for bot accounts" in proc.stderr
    finally:
        srv.stop()
