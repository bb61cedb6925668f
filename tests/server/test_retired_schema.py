"""A database made by an earlier version: the tables and columns the server no longer has
(`spire_nodes`, `spire_relics`, `user_rankings.tier`) go when it starts, and what it keeps is
still there and served."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from kingdom_server.ranked import ranked_key

Start = Callable[..., Awaitable[TestServer]]


def columns(db: Path, table: str) -> set[str]:
    with sqlite3.connect(db) as c:
        return {row[1] for row in c.execute(f'PRAGMA table_info("{table}")')}


def tables(db: Path) -> set[str]:
    with sqlite3.connect(db) as c:
        return {row[0] for row in c.execute("SELECT name FROM sqlite_master WHERE type='table'")}


async def test_retired_tables_and_columns_are_dropped_at_start(start_server: Start,
                                                                tmp_path: Path) -> None:
    db = tmp_path / "old.db"
    url = f"sqlite:///{db}"
    first = await start_server(database_url=url)
    season = first.app[ranked_key].active_season()
    assert season is not None
    await first.close()
    # As an earlier version left it: two more tables, and a tier stored beside the rating.
    with sqlite3.connect(db) as c:
        c.execute("CREATE TABLE spire_nodes (id INTEGER PRIMARY KEY, run_id VARCHAR(36))")
        c.execute("CREATE INDEX spirenode_run_id ON spire_nodes (run_id)")
        c.execute("CREATE TABLE spire_relics (id INTEGER PRIMARY KEY, run_id VARCHAR(36))")
        c.execute("INSERT INTO spire_nodes (run_id) VALUES ('r')")
        c.execute("ALTER TABLE user_rankings ADD COLUMN tier VARCHAR(16) DEFAULT 'silver'")
        c.execute("CREATE INDEX userranking_tier ON user_rankings (tier)")
        c.execute(
            "INSERT INTO user_rankings (user_id, season_id, ladder, mu, sigma, rating, "
            "peak_rating, tier, ranked_games_played, ranked_wins, ranked_losses, "
            "placement_matches_completed, current_win_streak, best_win_streak, "
            "current_loss_streak, legend, updated_at) VALUES "
            "('u1', ?, 'standard', 25, 8, 1700, 1700, 'gold', 12, 8, 4, 10, 1, 3, 0, 0, "
            "'2026-11-01 00:00:00')", (season.id,))
    assert {"spire_nodes", "spire_relics"} <= tables(db) and "tier" in columns(db, "user_rankings")

    second = await start_server(database_url=url)
    try:
        assert not {"spire_nodes", "spire_relics"} & tables(db)
        assert "tier" not in columns(db, "user_rankings")
        async with aiohttp.ClientSession() as http, http.get(
            second.make_url("/api/ranked/ranking/u1")
        ) as r:
            ranking: Any = await r.json()
        assert r.status == 200
        assert (ranking["rating"], ranking["tier"], ranking["rankedWins"]) == (1700, "platinum", 8)
    finally:
        await second.close()
    # A third start finds nothing more to drop.
    third = await start_server(database_url=url)
    await third.close()
    assert "rating" in columns(db, "user_rankings")
