"""The gameState pushes built for all seats at once are exactly the engine's seat-by-seat views."""

from __future__ import annotations

import copy
import random

import pytest

import kingdom_rules as kr
from kingdom_server.rooms import Room, Seat
from kingdom_server.views import engine_views, game_view, game_views


def _room(n: int) -> Room:
    room = Room(code="ABCDEF", host_id="p_1")
    room.seats = [Seat(player_id=f"p_{i}", name=f"P{i}", sid=f"s{i}" if i != 2 else None,
                       is_bot=i == 3) for i in range(1, n + 1)]
    return room


def _states(n: int, mode: str, seed: int) -> list[kr.GameState]:
    rng = random.Random(seed)
    state = kr.new_game(player_count=n, seed=seed, mode=mode)
    out = [state]
    while state.phase != "finished" and len(out) < 600:
        p = rng.choice(kr.players_to_act(state))
        legal = kr.legal_actions(state, p)
        state, _ = kr.apply(state, legal[rng.randrange(len(legal))])
        out.append(state)
    return out


@pytest.mark.parametrize(("n", "mode", "seed"), [(2, "game", 1), (3, "match", 2), (4, "game", 3),
                                                 (4, "match", 4)])
def test_views_of_all_seats_equal_the_engine_views(n: int, mode: str, seed: int) -> None:
    room = _room(n)
    for state in _states(n, mode, seed):
        for numbers in (list(range(1, n + 1)), list(range(n, 0, -1)), [n]):
            expected = [kr.view(state, p).to_json() for p in numbers]
            assert engine_views(state, numbers) == expected
            seats = [room.seats[p - 1] for p in numbers]
            pairs = zip(seats, expected, strict=True)
            want = [game_view(room, s, copy.deepcopy(e), 5.0) for s, e in pairs]
            got = game_views(room, seats, engine_views(state, numbers), 5.0)
            assert got == want


def test_the_engine_dicts_are_left_as_they_are() -> None:
    state = _states(4, "game", 9)[40]
    room = _room(4)
    engine = engine_views(state, [1, 2, 3, 4])
    before = copy.deepcopy(engine)
    pushed = game_views(room, room.seats, engine, 5.0)
    assert engine == before  # read-only: the engine may share or keep them
    assert all(p["name"] == f"P{p['number']}" for v in pushed for p in v["players"])
