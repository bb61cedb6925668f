"""HTTP routes: /api/health, the feature modules' routes (accounts, ...), and the built web app
with its route fallback."""

from __future__ import annotations

from pathlib import Path

from aiohttp import web

from kingdom_server import accounts
from kingdom_server.keys import hub_key, settings_key


async def health(request: web.Request) -> web.Response:
    hub = request.app[hub_key]
    return web.json_response(
        {
            "status": "ok",
            "rooms": len(hub.rooms),
            "seatedConnections": len(hub.sessions),
            **hub.stats,
        }
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
    if tail:
        candidate = (root / tail).resolve()
        if candidate.is_relative_to(root) and candidate.is_file():
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


def add_routes(app: web.Application) -> None:
    app.router.add_get("/api/health", health)
    accounts.add_routes(app)
    app.router.add_route("*", "/api/{tail:.*}", api_not_found)
    app.router.add_get("/{tail:.*}", web_app)
