"""stats: routes."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from aiohttp import web

from kingdom_server.accounts import accounts_key
from kingdom_server.core.http import database
from kingdom_server.stats.service import Results

# -- HTTP ----------------------------------------------------------------------------------

results_key: web.AppKey[Results] = web.AppKey("results")


async def _of_known_user(
    request: web.Request, read: Callable[[str], Any]
) -> web.Response:
    """`read(user id)` of the path's user (in the database threads), or 404."""
    user_id = request.match_info["user_id"]
    accounts = request.app[accounts_key]

    def work() -> str | None:
        if len(user_id) > 64 or accounts.by_id(user_id) is None:
            return None
        return json.dumps(read(user_id))  # made here too: a history is a long text

    found = await database(request, work)
    if found is None:
        return web.json_response({"message": "User not found"}, status=404)
    return web.Response(text=found, content_type="application/json")


async def get_stats(request: web.Request) -> web.Response:
    """GET /api/stats/{userId}: public, as on most game sites (no email in it); `isBot`
    labels a bot account's profile."""
    accounts = request.app[accounts_key]
    results = request.app[results_key]

    def read(user_id: str) -> dict[str, Any]:
        user = accounts.by_id(user_id)
        return {**results.stats_json(user_id), "isBot": bool(user is not None and user.is_bot)}

    return await _of_known_user(request, read)


async def get_matches(request: web.Request) -> web.Response:
    """GET /api/matches/{userId}: the last 20 matches, newest first."""
    return await _of_known_user(request, request.app[results_key].history_json)


ROUTES: list[web.RouteDef] = [
    web.get("/api/stats/{user_id}", get_stats),
    web.get("/api/matches/{user_id}", get_matches),
]
