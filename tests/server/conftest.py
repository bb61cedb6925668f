from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
import pytest
from aiohttp.test_utils import TestServer

from kingdom_server import Settings, create_app
from kingdom_server.keys import hub_key
from kingdom_server.realtime import Hub
from tests.server.helpers import Client, PrivacyChecker, make_settings


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def privacy() -> PrivacyChecker:
    return PrivacyChecker()


@pytest.fixture
async def server(
    aiohttp_server: Callable[..., Awaitable[TestServer]],
    settings: Settings,
    privacy: PrivacyChecker,
) -> AsyncIterator[TestServer]:
    srv = await aiohttp_server(create_app(settings), shutdown_timeout=1)
    srv.app[hub_key].push_observers.append(privacy)
    yield srv
    assert not privacy.failures, privacy.failures[:5]


@pytest.fixture
def hub(server: TestServer) -> Hub:
    return server.app[hub_key]


@pytest.fixture
async def connect(server: TestServer) -> AsyncIterator[Callable[..., Awaitable[Client]]]:
    clients: list[Client] = []

    async def make(name: str = "client", transport: str = "websocket") -> Client:
        client = Client(str(server.make_url("/")), name)
        clients.append(client)
        return await client.connect(transport)

    yield make
    for c in clients:
        await c.close()
