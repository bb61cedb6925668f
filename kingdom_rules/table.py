"""Moving cards on the table: the deck, its rebuild from the discard pile, own piles
(Constructed R35, the Spire runner R36), and seats."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, TypeVar

from kingdom_rules.cards import Card
from kingdom_rules.state import (
    GameState,
    Player,
    add_reward,
    derive,
    evolve,
    holds,
    own_revealed_of,
    pile_of,
    players_of,
    put,
    set_own_revealed,
    set_pile,
    with_kingdom,
)

T = TypeVar("T")

__all__ = [
    "add_reward", "can_draw", "discard", "draw_into_hand", "replace_player", "shuffle",
    "shuffler", "take_from_deck", "with_kingdom", "without",
]


def shuffler(seed: int, hand: int, count: int) -> random.Random:
    """The random source of the ``count``-th shuffle of a hand: the seed decides everything."""
    return random.Random(f"kingdom:{seed}:{hand}:{count}")


def shuffle(items: list[T], seed: int, hand: int, count: int) -> None:
    """The ``count``-th shuffle of a hand, in place: ``shuffler(seed, hand, count).shuffle(
    items)``, the same permutation, drawn here rather than by ``random.shuffle``'s Python
    code (a deal shuffles 40 to 54 cards): Fisher-Yates from the last item down, each index
    drawn as ``Random._randbelow`` draws it (the fewest bits that hold it, again while too
    large), as CPython's ``random.shuffle`` does."""
    getrandbits = shuffler(seed, hand, count).getrandbits
    i = len(items) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]
        i -= 1


def take_from_deck(state: GameState, count: int) -> tuple[GameState, tuple[Card, ...]]:
    """Up to ``count`` cards off the top of the deck, rebuilding an empty deck by shuffling
    the discard pile (R6). Fewer cards come back when both run out. The state comes back as
    a new draft (:func:`kingdom_rules.state.derive`), which the caller may change further
    before handing it out."""
    deck = state.deck
    if len(deck) >= count:
        new = derive(state)
        new._put_deck(deck[count:])
        return new, deck[:count]
    discard = state.discard_pile
    shuffles = state.shuffles
    out: tuple[Card, ...] = ()
    while len(out) < count:
        if not deck:
            if not discard:
                break
            rebuilt = list(discard)
            shuffle(rebuilt, state.seed, state.current_hand, shuffles)
            shuffles += 1
            deck, discard = tuple(rebuilt), ()
        need = count - len(out)
        out += deck[:need]
        deck = deck[need:]
    new = derive(state)
    new._put_deck(deck)
    new._put_discard_pile(discard)
    new._put_shuffles(shuffles)
    return new, out


RUNNER = 1
"""The Spire runner's seat (R36)."""


def take(state: GameState, n: int, count: int) -> tuple[GameState, tuple[Card, ...]]:
    """Up to ``count`` cards for player ``n`` from where their draws come: the shared deck
    (R6); in Constructed their own pile, rebuilt from their own cards in the discard pile
    (R35); for the Spire runner their own pile while it lasts, then the shared deck (R36).
    The state comes back as a new draft (:func:`derive`), as from :func:`take_from_deck`: the
    caller may change it further before handing it out."""
    setup = state.setup
    if not setup.own_piles:
        return take_from_deck(state, count)
    pile = pile_of(state, n)
    if setup.kind == "spire":
        if n != RUNNER or not pile:
            return take_from_deck(state, count)
        got = pile[:count]
        state = _with_pile(state, n, pile[len(got):])
        if len(got) < count:
            state, more = take_from_deck(state, count - len(got))
            got += more
        return state, got
    discard = state.discard_pile
    shuffles = state.shuffles
    out: tuple[Card, ...] = ()
    while len(out) < count:
        if not pile:
            mine = [c for c in discard if c.owner == n]
            if not mine:
                break
            shuffle(mine, state.seed, state.current_hand, shuffles)
            shuffles += 1
            pile, discard = tuple(mine), tuple(c for c in discard if c.owner != n)
        need = count - len(out)
        out += pile[:need]
        pile = pile[need:]
    new = derive(state)
    set_pile(new, n, pile)
    new._put_discard_pile(discard)
    new._put_shuffles(shuffles)
    return new, out


def _with_pile(state: GameState, n: int, pile: tuple[Card, ...]) -> GameState:
    new = derive(state)
    set_pile(new, n, pile)
    return new


def with_own_revealed(state: GameState, n: int, revealed: tuple[Card | None, ...]) -> GameState:
    """The state with player ``n``'s own revealed pair replaced (Constructed, R35)."""
    new = derive(state)
    set_own_revealed(new, n, revealed)
    return new


def draw_sources(state: GameState, n: int) -> int:
    """Where player ``n`` can draw now, as bits: 1 deck (or own pile), 2 revealed1,
    4 revealed2 (R6, R35, R36)."""
    setup = state.setup
    if setup.kind == "constructed":
        mask = 1 if pile_of(state, n) or any(c.owner == n for c in state.discard_pile) else 0
        revealed = own_revealed_of(state, n) or (None, None)
    else:
        deck = state.deck or state.discard_pile
        mask = 1 if deck or (n == RUNNER and setup.own_piles and pile_of(state, n)) else 0
        revealed = state.revealed
    if revealed[0] is not None:
        mask |= 2
    if revealed[1] is not None:
        mask |= 4
    return mask


def draw_into_hand(state: GameState, n: int, count: int) -> GameState:
    """Player ``n`` draws up to ``count`` cards from the deck (R6 rebuilds it when empty; own
    piles by :func:`take`)."""
    state, drawn = take(state, n, count)
    if drawn:  # ``take`` gave a draft (see its docstring): the hand changes in it
        state._put_hands(put(state._hands, n - 1, state._hands[n - 1] + drawn))
    return state


def can_draw(state: GameState, n: int = 0) -> bool:
    """Whether any card can be drawn: deck, discard pile (rebuilt) or a revealed card (R6).
    With own piles (R35, R36): whether player ``n`` can draw, or with ``n`` 0 anybody."""
    if not state.setup.own_piles:
        return bool(state.deck or state.discard_pile or any(state.revealed))
    seats = (n,) if n else range(1, state.player_count + 1)
    return any(draw_sources(state, seat) for seat in seats)


def replace_player(state: GameState, player: Player, **changes: Any) -> GameState:
    """The state with one seat replaced, and other fields changed in the same step."""
    players = list(players_of(state))
    players[player.number - 1] = player
    return evolve(state, players=tuple(players), **changes)


def discard(state: GameState, cards: Iterable[Card]) -> GameState:
    new = derive(state)
    new._put_discard_pile(state.discard_pile + tuple(cards))
    return new


def without(cards: tuple[Card, ...], remove: Iterable[Card]) -> tuple[Card, ...]:
    gone = tuple(remove)
    return tuple([c for c in cards if not holds(gone, c)])
