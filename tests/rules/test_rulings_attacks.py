"""Rulings R22-R26: dragons eat and demolish, Kings and Heroes slay, Hail of Arrows and
Flaming Salvo."""

from __future__ import annotations

import pytest

import kingdom_rules as kr
from tests.rules.helpers import (
    act,
    assert_cards_once,
    c,
    combo,
    cs,
    do,
    head,
    kingdom,
    legal_json,
    position,
    rejected,
    same,
    w,
)

DRAGON_HAND = {
    "dragon": ("4H 5H 6S", "2S 2H 7C"),
    "golden-dragon": ("4H 5H 6H", "2S 2H 7C"),
    "silver-dragon": ("4H 5H 6S 7D", "2S 2H 7C 7S"),
    "divine-dragon": ("4H 5H 6H 7H", "2S 2H 7C 7S"),
}


def play_dragon(
    kind: str,
    target: kr.Kingdom,
    n: int = 2,
    mine: kr.Kingdom | None = None,
    others: dict[int, kr.Kingdom] | None = None,
    discard: str = "",
) -> kr.GameState:
    cards, pay = DRAGON_HAND[kind]
    k1 = mine or kingdom()
    k1 = kr.Kingdom(k1.resources + kingdom(ready=pay).resources, k1.royals, k1.combinations)
    kingdoms = {1: k1, 2: target}
    kingdoms.update(others or {})
    s = position(n, hands={1: cards}, kingdoms=kingdoms, discard=discard)
    return do(s, w("playCombination", 1, cardIds=cards, resourceToUseIds=pay))


def eat_royal(royal: str, target: int = 2) -> dict:
    return w("eatCharacter", 1, targetPlayerNumber=target, characterType="royal", characterId=royal)


def eat_beast(i: int, target: int = 2) -> dict:
    return w("eatCharacter", 1, targetPlayerNumber=target, characterType="beast", beastIndex=i)


# --- R22: eat targets -------------------------------------------------------------------------


def test_r22_dragon_cannot_eat_mounted_royal() -> None:
    target = kingdom(royals="JC", combos=[combo("horse", "9C 9S", rider="QD")])
    s = play_dragon("dragon", target)
    assert head(s) == "eating"
    assert eat_royal("QD") not in legal_json(s)
    err = rejected(s, eat_royal("QD"), "Failed to eat character", "R18")
    assert "mounted" in str(err)


def test_r22_eat_targets_are_unprotected_royals_and_horse_type_beasts() -> None:
    target = kingdom(
        royals="JC",
        combos=[
            combo("horse", "9C 9S", rider="QD"),
            combo("castle", "8C 8S 8D", inside="JS"),
            combo("dragon", "AC 2D 3C"),
            combo("unicorn", "10C 10S 3S 3D"),
        ],
    )
    s = play_dragon("dragon", target)
    eats = [a for a in legal_json(s) if a["type"] == "eatCharacter"]
    assert same(eats, [eat_royal("JC"), eat_beast(0), eat_beast(3)])


def test_r22_a_hero_cannot_be_eaten() -> None:
    s = play_dragon("dragon", kingdom(royals="RJ JC"))
    err = rejected(s, eat_royal("RJ"), "Failed to eat character", "R22")
    assert "Hero" in str(err)


def test_r22_dragons_and_structures_are_never_eaten() -> None:
    target = kingdom(royals="JC", combos=[combo("dragon", "AC 2D 3C"), combo("castle", "8C 8S 8D")])
    s = play_dragon("golden-dragon", target)
    err = rejected(s, eat_beast(0), "Failed to eat character", "R22")
    assert "Dragons are never eaten" in str(err)
    rejected(s, eat_beast(1), "Failed to eat character", "R23")


def test_r22_eaten_cards_go_to_the_discard_pile_and_rider_dismounts() -> None:
    target = kingdom(royals="JC", combos=[combo("horse", "9C 9S", rider="QD")])
    s = play_dragon("golden-dragon", target)
    s, events = act(s, eat_royal("JC"))
    assert s.discard_pile[-1] is c("JC")
    assert any(e.type == "characterEaten" for e in events)
    s = do(s, eat_beast(0))
    k2 = s.player(2).kingdom
    assert k2.combinations == () and k2.royals == (c("QD"),)
    assert set(cs("9C 9S")) <= set(s.discard_pile)
    assert_cards_once(s)


def test_r22_partners_are_never_opponents() -> None:
    mate = kingdom(royals="JC")
    foe = kingdom(royals="JD")
    s = play_dragon("dragon", foe, n=4, others={3: mate, 4: kingdom(royals="QS")})
    eats = [a for a in legal_json(s) if a["type"] == "eatCharacter"]
    assert same(eats, [eat_royal("JD", 2), eat_royal("QS", 4)])
    err = rejected(s, eat_royal("JC", 3), "Failed to eat character", "R22")
    assert "Partners" in str(err)
    rejected(s, eat_royal("JH", 1), "Failed to eat character", "R22")


def test_r22_every_other_player_is_an_opponent_with_three_players() -> None:
    s = play_dragon("dragon", kingdom(royals="JD"), n=3, others={3: kingdom(royals="JC")})
    eats = [a for a in legal_json(s) if a["type"] == "eatCharacter"]
    assert same(eats, [eat_royal("JD", 2), eat_royal("JC", 3)])


# --- R23: how much each dragon eats --------------------------------------------------------------


def test_r23_a_dragon_eats_one() -> None:
    s = play_dragon("dragon", kingdom(royals="JC JD"), mine=kingdom(royals="QS"))
    s = do(s, eat_royal("JC"))
    assert head(s) == "mounting"  # the eating is over; the Queen may ride the new dragon
    rejected(s, eat_royal("JD"), "Failed to eat character", "R7")


def test_r23_a_plain_dragon_cannot_demolish() -> None:
    s = play_dragon("dragon", kingdom(royals="JC", combos=[combo("castle", "8C 8S 8D")]))
    assert not any(a["type"] == "demolishCastle" for a in legal_json(s))
    rejected(
        s,
        w("demolishCastle", 1, targetPlayerNumber=2, castleIndex=0),
        "Failed to demolish castle",
        "R23",
    )


def test_r23_golden_dragon_eats_up_to_two() -> None:
    s = play_dragon("golden-dragon", kingdom(royals="JC JD QS"))
    s = do(s, eat_royal("JC"))
    assert head(s) == "eating" and s.pending[0].eat_count == 1
    s = do(s, eat_royal("JD"))
    assert s.pending == ()
    assert [r.short for r in s.player(2).kingdom.royals] == ["QS"]


def test_r23_golden_dragon_demolishes_a_castle_instead_but_not_a_cathedral() -> None:
    target = kingdom(
        royals="JC",
        combos=[
            combo("castle", "8C 8S 8D", inside="QS"),
            combo("cathedral", "3S 3H 3D 3C", inside="JD"),
        ],
    )
    s = play_dragon("golden-dragon", target)
    assert w("demolishCastle", 1, targetPlayerNumber=2, castleIndex=0) in legal_json(s)
    assert not any(a["type"] == "demolishCathedral" for a in legal_json(s))
    err = rejected(
        s,
        w("demolishCathedral", 1, targetPlayerNumber=2, cathedralIndex=1),
        "Failed to demolish cathedral",
        "R23",
    )
    assert "cannot demolish a cathedral" in str(err)
    rejected(
        s,
        w("demolishCastle", 1, targetPlayerNumber=2, castleIndex=1),
        "Failed to demolish castle",
        "R23",
    )
    s2, events = act(s, w("demolishCastle", 1, targetPlayerNumber=2, castleIndex=0))
    k2 = s2.player(2).kingdom
    assert [x.kind for x in k2.combinations] == ["cathedral"]
    assert set(k2.royals) == set(cs("JC QS JD"))  # the freed Queen stays with her owner
    assert set(cs("8C 8S 8D")) <= set(s2.discard_pile)
    assert s2.pending == () or head(s2) != "eating"  # demolishing ends the eating
    assert any(e.type == "structureDemolished" for e in events)


def test_r23_a_dragon_that_has_eaten_can_no_longer_demolish() -> None:
    target = kingdom(royals="JC JD", combos=[combo("castle", "8C 8S 8D")])
    s = play_dragon("golden-dragon", target)
    s = do(s, eat_royal("JC"))
    assert head(s) == "eating"
    assert not any(a["type"] == "demolishCastle" for a in legal_json(s))
    rejected(
        s,
        w("demolishCastle", 1, targetPlayerNumber=2, castleIndex=0),
        "Failed to demolish castle",
        "R23",
    )


def test_r23_silver_dragon_eats_up_to_three_one_at_a_time() -> None:
    target = kingdom(
        royals="JC",
        combos=[combo("horse", "9C 9S", rider="QC"), combo("castle", "8C 8S 8D", inside="JD")],
    )
    s = play_dragon("silver-dragon", target)
    s = do(s, eat_royal("JC"), eat_beast(0), eat_royal("QC"))
    k2 = s.player(2).kingdom
    assert set(k2.royals) == set(cs("JD"))
    assert [x.kind for x in k2.combinations] == ["castle"]
    assert head(s) != "eating"


def test_r23_silver_dragon_demolishes_a_cathedral() -> None:
    target = kingdom(combos=[combo("cathedral", "3S 3H 3D 3C", inside="KD JS")])
    s = play_dragon("silver-dragon", target)
    assert w("demolishCathedral", 1, targetPlayerNumber=2, cathedralIndex=0) in legal_json(s)
    s = do(s, w("demolishCathedral", 1, targetPlayerNumber=2, cathedralIndex=0))
    k2 = s.player(2).kingdom
    assert k2.combinations == () and set(k2.royals) == set(cs("KD JS"))
    # a Silver Dragon does not eat the freed royals afterwards
    assert head(s) != "eating"


def test_r23_each_bite_may_target_a_different_opponent() -> None:
    s = play_dragon("golden-dragon", kingdom(royals="JD"), n=3, others={3: kingdom(royals="JC")})
    s = do(s, eat_royal("JD", 2), eat_royal("JC", 3))
    assert s.player(2).kingdom.royals == () and s.player(3).kingdom.royals == ()


def test_r23_divine_dragon_demolishes_then_may_eat_one_freed_royal() -> None:
    target = kingdom(royals="JC", combos=[combo("cathedral", "3S 3H 3D 3C", inside="JS BJ")])
    s = play_dragon("divine-dragon", target)
    assert head(s) == "demolishing"
    # a Divine Dragon does not eat on foot
    assert not any(a["type"] == "eatCharacter" for a in legal_json(s))
    rejected(s, eat_royal("JC"), "Failed to eat character", "R7")
    s = do(s, w("demolishCathedral", 1, targetPlayerNumber=2, cathedralIndex=0))
    assert head(s) == "eating" and s.pending[0].context == "freed-royal"
    v = kr.view(s, 1).to_json()
    assert v["pendingDemolitionEat"] == {
        "targetPlayerNumber": 2,
        "freedRoyalIds": ["spades-J", "black-joker"],
    }
    assert same(
        legal_json(s),
        [
            w("eatFreedRoyal", 1, royalId="JS"),
            w("skipDemolitionEat", 1),
            w("passTurn", 1),
        ],
    )
    err = rejected(s, w("eatFreedRoyal", 1, royalId="BJ"), "Failed to eat royal", "R22")
    assert "Hero" in str(err)
    rejected(s, w("eatFreedRoyal", 1, royalId="JC"), "Failed to eat royal", "R23")
    s2 = do(s, w("eatFreedRoyal", 1, royalId="JS"))
    assert set(s2.player(2).kingdom.royals) == set(cs("JC BJ"))
    assert c("JS") in s2.discard_pile
    assert head(s2) != "eating"


@pytest.mark.parametrize("skip", ["skipDemolitionEat", "skipPendingAction"])
def test_r23_divine_dragon_may_skip_eating_the_freed_royal(skip: str) -> None:
    target = kingdom(combos=[combo("castle", "8C 8S 8D", inside="JS")])
    s = play_dragon("divine-dragon", target, discard="QH", mine=kingdom(royals="JD"))
    s = do(s, w("demolishCastle", 1, targetPlayerNumber=2, castleIndex=0), w(skip, 1))
    assert c("JS") in s.player(2).kingdom.royals
    # then resurrection, then mounting (R23 table ruling order)
    assert head(s) == "resurrection"
    s = do(s, w("resurrectRoyal", 1, royalId="QH"))
    assert head(s) == "mounting"


def test_r23_skip_demolition_eat_only_answers_a_freed_royal() -> None:
    s = play_dragon("dragon", kingdom(royals="JC"))
    rejected(s, w("skipDemolitionEat", 1), "Nothing to skip", "R23")


def test_r23_divine_dragon_cannot_eat_when_nothing_was_freed() -> None:
    target = kingdom(royals="JC", combos=[combo("castle", "8C 8S 8D")])
    s = play_dragon("divine-dragon", target)
    s = do(s, w("demolishCastle", 1, targetPlayerNumber=2, castleIndex=0))
    assert s.pending == () or head(s) not in ("eating", "demolishing")
    rejected(s, w("eatFreedRoyal", 1, royalId="JC"), "Failed to eat royal", None)


# --- R24: slaying ------------------------------------------------------------------------------


def play_slayer(
    royal: str,
    target: kr.Kingdom,
    n: int = 2,
    others: dict[int, kr.Kingdom] | None = None,
    mine: kr.Kingdom | None = None,
    **kw,
) -> kr.GameState:
    pay = {"KH": "2H 3H 4D", "RJ": "2H 3H 4D 5D", "KC": "10C 10S 9S", "BJ": "10C 10S 9S 9C"}[royal]
    k1 = mine or kingdom()
    k1 = kr.Kingdom(k1.resources + kingdom(ready=pay).resources, k1.royals, k1.combinations)
    kingdoms = {1: k1, 2: target}
    kingdoms.update(others or {})
    s = position(n, hands={1: royal}, kingdoms=kingdoms, **kw)
    return do(s, w("playRoyal", 1, cardId=royal, resourceToUseIds=pay))


@pytest.mark.parametrize(
    "kind,cards",
    [("dragon", "7C 8D 9C"), ("golden-dragon", "7C 8C 9C"), ("silver-dragon", "6S 7C 8D 9C 10C")],
)
@pytest.mark.parametrize("royal", ["KH", "RJ"])
def test_r24_king_or_hero_slays_a_dragon_and_earns_a_reward(
    royal: str, kind: str, cards: str
) -> None:
    target = kingdom(combos=[combo(kind, cards, rider="QS")])
    s = play_slayer(royal, target)
    assert head(s) == "slaying"
    s, events = act(s, w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0))
    k2 = s.player(2).kingdom
    assert k2.combinations == () and k2.royals == (c("QS"),)  # the rider dismounts and stays
    assert set(cs(cards)) <= set(s.discard_pile)
    reward = len(cs(cards)) - 1
    assert s.player(1).royal_reward == reward
    assert kr.view(s, 2).to_json()["players"][0]["royalReward"] == reward
    assert any(e.type == "dragonSlain" for e in events)
    # draw the reward later in the turn
    top = s.deck[:reward]
    s2 = do(s, w("skipPendingAction", 1)) if s.pending else s
    while s2.pending:
        s2 = do(s2, w("skipPendingAction", 1))
    assert w("drawRoyalReward", 1) in legal_json(s2)
    s3 = do(s2, w("drawRoyalReward", 1))
    assert s3.player(1).hand[-reward:] == top
    assert s3.player(1).royal_reward == 0 and s3.player(1).has_drawn_royal_reward
    rejected(s3, w("drawRoyalReward", 1), "Failed to draw card", "R24")


def test_r24_the_reward_is_drawn_automatically_on_pass() -> None:
    target = kingdom(combos=[combo("golden-dragon", "7C 8C 9C")])
    s = play_slayer("KH", target)
    s = do(s, w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0))
    top = s.deck[:2]
    s = do(s, w("passTurn", 1))
    assert s.player(1).hand == top and s.player(1).royal_reward == 0


def test_r24_a_divine_dragon_cannot_be_slain() -> None:
    target = kingdom(combos=[combo("divine-dragon", "5C 6C 7C 8C"), combo("dragon", "2S 3D 4S")])
    s = play_slayer("KC", target)
    assert same(
        [a for a in legal_json(s) if a["type"] == "slayDragon"],
        [w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=1)],
    )
    err = rejected(
        s, w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0), "Failed to slay dragon", "R24"
    )
    assert "Divine" in str(err)


def test_r24_only_dragons_can_be_slain_and_only_opponents() -> None:
    target = kingdom(combos=[combo("horse", "7C 7D"), combo("dragon", "2S 3D 4S")])
    s = play_slayer("KC", target, n=4, others={3: kingdom(combos=[combo("dragon", "5S 6D 7S")])})
    err = rejected(
        s, w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0), "Failed to slay dragon", "R24"
    )
    assert "Only dragons" in str(err)
    rejected(
        s, w("slayDragon", 1, targetPlayerNumber=3, dragonIndex=0), "Failed to slay dragon", "R22"
    )
    rejected(
        s, w("slayDragon", 1, targetPlayerNumber=1, dragonIndex=0), "Failed to slay dragon", "R22"
    )
    rejected(
        s, w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=7), "Failed to slay dragon", None
    )


def test_r24_slaying_is_skippable_and_then_the_king_may_mount() -> None:
    target = kingdom(combos=[combo("dragon", "2S 3D 4S")])
    mine = kingdom(combos=[combo("horse", "9H 9D")])
    s = play_slayer("KH", target, mine=mine)
    assert head(s) == "slaying"
    s = do(s, w("skipPendingAction", 1))
    assert head(s) == "mounting"
    assert s.player(2).kingdom.combinations[0].kind == "dragon"


def test_r24_reward_after_slaying_then_king_mounts_own_beast() -> None:
    target = kingdom(combos=[combo("silver-dragon", "6S 7D 8S 9S 10S", rider="QC")])
    mine = kingdom(combos=[combo("horse", "9H 9D")])
    s = play_slayer("KH", target, mine=mine)
    s = do(s, w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0))
    assert s.player(1).royal_reward == 4
    assert head(s) == "mounting"
    s = do(s, w("mountHorse", 1, horseIndex=0, royalId="KH"))
    assert s.player(1).kingdom.combinations[0].rider is c("KH")


def test_r24_reward_rebuilds_the_deck_and_is_lost_when_nothing_is_left() -> None:
    # table ruling: the reward draws what the deck and discard pile can give
    target = kingdom(combos=[combo("silver-dragon", "6S 7D 8S 9S 10S")])
    s = play_slayer("KH", target, revealed="- -", rest_to="hand:2")
    assert not s.deck and not s.discard_pile
    s = do(s, w("slayDragon", 1, targetPlayerNumber=2, dragonIndex=0))
    assert s.player(1).royal_reward == 4
    # the deck is empty: the 5 slain cards are the discard pile, shuffled into the deck
    s = do(s, w("drawRoyalReward", 1))
    assert len(s.player(1).hand) == 4 and len(s.deck) == 1 and not s.discard_pile
    assert set(s.player(1).hand) | set(s.deck) == set(cs("6S 7D 8S 9S 10S"))
    assert_cards_once(s)


# --- R25: Hail of Arrows -----------------------------------------------------------------------


def hail(
    target: kr.Kingdom,
    cards: str = "AS 10H",
    n: int = 2,
    others: dict[int, kr.Kingdom] | None = None,
) -> kr.GameState:
    kingdoms = {2: target}
    kingdoms.update(others or {})
    s = position(n, hands={1: cards}, kingdoms=kingdoms)
    return do(s, w("playHailOfArrows", 1, cardIds=cards))


def shoot(**kw) -> dict:
    kw.setdefault("targetPlayerNumber", 2)
    return w("destroyWithHail", 1, **kw)


def test_r25_hail_targets() -> None:
    target = kingdom(
        royals="JC RJ",
        combos=[
            combo("horse", "9C 9S", rider="JD"),
            combo("castle", "8C 8S 8D", inside="JS"),
            combo("dragon", "AC 2D 3C"),
            combo("golden-dragon", "4C 5C 6C"),
            combo("silver-dragon", "4S 5S 6D 7S"),
            combo("divine-dragon", "4H 5H 6H 7H"),
            combo("unicorn", "2H 2S 3H 3S"),
        ],
    )
    s = hail(target, "AD 10C")
    assert head(s) == "hail-of-arrows"
    targets = [a for a in legal_json(s) if a["type"] == "destroyWithHail"]
    assert same(
        targets,
        [
            shoot(targetType="royal", characterId="JC"),
            shoot(targetType="royal", characterId="RJ"),
            shoot(targetType="beast", beastIndex=0),
            shoot(targetType="beast", beastIndex=2),
            shoot(targetType="beast", beastIndex=6),
        ],
    )
    for i in (3, 4):
        err = rejected(
            s, shoot(targetType="beast", beastIndex=i), "Failed to destroy character", "R25"
        )
        assert "immune" in str(err)
    rejected(s, shoot(targetType="beast", beastIndex=5), "Failed to destroy character", "R26")
    rejected(s, shoot(targetType="castle", castleIndex=1), "Failed to destroy character", "R25")
    rejected(s, shoot(targetType="royal", characterId="JS"), "Failed to destroy character", "R19")
    rejected(s, shoot(targetType="royal", characterId="JD"), "Failed to destroy character", "R18")


def test_r25_hail_shoots_a_hero_on_foot() -> None:
    s = hail(kingdom(royals="RJ"))
    s, events = act(s, shoot(targetType="royal", characterId="RJ"))
    assert s.player(2).kingdom.royals == () and s.discard_pile[-1] is c("RJ")
    assert any(e.type == "characterDestroyed" for e in events)


def test_r25_hail_destroys_a_beast_and_its_rider_dismounts() -> None:
    s = hail(kingdom(combos=[combo("dragon", "AC 2D 3C", rider="QD")]))
    s = do(s, shoot(targetType="beast", beastIndex=0))
    k2 = s.player(2).kingdom
    assert k2.combinations == () and k2.royals == (c("QD"),)
    assert set(cs("AC 2D 3C")) <= set(s.discard_pile)


def test_r25_hail_never_hits_a_partner() -> None:
    s = hail(kingdom(royals="JD"), n=4, others={3: kingdom(royals="JC")})
    assert same(
        [a["targetPlayerNumber"] for a in legal_json(s) if a["type"] == "destroyWithHail"], [2]
    )
    rejected(
        s,
        shoot(targetPlayerNumber=3, targetType="royal", characterId="JC"),
        "Failed to destroy character",
        "R22",
    )


def test_r25_hail_target_is_skippable() -> None:
    s = hail(kingdom(royals="JD"))
    s = do(s, w("skipPendingAction", 1))
    assert s.pending == () and s.player(2).kingdom.royals == (c("JD"),)
    assert set(cs("AS 10H")) <= set(s.discard_pile)


# --- R26: Flaming Salvo --------------------------------------------------------------------------


def test_r26_salvo_burns_a_beast_with_its_rider() -> None:
    s = hail(kingdom(combos=[combo("horse", "9C 9S", rider="QD")]), "AH 10H")
    assert head(s) == "flaming-salvo"
    s = do(s, shoot(targetType="beast", beastIndex=0))
    k2 = s.player(2).kingdom
    assert k2.combinations == () and k2.royals == ()
    assert set(cs("9C 9S QD")) <= set(s.discard_pile)


@pytest.mark.parametrize(
    "kind,cards", [("golden-dragon", "4C 5C 6C"), ("silver-dragon", "4S 5S 6D 7S")]
)
def test_r26_against_golden_or_silver_dragon_the_rider_survives(kind: str, cards: str) -> None:
    s = hail(kingdom(combos=[combo(kind, cards, rider="QD")]), "AH 10H")
    s = do(s, shoot(targetType="beast", beastIndex=0))
    k2 = s.player(2).kingdom
    assert k2.combinations == () and k2.royals == (c("QD"),)


def test_r26_salvo_destroys_a_castle_and_frees_its_royals() -> None:
    s = hail(kingdom(combos=[combo("castle", "8C 8S 8D", inside="KS JD")]), "AH 10H")
    assert shoot(targetType="castle", castleIndex=0) in legal_json(s)
    s = do(s, shoot(targetType="castle", castleIndex=0))
    k2 = s.player(2).kingdom
    assert k2.combinations == () and set(k2.royals) == set(cs("KS JD"))
    assert set(cs("8C 8S 8D")) <= set(s.discard_pile)


def test_r26_divine_dragons_and_cathedrals_are_immune_and_royals_on_foot_not_struck() -> None:
    target = kingdom(
        royals="JC",
        combos=[
            combo("divine-dragon", "4H 5H 6H 7H", rider="QD"),
            combo("cathedral", "3S 3H 3D 3C", inside="JS"),
        ],
    )
    s = position(hands={1: "AD 10D"}, kingdoms={2: target})
    s2 = do(s, w("playHailOfArrows", 1, cardIds="AD 10D"))
    assert s2.pending == ()  # no target: the cards are simply discarded (table ruling)
    assert set(cs("AD 10D")) <= set(s2.discard_pile)
    # with a legal target present, the immune ones are refused with R26
    target2 = kr.Kingdom(
        target.resources, target.royals, target.combinations + (combo("horse", "9C 9S"),)
    )
    s = position(hands={1: "AD 10D"}, kingdoms={2: target2})
    s = do(s, w("playHailOfArrows", 1, cardIds="AD 10D"))
    assert same(
        [a for a in legal_json(s) if a["type"] == "destroyWithHail"],
        [shoot(targetType="beast", beastIndex=2)],
    )
    for wire in (
        shoot(targetType="beast", beastIndex=0),
        shoot(targetType="castle", castleIndex=1),
    ):
        err = rejected(s, wire, "Failed to destroy character", "R26")
        assert "immune" in str(err)
    rejected(s, shoot(targetType="royal", characterId="JC"), "Failed to destroy character", "R26")


def test_r23_both_skips_at_a_freed_royal_lead_to_the_same_state_and_one_is_listed() -> None:
    """The contract lets choices that lead to the same state be listed once."""
    target = kingdom(combos=[combo("castle", "8C 8S 8D", inside="JS")])
    s = play_dragon("divine-dragon", target)
    s = do(s, w("demolishCastle", 1, targetPlayerNumber=2, castleIndex=0))
    listed = legal_json(s)
    assert w("skipDemolitionEat", 1) in listed and w("skipPendingAction", 1) not in listed
    a = do(s, w("skipDemolitionEat", 1))
    b = do(s, w("skipPendingAction", 1))
    assert a.to_json() == b.to_json()
