"""A server killed (SIGKILL) at the end of a game, just before or just after writing the
result, and started again on the same database: the game is counted exactly once."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from kingdom_server.accounts import COOKIE
from tests.databases import query
from tests.server.helpers import Client
from tests.server.play import play_until
from tests.server.test_restart import ServerProcess, database, free_port  # noqa: F401


@pytest.fixture
def processes() -> Any:
    started: list[ServerProcess] = []
    yield started
    for p in started:
        p.kill()


def rows(db: Path | str, sql: str) -> list[tuple[Any, ...]]:
    return query(db, sql)


@pytest.mark.parametrize("failpoint", ["before-result", "after-result"])
async def test_sigkill_at_the_end_of_a_game_counts_it_once(
    database: Path | str, processes: list[ServerProcess], failpoint: str,  # noqa: F811
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """(Also on PostgreSQL when KINGDOM_TEST_POSTGRES_URL is set: tests/databases.py.)"""
    db = database
    port = free_port()
    monkeypatch.setenv("KINGDOM_FAILPOINT", failpoint)
    first = ServerProcess(db, port).start()
    processes.append(first)
    async with aiohttp.ClientSession() as http, http.post(
        f"{first.url}/api/auth/register", json={"username": "Kim", "password": "pass words"}
    ) as r:
        assert r.status == 201
        user_id, token = (await r.json())["id"], r.cookies[COOKIE].value
    kim = await Client(first.url, "kim").connect(headers={"Cookie": f"{COOKIE}={token}"})
    try:
        await kim.ok("createRoom", {})
        await kim.ok("addBot", {})
        await kim.ok("startGame")
        await kim.wait_state(lambda s: s["phase"] != "waiting")
        # The server dies at the game's end: the last call gets no answer, so the game is
        # played until the process is gone (not until the play's own timeout).
        assert first.proc is not None
        play = asyncio.ensure_future(play_until(
            kim, lambda s: s["phase"] == "finished", random.Random(11), timeout=90))
        died = asyncio.ensure_future(asyncio.to_thread(first.proc.wait, 90))
        await asyncio.wait([play, died], return_when=asyncio.FIRST_COMPLETED)
        assert died.done() or play.exception() is not None, "the game ended, the server lived"
        play.cancel()
        with contextlib.suppress(BaseException):
            await play
        await died
    finally:
        await kim.close()
    assert first.proc is not None
    assert first.proc.wait(10) == -9  # killed by the failpoint, at the end of the game
    written = rows(db, "SELECT count(*) FROM matches")[0][0]
    assert written == (1 if failpoint == "after-result" else 0)
    monkeypatch.delenv("KINGDOM_FAILPOINT")
    os.environ.pop("KINGDOM_FAILPOINT", None)
    second = ServerProcess(db, port).start()
    processes.append(second)
    async with aiohttp.ClientSession() as http, http.get(
        f"{second.url}/api/stats/{user_id}"
    ) as r:
        stats = await r.json()
    assert stats["totalGames"] == 1
    assert rows(db, "SELECT count(*) FROM matches") == [(1,)]
    assert rows(db, "SELECT count(*) FROM match_participants") == [(2,)]
    second.kill()
    # A third start changes nothing either.
    third = ServerProcess(db, port).start()
    processes.append(third)
    assert rows(db, "SELECT count(*) FROM matches") == [(1,)]
    assert rows(db, "SELECT total_games FROM user_stats") == [(1,)]
