"""A bot handed a view and its legal actions cannot reach what its player may not see (R32):
no other hand, no deck card, no game state, through any attribute, slot, container or closure
cell an introspecting bot could follow."""

from __future__ import annotations

import gc
import random
import types
from typing import Any

import pytest

import kingdom_rules as kr
from kingdom_rules.bots import GreedyBot
from kingdom_rules.cards import Card
from tests.rules.states import pool, setup_pool

_SHARED = (type, types.ModuleType, types.CodeType, types.BuiltinFunctionType)
"""Library code shared by every game (classes, modules, code): a bot may import it anyway, so
the walk does not go through them; it follows what the objects handed to the bot hold."""


def _held(obj: Any) -> list[Any]:
    """Everything ``obj`` holds that an introspecting bot could follow."""
    if isinstance(obj, types.FunctionType):
        # its defaults and closure cells (not the module's globals: shared library code)
        out: list[Any] = list(obj.__defaults__ or ())
        out += list((obj.__kwdefaults__ or {}).values())
        out += [cell.cell_contents for cell in obj.__closure__ or ()]
        return out
    out = [r for r in gc.get_referents(obj) if not isinstance(r, _SHARED)]
    if hasattr(obj, "__dict__") and not isinstance(obj, _SHARED):
        out.append(vars(obj))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                out.append(getattr(obj, name))
    return out


def reachable(*roots: Any) -> list[Any]:
    seen: dict[int, Any] = {}
    todo = list(roots)
    while todo:
        obj = todo.pop()
        if isinstance(obj, _SHARED) or id(obj) in seen:
            continue
        seen[id(obj)] = obj
        todo.extend(_held(obj))
    return list(seen.values())


def _hidden_from(state: kr.GameState, p: int) -> set[Card]:
    """The cards player ``p`` may not see: the deck, every own pile (a player sees the count
    of their own, not its order) and the other hands (bar a card another player just took
    from the revealed cards, which everyone saw)."""
    hidden = set(state.deck)
    for q in state.players:
        hidden.update(q.pile)
        if q.number != p:
            hidden.update(q.hand)
    last = state.last_draw
    if last is not None and last.source != "deck" and last.card is not None:
        hidden.discard(last.card)
    return hidden


def _positions() -> list[kr.GameState]:
    states = [s for s in pool() if s.deck][::3]
    assert len(states) >= 20
    return states


def _setup_positions() -> list[kr.GameState]:
    """Constructed decks and Spire combats (own piles, own revealed pairs)."""
    states = [s for s in setup_pool() if s.deck or any(q.pile for q in s.players)][::2]
    assert {s.setup.kind for s in states} == {"constructed", "spire"}
    return states


@pytest.mark.parametrize("positions", [_positions, _setup_positions])
def test_nothing_hidden_is_reachable_from_a_view_or_its_legal_actions(positions: Any) -> None:
    checked = 0
    for state in positions():
        for p in range(1, state.player_count + 1):
            v = kr.view(state, p)
            legal = v.legal_actions
            list(legal)  # the actions built on demand too
            hidden = _hidden_from(state, p)
            assert hidden, "every position here has something hidden"
            for obj in reachable(v, legal, kr.legal_actions(state, p)):
                assert not isinstance(obj, kr.GameState), f"a game state is reachable ({p})"
                if isinstance(obj, Card):
                    assert obj not in hidden, f"player {p} can reach the hidden {obj.short}"
                if isinstance(obj, tuple) and len(obj) > 1:
                    assert obj != state.deck, "the deck order is reachable"
            checked += 1
    assert checked >= 40


def test_the_walk_finds_a_hidden_card_when_one_is_held() -> None:
    """The walk itself: an object holding a state (even in a slot or a closure cell) is
    caught, so the test above can fail."""
    state = _positions()[0]
    hidden = _hidden_from(state, 1)

    class Holder:
        __slots__ = ("_s",)

    h = Holder()
    h._s = state
    found = {o for o in reachable(h) if isinstance(o, Card)}
    assert found & hidden

    def closure() -> Any:
        return state

    assert any(isinstance(o, kr.GameState) for o in reachable(closure))


def test_bots_still_play_and_search_from_views_alone() -> None:
    """Bots and their searches work on what the view shows; SearchBot samples the hidden cards
    through the documented determinization (``PlayerView.determinize``)."""
    from kingdom_rules.bots import SearchBot
    from kingdom_rules.bots.runner import play_game

    record = play_game([SearchBot(steps=150), GreedyBot()], seed=11)
    assert record.reason != "abandoned"
    v = kr.view(_positions()[3], 1)
    world = v.determinize(random.Random(2))
    assert kr.view(world, 1).hand == v.hand


def test_membership_needs_no_state() -> None:
    """``action in legal_actions`` answers from the actions alone, exactly as ``apply`` does."""
    rng = random.Random(5)
    for state in pool()[::17]:
        p = state.current_player
        legal = kr.legal_actions(state, p)
        for a in legal:
            assert a in legal
        for q in range(1, state.player_count + 1):
            for a in kr.legal_actions(state, q):
                if q != p:
                    assert a not in legal
        # a malformed or foreign action is never in
        assert kr.PassTurn(p % state.player_count + 1) not in legal
        assert "passTurn" not in legal
        if legal:
            a = legal[rng.randrange(len(legal))]
            assert a in legal


@pytest.mark.parametrize("bad", [0, 7, -1, "1", 1.0, None, True])
def test_a_seat_that_does_not_exist_is_answered_alike(bad: Any) -> None:
    state = kr.new_game(player_count=3, seed=1)
    errors = []
    for ask in (kr.view, kr.legal_actions):
        with pytest.raises(kr.NoSuchPlayer) as info:
            ask(state, bad)
        errors.append(str(info.value))
    assert errors[0] == errors[1] == f"There is no player {bad!r} in this game"
