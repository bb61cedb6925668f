"""The action log's writes: every accepted action's row is durable before its caller goes on
(the pushes and the acknowledgement come after it), and rows share database commits.

Rows accepted in the same moment, in any rooms, are written together by `Storage.log_actions`,
which alone chooses how. With a journaled store (the server on a SQLite file,
kingdom_server/core/journal.py) they are appended to the journal; the rows are moved into the
database together, `flush_seconds` after the first of them (and before anything reads or
changes games: `Storage.games`).
A commit costs several times an action's own work on a busy server; one append to a file costs
a few microseconds (bench/RESULTS.md, "Issue 13, third pass").

Otherwise (PostgreSQL, an in-memory database), group commit: they are written in one
transaction instead of one each, in a database thread (one batch after the other: the
`ACTIONS` ordered writer, Storage.write), so the event loop never waits on the commit.

Each caller still waits until its own row is committed: `append` returns only then, so the
pushes and the acknowledgement that follow are sent after the write ("written before the
acknowledgement is sent"). With many busy rooms the rows that arrive during one turn of the
event loop share one commit; a lone action is written at once.

The commit also runs the caller's `on_commit` (the room takes its new state there), in the
flush itself: if the waiting task is cancelled, the row is still written and the room still
moves on, so memory and log never disagree. A cancelled waiter keeps waiting for its row's
outcome before the cancellation goes on, so it never releases the room's lock before it.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from kingdom_server.core.storage import Storage

log = logging.getLogger(__name__)

Row = tuple[int, int, dict[str, Any]]
Pending = tuple[Row, Callable[[], None] | None, "asyncio.Future[None]"]
"""A row waiting for its commit, what to run after it, and its writer's future."""

ACTIONS = "game-actions"
"""The ordered writer (Storage.write) of the action rows' commits without a journal."""

FLUSH_SECONDS = 1.0
"""How long a journaled row may wait before it is moved into the database (the default of
Settings.action_flush_seconds)."""


class ActionLog:
    def __init__(self, storage: Storage, *, flush_seconds: float = FLUSH_SECONDS) -> None:
        self.storage = storage
        self.flush_seconds = flush_seconds
        self._pending: list[Pending] = []
        self._scheduled = False
        self._commits_before = storage.action_commits
        self.rows = 0
        self._timer: asyncio.TimerHandle | None = None
        self._moving: asyncio.Task[None] | None = None
        self._commits: set[asyncio.Task[None]] = set()

    @property
    def commits(self) -> int:
        """Database commits that wrote action rows since this log began."""
        return self.storage.action_commits - self._commits_before

    async def append(
        self, game_id: int, seq: int, action: dict[str, Any],
        on_commit: Callable[[], None] | None = None,
    ) -> None:
        """Write one action's row; returns once it is durable (raises the store's error if it
        could not be written, and then `on_commit` is not called)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append(((game_id, seq, action), on_commit, done))
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self.flush)
        try:
            await asyncio.shield(done)
        except asyncio.CancelledError:
            # The caller holds its room's lock: it keeps it until the row's fate is known
            # (a commit in a database thread), so that memory and log never disagree.
            if not done.done():
                await asyncio.wait([done])
            raise

    def flush(self) -> None:
        """Write every pending row (`Storage.log_actions`: the journal, or one commit), then
        wake their writers; journaled rows are moved into the database `flush_seconds` later."""
        batch, self._pending = self._pending, []
        self._scheduled = False
        if not batch:
            return
        if not self.storage.journaled:
            # One database commit for the batch, in a database thread: the event loop goes
            # on meanwhile; the batches commit in order (one writer).
            task = asyncio.get_running_loop().create_task(self._commit(batch))
            self._commits.add(task)
            task.add_done_callback(self._commits.discard)
            return
        self._logged(batch, lambda rows: self.storage.log_actions(rows))

    async def _commit(self, batch: list[Pending]) -> None:
        rows = [row for row, _, _ in batch]
        try:
            outcomes = await self.storage.write(ACTIONS, self.storage.log_actions, rows)
        except Exception as e:  # the store failed as a whole: every row with it
            outcomes = [e] * len(batch)
        for item, error in zip(batch, outcomes, strict=True):
            self._finish(item, error)

    def _logged(self, batch: list[Pending],
                log_rows: Callable[[list[Row]], list[Exception | None]]) -> None:
        try:
            outcomes: list[Exception | None] = log_rows([row for row, _, _ in batch])
        except Exception as e:  # the store failed as a whole: every row with it
            outcomes = [e] * len(batch)
        for item, error in zip(batch, outcomes, strict=True):
            self._finish(item, error)
        if self._timer is None and self.storage.unflushed_actions():
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(self.flush_seconds, self._move_journal)

    def _move_journal(self) -> None:
        """The journal's rows into the database, in a database thread (the event loop goes on
        meanwhile); after a failure (logged) it tries again."""
        self._timer = None
        if self._moving is None:
            self._moving = asyncio.get_running_loop().create_task(self._move())

    async def _move(self) -> None:
        try:
            await self.storage.run(self.storage.flush_actions)
        except Exception:
            log.exception("moving %d journaled actions into the database failed",
                          self.storage.unflushed_actions())
            delay = max(1.0, 4 * self.flush_seconds)
        else:
            delay = self.flush_seconds
        finally:
            self._moving = None
        if self.storage.unflushed_actions() and self._timer is None:
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(delay, self._move_journal)

    def close(self) -> None:
        """No more moves on a timer (the store moves the rest when it closes)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _finish(
        self,
        item: Pending,
        exc: Exception | None = None,
    ) -> None:
        _, on_commit, done = item
        if exc is not None:
            if not done.done():
                done.set_exception(exc)
            else:
                log.error("action log write failed after its writer went away: %s", exc)
            return
        self.rows += 1
        if on_commit is not None:
            try:
                on_commit()
            except Exception:  # pragma: no cover - the callbacks only assign attributes
                log.exception("on_commit failed")
        if not done.done():
            done.set_result(None)
