"""`PlayerView.from_json`: a view sent as JSON (a server's push) is the same view again, with
the same legal actions, on every state of seeded games in every setup. This is what lets a bot
written against the library play from another machine (`kingdom connect --bot`)."""

from __future__ import annotations

import random

import pytest

import kingdom_rules as kr
from kingdom_rules.bots import GreedyBot, RandomBot


def _setup(kind: str, players: int) -> kr.Setup:
    if kind == "constructed":
        return kr.ConstructedSetup(tuple(kr.PREBUILT_DECKS["balanced"] for _ in range(players)))
    if kind == "spire":
        run = tuple(kr.Card.parse(c) for c in ["QH", "2H", "3H", "5D", "7C", "9S"])
        return kr.SpireSetup(run, run[:1], (4, 4))
    return kr.StandardSetup()


@pytest.mark.parametrize("kind", ["standard", "constructed", "spire"])
def test_every_view_survives_its_json(kind: str) -> None:
    checked = 0
    for seed in range(12):
        players = 2 if kind == "spire" else 2 + seed % 3
        mode = "match" if seed % 2 and kind != "spire" else "game"
        state = kr.new_game(player_count=players, seed=seed, mode=mode,
                            setup=_setup(kind, players))
        rng = random.Random(seed)
        bot = GreedyBot() if seed % 3 else RandomBot()
        while state.phase != "finished":
            for p in range(1, players + 1):
                v = kr.view(state, p)
                back = kr.PlayerView.from_json(v.to_json())
                assert back == v
                assert list(back.legal_actions) == list(v.legal_actions)
                assert back.determinize(random.Random(1)) == v.determinize(random.Random(1))
                checked += 1
            acting = kr.players_to_act(state)
            v = kr.view(state, acting[0])
            state, _ = kr.apply(state, bot.choose(v, v.legal_actions, rng))
    assert checked > 500


def test_a_view_that_is_not_a_game_is_refused() -> None:
    with pytest.raises(KeyError):
        kr.PlayerView.from_json({"phase": "waiting"})
