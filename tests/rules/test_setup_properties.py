"""The engine's contract in every setup (R33-R38): on states of random Constructed games
(random legal decks with copies) and random Spire combats (random run decks, fortified cards,
starting kingdoms, opening hands), legal_actions is sound and complete (candidates and the
independent oracle), every card stays in exactly one place, views hide hands and piles, JSON
round-trips and replay reproduce the game."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingdom_rules as kr
from tests.rules.helpers import all_state_cards, assert_views_hide, biased_step, random_step
from tests.rules.states import random_constructed, random_spire, setup_pool
from tests.rules.test_oracle import check as oracle_check
from tests.rules.test_properties import assert_listed_or_equivalent, candidates

states = st.integers(0, 10**6).map(lambda i: setup_pool()[i % len(setup_pool())])


def expected_cards(state: kr.GameState) -> Counter[str]:
    setup = state.setup
    if isinstance(setup, kr.ConstructedSetup):
        out: Counter[str] = Counter()
        for seat, deck in enumerate(setup.decks, 1):
            seen: Counter[kr.Card] = Counter()
            for face in deck.cards():
                seen[face] += 1
                out[f"{face.id}@p{seat}.{seen[face]}"] += 1
        return out
    return Counter(c.id for c in kr.DECK)


def assert_cards_in_place(state: kr.GameState) -> None:
    assert Counter(all_state_cards(state.to_json())) == expected_cards(state)


def check_draw(before: kr.GameState, a: kr.Action, after: kr.GameState) -> None:
    """Where a drawn card came from (R6, R35, R36), read from the two states."""
    if not isinstance(a, kr.DrawCard):
        return
    n = a.player
    me, now = before.players[n - 1], after.players[n - 1]
    card = now.hand[-1]
    if before.setup.kind == "constructed":
        if a.source == "deck":
            assert card is me.pile[0] if me.pile else (card in before.discard_pile
                                                       and card.owner == n)
        else:
            assert card is me.revealed[0 if a.source == "revealed1" else 1]
        assert card.owner == n
        for q, q2 in zip(before.players, after.players, strict=True):
            if q.number != n:
                assert (q.pile, q.revealed) == (q2.pile, q2.revealed)
        return
    if a.source == "deck":
        if n == 1 and me.pile:
            assert card is me.pile[0] and now.pile == me.pile[1:]
        else:
            assert card is (before.deck[0] if before.deck else card)
            assert card not in me.pile and now.pile == me.pile
    else:
        assert card is before.revealed[0 if a.source == "revealed1" else 1]
        assert now.pile == me.pile


def test_drained_positions_draw_from_the_rebuild() -> None:
    """With every own pile empty: in Constructed the deck draw is listed exactly when the
    player has a card of their own in the discard pile, and it takes one of them."""
    seen = 0
    for s in setup_pool():
        if s.phase != "playing" or s.players[s.current_player - 1].has_drawn_this_turn:
            continue
        n = s.current_player
        me = s.players[n - 1]
        if s.setup.kind != "constructed" or me.pile:
            continue
        listed = kr.DrawCard(n, "deck") in list(kr.legal_actions(s, n))
        assert listed == any(c.owner == n for c in s.discard_pile)
        if listed:
            seen += 1
            after, _ = kr.apply(s, kr.DrawCard(n, "deck"))
            check_draw(s, kr.DrawCard(n, "deck"), after)
    assert seen > 3


def test_the_pool_covers_both_setups_and_follow_ups() -> None:
    kinds = Counter(s.setup.kind for s in setup_pool())
    assert kinds["constructed"] > 50 and kinds["spire"] > 50
    assert sum(1 for s in setup_pool() if s.pending) > 20
    copies = [c for s in setup_pool() for p in s.players for c in p.hand if c.owner]
    assert len({c.face for c in copies}) < len(copies)


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states, seed=st.integers(0, 2**32 - 1))
def test_legal_actions_are_sound_and_complete_in_every_setup(state: kr.GameState,
                                                             seed: int) -> None:
    rng = random.Random(seed)
    before = state.to_json()
    for p in range(1, state.player_count + 1):
        listed = set(kr.legal_actions(state, p))
        for a in candidates(state, p, rng, budget=100 if p in kr.players_to_act(state) else 20):
            try:
                new, _ = kr.apply(state, a)
            except kr.IllegalAction as exc:
                assert a not in listed, f"listed but refused: {a.to_json()}: {exc}"
                continue
            assert_listed_or_equivalent(state, a, new)
            assert_cards_in_place(new)
    assert state.to_json() == before


def test_oracle_agrees_on_the_setup_pool() -> None:
    for s in setup_pool():
        oracle_check(s)


@settings(max_examples=30, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(seed=st.integers(0, 2**32 - 1), n=st.integers(2, 4), spire=st.booleans(),
       biased=st.booleans())
def test_playouts_keep_every_invariant(seed: int, n: int, spire: bool, biased: bool) -> None:
    """Random setups played to the end: the oracle agrees, every card is in one place, the
    views hide hands and piles, views_json equals view().to_json(), the legal actions' JSON is
    each action's, JSON round-trips."""
    rng = random.Random(seed)
    setup: kr.Setup = random_spire(rng) if spire else random_constructed(rng, n)
    s = kr.new_game(2 if spire else n, seed=seed % 10_000, setup=setup)
    step = biased_step if biased else random_step
    actions = []
    while s.phase != "finished":
        oracle_check(s)
        assert_cards_in_place(s)
        seats = list(range(1, s.player_count + 1))
        assert kr.views_json(s, seats) == [kr.view(s, p).to_json() for p in seats]
        for p in seats:  # the wire form built without the action objects
            legal = kr.legal_actions(s, p)
            assert legal.to_json() == [a.to_json() for a in legal]
        before = s
        a, s, _ = step(s, rng)
        check_draw(before, a, s)
        actions.append(a.to_json())
        assert len(actions) < 5000
    assert_cards_in_place(s)
    assert_views_hide(s)
    again = kr.replay(seed % 10_000, s.player_count, "game", actions,
                      setup=kr.setup_from_json(setup.to_json()))
    assert again.to_json() == s.to_json()
    if spire:
        result = kr.combat_result(s)
        assert result is not None
        assert result.won == (s.hand_history[-1].winner == 1)


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states)
def test_views_hide_piles_and_state_json_round_trips(state: kr.GameState) -> None:
    assert_views_hide(state)
    back = kr.GameState.from_json(state.to_json())
    assert back == state and back.setup == state.setup
    assert back.to_json() == state.to_json()
    for p in range(1, state.player_count + 1):
        assert [a.to_json() for a in kr.legal_actions(back, p)] == [
            a.to_json() for a in kr.legal_actions(state, p)
        ]


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states, seed=st.integers(0, 2**32 - 1))
def test_every_listed_action_applies_and_determinized_worlds_play(state: kr.GameState,
                                                                  seed: int) -> None:
    rng = random.Random(seed)
    for p in kr.players_to_act(state):
        for a in kr.legal_actions(state, p):
            kr.apply(state, a)
        world = kr.view(state, p).determinize(rng)
        assert world.setup.kind == state.setup.kind
        assert [len(q.hand) for q in world.players] == [len(q.hand) for q in state.players]
        assert [len(q.pile) for q in world.players] == [len(q.pile) for q in state.players]
        for a in kr.legal_actions(world, p)[:40]:
            kr.apply(world, a)


def test_nothing_hidden_is_reachable_from_a_view_in_any_setup() -> None:
    """Honest views with own piles: neither another hand, nor the deck, nor any own pile
    (the viewer's own included: its order is hidden, R35, R36) is reachable from a view, its
    legal actions or their values."""
    from tests.rules.test_honest_views import reachable

    checked = 0
    for state in setup_pool()[::4]:
        if state.phase != "playing":
            continue
        for p in range(1, state.player_count + 1):
            v = kr.view(state, p)
            hidden = set(state.deck)
            for q in state.players:
                hidden.update(q.pile)
                if q.number != p:
                    hidden.update(q.hand)
            last = state.last_draw
            if last is not None and last.source != "deck" and last.card is not None:
                hidden.discard(last.card)
            for obj in reachable(v, v.legal_actions, kr.legal_actions(state, p)):
                assert not isinstance(obj, kr.GameState), f"a game state is reachable ({p})"
                if isinstance(obj, kr.Card):
                    assert obj not in hidden, f"player {p} can reach the hidden {obj.id}"
                if isinstance(obj, tuple) and len(obj) > 1:
                    assert all(obj != q.pile for q in state.players), "a pile is reachable"
            checked += 1
    assert checked >= 40
