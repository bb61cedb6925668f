"""The app runs with its garbage-collector thresholds and gives the old ones back when it stops."""

from __future__ import annotations

import gc
from pathlib import Path

from aiohttp.test_utils import TestServer

from kingdom_server import create_app
from tests.server.helpers import make_settings


async def test_gc_thresholds_while_the_app_runs(tmp_path: Path) -> None:
    before = gc.get_threshold()
    server = TestServer(create_app(make_settings(tmp_path, gc_threshold=(12_345, 7, 9))))
    await server.start_server()
    try:
        assert gc.get_threshold() == (12_345, 7, 9)
    finally:
        await server.close()
    assert gc.get_threshold() == before


async def test_none_keeps_pythons_thresholds(tmp_path: Path) -> None:
    before = gc.get_threshold()
    server = TestServer(create_app(make_settings(tmp_path, gc_threshold=None)))
    await server.start_server()
    try:
        assert gc.get_threshold() == before
    finally:
        await server.close()
