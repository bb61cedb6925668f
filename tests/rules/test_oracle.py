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
