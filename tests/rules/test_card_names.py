"""Card names from people: short names (QH) as well as ids, and plain strings in an action
refused as a MalformedAction when the action is built, never an AttributeError in apply."""

from __future__ import annotations

from typing import Any

import pytest

import kingdom_rules as kr
from kingdom_rules.cards import DECK
from tests.rules.helpers import c, kingdom, position


def test_a_preset_deck_takes_short_names_and_ids_alike() -> None:
    by_id = kr.new_game(player_count=2, seed=4, deck=[x.id for x in DECK])
    by_name = kr.new_game(player_count=2, seed=4, deck=[x.short for x in DECK])
    assert by_id == by_name
    with pytest.raises(ValueError, match="no such card: 'ZZ'"):
        kr.new_game(player_count=2, seed=4, deck=["ZZ"] + [x.short for x in DECK[1:]])


@pytest.mark.parametrize(
    "build",
    [
        lambda: kr.PlayResource(1, "5H", c("2H")),
        lambda: kr.PlayResource(1, c("5H"), "hearts-2"),
        lambda: kr.RotateResource(1, c("5H"), 2),
        lambda: kr.ChooseStartingResource(1, "5H"),
        lambda: kr.PlayRoyal(1, "QH", (c("2H"), c("3H"))),
        lambda: kr.PlayRoyal(1, c("QH"), ("2H", "3H")),
        lambda: kr.PlayRoyal(1, c("QH"), "2H 3H"),
        lambda: kr.PlayCombination(1, ["6H", "6S"], ()),
        lambda: kr.PlayHailOfArrows(1, (c("AS"), None)),
        lambda: kr.MountBeast(1, 0, "QH"),
        lambda: kr.EatCharacter(1, 2, "royal", character="QH"),
        lambda: kr.DestroyWithHail(1, 2, "royal", character="JS"),
        lambda: kr.ResurrectRoyal(1, "KH"),
        lambda: kr.EatFreedRoyal(1, "KH"),
        lambda: kr.PlaceRoyalInCastle(1, "KH", 0),
    ],
)
def test_plain_strings_for_cards_are_a_malformed_action(build: Any) -> None:
    """Refused as the action is built, or (PlayResource and RotateResource, built on every
    turn without a check) by apply, which changes nothing."""
    s = position(hands={1: "5H QH"}, kingdoms={1: kingdom(ready="2H 3H")})
    before = s.to_json()
    with pytest.raises(kr.MalformedAction, match="Expected"):
        kr.apply(s, build())
    assert s.to_json() == before


def test_apply_answers_malformed_for_a_wrongly_typed_field_or_a_non_action() -> None:
    s = position(
        hands={1: "QH 5C"},
        kingdoms={1: kr.Kingdom(combinations=(kr.Combination("horse", (c("6H"), c("6S"))),))},
        pending=[kr.Pending("mounting", "after-royal", royal=c("QH"))],
    )
    before = s.to_json()
    bad_index: Any = "0"
    for bad in (kr.MountBeast(1, bad_index, c("QH")), "passTurn", {"type": "passTurn"}):
        with pytest.raises(kr.MalformedAction):
            kr.apply(s, bad)  # type: ignore[arg-type]
    assert s.to_json() == before


def test_the_message_says_how_to_name_a_card() -> None:
    with pytest.raises(kr.MalformedAction) as info:
        kr.PlayRoyal(1, "QH", (c("2H"), c("3H")))
    assert str(info.value) == "Expected a Card, not the text 'QH': use Card.parse('QH')"
    s = position(hands={1: "5H"}, kingdoms={1: kingdom(ready="2H")})
    with pytest.raises(kr.MalformedAction) as info:
        kr.apply(s, kr.PlayResource(1, "5H", c("2H")))  # type: ignore[arg-type]
    assert str(info.value) == (
        "Cannot play that resource: Expected a Card in 'card', not the text '5H': "
        "use Card.parse('5H')")
