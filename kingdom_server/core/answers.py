"""What a call answers: its acknowledgement, or a refusal with a message."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

Ack = dict[str, Any]
Payload = dict[str, Any]
"""A call's payload: always an object by the time a call sees it (the hub refuses others)."""
Call = Callable[[str, Payload], Awaitable[Ack]]
"""A socket call: (sid, payload) -> acknowledgement."""


BUSY = "Server busy, retrying"
"""The answer to a call the service cannot take now (its room's owner or Redis cannot be
reached, docs/protocol.md): the client tries again."""


DATABASE_DOWN = "Database unavailable, please try again"
"""The answer to a call that needed the database while it cannot be reached (docs/protocol.md):
nothing was stored, so nothing changed."""


def ok(**extra: Any) -> Ack:
    return {"success": True, "error": None, **extra}


def fail(message: str) -> Ack:
    return {"success": False, "error": message}


class CallError(Exception):
    """A refused call; str() goes back in the acknowledgement."""
