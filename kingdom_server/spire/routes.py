"""The Spire's HTTP routes (docs/protocol.md, "Spire HTTP calls (`/api/spire`)"): each one
answers through the `Spire` service."""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from kingdom_rules.spire import Run, RunRefused
from kingdom_server import accounts
from kingdom_server.core.http import Refused, database, json_object
from kingdom_server.spire.service import (
    GUEST_COOKIE,
    GUEST_IDLE,
    Owner,
    Spire,
    map_nodes,
    public_run,
    spire_key,
)
from kingdom_server.spire.tables import SpireRun

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _json(data: Any, status: int = 200, owner: Owner | None = None) -> web.Response:
    resp = web.json_response(data, status=status)
    if owner is not None and owner.new_cookie is not None:
        resp.set_cookie(GUEST_COOKIE, owner.new_cookie, httponly=True, samesite="Lax",
                        path="/", max_age=int(GUEST_IDLE.total_seconds()))
    return resp


def _handler(fn: Callable[[Spire, web.Request], Awaitable[web.Response]]) -> Handler:
    async def handle(request: web.Request) -> web.StreamResponse:
        return await fn(request.app[spire_key], request)
    return handle


def _int(body: dict[str, Any], key: str) -> int:
    value = body.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise Refused(400, f"{key} must be a whole number")
    return value


def _str(body: dict[str, Any], key: str) -> str:
    value = body.get(key)
    if not isinstance(value, str) or not value or len(value) > 40:
        raise Refused(400, f"{key} must be a text")
    return value


async def _active_run(s: Spire, request: web.Request) -> web.Response:
    owner = await s.owner(request)

    def work() -> dict[str, Any] | None:
        row = s.active(owner)
        return None if row is None else public_run(row.id, s.run_of(row))

    return _json(await database(request, work))


async def _stats(s: Spire, request: web.Request) -> web.Response:
    return _json(await database(request, s.stats, await s.owner(request)))


async def _leaderboard(s: Spire, request: web.Request) -> web.Response:
    return _json(await database(request, s.leaderboard))


async def _start_run(s: Spire, request: web.Request) -> web.Response:
    owner = await s.owner(request, create=True)

    def work() -> dict[str, Any]:
        s.purge_guests()
        if s.active(owner) is not None:
            raise Refused(409, "Abandon your active run before starting a new one")
        run = Run.start(secrets.randbits(31))
        return public_run(s.create(owner, run), run)

    return _json(await database(request, work), owner=owner)


async def _stepped(s: Spire, request: web.Request, owner: Owner,
                   change: Callable[[Run], Run]) -> tuple[SpireRun, Run]:
    """(database threads) The caller's run of the path after `change` (compare-and-set)."""

    def work() -> tuple[SpireRun, Run]:
        row = s.row(owner, request.match_info["run_id"])
        return row, s.step(row, change)

    return await database(request, work)


async def _own_row(s: Spire, request: web.Request) -> SpireRun:
    return await database(request, s.row, await s.owner(request), request.match_info["run_id"])


async def _run_call(s: Spire, request: web.Request,
                    change: Callable[[Run, dict[str, Any]], Run]) -> web.Response:
    owner = await s.owner(request)
    body = await json_object(request, optional=True)
    row, run = await _stepped(s, request, owner, lambda r: change(r, body))
    data = public_run(row.id, run)
    if run.phase == "combat":  # an event's fight
        data["fight"] = await s.open_fight(row, run, await _name(request))
    return _json(data)


async def _abandon(s: Spire, request: web.Request) -> web.Response:
    return await _run_call(s, request, lambda r, b: r.abandon())


async def _get_run(s: Spire, request: web.Request) -> web.Response:
    row = await _own_row(s, request)
    return _json(public_run(row.id, s.run_of(row)))


async def _get_map(s: Spire, request: web.Request) -> web.Response:
    row = await _own_row(s, request)
    run = s.run_of(row)
    return _json({"act": run.act, "currentNodeIndex": run.position, "nodes": map_nodes(run)})


async def _select_deck(s: Spire, request: web.Request) -> web.Response:
    return await _run_call(s, request, lambda r, b: r.choose_suit(_str(b, "suit")))


async def _enter(s: Spire, request: web.Request) -> web.Response:
    owner = await s.owner(request)
    body = await json_object(request, optional=True)
    index = _int(body, "nodeIndex")
    row, run = await _stepped(s, request, owner, lambda r: r.enter(index))
    data = public_run(row.id, run)
    if run.phase == "combat":
        data["fight"] = await s.open_fight(row, run, await _name(request))
    return _json(data)


async def _name(request: web.Request) -> str:
    user = await accounts.current_user(request)
    return str(user.username) if user is not None else "Runner"


async def _fight(s: Spire, request: web.Request) -> web.Response:
    row = await _own_row(s, request)
    run = s.run_of(row)
    fight = await s.open_fight(row, run, await _name(request))
    row = await _own_row(s, request)
    data = public_run(row.id, s.run_of(row))
    data["fight"] = fight
    return _json(data)


def _reward(r: Run, b: dict[str, Any]) -> Run:
    card = b.get("card")
    if card is not None and not isinstance(card, str):
        raise Refused(400, "card must be a card id or null")
    try:
        return r.take_card(card)
    except ValueError as e:
        if isinstance(e, RunRefused):
            raise
        raise Refused(400, str(e)) from e


def _buy(r: Run, b: dict[str, Any]) -> Run:
    kind = b.get("kind")
    if kind == "card":
        return r.buy_card(_int(b, "index"))
    if kind == "relic":
        return r.buy_relic(_int(b, "index"))
    if kind == "remove":
        return r.remove_card(_str(b, "card"))
    if kind == "leave":
        return r.leave_shop()
    raise Refused(400, "kind must be card, relic, remove or leave")


def _rest(r: Run, b: dict[str, Any]) -> Run:
    action = b.get("action")
    if action == "rest":
        return r.rest()
    if action == "fortify":
        return r.fortify(_str(b, "card"))
    raise Refused(400, "action must be rest or fortify")


ROUTES: list[web.RouteDef] = [
    web.get("/api/spire/active-run", _handler(_active_run)),
    web.get("/api/spire/stats", _handler(_stats)),
    web.get("/api/spire/leaderboard", _handler(_leaderboard)),
    web.post("/api/spire/start-run", _handler(_start_run)),
    web.post("/api/spire/abandon-run/{run_id}", _handler(_abandon)),
    web.get("/api/spire/run/{run_id}", _handler(_get_run)),
    web.get("/api/spire/map/{run_id}", _handler(_get_map)),
    web.post("/api/spire/select-starter-deck/{run_id}", _handler(_select_deck)),
    web.post("/api/spire/enter-node/{run_id}", _handler(_enter)),
    web.post("/api/spire/fight/{run_id}", _handler(_fight)),
    web.post("/api/spire/choose-reward/{run_id}",
             _handler(lambda s, q: _run_call(s, q, _reward))),
    web.post("/api/spire/shop/{run_id}", _handler(lambda s, q: _run_call(s, q, _buy))),
    web.post("/api/spire/rest/{run_id}", _handler(lambda s, q: _run_call(s, q, _rest))),
    web.post("/api/spire/answer-event/{run_id}",
             _handler(lambda s, q: _run_call(s, q, lambda r, b: r.answer_event(
                 _int(b, "choice"))))),
]
