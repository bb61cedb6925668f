"""Ranked's tables: `ranked_seasons`, `user_rankings`, `ranked_matches` and `ranked_results`."""

from __future__ import annotations

import peewee as pw

from kingdom_server.core.tables import FeatureTable
from kingdom_server.core.tables import now as now_row
from kingdom_server.ranked.ratings import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    PLACEMENT_MATCHES,
    STANDARD,
    STARTING_RATING,
)


class RankedSeason(FeatureTable):
    season_number = pw.IntegerField(unique=True)
    name = pw.CharField(max_length=100)
    starts_at = pw.DateTimeField()
    ends_at = pw.DateTimeField()
    placement_matches_required = pw.IntegerField(default=PLACEMENT_MATCHES)
    is_active = pw.BooleanField(default=False, index=True)

    class Meta:
        table_name = "ranked_seasons"


class UserRanking(FeatureTable):
    """One user's ranking in one season on one ladder (`user_rankings`) with
    openskill's mu/sigma."""

    retired_indexes = ("userranking_user_id_season_id",)
    retired_columns = ("tier",)  # the tier is worked out from the rating (Ranking.tier)

    user_id = pw.CharField(max_length=64)
    season_id = pw.IntegerField(index=True)
    ladder = pw.CharField(max_length=16, default=STANDARD)
    mu = pw.FloatField(default=DEFAULT_MU)
    sigma = pw.FloatField(default=DEFAULT_SIGMA)
    rating = pw.IntegerField(default=STARTING_RATING, index=True)
    peak_rating = pw.IntegerField(default=STARTING_RATING)
    ranked_games_played = pw.IntegerField(default=0)
    ranked_wins = pw.IntegerField(default=0)
    ranked_losses = pw.IntegerField(default=0)
    placement_matches_completed = pw.IntegerField(default=0)
    current_win_streak = pw.IntegerField(default=0)
    best_win_streak = pw.IntegerField(default=0)
    current_loss_streak = pw.IntegerField(default=0)
    legend = pw.BooleanField(default=False)
    updated_at = pw.DateTimeField(default=now_row)

    class Meta:
        table_name = "user_rankings"
        indexes = ((("user_id", "season_id", "ladder"), True),)


class RankedMatch(FeatureTable):
    """A ranked match in play or played: its season, its ladder and who abandoned it."""

    match_key = pw.CharField(max_length=128, primary_key=True)
    season_id = pw.IntegerField()
    ladder = pw.CharField(max_length=16, default=STANDARD)
    user_ids = pw.TextField()  # JSON list, seat order
    abandoned = pw.TextField(default="[]")  # JSON list of user ids
    started_at = pw.DateTimeField(default=now_row)

    class Meta:
        table_name = "ranked_matches"


class RankedResult(FeatureTable):
    """A rated match: written in the same transaction as the rankings it changed."""

    match_key = pw.CharField(max_length=128, unique=True)
    season_id = pw.IntegerField()
    changes = pw.TextField()  # JSON: {userId: ratingChange}
    created_at = pw.DateTimeField(default=now_row)

    class Meta:
        table_name = "ranked_results"


TABLES = (RankedSeason, UserRanking, RankedMatch, RankedResult)
