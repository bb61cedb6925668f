"""A hypothesis state machine over whole games: hypothesis picks which legal action to take
(and sometimes throws a random wire payload at the engine), and shrinks any failure to a short
sequence. Invariants after every step: the 54 cards once, views hide hands and deck, the
legal actions equal the independent oracle's."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import kingdom_rules as kr
from tests.rules.helpers import (
    assert_cards_once,
    assert_views_hide,
    check_effects,
    check_hand_result,
)
from tests.rules.oracle import oracle
from tests.rules.test_properties import wire_payloads


class Game(RuleBasedStateMachine):
    state: kr.GameState

    @initialize(
        n=st.integers(2, 4), seed=st.integers(0, 10**6), mode=st.sampled_from(["game", "match"])
    )
    def start(self, n: int, seed: int, mode: str) -> None:
        self.state = kr.new_game(player_count=n, seed=seed, mode=mode)

    @rule(pick=st.integers(0, 10**9), who=st.integers(0, 3), prefer_play=st.booleans())
    def act(self, pick: int, who: int, prefer_play: bool) -> None:
        s = self.state
        to_act = kr.players_to_act(s)
        if not to_act:
            return
        p = to_act[who % len(to_act)]
        acts = list(kr.legal_actions(s, p))
        if prefer_play:
            plays = [
                a
                for a in acts
                if not isinstance(a, (kr.PassTurn, kr.SkipPendingAction, kr.SkipDemolitionEat))
            ]
            acts = plays or acts
        a = acts[pick % len(acts)]
        new, events = kr.apply(s, a)
        check_effects(s, a, new, events)
        if len(new.hand_history) > len(s.hand_history):
            check_hand_result(s, new, events)
        self.state = new

    @rule(payload=wire_payloads())
    def throw(self, payload: Any) -> None:
        before = self.state.to_json()
        try:
            action = kr.action_from_json(payload)
            new, _ = kr.apply(self.state, action)
        except kr.IllegalAction:
            assert self.state.to_json() == before
            return
        assert self.state.to_json() == before
        self.state = new

    @invariant()
    def cards_and_views(self) -> None:
        assert_cards_once(self.state)
        assert_views_hide(self.state)

    @invariant()
    def oracle_agrees(self) -> None:
        s = self.state
        for p in range(1, s.player_count + 1):
            want = oracle(s, p)
            if want is not None:
                assert set(kr.legal_actions(s, p)) == want


TestGame = Game.TestCase
TestGame.settings = settings(
    max_examples=10,
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
