"""A ranked match played to its end on a real server process, which is then killed (SIGKILL)
and started again on the same database: the match is rated once, not again at the restart."""

from __future__ import annotations

from pathlib import Path

from tests.databases import query
from tests.server.ranked_clients import Player, get_json, matched, play_to_the_end, wins_of
from tests.server.test_restart import (  # noqa: F401
    ServerProcess,
    database,
    free_port,
    processes,
)


async def test_rated_once_across_a_sigkill(
    database: Path | str, processes: list[ServerProcess]  # noqa: F811
) -> None:
    """(Also on PostgreSQL when KINGDOM_TEST_POSTGRES_URL is set: tests/databases.py.)"""
    db = database
    port = free_port()
    first = ServerProcess(db, port).start()
    processes.append(first)
    ana = await Player(first.url, "Ana").sign_up()
    ben = await Player(first.url, "Ben").sign_up()
    try:
        for p in (ana, ben):
            await p.connect()
        await matched([ana, ben], {"playerCount": 2}, timeout=15)
        await play_to_the_end([ana, ben])
        before = {p.name: await get_json(first.url, f"/api/ranked/ranking/{p.user['id']}")
                  for p in (ana, ben)}
    finally:
        first.kill()
        for p in (ana, ben):
            await p.close()
    second = ServerProcess(db, port).start()
    processes.append(second)
    after = {p.name: await get_json(second.url, f"/api/ranked/ranking/{p.user['id']}")
             for p in (ana, ben)}
    assert after == before
    for r in after.values():
        assert r["rankedGamesPlayed"] == 1
    assert sorted(r["rankedWins"] for r in after.values()) == wins_of(ana.state)
    assert query(db, "select count(*) from ranked_results") == [(1,)]
    assert query(db, "select count(*) from ranked_matches") == [(1,)]
