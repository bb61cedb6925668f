"""Rulings R1-R13: cards, setup, the turn, resources and royals. Each test is named after the
ruling it covers and checks real behaviour through apply, legal_actions and view; refusals
check the catalogue headline (docs/protocol.md, "Game calls") and the rule number."""

from __future__ import annotations

import re

import pytest

import kingdom_rules as kr
from kingdom_rules.cards import DECK
from kingdom_rules.state import evolve
from tests.rules.helpers import (
    ALL_IDS,
    act,
    assert_cards_once,
    c,
    combo,
    cs,
    do,
    head,
    ids,
    kingdom,
    legal_json,
    pending_types,
    position,
    rejected,
    same,
    w,
)

# --- R1: the 54 cards -------------------------------------------------------------------------


def test_r1_deck_has_54_cards_with_two_heroes() -> None:
    assert len(DECK) == 54
    assert len(set(ALL_IDS)) == 54
    assert "red-joker" in ALL_IDS and "black-joker" in ALL_IDS
    heroes = [x for x in DECK if x.rank == "JOKER"]
    assert sorted(x.id for x in heroes) == ["black-joker", "red-joker"]
    for suit in ("hearts", "diamonds", "clubs", "spades"):
        for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
            assert f"{suit}-{rank}" in ALL_IDS


def test_r1_card_ids_and_no_peasant_or_vendor() -> None:
    pattern = re.compile(r"^(hearts|diamonds|clubs|spades)-(A|[2-9]|10|J|Q|K)$|^(red|black)-joker$")
    assert all(pattern.match(i) for i in ALL_IDS)
    assert not any("peasant" in i.lower() or "vendor" in i.lower() for i in ALL_IDS)
    with pytest.raises(kr.MalformedAction):
        kr.action_from_json({"type": "chooseStartingResource", "player": 1, "cardId": "peasant"})


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r1_every_new_game_holds_the_54_cards_once(n: int) -> None:
    for seed in range(5):
        assert_cards_once(kr.new_game(player_count=n, seed=seed, mode="match"))


# --- R2: numbers, royals, colours ----------------------------------------------------------------


def test_r2_number_values_royals_and_colours() -> None:
    for x in DECK:
        if x.rank in ("J", "Q", "K", "JOKER"):
            assert x.is_royal and not x.is_number
        else:
            assert (
                x.is_number
                and x.value == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"].index(x.rank) + 1
            )
        red = x.suit in ("hearts", "diamonds", "red-joker")
        assert x.color == ("red" if red else "black")


def test_r2_red_hero_is_paid_with_red_resources() -> None:
    s = position(hands={1: "RJ BJ"}, kingdoms={1: kingdom(ready="2H 3D 4H 5D 6C 7S 8C")})
    s2 = do(s, w("playRoyal", 1, cardId="RJ", resourceToUseIds="2H 3D 4H 5D"))
    assert c("RJ") in s2.player(1).kingdom.royals
    err = rejected(
        s,
        w("playRoyal", 1, cardId="RJ", resourceToUseIds="2H 3D 4H 6C"),
        "Cannot play that royal",
        "R10",
    )
    assert "red" in str(err)
    # the black Hero needs 4 black resources; only 3 are there: not listed
    assert not any(a["cardId"] == "black-joker" for a in legal_json(s) if a["type"] == "playRoyal")


# --- R3: deal and starting resource --------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r3_deal_four_cards_each_and_two_revealed(n: int) -> None:
    s = kr.new_game(player_count=n, seed=11, mode="game")
    assert s.phase == "choosing_resources"
    assert [len(p.hand) for p in s.players] == [4] * n
    assert all(x is not None for x in s.revealed) and len(s.revealed) == 2
    assert len(s.deck) == 54 - 4 * n - 2
    assert kr.players_to_act(s) == list(range(1, n + 1))
    assert all(any(x.is_number for x in p.hand) for p in s.players)


def scripted_deck(top: str) -> list[str]:
    first = [c(t).id for t in top.split()]
    return first + [i for i in ALL_IDS if i not in first]


def test_r3_starting_resource_must_be_a_number_card() -> None:
    s = kr.new_game(player_count=2, seed=1, deck=scripted_deck("QH 5D 6C 7S 2H 3H 4H KS"))
    assert ids(s.player(1).hand) == ["hearts-Q", "diamonds-5", "clubs-6", "spades-7"]
    assert {a["cardId"] for a in legal_json(s, 1)} == {"diamonds-5", "clubs-6", "spades-7"}
    rejected(
        s, w("chooseStartingResource", 1, cardId="QH"), "Failed to choose starting resource", "R3"
    )
    rejected(
        s, w("chooseStartingResource", 1, cardId="2H"), "Failed to choose starting resource", "R3"
    )
    s2 = do(s, w("chooseStartingResource", 1, cardId="5D"))
    k = s2.player(1).kingdom
    assert [(r.card.id, r.ready) for r in k.resources] == [("diamonds-5", True)]
    assert c("5D") not in s2.player(1).hand
    rejected(
        s2, w("chooseStartingResource", 1, cardId="6C"), "Failed to choose starting resource", "R3"
    )


def test_r3_players_choose_in_any_order_and_nothing_else_is_allowed() -> None:
    s = kr.new_game(
        player_count=3, seed=1, deck=scripted_deck("5H 6H 7H 8H 5C 6C 7C 8C 5S 6S 7S 8S")
    )
    rejected(s, w("drawCard", 1, source="deck"), "Failed to draw card", "R3")
    rejected(s, w("passTurn", 2), "Failed to pass turn", "R3")
    s = do(s, w("chooseStartingResource", 3, cardId="5S"))
    assert kr.players_to_act(s) == [1, 2]
    s = do(s, w("chooseStartingResource", 2, cardId="6C"))
    assert s.phase == "choosing_resources"
    assert kr.players_to_act(s) == [1]
    assert kr.legal_actions(s, 2).count() == 0
    s = do(s, w("chooseStartingResource", 1, cardId="8H"))
    assert s.phase == "playing"


def test_r3_hand_without_number_card_is_redealt_after_a_reshuffle() -> None:
    deck = scripted_deck("JH QH KH RJ 5C 6C 7C 8C")
    s = kr.new_game(player_count=2, seed=5, deck=deck)
    assert_cards_once(s)
    hand1 = s.player(1).hand
    assert len(hand1) == 4 and any(x.is_number for x in hand1)
    # player 2 keeps the cards dealt to them
    assert ids(s.player(2).hand) == ["clubs-5", "clubs-6", "clubs-7", "clubs-8"]
    # the same seed and deck deal the same way (the reshuffle is seeded)
    assert kr.new_game(player_count=2, seed=5, deck=deck).to_json() == s.to_json()


def test_r3_redeal_repeats_until_a_number_card_is_held() -> None:
    # every seed: a 4-player deal where player 2 gets the four Kings
    for seed in range(20):
        deck = scripted_deck("5C 6C 7C 8C KH KD KC KS")
        s = kr.new_game(player_count=4, seed=seed, deck=deck)
        assert all(any(x.is_number for x in p.hand) for p in s.players)
        assert_cards_once(s)


# --- R4: play starts; hand k begun by player ((k-1) mod n) + 1 ------------------------------------


def test_r4_play_starts_when_all_have_chosen_and_player_1_begins_hand_1() -> None:
    s = kr.new_game(player_count=2, seed=1, deck=scripted_deck("5H 6H 7H 8H 5C 6C 7C 8C"))
    s = do(s, w("chooseStartingResource", 2, cardId="5C"))
    s, events = act(s, w("chooseStartingResource", 1, cardId="5H"))
    assert s.phase == "playing"
    assert s.current_player == 1 and s.first_player == 1
    assert kr.players_to_act(s) == [1]
    assert any(e.type == "turnStarted" and e.data["player"] == 1 for e in events)
    assert {a["type"] for a in legal_json(s, 1)} == {"drawCard"}
    assert kr.legal_actions(s, 2).count() == 0


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r4_hand_k_of_a_match_is_begun_by_player_k(n: int) -> None:
    import random

    rng = random.Random(n)
    s = kr.new_game(player_count=n, seed=3, mode="match")
    seen = []
    while s.phase != "finished":
        if s.phase == "choosing_resources" and s.current_hand not in [h for h, _ in seen]:
            seen.append((s.current_hand, s.first_player))
            assert s.current_player == s.first_player
        prev_phase = s.phase
        p = rng.choice(kr.players_to_act(s))
        acts = kr.legal_actions(s, p)
        s, _ = kr.apply(s, acts[rng.randrange(len(acts))])
        if prev_phase == "choosing_resources" and s.phase == "playing":
            assert s.current_player == (s.current_hand - 1) % n + 1
    assert seen == [(k, (k - 1) % n + 1) for k in range(1, n + 1)]


# --- R5: resources ready at the start of the owner's turn ------------------------------------


def test_r5_used_resources_become_ready_at_the_start_of_the_turn() -> None:
    s = position(
        hands={1: "2C", 2: "3C"},
        kingdoms={1: kingdom(used="5H 6H"), 2: kingdom(ready="7H", used="8H 9H")},
    )
    s = do(s, w("passTurn", 1))
    assert s.current_player == 2
    assert all(r.ready for r in s.player(2).kingdom.resources)
    # player 1's own used resources wait for player 1's next turn
    assert not any(r.ready for r in s.player(1).kingdom.resources)
    s = do(s, w("drawCard", 2, source="deck"), w("passTurn", 2))
    assert all(r.ready for r in s.player(1).kingdom.resources)


# --- R6: draw first --------------------------------------------------------------------------


def test_r6_no_play_is_legal_before_the_draw() -> None:
    s = position(hands={1: "5C QH"}, kingdoms={1: kingdom(ready="2H 3H")}, drawn=False)
    assert {a["type"] for a in legal_json(s)} == {"drawCard"}
    assert same([a["source"] for a in legal_json(s)], ["deck", "revealed1", "revealed2"])
    rejected(
        s,
        w("playResource", 1, cardId="5C", resourceToUseId="2H"),
        "Cannot play that resource",
        "R6",
    )
    rejected(
        s, w("playRoyal", 1, cardId="QH", resourceToUseIds="2H 3H"), "Cannot play that royal", "R6"
    )
    rejected(s, w("passTurn", 1), "Failed to pass turn", "R6")


def test_r6_exactly_one_draw_per_turn() -> None:
    s = position(hands={1: "5C"}, drawn=False)
    top = s.deck[0]
    s2, events = act(s, w("drawCard", 1, source="deck"))
    assert s2.player(1).hand == (c("5C"), top)
    assert any(e.type == "cardDrawn" for e in events)
    rejected(s2, w("drawCard", 1, source="deck"), "Failed to draw card", "R6")
    rejected(s2, w("drawCard", 1, source="revealed1"), "Failed to draw card", "R6")


@pytest.mark.parametrize("slot", [1, 2])
def test_r6_a_revealed_card_is_replaced_from_the_deck(slot: int) -> None:
    s = position(hands={1: "5C"}, drawn=False, revealed="9D 9S")
    top = s.deck[0]
    s2 = do(s, w("drawCard", 1, source=f"revealed{slot}"))
    taken = c("9D") if slot == 1 else c("9S")
    assert s2.player(1).hand[-1] is taken
    assert s2.revealed[slot - 1] is top
    assert s2.revealed[2 - slot] is s.revealed[2 - slot]
    assert s2.deck == s.deck[1:]


def test_r6_an_empty_deck_is_rebuilt_from_the_discard_pile() -> None:
    s = position(hands={1: "5C"}, drawn=False, rest_to="discard")
    assert not s.deck and len(s.discard_pile) == 54 - 1 - 2
    s2 = do(s, w("drawCard", 1, source="deck"))
    assert not s2.discard_pile
    assert len(s2.deck) == len(s.discard_pile) - 1
    assert sorted(ids(s2.deck + (s2.player(1).hand[-1],))) == sorted(ids(s.discard_pile))
    assert_cards_once(s2)


def test_r6_draw_is_skipped_when_nothing_can_be_drawn() -> None:
    s = position(hands={1: "5C", 2: "6C"}, revealed="- -", rest_to="hand:1")
    assert not s.deck and not s.discard_pile
    s2, events = act(s, w("passTurn", 1))
    skipped = [e for e in events if e.type == "drawPhaseSkipped"]
    assert skipped and skipped[0].data["player"] == 2 and skipped[0].data["message"]
    assert s2.current_player == 2 and s2.player(2).has_drawn_this_turn
    assert "drawCard" not in {a["type"] for a in legal_json(s2)}
    rejected(s2, w("drawCard", 2, source="deck"), "Failed to draw card", "R6")


def test_r6_an_empty_revealed_place_cannot_be_drawn() -> None:
    s = position(hands={1: "5C"}, drawn=False, revealed="- 9S")
    assert same([a["source"] for a in legal_json(s)], ["deck", "revealed2"])
    rejected(s, w("drawCard", 1, source="revealed1"), "Failed to draw card", "R6")
    rejected(s, w("drawCard", 1, source="middle"), "Failed to draw card", "R6")


# --- R7: plays in any order, then pass ---------------------------------------------------------


def test_r7_only_the_current_player_acts() -> None:
    s = position(hands={1: "5C", 2: "6C"})
    assert kr.players_to_act(s) == [1]
    rejected(s, w("passTurn", 2), "Failed to pass turn", "R7")
    rejected(s, w("drawCard", 2, source="deck"), "Failed to draw card", "R7")
    assert kr.legal_actions(s, 2).count() == 0


def test_r7_any_number_of_plays_then_pass() -> None:
    s = position(hands={1: "5C 9D JH"}, kingdoms={1: kingdom(ready="2H 3H 4S")})
    s = do(
        s,
        w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"),
        w("playResource", 1, cardId="5C", resourceToUseId="3H"),
        w("rotateResource", 1, cardId="9D", resourceToRotateId="4S"),
    )
    assert s.current_player == 1
    s2, events = act(s, w("passTurn", 1))
    assert s2.current_player == 2 and not s2.player(2).has_drawn_this_turn
    assert any(e.type == "turnStarted" and e.data["player"] == 2 for e in events)


def test_r7_passing_skips_pending_followups() -> None:
    s = position(hands={1: "6H 6C"}, kingdoms={1: kingdom(ready="2H 3H", royals="JS")})
    s = do(s, w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"))
    assert pending_types(s) == ["mounting"]
    s2 = do(s, w("passTurn", 1))
    assert s2.pending == () and s2.current_player == 2
    assert s2.player(1).kingdom.combinations[0].rider is None


# --- R8: play resource -----------------------------------------------------------------------


def test_r8_a_played_resource_enters_used_and_turns_one_ready() -> None:
    s = position(hands={1: "7C"}, kingdoms={1: kingdom(ready="5H 6D")})
    s = do(s, w("playResource", 1, cardId="7C", resourceToUseId="5H"))
    res = [(r.card.id, r.ready) for r in s.player(1).kingdom.resources]
    assert res == [("hearts-5", False), ("diamonds-6", True), ("clubs-7", False)]
    assert c("7C") not in s.player(1).hand


def test_r8_resources_cannot_be_chained_in_one_turn() -> None:
    s = position(hands={1: "7C 8C"}, kingdoms={1: kingdom(ready="5H")})
    s = do(s, w("playResource", 1, cardId="7C", resourceToUseId="5H"))
    assert not any(a["type"] == "playResource" for a in legal_json(s))
    rejected(
        s,
        w("playResource", 1, cardId="8C", resourceToUseId="7C"),
        "Cannot play that resource",
        "R8",
    )
    rejected(
        s,
        w("playResource", 1, cardId="8C", resourceToUseId="5H"),
        "Cannot play that resource",
        "R8",
    )


def test_r8_only_number_cards_from_hand_are_resources() -> None:
    s = position(hands={1: "QH 7C"}, kingdoms={1: kingdom(ready="5H")})
    rejected(
        s,
        w("playResource", 1, cardId="QH", resourceToUseId="5H"),
        "Cannot play that resource",
        "R8",
    )
    rejected(
        s,
        w("playResource", 1, cardId="8C", resourceToUseId="5H"),
        "Cannot play that resource",
        "R8",
    )
    rejected(
        s,
        w("playResource", 1, cardId="7C", resourceToUseId="9H"),
        "Cannot play that resource",
        "R8",
    )


# --- R9: crop rotation -----------------------------------------------------------------------


def test_r9_rotation_swaps_a_ready_resource_with_a_hand_card() -> None:
    s = position(hands={1: "5D 9S"}, kingdoms={1: kingdom(ready="7H 3C")})
    s = do(s, w("rotateResource", 1, cardId="9S", resourceToRotateId="3C"))
    res = [(r.card.id, r.ready) for r in s.player(1).kingdom.resources]
    assert res == [("hearts-7", True), ("spades-9", False)]
    assert set(ids(s.player(1).hand)) == {"diamonds-5", "clubs-3"}


def test_r9_only_a_ready_resource_rotates_and_only_number_cards_come_in() -> None:
    s = position(hands={1: "5D JS"}, kingdoms={1: kingdom(ready="7H", used="3C")})
    err = rejected(
        s,
        w("rotateResource", 1, cardId="5D", resourceToRotateId="3C"),
        "Cannot rotate that resource",
        "R9",
    )
    assert "used" in str(err)
    rejected(
        s,
        w("rotateResource", 1, cardId="JS", resourceToRotateId="7H"),
        "Cannot rotate that resource",
        "R9",
    )
    rejected(
        s,
        w("rotateResource", 1, cardId="5D", resourceToRotateId="8H"),
        "Cannot rotate that resource",
        "R9",
    )
    listed = [a for a in legal_json(s) if a["type"] == "rotateResource"]
    assert listed == [w("rotateResource", 1, cardId="5D", resourceToRotateId="7H")]


# --- R10: royal costs --------------------------------------------------------------------------

COSTS = [("JH", 1), ("QD", 2), ("KH", 3), ("RJ", 4), ("JC", 1), ("QS", 2), ("KC", 3), ("BJ", 4)]


@pytest.mark.parametrize(("royal", "cost"), COSTS)
def test_r10_royal_costs_ready_resources_of_its_colour(royal: str, cost: int) -> None:
    red = c(royal).color == "red"
    same = "2H 3D 4H 5D" if red else "2C 3S 4C 5S"
    other = "6C 7S 8C 9S" if red else "6H 7D 8H 9D"
    s = position(hands={1: royal}, kingdoms={1: kingdom(ready=f"{same} {other}")})
    pay = " ".join(same.split()[:cost])
    s2 = do(s, w("playRoyal", 1, cardId=royal, resourceToUseIds=pay))
    k = s2.player(1).kingdom
    assert c(royal) in k.royals
    used = {r.card.short for r in k.resources if not r.ready}
    assert used == set(pay.split())
    # listed payments: every choice of `cost` resources of the right colour
    from math import comb

    listed = [a for a in legal_json(s) if a["type"] == "playRoyal"]
    assert len(listed) == comb(4, cost)
    colour = "red" if red else "black"
    if cost > 1:
        err = rejected(
            s,
            w("playRoyal", 1, cardId=royal, resourceToUseIds=" ".join(same.split()[: cost - 1])),
            "Cannot play that royal",
            "R10",
        )
        assert f"costs {cost} ready {colour} resources" in str(err)
    wrong = " ".join(same.split()[: cost - 1] + other.split()[:1])
    err = rejected(
        s, w("playRoyal", 1, cardId=royal, resourceToUseIds=wrong), "Cannot play that royal", "R10"
    )
    assert colour in str(err)


def test_r10_used_resources_cannot_pay_and_royals_not_listed_without_enough() -> None:
    s = position(hands={1: "QH"}, kingdoms={1: kingdom(ready="2H", used="3H 4H")})
    assert not any(a["type"] == "playRoyal" for a in legal_json(s))
    rejected(
        s, w("playRoyal", 1, cardId="QH", resourceToUseIds="2H 3H"), "Cannot play that royal", "R10"
    )
    rejected(
        s, w("playRoyal", 1, cardId="5H", resourceToUseIds="2H"), "Cannot play that royal", "R10"
    )


# --- R11: Heroes stand in ---------------------------------------------------------------------


def test_r11_hero_completes_the_royal_family() -> None:
    s = position(hands={1: "RJ"}, kingdoms={1: kingdom(ready="2H 3H 4D 5D", royals="JS KC")})
    s2, events = act(s, w("playRoyal", 1, cardId="RJ", resourceToUseIds="2H 3H 4D 5D"))
    assert s2.phase == "finished"
    assert s2.hand_history[-1].winner == 1 and s2.hand_history[-1].reason == "family"
    assert [e.type for e in events].count("royalFamilyCompleted") == 1


def test_r11_two_heroes_and_any_royal_complete_the_family() -> None:
    s = position(hands={1: "QD"}, kingdoms={1: kingdom(ready="2H 3H", royals="RJ BJ")})
    s2 = do(s, w("playRoyal", 1, cardId="QD", resourceToUseIds="2H 3H"))
    assert s2.phase == "finished" and s2.winner == 1


def test_r11_hero_fills_a_free_structure_slot() -> None:
    castle = combo("castle", "9H 9C 9D", inside="JS")
    s = position(hands={1: "RJ"}, kingdoms={1: kingdom(ready="2H 3H 4D 5D", combos=[castle])})
    s = do(s, w("playRoyal", 1, cardId="RJ", resourceToUseIds="2H 3H 4D 5D"))
    assert head(s) == "castle-placement"
    assert w("placeRoyalInCastle", 1, royalId="RJ", castleIndex=0) in legal_json(s)
    s = do(s, w("placeRoyalInCastle", 1, royalId="RJ", castleIndex=0))
    assert s.player(1).kingdom.combinations[0].protected == cs("JS RJ")
    assert s.phase == "playing"


def test_r11_hero_takes_a_slot_but_does_not_block_another_rank() -> None:
    castle = combo("castle", "9H 9C 9D", inside="BJ")
    s = position(hands={1: "QD"}, kingdoms={1: kingdom(ready="2H 3H", combos=[castle])})
    s = do(s, w("playRoyal", 1, cardId="QD", resourceToUseIds="2H 3H"))
    assert head(s) == "castle-placement"
    s = do(s, w("placeRoyalInCastle", 1, royalId="QD", castleIndex=0))
    assert s.player(1).kingdom.combinations[0].protected == cs("BJ QD")
    assert s.phase == "playing"


def test_r11_a_second_jack_never_fits_next_to_a_jack() -> None:
    castle = combo("castle", "9H 9C 9D", inside="JS")
    s = position(hands={1: "JD"}, kingdoms={1: kingdom(ready="6H", combos=[castle])})
    s2 = do(s, w("playRoyal", 1, cardId="JD", resourceToUseIds="6H"))
    assert s2.pending == ()  # nothing to choose: the follow-up is skipped automatically
    rejected(
        s2,
        w("placeRoyalInCastle", 1, royalId="JD", castleIndex=0),
        "Failed to place royal in castle/cathedral",
        "R13",
    )


# --- R12: on play ------------------------------------------------------------------------------


@pytest.mark.parametrize("royal", ["JH", "QH"])
def test_r12_jack_and_queen_draw_one_card(royal: str) -> None:
    s = position(hands={1: royal}, kingdoms={1: kingdom(ready="2H 3H")})
    top = s.deck[0]
    pay = "2H" if royal == "JH" else "2H 3H"
    s2 = do(s, w("playRoyal", 1, cardId=royal, resourceToUseIds=pay))
    assert s2.player(1).hand == (top,)
    assert s2.deck == s.deck[1:]


@pytest.mark.parametrize("royal", ["KH", "RJ"])
def test_r12_king_and_hero_draw_nothing_and_may_slay(royal: str) -> None:
    s = position(
        hands={1: royal},
        kingdoms={
            1: kingdom(ready="2H 3H 4D 5D"),
            2: kingdom(combos=[combo("dragon", "4C 5S 6C")]),
        },
    )
    pay = "2H 3H 4D" if royal == "KH" else "2H 3H 4D 5D"
    s2 = do(s, w("playRoyal", 1, cardId=royal, resourceToUseIds=pay))
    assert s2.player(1).hand == ()
    assert head(s2) == "slaying"
    assert same(
        legal_json(s2),
        [
            w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0),
            w("skipPendingAction", 1),
            w("passTurn", 1),
        ],
    )


def test_r12_jack_and_queen_cannot_slay() -> None:
    s = position(
        hands={1: "QH"},
        kingdoms={1: kingdom(ready="2H 3H"), 2: kingdom(combos=[combo("dragon", "4C 5S 6C")])},
    )
    s2 = do(s, w("playRoyal", 1, cardId="QH", resourceToUseIds="2H 3H"))
    assert s2.pending == ()
    rejected(
        s2, w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0), "Failed to slay dragon", "R13"
    )


# --- R13: a royal just played may mount or enter a structure ---------------------------------


def test_r13_a_royal_just_played_may_mount_a_riderless_beast() -> None:
    horse = combo("horse", "6H 6C")
    s = position(hands={1: "JH"}, kingdoms={1: kingdom(ready="2H", combos=[horse])})
    s = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    assert head(s) == "mounting"
    assert same(
        legal_json(s),
        [
            w("mountHorse", 1, horseIndex=0, royalId="JH"),
            w("skipPendingAction", 1),
            w("passTurn", 1),
        ],
    )
    s2 = do(s, w("mountHorse", 1, horseIndex=0, royalId="JH"))
    assert s2.player(1).kingdom.combinations[0].rider is c("JH")
    assert s2.pending == ()


def test_r13_a_royal_just_played_may_enter_a_structure_with_a_free_slot() -> None:
    castle = combo("castle", "9H 9C 9D", inside="QS")
    s = position(hands={1: "JH"}, kingdoms={1: kingdom(ready="2H", combos=[castle])})
    s = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    assert head(s) == "castle-placement"
    s2 = do(s, w("placeRoyalInCastle", 1, royalId="JH", castleIndex=0))
    assert s2.player(1).kingdom.combinations[0].protected == cs("QS JH")


def test_r13_both_followups_are_skippable() -> None:
    horse = combo("horse", "6H 6C")
    castle = combo("castle", "9H 9C 9D")
    s = position(hands={1: "JH"}, kingdoms={1: kingdom(ready="2H", combos=[horse, castle])})
    s = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    assert pending_types(s) == ["mounting", "castle-placement"]
    s = do(s, w("skipPendingAction", 1))
    assert pending_types(s) == ["castle-placement"]
    s = do(s, w("skipPendingAction", 1))
    assert s.pending == ()
    k = s.player(1).kingdom
    assert k.combinations[0].rider is None and k.combinations[1].protected == ()
    assert c("JH") in k.royals


def test_r13_only_the_royal_just_played_mounts_now() -> None:
    horse = combo("horse", "6H 6C")
    s = position(hands={1: "JH"}, kingdoms={1: kingdom(ready="2H", royals="QS", combos=[horse])})
    s = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    rejected(s, w("mountHorse", 1, horseIndex=0, royalId="QS"), "Failed to mount royal", "R17")
    # and a royal already on foot cannot mount outside a follow-up
    s2 = do(s, w("skipPendingAction", 1))
    rejected(s2, w("mountHorse", 1, horseIndex=0, royalId="QS"), "Failed to mount royal", "R13")


def test_r13_after_mounting_the_castle_placement_is_dropped() -> None:
    horse = combo("horse", "6H 6C")
    castle = combo("castle", "9H 9C 9D")
    s = position(hands={1: "JH"}, kingdoms={1: kingdom(ready="2H", combos=[horse, castle])})
    s = do(
        s,
        w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"),
        w("mountHorse", 1, horseIndex=0, royalId="JH"),
    )
    assert s.pending == ()


def test_r13_followup_must_be_answered_before_another_play() -> None:
    horse = combo("horse", "6H 6C")
    s = position(hands={1: "JH 5C"}, kingdoms={1: kingdom(ready="2H 3H", combos=[horse])})
    s = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    rejected(
        s,
        w("playResource", 1, cardId="5C", resourceToUseId="3H"),
        "Cannot play that resource",
        "R7",
    )


def test_r13_state_unchanged_and_input_never_mutated() -> None:
    s = position(hands={1: "JH"}, kingdoms={1: kingdom(ready="2H")})
    before = s.to_json()
    s2 = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    assert s.to_json() == before
    assert s2.to_json() != before
    assert evolve(s).to_json() == before


def test_r3_every_seeded_deal_gives_each_player_a_number_card() -> None:
    reshuffled = 0
    for seed in range(300):
        s = kr.new_game(player_count=4, seed=seed, mode="match")
        assert all(any(x.is_number for x in p.hand) for p in s.players)
        assert len(s.deck) == 54 - 16 - 2
        reshuffled += s.shuffles > 1
    assert reshuffled > 0  # some deals needed the redeal of R3
