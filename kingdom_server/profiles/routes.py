"""Public profiles (docs/protocol.md, "Public profiles"): `GET /api/profile/{username}`, what
anyone may see of a player: statistics, achievements, the rating and tier on each ladder with
its history per season, and the recent matches with every account's name (for links). Never
an email, a real name, an id of a session, or anything of the account's settings."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from kingdom_server.accounts import accounts_key
from kingdom_server.core.http import database
from kingdom_server.ranked.ratings import ladders_for
from kingdom_server.ranked.routes import ranked_key
from kingdom_server.stats import Results, results_key

USER_NOT_FOUND = "User not found"


def _usernames(request: web.Request, user_ids: set[str]) -> dict[str, str]:
    users = request.app[accounts_key]
    out: dict[str, str] = {}
    for uid in user_ids:
        user = users.by_id(uid)
        if user is not None:
            out[uid] = user.username
    return out


def _matches(request: web.Request, results: Results, user_id: str) -> list[dict[str, Any]]:
    """The recent matches, each player with their account's name (null: a guest or a bot)."""
    matches = results.history_json(user_id)
    P = results.Participant
    rows = list(P.select(P.match_id, P.player_number, P.user_id).where(
        P.match_id.in_([m["id"] for m in matches])))
    accounts = {(r.match_id, r.player_number): r.user_id for r in rows if r.user_id}
    names = _usernames(request, set(accounts.values()))
    for m in matches:
        for p in m["players"]:
            uid = accounts.get((m["id"], p["playerNumber"]))
            p["username"] = names.get(uid) if uid else None
    return matches


def _ladders(request: web.Request, results: Results, user_id: str,
             bot_account: bool) -> list[dict[str, Any]]:
    """Per ladder the account may play: the active season's ranking, and per season the rating
    after each rated match (worked back from the season's rating through each match's change)."""
    store = request.app[ranked_key]
    active = store.active_season()
    M, P = results.Match, results.Participant
    out = []
    for ladder in ladders_for(bot_account):
        seasons = []
        for season in store.seasons():
            query: Any = (
                P.select(P.rating_change, M.completed_at, M.id)
                .join(M, on=(P.match_id == M.id))
                .where((P.user_id == user_id) & (M.game_mode == "ranked")
                       & (M.season_id == str(season.id)) & (M.format == ladder))
                .order_by(M.completed_at, M.id)
                .dicts()
            )
            rows: list[dict[str, Any]] = list(query)
            if not rows and (active is None or season.id != active.id):
                continue
            ranking = store.ranking(user_id, season, ladder)
            rating = ranking.rating
            points: list[dict[str, Any]] = []
            for row in reversed(rows):
                points.append({"at": row["completed_at"].isoformat() + "Z", "rating": rating,
                               "matchId": row["id"]})
                rating -= int(row["rating_change"])
            points.reverse()
            seasons.append({
                "seasonId": season.id,
                "name": season.name,
                "isActive": active is not None and season.id == active.id,
                "ranking": ranking.to_json(),
                "start": rating,
                "history": points,
            })
        out.append({"ladder": ladder, "seasons": seasons})
    return out


async def get_profile(request: web.Request) -> web.Response:
    """GET /api/profile/{username}: a player's public profile (404 for an unknown name)."""
    name = request.match_info["username"]
    results = request.app[results_key]

    def work() -> dict[str, Any] | None:
        user = request.app[accounts_key].by_username(name) if len(name) <= 64 else None
        if user is None:
            return None
        return {
            "username": user.username,
            "memberSince": user.created_at.isoformat() + "Z",
            "isBot": bool(user.is_bot),
            "stats": results.stats_json(user.id),
            "ladders": _ladders(request, results, user.id, bool(user.is_bot)),
            "matches": _matches(request, results, user.id),
        }

    found = await database(request, work)
    if found is None:
        raise web.HTTPNotFound(text=json.dumps({"message": USER_NOT_FOUND}),
                               content_type="application/json")
    return web.json_response(found)


ROUTES: list[web.RouteDef] = [
    web.get("/api/profile/{username}", get_profile),
]
