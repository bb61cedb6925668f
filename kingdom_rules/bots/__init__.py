"""Bots: programs that take a seat at a Kingdom table.

A bot implements :class:`Bot`: ``choose(view, legal_actions, rng) -> Action``. It sees only
its own player's view, so the same object plays behind the server, in ``kingdom simulate``
and in ``kingdom play``. See docs/bots.md for how to write one.
"""

from __future__ import annotations

from kingdom_rules.bots.base import Bot, RandomBot
from kingdom_rules.bots.greedy import GreedyBot
from kingdom_rules.bots.registry import BUILTIN, UnknownBot, make_bot
from kingdom_rules.bots.runner import BotError, GameRecord, play_game
from kingdom_rules.bots.search import SearchBot

__all__ = [
    "BUILTIN", "Bot", "BotError", "GameRecord", "GreedyBot", "RandomBot", "SearchBot",
    "UnknownBot", "make_bot", "play_game",
]
