"""Seasons and rankings in the database: Season 1 by itself, rollover, start/end, apply once."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from kingdom_server.ranked.tables import NoActiveSeason, RankedStore
from kingdom_server.storage import open_database
from kingdom_server.tables import Tables

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
