"""The public games list of a service of several processes (`REDIS_URL`, docs/deploy.md).

Each process keeps the listings of the public rooms it holds (`Rooms.public_games`) in Redis
under a key of its own, `kingdom:public:<process id>`, rewritten whenever one of them changes
and every `REFRESH_SECONDS`, and expiring `TTL_SECONDS` after the last write: the rooms of a
process that died leave the list by themselves, and come back under the process that takes
them over. `kingdom:public-processes` is the set of those processes.

Every process answers `getPublicGames` with the whole service's list (`games()`: every live
process's listings, in the processes' order), and pushes that list as `publicGamesUpdated` to
the `browsing` socket.io room, which the Redis client manager delivers on every process. When
a process's key expires, the first live process in that order pushes the shorter list.

If Redis cannot be reached a process lists and pushes its own rooms only, until it can.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

KEY_PREFIX = "kingdom:public:"
PROCESSES = "kingdom:public-processes"
PUSHED = "kingdom:public-pushed"
"""A digest of the list last pushed by any process (so that a list is pushed once)."""
TTL_SECONDS = 10.0
REFRESH_SECONDS = 3.0

Listings = list[dict[str, Any]]


def digest(games: Listings) -> str:
    text = json.dumps(games, sort_keys=True, separators=(",", ":"))
    return hashlib.sha1(text.encode()).hexdigest()


class SharedListing:
    """This process's public rooms in Redis (`redis`: a redis.asyncio client), and the
    service's list. `local()` lists this process's public rooms; `push(games)` sends a list
    to every browsing socket of the service."""

    def __init__(self, redis: Any, process_id: str, local: Callable[[], Listings],
                 push: Callable[[Listings], Awaitable[None]]) -> None:
        self.redis = redis
        self.process_id = process_id
        self.local = local
        self.push = push
        self.key = KEY_PREFIX + process_id
        self.last: Listings | None = None
        """The service's list as this process last pushed or read it."""
        self.unreachable = False
        self._dirty = False
        self._publishing: asyncio.Task[None] | None = None
        self._refresher: asyncio.Task[None] | None = None

    # -- this process's part ---------------------------------------------------------------

    async def _publish(self) -> None:
        listing = json.dumps(self.local(), separators=(",", ":"))
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.set(self.key, listing, px=int(TTL_SECONDS * 1000))
            pipe.sadd(PROCESSES, self.process_id)
            await pipe.execute()

    def changed(self) -> None:
        """One of this process's public rooms changed: publish its listings and push the
        service's list, soon and in order (changes meanwhile are taken together)."""
        self._dirty = True
        if self._publishing is None or self._publishing.done():
            self._publishing = asyncio.ensure_future(self._publish_and_push())

    async def _publish_and_push(self) -> None:
        while self._dirty:
            self._dirty = False
            try:
                await self._publish()
                games = await self._read()
            except Exception as e:  # Redis unreachable: this process's rooms only
                self._unreachable(e)
                games = self.local()
            self.last = games
            await self._push(games)

    async def _push(self, games: Listings) -> None:
        try:
            await self.push(games)
        except Exception:
            log.exception("publicGamesUpdated push failed")
        with contextlib.suppress(Exception):
            await self.redis.set(PUSHED, digest(games), px=int(TTL_SECONDS * 1000) * 6)

    async def settled(self) -> None:
        """Wait until the changes so far are published and pushed (tests, shutdown)."""
        while self._publishing is not None and not self._publishing.done():
            await asyncio.shield(self._publishing)

    # -- the service's list ----------------------------------------------------------------

    async def _read(self) -> Listings:
        members = sorted(
            m.decode() if isinstance(m, bytes) else str(m)
            for m in await self.redis.smembers(PROCESSES)
        )
        if not members:
            return []
        values = await self.redis.mget([KEY_PREFIX + m for m in members])
        gone = [m for m, v in zip(members, values, strict=True) if v is None]
        if gone:
            await self.redis.srem(PROCESSES, *gone)
        games: Listings = []
        seen: set[str] = set()
        for value in values:
            if value is None:
                continue
            for listing in json.loads(value):
                code = listing.get("roomCode")
                if code not in seen:  # a room taken over and not yet expired from its old owner
                    seen.add(code)
                    games.append(listing)
        self.unreachable = False
        return games

    async def games(self) -> Listings:
        """The public games of every live process (this process's alone when Redis cannot be
        reached)."""
        try:
            return await self._read()
        except Exception as e:
            self._unreachable(e)
            return self.local()

    def _unreachable(self, error: Exception) -> None:
        if not self.unreachable:
            log.warning("public games: Redis unreachable (%s); listing this process's rooms", error)
        self.unreachable = True

    # -- upkeep ----------------------------------------------------------------------------

    def start(self) -> None:
        self._refresher = asyncio.ensure_future(self._refresh())

    async def _refresh(self) -> None:
        while True:
            try:
                await self._publish()
                games = await self._read()
                members = sorted(
                    m.decode() if isinstance(m, bytes) else str(m)
                    for m in await self.redis.smembers(PROCESSES)
                )
                if members and members[0] == self.process_id:
                    pushed = await self.redis.get(PUSHED)
                    pushed = pushed.decode() if isinstance(pushed, bytes) else pushed
                    if pushed != digest(games):
                        await self._push(games)
                self.last = games
            except asyncio.CancelledError:
                raise
            except Exception as e:
                self._unreachable(e)
            await asyncio.sleep(REFRESH_SECONDS)

    async def stop(self) -> None:
        """Leave the list (the rooms come back under whichever process takes them)."""
        for task in (self._refresher, self._publishing):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(BaseException):
                    await task
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.redis.delete(self.key), 2)
