"""Typed application keys (aiohttp's "no singletons" data sharing)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import socketio
from aiohttp import web

from kingdom_server.core.settings import Settings

if TYPE_CHECKING:
    from kingdom_server.core.storage import Storage

settings_key = web.AppKey("settings", Settings)
sio_key = web.AppKey("sio", socketio.AsyncServer)
storage_key: web.AppKey[Storage] = web.AppKey("storage")
