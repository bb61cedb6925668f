"""Rulings R14-R21: combinations, Hail of Arrows, beast and structure follow-ups."""

from __future__ import annotations

import pytest

import kingdom_rules as kr
from tests.rules.helpers import (
    act,
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

# --- R14: combinations --------------------------------------------------------------------------

TABLE = [
    # kind, cards, resources, draws, points
    ("horse", "6C 6H", 2, 1, 1),
    ("unicorn", "2H 2C 8S 8D", 4, 3, 1),
    ("dragon", "4H 5H 6S", 3, 2, 1),
    ("golden-dragon", "4H 5H 6H", 3, 2, 1),
    ("silver-dragon", "2C 3D 4C 5C 6S", 4, 4, 1),
    ("silver-dragon", "5C 6D 7C 8C", 4, 3, 1),
    ("divine-dragon", "3S 4S 5S 6S", 4, 3, 2),
    ("divine-dragon", "AD 2D 3D 4D 5D 6D", 4, 5, 2),
    ("castle", "9H 9C 9D", 3, 2, 1),
    ("cathedral", "7H 7C 7D 7S", 4, 3, 3),
]
PAY = "2S 3C 4D 5H 6D 7S"  # no overlap with the cards above is needed: see _pool


def _pool(cards: str) -> str:
    """Six ready resources of mixed colours that are not among ``cards``."""
    used = set(cs(cards))
    pool = [x for x in cs("10H 10S 10D 10C KH KS AS AC 9S JC QC") if x.is_number and x not in used]
    return " ".join(p.short for p in pool[:6])


@pytest.mark.parametrize(("kind", "cards", "cost", "draws", "points"), TABLE)
def test_r14_each_combination_costs_draws_and_scores_as_the_table(
    kind: str, cards: str, cost: int, draws: int, points: int
) -> None:
    pool = "10H 10S 10D 10C 9S AS"
    assert not set(cs(pool)) & set(cs(cards))
    s = position(hands={1: cards}, kingdoms={1: kingdom(ready=pool)})
    pay = " ".join(pool.split()[:cost])
    s2 = do(s, w("playCombination", 1, cardIds=cards, resourceToUseIds=pay))
    k = s2.player(1).kingdom
    assert [cb.kind for cb in k.combinations] == [kind]
    assert set(k.combinations[0].cards) == set(cs(cards))
    assert sum(1 for r in k.resources if not r.ready) == cost
    assert s2.player(1).hand == s.deck[:draws]
    view = kr.view(s2, 2).to_json()
    j = view["players"][0]["kingdom"]["combinations"][0]
    assert j["kind"] == kind and j["points"] == points
    assert view["players"][0]["score"] == len(pool.split()) + points
    # one resource short: refused
    if cost > 0:
        err = rejected(
            s,
            w(
                "playCombination",
                1,
                cardIds=cards,
                resourceToUseIds=" ".join(pool.split()[: cost - 1]),
            ),
            "Cannot play that combination",
            "R14",
        )
        assert f"costs {cost} ready resources" in str(err)


def test_r14_resources_of_any_colour_pay_for_combinations() -> None:
    s = position(hands={1: "6C 6H"}, kingdoms={1: kingdom(ready="2S 3C")})
    s2 = do(s, w("playCombination", 1, cardIds="6C 6H", resourceToUseIds="2S 3C"))
    assert s2.player(1).kingdom.combinations[0].kind == "horse"
    assert w("playCombination", 1, cardIds="6C 6H", resourceToUseIds="2S 3C") in legal_json(s)


def test_r14_ace_is_low_only() -> None:
    s = position(hands={1: "9H 10C AD 2S 3H"}, kingdoms={1: kingdom(ready="4C 5C 6C")})
    rejected(
        s,
        w("playCombination", 1, cardIds="9H 10C AD", resourceToUseIds="4C 5C 6C"),
        "Cannot play that combination",
        "R14",
    )
    kinds = {(a["type"], tuple(a.get("cardIds", ()))) for a in legal_json(s)}
    assert ("playCombination", tuple(x.id for x in cs("AD 3H 2S"))) not in kinds
    listed = [a["cardIds"] for a in legal_json(s) if a["type"] == "playCombination"]
    assert all("hearts-9" not in x or "diamonds-A" not in x for x in listed)
    s2 = do(s, w("playCombination", 1, cardIds="AD 2S 3H", resourceToUseIds="4C 5C 6C"))
    assert s2.player(1).kingdom.combinations[0].kind == "dragon"


def test_r14_royals_never_form_combinations() -> None:
    s = position(hands={1: "JH JD 5H"}, kingdoms={1: kingdom(ready="4C 5C 6C")})
    rejected(
        s,
        w("playCombination", 1, cardIds="JH JD", resourceToUseIds="4C 5C"),
        "Cannot play that combination",
        "R14",
    )
    assert not any(a["type"] == "playCombination" for a in legal_json(s))


@pytest.mark.parametrize(
    "cards", ["6C 7H", "2H 4H 6H", "5H 5C 6C", "2H 2C 2D 3S", "6C", "5H 5C 5D 6H 6C"]
)
def test_r14_non_patterns_are_refused(cards: str) -> None:
    s = position(hands={1: cards}, kingdoms={1: kingdom(ready="10C 10D 10H 10S")})
    rejected(
        s,
        w("playCombination", 1, cardIds=cards, resourceToUseIds="10C 10D 10H 10S"),
        "Cannot play that combination",
        "R14",
    )


def test_r14_combination_cards_must_be_in_hand_and_resources_ready() -> None:
    s = position(hands={1: "6C 6H"}, kingdoms={1: kingdom(ready="2S", used="3C")})
    rejected(
        s,
        w("playCombination", 1, cardIds="6C 6H", resourceToUseIds="2S 3C"),
        "Cannot play that combination",
        "R14",
    )
    rejected(
        s,
        w("playCombination", 1, cardIds="6C 6D", resourceToUseIds="2S"),
        "Cannot play that combination",
        "R14",
    )
    assert not any(a["type"] == "playCombination" for a in legal_json(s))


def test_r14_four_of_a_kind_is_a_cathedral_not_a_unicorn() -> None:
    found = kr.find_combinations(cs("7H 7C 7D 7S"))
    kinds = [k for k, _ in found]
    assert "cathedral" in kinds and "unicorn" not in kinds
    assert kr.classify(cs("7H 7C 7D 7S")) == "cathedral"
    assert kr.classify(cs("7H 7C 8D 8S")) == "unicorn"


# --- R15: Hail of Arrows / Flaming Salvo ------------------------------------------------------


def test_r15_hail_costs_nothing_and_both_cards_are_discarded() -> None:
    s = position(
        hands={1: "AS 10H"},
        kingdoms={1: kingdom(ready="2C"), 2: kingdom(royals="JC")},
    )
    s2 = do(s, w("playHailOfArrows", 1, cardIds="AS 10H"))
    assert s2.discard_pile[-2:] == cs("AS 10H") or set(s2.discard_pile[-2:]) == set(cs("AS 10H"))
    assert s2.player(1).hand == ()
    assert all(r.ready for r in s2.player(1).kingdom.resources)
    assert head(s2) == "hail-of-arrows"
    assert not s2.last_hail_was_flaming_salvo
    assert kr.view(s2, 2).to_json()["lastHailWasFlamingSalvo"] is False


def test_r15_hail_needs_no_resource_at_all() -> None:
    s = position(hands={1: "AS 10H"}, kingdoms={2: kingdom(royals="JC")})
    assert w("playHailOfArrows", 1, cardIds="AS 10H") in legal_json(s)
    s2 = do(s, w("playHailOfArrows", 1, cardIds="AS 10H"))
    assert head(s2) == "hail-of-arrows"


def test_r15_suited_ace_and_ten_is_a_flaming_salvo() -> None:
    s = position(hands={1: "AD 10D"}, kingdoms={2: kingdom(combos=[combo("horse", "5C 5S")])})
    s2 = do(s, w("playHailOfArrows", 1, cardIds="AD 10D"))
    assert s2.last_hail_was_flaming_salvo
    assert head(s2) == "flaming-salvo"
    v = kr.view(s2, 1).to_json()
    assert v["lastHailWasFlamingSalvo"] is True
    assert v["pendingAction"]["type"] == "flaming-salvo" and v["pendingAction"]["isSuited"] is True


def test_r15_view_names_the_hails_that_would_find_no_target() -> None:
    """The view lists the legal Hail of Arrows / Flaming Salvo plays with nothing to destroy
    (R25, R26): a castle is open to a Flaming Salvo only, so only the unsuited pairs are
    listed; the list is in the seat's JSON and survives the round trip through from_json."""
    s = position(
        hands={1: "AS AD 10H 10D"},
        kingdoms={2: kingdom(combos=[combo("castle", "2C 3C 4C 5C")])},
    )
    v = kr.view(s, 1)
    listed = {frozenset(pair) for pair in v.hails_without_target}
    assert listed == {frozenset(cs("AS 10H")), frozenset(cs("AS 10D")), frozenset(cs("AD 10H"))}
    j = v.to_json()
    assert sorted(map(sorted, j["hailsWithoutTarget"])) == sorted(
        sorted(ids(cs(p))) for p in ("AS 10H", "AS 10D", "AD 10H")
    )
    assert kr.PlayerView.from_json(j).hails_without_target == v.hails_without_target
    # Played anyway, the pair is only thrown away: nothing can be destroyed.
    s2 = do(s, w("playHailOfArrows", 1, cardIds="AS 10H"))
    assert set(cs("AS 10H")) <= set(s2.discard_pile)
    assert "destroyWithHail" not in {a["type"] for a in legal_json(s2)}
    assert s2.player(2).kingdom == s.player(2).kingdom
    # Another seat, or a royal on foot to shoot, and nothing is listed.
    assert kr.view(s, 2).to_json()["hailsWithoutTarget"] == []
    s3 = position(hands={1: "AS 10H"}, kingdoms={2: kingdom(royals="JC")})
    assert kr.view(s3, 1).hails_without_target == ()


@pytest.mark.parametrize("cards", ["AS AH", "AS 9H", "10S 10H", "AS JH"])
def test_r15_hail_needs_an_ace_and_a_ten(cards: str) -> None:
    s = position(hands={1: cards})
    err = rejected(s, w("playHailOfArrows", 1, cardIds=cards), "Cannot play Hail of Arrows", "R15")
    assert "exactly 2 cards (one Ace and one 10)" in str(err)


def test_r15_hail_cards_must_be_in_hand() -> None:
    s = position(hands={1: "AS"})
    rejected(s, w("playHailOfArrows", 1, cardIds="AS 10H"), "Cannot play Hail of Arrows", "R15")
    rejected(s, w("playHailOfArrows", 1, cardIds="AS 10H 10C"), "Cannot play Hail of Arrows", "R15")


# --- R16: beast and structure types -----------------------------------------------------------


def test_r16_types_of_combinations_in_the_view() -> None:
    combos = [
        combo("horse", "2H 2C"),
        combo("unicorn", "3H 3C 4H 4C"),
        combo("dragon", "5H 6C 7H"),
        combo("golden-dragon", "5D 6D 7D"),
        combo("silver-dragon", "6S 7S 8D 9C"),
        combo("divine-dragon", "AS 2S 3S 4S"),
        combo("castle", "9D 9S 9H"),
        combo("cathedral", "10D 10S 10C 10H"),
    ]
    s = position(kingdoms={2: kingdom(combos=combos)})
    j = kr.view(s, 1).to_json()["players"][1]["kingdom"]["combinations"]
    assert [(x["type"], x["kind"]) for x in j] == [
        ("horse", "horse"),
        ("horse", "unicorn"),
        ("dragon", "dragon"),
        ("dragon", "golden-dragon"),
        ("dragon", "silver-dragon"),
        ("dragon", "divine-dragon"),
        ("castle", "castle"),
        ("cathedral", "cathedral"),
    ]
    flags = [
        (
            x["isGolden"],
            x["isSilver"],
            x["isDivine"],
            x["isUnicorn"],
            x["isCastle"],
            x["isCathedral"],
        )
        for x in j
    ]
    assert flags[1] == (False, False, False, True, False, False)
    assert flags[3][0] and flags[4][1] and flags[5][2] and flags[6][4] and flags[7][5]


def test_r16_structures_are_not_beasts_and_cannot_be_mounted() -> None:
    castle = combo("castle", "9D 9S 9H")
    s = position(hands={1: "JH"}, kingdoms={1: kingdom(ready="2H", combos=[castle])})
    s = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    assert not any(a["type"] == "mountHorse" for a in legal_json(s))
    rejected(s, w("mountHorse", 1, horseIndex=0, royalId="JH"), "Failed to mount royal", None)


# --- R17: mounting after a beast --------------------------------------------------------------


def test_r17_a_riderless_royal_may_mount_the_new_beast() -> None:
    s = position(hands={1: "6H 6C"}, kingdoms={1: kingdom(ready="2H 3H", royals="JS KD")})
    s = do(s, w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"))
    assert head(s) == "mounting"
    assert same(
        legal_json(s),
        [
            w("mountHorse", 1, horseIndex=0, royalId="JS"),
            w("mountHorse", 1, horseIndex=0, royalId="KD"),
            w("skipPendingAction", 1),
            w("passTurn", 1),
        ],
    )
    s2 = do(s, w("mountHorse", 1, horseIndex=0, royalId="KD"))
    assert s2.player(1).kingdom.combinations[0].rider is c("KD")
    assert s2.pending == ()
    assert (
        kr.view(s2, 2).to_json()["players"][0]["kingdom"]["combinations"][0]["ridingRoyalId"]
        == "diamonds-K"
    )


def test_r17_mounting_is_skippable() -> None:
    s = position(hands={1: "6H 6C"}, kingdoms={1: kingdom(ready="2H 3H", royals="JS")})
    s = do(
        s,
        w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"),
        w("skipPendingAction", 1),
    )
    assert s.pending == () and s.player(1).kingdom.combinations[0].rider is None


def test_r17_sheltered_and_mounted_royals_cannot_mount_the_new_beast() -> None:
    castle = combo("castle", "9D 9S 9H", inside="JS")
    horse = combo("horse", "2C 2D", rider="KD")
    s = position(
        hands={1: "6H 6C"},
        kingdoms={1: kingdom(ready="3H 4H", royals="JC", combos=[castle, horse])},
    )
    s = do(s, w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="3H 4H"))
    mounts = [a for a in legal_json(s) if a["type"] == "mountHorse"]
    assert same(mounts, [w("mountHorse", 1, horseIndex=2, royalId="JC")])
    rejected(s, w("mountHorse", 1, horseIndex=2, royalId="JS"), "Failed to mount royal", "R19")
    rejected(s, w("mountHorse", 1, horseIndex=2, royalId="KD"), "Failed to mount royal", "R18")


def test_r17_no_riderless_royal_means_no_mounting_followup() -> None:
    s = position(hands={1: "6H 6C"}, kingdoms={1: kingdom(ready="2H 3H")})
    s = do(s, w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"))
    assert s.pending == ()
    assert kr.view(s, 1).to_json()["pendingAction"] is None


# --- R18: riders --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("royals", "riders"),
    [
        ("JH JD QS", ["QS"]),
        ("JH BJ", ["BJ"]),
        ("KD KS QC", ["QC"]),
        ("JH KD", []),
    ],
)
def test_r18_dragons_carry_only_a_queen_or_a_hero(royals: str, riders: list[str]) -> None:
    s = position(hands={1: "4H 5H 6S"}, kingdoms={1: kingdom(ready="2C 3C 7C", royals=royals)})
    s = do(s, w("playCombination", 1, cardIds="4H 5H 6S", resourceToUseIds="2C 3C 7C"))
    mounts = [a["royalId"] for a in legal_json(s) if a["type"] == "mountHorse"]
    assert same(mounts, [c(r).id for r in riders])
    if riders:
        assert head(s) == "mounting"
    for r in cs(royals):
        if r.short not in riders:
            err = rejected(
                s,
                w("mountHorse", 1, horseIndex=0, royalId=r.short),
                "Failed to mount royal",
                "R18" if riders else "R13",
            )
            if riders:
                assert "Queen or a Hero" in str(err)


@pytest.mark.parametrize("royals", ["JH JD QS QC", "KD KS BJ"])
def test_r18_horse_type_beasts_carry_any_royal(royals: str) -> None:
    s = position(
        hands={1: "2H 2C 8S 8D"}, kingdoms={1: kingdom(ready="3C 4C 5C 6C", royals=royals)}
    )
    s = do(s, w("playCombination", 1, cardIds="2H 2C 8S 8D", resourceToUseIds="3C 4C 5C 6C"))
    assert head(s) == "mounting"  # no royal in the discard pile: resurrection skipped
    mounts = [a["royalId"] for a in legal_json(s) if a["type"] == "mountHorse"]
    assert sorted(mounts) == sorted(x.id for x in cs(royals))


def test_r18_a_beast_carries_one_rider() -> None:
    horse = combo("horse", "6H 6C", rider="QS")
    s = position(hands={1: "JH"}, kingdoms={1: kingdom(ready="2H", combos=[horse])})
    s2 = do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    assert s2.pending == ()
    s3 = position(
        hands={1: "JH"}, kingdoms={1: kingdom(ready="2H", combos=[horse, combo("horse", "7H 7C")])}
    )
    s3 = do(s3, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H"))
    assert same(
        [a for a in legal_json(s3) if a["type"] == "mountHorse"],
        [w("mountHorse", 1, horseIndex=1, royalId="JH")],
    )
    err = rejected(
        s3, w("mountHorse", 1, horseIndex=0, royalId="JH"), "Failed to mount royal", "R18"
    )
    assert "already carries a rider" in str(err)


def test_r18_a_mounted_royal_cannot_be_eaten_or_shot() -> None:
    their = kingdom(combos=[combo("horse", "6H 6C", rider="QS")])
    s = position(hands={1: "4H 5H 6S AS 10H"}, kingdoms={1: kingdom(ready="2C 3C 7C"), 2: their})
    s1 = do(s, w("playCombination", 1, cardIds="4H 5H 6S", resourceToUseIds="2C 3C 7C"))
    err = rejected(
        s1,
        w("eatCharacter", 1, targetPlayerNumber=2, characterType="royal", characterId="QS"),
        "Failed to eat character",
        "R18",
    )
    assert "mounted" in str(err)
    s2 = do(s, w("playHailOfArrows", 1, cardIds="AS 10H"))
    rejected(
        s2,
        w("destroyWithHail", 1, targetPlayerNumber=2, targetType="royal", characterId="QS"),
        "Failed to destroy character",
        "R18",
    )


def test_r18_rider_dismounts_and_stays_when_its_beast_is_eaten() -> None:
    their = kingdom(combos=[combo("horse", "6H 6C", rider="QS")])
    s = position(hands={1: "4H 5H 6S"}, kingdoms={1: kingdom(ready="2C 3C 7C"), 2: their})
    s = do(
        s,
        w("playCombination", 1, cardIds="4H 5H 6S", resourceToUseIds="2C 3C 7C"),
        w("eatCharacter", 1, targetPlayerNumber=2, characterType="beast", beastIndex=0),
    )
    k2 = s.player(2).kingdom
    assert k2.combinations == () and k2.royals == (c("QS"),)
    assert set(cs("6H 6C")) <= set(s.discard_pile) and c("QS") not in s.discard_pile


# --- R19: structures ----------------------------------------------------------------------------


def test_r19_royals_enter_a_new_structure_one_by_one() -> None:
    s = position(hands={1: "9H 9C 9D"}, kingdoms={1: kingdom(ready="2C 3C 4C", royals="JD KC")})
    s = do(s, w("playCombination", 1, cardIds="9H 9C 9D", resourceToUseIds="2C 3C 4C"))
    assert head(s) == "castle-placement"
    assert same(
        [a for a in legal_json(s) if a["type"] == "placeRoyalInCastle"],
        [
            w("placeRoyalInCastle", 1, royalId="JD", castleIndex=0),
            w("placeRoyalInCastle", 1, royalId="KC", castleIndex=0),
        ],
    )
    s = do(s, w("placeRoyalInCastle", 1, royalId="JD", castleIndex=0))
    assert head(s) == "castle-placement"
    assert same(
        [a for a in legal_json(s) if a["type"] == "placeRoyalInCastle"],
        [w("placeRoyalInCastle", 1, royalId="KC", castleIndex=0)],
    )
    s = do(s, w("placeRoyalInCastle", 1, royalId="KC", castleIndex=0))
    assert s.pending == ()
    assert s.player(1).kingdom.combinations[0].protected == cs("JD KC")


def test_r19_structure_placement_is_skippable() -> None:
    s = position(hands={1: "9H 9C 9D"}, kingdoms={1: kingdom(ready="2C 3C 4C", royals="JD KC")})
    s = do(
        s,
        w("playCombination", 1, cardIds="9H 9C 9D", resourceToUseIds="2C 3C 4C"),
        w("placeRoyalInCastle", 1, royalId="KC", castleIndex=0),
        w("skipPendingAction", 1),
    )
    assert s.pending == ()
    assert s.player(1).kingdom.combinations[0].protected == cs("KC")


def test_r19_at_most_one_of_each_rank_and_three_royals() -> None:
    s = position(hands={1: "9H 9C 9D"}, kingdoms={1: kingdom(ready="2C 3C 4C", royals="JD JC")})
    s = do(
        s,
        w("playCombination", 1, cardIds="9H 9C 9D", resourceToUseIds="2C 3C 4C"),
        w("placeRoyalInCastle", 1, royalId="JD", castleIndex=0),
    )
    # the other Jack does not fit: nothing left to choose, the follow-up closes
    assert s.pending == ()
    rejected(
        s,
        w("placeRoyalInCastle", 1, royalId="JC", castleIndex=0),
        "Failed to place royal in castle/cathedral",
        "R13",
    )
    s = position(hands={1: "9H 9C 9D"}, kingdoms={1: kingdom(ready="2C 3C 4C", royals="JD JC KS")})
    s = do(
        s,
        w("playCombination", 1, cardIds="9H 9C 9D", resourceToUseIds="2C 3C 4C"),
        w("placeRoyalInCastle", 1, royalId="JD", castleIndex=0),
    )
    err = rejected(
        s,
        w("placeRoyalInCastle", 1, royalId="JC", castleIndex=0),
        "Failed to place royal in castle/cathedral",
        "R19",
    )
    assert "rank" in str(err)
    # three royals fill a structure (three royals inside always make a family, R27, so a
    # full structure is checked with the engine's slot rule)
    from kingdom_rules.followups import fits

    full = combo("castle", "9H 9C 9D", inside="JD RJ BJ")
    assert not fits(full, c("QH")) and not fits(full, c("KH"))
    assert not fits(combo("cathedral", "7H 7C 7D 7S", inside="JD QH KS"), c("RJ"))
    assert fits(combo("castle", "9H 9C 9D", inside="JD RJ"), c("BJ"))


def test_r19_royals_inside_cannot_be_eaten_shot_or_mounted() -> None:
    castle = combo("castle", "9H 9C 9D", inside="JS")
    their = kingdom(combos=[castle])
    s = position(hands={1: "4H 5H 6S AS 10H"}, kingdoms={1: kingdom(ready="2C 3C 7C"), 2: their})
    s1 = do(s, w("playCombination", 1, cardIds="4H 5H 6S", resourceToUseIds="2C 3C 7C"))
    assert s1.pending == ()  # nothing to eat: the follow-up was skipped
    rejected(
        s1,
        w("eatCharacter", 1, targetPlayerNumber=2, characterType="royal", characterId="JS"),
        "Failed to eat character",
        None,
    )
    s2 = do(s, w("playHailOfArrows", 1, cardIds="AS 10H"))
    assert s2.pending == ()
    # with a target on foot, the sheltered one is still refused with R19
    s = position(
        hands={1: "4H 5H 6S AS 10H"},
        kingdoms={1: kingdom(ready="2C 3C 7C"), 2: kingdom(royals="QC", combos=[castle])},
    )
    s1 = do(s, w("playCombination", 1, cardIds="4H 5H 6S", resourceToUseIds="2C 3C 7C"))
    rejected(
        s1,
        w("eatCharacter", 1, targetPlayerNumber=2, characterType="royal", characterId="JS"),
        "Failed to eat character",
        "R19",
    )
    s2 = do(s, w("playHailOfArrows", 1, cardIds="AS 10H"))
    rejected(
        s2,
        w("destroyWithHail", 1, targetPlayerNumber=2, targetType="royal", characterId="JS"),
        "Failed to destroy character",
        "R19",
    )


def test_r19_a_riding_royal_cannot_enter() -> None:
    horse = combo("horse", "2C 2D", rider="KD")
    s = position(
        hands={1: "9H 9C 9D"}, kingdoms={1: kingdom(ready="3C 4C 5C", royals="JD", combos=[horse])}
    )
    s = do(s, w("playCombination", 1, cardIds="9H 9C 9D", resourceToUseIds="3C 4C 5C"))
    assert same(
        [a["royalId"] for a in legal_json(s) if a["type"] == "placeRoyalInCastle"], ["diamonds-J"]
    )
    rejected(
        s,
        w("placeRoyalInCastle", 1, royalId="KD", castleIndex=1),
        "Failed to place royal in castle/cathedral",
        "R18",
    )


# --- R20: send to partner (4 players) -----------------------------------------------------------


def test_r20_a_mounted_beast_may_go_to_the_partner() -> None:
    s = position(
        4,
        hands={1: "6H 6C"},
        kingdoms={1: kingdom(ready="2H 3H", royals="JS"), 3: kingdom(royals="QD")},
    )
    s = do(
        s,
        w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"),
        w("mountHorse", 1, horseIndex=0, royalId="JS"),
    )
    assert head(s) == "partner-transfer"
    assert same(
        legal_json(s),
        [
            w("transferToPartner", 1, beastIndex=0),
            w("skipPendingAction", 1),
            w("passTurn", 1),
        ],
    )
    s2, events = act(s, w("transferToPartner", 1, beastIndex=0))
    k1, k3 = s2.player(1).kingdom, s2.player(3).kingdom
    assert k1.combinations == () and c("JS") not in k1.royals
    assert [(x.kind, x.rider) for x in k3.combinations] == [("horse", c("JS"))]
    assert set(k3.royals) == set(cs("QD JS"))
    assert any(e.type == "transferredToPartner" and e.data["partner"] == 3 for e in events)


def test_r20_keeping_the_beast() -> None:
    s = position(
        4, current=2, hands={2: "6H 6C"}, kingdoms={2: kingdom(ready="2H 3H", royals="JS")}
    )
    s = do(
        s,
        w("playCombination", 2, cardIds="6H 6C", resourceToUseIds="2H 3H"),
        w("mountHorse", 2, horseIndex=0, royalId="JS"),
        w("skipPendingAction", 2),
    )
    assert s.pending == () and s.player(2).kingdom.combinations[0].rider is c("JS")
    assert s.player(4).kingdom.combinations == ()


@pytest.mark.parametrize("n", [2, 3])
def test_r20_no_partner_transfer_without_four_players(n: int) -> None:
    s = position(n, hands={1: "6H 6C"}, kingdoms={1: kingdom(ready="2H 3H", royals="JS")})
    s = do(
        s,
        w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"),
        w("mountHorse", 1, horseIndex=0, royalId="JS"),
    )
    assert s.pending == ()
    rejected(s, w("transferToPartner", 1, beastIndex=0), "Failed to transfer to partner", None)


def test_r20_only_the_beast_just_mounted_goes() -> None:
    other = combo("horse", "7H 7C", rider="QD")
    s = position(
        4, hands={1: "6H 6C"}, kingdoms={1: kingdom(ready="2H 3H", royals="JS", combos=[other])}
    )
    s = do(
        s,
        w("playCombination", 1, cardIds="6H 6C", resourceToUseIds="2H 3H"),
        w("mountHorse", 1, horseIndex=1, royalId="JS"),
    )
    rejected(s, w("transferToPartner", 1, beastIndex=0), "Failed to transfer to partner", "R20")


def test_r20_partners_are_players_1_and_3_and_2_and_4() -> None:
    assert [kr.partner(p, 4) for p in (1, 2, 3, 4)] == [3, 4, 1, 2]
    for p in (1, 2, 3, 4):
        v = kr.view(position(4), p).to_json()
        assert [x["team"] for x in v["players"]] == [1, 2, 1, 2]
    assert all(x["team"] is None for x in kr.view(position(3), 1).to_json()["players"])


# --- R21: resurrection -------------------------------------------------------------------------


def test_r21_unicorn_resurrects_a_royal_from_the_discard_pile() -> None:
    s = position(
        hands={1: "2H 2C 8S 8D"}, kingdoms={1: kingdom(ready="3C 4C 5C 6C")}, discard="KS 5D QH"
    )
    s = do(s, w("playCombination", 1, cardIds="2H 2C 8S 8D", resourceToUseIds="3C 4C 5C 6C"))
    assert head(s) == "resurrection"
    assert same(
        [a for a in legal_json(s) if a["type"] == "resurrectRoyal"],
        [
            w("resurrectRoyal", 1, royalId="KS"),
            w("resurrectRoyal", 1, royalId="QH"),
        ],
    )
    rejected(s, w("resurrectRoyal", 1, royalId="5D"), "Failed to resurrect royal", "R21")
    rejected(s, w("resurrectRoyal", 1, royalId="JH"), "Failed to resurrect royal", "R21")
    s2, events = act(s, w("resurrectRoyal", 1, royalId="KS"))
    assert c("KS") in s2.player(1).kingdom.royals and c("KS") not in s2.discard_pile
    # then the unicorn may be mounted (by the resurrected King)
    assert head(s2) == "mounting"
    assert w("mountHorse", 1, horseIndex=0, royalId="KS") in legal_json(s2)


def test_r21_divine_dragon_resurrects() -> None:
    s = position(hands={1: "3S 4S 5S 6S"}, kingdoms={1: kingdom(ready="3C 4C 5C 6C")}, discard="QH")
    s = do(s, w("playCombination", 1, cardIds="3S 4S 5S 6S", resourceToUseIds="3C 4C 5C 6C"))
    assert head(s) == "resurrection"  # no structure to demolish: demolishing skipped
    s = do(s, w("resurrectRoyal", 1, royalId="QH"))
    assert c("QH") in s.player(1).kingdom.royals
    assert head(s) == "mounting"


def test_r21_resurrection_is_skippable() -> None:
    s = position(
        hands={1: "2H 2C 8S 8D"},
        kingdoms={1: kingdom(ready="3C 4C 5C 6C", royals="JH")},
        discard="KS",
    )
    s = do(
        s,
        w("playCombination", 1, cardIds="2H 2C 8S 8D", resourceToUseIds="3C 4C 5C 6C"),
        w("skipPendingAction", 1),
    )
    assert c("KS") in s.discard_pile
    assert head(s) == "mounting"


def test_r21_nothing_happens_when_the_pile_holds_no_royal() -> None:
    s = position(hands={1: "2H 2C 8S 8D"}, kingdoms={1: kingdom(ready="3C 4C 5C 6C")}, discard="5D")
    s = do(s, w("playCombination", 1, cardIds="2H 2C 8S 8D", resourceToUseIds="3C 4C 5C 6C"))
    assert s.pending == ()
    assert "resurrection" not in pending_types(s)


def test_r21_any_player_may_resurrect_an_opponents_royal() -> None:
    s = position(
        hands={1: "2H 2C 8S 8D AS 10H"},
        kingdoms={1: kingdom(ready="3C 4C 5C 6C"), 2: kingdom(royals="KD")},
    )
    s = do(
        s,
        w("playHailOfArrows", 1, cardIds="AS 10H"),
        w("destroyWithHail", 1, targetPlayerNumber=2, targetType="royal", characterId="KD"),
    )
    assert c("KD") in s.discard_pile
    s = do(
        s,
        w("playCombination", 1, cardIds="2H 2C 8S 8D", resourceToUseIds="3C 4C 5C 6C"),
        w("resurrectRoyal", 1, royalId="KD"),
    )
    assert c("KD") in s.player(1).kingdom.royals
    assert ids(s.player(2).kingdom.royals) == []
