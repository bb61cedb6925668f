"""Shape checks for call payloads, before anything touches a room, and the one check of every
text a person types that the server keeps (`text_problem` / `check_text`).

Game calls are checked for shape only here (an object, no huge strings); their fields are the
engine's business (`kingdom_rules.action_from_json` raises `MalformedAction` with a clear text).
Lobby calls are the server's own, so their fields are checked here.
"""

from __future__ import annotations

import unicodedata
from typing import Any

MAX_NODES = 500
MAX_DEPTH = 8


class PayloadError(Exception):
    """A call's payload is unusable; str() is the text sent back in the acknowledgement."""


def as_object(payload: Any) -> dict[str, Any]:
    """The payload as a dict: absent/null becomes {}, anything else but an object is refused."""
    if payload is None:
        return {}
    if not isinstance(payload, dict):
        raise PayloadError("Invalid payload: expected an object")
    return payload


def check_size(payload: Any, max_string: int) -> None:
    """Refuse long strings, deep nesting and very large payloads anywhere in the payload."""
    nodes = 0
    stack: list[tuple[Any, int]] = [(payload, 0)]
    while stack:
        value, depth = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            raise PayloadError("Invalid payload: too large")
        if depth > MAX_DEPTH:
            raise PayloadError("Invalid payload: nested too deeply")
        if isinstance(value, str):
            if len(value) > max_string:
                raise PayloadError(f"Invalid payload: text longer than {max_string} characters")
            if not is_unicode(value):
                raise PayloadError("Invalid payload: text that is not valid Unicode")
        elif isinstance(value, dict):
            for k, v in value.items():
                if not isinstance(k, str) or len(k) > 100 or not is_unicode(k):
                    raise PayloadError("Invalid payload: bad field name")
                stack.append((v, depth + 1))
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


def _type_name(t: type | tuple[type, ...]) -> str:
    names = {str: "a string", bool: "true or false", int: "a whole number", list: "a list",
             dict: "an object"}
    if isinstance(t, tuple):
        return " or ".join(names.get(x, x.__name__) for x in t)
    return names.get(t, t.__name__)


def field(
    payload: dict[str, Any],
    name: str,
    kind: type,
    *,
    required: bool = True,
    default: Any = None,
) -> Any:
    """One field of a lobby payload, with the exact type (bool is not an int here)."""
    if name not in payload or payload[name] is None:
        if required:
            raise PayloadError(f"Missing field: {name}")
        return default
    value = payload[name]
    ok = isinstance(value, kind)
    if kind is int and isinstance(value, bool):
        ok = False
    if not ok:
        raise PayloadError(f"{name} must be {_type_name(kind)}")
    return value


def is_unicode(text: str) -> bool:
    """Whether `text` is Unicode text any store keeps (no lone UTF-16 surrogate)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


#: Characters that change the direction text is shown in (Unicode's explicit bidirectional
#: formatting characters and marks): in a name or a deck name they could make another
#: player's text read differently from what it is.
BIDI_CONTROLS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
#: The only control characters a multi-line text (a deck's description) may hold.
LINE_BREAKS = frozenset("\n\r\t")


def text_problem(text: str, *, multiline: bool = False) -> str | None:
    """Why `text` may not be kept, or None. The one rule for every text the server stores or
    hashes (names, usernames, passwords, profile fields, deck names and descriptions): no lone
    surrogate (not Unicode at all), no NUL or other control character (line breaks and tabs
    only in a multi-line text), no bidirectional control character."""
    if not is_unicode(text):
        return "contains a character that is not valid Unicode"
    for ch in text:
        if ch in BIDI_CONTROLS:
            return "contains a text direction control character"
        if unicodedata.category(ch) == "Cc" and not (multiline and ch in LINE_BREAKS):
            return "contains a control character"
    return None


def check_text(text: str, label: str, *, multiline: bool = False) -> str:
    """`text` when :func:`text_problem` finds nothing; PayloadError '<label> contains ...'
    otherwise."""
    problem = text_problem(text, multiline=multiline)
    if problem is not None:
        raise PayloadError(f"{label} {problem}")
    return text


def _unshowable(ch: str) -> bool:
    # Control characters (NUL, escapes, ...), surrogates, private-use and unassigned code
    # points, and the direction controls.
    return unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn") or ch in BIDI_CONTROLS


def clean_name(text: str, max_length: int | None) -> str:
    """A name as it is kept: trimmed, inner runs of spaces collapsed, printable Unicode only
    (PayloadError otherwise); "" when nothing is left."""
    if not is_unicode(text) or any(_unshowable(ch) for ch in text if not ch.isspace()):
        raise PayloadError("Name contains characters that cannot be shown")
    name = " ".join(text.split())
    if max_length is not None and len(name) > max_length:
        raise PayloadError(f"Name must be at most {max_length} characters")
    return name


def player_name(payload: dict[str, Any], max_length: int) -> str:
    name = clean_name(field(payload, "playerName", str), max_length)
    if not name:
        raise PayloadError("Please enter your name")
    return name


def room_code(payload: dict[str, Any], name: str = "roomCode") -> str:
    code = field(payload, name, str).strip().upper()
    if not code:
        raise PayloadError("Please enter a room code")
    if len(code) > 8:
        raise PayloadError("Room not found")
    return str(code)
