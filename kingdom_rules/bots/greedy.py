"""GreedyBot: plays the greedy rules of :mod:`kingdom_rules.bots.greedy_rules` (a readable
heuristic, one rule per situation), never looking ahead.

The rules and their settings (:class:`Style`, :data:`GREEDY`, :func:`choose_greedy`) are
importable from here as well. This module is plain Python, so a bot author may subclass
GreedyBot; the rules it calls are compiled with the engine where the install can.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from kingdom_rules.actions import Action
from kingdom_rules.bots.greedy_rules import GREEDY, Style, choose_greedy
from kingdom_rules.bots.heuristics import Table
from kingdom_rules.view import PlayerView


class GreedyBot:
    """Plays the most useful thing now, never looking ahead."""

    name = "greedy"

    def __init__(self, style: Style | None = None) -> None:
        self.style = style if style is not None else GREEDY
        """The rules' settings (:class:`Style`); the default is the readable greedy play."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        return choose_greedy(Table.of_view(view), legal_actions, self.style)


__all__ = ["GREEDY", "GreedyBot", "Style", "choose_greedy"]
