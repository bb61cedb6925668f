"""Group commit of the action log: the rows of actions accepted in the same moment, in any
rooms, are written in one transaction instead of one each.

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

from kingdom_server.storage import Storage

log = logging.getLogger(__name__)

Row = tuple[int, int, dict[str, Any]]


class ActionLog:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._pending: list[tuple[Row, Callable[[], None] | None, asyncio.Future[None]]] = []
        self._scheduled = False
        self.commits = 0
        self.rows = 0

    async def append(
        self, game_id: int, seq: int, action: dict[str, Any],
        on_commit: Callable[[], None] | None = None,
    ) -> None:
        """Write one action's row; returns once it is committed (raises the store's error if
        it could not be written, and then `on_commit` is not called)."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append(((game_id, seq, action), on_commit, done))
        if not self._scheduled:
            self._scheduled = True
            loop.call_soon(self.flush)
        await done

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
