"""This process as one of several that serve the same database as one service (`REDIS_URL`,
docs/deploy.md): its id among them, and its client of the Redis server they share.

Without `REDIS_URL` there is no Redis client (`Cluster.redis` is None) and nothing about the
server changes: one process holds every room. With it, socket.io's client manager is
python-socketio's `AsyncRedisManager` (`client_manager`), so that what one process pushes to a
socket.io room or to a socket reaches that socket on whichever process holds it; each room is
owned by one process at a time (kingdom_server/core/ownership.py) and calls that reach another
process are forwarded to the owner (kingdom_server/core/forwarding.py)."""

from __future__ import annotations

import logging
import os
import secrets
import socket

import socketio
from aiohttp import web
from redis import asyncio as aioredis

log = logging.getLogger(__name__)

SOCKETIO_CHANNEL = "kingdom-socketio"
"""The Redis channel python-socketio's manager shares pushes on (the same for every process)."""

REDIS_TIMEOUT = 2.0
"""Seconds a Redis command may take before it counts as failed (Redis down or unreachable)."""


LEASE_SCRIPT = """
local held = redis.call('GET', KEYS[1])
if held == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if not held then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 2
end
return 0
"""
"""A lease in Redis (KEYS[1] = the holder's id, ARGV: this process's id, the lease's
milliseconds): renewed if this process holds it (1), taken if nobody does (2, e.g. it lapsed
while Redis was away), 0 if another process holds it. The rooms' owners and the shared ranked
queue's matcher hold theirs with it."""


def new_process_id() -> str:
    """This process's id among the service's: its host, its pid and a random part (a process
    restarted with the same pid is another one)."""
    return f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"


def redis_client(url: str, *, blocking_reads: bool = False) -> aioredis.Redis:
    """A Redis client for `url` that gives up on a command after REDIS_TIMEOUT seconds
    (`blocking_reads`: a subscriber's, whose reads wait for the next message however long)."""
    client: aioredis.Redis = aioredis.Redis.from_url(
        url, socket_timeout=None if blocking_reads else REDIS_TIMEOUT,
        socket_connect_timeout=REDIS_TIMEOUT, decode_responses=False)
    return client


def client_manager(redis_url: str | None) -> socketio.AsyncManager | None:
    """socket.io's client manager for a server of the cluster (None: the default, this process
    alone)."""
    if not redis_url:
        return None
    return socketio.AsyncRedisManager(redis_url, channel=SOCKETIO_CHANNEL)


class Cluster:
    """This process among the service's: `id`, and `redis` (None without `REDIS_URL`)."""

    def __init__(self, redis_url: str | None) -> None:
        self.id = new_process_id()
        self.redis_url = redis_url
        self.redis: aioredis.Redis | None = None

    @property
    def enabled(self) -> bool:
        """Whether this process is one of several (`REDIS_URL` is set)."""
        return bool(self.redis_url)

    async def start(self) -> None:
        """Open the Redis client (its connections are made when first used: a Redis server that
        is down at start is waited for, not fatal)."""
        if self.redis_url and self.redis is None:
            self.redis = redis_client(self.redis_url)
            log.info("cluster process %s", self.id)

    async def stop(self) -> None:
        if self.redis is not None:
            client, self.redis = self.redis, None
            await client.aclose()


cluster_key = web.AppKey("cluster", Cluster)
