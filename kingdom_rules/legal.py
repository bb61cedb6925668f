"""Legal actions as a lazy sequence.

A hand of number cards and a row of ready resources allow many plays (every set of resources
that pays for every combination), so :func:`legal_actions` does not build them all: it counts
them by groups and builds an action only when it is asked for. ``len``, indexing, iteration,
``in`` and ``bool`` work as on a list, in a fixed order.

>>> import kingdom_rules as kr
>>> acts = kr.legal_actions(kr.new_game(player_count=2, seed=1), 1)
>>> len(acts) == len(list(acts)), acts[0].to_json()["type"]
(True, 'chooseStartingResource')
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb
from typing import Any, NamedTuple, overload

from kingdom_rules.actions import (
    Action,
    ChooseStartingResource,
    DrawCard,
    DrawRoyalReward,
    PassTurn,
    PlayCombination,
    PlayHailOfArrows,
    PlayResource,
    PlayRoyal,
    ReadyForNextHand,
    RotateResource,
    SkipDemolitionEat,
    SkipPendingAction,
    _Wire,
)
from kingdom_rules.actions import sorted_cards as _sorted
from kingdom_rules.cards import ALL_CARDS, Card
from kingdom_rules.combinations import RULES, find_combinations
from kingdom_rules.errors import NoSuchPlayer
from kingdom_rules.followups import options
from kingdom_rules.state import GameState
from kingdom_rules.table import draw_sources

# A group is a run of actions in the fixed order: either a plain list of actions already built,
# or a run built on demand, as a tuple (its size first): a step makes several of them, so they
# are tuples rather than objects (a tuple costs a fraction of an instance's ``__init__``).
#   (size, RESOURCE_PLAYS, player, cards, pool, half): PlayResource, then RotateResource, for
#       every number card of ``cards`` and every ready resource of ``pool`` (``half`` each);
#   (size, PAYMENTS, player, make, what, pool, k): ``make(player, what, resources)`` for every
#       choice of ``k`` resources from ``pool``, in lexicographic order;
#   (size, COMBINATIONS, player, plays, pool): PAYMENTS groups of PlayCombination, one after the
#       other, all paid from ``pool``: ``plays`` is a :class:`_CombinationPlays`.
RESOURCE_PLAYS = 0
PAYMENTS = 1
COMBINATIONS = 2
Lazy = tuple[Any, ...]
Group = Any
"""A lazy group (a tuple) or a list of actions (told apart by ``type(g) is list``)."""


# --- actions built by the engine itself -------------------------------------------------------
# The legal actions hand out actions whose fields are already checked cards in canonical order,
# so they are built without attrs' __init__ (its converters and one ``object.__setattr__`` call
# per field); the equal action a client builds compares equal (attrs' __eq__ reads the fields).

_new = object.__new__
_set = object.__setattr__
_RESOURCE_MOVES: dict[int, PlayResource | RotateResource] = {}


def resource_move(
    make: type[PlayResource] | type[RotateResource], player: int, card: Card, resource: Card
) -> PlayResource | RotateResource:
    """``make(player, card, resource)`` (a resource played or rotated in: the commonest
    actions, made once per seat and pair of cards and handed out again)."""
    key = ((card.order << 10 | resource.order) << 3 | player) << 1 | (make is RotateResource)
    action = _RESOURCE_MOVES.get(key)
    if action is None:
        if len(_RESOURCE_MOVES) >= 1 << 17:
            _RESOURCE_MOVES.clear()
        action = _RESOURCE_MOVES[key] = make(player, card, resource)
    return action


def paid_play(
    make: type[PlayRoyal] | type[PlayCombination], player: int, what: Any,
    resources: tuple[Card, ...],
) -> PlayRoyal | PlayCombination:
    """``make(player, what, resources)``, ``what`` a royal card or a combination's cards in
    canonical order, ``resources`` distinct cards in any order (put in canonical order here)."""
    action = _new(make)
    _set(action, "player", player)
    _set(action, "card" if make is PlayRoyal else "cards", what)
    if len(resources) > 1:
        resources = tuple(sorted(resources, key=_order))
    _set(action, "resources", resources)
    return action


def _order(c: Card) -> int:
    return c.order


def _get(g: Lazy, i: int) -> Action:
    """Action ``i`` of the lazy group ``g``."""
    if g[1] == COMBINATIONS:
        _, _, player, plays, pool = g
        j = bisect_right(plays.starts, i) - 1
        cards, cost = plays.entries[j]
        return paid_play(PlayCombination, player, cards, _unrank(pool, cost, i - plays.starts[j]))
    if g[1] == RESOURCE_PLAYS:
        _, _, player, cards, pool, half = g
        make: type[PlayResource] | type[RotateResource] = PlayResource
        if i >= half:
            i -= half
            make = RotateResource
        q, r = divmod(i, len(pool))
        return resource_move(make, player, cards[q], pool[r])
    _, _, player, make_paid, what, pool, k = g
    return paid_play(make_paid, player, what, _unrank(pool, k, i))


def _group_json(g: Lazy) -> list[dict[str, Any]]:
    """``[_get(g, i).to_json() for i in range(g[0])]``, without building the actions (the wire
    form of every legal action goes to a client after each move)."""
    out: list[dict[str, Any]] = []
    if g[1] == COMBINATIONS:
        for part in _parts(g):
            out.extend(_group_json(part))
        return out
    if g[1] == RESOURCE_PLAYS:
        _, _, p, cards, pool, _ = g
        for make in (PlayResource, RotateResource):
            wire, card, resource = _wire_form(make)
            out.extend(
                {"type": wire, "player": p, card: c.id, resource: r.id}
                for c in cards
                for r in pool
            )
        return out
    _, _, p, make_paid, what, pool, k = g
    size: int = k  # (an int: typed Any, mypy would pick the overload of pairs, tuple[T, T])
    wire, first, paid = _wire_form(make_paid)
    ids = what.id if type(what) is Card else [c.id for c in _sorted(what)]
    return [
        {"type": wire, "player": p, first: ids, paid: [c.id for c in _sorted(resources)]}
        for resources in combinations(pool, size)
    ]


def _holds(g: Lazy, action: Any) -> bool:
    """Whether ``action`` is one of the lazy group's actions (without building them)."""
    kind = type(action)
    if g[1] == COMBINATIONS:
        return any(_holds(part, action) for part in _parts(g))
    if g[1] == RESOURCE_PLAYS:
        _, _, p, cards, pool, _ = g
        return (
            (kind is PlayResource or kind is RotateResource)
            and action.player == p
            and action.card in cards
            and action.resource in pool
        )
    _, _, p, make, what, pool, k = g
    if kind is not make or action.player != p:
        return False
    chosen = action.card if kind is PlayRoyal else action.cards
    paid = action.resources
    return (
        chosen == what
        and len(paid) == k
        and len(set(paid)) == k
        and all(c in pool for c in paid)
    )


def _parts(g: Lazy) -> list[Lazy]:
    """A COMBINATIONS group as its PAYMENTS groups."""
    _, _, player, plays, pool = g
    return [
        (comb(len(pool), cost), PAYMENTS, player, PlayCombination, cards, pool, cost)
        for cards, cost in plays.entries
    ]


def _wire_form(make: Any) -> tuple[str, str, str]:
    """(type, wire name of the first field, of the second) of a two-field action class."""
    kind: type[_Wire] = make
    first, second = kind.wire_names()
    return kind.WIRE, first, second


def _unrank(pool: list[Card], k: int, i: int) -> tuple[Card, ...]:
    """The i-th k-subset of pool in lexicographic order."""
    if k == 1:
        return (pool[i],)
    out = []
    n = len(pool)
    j = 0
    while k:
        c = comb(n - j - 1, k - 1)
        if i < c:
            out.append(pool[j])
            k -= 1
        else:
            i -= c
        j += 1
    return tuple(out)


class LegalActions(Sequence[Action]):
    """Every legal action of one player now, in a fixed order, built on demand.

    It holds the actions (and the cards and resources they are built from), never the game
    state: a bot handed it learns nothing its view does not show (R32)."""

    __slots__ = ("_groups", "_len", "player")

    def __init__(self, player: int, groups: list[Group]) -> None:
        self.player = player
        self._groups = groups
        total = 0
        for g in groups:
            total += len(g) if type(g) is list else g[0]
        self._len = total

    def __len__(self) -> int:
        return self._len

    def count(self, value: Any = None) -> int:
        """Without an argument, how many actions there are (python-chess style)."""
        if value is None:
            return self._len
        return 1 if value in self else 0

    def __bool__(self) -> bool:
        return self._len > 0

    @overload
    def __getitem__(self, i: int) -> Action: ...

    @overload
    def __getitem__(self, i: slice) -> list[Action]: ...

    def __getitem__(self, i: int | slice) -> Action | list[Action]:
        if type(i) is not int or not 0 <= i < self._len:
            if isinstance(i, slice):
                return [self[j] for j in range(*i.indices(self._len))]
            if i < 0:
                i += self._len
            if not 0 <= i < self._len:
                raise IndexError("legal action index out of range")
        for g in self._groups:
            size = len(g) if type(g) is list else g[0]
            if i < size:
                return g[i] if type(g) is list else _get(g, i)
            i -= size
        raise IndexError(i)  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        for g in self._groups:
            if type(g) is list:
                yield from g
            else:
                for i in range(g[0]):
                    yield _get(g, i)

    def to_json(self) -> list[dict[str, Any]]:
        """The wire form of every action, in order: ``[a.to_json() for a in self]``, built
        without the action objects."""
        out: list[dict[str, Any]] = []
        for g in self._groups:
            if type(g) is list:
                out.extend(a.to_json() for a in g)
            else:
                out.extend(_group_json(g))
        return out

    def __contains__(self, action: object) -> bool:
        if getattr(action, "player", None) != self.player:
            return False
        for g in self._groups:
            if type(g) is list:
                if action in g:
                    return True
            elif _holds(g, action):
                return True
        return False

    def __repr__(self) -> str:
        return f"<LegalActions of player {self.player}: {self._len}>"

    def __reduce__(self) -> tuple[type[LegalActions], tuple[int, list[Group]]]:
        # Pickled by its constructor's arguments: compiled (kingdom_rules.native), the class
        # has no __new__ that skips __init__, which the default protocol would ask for.
        return (LegalActions, (self.player, self._groups))


_SEATS = range(1, 5)
_PASS = {n: PassTurn(n) for n in _SEATS}
# Groups are never changed once built, so the lists that recur are built once and shared:
# the draws (by seat and by which of deck, revealed1, revealed2 can be drawn: bits 1, 2, 4)
# and the last group of every turn's plays.
_DRAWS: dict[tuple[int, int], list[Action]] = {
    (n, mask): [DrawCard(n, source) for k, source in enumerate(DrawCard.SOURCES) if mask >> k & 1]
    for n in _SEATS
    for mask in range(8)
}
_PASS_TAIL: dict[int, list[Action]] = {n: [_PASS[n]] for n in _SEATS}
_REWARD_TAIL: dict[int, list[Action]] = {n: [DrawRoyalReward(n), _PASS[n]] for n in _SEATS}


def legal_actions(state: GameState, player: object) -> LegalActions:
    """Every legal action of ``player`` now (none when it is not theirs to act).
    :class:`NoSuchPlayer` when ``player`` is no seat of the game (as :func:`view` answers).

    (``player`` is typed ``object``: compiled by mypyc, :mod:`kingdom_rules.native`, an
    ``int`` parameter would refuse a string with a ``TypeError`` of its own, and take
    ``True`` for 1, before the check below could answer.)"""
    if type(player) is not int or not 1 <= player <= state.player_count:
        raise NoSuchPlayer(player)
    return LegalActions(player, _groups(state, player))


def _groups(state: GameState, n: int) -> list[Group]:
    phase = state.phase
    i = n - 1
    if phase == "playing":
        if n != state.current_player:
            return []
        if not state._drawn >> i & 1:
            if state.setup.own_piles:  # Constructed and Spire (R35, R36)
                return [_DRAWS[n, draw_sources(state, n)]]
            first, second = state.revealed
            mask = 1 if state.deck or state.discard_pile else 0
            if first is not None:
                mask |= 2
            if second is not None:
                mask |= 4
            return [_DRAWS[n, mask]]
        if state.pending:
            head = state.pending[0]
            answers = options(state, head)
            skip = SkipDemolitionEat(n) if head.context == "freed-royal" else SkipPendingAction(n)
            return [answers + [skip, _PASS[n]]]
        return _plays(state, n)
    if phase == "choosing_resources":
        if state._chosen >> i & 1:
            return []
        return [[ChooseStartingResource(n, c) for c in state._hands[i] if c.is_number]]
    if phase == "handComplete" and not state._ready >> i & 1:
        return [[ReadyForNextHand(n)]]
    return []


def _plays(state: GameState, n: int) -> list[Group]:
    """The plays of player ``n`` after the draw."""
    ready = [r.card for r in state._kingdoms[n - 1].resources if r.ready]
    count = len(ready)
    numbers: list[Card] = []
    royals: list[Card] = []
    mask = 0
    for card in state._hands[n - 1]:
        if card.is_number:
            numbers.append(card)
            mask |= card.bit
        elif count >= card.cost:
            royals.append(card)
    groups: list[Group] = []
    if numbers and ready:
        half = len(numbers) * count
        groups.append((2 * half, RESOURCE_PLAYS, n, numbers, ready, half))
    if royals:
        pools: dict[str, list[Card]] = {}
        for card in royals:
            pool = pools.get(card.color)
            if pool is None:
                pool = pools[card.color] = [c for c in ready if c.color == card.color]
            if len(pool) >= card.cost:
                groups.append((comb(len(pool), card.cost), PAYMENTS, n, PlayRoyal, card, pool,
                               card.cost))
    if len(numbers) >= 2:
        if count >= 2:
            plays = _combination_plays(mask, numbers, count)
            if plays.size:
                groups.append((plays.size, COMBINATIONS, n, plays, ready))
        if mask & _ACES and mask & _TENS:
            aces = [c for c in numbers if c.value == 1]
            tens = [c for c in numbers if c.value == 10]
            groups.append([PlayHailOfArrows(n, (a, t)) for a in aces for t in tens])
    groups.append(_REWARD_TAIL[n] if state._rewards[n - 1] else _PASS_TAIL[n])
    return groups


_ACES = sum(c.bit for c in ALL_CARDS if c.value == 1)
_TENS = sum(c.bit for c in ALL_CARDS if c.value == 10)


class _CombinationPlays(NamedTuple):
    """The combinations a hand's number cards can form that ``count`` ready resources pay for,
    and how many ways to pay each has."""

    entries: tuple[tuple[tuple[Card, ...], int], ...]
    """(cards, cost) of each combination, in :func:`find_combinations`' order."""
    starts: tuple[int, ...]
    """Where each combination's payments begin among all of them."""
    size: int
    """How many plays in all (every combination with every choice of resources)."""


_COMBINATION_PLAYS: dict[tuple[int, int], _CombinationPlays] = {}
_COMBINATIONS: dict[int, list[tuple[tuple[Card, ...], int]]] = {}
"""Every combination of a set of number cards (by mask) with its cost."""


def _combination_plays(mask: int, numbers: list[Card], count: int) -> _CombinationPlays:
    """The combination plays of a hand's number cards (``mask``: their ``Card.bit`` summed)
    with ``count`` ready resources. Sets of cards recur, so answers are kept;
    find_combinations' order does not depend on the order of the hand."""
    key = (mask, count)
    found = _COMBINATION_PLAYS.get(key)
    if found is None:
        if len(_COMBINATION_PLAYS) >= 65536:
            _COMBINATION_PLAYS.clear()
        found_all = _COMBINATIONS.get(mask)
        if found_all is None:
            if len(_COMBINATIONS) >= 65536:
                _COMBINATIONS.clear()
            found_all = _COMBINATIONS[mask] = [
                (cards, RULES[kind].resources) for kind, cards in find_combinations(numbers)
            ]
        entries = []
        starts = []
        size = 0
        for cards, cost in found_all:
            if count >= cost:
                entries.append((cards, cost))
                starts.append(size)
                size += comb(count, cost)
        found = _COMBINATION_PLAYS[key] = _CombinationPlays(tuple(entries), tuple(starts), size)
    return found
