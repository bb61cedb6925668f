"""The tutorial's scripted deals and its bot (seed 000 section 4, 'Tutorial flow').

The basics lesson is a real two-player game whose deck is laid out so that every step of the
lesson happens whatever the learner draws (deck or either revealed card):

1. choose the 5 of hearts as starting resource, draw, play the 8 of diamonds as a resource, pass;
2. the bot plays a resource; the learner draws and plays the Queen of hearts on the two red
   resources (the Queen draws a card), passes; the bot plays its Queen of spades;
3. third turn: crop rotation, a black number card in for the 5 of hearts;
4. fourth turn: a Horse from a pair of 6s on one red and one black resource, the Queen mounts it;
5. later turns: low runs arrive, so a Dragon can be built and eat the bot's Queen.

The tutorial bot draws from the deck, plays one resource a turn, plays a Queen when it can
pay, never attacks and skips every follow-up, so the learner's board stays as the lesson says.
"""

from __future__ import annotations

import random
from typing import Final

from kingdom_rules.actions import (
    Action,
    ChooseStartingResource,
    DrawCard,
    PassTurn,
    PlayResource,
    PlayRoyal,
    ReadyForNextHand,
    SkipDemolitionEat,
    SkipPendingAction,
)
from kingdom_rules.cards import DECK, Card
from kingdom_rules.hands import new_game
from kingdom_rules.legal import LegalActions
from kingdom_rules.state import GameState
from kingdom_rules.view import PlayerView

MODES: Final = ("basics", "multiplayer", "advanced-combos", "constructed", "quest")
LEARNER: Final = 1
"""The learner's seat in every tutorial game."""


def _layout(*groups: str) -> list[str]:
    """A full 54-card deck order (top first): the named cards, then the rest in deck order."""
    named = [Card.parse(t) for g in groups for t in g.split()]
    if len(set(named)) != len(named):
        raise ValueError("a card is named twice in a tutorial layout")
    rest = [c for c in DECK if c not in set(named)]
    return [c.id for c in named + rest]


BASICS_DECK: Final = _layout(
    "5H 8D QH 6H",  # learner: starting resource, turn-1 resource, the Queen, one 6
    "7S 9C QS 2H",  # bot: black resources and its Queen
    "6S 6C",  # revealed: either 6 pairs with the 6 of hearts
    "3S 2C 6D 4S 4H 5C 3D 4C 5S 7C 8C 9D 10H JS",  # deck top: black numbers, 6s, low runs
)
"""Deck order of the basics lesson (top first): learner's hand, bot's hand, revealed, deck."""

ADVANCED_DECK: Final = _layout(
    "4H 5S 6D 7C",  # learner: a run (Dragon) and resources
    "8S 9S QD KC",  # bot: resources and royals to eat
    "3C 10S",  # revealed: longer runs and a Hail of Arrows with the Ace below
    "AC 2S 9H 9D 8H 3H 4D 5H AH 10H 7H 7D",
)
"""The advanced-combos lesson: dragons, eating, Hail of Arrows and Flaming Salvo, castles."""

MULTIPLAYER_DECK: Final = _layout(
    "5H 6H QH 8D",  # learner (seat 1, team 1)
    "7S 9C 2S 3C",  # seat 2 (team 2)
    "4D 6C QD 10D",  # seat 3, the learner's partner
    "5S 8C 4C 9S",  # seat 4 (team 2)
    "6S 6D",
    "3S 2C 4S 4H 5C 3D 7C 8H",
)
"""The multiplayer lesson: four seats, teams, and sending a mounted beast to the partner."""


def new_tutorial_game(mode: str = "basics") -> GameState:
    """The scripted game of a tutorial mode; the learner is player 1.

    >>> state = new_tutorial_game("basics")
    >>> [c.short for c in state.players[0].hand], [c.short for c in state.revealed]
    (['5H', '8D', 'QH', '6H'], ['6S', '6C'])
    """
    if mode == "multiplayer":
        return new_game(player_count=4, seed=0, mode="game", deck=MULTIPLAYER_DECK)
    if mode == "advanced-combos":
        return new_game(player_count=2, seed=0, mode="game", deck=ADVANCED_DECK)
    if mode in MODES:
        return new_game(player_count=2, seed=0, mode="game", deck=BASICS_DECK)
    raise ValueError(f"unknown tutorial mode {mode!r}; one of {', '.join(MODES)}")


class TutorialBot:
    """The lesson's opponent: predictable and harmless (see the module docstring)."""

    name = "Tutorial Bot"

    def choose(self, view: PlayerView, legal_actions: LegalActions, rng: random.Random) -> Action:
        acts = list(legal_actions)
        by_type: dict[type, list[Action]] = {}
        for a in acts:
            by_type.setdefault(type(a), []).append(a)
        if ChooseStartingResource in by_type:
            # the lowest black number card, so the Queen of spades can be paid for later
            choices = by_type[ChooseStartingResource]
            return min(choices, key=lambda a: (a.card.color != "black", a.card.value))  # type: ignore[union-attr]
        for kind in (ReadyForNextHand, DrawCard, SkipDemolitionEat, SkipPendingAction):
            if kind in by_type:
                first: Action = by_type[kind][0]
                return first
        for a in by_type.get(PlayRoyal, []):
            if a.card.rank == "Q":  # type: ignore[union-attr]
                return a
        if not view.played_this_turn and PlayResource in by_type:
            return by_type[PlayResource][0]
        return PassTurn(view.player)
