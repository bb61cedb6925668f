"""The engine's public surface as docs/rules.md and docs/bots.md describe it:
names, the player view JSON shape, events, errors and the lazy legal actions."""

from __future__ import annotations

import pytest

import kingdom_rules as kr
from tests.rules.helpers import combo, do, kingdom, position, w
from tests.rules.states import pool

API = [
    "new_game",
    "players_to_act",
    "legal_actions",
    "apply",
    "view",
    "action_from_json",
    "replay",
    "GameState",
    "IllegalAction",
    "MalformedAction",
    "PlayerView",
    "Event",
    "ChooseStartingResource",
    "DrawCard",
    "PlayResource",
    "RotateResource",
    "PlayRoyal",
    "PlayCombination",
    "PlayHailOfArrows",
    "DestroyWithHail",
    "PassTurn",
    "MountBeast",
    "TransferToPartner",
    "EatCharacter",
    "DemolishCastle",
    "DemolishCathedral",
    "EatFreedRoyal",
    "SkipDemolitionEat",
    "SlayDragon",
    "ResurrectRoyal",
    "PlaceRoyalInCastle",
    "DrawRoyalReward",
    "SkipPendingAction",
    "ReadyForNextHand",
]
WIRE = {
    "ChooseStartingResource": "chooseStartingResource",
    "DrawCard": "drawCard",
    "PlayResource": "playResource",
    "RotateResource": "rotateResource",
    "PlayRoyal": "playRoyal",
    "PlayCombination": "playCombination",
    "PlayHailOfArrows": "playHailOfArrows",
    "DestroyWithHail": "destroyWithHail",
    "PassTurn": "passTurn",
    "MountBeast": "mountHorse",
    "TransferToPartner": "transferToPartner",
    "EatCharacter": "eatCharacter",
    "DemolishCastle": "demolishCastle",
    "DemolishCathedral": "demolishCathedral",
    "EatFreedRoyal": "eatFreedRoyal",
    "SkipDemolitionEat": "skipDemolitionEat",
    "SlayDragon": "slayDragon",
    "ResurrectRoyal": "resurrectRoyal",
    "PlaceRoyalInCastle": "placeRoyalInCastle",
    "DrawRoyalReward": "drawRoyalReward",
    "SkipPendingAction": "skipPendingAction",
    "ReadyForNextHand": "readyForNextHand",
}
VIEW_KEYS = {
    "phase",
    "gameMode",
    "currentHand",
    "totalHands",
    "playerCount",
    "currentPlayerIndex",
    "currentPlayerNumber",
    "firstPlayerNumber",
    "round",
    "myPlayerNumber",
    "myHand",
    "players",
    "deckCount",
    "discardPile",
    "discardCount",
    "revealedCards",
    "winner",
    "matchScores",
    "teamScores",
    "handHistory",
    "lastDrawAction",
    "lastHailWasFlamingSalvo",
    "pendingAction",
    "pendingDemolitionEat",
    "outcome",
    "legalActions",
}
PLAYER_KEYS = {
    "number",
    "cardCount",
    "team",
    "kingdom",
    "startingResourceChosen",
    "hasDrawnThisTurn",
    "royalReward",
    "hasDrawnRoyalReward",
    "score",
    "readyForNextHand",
    "familyComplete",
}
COMBO_KEYS = {
    "type",
    "kind",
    "cards",
    "ridingRoyalId",
    "protectedRoyalIds",
    "isGolden",
    "isSilver",
    "isDivine",
    "isUnicorn",
    "isCastle",
    "isCathedral",
    "points",
}
PENDING_KEYS = {
    "type",
    "context",
    "dragonType",
    "canEatCount",
    "beastType",
    "isSuited",
    "canDemolishCastles",
    "canDemolishCathedrals",
    "beastIndex",
    "royalId",
    "castleIndex",
}
PENDING_TYPES = {
    "eating",
    "slaying",
    "mounting",
    "resurrection",
    "castle-placement",
    "hail-of-arrows",
    "flaming-salvo",
    "partner-transfer",
    "demolishing",
}


def test_contract_public_names_and_wire_types() -> None:
    for name in API:
        assert hasattr(kr, name), name
    for cls_name, wire in WIRE.items():
        cls = getattr(kr, cls_name)
        assert wire == cls.WIRE
    assert {c.WIRE for c in kr.ACTION_TYPES} == set(WIRE.values())


def test_contract_new_game_validates_its_arguments() -> None:
    for bad in (
        {"player_count": 1},
        {"player_count": 5},
        {"mode": "tournament"},
        {"deck": ["hearts-A"] * 54},
        {"deck": ["hearts-A"]},
    ):
        kwargs = {"player_count": 2, "seed": 1, "mode": "game", **bad}
        with pytest.raises((ValueError, kr.IllegalAction, KeyError)):
            kr.new_game(**kwargs)


def test_contract_view_json_shape() -> None:
    for state in pool()[::11]:
        for p in range(1, state.player_count + 1):
            v = kr.view(state, p)
            d = v.to_json()
            assert set(d) >= VIEW_KEYS, VIEW_KEYS - set(d)
            assert d["currentPlayerIndex"] == d["currentPlayerNumber"] - 1
            assert d["myPlayerNumber"] == p and d["playerCount"] == state.player_count
            assert len(d["revealedCards"]) == 2
            assert set(d["matchScores"]) == {str(i) for i in range(1, state.player_count + 1)}
            for q in d["players"]:
                assert set(q) >= PLAYER_KEYS, PLAYER_KEYS - set(q)
                assert set(q["kingdom"]) >= {"resources", "royals", "combinations"}
                for r in q["kingdom"]["resources"]:
                    assert r["orientation"] in ("ready", "used") and set(r["card"]) == {
                        "id",
                        "suit",
                        "rank",
                    }
                for cb in q["kingdom"]["combinations"]:
                    assert set(cb) >= COMBO_KEYS, COMBO_KEYS - set(cb)
                    assert cb["type"] in ("horse", "dragon", "castle", "cathedral")
            assert [a.to_json() for a in v.legal_actions] == d["legalActions"]


def test_contract_view_pending_action_shape() -> None:
    seen = set()
    for state in pool():
        if not state.pending:
            continue
        d = kr.view(state, state.current_player).to_json()["pendingAction"]
        assert d is not None
        assert d["type"] in PENDING_TYPES
        seen.add(d["type"])
        assert set(d) >= PENDING_KEYS, f"pendingAction lacks {sorted(PENDING_KEYS - set(d))}"
    assert seen == PENDING_TYPES


def test_contract_pending_action_indexes_point_at_the_beast_or_structure() -> None:
    """pendingAction.beastIndex / castleIndex index the current player's combinations, so a
    client can answer mountHorse / transferToPartner / placeRoyalInCastle."""
    s = position(
        hands={1: "6H 6C"},
        kingdoms={1: kingdom(ready="2H 3H", royals="JS", combos=[combo("castle", "9C 9S 9D")])},
    )
    s = do(s, w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"))
    d = kr.view(s, 1).to_json()["pendingAction"]
    assert d["type"] == "mounting"
    assert d.get("beastIndex") == 1
    s = position(
        hands={1: "9H 9C 9D"},
        kingdoms={1: kingdom(ready="2C 3C 4C", royals="JD", combos=[combo("horse", "6H 6C")])},
    )
    s = do(s, w("playCombination", 1, cardIds="9H 9C 9D", resourceToUseIds="2C 3C 4C"))
    d = kr.view(s, 1).to_json()["pendingAction"]
    assert d["type"] == "castle-placement"
    assert d.get("castleIndex") == 1


def test_contract_events_have_the_documented_data() -> None:
    s = position(hands={1: "KD"}, kingdoms={1: kingdom(ready="2H 3H 4D", royals="JS QC")})
    _, events = kr.apply(
        s, kr.action_from_json(w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    )
    j = [e.to_json() for e in events]
    assert j[0] == {"type": "royalPlayed", "player": 1, "royalId": "diamonds-K"}
    assert j[1] == {"type": "royalFamilyCompleted", "player": 1}
    assert j[2]["type"] == "handComplete" and j[2]["handNumber"] == 1 and j[2]["winner"] == 1
    assert j[3] == {"type": "gameFinished", "winners": [1]}


def test_contract_combination_built_event_names_the_kind() -> None:
    """What a server counts for statistics (docs/protocol.md, "HTTP API: accounts,
    statistics and match history"): one event per beast or structure built, with its kind."""
    s = position(hands={1: "6H 6C"}, kingdoms={1: kingdom(ready="2H 3H")})
    _, events = kr.apply(
        s, kr.action_from_json(w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"))
    )
    built = [e.to_json() for e in events if e.type == "combinationBuilt"]
    assert built == [{"type": "combinationBuilt", "player": 1, "kind": "horse"}]


def test_contract_illegal_action_carries_message_and_rule() -> None:
    s = position(hands={1: "QH"}, kingdoms={1: kingdom(ready="2H 3C")})
    with pytest.raises(kr.IllegalAction) as info:
        kr.apply(s, kr.action_from_json(w("playRoyal", 1, cardId="QH", resourceToUseIds="2H 3C")))
    err = info.value
    assert err.rule == "R10"
    assert str(err).startswith("Cannot play that royal: ") and str(err).endswith("(R10)")
    assert "red" in err.message


HEADLINES = {
    "chooseStartingResource": "Failed to choose starting resource",
    "drawCard": "Failed to draw card",
    "playResource": "Cannot play that resource",
    "rotateResource": "Cannot rotate that resource",
    "playRoyal": "Cannot play that royal",
    "playCombination": "Cannot play that combination",
    "playHailOfArrows": "Cannot play Hail of Arrows",
    "passTurn": "Failed to pass turn",
    "eatCharacter": "Failed to eat character",
    "demolishCastle": "Failed to demolish castle",
    "demolishCathedral": "Failed to demolish cathedral",
    "slayDragon": "Failed to slay dragon",
    "mountHorse": "Failed to mount royal",
    "placeRoyalInCastle": "Failed to place royal in castle/cathedral",
    "eatFreedRoyal": "Failed to eat royal",
    "destroyWithHail": "Failed to destroy character",
    "resurrectRoyal": "Failed to resurrect royal",
    "transferToPartner": "Failed to transfer to partner",
    "readyForNextHand": "Failed to mark ready",
}


@pytest.mark.parametrize("wire", sorted(HEADLINES))
def test_contract_every_refusal_starts_with_the_catalogue_headline(wire: str) -> None:
    """The in-game toast texts (docs/protocol.md, "Game calls") head every refusal of that
    action."""
    import random

    from tests.rules.test_properties import candidates

    rng = random.Random(wire)
    found = 0
    for state in pool()[::3]:
        for p in range(1, state.player_count + 1):
            for a in candidates(state, p, rng, budget=400):
                if wire != type(a).WIRE:
                    continue
                try:
                    kr.apply(state, a)
                except kr.IllegalAction as exc:
                    assert str(exc).startswith(HEADLINES[wire]), str(exc)
                    found += 1
        if found > 40:
            break
    assert found > 0


def test_contract_legal_actions_is_a_lazy_sequence() -> None:
    s = position(
        hands={1: "2H 2C 3H 3C 4H 4C QH KH"}, kingdoms={1: kingdom(ready="5H 5D 6H 6D 7H 7D 8H 8D")}
    )
    acts = kr.legal_actions(s, 1)
    items = list(acts)
    assert len(acts) == len(items) > 100
    assert acts[5] == items[5] and acts[-1] == items[-1] and acts[10:13] == items[10:13]
    assert kr.PassTurn(1) in items and kr.PassTurn(1) in acts
    assert kr.PassTurn(2) not in acts
    with pytest.raises(IndexError):
        acts[len(items)]
    assert bool(acts)
    assert kr.legal_actions(s, 2).count() == 0 and not kr.legal_actions(s, 2)
    assert "LegalActions" in repr(acts)


def test_contract_wire_payloads_may_carry_an_options_object() -> None:
    """passTurn and readyForNextHand send an options object (docs/protocol.md, "Game calls")."""
    a = kr.action_from_json({"type": "passTurn", "player": 2, "options": {}})
    assert a == kr.PassTurn(2)
    b = kr.action_from_json({"type": "readyForNextHand", "player": 1, "options": {"x": 1}})
    assert b == kr.ReadyForNextHand(1)
    assert kr.PassTurn(2).to_json() == {"type": "passTurn", "player": 2}


def test_contract_pending_indexes_match_the_listed_answers() -> None:
    """pendingAction.beastIndex / castleIndex are the indexes the listed answers use."""
    checked = 0
    for state in pool():
        if not state.pending:
            continue
        p = state.current_player
        d = kr.view(state, p).to_json()["pendingAction"]
        acts = list(kr.legal_actions(state, p))
        if d["type"] == "mounting" and d["context"] == "after-beast":
            assert {a.beast_index for a in acts if isinstance(a, kr.MountBeast)} == {
                d["beastIndex"]
            }
            checked += 1
        if d["type"] == "partner-transfer":
            assert [a.beast_index for a in acts if isinstance(a, kr.TransferToPartner)] == [
                d["beastIndex"]
            ]
            checked += 1
        if d["type"] == "castle-placement" and d["context"] == "after-structure":
            assert {a.castle_index for a in acts if isinstance(a, kr.PlaceRoyalInCastle)} == {
                d["castleIndex"]
            }
            checked += 1
        if d["context"] == "after-royal":
            assert d["royalId"] is not None
    assert checked > 20
