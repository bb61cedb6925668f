"""Cross-origin writes refused: every state-changing request (POST, PUT, PATCH, DELETE) whose
`Origin` is another site's, or, without an Origin, whose `Sec-Fetch-Site` says it came from
another site, is answered 403. Requests without either header (curl, the terminal client, bot
scripts) carry no browser cookies of a victim and pass.

The socket.io endpoint is left to python-socketio, which checks the Origin of every
connection itself (`Settings.cors_allowed_origins`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from aiohttp import web

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
REFUSED = "Cross-origin request refused"

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def same_origin(request: web.Request) -> bool:
    origin = request.headers.get("Origin")
    if origin is not None:
        if origin == "null":
            return False
        parts = urlsplit(origin)
        return bool(parts.netloc) and parts.netloc.lower() == (request.host or "").lower()
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        return fetch_site in ("same-origin", "none")
    return True


@web.middleware
async def refuse_cross_origin_writes(request: web.Request, handler: Handler) -> web.StreamResponse:
    if (
        request.method not in SAFE_METHODS
        and not request.path.startswith("/socket.io/")
        and not same_origin(request)
    ):
        return web.json_response({"message": REFUSED}, status=403)
    return await handler(request)
