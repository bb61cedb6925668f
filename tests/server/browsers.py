"""A signed-in (or not) web visitor over real HTTP: one aiohttp session with its own cookie
jar per browser, for the accounts, Constructed and Spire tests."""

from __future__ import annotations

from typing import Any

import aiohttp
from aiohttp.test_utils import TestServer

from kingdom_server.accounts import COOKIE

PASSWORD = "correct horse battery"


class Browser:
    """An aiohttp client session with its own cookie jar, talking to one server."""

    def __init__(self, server: TestServer) -> None:
        self.server = server
        self.http = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))

    def url(self, path: str) -> str:
        return str(self.server.make_url(path))

    async def call(self, method: str, path: str, body: Any = None,
                   **kwargs: Any) -> tuple[int, Any, aiohttp.ClientResponse]:
        async with self.http.request(method, self.url(path), json=body,
                                     allow_redirects=False, **kwargs) as r:
            text = await r.text()
            try:
                data = await r.json(content_type=None) if text else None
            except ValueError:
                data = text
            return r.status, data, r

    def token(self) -> str | None:
        for cookie in self.http.cookie_jar:
            if cookie.key == COOKIE:
                return cookie.value
        return None

    async def register(self, name: str = "Alice", password: str = PASSWORD, **extra: Any) -> Any:
        status, data, _ = await self.call(
            "POST", "/api/auth/register", {"username": name, "password": password, **extra}
        )
        assert status == 201, data
        return data
