"""Ranked: seasons and ratings per ladder (`RankedStore`), the ranked queue over socket.io
(`RankedQueue`, matching in waves and starting private ranked rooms), and /api/ranked."""

from aiohttp import web

from kingdom_server.accounts import USER_DELETED, Accounts
from kingdom_server.constructed import Constructed
from kingdom_server.core.cluster import cluster_key
from kingdom_server.core.feature import (
    DISCONNECTED,
    GAME_FINISHED,
    ROOMS_LOADED,
    SEAT_ABANDONED,
    SEAT_TAKEN,
    SHUTDOWN,
    Env,
    Feature,
    on,
)
from kingdom_server.ranked.queue import ACCOUNT_SEAT, RankedQueue
from kingdom_server.ranked.routes import ROUTES, ranked_key
from kingdom_server.ranked.seating import RankedTables
from kingdom_server.ranked.service import RankedStore
from kingdom_server.ranked.tables import TABLES
from kingdom_server.stats import LEAVERS, RATING, SEASON, Results

queue_key = web.AppKey("ranked_queue", RankedQueue)


def _start(env: Env) -> None:
    store = env.app[ranked_key] = env.provide(RankedStore(env.storage.tables))
    tables = RankedTables(env.hub.lobby, env.need(Constructed))
    queue = env.app[queue_key] = env.provide(RankedQueue(
        store, env.hub.sio, tables, env.storage, wave_seconds=env.settings.ranked_wave_seconds))
    cluster = env.app[cluster_key]
    if cluster.redis is not None:  # one queue for every process of the service
        queue.share(cluster.redis, cluster.id, env.hub.call_as)
        env.hub.add_internal_call(ACCOUNT_SEAT, queue.account_seat)


def _queue(env: Env) -> RankedQueue:
    return env.need(RankedQueue)


FEATURE = Feature(
    name="ranked",
    tables=TABLES,
    routes=ROUTES,
    start=_start,
    socket_calls=lambda env: _queue(env).calls(),
    subscriptions=(
        on(USER_DELETED, lambda env: env.need(RankedStore).forget_user),
        on(GAME_FINISHED, lambda env: _queue(env).match_finished),
        on(RATING, lambda env: _queue(env).rating_hook),
        on(SEASON, lambda env: _queue(env).season_of),
        on(LEAVERS, lambda env: _queue(env).leavers),
        on(SEAT_ABANDONED, lambda env: _queue(env).abandoned),
        on(SEAT_TAKEN, lambda env: _queue(env).seat_taken),
        on(ROOMS_LOADED, lambda env: _queue(env).resume),
        on(DISCONNECTED, lambda env: _queue(env).disconnected),
        on(SHUTDOWN, lambda env: _queue(env).shutdown),
    ),
    needs=(Accounts, Results, Constructed),
    provides=(RankedStore, RankedQueue),
)

__all__ = ["FEATURE", "TABLES", "RankedQueue", "RankedStore", "queue_key", "ranked_key"]
