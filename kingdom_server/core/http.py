"""The HTTP kit every feature's routes use: one refusal type (`Refused`: a status and a message
a person understands, answered as `{"message": ...}` by the `refusals` middleware), one JSON body
reader, one client-address rule, `no_store`, and `database` / `database_json`, the threaded
database path of every HTTP handler (`Storage.run_for`)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from http.cookies import CookieError, SimpleCookie
from typing import Any, ParamSpec, TypeVar

from aiohttp import web

from kingdom_server.core.keys import settings_key, storage_key

T = TypeVar("T")
P = ParamSpec("P")
R = TypeVar("R", bound=web.StreamResponse)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]

#: The account session's cookie (HttpOnly, SameSite=Lax; the token is stored only as its hash).
SESSION_COOKIE = "kingdom_session"


class Refused(Exception):
    """A refused request: `status` and a message a person understands (answered
    `{"message": message}`, with Retry-After when `retry_after` is set). Services raise it;
    nothing they did is kept (they raise before writing, or inside the transaction)."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


def refused_response(e: Refused) -> web.Response:
    headers = {"Retry-After": str(e.retry_after)} if e.retry_after is not None else None
    return web.json_response({"message": e.message}, status=e.status, headers=headers)


@web.middleware
async def refusals(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Middleware: a `Refused` raised by any route is its answer."""
    try:
        return await handler(request)
    except Refused as e:
        return refused_response(e)


async def json_object(request: web.Request, *, optional: bool = False) -> dict[str, Any]:
    """The request's body as a JSON object; `optional`: an empty body reads as `{}`."""
    if optional and not request.can_read_body:
        return {}
    try:
        data = await request.json()
    except (ValueError, UnicodeDecodeError):
        raise Refused(400, "Expected a JSON object") from None
    if not isinstance(data, dict):
        raise Refused(400, "Expected a JSON object")
    return data


def client_address(request: web.BaseRequest, header: str | None) -> str:
    """The address a client is counted by: the last entry of the proxy's `header` when the
    server is configured with one (`Settings.client_address_header`), else the TCP peer's."""
    if header:
        last = request.headers.get(header, "").rsplit(",", 1)[-1].strip()
        if last:
            return last
    return request.remote or "unknown"


def request_address(request: web.Request) -> str:
    """`client_address` of an HTTP request under the app's settings."""
    return client_address(request, request.app[settings_key].client_address_header)


def session_token(request: web.Request) -> str | None:
    return request.cookies.get(SESSION_COOKIE) or None


def token_from_cookie_header(header: str | None) -> str | None:
    """The session token in a raw Cookie header (the socket's handshake)."""
    if not header:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(header)
    except CookieError:
        return None
    morsel = jar.get(SESSION_COOKIE)
    return morsel.value if morsel is not None and morsel.value else None


def no_store(response: R) -> R:
    response.headers["Cache-Control"] = "no-store"
    return response


async def database(
    request: web.Request, work: Callable[P, T], *args: P.args, **kwargs: P.kwargs
) -> T:
    """`work(*args)` in the database threads, off the event loop, in this request's client's
    turn (`Storage.run_for`: a client is its session, else its address), so that one client's
    flood of requests never holds up another's. Every HTTP handler's database work goes
    through here."""
    client = session_token(request) or "address:" + request_address(request)
    return await request.app[storage_key].run_for(client, work, *args, **kwargs)


async def database_json(
    request: web.Request, work: Callable[P, Any], *args: P.args, **kwargs: P.kwargs
) -> web.Response:
    """:func:`database`, the answer's JSON text made in the thread too (a long list of decks
    or matches is milliseconds of work): 200 with it."""

    def answer() -> str:
        return json.dumps(work(*args, **kwargs))

    return web.Response(text=await database(request, answer), content_type="application/json")
