"""What a call answers: its acknowledgement, or a refusal with a message."""

from __future__ import annotations

from typing import Any

Ack = dict[str, Any]


def ok(**extra: Any) -> Ack:
    return {"success": True, "error": None, **extra}


def fail(message: str) -> Ack:
    return {"success": False, "error": message}


class CallError(Exception):
    """A refused call; str() goes back in the acknowledgement."""
