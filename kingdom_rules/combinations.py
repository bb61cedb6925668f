"""Combinations: which card patterns make which beast or structure, and their costs (R14-R16).

>>> from kingdom_rules.cards import Card
>>> classify([Card.parse(t) for t in ("3H", "4H", "5H")])
'golden-dragon'
>>> classify([Card.parse(t) for t in ("6H", "6S")])
'horse'
>>> RULES["silver-dragon"].draws(5)
4
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import combinations, product
from operator import attrgetter
from typing import Final

import attrs

from kingdom_rules.cards import Card
from kingdom_rules.kinds import CombinationKind, CombinationType

COMBINATION_POINTS: Final[Mapping[CombinationKind, int]] = {
    "horse": 1,
    "unicorn": 1,
    "dragon": 1,
    "golden-dragon": 1,
    "silver-dragon": 1,
    "divine-dragon": 2,
    "castle": 1,
    "cathedral": 3,
}
"""Each beast or structure (the points column of the R14 table; R29 counts them in a
hand score, :mod:`kingdom_rules.scoring`)."""

Kinds = frozenset[CombinationKind]
HORSE_TYPES: Final[Kinds] = frozenset({"horse", "unicorn"})
DRAGONS: Final[Kinds] = frozenset({"dragon", "golden-dragon", "silver-dragon", "divine-dragon"})
BEASTS: Final[Kinds] = HORSE_TYPES | DRAGONS
STRUCTURES: Final[Kinds] = frozenset({"castle", "cathedral"})
SLAYABLE: Final[Kinds] = frozenset({"dragon", "golden-dragon", "silver-dragon"})
"""Dragons a King or Hero may slay (R24): all but the Divine Dragon."""
HAIL_BEASTS: Final[Kinds] = frozenset({"horse", "unicorn", "dragon"})
"""Beasts Hail of Arrows can destroy (R25)."""
SALVO_BEASTS: Final[Kinds] = frozenset(
    {"horse", "unicorn", "dragon", "golden-dragon", "silver-dragon"})
"""Beasts Flaming Salvo can destroy (R26)."""
RIDER_SURVIVES_SALVO: Final[Kinds] = frozenset({"golden-dragon", "silver-dragon"})


@attrs.frozen
class CombinationRule:
    """One row of the combinations table (R14)."""

    name: str
    resources: int
    draws_fixed: int
    """Cards drawn on play; -1 means 'run length - 1'."""
    points: int
    """From :data:`COMBINATION_POINTS` (R29)."""
    resurrects: bool
    can_eat: int = 0
    demolishes_castles: bool = False
    demolishes_cathedrals: bool = False
    only_demolishes: bool = False

    def draws(self, card_count: int) -> int:
        return card_count - 1 if self.draws_fixed < 0 else self.draws_fixed


_P = COMBINATION_POINTS
RULES: Final[dict[CombinationKind, CombinationRule]] = {
    "horse": CombinationRule("Horse", 2, 1, _P["horse"], False),
    "unicorn": CombinationRule("Unicorn", 4, 3, _P["unicorn"], True),
    "dragon": CombinationRule("Dragon", 3, 2, _P["dragon"], False, can_eat=1),
    "golden-dragon": CombinationRule("Golden Dragon", 3, 2, _P["golden-dragon"], False, 2, True),
    "silver-dragon": CombinationRule(
        "Silver Dragon", 4, -1, _P["silver-dragon"], False, 3, True, True
    ),
    "divine-dragon": CombinationRule(
        "Divine Dragon", 4, -1, _P["divine-dragon"], True, 0, True, True, True
    ),
    "castle": CombinationRule("Castle", 3, 2, _P["castle"], False),
    "cathedral": CombinationRule("Cathedral", 4, 3, _P["cathedral"], False),
}
"""The R14 table (the points column is :data:`COMBINATION_POINTS`)."""


def coarse_type(kind: CombinationKind) -> CombinationType:
    """The coarse ``type`` field of a combination (docs/protocol.md): horse, dragon, castle
    or cathedral."""
    if kind in HORSE_TYPES:
        return "horse"
    if kind in DRAGONS:
        return "dragon"
    return "castle" if kind == "castle" else "cathedral"


def classify(cards: Sequence[Card]) -> CombinationKind | None:
    """The combination these number cards form, or None (R14-R16)."""
    n = len(cards)
    if n < 2:
        return None
    values = []
    for c in cards:
        if not c.is_number:
            return None
        values.append(c.value)
    distinct = set(values)
    if len(distinct) == 1:
        return _SAME_VALUE.get(n)
    if n == 4 and len(distinct) == 2 and values.count(values[0]) == 2:
        return "unicorn"
    if n >= 3 and len(distinct) == n and max(values) - min(values) == n - 1:
        suited = len({c.suit for c in cards}) == 1
        if n == 3:
            return "golden-dragon" if suited else "dragon"
        return "divine-dragon" if suited else "silver-dragon"
    return None


_SAME_VALUE: Final[dict[int, CombinationKind]] = {2: "horse", 3: "castle", 4: "cathedral"}


def matches(kind: CombinationKind, cards: Sequence[Card]) -> bool:
    """Whether these number cards have the pattern ``kind`` requires (R14): a horse is two of a
    value, a dragon a run of three, a golden dragon a suited run of three, and so on. (A suited
    run also has a plain dragon's pattern: :func:`classify` names the best kind.)"""
    best = classify(cards)
    if best is None:
        return False
    return best == kind or (kind, best) in _WEAKER


_WEAKER: Final[frozenset[tuple[CombinationKind, CombinationKind]]] = frozenset(
    {("dragon", "golden-dragon"), ("silver-dragon", "divine-dragon")})
"""A suited run counted as a plain run of the same length."""


def is_hail(cards: Sequence[Card]) -> bool:
    """An Ace and a 10 (R15). Same suit makes it a Flaming Salvo."""
    return (
        len(cards) == 2
        and cards[0].is_number
        and cards[1].is_number
        and {cards[0].value, cards[1].value} == {1, 10}
    )


def find_combinations(hand: Sequence[Card]) -> list[tuple[CombinationKind, tuple[Card, ...]]]:
    """Every combination the number cards of a hand can form, as (kind, cards), cards in
    canonical order. Deterministic; each card set is listed once.

    >>> [k for k, _ in find_combinations([Card.parse(t) for t in ("2H", "3H", "4H", "4S")])]
    ['horse', 'golden-dragon', 'dragon']
    """
    buckets: list[list[Card]] = [[] for _ in range(12)]
    for c in hand:
        if c.is_number:
            buckets[c.value].append(c)
    out: list[tuple[CombinationKind, tuple[Card, ...]]] = []
    pairs_by_value: list[list[tuple[Card, ...]]] = []
    for v in range(1, 11):
        b = buckets[v]
        n = len(b)
        if n < 2:
            continue
        b.sort(key=_ORDER)
        pairs: list[tuple[Card, ...]] = list(combinations(b, 2))
        pairs_by_value.append(pairs)
        for p in pairs:
            out.append(("horse", p))
        if n >= 3:
            for t in combinations(b, 3):
                out.append(("castle", t))
        if n >= 4:  # (more than 4 only with Constructed copies, R33)
            for q in combinations(b, 4):
                out.append(("cathedral", q))
    for i, pairs_a in enumerate(pairs_by_value):
        for pairs_b in pairs_by_value[i + 1 :]:
            for a in pairs_a:
                for b2 in pairs_b:
                    out.append(("unicorn", tuple(sorted(a + b2, key=_ORDER))))
    start = 1
    while start <= 8:
        if not buckets[start]:
            start += 1
            continue
        length = 1
        while start + length <= 10 and buckets[start + length]:
            length += 1
        if length < 3:
            start += length + 1  # (no run starts inside a run shorter than 3)
            continue
        for run in range(3, length + 1):
            for cards in product(*buckets[start : start + run]):
                suit = cards[0].suit
                suited = True
                for c in cards:
                    if c.suit != suit:
                        suited = False
                        break
                kind: CombinationKind
                if run == 3:
                    kind = "golden-dragon" if suited else "dragon"
                else:
                    kind = "divine-dragon" if suited else "silver-dragon"
                out.append((kind, tuple(sorted(cards, key=_ORDER))))
        start += 1
    return out


_ORDER: Final = attrgetter("order")


