"""Positions for bot authors: the text form round trips every state, and impossible states
are refused by GameState.from_json and parse_position alike, with InvalidState naming the
fault."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

import kingdom_rules as kr
from tests.rules.states import pool


def test_every_state_round_trips_through_its_text() -> None:
    for s in pool():
        text = kr.format_position(s)
        back = kr.parse_position(text)
        assert back == s
        assert kr.format_position(back) == text
        assert back.to_json() == s.to_json()


def test_ids_and_short_names_read_alike() -> None:
    short = kr.parse_position("2p game playing turn=1 1.hand=QH,10S 1.chosen 2.chosen "
                              "revealed=RJ,- rest=deck")
    ids = kr.parse_position("2p game playing turn=1 1.hand=hearts-Q,spades-10 1.chosen "
                            "2.chosen revealed=red-joker,- rest=deck")
    assert short == ids


Doc = dict[str, Any]


def _base() -> Doc:
    s = kr.parse_position(
        "2p game playing turn=1 1.hand=5C,9D 1.res=2H,3H* 1.royals=QS,KH "
        "1.combos=horse:6H+6S@KH,castle:8C+8S+8D[QS] 1.chosen 1.drawn "
        "2.hand=KC 2.res=9S 2.chosen revealed=8H,- rest=deck")
    return s.to_json()


def _combo(d: Doc, i: int = 0) -> Doc:
    return d["players"][0]["kingdom"]["combinations"][i]  # type: ignore[no-any-return]


def _dup(d: Doc) -> None:
    d["players"][1]["hand"].append({"id": "clubs-5"})


def _missing(d: Doc) -> None:
    d["deck"].pop()


def _horse_6_7(d: Doc) -> None:
    _combo(d)["cards"] = [{"id": "hearts-6"}, {"id": "hearts-7"}]
    d["deck"] = [c for c in d["deck"] if c["id"] != "hearts-7"] + [{"id": "spades-6"}]


def _stranger_rider(d: Doc) -> None:
    _combo(d)["ridingRoyalId"] = "clubs-K"


def _two_queens_inside(d: Doc) -> None:
    k = d["players"][0]["kingdom"]
    k["royals"].append({"id": "diamonds-Q"})
    _combo(d, 1)["protectedRoyalIds"].append("diamonds-Q")
    d["deck"] = [c for c in d["deck"] if c["id"] != "diamonds-Q"]


def _royal_resource(d: Doc) -> None:
    res = d["players"][0]["kingdom"]["resources"][0]
    d["deck"].append(res["card"])
    res["card"] = {"id": "diamonds-J"}
    d["deck"] = [c for c in d["deck"] if c["id"] != "diamonds-J"]


def _three_seats(d: Doc) -> None:
    d["playerCount"] = 3


def _seat_7(d: Doc) -> None:
    d["currentPlayerNumber"] = 7


@pytest.mark.parametrize(
    ("spoil", "message"),
    [
        (_dup, "5C is both in player 1's hand and in player 2's hand"),
        (_missing, "is nowhere"),
        (_horse_6_7, "player 1's horse 6H+7H is not a horse (R14)"),
        (_stranger_rider, "holds KC, not a royal of that kingdom"),
        (_two_queens_inside, "That structure already holds a royal of that rank (R19)"),
        (_royal_resource, "resource JD is not a number card (R8)"),
        (_three_seats, "2 players listed for a 3-player game"),
        (_seat_7, "current player 7 is no seat of the game"),
    ],
)
def test_from_json_refuses_impossible_states(spoil: Callable[[Doc], None], message: str) -> None:
    d = _base()
    kr.GameState.from_json(copy.deepcopy(d))  # the unspoilt state is fine
    spoil(d)
    with pytest.raises(kr.InvalidState) as info:
        kr.GameState.from_json(d)
    assert message in str(info.value)
    assert isinstance(info.value, ValueError)


def test_a_dragon_carries_only_a_queen_or_a_hero() -> None:
    with pytest.raises(kr.InvalidState, match=r"A dragon carries only a Queen or a Hero \(R18\)"):
        kr.parse_position("2p game playing turn=1 1.royals=KC 1.combos=dragon:2C+3D+4C@KC "
                          "1.chosen 2.chosen rest=deck")
    ok = kr.parse_position("2p game playing turn=1 1.royals=QC 1.combos=dragon:2C+3D+4C@QC "
                           "1.chosen 2.chosen rest=deck")
    assert ok.players[0].kingdom.combinations[0].rider == kr.Card.parse("QC")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a position starts with the player count"),
        ("5p game playing turn=1", "a game has 2 to 4 players, not 5"),
        ("2p game playing turn=1 1.hand=ZZ rest=deck", "no such card 'ZZ'"),
        ("2p game playing turn=1 3.hand=QH rest=deck", "there is no player 3"),
        ("2p game playing turn=1 1.chosen 2.chosen", "are nowhere"),
        ("2p game playing turn=1 1.hand=QH 2.hand=QH rest=deck", "QH is both in"),
        ("2p game playing turn=1 jump rest=deck", "unknown flag"),
        ("2p game playing turn=1 1.combos=griffin:2C+2D rest=deck", "a combination is kind:cards"),
        ("2p chess playing turn=1 1.chosen 2.chosen rest=deck", "the mode is 'game' or 'match'"),
        ("2p game playing turn=1 rest=deck", "a starting resource is not chosen (R3)"),
    ],
)
def test_parse_position_names_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(kr.InvalidState) as info:
        kr.parse_position(text)
    assert message in str(info.value)


def test_a_parsed_position_plays_on() -> None:
    s = kr.parse_position("2p game playing turn=1 1.hand=5C,6C,7C 1.res=2D,3D,4D 1.chosen "
                          "1.drawn 2.royals=QH 2.chosen rest=deck")
    play = kr.PlayCombination(1, [kr.Card.parse(x) for x in ("5C", "6C", "7C")],
                              [kr.Card.parse(x) for x in ("2D", "3D", "4D")])
    assert play in kr.legal_actions(s, 1)
    after, _ = kr.apply(s, play)
    assert after.pending[0].type == "eating"
    assert "pending=eating/after-beast/beast:5C/kind:golden-dragon/eat:2/castles" in (
        kr.format_position(after))
