"""Beasts and structures named by their first card's id (``horseCardId`` beside
``horseIndex`` and so on): an alternative on the wire that names the same combination, and
the id every combination carries in views (``firstCardId``)."""

from __future__ import annotations

from typing import Any

import pytest

import kingdom_rules as kr
from tests.rules.helpers import c, combo, kingdom, position
from tests.rules.states import pool

INDEX_TO_CARD = {
    "horseIndex": "horseCardId",
    "beastIndex": "beastCardId",
    "castleIndex": "castleCardId",
    "cathedralIndex": "cathedralCardId",
    "dragonIndex": "dragonCardId",
}


def _by_card(state: kr.GameState, wire: dict[str, Any], keep_index: bool) -> dict[str, Any]:
    owner = wire.get("targetPlayerNumber") or state.current_player
    combos = state.players[owner - 1].kingdom.combinations
    out = dict(wire)
    for index, card in INDEX_TO_CARD.items():
        if index in out:
            out[card] = combos[out[index]].cards[0].id
            if not keep_index:
                del out[index]
    return out


def test_every_positional_answer_works_by_first_card_alike() -> None:
    seen: set[str] = set()
    for s in pool():
        if s.phase != "playing" or not s.pending:
            continue
        for a in kr.legal_actions(s, s.current_player):
            wire = a.to_json()
            if not INDEX_TO_CARD.keys() & wire.keys():
                continue
            want, _ = kr.apply(s, a)
            for keep in (False, True):
                alt = kr.action_from_json(_by_card(s, wire, keep))
                got, _ = kr.apply(s, alt)
                assert got == want, (wire, keep)
                # the card ids travel back out as they came in
                assert kr.action_from_json(alt.to_json()).to_json() == alt.to_json()
            seen.add(wire["type"])
    assert {"mountHorse", "placeRoyalInCastle", "eatCharacter", "slayDragon",
            "destroyWithHail", "demolishCastle"} <= seen, seen


def _mounting() -> kr.GameState:
    return position(
        hands={1: "5C"},
        kingdoms={1: kingdom(royals="QH", combos=[combo("castle", "8C 8S 8D"),
                                                  combo("horse", "6H 6S")])},
        pending=[kr.Pending("mounting", "after-royal", royal=c("QH"))],
    )


def test_a_card_that_starts_no_combination_or_disagrees_with_the_position_is_refused() -> None:
    s = _mounting()
    before = s.to_json()
    ok, _ = kr.apply(s, kr.action_from_json(
        {"type": "mountHorse", "player": 1, "horseCardId": "hearts-6", "royalId": "hearts-Q"}))
    assert ok.players[0].kingdom.combinations[1].rider == c("QH")
    for wire, message in (
        ({"horseCardId": "spades-6"}, "No beast or structure of that kingdom starts with 6S"),
        ({"horseCardId": "clubs-8", "horseIndex": 1}, "Position 1 and 8C name two different"),
    ):
        with pytest.raises(kr.IllegalAction) as info:
            kr.apply(s, kr.action_from_json(
                {"type": "mountHorse", "player": 1, "royalId": "hearts-Q", **wire}))
        assert message in str(info.value) and info.value.rule == "R16"
        assert s.to_json() == before
    missing = r"Missing field 'horseIndex' \(or 'horseCardId'\)"
    with pytest.raises(kr.MalformedAction, match=missing):
        kr.action_from_json({"type": "mountHorse", "player": 1, "royalId": "hearts-Q"})


def test_views_name_each_combination_by_its_first_card() -> None:
    for s in pool()[::7]:
        for p in range(1, s.player_count + 1):
            for q in kr.view(s, p).to_json()["players"]:
                for cb in q["kingdom"]["combinations"]:
                    assert cb["firstCardId"] == cb["cards"][0]["id"]
