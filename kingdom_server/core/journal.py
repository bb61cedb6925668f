"""The action journal: an append-only file beside a SQLite database that holds the rows of
accepted actions until they are moved into the database in groups (kingdom_server/core/storage.py).

Appending a line is one `write` to a file opened with O_APPEND: once it returns, the line is in
the kernel's page cache and survives the process being killed, which is what SQLite's WAL with
`synchronous=NORMAL` promises for a commit too (neither survives a power cut before the next
sync). A line is either written whole or the file is cut back to where it was, so a refused
write leaves nothing behind.

One process owns a journal (an exclusive `flock`, released when the process dies): a second
server or a command-line tool on the same database gets `JournalBusy` and writes to the
database directly.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import logging
import os
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)


class JournalBusy(Exception):
    """Another process holds the journal."""


class ActionJournal:
    def __init__(self, path: Path) -> None:
        self.path = path
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            os.close(fd)
            raise JournalBusy(str(path)) from e
        self._fd: int | None = fd
        self.size = os.fstat(fd).st_size

    @property
    def closed(self) -> bool:
        return self._fd is None

    def append(self, game_id: int, seq: int, at: float, data: str) -> None:
        """One action's row as one line: `[game id, seq, time (epoch seconds), action]`, the
        action being its JSON text `data`. Raises OSError with the file as it was."""
        fd = self._fd
        if fd is None:
            raise OSError("the action journal is closed")
        line = f"[{int(game_id)},{int(seq)},{float(at)!r},{data}]\n".encode()
        start = self.size
        try:
            view = memoryview(line)
            while view:
                written = os.write(fd, view)
                view = view[written:]
        except OSError:
            with contextlib.suppress(OSError):
                os.ftruncate(fd, start)
            raise
        self.size = start + len(line)

    def rows(self) -> list[tuple[int, int, float, Any]]:
        """Every whole line's (game id, seq, time, action), in order (a torn or unreadable
        line is skipped and logged)."""
        if self._fd is None or self.size == 0:
            return []
        out: list[tuple[int, int, float, Any]] = []
        with open(self.path, "rb") as f:
            for number, line in enumerate(f, 1):
                try:
                    if not line.endswith(b"\n"):
                        raise ValueError("incomplete")
                    game_id, seq, at, action = json.loads(line)
                    out.append((int(game_id), int(seq), float(at), action))
                except (ValueError, TypeError) as e:
                    log.warning("action journal %s: line %d skipped (%s)", self.path, number, e)
        return out

    def clear(self) -> None:
        """Empty the journal (its rows are in the database)."""
        if self._fd is not None and self.size:
            os.ftruncate(self._fd, 0)
            self.size = 0

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
