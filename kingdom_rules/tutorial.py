"""The tutorial's scripted deals and its bot (docs/protocol.md, "Tutorial games").

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
In the basics lesson it waits at the start of its first two turns (``BOT_PAUSES``) until the
learner has read the step that explains them (the server's resumeTutorialBot).

The advanced-combos lesson (``ADVANCED_DECK``, learner starts on the 2 of clubs):

1. turns 1 and 2: draw from the deck, play the drawn 9 of hearts, then 3 of diamonds, as
   resources; the bot plays its Queen of spades on its second turn;
2. turn 3: three ready resources pay for a Dragon (4H 5S 6D) that eats the Queen of spades; the
   Dragon draws a 10, so with the Ace of clubs (revealed) the learner holds a Hail of Arrows;
3. turn 4: the bot has played its Queen of clubs; Hail of Arrows shoots it.

The multiplayer lesson (``MULTIPLAYER_DECK``, four seats, the learner and the seat-3 bot are
Team 1): turn 1 take a 6 and play the 8 of diamonds; turn 2 the Queen of hearts; turn 3 a Horse
from the pair of 6s, the Queen mounts it and the mounted Horse goes to the partner.
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
    "4H 5S 6D 2C",  # learner: a run (Dragon) and the starting resource
    "7S 9C QS QC",  # bot: black resources and two Queens, one to eat, one to shoot
    "AC 10S",  # revealed: the Ace (and a 10) of a Hail of Arrows
    "9H 8S 3D 4C 8H 5C 10H 3S 7H 7D",  # learner's resources; the Dragon draws 10H 3S
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


STARTING_RESOURCE: Final = {
    "basics": Card.parse("5H"),
    "multiplayer": Card.parse("5H"),
    "advanced-combos": Card.parse("2C"),
    "constructed": Card.parse("5H"),
    "quest": Card.parse("5H"),
}
"""The learner's starting resource in each mode (chosen for them when the lesson starts)."""

BOT_PAUSES: Final = {"basics": (1, 2)}
"""Rounds whose bot turn waits for the learner (the lesson explains the turn first)."""


def player_count(mode: str) -> int:
    """Seats of a mode's game: the learner and the tutorial bots."""
    check_mode(mode)
    return 4 if mode == "multiplayer" else 2


def check_mode(mode: str) -> None:
    if mode not in MODES:
        raise ValueError(f"Unknown tutorial mode {mode!r}: use one of {', '.join(MODES)}")


def new_tutorial_game(mode: str = "basics") -> GameState:
    """The scripted game of a tutorial mode; the learner is player 1.

    >>> state = new_tutorial_game("basics")
    >>> [c.short for c in state.players[0].hand], [c.short for c in state.revealed]
    (['5H', '8D', 'QH', '6H'], ['6S', '6C'])
    """
    return new_game(player_count=player_count(mode), seed=0, mode="game", deck=tutorial_deck(mode))


def tutorial_deck(mode: str) -> list[str]:
    """The deck order (top first) of a mode's scripted deal."""
    check_mode(mode)
    if mode == "multiplayer":
        return list(MULTIPLAYER_DECK)
    if mode == "advanced-combos":
        return list(ADVANCED_DECK)
    return list(BASICS_DECK)


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
