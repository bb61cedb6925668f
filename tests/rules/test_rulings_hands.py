"""Rulings R27-R32 (end of a hand, scoring, game and match, the ready step, what a player
sees) and the table rulings of docs/rules.md."""

from __future__ import annotations

import json
import random

import pytest

import kingdom_rules as kr
from kingdom_rules.state import evolve
from tests.rules.helpers import (
    act,
    assert_cards_once,
    assert_views_hide,
    c,
    check_outcome,
    combo,
    cs,
    do,
    head,
    ids,
    kingdom,
    legal_json,
    my_score,
    pending_types,
    position,
    rejected,
    same,
    w,
)

# --- R27: the Royal Family ends the hand ----------------------------------------------------------


def test_r27_the_hand_ends_the_moment_the_family_is_complete() -> None:
    horse = combo("horse", "6H 6C")
    s = position(
        hands={1: "KD 5C"}, kingdoms={1: kingdom(ready="2H 3H 4D", royals="JS QC", combos=[horse])}
    )
    s2, events = act(s, w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    types = [e.type for e in events]
    assert types == ["royalPlayed", "royalFamilyCompleted", "handComplete", "gameFinished"]
    assert events[1].data == {"player": 1}
    assert events[2].data["winner"] == 1 and events[2].data["handNumber"] == 1
    assert s2.phase == "finished" and s2.winner == 1
    assert s2.pending == ()  # the King's follow-ups (mount the Horse) are dropped
    assert s2.hand_history[0].reason == "family"
    assert s2.outcome is not None and s2.outcome.winners == (1,)
    v = kr.view(s2, 2).to_json()
    assert v["outcome"] == {"winners": [1], "reason": "family"}
    assert v["players"][0]["familyComplete"] is True
    assert kr.players_to_act(s2) == []
    assert kr.legal_actions(s2, 1).count() == 0 and v["legalActions"] == []
    rejected(s2, w("passTurn", 1), "Failed to pass turn", "R30")


def test_r27_mounted_and_sheltered_royals_count() -> None:
    k = kingdom(
        ready="2H 3H 4D",
        combos=[combo("horse", "6H 6C", rider="JH"), combo("castle", "9S 9C 9D", inside="QS")],
    )
    s = position(hands={1: "KD"}, kingdoms={1: k})
    s2 = do(s, w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    assert s2.phase == "finished" and s2.winner == 1


def test_r27_a_resurrected_royal_completes_the_family() -> None:
    s = position(
        hands={1: "2H 2C 8S 8D"},
        kingdoms={1: kingdom(ready="3C 4C 5C 6C", royals="JH QS")},
        discard="KD",
    )
    s = do(s, w("playCombination", 1, cardIds="2H 2C 8S 8D", resourceToUseIds="3C 4C 5C 6C"))
    assert head(s) == "resurrection"
    s2, events = act(s, w("resurrectRoyal", 1, royalId="KD"))
    assert s2.phase == "finished" and s2.winner == 1
    assert "royalFamilyCompleted" in [e.type for e in events]


def test_r27_a_beast_sent_by_a_partner_completes_the_partners_family() -> None:
    s = position(
        4,
        mode="match",
        hands={1: "6H 6C"},
        kingdoms={1: kingdom(ready="2H 3H", royals="QS"), 3: kingdom(royals="JD KC")},
    )
    s = do(
        s,
        w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"),
        w("mountHorse", 1, horseIndex=0, royalId="QS"),
    )
    s2, events = act(s, w("transferToPartner", 1, beastIndex=0))
    assert s2.phase == "handComplete"
    assert s2.hand_history[-1].winner == 3
    assert [e.data for e in events if e.type == "royalFamilyCompleted"] == [{"player": 3}]
    scores = s2.hand_history[-1].scores
    # player 3: J, K and the Queen (9) + Horse (1) + bonus 3; player 1: 2 resources
    assert scores == (2, 0, 13, 0)
    assert kr.view(s2, 2).to_json()["teamScores"] == {"1": 15, "2": 0}


def test_r27_in_a_match_the_hand_goes_to_the_score_screen() -> None:
    s = position(
        3, mode="match", hands={1: "KD"}, kingdoms={1: kingdom(ready="2H 3H 4D", royals="JS QC")}
    )
    s2, events = act(s, w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    assert s2.phase == "handComplete" and s2.winner == 1
    assert "gameFinished" not in [e.type for e in events]
    assert s2.outcome is None


# --- R28: the hand ends without a family ----------------------------------------------------------


def stalled_position(n: int = 2, **kw) -> kr.GameState:
    """Nothing left to draw anywhere: every loose card is in player 1's hand."""
    return position(n, revealed="- -", rest_to="hand:1", **kw)


def test_r28_nobody_can_draw_and_a_full_round_passes_without_play() -> None:
    s = stalled_position(3, kingdoms={2: kingdom(ready="2H 3H"), 3: kingdom(ready="4H")})
    s, _ = act(s, w("passTurn", 1))
    assert s.phase == "playing" and s.current_player == 2
    s, _ = act(s, w("passTurn", 2))
    assert s.phase == "playing"
    s2, events = act(s, w("passTurn", 3))
    assert s2.phase == "finished"
    h = s2.hand_history[-1]
    assert h.reason == "stalled" and h.winner == 2
    assert "royalFamilyCompleted" not in [e.type for e in events]
    assert h.scores == (0, 2, 1)


def test_r28_a_play_restarts_the_quiet_round() -> None:
    s = stalled_position(
        2, kingdoms={1: kingdom(ready="2S"), 2: kingdom(ready="2H")}, hands={2: "3H"}
    )
    s = do(
        s,
        w("passTurn", 1),
        w("playResource", 2, cardId="3H", resourceToUseId="2H"),
        w("passTurn", 2),
    )
    assert s.phase == "playing" and s.quiet_turns == 0
    s = do(s, w("passTurn", 1))
    assert s.phase == "playing"
    s = do(s, w("passTurn", 2))
    assert s.phase == "finished" and s.hand_history[-1].reason == "stalled"


def test_r28_the_hand_ends_after_60_rounds() -> None:
    s = position(2, round=60, current=2, kingdoms={1: kingdom(ready="2H"), 2: kingdom()})
    s2, events = act(s, w("passTurn", 2))
    assert s2.phase == "finished"
    h = s2.hand_history[-1]
    assert h.reason == "round-limit" and h.winner == 1
    s = position(2, round=59, current=2)
    s2 = do(s, w("passTurn", 2))
    assert s2.phase == "playing" and s2.round == 60 and s2.current_player == 1
    s3 = do(s2, w("drawCard", 1, source="deck"), w("passTurn", 1))
    assert s3.phase == "playing" and s3.round == 60
    s4 = do(s3, w("drawCard", 2, source="deck"), w("passTurn", 2))
    assert s4.phase == "finished" and s4.hand_history[-1].reason == "round-limit"


def test_r28_table_ruling_shared_top_score_has_no_winner() -> None:
    s = stalled_position(2, kingdoms={1: kingdom(ready="2H"), 2: kingdom(ready="3H")})
    s = do(s, w("passTurn", 1), w("passTurn", 2))
    assert s.phase == "finished"
    assert s.hand_history[-1].winner is None
    assert s.outcome is not None and s.outcome.winners == ()
    assert kr.view(s, 1).to_json()["winner"] is None


def test_r28_with_teams_a_top_score_shared_by_partners_wins_for_the_team() -> None:
    s = stalled_position(
        4, kingdoms={1: kingdom(ready="2H 3H"), 3: kingdom(ready="4H 5H"), 2: kingdom(ready="6H")}
    )
    s = do(s, *(w("passTurn", p) for p in (1, 2, 3, 4)))
    h = s.hand_history[-1]
    assert h.reason == "stalled" and h.winner in (1, 3)
    assert s.outcome is not None and s.outcome.winners == (1, 3)


def test_r28_with_teams_a_top_score_shared_across_teams_has_no_winner() -> None:
    s = stalled_position(4, kingdoms={1: kingdom(ready="2H 3H"), 2: kingdom(ready="4H 5H")})
    s = do(s, *(w("passTurn", p) for p in (1, 2, 3, 4)))
    assert s.hand_history[-1].winner is None


# --- R29: scoring ------------------------------------------------------------------------------


def test_r29_family_bonus_example_scores_18() -> None:
    k = kingdom(
        ready="2H 3H 4D",
        used="5C",
        combos=[combo("horse", "6H 6C", rider="JH"), combo("castle", "9S 9C 9D", inside="QS")],
    )
    s = position(hands={1: "KD"}, kingdoms={1: k, 2: kingdom(ready="7S", royals="JC")})
    s = do(s, w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    assert s.hand_history[-1].scores == (18, 4)
    v = kr.view(s, 2).to_json()
    assert v["handHistory"] == [
        {
            "handNumber": 1,
            "winnerPlayerNumber": 1,
            "playerScores": {"1": 18, "2": 4},
            "reason": "family",
            # The score screen's points by kind; the parts add up to each score.
            "scoresByKind": {
                "1": {"resources": 4, "royals": 9, "combinations": 2, "familyBonus": 3},
                "2": {"resources": 1, "royals": 3, "combinations": 0, "familyBonus": 0},
            },
        }
    ]
    assert v["matchScores"] == {"1": 18, "2": 4}
    # A result read back from its JSON keeps its parts.
    back = kr.HandResult.from_json(v["handHistory"][0])
    assert back == s.hand_history[-1] and back.by_kind == s.hand_history[-1].by_kind


def test_r29_the_same_kingdom_without_the_bonus_scores_15() -> None:
    k = kingdom(
        ready="2H 3H 4D",
        used="5C",
        royals="QD",
        combos=[combo("horse", "6H 6C", rider="JH"), combo("castle", "9S 9C 9D", inside="QS")],
    )
    s = position(kingdoms={1: k})
    assert kr.view(s, 2).to_json()["players"][0]["score"] == 15
    assert my_score(k.to_json(), False) == 15


def test_r29_divine_dragon_and_cathedral_example_scores_17() -> None:
    k = kingdom(
        ready="5C 6C 7C 5H 6H 7H",
        royals="JC QC",
        combos=[combo("divine-dragon", "AD 2D 3D 4D"), combo("cathedral", "9C 9D 9H 9S")],
    )
    s = position(kingdoms={1: k})
    assert kr.view(s, 1).to_json()["players"][0]["score"] == 17
    assert my_score(k.to_json(), False) == 17


def test_r29_team_scores_are_partner_sums() -> None:
    s = position(
        4,
        mode="match",
        hands={1: "KD"},
        kingdoms={
            1: kingdom(ready="2H 3H 4D", royals="JS QC"),
            2: kingdom(ready="5S 6S"),
            3: kingdom(royals="JC"),
            4: kingdom(ready="7S"),
        },
    )
    s = do(s, w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    assert s.hand_history[-1].scores == (15, 2, 3, 1)
    v = kr.view(s, 4).to_json()
    assert v["teamScores"] == {"1": 18, "2": 3}
    assert v["matchScores"] == {"1": 15, "2": 2, "3": 3, "4": 1}
    assert kr.view(position(3), 1).to_json()["teamScores"] is None


def test_r29_team_of_the_family_winner_wins_even_with_fewer_points() -> None:
    s = position(
        4,
        hands={1: "KD"},
        kingdoms={
            1: kingdom(ready="2H 3H 4D", royals="JS QC"),
            2: kingdom(ready="5S 6S 7S 8S 9S 10S AS 2S 3S 4S"),
            4: kingdom(ready="5C 6C 7C 8C 9C 10C AC 2C 3C 4C"),
        },
    )
    s = do(s, w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    assert s.outcome is not None and s.outcome.winners == (1, 3)
    assert kr.view(s, 2).to_json()["teamScores"] == {"1": 15, "2": 20}


# --- R30: game and match --------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_r30_a_match_has_as_many_hands_as_players_and_a_game_one(n: int) -> None:
    assert kr.new_game(player_count=n, seed=1, mode="match").total_hands == n
    assert kr.new_game(player_count=n, seed=1, mode="game").total_hands == 1
    assert (
        kr.view(kr.new_game(player_count=n, seed=1, mode="match"), 1).to_json()["totalHands"] == n
    )


def last_hand(prev: list[int], history: list[kr.HandResult], n: int = 2) -> kr.GameState:
    """The last hand of a match, where player 1 completes the family with KD: hand score
    3 * 3 + 3 resources + 3 = 15 for player 1, 2 for player 2 (2 resources)."""
    ks = {1: kingdom(ready="2H 3H 4D", royals="JS QC"), 2: kingdom(ready="5S 6S")}
    return position(
        n,
        mode="match",
        hands={1: "KD"},
        kingdoms=ks,
        current_hand=n,
        first=n,
        match_scores=prev,
        hand_history=history,
    )


def test_r30_cumulative_scores_decide_the_match() -> None:
    hist = [kr.HandResult(1, 2, (3, 30), "family")]
    s = do(last_hand([3, 30], hist), w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    assert s.phase == "finished"
    assert s.match_scores == (18, 32)
    assert s.outcome == kr.Outcome((2,), "cumulative")
    check_outcome(s)


def test_r30_a_tie_is_broken_by_hands_won() -> None:
    hist = [kr.HandResult(1, None, (3, 16), "stalled")]
    s = do(last_hand([3, 16], hist), w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    assert s.match_scores == (18, 18)
    assert s.outcome == kr.Outcome((1,), "hands-won")
    check_outcome(s)


def test_r30_a_tie_in_points_and_hands_won_is_shared() -> None:
    hist = [kr.HandResult(1, 2, (3, 16), "family")]
    s = do(last_hand([3, 16], hist), w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    assert s.match_scores == (18, 18)
    assert s.outcome == kr.Outcome((1, 2), "shared")
    assert kr.view(s, 1).to_json()["outcome"] == {"winners": [1, 2], "reason": "shared"}


def test_r30_team_sums_decide_a_four_player_match() -> None:
    ks = {1: kingdom(ready="2H 3H 4D", royals="JS QC"), 2: kingdom(ready="5S 6S")}
    hist = [kr.HandResult(h, 2, (0, 5, 0, 5), "family") for h in (1, 2, 3)]
    s = position(
        4,
        mode="match",
        hands={1: "KD"},
        kingdoms=ks,
        current_hand=4,
        first=4,
        match_scores=[0, 15, 0, 2],
        hand_history=hist,
    )
    s = do(s, w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    # team 1: 15 + 0; team 2: 15 + 2 + 2 = 19
    assert s.outcome == kr.Outcome((2, 4), "cumulative")
    check_outcome(s)


# --- R31: the ready step between hands -----------------------------------------------------------


def finish_hand_1(n: int = 2) -> kr.GameState:
    s = position(
        n, mode="match", hands={1: "KD"}, kingdoms={1: kingdom(ready="2H 3H 4D", royals="JS QC")}
    )
    return do(s, w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))


def test_r31_every_player_readies_then_the_next_hand_is_dealt() -> None:
    s = finish_hand_1(3)
    assert s.phase == "handComplete"
    assert kr.players_to_act(s) == [1, 2, 3]
    for p in (1, 2, 3):
        assert same(legal_json(s, p), [w("readyForNextHand", p)])
    s = do(s, w("readyForNextHand", 2))
    assert kr.players_to_act(s) == [1, 3]
    assert kr.view(s, 1).to_json()["players"][1]["readyForNextHand"] is True
    rejected(s, w("readyForNextHand", 2), "Failed to mark ready", "R31")
    rejected(s, w("passTurn", 1), "Failed to pass turn", "R31")
    rejected(s, w("drawCard", 1, source="deck"), "Failed to draw card", "R31")
    s = do(s, w("readyForNextHand", 3))
    s2, events = act(s, w("readyForNextHand", 1))
    assert s2.phase == "choosing_resources" and s2.current_hand == 2
    assert s2.first_player == 2 and s2.current_player == 2
    assert [e.type for e in events] == ["nextHandStarted"]
    assert all(len(p.hand) == 4 and p.kingdom == kr.Kingdom() for p in s2.players)
    assert s2.match_scores == s.match_scores and s2.hand_history == s.hand_history
    assert s2.winner is None and s2.discard_pile == ()
    assert_cards_once(s2)


def test_r31_a_ready_player_stays_ready() -> None:
    s = do(finish_hand_1(2), w("readyForNextHand", 1))
    assert kr.legal_actions(s, 1).count() == 0
    rejected(s, w("readyForNextHand", 1), "Failed to mark ready", "R31")


# --- R32: what a player sees ----------------------------------------------------------------------


def test_r32_a_player_sees_their_hand_and_only_counts_of_others() -> None:
    s = position(
        3,
        hands={1: "5C QH", 2: "7D 8D 9D", 3: "AS"},
        kingdoms={2: kingdom(royals="JC")},
        discard="KS",
    )
    for p in (1, 2, 3):
        v = kr.view(s, p).to_json()
        assert v["myPlayerNumber"] == p
        assert [x["id"] for x in v["myHand"]] == ids(s.player(p).hand)
        assert [x["cardCount"] for x in v["players"]] == [2, 3, 1]
        assert all("hand" not in x for x in v["players"])
        assert "deck" not in v and "seed" not in json.dumps(list(v.keys()))
        assert v["deckCount"] == len(s.deck)
        # public: revealed, kingdoms, discard pile
        assert [x["id"] for x in v["revealedCards"]] == ids(s.revealed)
        assert v["players"][1]["kingdom"]["royals"] == [c("JC").to_json()]
        assert v["discardPile"] == [c("KS").to_json()] and v["discardCount"] == 1
    assert_views_hide(s)


def test_r32_others_do_not_see_a_card_drawn_from_the_deck() -> None:
    s = position(2, hands={1: "5C"}, drawn=False)
    top = s.deck[0]
    s = do(s, w("drawCard", 1, source="deck"))
    mine = kr.view(s, 1).to_json()["lastDrawAction"]
    theirs = kr.view(s, 2).to_json()["lastDrawAction"]
    assert mine["drawnCard"] == top.to_json() and mine["source"] == "deck"
    assert theirs["drawnCard"] is None and theirs["selectedCardId"] is None
    assert theirs["playerNumber"] == 1
    assert top.id not in json.dumps(kr.view(s, 2).to_json())
    assert_views_hide(s)


def test_r32_a_card_taken_from_the_revealed_row_was_public() -> None:
    s = position(2, hands={1: "5C"}, drawn=False, revealed="9D 9S")
    s = do(s, w("drawCard", 1, source="revealed2"))
    theirs = kr.view(s, 2).to_json()["lastDrawAction"]
    assert theirs["drawnCard"]["id"] == "spades-9"
    assert theirs["replacementCard"]["id"] == s.revealed[1].id


def test_r32_views_of_a_new_game_hide_hands_and_deck() -> None:
    for n in (2, 3, 4):
        assert_views_hide(kr.new_game(player_count=n, seed=9, mode="match"))


def test_r32_view_of_an_unknown_player_is_refused() -> None:
    with pytest.raises(ValueError):
        kr.view(position(2), 3)


# --- table rulings (docs/rules.md) --------------------------------------------------------------


def test_table_each_hand_of_a_match_is_dealt_from_the_seed_and_hand_number() -> None:
    """Two different first hands of the same match seed lead to the same second deal."""
    deals = []
    for play_seed in (1, 2):
        rng = random.Random(play_seed)
        s = kr.new_game(player_count=2, seed=77, mode="match")
        while s.phase != "handComplete":
            assert s.phase != "finished"
            p = rng.choice(kr.players_to_act(s))
            acts = kr.legal_actions(s, p)
            s, _ = kr.apply(s, acts[rng.randrange(len(acts))])
        first_hand = s.hand_history
        s = do(s, w("readyForNextHand", 1), w("readyForNextHand", 2))
        deals.append((first_hand, [ids(p.hand) for p in s.players], ids(s.revealed), ids(s.deck)))
    assert deals[0][1:] == deals[1][1:]


def test_table_combination_draws_come_before_its_followups() -> None:
    s = position(hands={1: "6H 6C"}, kingdoms={1: kingdom(ready="2H 3H", royals="JS")}, deck="QD")
    s = do(s, w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"))
    assert head(s) == "mounting" and s.player(1).hand == (c("QD"),)
    # the drawn Queen is in hand, not in the kingdom: it cannot mount
    rejected(s, w("mountHorse", 1, horseIndex=0, royalId="QD"), "Failed to mount royal", "R22")


def test_table_a_jack_draws_before_its_followups() -> None:
    s = position(
        hands={1: "JH"},
        kingdoms={1: kingdom(ready="2H", combos=[combo("horse", "6H 6C")])},
        deck="9C",
    )
    s = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    assert head(s) == "mounting" and s.player(1).hand == (c("9C"),)


def test_table_empty_deck_rebuilt_for_a_revealed_refill_and_a_royal_draw() -> None:
    s = position(
        hands={1: "JH"},
        kingdoms={1: kingdom(ready="2H")},
        drawn=False,
        rest_to="discard",
        revealed="9D 9S",
    )
    s = do(s, w("drawCard", 1, source="revealed1"))
    assert s.revealed[0] is not None and s.revealed[0] is not c("9D")
    assert not s.discard_pile and s.deck
    assert_cards_once(s)
    s = position(hands={1: "JH"}, kingdoms={1: kingdom(ready="2H")}, rest_to="discard")
    s = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    assert len(s.player(1).hand) == 1 and not s.discard_pile
    assert_cards_once(s)


def test_table_a_volley_without_target_is_simply_discarded() -> None:
    s = position(hands={1: "AS 10H"})
    s2 = do(s, w("playHailOfArrows", 1, cardIds="AS 10H"))
    assert s2.pending == () and set(cs("AS 10H")) <= set(s2.discard_pile)


def test_table_followup_order_after_a_king() -> None:
    mine = kingdom(ready="2H 3H 4D", combos=[combo("horse", "6H 6C"), combo("castle", "9S 9C 9D")])
    s = position(
        hands={1: "KD"}, kingdoms={1: mine, 2: kingdom(combos=[combo("dragon", "2S 3D 4S")])}
    )
    s = do(s, w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"))
    assert pending_types(s) == ["slaying", "mounting", "castle-placement"]
    v = kr.view(s, 1).to_json()["pendingAction"]
    assert v["type"] == "slaying" and v["context"] == "after-royal" and v["royalId"] == "diamonds-K"


def test_table_followup_order_after_a_unicorn_with_four_players() -> None:
    s = position(
        4,
        hands={1: "2H 2C 8S 8D"},
        kingdoms={1: kingdom(ready="3C 4C 5C 6C", royals="JD")},
        discard="KS",
    )
    s = do(s, w("playCombination", 1, cardIds="2H 2C 8S 8D", resourceToUseIds="3C 4C 5C 6C"))
    assert pending_types(s) == ["resurrection", "mounting"]
    s = do(s, w("resurrectRoyal", 1, royalId="KS"), w("mountHorse", 1, horseIndex=0, royalId="KS"))
    assert pending_types(s) == ["partner-transfer"]


def test_table_followup_order_after_a_divine_dragon() -> None:
    target = kingdom(combos=[combo("castle", "8C 8S 8D", inside="JS")])
    s = position(
        4,
        hands={1: "4H 5H 6H 7H"},
        kingdoms={1: kingdom(ready="2S 2H 7C 7S", royals="QD"), 2: target},
        discard="KC",
    )
    s = do(s, w("playCombination", 1, cardIds="4H 5H 6H 7H", resourceToUseIds="2S 2H 7C 7S"))
    assert pending_types(s) == ["demolishing", "resurrection", "mounting"]
    s = do(s, w("demolishCastle", 1, targetPlayerNumber=2, castleIndex=0))
    assert pending_types(s) == ["eating", "resurrection", "mounting"]
    s = do(s, w("eatFreedRoyal", 1, royalId="JS"))
    s = do(s, w("resurrectRoyal", 1, royalId="KC"))
    assert head(s) == "mounting"
    assert same([a["royalId"] for a in legal_json(s) if a["type"] == "mountHorse"], ["diamonds-Q"])
    s = do(s, w("mountHorse", 1, horseIndex=0, royalId="QD"))
    assert head(s) == "partner-transfer"
    s = do(s, w("transferToPartner", 1, beastIndex=0))
    assert s.player(3).kingdom.combinations[0].kind == "divine-dragon"


def test_table_send_to_partner_is_offered_after_a_royals_mount_too() -> None:
    s = position(
        4, hands={1: "JH"}, kingdoms={1: kingdom(ready="2H", combos=[combo("horse", "6H 6C")])}
    )
    s = do(
        s,
        w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"),
        w("mountHorse", 1, horseIndex=0, royalId="JH"),
    )
    assert head(s) == "partner-transfer"
    s = do(s, w("transferToPartner", 1, beastIndex=0))
    assert s.player(3).kingdom.combinations[0].rider is c("JH")
    assert c("JH") in s.player(3).kingdom.royals and c("JH") not in s.player(1).kingdom.royals


def test_table_indices_count_beasts_and_structures_in_order() -> None:
    target = kingdom(
        royals="JC",
        combos=[combo("castle", "8C 8S 8D"), combo("dragon", "AC 2D 3C"), combo("horse", "9C 9S")],
    )
    s = position(hands={1: "AS 10H"}, kingdoms={2: target})
    s = do(s, w("playHailOfArrows", 1, cardIds="AS 10H"))
    beasts = [a["beastIndex"] for a in legal_json(s) if a.get("targetType") == "beast"]
    assert same(beasts, [1, 2])
    s = do(s, w("destroyWithHail", 1, targetPlayerNumber=2, targetType="beast", beastIndex=1))
    assert [x.kind for x in s.player(2).kingdom.combinations] == ["castle", "horse"]


def test_table_a_round_ends_when_play_returns_to_the_first_player() -> None:
    s = position(3, first=2, current=2)
    assert s.round == 1
    s = do(s, w("passTurn", 2), w("drawCard", 3, source="deck"), w("passTurn", 3))
    assert s.round == 1 and s.current_player == 1
    s = do(s, w("drawCard", 1, source="deck"), w("passTurn", 1))
    assert s.round == 2 and s.current_player == 2
    assert kr.view(s, 1).to_json()["round"] == 2


def test_table_pass_draws_an_unclaimed_reward_and_skips_followups() -> None:
    target = kingdom(combos=[combo("dragon", "2S 3D 4S")])
    mine = kingdom(ready="2H 3H 4D", combos=[combo("horse", "6H 6C")])
    s = position(hands={1: "KD"}, kingdoms={1: mine, 2: target})
    s = do(
        s,
        w("playRoyal", 1, cardId="KD", resourceToUseIds="2H 3H 4D"),
        w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0),
    )
    assert head(s) == "mounting"
    top = s.deck[:2]
    s = do(s, w("passTurn", 1))
    assert s.player(1).hand == top and s.pending == ()
    assert s.player(1).kingdom.combinations[0].rider is None


def test_table_state_json_has_every_card_once_and_last_draw_is_a_copy() -> None:
    s = position(hands={1: "5C"}, drawn=False)
    s = do(s, w("drawCard", 1, source="deck"))
    assert_cards_once(s)
    d = s.to_json()
    assert d["lastDrawAction"]["selectedCardId"] == s.player(1).hand[-1].id
    assert kr.GameState.from_json(d).to_json() == d


def test_table_evolve_does_not_touch_the_original() -> None:
    s = position()
    s2 = evolve(s, round=5)
    assert s.round == 1 and s2.round == 5


def test_table_the_rest_of_a_royal_reward_is_lost_when_nothing_is_left() -> None:
    """Table ruling: the reward draws what the deck (rebuilt from the discard pile) can give."""
    target = kingdom(combos=[combo("golden-dragon", "7C 8C 9C")])
    s = position(
        hands={1: "KH JH JD"},
        kingdoms={1: kingdom(ready="2H 3H 4D 5D 6H"), 2: target},
        revealed="- -",
        rest_to="hand:2",
    )
    s = do(
        s,
        w("playRoyal", 1, cardId="KH", resourceToUseIds="2H 3H 4D"),
        w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0),
    )
    assert s.player(1).royal_reward == 2 and len(s.discard_pile) == 3
    s = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="5D"))
    s = do(s, w("playRoyal", 1, cardId="JD", resourceToUseIds="6H"))
    assert len(s.deck) == 1 and not s.discard_pile
    hand_before = len(s.player(1).hand)
    s = do(s, w("drawRoyalReward", 1))
    assert len(s.player(1).hand) == hand_before + 1
    assert s.player(1).royal_reward == 0 and not s.deck
    assert_cards_once(s)


def test_docs_example_silver_dragon_bites() -> None:
    """docs/rules.md, Dragon Eating: J♥ on foot, Q♣ riding a Horse, a royal in a Castle. (The
    docs' kingdom, with K♦ and the red Hero too, already holds a Royal Family, so the hand would
    have ended: here the sheltered royal is J♦ and the Hero is left out.)"""
    target = kingdom(
        royals="JH",
        combos=[combo("horse", "9C 9S", rider="QC"), combo("castle", "8C 8S 8D", inside="JD")],
    )
    s = position(hands={1: "5C 6D 7C 8H"}, kingdoms={1: kingdom(ready="2S 2H 7S 3S"), 2: target})
    s = do(s, w("playCombination", 1, cardIds="5C 6D 7C 8H", resourceToUseIds="2S 2H 7S 3S"))
    eats = [a for a in legal_json(s) if a["type"] == "eatCharacter"]
    assert (
        w("eatCharacter", 1, targetPlayerNumber=2, characterType="royal", characterId="JD")
        not in eats
    )
    s = do(
        s,
        w("eatCharacter", 1, targetPlayerNumber=2, characterType="royal", characterId="JH"),
        w("eatCharacter", 1, targetPlayerNumber=2, characterType="beast", beastIndex=0),
        w("eatCharacter", 1, targetPlayerNumber=2, characterType="royal", characterId="QC"),
    )
    k2 = s.player(2).kingdom
    assert set(k2.royals) == set(cs("JD")) and [x.kind for x in k2.combinations] == ["castle"]


def test_docs_example_hail_and_salvo_against_a_riding_queen() -> None:
    """docs/rules.md, Hail of Arrows example."""
    target = kingdom(royals="JC", combos=[combo("horse", "9C 9S", rider="QH")])
    s = position(hands={1: "AS 10H AD 10D"}, kingdoms={2: target})
    hail = do(s, w("playHailOfArrows", 1, cardIds="AS 10H"))
    shots = [a for a in legal_json(hail) if a["type"] == "destroyWithHail"]
    assert same(
        shots,
        [
            w("destroyWithHail", 1, targetPlayerNumber=2, targetType="royal", characterId="JC"),
            w("destroyWithHail", 1, targetPlayerNumber=2, targetType="beast", beastIndex=0),
        ],
    )
    salvo = do(
        s,
        w("playHailOfArrows", 1, cardIds="AD 10D"),
        w("destroyWithHail", 1, targetPlayerNumber=2, targetType="beast", beastIndex=0),
    )
    assert salvo.player(2).kingdom.royals == (c("JC"),)
    assert c("QH") in salvo.discard_pile
