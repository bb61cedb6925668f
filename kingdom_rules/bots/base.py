"""The bot protocol and the simplest bot.

A bot sees only its own player's view, so the same object can sit at a table of the server,
in ``kingdom simulate`` or in ``kingdom play``:

>>> import random, kingdom_rules as kr
>>> from kingdom_rules.bots import RandomBot
>>> v = kr.view(kr.new_game(player_count=2, seed=1), 1)
>>> RandomBot().choose(v, v.legal_actions, random.Random(0)).to_json()["type"]
'chooseStartingResource'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from kingdom_rules.actions import Action
from kingdom_rules.view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """Anything with this method can take a seat.

    ``view`` is what the bot's player may see (R32); ``legal_actions`` is ``view.legal_actions``
    (a lazy sequence: ``len`` and indexing are cheap, iterating builds every action); ``rng``
    is the only source of randomness a bot should use, so that a seeded game replays exactly.
    The returned action must be one of ``legal_actions``.
    """

    def choose(self, view: PlayerView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions (by length and index: nothing is enumerated)."""

    name = "random"

    def choose(self, view: PlayerView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        return legal_actions[rng.randrange(len(legal_actions))]
