"""Sign-in throttling: after 10 failures for one username or one address within 15 minutes,
further attempts are refused (429 with Retry-After) until the oldest failure is old enough."""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

MAX_FAILURES = 10
WINDOW_SECONDS = 15 * 60
MAX_KEYS = 100_000


class SignInThrottle:
    """Failures kept in memory per key ("user:<name>" and "addr:<address>")."""

    def __init__(
        self,
        max_failures: int = MAX_FAILURES,
        window: float = WINDOW_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.max_failures = max_failures
        self.window = window
        self.clock = clock
        self._failures: dict[str, deque[float]] = {}

    def _recent(self, key: str, now: float) -> deque[float] | None:
        times = self._failures.get(key)
        if times is None:
            return None
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[key]
            return None
        return times

    def retry_after(self, keys: list[str]) -> int | None:
        """Seconds to wait before trying again, or None when an attempt is allowed."""
        now = self.clock()
        wait = 0.0
        for key in keys:
            times = self._recent(key, now)
            if times is not None and len(times) >= self.max_failures:
                wait = max(wait, times[-self.max_failures] + self.window - now)
        return max(1, math.ceil(wait)) if wait > 0 else None

    def failed(self, keys: list[str]) -> None:
        now = self.clock()
        if len(self._failures) >= MAX_KEYS:
            for key in list(self._failures):
                self._recent(key, now)
        for key in keys:
            times = self._failures.setdefault(key, deque())
            times.append(now)
            while len(times) > self.max_failures:
                times.popleft()

    def succeeded(self, username_key: str) -> None:
        """A good password clears that name's failures (an address's failures stay)."""
        self._failures.pop(f"user:{username_key}", None)
