"""The rule helpers the engine exports for bots and clients (classify, find_combinations,
hand_score, family_complete, partner, team_of, are_opponents) against independent versions
written from the rulings."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

import kingdom_rules as kr
from kingdom_rules.cards import DECK
from tests.rules.helpers import my_family, my_score
from tests.rules.oracle import my_classify
from tests.rules.states import pool

NUMBERS = [c for c in DECK if c.is_number]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=0, max_size=7, unique=True))
def test_classify_matches_the_r14_table(cards: list[kr.Card]) -> None:
    assert kr.classify(tuple(cards)) == my_classify(tuple(cards))
    # the order of the cards does not matter
    assert kr.classify(tuple(reversed(cards))) == kr.classify(tuple(cards))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(NUMBERS), min_size=0, max_size=11, unique=True))
def test_find_combinations_lists_every_combination_once(hand: list[kr.Card]) -> None:
    got = kr.find_combinations(hand)
    keys = [(kind, frozenset(cards)) for kind, cards in got]
    assert len(keys) == len(set(keys))
    want = set()
    for size in range(2, len(hand) + 1):
        for cards in combinations(hand, size):
            kind = my_classify(cards)
            if kind is not None:
                want.add((kind, frozenset(cards)))
    assert set(keys) == want


def test_hand_score_and_family_match_r27_r29_on_every_pool_kingdom() -> None:
    for s in pool():
        for p in s.players:
            k = p.kingdom
            j = k.to_json()
            assert kr.family_complete(k) == my_family(j)
            for bonus in (False, True):
                assert kr.hand_score(k, family_bonus=bonus) == my_score(j, bonus)


def test_teams_partners_and_opponents() -> None:
    for n in (2, 3, 4):
        for a in range(1, n + 1):
            assert kr.team_of(a, n) == ((1 if a % 2 else 2) if n == 4 else None)
            assert kr.partner(a, n) == ({1: 3, 2: 4, 3: 1, 4: 2}[a] if n == 4 else None)
            for b in range(1, n + 1):
                expected = a != b and (n != 4 or a % 2 != b % 2)
                assert kr.are_opponents(a, b, n) == expected
