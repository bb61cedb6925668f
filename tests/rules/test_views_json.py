"""views_json: every seat's view JSON with the public part built once (what a server pushes)."""

from __future__ import annotations

import random

import pytest

import kingdom_rules as kr


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_json_equals_each_seats_own_view(players: int) -> None:
    rng = random.Random(players)
    state = kr.new_game(player_count=players, seed=40 + players, mode="match")
    numbers = list(range(1, players + 1))
    checked = 0
    while state.phase != "finished" and checked < 400:
        together = kr.views_json(state, numbers)
        assert together == [kr.view(state, n).to_json() for n in numbers]
        for n, v in zip(numbers, together, strict=True):
            assert v["myPlayerNumber"] == n
            assert v["myHand"] == [c.to_json() for c in state.player(n).hand]
        p = kr.players_to_act(state)[0]
        acts = kr.legal_actions(state, p)
        state, _ = kr.apply(state, acts[rng.randrange(len(acts))])
        checked += 1
    assert checked > 50


def test_public_and_seat_parts_split_the_view() -> None:
    state = kr.new_game(player_count=3, seed=5)
    v = kr.view(state, 2)
    public, seat = v.public_json(), v.seat_json()
    assert not public.keys() & seat.keys()
    assert {**public, **seat} == v.to_json()
    assert set(seat) == {
        "myPlayerNumber", "myHand", "lastDrawAction", "legalActions", "hailsWithoutTarget"
    }
    # The public part is the same whoever looks.
    assert kr.view(state, 1).public_json() == public == kr.view(state, 3).public_json()


def test_views_json_of_some_seats_only() -> None:
    state = kr.new_game(player_count=4, seed=9)
    assert kr.views_json(state, []) == []
    two = kr.views_json(state, [3, 1])
    assert [v["myPlayerNumber"] for v in two] == [3, 1]
    assert two[0]["myHand"] != two[1]["myHand"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_legal_actions_wire_form_is_each_actions_own(players: int) -> None:
    """LegalActions.to_json builds the wire form without the action objects: the same JSON,
    in the same order, for every seat of every state of random games."""
    rng = random.Random(100 + players)
    counted = 0
    for game in range(6):
        state = kr.new_game(player_count=players, seed=game, mode="game")
        while state.phase != "finished":
            for n in range(1, players + 1):
                legal = kr.legal_actions(state, n)
                assert legal.to_json() == [a.to_json() for a in legal]
                counted += len(legal)
            p = kr.players_to_act(state)[0]
            acts = kr.legal_actions(state, p)
            state, _ = kr.apply(state, acts[rng.randrange(len(acts))])
    assert counted > 1000



def test_a_kingdom_s_shared_json_is_built_once_and_never_handed_to_bots() -> None:
    """views_json keeps each kingdom's JSON on the (immutable) kingdom, so that the kingdoms a
    move leaves alone are not written again; a bot's own view and Kingdom.to_json still give
    fresh dictionaries, which it may change without touching later views."""
    rng = random.Random(3)
    state = kr.new_game(player_count=3, seed=12)
    before = kr.views_json(state, [1, 2, 3])
    p = kr.players_to_act(state)[0]
    acts = kr.legal_actions(state, p)
    after_state, _ = kr.apply(state, acts[rng.randrange(len(acts))])
    after = kr.views_json(after_state, [1, 2, 3])
    kept = [n for n in (1, 2, 3)
            if after_state.player(n).kingdom is state.player(n).kingdom]
    assert kept, "a move leaves some kingdom as it was"
    for n in kept:
        assert after[0]["players"][n - 1]["kingdom"] is before[0]["players"][n - 1]["kingdom"]
    # A bot that scribbles on its own view changes nothing the next views show.
    mine = kr.view(after_state, 1).to_json()
    mine["players"][0]["kingdom"]["royals"].append("scribble")
    after_state.player(1).kingdom.to_json()["resources"].append("scribble")
    assert kr.views_json(after_state, [1, 2, 3]) == [kr.view(after_state, n).to_json()
                                                    for n in (1, 2, 3)]
    assert "scribble" not in str(kr.views_json(after_state, [1]))


def test_a_kingdom_pickles_without_the_views_cache() -> None:
    import pickle

    state = kr.new_game(player_count=2, seed=4)
    kr.views_json(state, [1, 2])
    kingdom = state.player(1).kingdom
    back = pickle.loads(pickle.dumps(kingdom))
    assert back == kingdom and back.to_json() == kingdom.to_json()
    assert len(pickle.dumps(kingdom)) == len(pickle.dumps(kr.Kingdom(
        kingdom.resources, kingdom.royals, kingdom.combinations)))
