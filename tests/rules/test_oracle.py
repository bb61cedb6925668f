"""Differential test: the engine's legal_actions against an independent reading of the
rulings (tests/rules/oracle.py) on many states: the pool, hypothesis walks and playouts."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingdom_rules as kr
from tests.rules.helpers import biased_step, random_step
from tests.rules.oracle import oracle
from tests.rules.states import pool


def check(state: kr.GameState) -> None:
    for p in range(1, state.player_count + 1):
        want = oracle(state, p)
        if want is None:
            continue
        got = list(kr.legal_actions(state, p))
        assert len(set(got)) == len(got)
        missing = want - set(got)
        extra = set(got) - want
        assert not missing and not extra, (
            f"player {p}, pending {[x.type for x in state.pending]}: "
            f"missing {[a.to_json() for a in list(missing)[:5]]}, "
            f"extra {[a.to_json() for a in list(extra)[:5]]}"
        )


def test_oracle_agrees_on_the_pool() -> None:
    for s in pool():
        check(s)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_oracle_agrees_along_playouts(n: int) -> None:
    for seed in range(4):
        rng = random.Random(seed * 10 + n)
        s = kr.new_game(player_count=n, seed=seed + 500, mode="match")
        step = biased_step if seed % 2 == 0 else random_step
        while s.phase != "finished":
            check(s)
            _, s, _ = step(s, rng)


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(i=st.integers(0, 10**6), walk=st.integers(0, 40), seed=st.integers(0, 2**32 - 1))
def test_oracle_agrees_after_random_walks(i: int, walk: int, seed: int) -> None:
    states = pool()
    s = states[i % len(states)]
    rng = random.Random(seed)
    for _ in range(walk):
        if s.phase == "finished":
            break
        _, s, _ = biased_step(s, rng)
        check(s)


def test_oracle_and_invariants_two_plies_from_hand_made_positions() -> None:
    """Every follow-up of the hand-made positions, then a sample of the next answers."""
    from tests.rules.helpers import assert_cards_once, check_effects
    from tests.rules.states import handmade

    rng = random.Random(11)
    frontier = [s for s in handmade() if s.phase == "playing"]
    for _ in range(2):
        nxt = []
        for s in frontier:
            check(s)
            acts = list(kr.legal_actions(s, s.current_player))
            for a in rng.sample(acts, min(8, len(acts))):
                s2, events = kr.apply(s, a)
                assert_cards_once(s2)
                check_effects(s, a, s2, events)
                if s2.phase == "playing":
                    nxt.append(s2)
        frontier = nxt
