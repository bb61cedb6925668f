"""`kingdom connect` against a real server on loopback, driven by scripted input.

The server runs in a thread of the test process (tests/server/helpers.py ThreadServer, bots
acting at once); the client is the real command in a subprocess, fed its answers on stdin and
killed if it runs past its time limit. Raw socket.io clients (tests/server/helpers.py Client)
play the other people at the table, in the server's loop.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web

from kingdom_server import create_app
from kingdom_server.core.rooms import Room, Seat
from tests.server.helpers import Client, PrivacyChecker, ThreadServer, make_settings

REPO = Path(__file__).resolve().parents[2]
LIMIT = 20  # seconds any one run of the command may take


class Pushes:
    """A push observer: every gameState the server sends, per room and seat name."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, dict[str, Any]]] = []

    def __call__(self, room: Room, seat: Seat, event: str, data: Any) -> None:
        if event == "gameState":
            self.seen.append((room.code, seat.name, data))

    def phases(self, name: str) -> list[str]:
        return [d["phase"] for _, n, d in self.seen if n == name]

    def last(self, name: str) -> dict[str, Any]:
        views = [d for _, n, d in self.seen if n == name]
        assert views, f"no push to {name}"
        return views[-1]


class Server:
    def __init__(self, srv: ThreadServer, pushes: Pushes, privacy: PrivacyChecker) -> None:
        self.srv = srv
        self.pushes = pushes
        self.privacy = privacy

    @property
    def url(self) -> str:
        return self.srv.url

    def run(self, coro: Coroutine[Any, Any, Any], timeout: float = 10) -> Any:
        return self.srv.run(coro, timeout)

    def client(self, name: str) -> Client:
        return self.run(Client(self.url, name).connect())

    def background(self, coro: Coroutine[Any, Any, Any]) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.srv.loop)


def _start(tmp_path: Path, port: int = 0) -> tuple[ThreadServer, Pushes, PrivacyChecker]:
    srv = ThreadServer(make_settings(tmp_path))
    if port:
        async def on_port() -> None:  # the same address again (a restarted server)
            srv.app = create_app(srv.settings)
            srv.runner = web.AppRunner(srv.app, handle_signals=False, shutdown_timeout=1)
            await srv.runner.setup()
            await web.TCPSite(srv.runner, "127.0.0.1", port).start()
            srv.port = port

        srv.thread.start()
        srv.run(on_port())
    else:
        srv.start()
    pushes, privacy = Pushes(), PrivacyChecker()
    srv.hub.push_observers.extend([pushes, privacy])
    return srv, pushes, privacy


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv, pushes, privacy = _start(tmp_path)
    try:
        yield Server(srv, pushes, privacy)
    finally:
        srv.stop()
    assert not privacy.failures, privacy.failures[:3]


def _command(url: str, tmp_path: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "kingdom_cli.main", "connect", url, *args,
            "--seat-file", str(tmp_path / "seats.json")]


def _env() -> dict[str, str]:
    return {**os.environ, "COLUMNS": "100", "PYTHONUNBUFFERED": "1"}


def connect(url: str, tmp_path: Path, *args: str, answers: str = "",
            limit: float = LIMIT) -> tuple[int, str]:
    """Run `kingdom connect URL ARGS` with scripted answers; (exit code, all output)."""
    proc = subprocess.run(_command(url, tmp_path, *args), input=answers, text=True,
                          capture_output=True, timeout=limit, cwd=REPO, env=_env())
    out = proc.stdout + proc.stderr
    assert "Traceback" not in out, out[-3000:]
    return proc.returncode, out


def _room_code(out: str) -> str:
    m = re.search(r"Room code: ([A-Z0-9]{6})", out) or re.search(r"room ([A-Z0-9]{6})", out)
    assert m, out[:2000]
    return m.group(1)


def _wait(what: str, test: Callable[[], bool], limit: float = 10) -> None:
    end = time.monotonic() + limit
    while not test():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        time.sleep(0.05)


FINAL = ("win the game", "wins the game", "The game is drawn")


def _finished(out: str) -> bool:
    return "Game over" in out and any(f in out for f in FINAL)


# --- whole games ------------------------------------------------------------------------------


def test_a_full_game_against_a_server_bot(server: Server, tmp_path: Path) -> None:
    # Host menu: 1 adds a bot (alone there is no start), 1 starts; then option 1 everywhere.
    code, out = connect(server.url, tmp_path, "--name", "Ana", "--create",
                        answers="1\n1\n" + "1\n" * 3000)
    assert code == 0, out[-3000:]
    room = _room_code(out)
    assert "Arthur" in out or "(bot)" in out
    assert "Choose your starting resource" in out and "Draw from the deck" in out
    assert _finished(out), out[-2000:]
    phases = server.pushes.phases("Ana")
    assert phases[0] == "waiting" and "playing" in phases
    assert phases[-1] == "finished", phases[-5:]
    assert server.pushes.last("Ana")["roomCode"] == room
    outcome = server.pushes.last("Ana")["outcome"]
    assert outcome is not None and isinstance(outcome["winners"], list)
    if outcome["reason"] == "family":  # the royalFamilyCompleted push is a one-line notice
        assert "completed the Royal Family!" in out
    assert server.privacy.checked > 20


def test_joining_by_code_a_room_another_client_created(server: Server, tmp_path: Path) -> None:
    bea = server.client("Bea")
    room = server.run(bea.ok("createRoom", {"playerName": "Bea"}))["roomCode"]

    async def host() -> None:
        await bea.wait_state(lambda s: len(s["players"]) == 2, timeout=15, what="Ana")
        await asyncio.sleep(0.3)  # Ana sees the waiting room first
        await bea.ok("startGame")
        await bea.wait_state(lambda s: s["phase"] == "choosing_resources")
        await bea.call("leaveRoom")  # a bot plays Bea's seat to the end

    script = server.background(host())
    code, out = connect(server.url, tmp_path, "--name", "Ana", "--room", room.lower(),
                        answers="1\n" * 3000)
    script.result(5)
    assert code == 0, out[-3000:]
    assert f"You joined room {room} as player 2" in out
    assert "Player 1: Bea (host)" in out
    assert "Player 2: Ana (you)" in out
    assert "Waiting for the host to start the game" in out
    assert "Bea left; a bot plays the seat." in out
    assert _finished(out), out[-2000:]
    assert server.pushes.phases("Ana")[-1] == "finished"
    server.run(bea.close())


def test_a_match_shows_the_score_screen_between_hands(server: Server, tmp_path: Path) -> None:
    # 2 switches to match mode, 1 adds a bot, 1 starts.
    code, out = connect(server.url, tmp_path, "--name", "Ana", "--create",
                        answers="2\n1\n1\n" + "1\n" * 6000)
    assert code == 0, out[-3000:]
    assert "match mode" in out
    assert "Hand 1 Complete!" in out
    assert "Next hand starts in: 0:" in out
    assert "Ready for the next hand" in out
    assert "Hand 2/2" in out
    assert _finished(out), out[-2000:]
    last = server.pushes.last("Ana")
    assert last["phase"] == "finished" and len(last["handHistory"]) == 2


# --- the lobby --------------------------------------------------------------------------------


def test_a_wrong_room_code_shows_the_servers_error(server: Server, tmp_path: Path) -> None:
    code, out = connect(server.url, tmp_path, "--name", "Ana", "--room", "ZZZZZZ")
    assert code == 1
    assert "Error: Room not found" in out
    assert len(out.strip().splitlines()) == 1, out


def test_an_unreachable_server_is_one_line_and_exit_1(tmp_path: Path) -> None:
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, out = connect(f"http://127.0.0.1:{port}", tmp_path, "--name", "Ana", "--create")
    assert code == 1
    assert len(out.strip().splitlines()) == 1, out
    assert f"Cannot reach a Kingdom server at http://127.0.0.1:{port}" in out


def test_bad_input_is_answered_and_asked_again(server: Server, tmp_path: Path) -> None:
    answers = ("abc\n0\n9\n\n"  # four bad answers at the host's menu
               "1\n1\n"  # add a bot, start
               "abc\n1\n"  # one bad answer at the starting resource
               "q\n")
    code, out = connect(server.url, tmp_path, "--name", "Ana", "--create", answers=answers)
    assert code == 130, out[-3000:]
    assert out.count("'abc' is not a number") == 2
    assert "There is no choice 0" in out
    assert "There is no choice 9" in out
    assert "Please type the number of your choice" in out
    assert "You left the game." in out
    # Each prompt is asked again after each complaint: 4 + 1 + 1 at the menu, 2, then 1.
    assert out.count("to quit: ") == 9, out
    # q left the room: a bot plays Ana's seat (and with no human left the room closes).
    _wait("Ana to leave", lambda: all(seat["left"] for seat in server.run(_seats(server))))


async def _seats(server: Server) -> list[dict[str, Any]]:
    return [{"name": s.name, "left": s.left} for r in server.srv.hub.rooms.values()
            for s in r.seats if s.name == "Ana"]


def test_browsing_public_games_and_joining_one(server: Server, tmp_path: Path) -> None:
    bea = server.client("Bea")
    room = server.run(bea.ok("createPublicRoom", {"playerName": "Bea",
                                                  "desiredPlayerCount": 2}))["roomCode"]

    async def host() -> None:
        await bea.wait_state(lambda s: len(s["players"]) == 2, timeout=15, what="Ana")
        await bea.ok("startGame")

    script = server.background(host())
    # 1 joins Bea's game; q at the first question of the game leaves.
    code, out = connect(server.url, tmp_path, "--name", "Ana", answers="1\nq\n")
    script.result(5)
    assert code == 130, out[-3000:]
    assert "Public games" in out
    assert f"Join {room} · Bea's table · game · 1/2 players · waiting" in out
    assert "Create a public room" in out
    assert f"You joined room {room} as player 2" in out
    assert "Choose your starting resource" in out
    assert "You left the game." in out
    server.run(bea.close())


def test_creating_a_public_room_asks_the_player_count(server: Server,
                                                      tmp_path: Path) -> None:
    code, out = connect(server.url, tmp_path, "--name", "Ana", "--public", answers="2\nq\n")
    assert code == 130, out[-3000:]
    assert "How many players?" in out
    assert "· public ·" in out
    assert server.pushes.last("Ana")["desiredPlayerCount"] == 3
    assert out.count("Waiting for player...") == 2


def test_the_host_menu_offers_only_what_can_be_done(server: Server, tmp_path: Path) -> None:
    # A public room for 2 (choice 1), then 1 adds a bot; q at the next menu.
    code, out = connect(server.url, tmp_path, "--name", "Ana", "--public", answers="1\n1\nq\n")
    assert code == 130, out[-3000:]
    menus = out.split("Waiting room (you are the host)")[1:]
    assert len(menus) >= 2, out
    alone, full = menus[0], menus[-1]
    # Alone: no start for 1 player, a bot can be added.
    assert "Start the game" not in alone and "Add a bot" in alone
    # With the bot the room of 2 is full: start, but no more bots.
    assert "Start the game (2 players)" in full and "Add a bot" not in full
    assert "players)" in full and "(1 players)" not in out


def test_ctrl_c_leaves_the_room(server: Server, tmp_path: Path) -> None:
    proc = subprocess.Popen(_command(server.url, tmp_path, "--name", "Ana", "--create"),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, cwd=REPO, env=_env())
    try:
        _wait("Ana's seat", lambda: bool(server.pushes.phases("Ana")))
        time.sleep(0.5)  # the menu is open
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=LIMIT)
    finally:
        proc.kill()
    assert proc.returncode == 130, out
    assert "You left the game." in out and "Traceback" not in out
    _wait("the room to close", lambda: not server.run(_seats(server)))


# --- coming back ------------------------------------------------------------------------------


def test_a_crashed_client_takes_its_seat_back_from_the_seat_file(server: Server,
                                                                  tmp_path: Path) -> None:
    # Another program held the seat and died: its token is in the seat file.
    ana = server.client("Ana")
    seat = server.run(ana.ok("createRoom", {"playerName": "Ana"}))
    server.run(ana.ok("addBot", {}))
    server.run(ana.ok("startGame"))
    server.run(ana.close())
    key = f"{server.url} {seat['roomCode']}"
    (tmp_path / "seats.json").write_text(json.dumps({key: ana.seat}))
    code, out = connect(server.url, tmp_path, "--name", "Ana", "--room", seat["roomCode"],
                        answers="1\n" * 3000)
    assert code == 0, out[-3000:]
    assert f"You have your seat back in room {seat['roomCode']}" in out
    assert _finished(out)
    assert server.pushes.phases("Ana")[-1] == "finished"
    assert json.loads((tmp_path / "seats.json").read_text()) == {}  # the game is over


def test_a_dropped_connection_rejoins_and_plays_on(tmp_path: Path) -> None:
    """The server restarts mid-game: the client reconnects, rejoins and finishes the game."""
    first, pushes, _ = _start(tmp_path)
    port = first.port
    url = first.url
    proc = subprocess.Popen(_command(url, tmp_path, "--name", "Ana", "--create"),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, cwd=REPO, env=_env())
    second = None
    try:
        assert proc.stdin is not None
        proc.stdin.write("1\n1\n1\n1\n")  # bot, start, starting resource, first draw
        proc.stdin.flush()
        _wait("Ana's turn", lambda: any(d["phase"] == "playing" and d["legalActions"] and
                                        d["players"][0]["hasDrawnThisTurn"]
                                        for _, n, d in pushes.seen if n == "Ana"))
        first.stop()
        second, pushes2, _ = _start(tmp_path, port)
        out, _ = proc.communicate("1\n" * 3000, timeout=LIMIT)
    finally:
        proc.kill()
        if second is not None:
            second.stop()
    assert proc.returncode == 0, out[-3000:]
    assert "Connection lost; reconnecting" in out
    assert "Reconnected: you have your seat back." in out
    assert _finished(out), out[-2000:]
    assert pushes2.phases("Ana")[-1] == "finished"


def test_a_seat_taken_over_elsewhere_ends_the_session(server: Server, tmp_path: Path) -> None:
    proc = subprocess.Popen(_command(server.url, tmp_path, "--name", "Ana", "--create"),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, cwd=REPO, env=_env())
    try:
        seats = tmp_path / "seats.json"
        _wait("the seat file", lambda: seats.exists() and bool(json.loads(seats.read_text())))
        (kept,) = json.loads(seats.read_text()).values()
        other = server.client("other tab")
        server.run(other.ok("rejoinRoom", {k: kept[k] for k in
                                           ("roomCode", "playerId", "reconnectToken")}))
        proc.wait(timeout=LIMIT)  # stdin stays open: the push alone ends the session
        assert proc.stdout is not None
        out = proc.stdout.read()
    finally:
        proc.kill()
    assert proc.returncode == 1, out
    assert "Connection Error: Your seat was taken over by another connection" in out
    assert "Traceback" not in out
    server.run(other.close())


def test_a_refused_move_shows_the_servers_text(server: Server, tmp_path: Path) -> None:
    """A move the server refuses (the table moved on) prints the acknowledgement's error."""
    import io

    from rich.console import Console

    from kingdom_cli.connect import Lines, Seats, Session

    out = io.StringIO()
    session = Session(server.url, "Ana", Console(file=out, width=100),
                      Lines(io.StringIO("1\n")), Seats(tmp_path / "seats.json"))

    async def script() -> None:
        await session.open()
        assert await session.seated("createRoom", {"playerName": "Ana"})
        assert (await session.call("addBot", {}))["success"]
        assert (await session.call("startGame", {}))["success"]
        assert session.view is not None and session.view["phase"] == "choosing_resources"
        stale = {"type": "drawCard", "player": 1, "source": "deck"}
        await session.act({**session.view, "legalActions": [stale]})
        await session.close()

    asyncio.run(script())
    text = out.getvalue()
    assert "Draw from the deck" in text
    assert re.search(r"Failed to draw card: .+", text), text[-1500:]
