"""Moving cards on the table: the deck, its rebuild from the discard pile, and seats."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from kingdom_rules.cards import Card
from kingdom_rules.state import (
    GameState,
    Player,
    add_reward,
    evolve,
    hand_of,
    with_hand,
    with_kingdom,
)

__all__ = [
    "add_reward", "can_draw", "discard", "draw_into_hand", "replace_player", "shuffler",
    "take_from_deck", "with_kingdom", "without",
]


def shuffler(seed: int, hand: int, count: int) -> random.Random:
    """The random source of the ``count``-th shuffle of a hand: the seed decides everything."""
    return random.Random(f"kingdom:{seed}:{hand}:{count}")


def take_from_deck(state: GameState, count: int) -> tuple[GameState, tuple[Card, ...]]:
    """Up to ``count`` cards off the top of the deck, rebuilding an empty deck by shuffling
    the discard pile (R6). Fewer cards come back when both run out."""
    deck = state.deck
    if len(deck) >= count:
        return evolve(state, deck=deck[count:]), deck[:count]
    discard = state.discard_pile
    shuffles = state.shuffles
    out: tuple[Card, ...] = ()
    while len(out) < count:
        if not deck:
            if not discard:
                break
            rebuilt = list(discard)
            shuffler(state.seed, state.current_hand, shuffles).shuffle(rebuilt)
            shuffles += 1
            deck, discard = tuple(rebuilt), ()
        need = count - len(out)
        out += deck[:need]
        deck = deck[need:]
    return evolve(state, deck=deck, discard_pile=discard, shuffles=shuffles), out


def draw_into_hand(state: GameState, n: int, count: int) -> GameState:
    """Player ``n`` draws up to ``count`` cards from the deck (R6 rebuilds it when empty)."""
    state, drawn = take_from_deck(state, count)
    if not drawn:
        return state
    return with_hand(state, n, hand_of(state, n) + drawn)


def can_draw(state: GameState) -> bool:
    """Whether any card can be drawn: deck, discard pile (rebuilt) or a revealed card (R6)."""
    return bool(state.deck or state.discard_pile or any(state.revealed))


def replace_player(state: GameState, player: Player, **changes: Any) -> GameState:
    """The state with one seat replaced, and other fields changed in the same step."""
    players = list(state.players)
    players[player.number - 1] = player
    return evolve(state, players=tuple(players), **changes)


def discard(state: GameState, cards: Iterable[Card]) -> GameState:
    return evolve(state, discard_pile=state.discard_pile + tuple(cards))


def without(cards: tuple[Card, ...], remove: Iterable[Card]) -> tuple[Card, ...]:
    gone = tuple(remove)
    return tuple(c for c in cards if c not in gone)
