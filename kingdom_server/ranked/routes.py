"""Ranked's HTTP calls (docs/protocol.md, "Ranked", "HTTP"):

    GET /api/ranked/season/active          the active season, or null
    GET /api/ranked/seasons                every season, newest first
    GET /api/ranked/leaderboard/{seasonId} the season's players by rating (top 100)
    GET /api/ranked/ranking/{userId}       a user's ranking in the active season
                                           (?seasonId=N for another); null without a season
    GET /api/ranked/tiers                  the ladder's tiers, lowest first (ratings.tier_ladder)

The last three take `?ladder=standard` (the default) or `?ladder=constructed`: the Constructed
ladder's ratings are kept apart from the standard ones, and only it has Legend.

They read the app's `RankedStore` (`ranked_key`, bound to the database of `Storage`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from kingdom_server.accounts import accounts_key
from kingdom_server.core.http import Refused, database
from kingdom_server.ranked.ratings import LADDER_NAMES, LADDERS, STANDARD, tier_ladder
from kingdom_server.ranked.service import RankedStore, Ranking, Season

ranked_key = web.AppKey("ranked", RankedStore)

LEADERBOARD_SIZE = 100

def _names(app: web.Application, user_ids: list[str]) -> dict[str, str]:
    """Usernames of the given accounts (accounts deleted since are left out)."""
    if not user_ids:
        return {}
    users = app[accounts_key].User
    rows = users.select(users.id, users.username).where(users.id.in_(user_ids))
    return {row.id: row.username for row in rows}


def _season_id(text: str) -> int | None:
    if not text.isdigit() or len(text) > 9:
        return None
    return int(text)


def _ladder(request: web.Request) -> str | None:
    ladder = request.query.get("ladder", STANDARD)
    return ladder if ladder in LADDERS else None


BAD_LADDER = f"ladder must be {LADDER_NAMES}"


def entry(place: int, ranking: Ranking, username: str | None) -> dict[str, Any]:
    return {"rank": place, "username": username, **ranking.to_json()}


def _in_database_threads(
    handler: Callable[[web.Request], web.Response],
) -> Callable[[web.Request], Awaitable[web.Response]]:
    """The handler (all of it database work) runs in the database threads (`database`)."""

    async def run(request: web.Request) -> web.Response:
        return await database(request, handler, request)

    run.__doc__ = handler.__doc__
    return run


@_in_database_threads
def active_season(request: web.Request) -> web.Response:
    season = request.app[ranked_key].active_season()
    return web.json_response(season.to_json() if season else None)


@_in_database_threads
def seasons(request: web.Request) -> web.Response:
    store = request.app[ranked_key]
    store.active_season()  # a fresh database starts Season 1; an expired one rolls over
    return web.json_response([s.to_json() for s in store.seasons()])


def _season_of(store: RankedStore, text: str) -> Season:
    season_id = _season_id(text)
    if season_id is None:
        raise Refused(400, "seasonId must be a whole number")
    season = store.season(season_id)
    if season is None:
        raise Refused(404, "Season not found")
    return season


@_in_database_threads
def leaderboard(request: web.Request) -> web.Response:
    store = request.app[ranked_key]
    ladder = _ladder(request)
    if ladder is None:
        raise Refused(400, BAD_LADDER)
    season = _season_of(store, request.match_info["seasonId"])
    rows = store.leaderboard(season, LEADERBOARD_SIZE, ladder)
    names = _names(request.app, [r.user_id for r in rows])
    return web.json_response(
        [entry(i + 1, r, names.get(r.user_id)) for i, r in enumerate(rows)]
    )


@_in_database_threads
def ranking(request: web.Request) -> web.Response:
    store = request.app[ranked_key]
    user_id = request.match_info["userId"]
    if not user_id or len(user_id) > 64:
        raise Refused(400, "userId is not valid")
    ladder = _ladder(request)
    if ladder is None:
        raise Refused(400, BAD_LADDER)
    wanted = request.query.get("seasonId")
    if wanted is not None:
        season: Season | None = _season_of(store, wanted)
    else:
        season = store.active_season()
    if season is None:
        return web.json_response(None)
    r = store.ranking(user_id, season, ladder)
    username = _names(request.app, [user_id]).get(user_id)
    return web.json_response({**r.to_json(), "username": username})


async def tiers(request: web.Request) -> web.Response:
    ladder = _ladder(request)
    if ladder is None:
        raise Refused(400, BAD_LADDER)
    return web.json_response(tier_ladder(ladder))


ROUTES: list[web.RouteDef] = [
    web.get("/api/ranked/season/active", active_season),
    web.get("/api/ranked/seasons", seasons),
    web.get("/api/ranked/leaderboard/{seasonId}", leaderboard),
    web.get("/api/ranked/ranking/{userId}", ranking),
    web.get("/api/ranked/tiers", tiers),
]
