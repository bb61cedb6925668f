"""The replays' HTTP routes: /api/matches/{matchId}/record, /replay and /replay/{step}."""

from __future__ import annotations

import json

from aiohttp import web

from kingdom_server.accounts import Accounts, accounts_key, current_user
from kingdom_server.core.http import database
from kingdom_server.replays.service import (
    NOT_FOUND,
    Replay,
    Replays,
    players_of,
    record_json,
    step_view,
)

replays_key: web.AppKey[Replays] = web.AppKey("replays")


def _not_found() -> web.HTTPNotFound:
    return web.HTTPNotFound(text=json.dumps({"message": NOT_FOUND}),
                            content_type="application/json")


async def _find(request: web.Request) -> tuple[Replay, dict[str, str]]:
    """The replay asked for and its players' usernames, read in the database threads (the
    action journal's rows go into the database first, in the same job: Storage.games)."""
    user = await current_user(request)
    replays, users = request.app[replays_key], request.app[accounts_key]

    def work() -> tuple[Replay, dict[str, str]] | None:
        replay = replays.find(request.match_info["match_id"],
                              user.id if user is not None else None)
        return None if replay is None else (replay, _usernames(users, replay))

    found = await database(request, work)
    if found is None:
        raise _not_found()
    return found


def _usernames(users: Accounts, replay: Replay) -> dict[str, str]:
    out: dict[str, str] = {}
    for s in replay.seats:
        user = users.by_id(s.user_id) if s.user_id else None
        if user is not None and s.user_id:
            out[s.user_id] = user.username
    return out


async def get_record(request: web.Request) -> web.Response:
    """GET /api/matches/{matchId}/record: the game record as JSON (bot authors)."""
    replay, _ = await _find(request)
    return web.json_response(record_json(replay))


async def get_replay(request: web.Request) -> web.Response:
    """GET /api/matches/{matchId}/replay: who played, every move, how many steps."""
    replay, usernames = await _find(request)
    return web.json_response({
        "matchId": replay.match_id,
        "players": players_of(replay, usernames),
        "playerCount": replay.game.player_count,
        "gameMode": replay.game.mode,
        "isRanked": replay.ranked,
        "actions": replay.game.actions,
        "steps": len(replay.game.actions),
        "completedAt": replay.completed_at,
    })


async def get_step(request: web.Request) -> web.Response:
    """GET /api/matches/{matchId}/replay/{step}: the table after that many moves."""
    replay, usernames = await _find(request)
    states = request.app[replays_key].states(replay)
    try:
        step = int(request.match_info["step"])
    except ValueError:
        step = -1
    if not 0 <= step < len(states):
        raise web.HTTPNotFound(
            text=json.dumps({"message": f"This replay has steps 0 to {len(states) - 1}"}),
            content_type="application/json")
    return web.json_response(step_view(replay, states, step, usernames))


ROUTES: list[web.RouteDef] = [
    web.get("/api/matches/{match_id}/record", get_record),
    web.get("/api/matches/{match_id}/replay", get_replay),
    web.get("/api/matches/{match_id}/replay/{step}", get_step),
]
