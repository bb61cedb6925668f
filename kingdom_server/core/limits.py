"""What one client may cost: calls per second, room creations per minute and join attempts per
second, counted per connection and per address (token buckets). Past a limit a call is refused
with `Too many requests, try again in N s`; nothing else happens to the connection.

Join attempts are limited so that room codes cannot be found by guessing: at the default 5 a
second per address, trying a thousandth of the 887 million codes takes about two days.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import attrs


@attrs.frozen
class Rate:
    """At most `count` in any `seconds` (a burst of `count`, then `count / seconds` a second)."""

    count: int
    seconds: float


@attrs.frozen
class RateLimits:
    """The server's limits (Settings.rate_limits); None there turns them all off."""

    events_per_connection: Rate = Rate(20, 1.0)
    events_per_address: Rate = Rate(100, 1.0)
    rooms_per_connection: Rate = Rate(5, 60.0)
    rooms_per_address: Rate = Rate(20, 60.0)
    joins_per_connection: Rate = Rate(3, 1.0)
    joins_per_address: Rate = Rate(5, 1.0)
    sign_ups_per_address: tuple[Rate, ...] = (Rate(5, 3600.0), Rate(20, 24 * 3600.0))
    """New accounts (`POST /api/auth/register`, the sign-in page's form) per address: 5 an
    hour, 20 a day (kingdom_server/accounts/throttle.py)."""


#: Calls that create a room / try a room code.
CREATE_CALLS = frozenset({"createRoom", "createPublicRoom"})
JOIN_CALLS = frozenset({"joinRoom", "joinPublicRoom", "rejoinRoom"})

TOO_MANY = "Too many requests, try again in {} s"


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
            return TOO_MANY.format(max(1, math.ceil(wait)))
        mine.level -= 1.0
        shared.level -= 1.0
        return None

    def check_call(self, event: str, sid: str, address: str) -> str | None:
        if event in CREATE_CALLS:
            return self.check("room", sid, address)
        if event in JOIN_CALLS:
            return self.check("join", sid, address)
        return None

    def disconnected(self, sid: str) -> None:
        for per_connection, _ in self.pairs.values():
            per_connection.forget(sid)
