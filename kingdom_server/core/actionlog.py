"""The action log's writes: every accepted action's row is durable before its caller goes on
(the pushes and the acknowledgement come after it), and rows share database commits.

With a journaled store (the server on a SQLite file, kingdom_server/core/journal.py), `append`
writes the row to the journal and returns at once; the rows are moved into the database
together, `flush_seconds` after the first of them (and before anything reads or changes games).
A commit costs several times an action's own work on a busy server; one append to a file costs
a few microseconds (bench/RESULTS.md, "Issue 13, third pass").

Otherwise (PostgreSQL, an in-memory database), group commit: the rows of actions accepted in
the same moment, in any rooms, are written in one transaction instead of one each.

Each caller still waits until its own row is committed: `append` returns only then, so the
pushes and the acknowledgement that follow are sent after the write ("written before the
acknowledgement is sent"). With many busy rooms the rows that arrive during one turn of the
event loop share one commit; a lone action is written at once, as before.

The commit also runs the caller's `on_commit` (the room takes its new state there), in the
flush itself: if the waiting task is cancelled, the row is still written and the room still
moves on, so memory and log never disagree. The flush is scheduled (call_soon) before any
waiter can resume, so it always runs before a cancelled waiter releases the room's lock.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from kingdom_server.core.storage import Storage

log = logging.getLogger(__name__)

Row = tuple[int, int, dict[str, Any]]

FLUSH_SECONDS = 1.0
"""How long a journaled row may wait before it is moved into the database (the default of
Settings.action_flush_seconds)."""


class ActionLog:
    def __init__(self, storage: Storage, *, flush_seconds: float = FLUSH_SECONDS) -> None:
        self.storage = storage
        self.flush_seconds = flush_seconds
        self._pending: list[tuple[Row, Callable[[], None] | None, asyncio.Future[None]]] = []
        self._scheduled = False
        self.commits = 0
        self.rows = 0
        self._timer: asyncio.TimerHandle | None = None

    async def append(
        self, game_id: int, seq: int, action: dict[str, Any],
        on_commit: Callable[[], None] | None = None,
    ) -> None:
        """Write one action's row; returns once it is committed (raises the store's error if
        it could not be written, and then `on_commit` is not called)."""
        loop = asyncio.get_running_loop()
        if self.storage.journaled:
            self.storage.log_action(game_id, seq, action)  # raises: nothing written
            self.rows += 1
            if on_commit is not None:
                on_commit()
            if self._timer is None:
                self._timer = loop.call_later(self.flush_seconds, self._move_journal)
            return
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append(((game_id, seq, action), on_commit, done))
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self.flush)
        await done

    def _move_journal(self) -> None:
        """The journal's rows into the database; after a failure (logged) it tries again."""
        self._timer = None
        try:
            self.storage.flush_actions()
        except Exception:
            log.exception("moving %d journaled actions into the database failed",
                          self.storage.unflushed_actions())
        else:
            self.commits += 1
            return
        if self.storage.unflushed_actions():
            loop = asyncio.get_running_loop()
            self._timer = loop.call_later(max(1.0, 4 * self.flush_seconds), self._move_journal)

    def close(self) -> None:
        """No more moves on a timer (the store moves the rest when it closes)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def flush(self) -> None:
        """Commit every pending row (one transaction), then wake their writers."""
        batch, self._pending = self._pending, []
        self._scheduled = False
        if not batch:
            return
        try:
            self.storage.append_actions([row for row, _, _ in batch])
        except Exception as e:
            if len(batch) == 1:
                self._finish(batch[0], e)
                return
            # One bad row must not fail the others: write them one by one.
            log.warning("group commit of %d rows failed; writing them one by one", len(batch))
            for item in batch:
                try:
                    self.storage.append_action(*item[0])
                except Exception as e:
                    self._finish(item, e)
                else:
                    self.commits += 1
                    self._finish(item)
            return
        self.commits += 1
        for item in batch:
            self._finish(item)

    def _finish(
        self,
        item: tuple[Row, Callable[[], None] | None, asyncio.Future[None]],
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
