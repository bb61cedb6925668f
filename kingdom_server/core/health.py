"""Whether this process can reach what it depends on: its database and, when it is one of
several processes (`REDIS_URL`), Redis. Checked every `INTERVAL_SECONDS` in the background and
reported by `GET /api/health` (docs/protocol.md):

    {"status": "ok" | "degraded", "process": id, "acceptingRooms": bool,
     "dependencies": {"database": {"ok", "engine", "latencyMs", "error"},
                      "redis": {...}},          # only with REDIS_URL
     "rooms", "seatedConnections", "acks", "actions", "pushes"}

While a dependency cannot be reached the answer's status is 503, so that a proxy in front of
the processes sends new connections elsewhere (docs/deploy.md), and the process creates no new
room (`NOT_TAKING_ROOMS`): a room it made could not be stored or shared. The rooms it holds
play on as their own store and Redis allow.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import attrs
from aiohttp import web

log = logging.getLogger(__name__)

INTERVAL_SECONDS = 2.0
TIMEOUT_SECONDS = 3.0
NOT_TAKING_ROOMS = "This server cannot start new games right now, please try again in a minute"
"""The refusal of createRoom / createPublicRoom while a dependency cannot be reached."""


@attrs.define
class Dependency:
    """One thing this process needs, and how its last check went."""

    name: str
    engine: str
    probe: Callable[[], Awaitable[object]]
    ok: bool = True
    error: str | None = None
    latency_ms: float | None = None
    failures: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "engine": self.engine, "latencyMs": self.latency_ms,
                "error": self.error}


class Health:
    """The dependencies of this process and their last checks."""

    def __init__(self) -> None:
        self.dependencies: list[Dependency] = []
        self._task: asyncio.Task[None] | None = None

    def add(self, name: str, engine: str, probe: Callable[[], Awaitable[object]]) -> None:
        """Check `probe()` (raises, or takes longer than TIMEOUT_SECONDS, when `name` cannot be
        reached)."""
        self.dependencies.append(Dependency(name, engine, probe))

    @property
    def ok(self) -> bool:
        return all(d.ok for d in self.dependencies)

    def refusal(self) -> str | None:
        """Why no new room may be made here now (None: it may)."""
        return None if self.ok else NOT_TAKING_ROOMS

    async def check(self) -> None:
        """Check every dependency once, together."""
        await asyncio.gather(*(self._check(d) for d in self.dependencies))

    async def _check(self, dependency: Dependency) -> None:
        started = time.perf_counter()
        try:
            await asyncio.wait_for(dependency.probe(), TIMEOUT_SECONDS)
        except Exception as e:
            text = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            if dependency.ok:
                log.warning("health: %s unreachable: %s; no new rooms here until it is back",
                            dependency.name, text)
            dependency.ok = False
            dependency.error = text[:200]
            dependency.latency_ms = None
            dependency.failures += 1
            return
        if not dependency.ok:
            log.warning("health: %s is back", dependency.name)
        dependency.ok = True
        dependency.error = None
        dependency.latency_ms = round((time.perf_counter() - started) * 1000, 2)

    def start(self) -> None:
        self._task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(INTERVAL_SECONDS)
            try:
                await self.check()
            except Exception:  # a check must never stop the checking
                log.exception("health check failed")

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    def report(self) -> dict[str, Any]:
        return {
            "status": "ok" if self.ok else "degraded",
            "acceptingRooms": self.ok,
            "dependencies": {d.name: d.to_json() for d in self.dependencies},
        }


def ping_database(db: Any) -> None:
    """(a database thread) One trivial query on this thread's connection; a connection that
    failed is closed, so that the next check connects afresh."""
    try:
        db.execute_sql("SELECT 1")
    except Exception:
        with contextlib.suppress(Exception):
            db.close()
        raise


health_key = web.AppKey("health", Health)
