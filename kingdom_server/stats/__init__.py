"""Statistics and match history: each finished casual game or match written once (`Results`),
`GET /api/stats/{userId}` and `GET /api/matches/{userId}`."""

from kingdom_server.accounts import USER_DELETED, Accounts
from kingdom_server.core.feature import GAME_FINISHED, ROOMS_LOADED, Env, Feature, Hook, on
from kingdom_server.stats.routes import ROUTES, results_key
from kingdom_server.stats.service import LeaverHook, RankedIn, RatingHook, Results, SeasonHook
from kingdom_server.stats.tables import TABLES, Match, MatchParticipant, UserStats

RATING: Hook[RatingHook] = Hook("stats.rating", lambda env: env.need(Results).rating_hooks)
"""(db, match result) -> rating change by player number, in the result's transaction."""
SEASON: Hook[SeasonHook] = Hook("stats.season", lambda env: env.need(Results).season_hooks)
"""(match result) -> the season and ladder a ranked match counts in (`RankedIn`)."""
LEAVERS: Hook[LeaverHook] = Hook("stats.leavers", lambda env: env.need(Results).leaver_hooks)
"""(room) -> player numbers who abandoned the match (placed last)."""


def _start(env: Env) -> None:
    env.app[results_key] = env.provide(Results(env.storage))


FEATURE = Feature(
    name="stats",
    tables=TABLES,
    routes=ROUTES,
    start=_start,
    subscriptions=(
        on(USER_DELETED, lambda env: env.need(Results).forget_user),
        on(GAME_FINISHED, lambda env: env.need(Results).game_finished),
        on(ROOMS_LOADED, lambda env: env.need(Results).rooms_loaded),
    ),
    needs=(Accounts,),
    provides=(Results,),
)

__all__ = ["FEATURE", "LEAVERS", "RATING", "SEASON", "TABLES", "Match", "MatchParticipant",
           "RankedIn", "Results", "UserStats", "results_key"]
