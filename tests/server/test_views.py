"""The gameState pushes built for all seats at once are exactly the engine's seat-by-seat views."""

from __future__ import annotations

import copy
import random

import pytest

import kingdom_rules as kr
from kingdom_server.core.rooms import Room, Seat
from kingdom_server.core.views import game_views, push_parts, room_fields, seat_fields
from kingdom_server.core.wire import decode_event, encode_event, encode_event_parts


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


def _expected(room: Room, seat: Seat, state: kr.GameState) -> dict[str, object]:
    """A seat's gameState put together the plain way: the engine's own view of the seat, the
    room's fields, each player's entry completed with its seat's fields."""
    view = kr.view(state, room.number_of(seat)).to_json()
    view.update(room_fields(room, seat, 5.0))
    view["players"] = [{**p, **seat_fields(room.seats[p["number"] - 1])}
                       for p in view["players"]]
    return view


@pytest.mark.parametrize(("n", "mode", "seed"), [(2, "game", 1), (3, "match", 2), (4, "game", 3),
                                                 (4, "match", 4)])
def test_views_of_all_seats_equal_the_engine_views(n: int, mode: str, seed: int) -> None:
    room = _room(n)
    for state in _states(n, mode, seed):
        for numbers in (list(range(1, n + 1)), list(range(n, 0, -1)), [n]):
            seats = [room.seats[p - 1] for p in numbers]
            want = [_expected(room, seat, state) for seat in seats]
            assert game_views(room, seats, state, 5.0) == want
            shared, own = push_parts(room, seats, state, 5.0)
            texts = encode_event_parts("gameState", shared, own)
            assert [decode_event(t) for t in texts] == [("gameState", w) for w in want]
            assert texts == [encode_event("gameState", {**shared, **o}) for o in own]


def test_the_parts_never_share_a_key() -> None:
    state = _states(4, "game", 9)[40]
    room = _room(4)
    shared, own = push_parts(room, room.seats, state, 5.0)
    assert all(not shared.keys() & part.keys() for part in own)
    assert {"myHand", "legalActions", "isHost", "myPlayerId"} <= set(own[0])
    with pytest.raises(ValueError, match="myHand"):
        encode_event_parts("gameState", {**shared, "myHand": []}, own)
    assert encode_event_parts("x", {}, [{}, {"a": 1}]) == ['2["x",{}]', '2["x",{"a":1}]']
    assert encode_event_parts("x", {"a": 1}, [{}, {"b": [2]}]) == [
        '2["x",{"a":1}]', '2["x",{"a":1,"b":[2]}]']


def test_the_engine_dicts_are_left_as_they_are() -> None:
    states = _states(4, "game", 9)
    room = _room(4)
    before = [kr.views_json(s, [1, 2, 3, 4]) for s in states[30:50]]
    copies = copy.deepcopy(before)
    pushed = [game_views(room, room.seats, s, 5.0) for s in states[30:50]]
    assert before == copies  # read-only: the engine shares and keeps them
    assert all(p["name"] == f"P{p['number']}" for vs in pushed for v in vs for p in v["players"])
