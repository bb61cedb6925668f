"""Fair seats: a match (the mode of every ranked and ladder game) gives each player the first
turn of exactly one hand, in every player count and setup that plays matches."""

from __future__ import annotations

import random

import pytest

import kingdom_rules as kr
from kingdom_rules.bots import GreedyBot


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("constructed", [False, True])
def test_a_match_gives_every_player_one_first_turn(players: int, constructed: bool) -> None:
    setup = (kr.ConstructedSetup(tuple(kr.PREBUILT_DECKS["balanced"] for _ in range(players)))
             if constructed else kr.StandardSetup())
    for seed in range(3):
        state = kr.new_game(player_count=players, seed=seed, mode="match", setup=setup)
        rng = random.Random(seed)
        starters: dict[int, int] = {}  # hand number -> who played its first turn
        while state.phase != "finished":
            if state.phase == "playing":  # the first turn seen in a hand is its first one
                starters.setdefault(state.current_hand, state.current_player)
            acting = kr.players_to_act(state)
            v = kr.view(state, acting[0])
            state, _ = kr.apply(state, GreedyBot().choose(v, v.legal_actions, rng))
        assert len(state.hand_history) == players
        assert sorted(starters.values()) == list(range(1, players + 1))
