"""One owner per room among the service's processes (`REDIS_URL`, docs/deploy.md, "Room
ownership").

A room's live game is held by one process at a time, under a lease in Redis
(`kingdom:room:{code}:owner` = the owner's process id, set with `SET NX PX` and renewed every
RENEW_SECONDS for LEASE_MS). The lease says who may hold the room; the database says who may
write it: a process that takes a room raises the room row's fencing token by one
(`Storage.take_room`, one transaction) and every write of the room (its ordered writer, its
action rows) checks in its own transaction that the row still holds that token
(`Storage.check_fence`). A process that lost its lease (killed, paused, cut off from Redis
while another took the room) can therefore never store a move: its write is refused, and it
drops the room (`drop`).

Rooms whose owner died are found by every process's scan of the open rooms (every
SCAN_SECONDS), and by any call about them: a room seen without a lease for GRACE_SECONDS
(Redis reachable all along) is taken (`acquire`) and rebuilt from its stored action log
(`adopt`, the restart recovery): within LEASE_MS + GRACE_SECONDS + SCAN_SECONDS (about 6 s)
of the death. The grace lets a live owner put back its leases after Redis restarted empty.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from redis.exceptions import RedisError

from kingdom_server.core.cluster import LEASE_SCRIPT, Cluster
from kingdom_server.core.storage import UNREACHABLE, Storage

log = logging.getLogger(__name__)

LEASE_MS = 3000
"""How long a lease lasts unless renewed."""

RENEW_SECONDS = 0.75
"""How often the owner renews the leases of its rooms (four times per lease)."""

GRACE_SECONDS = 2.0
"""How long a room must be seen without a lease, Redis reachable all along, before another
process takes it: its owner, if alive, puts the lease back within RENEW_SECONDS of Redis
coming back (a Redis restarted without its data has no lease at all)."""

SCAN_SECONDS = 1.0
"""How often each process looks for open rooms that no process owns."""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


def lease_key(code: str) -> str:
    return f"kingdom:room:{code}:owner"


class Ownership:
    """The rooms this process owns, their leases, and the search for rooms without an owner."""

    def __init__(self, cluster: Cluster, storage: Storage) -> None:
        self.cluster = cluster
        self.storage = storage
        self.owned: set[str] = set()
        self.adopt: Callable[[str], Awaitable[bool]] | None = None
        """(the hub) Rebuild a room this process just took from the store; False if it is not
        open any more."""
        self.drop: Callable[[str], Awaitable[None]] | None = None
        """(the hub) Let go of a room another process owns now."""
        self.is_held: Callable[[str], bool] = lambda code: True
        """(the hub) Whether the room is open in this process (a closed one's lease goes)."""
        self._unheld: set[str] = set()
        """Owned codes without an open room at the last renewal (a new room's code is claimed
        a moment before its room opens)."""
        self.redis_ok = True
        """Whether the last exchange with Redis succeeded (`/api/health`)."""
        self._missing: dict[str, float] = {}
        """Room code -> when it was first seen without a lease (forgotten whenever Redis
        fails, and when a lease is seen)."""
        self._tasks: list[asyncio.Task[None]] = []
        self._adopting: dict[str, asyncio.Event] = {}
        """Rooms being taken by this process, set when they are open here (or not taken)."""

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._renewals()), loop.create_task(self._scans())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        redis = self.cluster.redis
        if redis is not None:  # the other processes take the rooms at once
            for code in list(self.owned):
                try:
                    await redis.eval(_RELEASE, 1, lease_key(code), self.cluster.id)
                except (RedisError, OSError):
                    break

    # -- leases ------------------------------------------------------------------------------

    async def owner(self, code: str) -> str | None:
        """The id of the process that holds the room's lease (None: nobody). Raises RedisError
        or OSError when Redis cannot be reached."""
        redis = self.cluster.redis
        if redis is None:
            raise RedisError("no Redis client")
        held = await redis.get(lease_key(code))
        if held is None:
            return None
        return held.decode() if isinstance(held, bytes) else str(held)

    async def claim_new(self, code: str) -> bool:
        """Take the lease of a room code not used yet (its row does not exist: token 0). False
        if another process holds it. Raises when Redis cannot be reached."""
        redis = self.cluster.redis
        if redis is None:
            raise RedisError("no Redis client")
        if not await redis.set(lease_key(code), self.cluster.id, nx=True, px=LEASE_MS):
            return False
        self.storage.fences[code] = 0
        self.owned.add(code)
        return True

    async def acquire(self, code: str) -> bool:
        """Take a stored room that nobody owns: its lease, then a new fencing token (after
        which every write of its previous owner is refused). False if another process was
        quicker. Raises when Redis or the database cannot be reached."""
        redis = self.cluster.redis
        if redis is None:
            raise RedisError("no Redis client")
        if not await redis.set(lease_key(code), self.cluster.id, nx=True, px=LEASE_MS):
            return False
        try:
            token = await self.storage.run(self.storage.take_room, code)
        except Exception:
            await self._release(code)
            raise
        self.owned.add(code)
        log.warning("room %s taken with fencing token %d", code, token)
        return True

    def orphaned(self, code: str, owner: str | None) -> bool:
        """Whether the room has been seen without an owner for GRACE_SECONDS (`owner`: its
        lease's holder now)."""
        if owner is not None:
            self._missing.pop(code, None)
            return False
        now = asyncio.get_running_loop().time()
        since = self._missing.setdefault(code, now)
        return now - since >= GRACE_SECONDS

    def redis_failed(self) -> None:
        """Redis could not be reached: what was seen without a lease may have lost it with
        Redis, and its owner could not put it back yet."""
        self.redis_ok = False
        self._missing.clear()

    async def take(self, code: str) -> bool:
        """Acquire and rebuild a room nobody owns (`adopt`); False if another process owns it
        or it is not open. Raises when Redis or the database cannot be reached."""
        if code in self._adopting:
            return False
        self._adopting[code] = asyncio.Event()
        try:
            if not await self.acquire(code):
                return False
            if self.adopt is None or not await self.adopt(code):
                await self.release(code)
                return False
            return True
        finally:
            self._adopting.pop(code).set()

    async def settled(self, code: str) -> None:
        """Wait while this process is taking the room (its lease is ours already, its room
        not open yet)."""
        taking = self._adopting.get(code)
        if taking is not None:
            await taking.wait()

    async def is_open(self, code: str) -> bool:
        """Whether the store holds the room open (a call naming a room nobody owns)."""
        return await self.storage.run(self.storage.room_is_open, code)

    async def release(self, code: str) -> None:
        """The room is closed or dropped here: its lease goes, its writes are refused."""
        self.owned.discard(code)
        self.storage.give_up_room(code)
        await self._release(code)

    async def _release(self, code: str) -> None:
        redis = self.cluster.redis
        if redis is None:
            return
        try:
            await redis.eval(_RELEASE, 1, lease_key(code), self.cluster.id)
        except (RedisError, OSError):
            log.warning("room %s: its lease could not be released (it lapses)", code)

    async def lost(self, code: str) -> None:
        """Another process owns the room now (its lease, or a refused write): let go."""
        if code not in self.owned:
            return
        log.warning("room %s: owned by another process now; dropped here", code)
        self.owned.discard(code)
        self.storage.give_up_room(code)
        if self.drop is not None:
            await self.drop(code)

    # -- the loops ---------------------------------------------------------------------------

    async def _renewals(self) -> None:
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                await self.renew()
            except Exception:
                log.exception("renewing the rooms' leases failed")

    async def renew(self) -> None:
        unheld = {c for c in self.owned if not self.is_held(c) and c not in self._adopting}
        gone, self._unheld = unheld & self._unheld, unheld
        for code in gone:  # closed here: the lease goes
            self.owned.discard(code)
            self.storage.fences.pop(code, None)
            await self._release(code)
        redis = self.cluster.redis
        codes = sorted(self.owned)
        if redis is None or not codes:
            return
        try:
            async with redis.pipeline(transaction=False) as pipe:
                # Each lease renewed, or taken back if it lapsed while Redis was away (a room
                # another process took meanwhile has a higher token in the database: our writes
                # are refused and we drop it); 0: another process holds it.
                for code in codes:
                    pipe.eval(LEASE_SCRIPT, 1, lease_key(code), self.cluster.id, LEASE_MS)
                answers = await pipe.execute()
        except (RedisError, OSError) as e:
            if self.redis_ok:
                log.error("Redis cannot be reached (%s): the rooms' leases are not renewed", e)
            self.redis_failed()
            return
        self.redis_ok = True
        for code, answer in zip(codes, answers, strict=True):
            if int(answer) == 0:
                await self.lost(code)

    async def _scans(self) -> None:
        while True:
            await asyncio.sleep(SCAN_SECONDS)
            try:
                await self.scan()
            except (RedisError, OSError) as e:
                self.redis_failed()
                log.debug("scan for rooms without an owner failed: %s", e)
            except UNREACHABLE as e:
                log.debug("scan for rooms without an owner failed: %s", e)
            except Exception:
                log.exception("scan for rooms without an owner failed")

    async def scan(self) -> None:
        """Take the open rooms seen without an owner for GRACE_SECONDS."""
        redis = self.cluster.redis
        if redis is None:
            return
        codes = [c for c in await self.storage.run(self.storage.open_room_codes)
                 if c not in self.owned]
        for code in set(self._missing) - set(codes):
            del self._missing[code]
        if not codes:
            return
        held = await redis.mget([lease_key(c) for c in codes])
        self.redis_ok = True
        ripe = [c for c, h in zip(codes, held, strict=True)
                if self.orphaned(c, None if h is None else "held")]
        for code in sorted(ripe):
            try:
                await self.take(code)
            except Exception:
                log.exception("room %s: taking it failed", code)
