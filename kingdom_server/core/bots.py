"""Which bot plays a seat. The server only asks the bot library; it knows no strategy itself."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

DEFAULT_BOT_KIND = "GreedyBot"
BOT_KINDS = ("GreedyBot", "RandomBot", "SearchBot")
ALIASES = {"greedy": "GreedyBot", "random": "RandomBot", "search": "SearchBot"}
"""The names `kingdom simulate` uses (kingdom_rules.bots.registry)."""
FAST_KINDS = ("GreedyBot", "RandomBot", "TutorialBot")
"""Bots that decide in well under a millisecond: run inline on the event loop."""
BOT_NAMES = (
    "Arthur", "Guinevere", "Lancelot", "Merlin", "Percival", "Morgana", "Gawain", "Tristan",
    "Isolde", "Galahad", "Elaine", "Bedivere",
)


def bot_class(kind: str | None) -> Any:
    """The class for `kind` from kingdom_rules.bots, falling back to GreedyBot then RandomBot
    while a kind is not there yet (looked up each time, so a newer library is picked up)."""
    import kingdom_rules.bots as bots

    if kind == "TutorialBot":
        from kingdom_rules.tutorial import TutorialBot

        return TutorialBot
    import importlib

    if kind == "SearchBot" and not hasattr(bots, "SearchBot"):
        # The search bot may live in its own module before the package exports it.
        try:
            return importlib.import_module("kingdom_rules.bots.search").SearchBot
        except (ImportError, AttributeError):
            log.warning("SearchBot is not available; a GreedyBot plays instead")
    for name in (kind or DEFAULT_BOT_KIND, DEFAULT_BOT_KIND, "RandomBot"):
        cls = getattr(bots, name, None)
        if cls is not None:
            return cls
    raise RuntimeError("kingdom_rules.bots has no RandomBot")


def make_bot(kind: str | None) -> Any:
    return bot_class(kind)()


def canonical_kind(kind: str) -> str | None:
    """GreedyBot for "GreedyBot" or "greedy"; None for an unknown kind."""
    kind = ALIASES.get(kind, kind)
    return kind if kind in BOT_KINDS else None


def is_fast(bot: Any) -> bool:
    return type(bot).__name__ in FAST_KINDS


def pick_bot_name(taken: set[str]) -> str:
    for name in BOT_NAMES:
        if name not in taken:
            return name
    n = 1
    while f"Bot {n}" in taken:
        n += 1
    return f"Bot {n}"
