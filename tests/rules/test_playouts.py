"""Seeded random playouts of 2, 3 and 4 players, in game and match mode, checked after every
step: the 54 cards are each in exactly one place, no view shows another player's hand or the
deck (or the seed), the JSON of states and actions round-trips, every game ends, and every
hand's scores equal R29 recomputed here (helpers.check_hand_result, not kingdom_rules.scoring).
"""

from __future__ import annotations

import random

import pytest

import kingdom_rules as kr
from tests.rules.helpers import (
    assert_cards_once,
    assert_views_hide,
    biased_step,
    check_effects,
    check_hand_result,
    random_step,
)

MAX_STEPS = 30_000


def playout(
    n: int, mode: str, seed: int, biased: bool, full_checks: bool = True,
    setup: kr.Setup = kr.STANDARD,
) -> tuple[kr.GameState, int]:
    rng = random.Random(f"{n}:{mode}:{seed}:{biased}")
    s = kr.new_game(player_count=n, seed=seed, mode=mode, setup=setup)
    step = biased_step if biased else random_step
    assert_cards_once(s)
    steps = 0
    reasons = []
    while s.phase != "finished":
        assert steps < MAX_STEPS, "the game did not end"
        to_act = kr.players_to_act(s)
        assert to_act, f"nobody can act in phase {s.phase}"
        for p in range(1, n + 1):
            acts = kr.legal_actions(s, p)
            assert bool(acts) == (p in to_act), (p, to_act, s.phase)
        before = s
        action, s, events = step(s, rng)
        steps += 1
        assert action.player in kr.players_to_act(before)
        assert kr.action_from_json(action.to_json()) == action
        check_effects(before, action, s, events)
        if len(s.hand_history) > len(before.hand_history):
            check_hand_result(before, s, events)
            reasons.append(s.hand_history[-1].reason)
        assert s.phase in ("choosing_resources", "playing", "handComplete", "finished")
        if s.phase != "playing":
            assert s.pending == ()
        if full_checks:
            assert_cards_once(s)
            if steps % 3 == 0 or s.phase != "playing":
                assert_views_hide(s)
            if steps % 7 == 0:
                d = s.to_json()
                assert kr.GameState.from_json(d).to_json() == d
        # R4: the hand's first player begins, hand k of a match by ((k - 1) mod n) + 1
        assert s.first_player == (s.current_hand - 1) % n + 1
    assert len(s.hand_history) == (n if mode == "match" else 1)
    assert kr.players_to_act(s) == []
    assert s.outcome is not None
    assert_cards_once(s)
    assert_views_hide(s)
    return s, steps


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("mode", ["game", "match"])
@pytest.mark.parametrize("seed", range(3))
def test_random_playout_keeps_every_invariant(n: int, mode: str, seed: int) -> None:
    playout(n, mode, seed, biased=False)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("mode", ["game", "match"])
@pytest.mark.parametrize("seed", range(4))
def test_constructed_playout_keeps_every_invariant(n: int, mode: str, seed: int) -> None:
    """Random legal decks with copies (R33-R35), random and biased play."""
    from tests.rules.states import random_constructed

    setup = random_constructed(random.Random(f"decks:{n}:{mode}:{seed}"), n)
    playout(n, mode, seed, biased=seed % 2 == 1, setup=setup)


@pytest.mark.parametrize("seed", range(12))
def test_spire_playout_keeps_every_invariant(seed: int) -> None:
    """Random run decks, fortified cards, starting kingdoms and opening hands (R36-R38)."""
    from tests.rules.states import random_spire

    setup = random_spire(random.Random(f"spire:{seed}"))
    s, _ = playout(2, "game", seed, biased=seed % 2 == 1, setup=setup)
    result = kr.combat_result(s)
    assert result is not None
    scores = s.hand_history[-1].scores
    assert (result.runner_score, result.enemy_score) == scores
    assert result.won == (s.hand_history[-1].winner == 1)
    assert result.hp_lost == (0 if result.won else max(5, scores[1] - scores[0]))


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("mode", ["game", "match"])
@pytest.mark.parametrize("seed", range(3, 6))
def test_biased_playout_keeps_every_invariant(n: int, mode: str, seed: int) -> None:
    """Plays are preferred over passing and answers over skips, so follow-ups (eating,
    demolishing, slaying, volleys, transfers) happen often."""
    playout(n, mode, seed, biased=True)


def test_many_quick_playouts_end_and_score_correctly() -> None:
    """More seeds with the cheaper checks (cards, scores, the end of every game)."""
    for seed in range(100, 136):
        n = 2 + seed % 3
        s, _ = playout(
            n, "match" if seed % 2 else "game", seed, biased=seed % 4 < 2, full_checks=False
        )
        assert_cards_once(s)


def test_replay_reproduces_a_playout() -> None:
    for n in (2, 3, 4):
        rng = random.Random(n)
        s = kr.new_game(player_count=n, seed=42, mode="match")
        actions = []
        while s.phase != "finished":
            a, s, _ = random_step(s, rng)
            actions.append(a)
        assert (
            kr.replay(seed=42, player_count=n, mode="match", actions=actions).to_json()
            == s.to_json()
        )
        wire = [a.to_json() for a in actions]
        assert (
            kr.replay(seed=42, player_count=n, mode="match", actions=wire).to_json() == s.to_json()
        )


def _policy_game(n: int, choose) -> kr.GameState:  # type: ignore[no-untyped-def]
    s = kr.new_game(player_count=n, seed=21 + n, mode="game")
    steps = 0
    while s.phase != "finished":
        steps += 1
        assert steps < MAX_STEPS
        p = kr.players_to_act(s)[0]
        acts = list(kr.legal_actions(s, p))
        before = s
        s, events = kr.apply(s, choose(s, acts))
        if s.hand_history:
            check_hand_result(before, s, events)
    return s


@pytest.mark.parametrize("n", [2, 4])
def test_players_who_only_draw_and_pass_end_the_hand_stalled(n: int) -> None:
    """Nobody plays: the deck, the discard pile and the revealed cards run out, then a full
    round without play ends the hand (R28)."""
    s = _policy_game(
        n,
        lambda s, acts: (
            acts[0]
            if s.phase != "playing" or isinstance(acts[0], kr.DrawCard)
            else kr.PassTurn(acts[0].player)
        ),
    )
    assert s.hand_history[-1].reason == "stalled"
    assert not s.deck and not s.discard_pile and s.revealed == (None, None)


@pytest.mark.parametrize("n", [2, 3])
def test_players_who_keep_rotating_reach_the_round_limit(n: int) -> None:
    """A crop rotation every turn is a play, so the hand only ends after 60 rounds (R28)."""

    def choose(s: kr.GameState, acts: list[kr.Action]) -> kr.Action:
        if s.phase != "playing":
            return acts[0]
        for a in acts:
            if isinstance(a, kr.DrawCard):
                return a
        if not s.played_this_turn:
            for a in acts:
                if isinstance(a, kr.RotateResource):
                    return a
        return kr.PassTurn(acts[0].player)

    s = _policy_game(n, choose)
    assert s.hand_history[-1].reason == "round-limit"
    assert s.round == 60


def _builder(s: kr.GameState, acts: list[kr.Action], rng: random.Random) -> kr.Action:
    """Never plays a royal; prefers combinations, volleys and answering follow-ups, so the
    kingdoms grow big and the deck runs out."""
    if s.phase != "playing":
        return acts[0]
    groups: dict[type, list[kr.Action]] = {}
    for a in acts:
        groups.setdefault(type(a), []).append(a)
    if kr.DrawCard in groups:
        return rng.choice(groups[kr.DrawCard])
    for kinds in (
        (
            kr.EatCharacter,
            kr.DemolishCastle,
            kr.DemolishCathedral,
            kr.EatFreedRoyal,
            kr.DestroyWithHail,
            kr.ResurrectRoyal,
            kr.MountBeast,
            kr.PlaceRoyalInCastle,
            kr.TransferToPartner,
            kr.SlayDragon,
        ),
        (kr.PlayCombination, kr.PlayHailOfArrows),
        (kr.PlayResource, kr.DrawRoyalReward),
    ):
        options = [a for k in kinds for a in groups.get(k, [])]
        if options and rng.random() < 0.9:
            return rng.choice(options)
    return kr.PassTurn(acts[0].player)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_builders_who_never_play_royals_keep_every_invariant(n: int) -> None:
    rng = random.Random(n)
    s = kr.new_game(player_count=n, seed=77 + n, mode="game")
    emptied = False
    steps = 0
    while s.phase != "finished":
        steps += 1
        assert steps < MAX_STEPS
        p = kr.players_to_act(s)[0]
        acts = list(kr.legal_actions(s, p))
        a = _builder(s, acts, rng)
        before = s
        s, events = kr.apply(s, a)
        emptied = emptied or not s.deck
        assert_cards_once(s)
        check_effects(before, a, s, events)
        if s.hand_history:
            check_hand_result(before, s, events)
        if steps % 5 == 0:
            assert_views_hide(s)
    assert emptied


def test_events_never_carry_a_hidden_card() -> None:
    """Events may be broadcast to every player: they name no card that is in a hand or in the
    deck after the action (R32)."""
    from tests.rules.helpers import _ids_in

    seen_types: set[str] = set()
    for seed in range(8):
        n = 2 + seed % 3
        rng = random.Random(seed)
        s = kr.new_game(player_count=n, seed=300 + seed, mode="match")
        while s.phase != "finished":
            _, s, events = biased_step(s, rng)
            hidden = {c.id for c in s.deck} | {c.id for p in s.players for c in p.hand}
            for e in events:
                seen_types.add(e.type)
                leaked = _ids_in(e.to_json()) & hidden
                assert not leaked, (e.to_json(), leaked)
    assert {"turnStarted", "cardDrawn", "handComplete", "gameFinished"} <= seen_types
