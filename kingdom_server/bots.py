"""Which bot plays a seat. The server only asks the bot library; it knows no strategy itself."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)

DEFAULT_BOT_KIND = "GreedyBot"
BOT_KINDS = ("GreedyBot", "RandomBot", "SearchBot")
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
    for name in (kind or DEFAULT_BOT_KIND, DEFAULT_BOT_KIND, "RandomBot"):
        cls = getattr(bots, name, None)
        if cls is not None:
            return cls
    raise RuntimeError("kingdom_rules.bots has no RandomBot")


def make_bot(kind: str | None) -> Any:
    return bot_class(kind)()


def pick_bot_name(taken: set[str]) -> str:
    for name in BOT_NAMES:
        if name not in taken:
            return name
    n = 1
    while f"Bot {n}" in taken:
        n += 1
    return f"Bot {n}"
