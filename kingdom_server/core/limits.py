"""What one client may cost: calls per second, room creations per minute and join attempts per
second, counted per connection and per address (token buckets). Past a limit a call is refused
with `Too many requests, try again in N s`; nothing else happens to the connection.

Join attempts are limited so that room codes cannot be found by guessing: at the default 5 a
second per address, trying a thousandth of the 887 million codes takes about two days.

When several processes serve as one (`REDIS_URL`, docs/deploy.md) the buckets per address are
kept in Redis (`SharedLimiter`), so that an address spreading its calls over the processes gets
no more than from one; the buckets per connection stay in the process that holds the
connection. If Redis cannot be reached the process counts the address locally meanwhile.
"""

from __future__ import annotations

import logging
import math
import time
from collections.abc import Callable
from typing import Any

import attrs

log = logging.getLogger(__name__)


@attrs.frozen
class Rate:
    """At most `count` in any `seconds` (a burst of `count`, then `count / seconds` a second)."""

    count: int
    seconds: float


SIGN_UPS_PER_ADDRESS: tuple[Rate, ...] = (Rate(5, 3600.0), Rate(20, 24 * 3600.0))
"""The default sign-up limit per address, its first window the hour (RateLimits)."""


@attrs.frozen
class RateLimits:
    """The server's limits (Settings.rate_limits); None there turns them all off."""

    events_per_connection: Rate = Rate(20, 1.0)
    events_per_address: Rate = Rate(100, 1.0)
    rooms_per_connection: Rate = Rate(5, 60.0)
    rooms_per_address: Rate = Rate(20, 60.0)
    joins_per_connection: Rate = Rate(3, 1.0)
    joins_per_address: Rate = Rate(5, 1.0)
    sign_ups_per_address: tuple[Rate, ...] = SIGN_UPS_PER_ADDRESS
    """New accounts (`POST /api/auth/register`, the sign-in page's form) per address: 5 an
    hour, 20 a day (kingdom_server/accounts/throttle.py)."""

    def with_sign_ups_per_hour(self, count: int) -> RateLimits:
        """These limits with `count` new accounts an hour from one address, and every other
        window of the sign-up limit in the same proportion (a day: four times the hour's, as
        by default); 0 lifts the sign-up limit (`kingdom serve --sign-ups-per-hour`)."""
        if count < 0:
            raise ValueError("the sign-ups per hour cannot be negative")
        if count == 0:
            return attrs.evolve(self, sign_ups_per_address=())
        scale = count / SIGN_UPS_PER_ADDRESS[0].count
        rates = tuple(Rate(max(1, round(r.count * scale)), r.seconds)
                      for r in SIGN_UPS_PER_ADDRESS)
        return attrs.evolve(self, sign_ups_per_address=rates)


#: Calls that create a room / try a room code.
CREATE_CALLS = frozenset({"createRoom", "createPublicRoom"})
JOIN_CALLS = frozenset({"joinRoom", "joinPublicRoom", "rejoinRoom"})

TOO_MANY = "Too many requests, try again in {} s"


def call_kind(event: str) -> str | None:
    """The limit a call counts against besides every event's: 'room', 'join' or none."""
    if event in CREATE_CALLS:
        return "room"
    if event in JOIN_CALLS:
        return "join"
    return None


def refusal(wait: float) -> str:
    return TOO_MANY.format(max(1, math.ceil(wait)))


class Bucket:
    __slots__ = ("level", "stamp")

    def __init__(self, now: float, level: float) -> None:
        self.level = level
        self.stamp = now


class Buckets:
    """One token bucket per key for one rate."""

    def __init__(self, rate: Rate) -> None:
        self.capacity = float(rate.count)
        self.per_second = rate.count / rate.seconds
        self.by_key: dict[str, Bucket] = {}

    def wait(self, key: str, now: float) -> tuple[Bucket, float]:
        """`key`'s bucket, refilled to `now`, and the seconds until it holds a token (0.0: it
        holds one)."""
        bucket = self.by_key.get(key)
        if bucket is None:
            if len(self.by_key) >= 10_000:
                self._forget_full(now)
            bucket = self.by_key[key] = Bucket(now, self.capacity)
        else:
            bucket.level = min(self.capacity,
                               bucket.level + (now - bucket.stamp) * self.per_second)
            bucket.stamp = now
        if bucket.level >= 1.0:
            return bucket, 0.0
        return bucket, (1.0 - bucket.level) / self.per_second

    def _forget_full(self, now: float) -> None:
        full = [k for k, b in self.by_key.items()
                if b.level + (now - b.stamp) * self.per_second >= self.capacity]
        for key in full:
            del self.by_key[key]

    def forget(self, key: str) -> None:
        self.by_key.pop(key, None)


class Limiter:
    """Counts each call against the caller's connection and address."""

    def __init__(self, limits: RateLimits, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.pairs = {
            "event": (Buckets(limits.events_per_connection), Buckets(limits.events_per_address)),
            "room": (Buckets(limits.rooms_per_connection), Buckets(limits.rooms_per_address)),
            "join": (Buckets(limits.joins_per_connection), Buckets(limits.joins_per_address)),
        }

    def check(self, kind: str, sid: str, address: str) -> str | None:
        """None when the call may go ahead (it then counts against both the connection and
        the address), else the refusal's text (a refused call counts against neither)."""
        now = self.clock()
        per_connection, per_address = self.pairs[kind]
        mine, wait_mine = per_connection.wait(sid, now)
        shared, wait_shared = per_address.wait(address, now)
        wait = max(wait_mine, wait_shared)
        if wait > 0:
            return refusal(wait)
        mine.level -= 1.0
        shared.level -= 1.0
        return None

    def check_call(self, event: str, sid: str, address: str) -> str | None:
        kind = call_kind(event)
        return self.check(kind, sid, address) if kind is not None else None

    def connection_wait(self, kind: str, sid: str) -> float:
        """Seconds until the connection's bucket of `kind` holds a token (0.0: now)."""
        return self.pairs[kind][0].wait(sid, self.clock())[1]

    def take_connection(self, kind: str, sid: str) -> None:
        """Count a call that went ahead against the connection only."""
        bucket, _ = self.pairs[kind][0].wait(sid, self.clock())
        bucket.level -= 1.0

    def disconnected(self, sid: str) -> None:
        for per_connection, _ in self.pairs.values():
            per_connection.forget(sid)


# The token bucket of one key in Redis, refilled and taken from atomically by the server's own
# clock (TIME), so that every process counts alike. KEYS[1]: the bucket; ARGV: capacity,
# tokens a second. Answers the seconds to wait as text ("0": a token was taken).
TAKE_SCRIPT = """
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1000000
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local saved = redis.call('HMGET', KEYS[1], 'level', 'stamp')
local level = tonumber(saved[1])
local stamp = tonumber(saved[2])
if level == nil or stamp == nil then
  level = capacity
  stamp = now
end
level = math.min(capacity, level + math.max(0, now - stamp) * rate)
if level < 1 then
  return tostring((1 - level) / rate)
end
redis.call('HSET', KEYS[1], 'level', tostring(level - 1), 'stamp', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate * 1000) + 1000)
return '0'
"""

RETRY_SECONDS = 1.0
"""After Redis failed, how long the limits are counted locally before it is tried again (so
that no call waits on an unreachable Redis more than once a second)."""

SHARED_PREFIX = "kingdom:limit:"
"""Redis keys of the shared buckets: kingdom:limit:<kind>:<address>."""


class SharedLimiter:
    """A `Limiter` whose buckets per address live in Redis, shared by every process of the
    service; its buckets per connection stay local. `redis` is a redis.asyncio client."""

    def __init__(self, local: Limiter, limits: RateLimits, redis: Any) -> None:
        self.local = local
        self.redis = redis
        self.rates = {
            "event": limits.events_per_address,
            "room": limits.rooms_per_address,
            "join": limits.joins_per_address,
        }
        self._take = redis.register_script(TAKE_SCRIPT)
        self.unreachable = False
        """Whether the last try to reach Redis failed (the address was counted locally)."""
        self._retry_at = 0.0
        """While unreachable: calls are counted locally until then, without waiting on Redis."""

    async def check(self, kind: str, sid: str, address: str) -> str | None:
        """As `Limiter.check`, the address counted across processes."""
        wait = self.local.connection_wait(kind, sid)
        if wait > 0:
            return refusal(wait)
        rate = self.rates[kind]
        if self.unreachable and self.local.clock() < self._retry_at:
            return self.local.check(kind, sid, address)
        try:
            answer = await self._take(keys=[f"{SHARED_PREFIX}{kind}:{address}"],
                                      args=[rate.count, rate.count / rate.seconds])
        except Exception as e:  # Redis down or slow: count here meanwhile
            if not self.unreachable:
                log.warning("rate limits: Redis unreachable (%s); counting addresses locally", e)
            self.unreachable = True
            self._retry_at = self.local.clock() + RETRY_SECONDS
            return self.local.check(kind, sid, address)
        if self.unreachable:
            log.warning("rate limits: Redis is back; counting addresses across processes")
        self.unreachable = False
        wait = float(answer.decode() if isinstance(answer, bytes) else answer)
        if wait > 0:
            return refusal(wait)
        self.local.take_connection(kind, sid)
        return None

    async def check_call(self, event: str, sid: str, address: str) -> str | None:
        kind = call_kind(event)
        return await self.check(kind, sid, address) if kind is not None else None

    def disconnected(self, sid: str) -> None:
        self.local.disconnected(sid)
