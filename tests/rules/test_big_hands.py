"""Huge hands: legal_actions stays lazy and exact. A player with many number cards and many
ready resources has millions of legal plays (every payment of every combination); their count
must match a count made from the rulings, and any index must give a legal, distinct action."""

from __future__ import annotations

import random
from itertools import combinations
from math import comb

import kingdom_rules as kr
from tests.rules.helpers import kingdom, position
from tests.rules.oracle import COMBO_COST, COST, colour, is_number, my_classify


def count_plays(state: kr.GameState, p: int) -> int:
    """The number of legal plays without a follow-up pending, counted from the rulings."""
    me = state.player(p)
    ready = [r.card for r in me.kingdom.resources if r.ready]
    numbers = [c for c in me.hand if is_number(c)]
    total = 1 + (1 if me.royal_reward else 0)  # pass, reward
    total += 2 * len(numbers) * len(ready)  # resource, rotation
    for c in me.hand:
        if c.rank in COST:
            total += comb(sum(1 for r in ready if colour(r) == colour(c)), COST[c.rank])
    for size in range(2, len(numbers) + 1):
        for cards in combinations(numbers, size):
            kind = my_classify(cards)
            if kind is not None:
                total += comb(len(ready), COMBO_COST[kind])
    aces = sum(1 for c in numbers if c.rank == "A")
    tens = sum(1 for c in numbers if c.rank == "10")
    return total + aces * tens


def test_a_huge_hand_has_an_exact_lazy_list_of_plays() -> None:
    hand = "AH 2H 3H 4H 5H 6H 2C 3C 4C 5C 2S 3S 10D 10S AC QH KS JD"
    ready = "7H 7C 7D 8H 8C 8D 9H 9C 9D AS"
    s = position(hands={1: hand}, kingdoms={1: kingdom(ready=ready)})
    acts = kr.legal_actions(s, 1)
    assert len(acts) == count_plays(s, 1) > 50_000
    rng = random.Random(5)
    picks = sorted({rng.randrange(len(acts)) for _ in range(300)})
    seen = set()
    for i in picks:
        a = acts[i]
        assert a not in seen
        seen.add(a)
        kr.apply(s, a)  # legal
        assert acts[i - len(acts)] == a
    assert kr.PassTurn(1) in acts
