"""Ranked's own tables (`ranked_seasons`, `user_rankings`, `ranked_results`) and their store.

Declared as feature tables (kingdom_server/tables.py); `RankedStore(storage.tables)` binds them
to the one database of `Storage` and creates them when missing. Seasons:

- a database without any season starts 'Season 1' of 90 days by itself (`active_season`);
- when the active season's end date passes, the next one starts by itself with the same length
  ('Season N+1'), so ranked keeps working;
- `start_season(name, days)` ends the active season (if any) and starts a new one;
  `end_season()` ends it without a successor (until the next `start_season`).

Every season starts every player at 1000 with placement: a ranking row exists per user, season
and ladder ('standard' or 'constructed', ratings.LADDERS), and a user without one is at the
defaults. The two ladders share the seasons, the tables and this code; the `ladder` column
(default 'standard': a row that names no ladder is a standard one)
keeps their ratings apart. A Constructed ranking also remembers whether it holds Legend
(`legend`), the one tier that depends on more than the current rating.

Ratings are applied once per match: `apply_match` records the match's key in `ranked_results`
in the same transaction as the rankings it changes, and a second call with the same key
changes nothing and answers the changes recorded the first time.
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from typing import Any

import attrs
import peewee as pw

from kingdom_server.core.tables import Tables
from kingdom_server.core.tables import now as now_row
from kingdom_server.ranked.ratings import (
    DEFAULT_MU,
    DEFAULT_SIGMA,
    LADDERS,
    PLACEMENT_MATCHES,
    STANDARD,
    STARTING_RATING,
    Skill,
    legend_after,
    rate_match,
    tier_label,
    tier_of,
)
from kingdom_server.ranked.tables import (
    TABLES,
    RankedMatch,
    RankedResult,
    RankedSeason,
    UserRanking,
)

DEFAULT_SEASON_DAYS = 90


def _iso(moment: dt.datetime) -> str:
    return moment.replace(tzinfo=dt.UTC).isoformat().replace("+00:00", "Z")


@attrs.frozen
class Season:
    id: int
    season_number: int
    name: str
    starts_at: dt.datetime
    ends_at: dt.datetime
    placement_matches_required: int
    is_active: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seasonNumber": self.season_number,
            "name": self.name,
            "startsAt": _iso(self.starts_at),
            "endsAt": _iso(self.ends_at),
            "placementMatchesRequired": self.placement_matches_required,
            "isActive": self.is_active,
        }


@attrs.frozen
class Ranking:
    user_id: str
    season_id: int
    ladder: str = STANDARD
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    rating: int = STARTING_RATING
    peak_rating: int = STARTING_RATING
    games: int = 0
    wins: int = 0
    losses: int = 0
    placement_done: int = 0
    placement_required: int = PLACEMENT_MATCHES
    current_win_streak: int = 0
    best_win_streak: int = 0
    current_loss_streak: int = 0
    legend: bool = False

    @property
    def skill(self) -> Skill:
        return Skill(mu=self.mu, sigma=self.sigma)

    @property
    def tier(self) -> str:
        return tier_of(self.rating, self.legend)

    def to_json(self) -> dict[str, Any]:
        return {
            "userId": self.user_id,
            "seasonId": self.season_id,
            "ladder": self.ladder,
            "rating": self.rating,
            "peakRating": self.peak_rating,
            "tier": self.tier,
            "tierLabel": tier_label(
                self.rating, self.placement_done, self.placement_required, self.legend
            ),
            "rankedGamesPlayed": self.games,
            "rankedWins": self.wins,
            "rankedLosses": self.losses,
            "placementMatchesCompleted": self.placement_done,
            "placementMatchesRequired": self.placement_required,
            "inPlacement": self.placement_done < self.placement_required,
            "currentWinStreak": self.current_win_streak,
            "bestWinStreak": self.best_win_streak,
            "currentLossStreak": self.current_loss_streak,
        }


@attrs.frozen
class StartedMatch:
    """What `ranked_matches` holds of a ranked match: rated in this season, on this ladder;
    the user ids who abandoned it."""

    season_id: int
    ladder: str
    abandoned: frozenset[str]


def check_ladder(ladder: str) -> str:
    if ladder not in LADDERS:
        raise ValueError(f"no ladder {ladder!r}")
    return ladder


class NoActiveSeason(Exception):
    """Raised by `end_season` when there is nothing to end."""



class RankedStore:
    """Seasons and rankings over the tables bound to one database (`storage.tables`)."""

    def __init__(self, tables: Tables) -> None:
        tables.create(TABLES)
        self.db = tables.db
        self.RankedSeason = tables[RankedSeason]
        self.UserRanking = tables[UserRanking]
        self.RankedMatch = tables[RankedMatch]
        self.RankedResult = tables[RankedResult]

    def forget_user(self, db: pw.Database, user_id: str) -> None:
        """(accounts' deletion hook, in its transaction) The user's rankings go; the matches
        they played stay rated for the others."""
        self.UserRanking.delete().where(self.UserRanking.user_id == user_id).execute()

    # --- seasons ---------------------------------------------------------------------------

    @staticmethod
    def _season(row: Any) -> Season:
        return Season(
            id=row.id,
            season_number=row.season_number,
            name=row.name,
            starts_at=row.starts_at,
            ends_at=row.ends_at,
            placement_matches_required=row.placement_matches_required,
            is_active=row.is_active,
        )

    def seasons(self) -> list[Season]:
        """Every season, newest first."""
        rows = self.RankedSeason.select().order_by(self.RankedSeason.season_number.desc())
        return [self._season(r) for r in rows]

    def season(self, season_id: int) -> Season | None:
        row = self.RankedSeason.get_or_none(id=season_id)
        return self._season(row) if row is not None else None

    def _next_number(self) -> int:
        top = self.RankedSeason.select(pw.fn.MAX(self.RankedSeason.season_number)).scalar()
        return int(top or 0) + 1

    def _create(self, name: str | None, days: float, now: dt.datetime) -> Season:
        number = self._next_number()
        row = self.RankedSeason.create(
            season_number=number,
            name=name or f"Season {number}",
            starts_at=now,
            ends_at=now + dt.timedelta(days=days),
            placement_matches_required=PLACEMENT_MATCHES,
            is_active=True,
        )
        return self._season(row)

    def active_season(self, now: dt.datetime | None = None) -> Season | None:
        """The season being played; starts Season 1 on a fresh database and rolls an expired
        season over to the next one of the same length."""
        now = now or now_row()
        with self.db.atomic():
            row = (
                self.RankedSeason.select()
                .where(self.RankedSeason.is_active == True)  # noqa: E712
                .order_by(self.RankedSeason.season_number.desc())
                .first()
            )
            if row is None:
                if self.RankedSeason.select().exists():
                    return None  # ended by hand: no season until the next `season start`
                return self._create("Season 1", DEFAULT_SEASON_DAYS, now)
            if row.ends_at > now:
                return self._season(row)
            length = row.ends_at - row.starts_at
            row.is_active = False
            row.save()
            days = max(length.total_seconds() / 86400, 1.0)
            return self._create(None, days, now)

    def start_season(self, name: str, days: float, now: dt.datetime | None = None) -> Season:
        name = name.strip()
        if not name:
            raise ValueError("a season needs a name")
        if len(name) > 100:
            raise ValueError("a season's name has at most 100 characters")
        if not days > 0:
            raise ValueError("a season lasts at least part of a day")
        now = now or now_row()
        with self.db.atomic():
            self.RankedSeason.update(is_active=False).where(
                self.RankedSeason.is_active == True  # noqa: E712
            ).execute()
            return self._create(name, days, now)

    def end_season(self, now: dt.datetime | None = None) -> Season:
        now = now or now_row()
        with self.db.atomic():
            row = self.RankedSeason.get_or_none(self.RankedSeason.is_active == True)  # noqa: E712
            if row is None:
                raise NoActiveSeason("No Active Season")
            row.is_active = False
            row.ends_at = min(row.ends_at, now)
            row.save()
            return self._season(row)

    # --- rankings --------------------------------------------------------------------------

    def _ranking(self, row: Any, required: int) -> Ranking:
        return Ranking(
            user_id=row.user_id,
            season_id=row.season_id,
            ladder=row.ladder,
            mu=row.mu,
            sigma=row.sigma,
            rating=row.rating,
            peak_rating=row.peak_rating,
            games=row.ranked_games_played,
            wins=row.ranked_wins,
            losses=row.ranked_losses,
            placement_done=row.placement_matches_completed,
            placement_required=required,
            current_win_streak=row.current_win_streak,
            best_win_streak=row.best_win_streak,
            current_loss_streak=row.current_loss_streak,
            legend=bool(row.legend),
        )

    def _where(self, user_id: str, season_id: int, ladder: str) -> Any:
        R = self.UserRanking
        return (R.user_id == user_id) & (R.season_id == season_id) & (R.ladder == ladder)

    def ranking(self, user_id: str, season: Season, ladder: str = STANDARD) -> Ranking:
        """A user's ranking in a season on a ladder; the defaults (1000, placement) when they
        have none."""
        row = self.UserRanking.get_or_none(self._where(user_id, season.id, check_ladder(ladder)))
        if row is None:
            return Ranking(
                user_id=user_id,
                season_id=season.id,
                ladder=ladder,
                placement_required=season.placement_matches_required,
            )
        return self._ranking(row, season.placement_matches_required)

    def leaderboard(
        self, season: Season, limit: int = 100, ladder: str = STANDARD
    ) -> list[Ranking]:
        """The season's players on a ladder by rating (highest first; then more wins, then
        fewer games)."""
        R = self.UserRanking
        rows = (
            R.select()
            .where(
                (R.season_id == season.id)
                & (R.ladder == check_ladder(ladder))
                & (R.ranked_games_played > 0)
            )
            .order_by(R.rating.desc(), R.ranked_wins.desc(), R.ranked_games_played, R.user_id)
            .limit(limit)
        )
        return [self._ranking(r, season.placement_matches_required) for r in rows]

    # --- ranked matches in play ---------------------------------------------------------------

    def register_match(
        self, match_key: str, season_id: int, user_ids: Sequence[str], ladder: str = STANDARD
    ) -> None:
        """A ranked match starts: its season (rated in it even if the season ends meanwhile)
        and its ladder."""
        self.RankedMatch.create(
            match_key=match_key,
            season_id=season_id,
            ladder=check_ladder(ladder),
            user_ids=json.dumps(list(user_ids)),
        )

    def ranked_match(self, match_key: str) -> StartedMatch | None:
        """The season, ladder and abandoners of a ranked match; None for another game."""
        row = self.RankedMatch.get_or_none(self.RankedMatch.match_key == match_key)
        if row is None:
            return None
        return StartedMatch(
            season_id=int(row.season_id),
            ladder=str(row.ladder),
            abandoned=frozenset(json.loads(row.abandoned)),
        )

    def record_abandon(self, match_key: str, user_id: str) -> bool:
        """A player left the match or stayed away past the takeover time: they place last
        whatever happens next. False when it was already recorded (or no such match)."""
        with self.db.atomic():
            row = self.RankedMatch.get_or_none(self.RankedMatch.match_key == match_key)
            if row is None:
                return False
            gone = json.loads(row.abandoned)
            if user_id in gone or user_id not in json.loads(row.user_ids):
                return False
            gone.append(user_id)
            row.abandoned = json.dumps(gone)
            row.save()
            return True

    def rated(self, match_key: str) -> dict[str, int] | None:
        """The rating changes recorded for a match, or None when it was never rated."""
        row = self.RankedResult.get_or_none(self.RankedResult.match_key == match_key)
        if row is None:
            return None
        changes: dict[str, int] = json.loads(row.changes)
        return changes

    def apply_match(
        self,
        season_id: int,
        match_key: str,
        user_ids: Sequence[str],
        placements: Sequence[int],
        now: dt.datetime | None = None,
        ladder: str = STANDARD,
    ) -> dict[str, int]:
        """Rate a finished match once on its ladder: each seat's user id and placement (1 =
        first, team mates share one). Returns {userId: ratingChange}. Runs in one transaction
        (a savepoint inside a caller's transaction); a match key seen before changes nothing."""
        if len(set(user_ids)) != len(user_ids):
            raise ValueError("a player appears twice in one match")
        check_ladder(ladder)
        now = now or now_row()
        with self.db.atomic():
            earlier = self.rated(match_key)
            if earlier is not None:
                return earlier
            season = self.season(season_id)
            if season is None:
                raise ValueError(f"no season {season_id}")
            before = [self.ranking(u, season, ladder) for u in user_ids]
            after = rate_match([r.skill for r in before], placements)
            changes: dict[str, int] = {}
            for old, skill, place in zip(before, after, placements, strict=True):
                won = place == 1
                rating = skill.rating
                changes[old.user_id] = rating - old.rating
                placed = min(old.placement_done + 1, season.placement_matches_required)
                legend = legend_after(
                    ladder, rating, placed, season.placement_matches_required, old.legend
                )
                fields = {
                    "mu": skill.mu,
                    "sigma": skill.sigma,
                    "rating": rating,
                    "peak_rating": max(old.peak_rating, rating),
                    "legend": legend,
                    "ranked_games_played": old.games + 1,
                    "ranked_wins": old.wins + (1 if won else 0),
                    "ranked_losses": old.losses + (0 if won else 1),
                    "placement_matches_completed": placed,
                    "current_win_streak": old.current_win_streak + 1 if won else 0,
                    "best_win_streak": max(
                        old.best_win_streak, old.current_win_streak + 1 if won else 0
                    ),
                    "current_loss_streak": 0 if won else old.current_loss_streak + 1,
                    "updated_at": now,
                }
                updated = (
                    self.UserRanking.update(**fields)
                    .where(self._where(old.user_id, season.id, ladder))
                    .execute()
                )
                if not updated:
                    self.UserRanking.create(
                        user_id=old.user_id, season_id=season.id, ladder=ladder, **fields
                    )
            self.RankedResult.create(
                match_key=match_key,
                season_id=season.id,
                changes=json.dumps(changes),
                created_at=now,
            )
            return changes
