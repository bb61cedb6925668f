"""Built-in bots in every setup: Constructed (own piles and revealed pairs, R35) and Spire
combats (R36-R38) played to the end with legal actions only."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import kingdom_rules as kr
from kingdom_rules.bots import GreedyBot, RandomBot, SearchBot, play_game
from tests.rules.states import random_spire


@pytest.mark.parametrize("seed", range(3))
def test_bots_play_constructed_games_to_the_end(seed: int) -> None:
    names = sorted(kr.PREBUILT_DECKS)
    decks = tuple(kr.PREBUILT_DECKS[names[(seed + i) % len(names)]] for i in range(3))
    bots = [GreedyBot(), RandomBot(), SearchBot() if seed == 0 else GreedyBot()]
    record = play_game(bots, seed=seed, setup=kr.ConstructedSetup(decks))
    assert record.reason in ("family", "stalled", "round-limit", "drawn")
    assert record.combat is None


def test_greedy_takes_its_own_revealed_cards_in_constructed() -> None:
    """The greedy bot reads the revealed pair it may take (its own, R35), not the empty
    shared one: over a few games it takes one of its own revealed cards."""
    taken = 0
    for seed in range(6):
        setup = kr.ConstructedSetup((kr.PREBUILT_DECKS["castle-builders"],) * 2)
        state = kr.new_game(2, seed=seed, setup=setup)
        bots = [GreedyBot(), GreedyBot()]
        rngs = [random.Random(seed), random.Random(seed + 1)]
        while state.phase != "finished":
            p = kr.players_to_act(state)[0]
            v = kr.view(state, p)
            action = bots[p - 1].choose(v, v.legal_actions, rngs[p - 1])
            if isinstance(action, kr.DrawCard) and action.source != "deck":
                taken += 1
            state, _ = kr.apply(state, action)
    assert taken > 0


def test_search_samples_of_a_constructed_decision_are_different_worlds() -> None:
    """In Constructed each seat's unseen cards come from its own deck (R34): the searcher's
    samples of one decision deal the other hand and both piles anew each time (not one world
    reshuffled within itself), keep its own hand, and give every seat only cards it owns."""
    setup = kr.ConstructedSetup((kr.PREBUILT_DECKS["balanced"],) * 2)
    state = kr.new_game(2, seed=5, setup=setup)
    bots = [GreedyBot(), GreedyBot()]
    while state.phase != "playing" or state.current_player != 1:
        p = kr.players_to_act(state)[0]
        v = kr.view(state, p)
        state, _ = kr.apply(state, bots[p - 1].choose(v, v.legal_actions, random.Random(p)))
    v = kr.view(state, 1)
    searcher = SearchBot()
    searcher._remember(v)
    rng = random.Random(3)
    worlds = [searcher._sample(v, rng)[0] for _ in range(6)]
    for world in worlds:
        assert world.players[0].hand == state.players[0].hand
        for q in world.players:
            assert len(q.hand) == len(state.players[q.number - 1].hand)
            assert len(q.pile) == len(state.players[q.number - 1].pile)
            assert all(c.owner == q.number for c in q.pile)
            assert q.number == 1 or all(c.owner == q.number for c in q.hand)
    assert len({(w.players[1].hand, w.players[0].pile, w.players[1].pile)
                for w in worlds}) == len(worlds)
    assert len({frozenset(w.players[1].hand) for w in worlds}) > 1


@pytest.mark.parametrize("seed", range(4))
def test_bots_play_spire_combats_and_report_the_result(seed: int) -> None:
    setup = random_spire(random.Random(seed))
    enemy = SearchBot() if seed == 0 else GreedyBot()
    record = play_game([GreedyBot(), enemy], seed=seed, setup=setup)
    assert record.combat is not None
    assert record.combat.won == (record.winners == (1,))
    assert record.to_json()["combat"]["hpLost"] == record.combat.hp_lost


def test_the_setups_example_of_the_bots_guide_runs(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "bots.md"
    section = doc.read_text().split("## Constructed and Spire games", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match is not None
    (tmp_path / "my.deck").write_text(kr.PREBUILT_DECKS["royal-rush"].to_text())
    monkeypatch.chdir(tmp_path)
    scope: dict[str, object] = {"print": lambda *a: None}
    exec(compile(match.group(1), "bots-guide", "exec"), scope)
    record = scope["record"]
    assert getattr(record, "combat", None) is not None
