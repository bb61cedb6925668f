"""The site around the features' routes: /api/health, the /api catch-all (404 JSON), the built
web app with its route fallback, the security headers and the socket.io body limit."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import web

from kingdom_server.core.cluster import cluster_key
from kingdom_server.core.health import health_key
from kingdom_server.core.hub import hub_key
from kingdom_server.core.keys import settings_key

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


async def health(request: web.Request) -> web.Response:
    """This process and what it depends on (kingdom_server/core/health.py): 503 while it
    cannot reach its database or Redis, so that a proxy sends new connections elsewhere."""
    hub = request.app[hub_key]
    checks = request.app[health_key]
    return web.json_response(
        {
            **checks.report(),
            "process": request.app[cluster_key].id,
            "rooms": len(hub.rooms),
            "seatedConnections": len(hub.sessions),
            **hub.stats,
        },
        status=200 if checks.ok else 503,
        headers={"Cache-Control": "no-store"},
    )


async def api_not_found(request: web.Request) -> web.Response:
    return web.json_response({"message": "Not found"}, status=404)


NOT_BUILT = (
    "<!doctype html><title>Kingdom</title><p>The web app is not built yet: run "
    "<code>make web</code> and reload.</p>"
)


async def web_app(request: web.Request) -> web.StreamResponse:
    """A file of web/dist when it exists; index.html for the app's routes (no file extension)."""
    dist: Path = request.app[settings_key].web_dist
    tail = request.match_info.get("tail", "")
    root = dist.resolve()
    if "\x00" in tail:  # no file has a NUL byte in its name
        raise web.HTTPNotFound(text="Not found")
    if tail:
        try:
            candidate = (root / tail).resolve()
            found = candidate.is_relative_to(root) and candidate.is_file()
        except (OSError, ValueError):  # a name the file system cannot hold
            raise web.HTTPNotFound(text="Not found") from None
        if found:
            headers = {}
            if tail.startswith("assets/"):
                headers["Cache-Control"] = "public, max-age=31536000, immutable"
            return web.FileResponse(candidate, headers=headers)
        if "." in tail.rsplit("/", 1)[-1]:
            raise web.HTTPNotFound(text="Not found")
    index = root / "index.html"
    if not index.is_file():
        return web.Response(text=NOT_BUILT, content_type="text/html", status=404)
    return web.FileResponse(index, headers={"Cache-Control": "no-cache"})


#: The built app runs under this policy: its scripts and styles are files of its own origin
#: (no inline script), the icon is a data: URL, the court-card pictures are blob: URLs the app
#: makes itself from its own script, the socket goes to the same origin.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
    "Server": "Kingdom",  # aiohttp would announce its own and Python's versions
}


async def add_security_headers(request: web.Request, response: web.StreamResponse) -> None:
    """On every answer (API, files, socket.io's HTTP and websocket handshakes)."""
    response.headers.update(SECURITY_HEADERS)


def body_limit(limit: int, prefix: str = "/socket.io/") -> Any:
    """Middleware: a long-polling POST must say its length (411 otherwise) and stay within
    `limit` (413), refused before its body is read. (aiohttp's `client_max_size` covers the
    bodies our own routes read; socket.io reads its POSTs from the raw stream.)"""

    @web.middleware
    async def middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.method == "POST" and request.path.startswith(prefix):
            length = request.content_length
            if length is None:
                raise web.HTTPLengthRequired(text="Length required")
            if length > limit:
                raise web.HTTPRequestEntityTooLarge(max_size=limit, actual_size=length)
        return await handler(request)

    return middleware


HEALTH: list[web.RouteDef] = [web.get("/api/health", health)]

FALLBACK: list[web.RouteDef] = [
    web.route("*", "/api/{tail:.*}", api_not_found),
    web.get("/{tail:.*}", web_app),
]
"""Added after every feature's routes (they match anything left)."""
