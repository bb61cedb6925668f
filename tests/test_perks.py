"""Play perks (kingdom_rules.perks) through the engine's API: a Spire combat whose setup gives
the runner a perk plays by the changed rule, the same hand without it by R14-R25; a setup
carries its perks through JSON; an unknown perk is refused."""

from __future__ import annotations

import pytest

import kingdom_rules as kr
from kingdom_rules.actions import DestroyWithHail
from kingdom_rules.perks import PERKS, Perks, PlayPerk, dragon_refund

C = kr.Card.parse
SPARE = ("2C", "3C", "4C", "7D", "8D", "9C")
"""Cards of the runner's pile under the opening hand: what the perks' extra draws take."""


def table(perk: PlayPerk | None, hand: tuple[str, ...], ready: tuple[str, ...],
          enemy_royals: tuple[str, ...] = ()) -> kr.GameState:
    """A Spire combat at the runner's first play: ``hand`` in hand (plus the starting
    resource chosen, which is ``hand``'s last card), ``ready`` resources ready in the
    kingdom, the enemy's kingdom holding ``enemy_royals``, and the runner's perk."""
    cards = tuple(C(t) for t in hand)
    setup = kr.SpireSetup(
        run_deck=cards + tuple(C(t) for t in SPARE), fortified=cards,
        hand_sizes=(len(cards), 4),
        kingdoms=(kr.StartingKingdom(resources=tuple(C(t) for t in ready)),
                  kr.StartingKingdom(royals=tuple(C(t) for t in enemy_royals))),
        perks=(Perks.of({perk: 1} if perk else {}), Perks()))
    state = kr.new_game(2, seed=3, setup=setup)
    state, _ = kr.apply(state, kr.ChooseStartingResource(1, cards[-1]))
    acts = kr.legal_actions(state, 2)
    state, _ = kr.apply(state, acts[0])
    state, _ = kr.apply(state, kr.legal_actions(state, 1)[0])  # the runner's draw
    assert state.phase == "playing" and state.current_player == 1
    return state


def hand_after(perk: PlayPerk | None, hand: tuple[str, ...], ready: tuple[str, ...],
               play: tuple[str, ...], paid: tuple[str, ...]) -> int:
    """Cards in the runner's hand after playing ``play`` (a combination) with ``paid``."""
    state = table(perk, hand, ready)
    before = len(state.players[0].hand)
    state, _ = kr.apply(state, kr.PlayCombination(1, tuple(C(t) for t in play),
                                                  tuple(C(t) for t in paid)))
    return len(state.players[0].hand) - before


@pytest.mark.parametrize(("perk", "play", "extra"), [
    ("horse_draw", ("5H", "5S"), 1),
    ("horse_draw", ("4H", "5S", "6D"), 0),
    ("dragon_draw", ("4H", "5S", "6D"), 1),
    ("dragon_draw", ("5H", "5S"), 0),
    ("suited_draw", ("4H", "5H", "6H"), 1),
    ("suited_draw", ("4H", "5S", "6D"), 0),
    ("structure_draw", ("5H", "5S", "5D"), 1),
    ("structure_draw", ("5H", "5S"), 0),
])
def test_a_draw_perk_adds_its_cards_to_its_combinations_only(
        perk: PlayPerk, play: tuple[str, ...], extra: int) -> None:
    hand = (*play, "10C")
    ready = ("2H", "3H", "7H")
    paid = ready[:2] if len(play) == 2 else ready  # a Horse costs 2, the others 3 (R14)
    assert hand_after(perk, hand, ready, play, paid) == hand_after(
        None, hand, ready, play, paid) + extra


def test_dragon_refund_readies_a_resource_of_the_first_dragon_only() -> None:
    hand = ("4H", "5S", "6D", "7S", "10C")
    ready = ("2H", "3H", "6H", "8H")
    dragon = kr.PlayCombination(1, (C("4H"), C("5S"), C("6D")), (C("2H"), C("3H"), C("6H")))

    def ready_after(perk: PlayPerk | None) -> list[kr.Card]:
        state, _ = kr.apply(table(perk, hand, ready), dragon)
        return [r.card for r in state.players[0].kingdom.resources if r.ready]

    # The first resource named turns ready again: the dragon cost 2 in effect.
    assert ready_after("dragon_refund") == sorted(
        [*ready_after(None), C("2H")], key=lambda c: [r.card for r in table(
            None, hand, ready).players[0].kingdom.resources].index(c))
    # The refund never changes what is legal: a dragon's payments are still 3 resources.
    acts = kr.legal_actions(table("dragon_refund", hand, ready), 1)
    assert {len(a.resources) for a in acts
            if isinstance(a, kr.PlayCombination) and len(a.cards) == 3} == {3}
    # With a dragon in the kingdom, the next one is paid in full.
    state, _ = kr.apply(table("dragon_refund", hand, ready), dragon)
    combos = state.players[0].kingdom.combinations
    assert dragon_refund(Perks.of({"dragon_refund": 1}), "dragon", combos) == 0
    assert dragon_refund(Perks.of({"dragon_refund": 1}), "dragon", ()) == 1
    assert dragon_refund(Perks.of({"dragon_refund": 1}), "horse", ()) == 0


def test_royal_draw_makes_a_king_draw() -> None:
    hand = ("KH", "5C", "9S")
    ready = ("2H", "3H", "7H")

    def drawn(perk: PlayPerk | None) -> int:
        state = table(perk, hand, ready)
        before = len(state.players[0].hand)
        state, _ = kr.apply(state, kr.PlayRoyal(1, C("KH"), (C("2H"), C("3H"), C("7H"))))
        return len(state.players[0].hand) - before

    assert drawn("royal_draw") == drawn(None) + 1


def test_volley_shots_strike_one_more_target() -> None:
    hand = ("AH", "10S", "5C")

    def royals_left(perk: PlayPerk | None) -> int:
        state = table(perk, hand, ("2H",), enemy_royals=("JC", "QD"))
        state, _ = kr.apply(state, kr.PlayHailOfArrows(1, (C("AH"), C("10S"))))
        while state.pending and state.current_player == 1:
            shots = [a for a in kr.legal_actions(state, 1) if isinstance(a, DestroyWithHail)]
            if not shots:
                break
            state, _ = kr.apply(state, shots[0])
        return len(state.players[1].kingdom.royals)

    assert royals_left(None) == 1
    assert royals_left("volley_shots") == 0


def test_a_setup_carries_its_perks_and_refuses_unknown_ones() -> None:
    setup = kr.SpireSetup(run_deck=(C("QH"), C("2H"), C("3H")),
                          perks=(Perks.of({"horse_draw": 1, "volley_shots": 2}), Perks()))
    data = setup.to_json()
    assert data["perks"] == [{"horse_draw": 1, "volley_shots": 2}, {}]
    assert kr.setup_from_json(data) == setup
    assert "perks" not in kr.SpireSetup(run_deck=(C("QH"), C("2H"))).to_json()
    with pytest.raises(ValueError, match="Unknown play perk"):
        kr.setup_from_json({**data, "perks": [{"fly": 1}, {}]})
    with pytest.raises(ValueError):
        Perks.of({"horse_draw": -1})
    assert set(PERKS) == {"dragon_refund", "horse_draw", "dragon_draw", "suited_draw",
                          "structure_draw", "royal_draw", "volley_shots"}
