"""`create_app(settings)`: the aiohttp application with socket.io attached."""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import AsyncIterator

from aiohttp import web

from kingdom_server import accounts, constructed, replays, spire, stats
from kingdom_server.core.http import refusals
from kingdom_server.core.keys import hub_key, settings_key, sio_key, storage_key
from kingdom_server.core.tables import FeatureTable
from kingdom_server.http import add_routes, add_security_headers, body_limit
from kingdom_server.hub import Hub
from kingdom_server.origin import refuse_cross_origin_writes
from kingdom_server.ranked import routes as ranked_routes
from kingdom_server.ranked import tables as ranked_tables
from kingdom_server.settings import Settings
from kingdom_server.storage import Storage
from kingdom_server.wire import JsonPacket, Server

log = logging.getLogger(__name__)

DATABASE_SWITCH_INTERVAL = 0.001

#: Every feature module's tables (kingdom_server/tables.py), created at startup.
FEATURE_TABLES: tuple[type[FeatureTable], ...] = (
    *accounts.TABLES, *stats.TABLES, *ranked_tables.TABLES, *spire.TABLES, *constructed.TABLES,
)


async def _storage_ctx(app: web.Application) -> AsyncIterator[None]:
    settings = app[settings_key]
    storage = Storage(settings.database_url, journal=settings.action_journal,
                      threads=settings.database_threads)
    app[storage_key] = storage
    storage.tables.create(FEATURE_TABLES)
    limits = settings.rate_limits
    users = app[accounts.accounts_key] = accounts.Accounts(
        storage, limits.sign_ups_per_address if limits is not None else ()
    )
    users.purge_expired()
    results = app[stats.results_key] = stats.Results(storage)
    users.on_user_deleted.append(results.forget_user)
    replays.start(app, storage)
    collection = constructed.start(app, storage)
    hub = Hub(settings, storage, app[sio_key], accounts=users, results=results)
    users.on_user_deleted.append(hub.ranked.store.forget_user)
    app[hub_key] = hub
    hub.load()
    runs = app[spire.spire_key] = spire.Spire(storage, hub)
    users.on_user_deleted.append(runs.forget_user)
    runs.cards_earned_hooks.append(collection.add_earned)  # R40
    runs.purge_guests()
    runs.settle_all()
    gc_before = gc.get_threshold()
    if settings.gc_threshold is not None:
        gc.set_threshold(*settings.gc_threshold)
    switch_before = sys.getswitchinterval()
    if settings.database_threads > 0:
        # The database threads' Python work holds the interpreter lock in slices of this
        # length while the event loop waits for it: 1 ms instead of 5 keeps the loop's
        # answers quick while they work (bench/RESULTS.md, issue 24).
        sys.setswitchinterval(min(switch_before, DATABASE_SWITCH_INTERVAL))
    yield
    sys.setswitchinterval(switch_before)
    gc.set_threshold(*gc_before)
    await hub.shutdown()
    storage.close()


async def _sockets_ctx(app: web.Application) -> AsyncIterator[None]:
    yield
    # Close open sockets before the hub's tasks and the store go away.
    try:
        await app[sio_key].shutdown()
    except Exception:  # pragma: no cover - best effort on the way out
        log.debug("socket.io shutdown failed", exc_info=True)


def create_app(settings: Settings | None = None) -> web.Application:
    settings = settings or Settings()
    app = web.Application(
        client_max_size=settings.max_message_bytes,
        middlewares=[body_limit(settings.max_message_bytes), refuse_cross_origin_writes, refusals],
    )
    app[settings_key] = settings
    sio = Server(
        async_mode="aiohttp",
        cors_allowed_origins=settings.cors_allowed_origins,
        logger=False,
        serializer=JsonPacket,
        engineio_logger=False,
        max_http_buffer_size=settings.max_message_bytes,
        # engine.io already runs each incoming message in a task of its own: socket.io's
        # second task per event (its default) only costs processor time.
        async_handlers=False,
    )
    app[sio_key] = sio
    sio.attach(app)
    app.cleanup_ctx.append(_storage_ctx)
    ranked_routes.install(app)  # its routes before add_routes' /api catch-all
    spire.add_routes(app)  # before add_routes' /api catch-all
    add_routes(app)
    app.on_response_prepare.append(add_security_headers)
    app.cleanup_ctx.append(_sockets_ctx)
    return app
