"""Kill the server (SIGKILL) in the middle of a match and start it again on the same database."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from tests.databases import BACKENDS, empty_postgres
from tests.server.helpers import Client
from tests.server.play import play_until

VOLATILE = {"connected", "botControlled", "scoreScreenTimer"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """`kingdom serve` as its own process on `db` (a SQLite file, or a PostgreSQL URL), with
    any more `options` of the command."""

    def __init__(self, db: Path | str, port: int, options: Sequence[str] = ()) -> None:
        self.db, self.port, self.options = db, port, tuple(options)
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> ServerProcess:
        env = dict(os.environ, KINGDOM_ABSENCE_SECONDS="600")
        env.pop("DATABASE_URL", None)
        where = ["--db", str(self.db)]
        if isinstance(self.db, str):
            env["DATABASE_URL"] = self.db
            where = []
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "kingdom_cli.main", "serve", "--port", str(self.port),
             *where, "--bot-delay", "0", *self.options],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert f"http://127.0.0.1:{self.port}" in line, line
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)


@pytest.fixture
def processes() -> Any:
    started: list[ServerProcess] = []
    yield started
    for p in started:
        p.kill()


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in state.items() if k not in VOLATILE}
    out["players"] = [{k: v for k, v in p.items() if k not in VOLATILE} for p in state["players"]]
    return out


async def settle(clients: list[Client], quiet: float = 0.3) -> None:
    """Wait until no push has arrived for `quiet` seconds (bots are done)."""
    while True:
        counts = [len(c.states) for c in clients]
        await asyncio.sleep(quiet)
        if [len(c.states) for c in clients] == counts:
            return


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Path | str:
    """The server's database: a SQLite file (by --db), or the scratch PostgreSQL database with
    every table dropped (by DATABASE_URL; tests/databases.py, skipped without it)."""
    if request.param == "sqlite":
        return tmp_path / "kingdom.db"
    return empty_postgres()


async def test_sigkill_mid_match_then_restart_resumes_every_room(
    database: Path | str, processes: list[ServerProcess]
) -> None:
    db = database
    port = free_port()
    first = ServerProcess(db, port).start()
    processes.append(first)
    ana = await Client(first.url, "ana").connect()
    ben = await Client(first.url, "ben").connect()
    lobby = await Client(first.url, "lobby").connect()
    try:
        code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
        await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": code})
        await ana.ok("addBot", {})
        await ana.ok("addBot", {})
        await ana.ok("toggleGameMode", {"gameMode": "match"})
        await ana.ok("startGame")
        # A second room still waiting in its lobby must survive too.
        waiting = await lobby.ok("createPublicRoom", {"playerName": "Lee", "desiredPlayerCount": 3})
        for c in (ana, ben):
            await c.wait_state(lambda s: s["phase"] != "waiting")
        rngs = [random.Random(1), random.Random(2)]
        counter = {"n": 0}

        def enough(state: dict[str, Any]) -> bool:
            counter["n"] += 1
            return counter["n"] > 40 or state["phase"] == "finished"

        await asyncio.gather(*(play_until(c, enough, r) for c, r in zip((ana, ben), rngs,
                                                                          strict=True)))
        await settle([ana, ben])
        before = {c.name: comparable(c.state) for c in (ana, ben)}
        assert before["ana"]["phase"] != "finished"
        seats = {c.name: dict(c.seat) for c in (ana, ben, lobby)}
    finally:
        first.kill()
        for c in (ana, ben, lobby):
            await c.close()

    second = ServerProcess(db, port).start()
    processes.append(second)
    again = {name: await Client(second.url, name).connect() for name in ("ana", "ben", "lobby")}
    try:
        games = (await again["lobby"].ok("getPublicGames"))["games"]
        assert [g["roomCode"] for g in games] == [waiting["roomCode"]]
        for name in ("ana", "ben"):
            ack = await again[name].ok("rejoinRoom", seats[name])
            assert ack["roomCode"] == code
            state = await again[name].wait_state(lambda s: s["phase"] != "waiting")
            assert comparable(state) == before[name]
        await again["lobby"].ok("rejoinRoom", seats["lobby"])
        lee = await again["lobby"].wait_state(lambda s: s["phase"] == "waiting")
        assert lee["isHost"] and lee["desiredPlayerCount"] == 3
        # The match goes on to its end from the same state.
        done = lambda s: s["phase"] == "finished"  # noqa: E731
        await asyncio.gather(*(play_until(again[n], done, random.Random(5 + i), timeout=120)
                               for i, n in enumerate(("ana", "ben"))))
        assert len(again["ana"].state["handHistory"]) == 4
    finally:
        for c in again.values():
            await c.close()
        second.kill()


async def test_restart_on_the_score_screen_resumes_the_countdown(start_server, connect_to) -> None:
    """An in-process restart on the same database between two hands of a match."""
    first = await start_server(score_screen_seconds=2)
    ana = await connect_to(first, "ana")
    seat = await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.ok("addBot", {})
    await ana.ok("toggleGameMode", {"gameMode": "match"})
    await ana.ok("startGame")
    await ana.wait_state(lambda s: s["phase"] != "waiting")
    await play_until(ana, lambda s: s["phase"] in ("handComplete", "finished"),
                     random.Random(3), skip=("readyForNextHand",))
    assert ana.state["phase"] == "handComplete"
    # The bot is ready at once (its ready is logged like any action).
    before = comparable(await ana.wait_state(lambda s: s["players"][1]["readyForNextHand"]))
    await ana.close()
    await first.close()

    second = await start_server(score_screen_seconds=2)
    back = await connect_to(second, "ana again")
    await back.ok("rejoinRoom", {k: seat[k] for k in ("roomCode", "playerId", "reconnectToken")})
    state = await back.wait_state(lambda s: s["phase"] != "waiting")
    after = comparable(state)
    for a, b in zip(after["players"], before["players"], strict=True):
        assert a == b, {k: (a.get(k), b.get(k)) for k in set(a) | set(b) if a.get(k) != b.get(k)}
    assert after == before
    assert state["scoreScreenTimer"] in (1, 2)
    await back.wait_state(lambda s: s["currentHand"] == 2, timeout=6)


def test_serve_says_when_the_port_is_taken(tmp_path: Path, processes: list[ServerProcess]) -> None:
    first = ServerProcess(tmp_path / "a.db", free_port()).start()
    processes.append(first)
    out = subprocess.run(
        [sys.executable, "-m", "kingdom_cli.main", "serve", "--port", str(first.port),
         "--db", str(tmp_path / "b.db")],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 1
    assert f"Cannot listen on 127.0.0.1:{first.port}" in out.stderr


async def test_a_room_whose_log_does_not_replay_is_closed_at_restart(
        start_server, connect_to, tmp_path: Path) -> None:
    """docs/deploy.md: a room whose stored moves no longer replay is closed when it is loaded,
    not served half-rebuilt; the other rooms are loaded as ever."""
    from playhouse.db_url import connect

    from tests.server.helpers import server_database_url

    first = await start_server()
    ana = await connect_to(first, "ana")
    seat = await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.ok("addBot", {})
    await ana.ok("startGame")
    await ana.wait_state(lambda s: s["phase"] != "waiting")
    moves = {"n": 0}

    def some(state: dict[str, Any]) -> bool:
        moves["n"] += 1
        return moves["n"] > 4 or state["phase"] == "finished"

    await play_until(ana, some, random.Random(4))
    lee = await connect_to(first, "lee")
    other = await lee.ok("createRoom", {"playerName": "Lee"})
    await ana.close()
    await lee.close()
    await first.close()

    db = connect(server_database_url(tmp_path))
    db.execute_sql("UPDATE game_actions SET data = '{\"type\": \"no such move\"}'")
    db.close()

    second = await start_server()
    back = await connect_to(second, "ana again")
    refused = await back.call(
        "rejoinRoom", {k: seat[k] for k in ("roomCode", "playerId", "reconnectToken")})
    assert refused == {"success": False, "error": "Room not found"}
    lee_back = await connect_to(second, "lee again")
    await lee_back.ok(
        "rejoinRoom", {k: other[k] for k in ("roomCode", "playerId", "reconnectToken")})
    db = connect(server_database_url(tmp_path))
    status = db.execute_sql(f"SELECT status FROM rooms WHERE code = '{seat['roomCode']}'")
    assert [r[0] for r in status.fetchall()] == ["closed"]
    db.close()
