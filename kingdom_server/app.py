"""`create_app(settings)`: the aiohttp application with socket.io attached, and the features it
is built of (`FEATURES`, in order: kingdom_server/core/feature.py says what that order means)."""

from __future__ import annotations

import gc
import logging
import sys
from collections.abc import AsyncIterator

from aiohttp import web

from kingdom_server import (
    accounts,
    chat,
    constructed,
    profiles,
    ranked,
    replays,
    spire,
    stats,
    tutorial,
)
from kingdom_server.core.cluster import Cluster, client_manager, cluster_key
from kingdom_server.core.feature import Env, Feature
from kingdom_server.core.health import Health, health_key, ping_database
from kingdom_server.core.http import refusals
from kingdom_server.core.hub import Hub, hub_key
from kingdom_server.core.keys import settings_key, sio_key, storage_key
from kingdom_server.core.origin import refuse_cross_origin_writes
from kingdom_server.core.settings import Settings
from kingdom_server.core.storage import Storage
from kingdom_server.core.tables import FeatureTable, drop_tables
from kingdom_server.core.wire import JsonPacket, Server
from kingdom_server.site import FALLBACK, HEALTH, add_security_headers, body_limit

log = logging.getLogger(__name__)

DATABASE_SWITCH_INTERVAL = 0.001

#: The features, in order: each may need what those before it provide, and subscriptions to
#: one hook run in this order (stats writes a finished game's result before ranked rates it).
FEATURES: tuple[Feature, ...] = (
    accounts.FEATURE,
    stats.FEATURE,
    constructed.FEATURE,
    ranked.FEATURE,
    spire.FEATURE,
    tutorial.FEATURE,
    replays.FEATURE,
    profiles.FEATURE,
    chat.FEATURE,
)

#: Every feature's tables, created (and migrated) at startup.
FEATURE_TABLES: tuple[type[FeatureTable], ...] = tuple(t for f in FEATURES for t in f.tables)


def start_features(env: Env, features: tuple[Feature, ...] = FEATURES) -> None:
    """Each feature in turn: its tables, services, socket calls and subscriptions."""
    env.storage.tables.create(t for f in features for t in f.tables)
    drop_tables(env.storage.db, (t for f in features for t in f.retired_tables))
    for feature in features:
        missing = [kind.__name__ for kind in feature.needs if not env.has(kind)]
        if missing:
            raise RuntimeError(f"feature {feature.name} needs {', '.join(missing)} first")
        if feature.start is not None:
            feature.start(env)
        if feature.socket_calls is not None:
            env.hub.add_calls(feature.socket_calls(env))
        for subscription in feature.subscriptions:
            subscription.attach(env)


async def _storage_ctx(app: web.Application) -> AsyncIterator[None]:
    settings = app[settings_key]
    cluster = app[cluster_key]
    await cluster.start()
    storage = Storage(settings.database_url, journal=settings.action_journal,
                      threads=settings.database_threads)
    app[storage_key] = storage
    hub = app[hub_key] = Hub(settings, storage, app[sio_key], cluster)
    health = app[health_key] = Health()
    engine = settings.database_url.split(":", 1)[0]
    health.add("database", engine, lambda: storage.run(ping_database, storage.db))
    if cluster.redis is not None:  # one service of several processes (docs/deploy.md)
        health.add("redis", "redis", cluster.redis.ping)
        hub.share_limits(cluster.redis)
        hub.share_public_games(cluster.redis, cluster.id)
    hub.lobby.refuse_rooms = health.refusal
    env = Env(app, settings, storage, hub)
    start_features(env)
    hub.load()
    for feature in FEATURES:
        for task in feature.tasks:
            task(env)
    await health.check()
    health.start()
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
    await health.stop()
    await hub.shutdown()
    await storage.drain()  # the rooms' writes still under way
    await hub.stop_cluster()
    storage.close()
    await cluster.stop()


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
        middlewares=[body_limit(settings.max_message_bytes), refuse_cross_origin_writes,
                     refusals],
    )
    app[settings_key] = settings
    app[cluster_key] = Cluster(settings.redis_url)
    sio = Server(
        client_manager=client_manager(settings.redis_url),
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
    app.router.add_routes(HEALTH)
    for feature in FEATURES:
        app.router.add_routes(feature.routes)
    app.router.add_routes(FALLBACK)
    app.on_response_prepare.append(add_security_headers)
    app.cleanup_ctx.append(_sockets_ctx)
    return app
