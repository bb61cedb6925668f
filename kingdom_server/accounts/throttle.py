"""Sign-in throttling and the sign-up limit (docs/protocol.md, "HTTP API: accounts").

Sign-in failures are counted in 15-minute windows, so that guessing is slow without letting a
stranger lock a player out (the usual balance of OWASP's authentication guidance):
- per (username, address) pair: 10 failures, then that pair waits;
- per address: 100 failures (one address trying many names), then that address waits;
- per username: 100 failures from addresses the account never signed in from (guessing one
  name from many addresses), then those addresses wait; an address the owner has signed in
  from keeps working.
A stranger's failures therefore never stop the owner signing in from their own address.

Sign-ups are limited per address by token buckets (kingdom_server/core/limits.py): 5 an hour, 20 a
day by default; each one costs an argon2 hash.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable

from kingdom_server.core.limits import Buckets, Rate

WINDOW_SECONDS = 15 * 60
PAIR_FAILURES = 10
ADDRESS_FAILURES = 100
NAME_FAILURES = 100
KNOWN_ADDRESSES = 10
"""Addresses remembered per account (the latest ones it signed in from)."""
MAX_KEYS = 100_000


class Windows:
    """At most `count` events per key in any `seconds` (a sliding window per key)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count = count
        self.seconds = seconds
        self._times: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float] | None:
        times = self._times.get(key)
        if times is None:
            return None
        while times and times[0] <= now - self.seconds:
            times.popleft()
        if not times:
            del self._times[key]
            return None
        return times

    def wait(self, key: str, now: float) -> float:
        """Seconds until `key` may have another event (0.0: now)."""
        times = self._recent(key, now)
        if times is None or len(times) < self.count:
            return 0.0
        return max(0.0, times[-self.count] + self.seconds - now)

    def add(self, key: str, now: float) -> None:
        if len(self._times) >= MAX_KEYS:
            for old in list(self._times):
                self._recent(old, now)
        times = self._times.setdefault(key, deque())
        times.append(now)
        while len(times) > self.count:
            times.popleft()

    def clear(self, key: str) -> None:
        self._times.pop(key, None)


def _seconds(wait: float) -> int | None:
    return max(1, math.ceil(wait)) if wait > 0 else None


class SignInThrottle:
    """Failed sign-ins, in memory, per pair, address and username (module docstring)."""

    def __init__(
        self,
        pair_failures: int = PAIR_FAILURES,
        address_failures: int = ADDRESS_FAILURES,
        name_failures: int = NAME_FAILURES,
        window: float = WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.clock = clock
        self.pairs = Windows(pair_failures, window)
        self.addresses = Windows(address_failures, window)
        self.names = Windows(name_failures, window)
        self._known: OrderedDict[str, deque[str]] = OrderedDict()

    @staticmethod
    def _pair(name_key: str, address: str) -> str:
        return f"{name_key}\x00{address}"

    def known_address(self, name_key: str, address: str) -> bool:
        """Whether the account signed in from `address` lately."""
        return address in self._known.get(name_key, ())

    def retry_after(self, name_key: str, address: str) -> int | None:
        """Seconds to wait before this name may be tried from this address, or None."""
        now = self.clock()
        wait = max(self.pairs.wait(self._pair(name_key, address), now),
                   self.addresses.wait(address, now))
        if not self.known_address(name_key, address):
            wait = max(wait, self.names.wait(name_key, now))
        return _seconds(wait)

    def failed(self, name_key: str, address: str) -> None:
        now = self.clock()
        self.pairs.add(self._pair(name_key, address), now)
        self.addresses.add(address, now)
        self.names.add(name_key, now)

    def succeeded(self, name_key: str, address: str) -> None:
        """The right password: this pair's failures are forgotten and the address is known
        to be the owner's."""
        self.pairs.clear(self._pair(name_key, address))
        known = self._known.pop(name_key, None) or deque(maxlen=KNOWN_ADDRESSES)
        if address not in known:
            known.append(address)
        self._known[name_key] = known
        while len(self._known) > MAX_KEYS:
            self._known.popitem(last=False)


class SignUpLimit:
    """New accounts per address: one token bucket per rate (all must hold a token)."""

    def __init__(self, rates: tuple[Rate, ...],
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.buckets = [Buckets(rate) for rate in rates]

    def take(self, address: str) -> int | None:
        """Counts one sign-up from `address` and answers None, or answers the seconds to wait
        (nothing counted)."""
        now = self.clock()
        found = [b.wait(address, now) for b in self.buckets]
        wait = max((w for _, w in found), default=0.0)
        if wait > 0:
            return _seconds(wait)
        for bucket, _ in found:
            bucket.level -= 1.0
        return None
