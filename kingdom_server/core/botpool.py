"""Where slow bots think: a pool of worker processes, so that a search never holds up the event
loop's process (every other room's calls and pushes).

Decisions wait in the pool's queue (first come, first served) for one of its workers; a room
has at most one decision waiting at a time. A worker gets the game state, computes the bot's
own view and legal actions there, and sends back only the chosen action. Bots that decide in
microseconds (GreedyBot, RandomBot, the tutorial's) stay in the server's process: sending them
across would cost more than they do.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import kingdom_rules as kr
from kingdom_server.core import bots as botlib

log = logging.getLogger(__name__)

_local = threading.local()
"""(in a worker) One bot per kind and thread: a bot keeps no memory between decisions, but
may keep some during one."""


def _start_worker(server: int) -> None:
    """(in a worker, at its start) Watch the server's process, and make a SearchBot once so
    that the first decision does not pay for its imports."""
    threading.Thread(target=_end_with, args=(server,), name="server-watch", daemon=True).start()
    botlib.make_bot("SearchBot")


def _end_with(server: int) -> None:
    """(in a worker) Exit as soon as the server's process is gone: a server that is killed
    (SIGKILL, a crash) shuts no pool down, and its workers would otherwise live on, orphaned,
    one set more at every restart."""
    while os.getppid() == server:
        time.sleep(WATCH_SECONDS)
    os._exit(0)


WATCH_SECONDS = 0.5
"""How often a worker looks whether the server's process is still its parent."""


def decide(kind: str | None, state: kr.GameState, number: int, seed: int) -> tuple[kr.Action, int]:
    """(in a worker) The bot's action for player `number`, and the worker's process id."""
    bots: dict[str | None, Any] = _local.__dict__.setdefault("bots", {})
    bot = bots.get(kind)
    if bot is None:
        bot = bots[kind] = botlib.make_bot(kind)
    view = kr.view(state, number)
    legal = kr.legal_actions(state, number)
    action: kr.Action = bot.choose(view, legal, random.Random(seed))
    return action, os.getpid()


def default_workers() -> int:
    """One worker per core but one: that core is left to the event loop's process."""
    return max(1, (os.cpu_count() or 2) - 1)


class BotPool:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = default_workers() if workers is None else workers
        self._pool: ProcessPoolExecutor | None = None
        self.decisions = 0
        self.waiting = 0
        """Decisions queued or being made right now."""
        self.pids: set[int] = set()
        """Process ids of the workers that made decisions (the server's own never)."""

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter, not a copy of a process with a running event loop.
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker,
                initargs=(os.getpid(),),
            )
        return self._pool

    async def choose(self, kind: str | None, state: kr.GameState, number: int,
                     seed: int) -> kr.Action:
        """The action of the `kind` bot at seat `number` (raises what the bot raised)."""
        loop = asyncio.get_running_loop()
        self.waiting += 1
        try:
            if self.workers == 0:
                action, pid = await asyncio.to_thread(decide, kind, state, number, seed)
            else:
                action, pid = await loop.run_in_executor(
                    self._executor(), decide, kind, state, number, seed)
        except BrokenProcessPool:
            log.error("a bot worker died; the pool is started again")
            self._pool = None
            raise
        finally:
            self.waiting -= 1
        self.decisions += 1
        self.pids.add(pid)
        return action

    def shutdown(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
