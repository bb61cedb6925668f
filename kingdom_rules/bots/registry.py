"""Bots by name: the built-in ``random``, ``greedy`` and ``search``, or any class named by
an import path ``package.module:ClassName`` (so bot authors can enter their own).

>>> type(make_bot("greedy")).__name__
'GreedyBot'
>>> type(make_bot("kingdom_rules.bots:RandomBot")).__name__
'RandomBot'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from kingdom_rules.bots.base import Bot, RandomBot
from kingdom_rules.bots.greedy import GreedyBot
from kingdom_rules.bots.search import SearchBot

BUILTIN: dict[str, Callable[[], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
}


class UnknownBot(ValueError):
    """A bot name that is neither built in nor an importable ``module:Class``."""


def make_bot(spec: str) -> Bot:
    """A new bot from its name or import path (a class or a function taking no argument)."""
    spec = spec.strip()
    if spec in BUILTIN:
        return BUILTIN[spec]()
    if ":" not in spec:
        raise UnknownBot(f"unknown bot {spec!r}: use one of {', '.join(BUILTIN)} "
                         "or an import path like mypkg.mybot:MyBot")
    module_name, _, attr = spec.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownBot(f"cannot import {module_name!r} for bot {spec!r}: {exc}") from None
    factory = getattr(module, attr, None)
    if factory is None or not callable(factory):
        raise UnknownBot(f"module {module_name!r} has no bot class {attr!r}")
    bot = factory()
    if not callable(getattr(bot, "choose", None)):
        raise UnknownBot(f"{spec!r} is not a bot: it has no choose(view, legal_actions, rng)")
    return bot  # type: ignore[no-any-return]
