from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

from kingdom_server import Settings, create_app
from kingdom_server.core.hub import Hub, hub_key
from tests.server.browsers import Browser
from tests.server.helpers import Client, PrivacyChecker, make_settings
from tests.server.ranked_clients import Player


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
async def players() -> Any:
    """`make(server, name, signed_in=True)`: a ranked/ladder player (tests/server/
    ranked_clients.py), signed up and connected; all closed at the end."""
    made: list[Player] = []

    async def make(srv: TestServer, name: str, *, signed_in: bool = True) -> Player:
        p = Player(str(srv.make_url("/")), name)
        made.append(p)
        if signed_in:
            await p.sign_up()
        return await p.connect()

    yield make
    for p in made:
        await p.close()


@pytest.fixture
async def browser(server: TestServer) -> AsyncIterator[Browser]:
    """A visitor with a cookie jar of their own (tests/server/browsers.py)."""
    b = Browser(server)
    yield b
    await b.http.close()


@pytest.fixture
async def other(server: TestServer) -> AsyncIterator[Browser]:
    """A second visitor, with another cookie jar."""
    b = Browser(server)
    yield b
    await b.http.close()


@pytest.fixture
def privacy() -> PrivacyChecker:
    return PrivacyChecker()


@pytest.fixture
async def start_server(
    aiohttp_server: Callable[..., Awaitable[TestServer]],
    tmp_path: Path,
    privacy: PrivacyChecker,
) -> AsyncIterator[Callable[..., Awaitable[TestServer]]]:
    """Start an in-process server on loopback with some settings changed."""

    async def start(**overrides: Any) -> TestServer:
        srv = await aiohttp_server(
            create_app(make_settings(tmp_path, **overrides)), shutdown_timeout=1
        )
        srv.app[hub_key].push_observers.append(privacy)
        return srv

    yield start
    assert not privacy.failures, privacy.failures[:5]


@pytest.fixture
async def server(start_server: Callable[..., Awaitable[TestServer]]) -> TestServer:
    return await start_server()


@pytest.fixture
def hub(server: TestServer) -> Hub:
    return server.app[hub_key]


@pytest.fixture
async def connect_to() -> AsyncIterator[Callable[..., Awaitable[Client]]]:
    """connect_to(server, name, transport=...) -> a connected Client."""
    clients: list[Client] = []

    async def make(
        server: TestServer, name: str = "client", transport: str = "websocket"
    ) -> Client:
        client = Client(str(server.make_url("/")), name)
        clients.append(client)
        return await client.connect(transport)

    yield make
    for c in clients:
        await c.close()


@pytest.fixture
def connect(
    server: TestServer, connect_to: Callable[..., Awaitable[Client]]
) -> Callable[..., Awaitable[Client]]:
    """connect(name, transport=...) -> a connected Client of the default `server`."""

    async def make(name: str = "client", transport: str = "websocket") -> Client:
        return await connect_to(server, name, transport)

    return make
