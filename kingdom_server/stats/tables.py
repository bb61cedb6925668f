"""The statistics' tables: `matches`, `match_participants` and `user_stats`."""

from __future__ import annotations

import peewee as pw

from kingdom_server.core.tables import FeatureTable, now

STANDARD_FORMAT = "standard"
CONSTRUCTED_FORMAT = "constructed"
"""A match's `format`: the decks it was played with (the standard deal, or each player's own
Constructed deck). For a ranked match it is its ladder (the same names as ranked's ladders)."""


class Match(FeatureTable):
    """One finished casual game or whole match."""

    id = pw.CharField(primary_key=True, max_length=36)
    game_id = pw.IntegerField(unique=True)
    """The stored game (`games.id`) this row is the result of: written once."""
    room_code = pw.CharField(max_length=8)
    game_mode = pw.CharField(max_length=8)  # casual | ranked
    format = pw.CharField(max_length=16, default=STANDARD_FORMAT)
    """standard | constructed: the decks it was played with; a ranked match's ladder."""
    season_id = pw.CharField(max_length=36, null=True)
    player_count = pw.IntegerField()
    match_type = pw.CharField(max_length=8)  # game | match
    started_at = pw.DateTimeField()
    completed_at = pw.DateTimeField(index=True)
    duration_seconds = pw.IntegerField()

    class Meta:
        table_name = "matches"

    @classmethod
    def columns_added(cls, db: pw.Database, columns: set[str]) -> None:
        """Matches recorded before `format` existed: those of Constructed rooms (found by their
        stored game, or, for the Constructed ladder, by its ranked match) become Constructed;
        the rest were standard games."""
        if "format" not in columns:
            return
        tables = set(db.get_tables())
        if {"games", "rooms"} <= tables:
            db.execute_sql(  # type: ignore[no-untyped-call]
                "UPDATE matches SET format = %s WHERE game_id IN (SELECT g.id FROM games g"
                " JOIN rooms r ON r.code = g.room_id WHERE r.constructed)"
                .replace("%s", db.param),
                (CONSTRUCTED_FORMAT,),
            )
        if "ranked_matches" in tables:
            db.execute_sql(  # type: ignore[no-untyped-call]
                "UPDATE matches SET format = %s WHERE EXISTS (SELECT 1 FROM ranked_matches rm"
                " WHERE rm.match_key = matches.room_code || ':' || CAST(matches.game_id AS"
                " VARCHAR(12)) AND rm.ladder = %s)".replace("%s", db.param),
                (CONSTRUCTED_FORMAT, CONSTRUCTED_FORMAT),
            )


class MatchParticipant(FeatureTable):
    """One seat of a finished match: a signed-in player, a guest (no user) or a bot."""

    id = pw.AutoField()
    match_id = pw.CharField(max_length=36, index=True)
    user_id = pw.CharField(max_length=36, null=True, index=True)
    player_number = pw.IntegerField()
    name = pw.CharField(max_length=64)
    is_bot = pw.BooleanField(default=False)
    final_score = pw.IntegerField()
    placement = pw.IntegerField()
    won = pw.BooleanField()
    royals_played = pw.IntegerField(default=0)
    dragons_created = pw.IntegerField(default=0)
    divine_dragons_created = pw.IntegerField(default=0)
    golden_dragons_created = pw.IntegerField(default=0)
    silver_dragons_created = pw.IntegerField(default=0)
    unicorns_created = pw.IntegerField(default=0)
    horses_created = pw.IntegerField(default=0)
    castles_created = pw.IntegerField(default=0)
    cathedrals_created = pw.IntegerField(default=0)
    rating_change = pw.IntegerField(default=0)
    left = pw.BooleanField(default=False)
    """The person left the game before its end (or abandoned the ranked match): placed last;
    the counts above are what they did themselves."""

    class Meta:
        table_name = "match_participants"


class UserStats(FeatureTable):
    """A signed-in player's totals over every counted game."""

    user_id = pw.CharField(primary_key=True, max_length=36)
    total_games = pw.IntegerField(default=0)
    total_wins = pw.IntegerField(default=0)
    total_losses = pw.IntegerField(default=0)
    highest_score = pw.IntegerField(default=0)
    total_score = pw.IntegerField(default=0)
    average_score = pw.FloatField(default=0.0)
    current_win_streak = pw.IntegerField(default=0)
    best_win_streak = pw.IntegerField(default=0)
    total_divine_dragons = pw.IntegerField(default=0)
    total_golden_dragons = pw.IntegerField(default=0)
    total_silver_dragons = pw.IntegerField(default=0)
    total_unicorns = pw.IntegerField(default=0)
    total_castles = pw.IntegerField(default=0)
    total_cathedrals = pw.IntegerField(default=0)
    total_horses = pw.IntegerField(default=0)
    updated_at = pw.DateTimeField(default=now)

    class Meta:
        table_name = "user_stats"


TABLES = (Match, MatchParticipant, UserStats)
