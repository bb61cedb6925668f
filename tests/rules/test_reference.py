"""Follow-up answers and passes against a one-step reference model written from the rulings
(tests/rules/reference.py): the next state's hands, kingdoms, discard pile, pending queue,
turn, round and end of hand must be as predicted."""

from __future__ import annotations

import random

import kingdom_rules as kr
from tests.rules.helpers import biased_step
from tests.rules.reference import predict, project
from tests.rules.states import handmade, pool

PLAYS = (
    kr.PlayResource,
    kr.RotateResource,
    kr.PlayRoyal,
    kr.PlayCombination,
    kr.PlayHailOfArrows,
    kr.DrawCard,
    kr.DrawRoyalReward,
)


def compare(state: kr.GameState, action: kr.Action) -> bool:
    pred = predict(state, action)
    if pred is None:
        return False
    got, _ = kr.apply(state, action)
    winner = pred.pop("winner", None)
    reason = pred.pop("reason", None)
    proj = project(got)
    assert proj == pred, f"{action.to_json()} from pending {[p.type for p in state.pending]}"
    if winner is not None:
        assert got.hand_history[-1].winner == winner
        assert got.hand_history[-1].reason == "family"
    if reason is not None:
        assert got.hand_history[-1].reason == reason
    return True


def states_to_check() -> list[kr.GameState]:
    out = [s for s in pool() if s.phase == "playing" and kr.players_to_act(s)]
    rng = random.Random(4)
    frontier = [s for s in handmade() if s.phase == "playing"]
    for _ in range(2):
        nxt = []
        for s in frontier:
            acts = list(kr.legal_actions(s, s.current_player))
            for a in rng.sample(acts, min(6, len(acts))):
                s2, _ = kr.apply(s, a)
                if s2.phase == "playing":
                    nxt.append(s2)
        out += nxt
        frontier = nxt
    return out


def test_followups_and_passes_match_the_reference_model() -> None:
    checked = 0
    for s in states_to_check():
        p = s.current_player
        if not s.player(p).has_drawn_this_turn:
            continue
        for a in kr.legal_actions(s, p):
            if isinstance(a, PLAYS):
                continue
            checked += compare(s, a)
    assert checked > 500


def test_reference_model_along_biased_playouts() -> None:
    checked = 0
    for seed in range(12):
        n = 2 + seed % 3
        rng = random.Random(seed)
        s = kr.new_game(player_count=n, seed=900 + seed, mode="match")
        while s.phase != "finished":
            if s.phase == "playing" and s.player(s.current_player).has_drawn_this_turn:
                for a in kr.legal_actions(s, s.current_player):
                    if not isinstance(a, PLAYS):
                        checked += compare(s, a)
            _, s, _ = biased_step(s, rng)
    assert checked > 500
