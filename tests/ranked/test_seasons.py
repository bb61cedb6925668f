"""Seasons and rankings in the database: Season 1 by itself, rollover, start/end, apply once."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kingdom_server.core.storage import open_database
from kingdom_server.core.tables import Tables
from kingdom_server.ranked.service import NoActiveSeason, RankedStore

T0 = dt.datetime(2026, 1, 1, 12, 0, 0)


@pytest.fixture
def store(tmp_path: Path) -> RankedStore:
    return RankedStore(Tables(open_database(f"sqlite:///{tmp_path / 'k.db'}")))


def test_a_fresh_database_starts_season_1_of_90_days(store: RankedStore) -> None:
    season = store.active_season(T0)
    assert season is not None
    assert season.name == "Season 1"
    assert season.season_number == 1
    assert season.ends_at - season.starts_at == dt.timedelta(days=90)
    assert season.placement_matches_required == 5
    assert store.active_season(T0 + dt.timedelta(days=1)) == season


def test_an_expired_season_rolls_over(store: RankedStore) -> None:
    first = store.active_season(T0)
    assert first is not None
    second = store.active_season(T0 + dt.timedelta(days=91))
    assert second is not None
    assert second.name == "Season 2"
    assert second.ends_at - second.starts_at == dt.timedelta(days=90)
    assert [s.is_active for s in store.seasons()] == [True, False]


def test_start_and_end_by_hand(store: RankedStore) -> None:
    store.active_season(T0)
    s = store.start_season("Winter", 30, T0 + dt.timedelta(days=2))
    assert (s.name, s.season_number) == ("Winter", 2)
    ended = store.end_season(T0 + dt.timedelta(days=3))
    assert ended.id == s.id and not ended.is_active
    assert store.active_season(T0 + dt.timedelta(days=4)) is None
    with pytest.raises(NoActiveSeason):
        store.end_season(T0)
    with pytest.raises(ValueError):
        store.start_season("  ", 30)
    with pytest.raises(ValueError):
        store.start_season("X", 0)


def test_apply_once_and_a_new_season_starts_at_1000(store: RankedStore) -> None:
    season = store.active_season(T0)
    assert season is not None
    changes = store.apply_match(season.id, "ROOM1:1", ["u1", "u2"], [1, 2], now=T0)
    assert changes["u1"] > 0 > changes["u2"]
    again = store.apply_match(season.id, "ROOM1:1", ["u1", "u2"], [2, 1], now=T0)
    assert again == changes
    r1 = store.ranking("u1", season)
    assert (r1.games, r1.wins, r1.losses, r1.placement_done) == (1, 1, 0, 1)
    assert r1.rating == 1000 + changes["u1"]
    assert r1.peak_rating == r1.rating
    assert r1.to_json()["tierLabel"] == "Placement 1/5"
    r2 = store.ranking("u2", season)
    assert (r2.games, r2.wins, r2.losses, r2.current_loss_streak) == (1, 0, 1, 1)
    assert r2.peak_rating == 1000
    board = store.leaderboard(season)
    assert [r.user_id for r in board] == ["u1", "u2"]
    # The next season: everyone at 1000 with placement again; the past season stays readable.
    new = store.start_season("Season 2", 90, T0 + dt.timedelta(days=1))
    fresh = store.ranking("u1", new)
    assert (fresh.rating, fresh.games, fresh.placement_done) == (1000, 0, 0)
    assert store.leaderboard(new) == []
    assert [r.user_id for r in store.leaderboard(season)] == ["u1", "u2"]


def test_placement_ends_after_five_and_streaks(store: RankedStore) -> None:
    season = store.active_season(T0)
    assert season is not None
    for i in range(6):
        store.apply_match(season.id, f"M{i}", ["a", "b"], [1, 2], now=T0)
    a = store.ranking("a", season)
    assert a.placement_done == 5
    assert (a.current_win_streak, a.best_win_streak, a.wins) == (6, 6, 6)
    assert a.to_json()["tierLabel"] in {"Bronze", "Silver", "Gold", "Platinum", "Diamond"}
    store.apply_match(season.id, "M6", ["a", "b"], [2, 1], now=T0)
    a = store.ranking("a", season)
    assert (a.current_win_streak, a.best_win_streak, a.current_loss_streak) == (0, 6, 1)
    assert a.peak_rating >= a.rating


def test_a_failed_apply_changes_nothing(store: RankedStore) -> None:
    season = store.active_season(T0)
    assert season is not None
    with pytest.raises(ValueError):
        store.apply_match(season.id, "BAD", ["a", "b", "c", "d"], [1, 2, 2, 1], now=T0)
    with pytest.raises(ValueError):
        store.apply_match(season.id, "BAD", ["a", "a"], [1, 2], now=T0)
    assert store.rated("BAD") is None
    assert store.leaderboard(season) == []


# -- ladders ---------------------------------------------------------------------------------

PLACED = {"placement_matches_completed": 5, "ranked_games_played": 5}


SIGMA = 2.0  # a settled player: one match moves the rating by 7-8 points


def _mu_for(rating: int) -> float:
    """The mu that, with SIGMA, displays `rating` (24 * (mu - 3 sigma) + 1000)."""
    return (rating - 1000) / 24 + 3 * SIGMA


def _set(store: RankedStore, season_id: int, user_id: str, ladder: str, rating: int,
         legend: bool) -> None:
    R = store.UserRanking
    fields = dict(mu=_mu_for(rating), sigma=SIGMA, rating=rating, legend=legend, **PLACED)
    if not R.update(**fields).where(
        (R.user_id == user_id) & (R.season_id == season_id) & (R.ladder == ladder)
    ).execute():
        R.create(user_id=user_id, season_id=season_id, ladder=ladder, **fields)


def test_the_ladders_keep_their_ratings_apart(store: RankedStore) -> None:
    season = store.active_season(T0)
    assert season is not None
    store.apply_match(season.id, "S:1", ["a", "b"], [1, 2], now=T0)
    store.apply_match(season.id, "C:1", ["a", "b"], [2, 1], now=T0, ladder="constructed")
    standard, constructed = store.ranking("a", season), store.ranking("a", season, "constructed")
    assert (standard.ladder, standard.wins, standard.losses) == ("standard", 1, 0)
    assert (constructed.ladder, constructed.wins, constructed.losses) == ("constructed", 0, 1)
    assert standard.rating > 1000 > constructed.rating
    assert [r.user_id for r in store.leaderboard(season)] == ["a", "b"]
    assert [r.user_id for r in store.leaderboard(season, ladder="constructed")] == ["b", "a"]
    # Rated once per match key, whatever the ladder asked the second time.
    assert store.apply_match(season.id, "C:1", ["a", "b"], [1, 2], ladder="standard") == (
        store.rated("C:1")
    )
    assert store.ranking("a", season) == standard
    with pytest.raises(ValueError):
        store.apply_match(season.id, "X:1", ["a", "b"], [1, 2], ladder="spire")
    with pytest.raises(ValueError):
        store.ranking("a", season, "spire")


def test_legend_is_remembered_on_the_constructed_ladder(store: RankedStore) -> None:
    season = store.active_season(T0)
    assert season is not None
    # Just under 2400: a win takes the player over it, and they are Legend.
    _set(store, season.id, "a", "constructed", 2396, legend=False)
    _set(store, season.id, "b", "constructed", 2396, legend=False)
    store.apply_match(season.id, "L:1", ["a", "b"], [1, 2], now=T0, ladder="constructed")
    a = store.ranking("a", season, "constructed")
    assert a.rating >= 2400 and a.legend and a.tier == "legend"
    assert a.to_json()["tierLabel"] == "Legend" and a.to_json()["tier"] == "legend"
    # Falling back into 2300-2399: still Legend (no flicker at the threshold).
    _set(store, season.id, "a", "constructed", 2330, legend=True)
    _set(store, season.id, "b", "constructed", 2330, legend=False)
    store.apply_match(season.id, "L:2", ["a", "b"], [2, 1], now=T0, ladder="constructed")
    a, b = store.ranking("a", season, "constructed"), store.ranking("b", season, "constructed")
    assert 2300 <= a.rating < 2400 and a.legend and a.tier == "legend"
    assert b.rating < 2400 and not b.legend and b.tier == "diamond"
    # Below 2300: Diamond again, and 2300-2399 no longer brings Legend back.
    _set(store, season.id, "a", "constructed", 2302, legend=True)
    store.apply_match(season.id, "L:3", ["a", "b"], [2, 1], now=T0, ladder="constructed")
    a = store.ranking("a", season, "constructed")
    assert a.rating < 2300 and not a.legend and a.tier == "diamond"
    _set(store, season.id, "a", "constructed", 2350, legend=False)
    store.apply_match(season.id, "L:4", ["a", "b"], [1, 2], now=T0, ladder="constructed")
    a = store.ranking("a", season, "constructed")
    assert 2300 <= a.rating < 2400 and not a.legend
    # The standard ladder has no Legend, whatever the rating.
    _set(store, season.id, "a", "standard", 2600, legend=False)
    store.apply_match(season.id, "L:5", ["a", "b"], [1, 2], now=T0)
    a = store.ranking("a", season)
    assert a.rating >= 2400 and not a.legend and a.tier == "diamond"


OLD_SCHEMA = (
    'CREATE TABLE "user_rankings" ("id" INTEGER NOT NULL PRIMARY KEY, "user_id" VARCHAR(64) '
    'NOT NULL, "season_id" INTEGER NOT NULL, "mu" REAL NOT NULL, "sigma" REAL NOT NULL, '
    '"rating" INTEGER NOT NULL, "peak_rating" INTEGER NOT NULL, "tier" VARCHAR(16) NOT NULL, '
    '"ranked_games_played" INTEGER NOT NULL, "ranked_wins" INTEGER NOT NULL, "ranked_losses" '
    'INTEGER NOT NULL, "placement_matches_completed" INTEGER NOT NULL, "current_win_streak" '
    'INTEGER NOT NULL, "best_win_streak" INTEGER NOT NULL, "current_loss_streak" INTEGER NOT '
    'NULL, "updated_at" DATETIME NOT NULL)',
    'CREATE UNIQUE INDEX "userranking_user_id_season_id" ON "user_rankings" ("user_id", '
    '"season_id")',
    'CREATE TABLE "ranked_matches" ("match_key" VARCHAR(128) NOT NULL PRIMARY KEY, '
    '"season_id" INTEGER NOT NULL, "user_ids" TEXT NOT NULL, "abandoned" TEXT NOT NULL, '
    '"started_at" DATETIME NOT NULL)',
    "INSERT INTO user_rankings (user_id, season_id, mu, sigma, rating, peak_rating, tier,"
    " ranked_games_played, ranked_wins, ranked_losses, placement_matches_completed,"
    " current_win_streak, best_win_streak, current_loss_streak, updated_at) VALUES ('u1', 1,"
    " 30.0, 5.0, 1240, 1250, 'gold', 3, 2, 1, 3, 0, 2, 1, '2026-01-01 00:00:00')",
    "INSERT INTO ranked_matches VALUES ('R:1', 1, '[\"u1\", \"u2\"]', '[\"u2\"]', "
    "'2026-01-01 00:00:00')",
)


def old_schema(url: str) -> tuple[str, ...]:
    """OLD_SCHEMA as SQLite created it, or as PostgreSQL did (peewee's types there)."""
    if url.startswith("sqlite"):
        return OLD_SCHEMA
    return tuple(
        sql.replace('"id" INTEGER NOT NULL PRIMARY KEY', '"id" SERIAL NOT NULL PRIMARY KEY')
        .replace("DATETIME", "TIMESTAMP")
        for sql in OLD_SCHEMA
    )


def test_a_database_from_before_the_ladders_keeps_its_rankings(database_url: str) -> None:
    """The tables as the ranked feature created them before the Constructed ladder: their rows
    become standard ones, and the old unique key gives way to the one with the ladder. (Also on
    PostgreSQL when KINGDOM_TEST_POSTGRES_URL is set: tests/databases.py.)"""
    url = database_url
    old = open_database(url)
    for sql in old_schema(url):
        old.execute_sql(sql)
    old.close()
    store = RankedStore(Tables(open_database(url)))
    season = store.active_season(T0)
    assert season is not None and season.id == 1
    r = store.ranking("u1", season)
    assert (r.ladder, r.rating, r.wins, r.losses, r.legend) == ("standard", 1240, 2, 1, False)
    started = store.ranked_match("R:1")
    assert started is not None
    assert (started.ladder, started.abandoned) == ("standard", frozenset({"u2"}))
    # The same player and season on the Constructed ladder: a row of its own.
    store.apply_match(season.id, "C:1", ["u1", "u2"], [1, 2], now=T0, ladder="constructed")
    assert store.ranking("u1", season) == r
    assert store.ranking("u1", season, "constructed").games == 1
    # Opening it again changes nothing.
    again = RankedStore(Tables(open_database(url)))
    assert again.ranking("u1", season) == r
    assert again.ranking("u1", season, "constructed").games == 1
