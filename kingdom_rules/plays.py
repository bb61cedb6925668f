"""The plays of a turn after the draw: resources (R8, R9), royals (R10-R13), combinations
(R14-R16) and Hail of Arrows / Flaming Salvo (R15). Each checks the action and returns the
next state with the follow-ups it opens queued in ``state.pending``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from kingdom_rules.actions import (
    PlayCombination,
    PlayHailOfArrows,
    PlayResource,
    PlayRoyal,
    RotateResource,
)
from kingdom_rules.cards import ALL_CARDS, Card
from kingdom_rules.combinations import DRAGONS, RULES, STRUCTURES, classify, is_hail
from kingdom_rules.errors import IllegalAction
from kingdom_rules.events import Event
from kingdom_rules.followups import slays
from kingdom_rules.kinds import FollowUpKind
from kingdom_rules.perks import (
    dragon_refund,
    extra_draws,
    perks_of,
    royal_draws,
    volley_shots,
)
from kingdom_rules.state import (
    Combination,
    GameState,
    Kingdom,
    Pending,
    Resource,
    evolve,
    hand_of,
    holds,
    kingdom_of,
    resource,
    with_hand,
    with_resources,
)
from kingdom_rules.table import discard, draw_into_hand, with_kingdom, without


def _in_hand(hand: tuple[Card, ...], cards: tuple[Card, ...] | list[Card], rule: str) -> None:
    for c in cards:
        if not holds(hand, c):
            raise IllegalAction(f"{c.short} is not in your hand", rule)
    for i, c in enumerate(cards):
        if holds(cards[:i], c):
            raise IllegalAction("The same card is named twice", rule)


def _use_resources(
    kingdom: Kingdom, chosen: tuple[Card, ...], needed: int, color: str | None, what: str, rule: str
) -> tuple[Resource, ...]:
    """The kingdom's resources with ``chosen`` turned from ready to used, after checking them."""
    for i, c in enumerate(chosen):
        if holds(chosen[:i], c):
            raise IllegalAction("The same resource is named twice", rule)
    if len(chosen) != needed:
        colour = f" {color}" if color else ""
        raise IllegalAction(f"{what} costs {needed} ready{colour} resources", rule)
    out: list[Resource] = []
    turned = 0
    wrong_color = False
    for r in kingdom.resources:
        if r.ready and holds(chosen, r.card):
            out.append(resource(r.card, False))
            turned += 1
            if color and r.card.color != color:
                wrong_color = True
        else:
            out.append(r)
    if turned != needed or wrong_color:
        # Find the first named card at fault, in the order named.
        ready = [r.card for r in kingdom.resources if r.ready]
        for c in chosen:
            if c not in ready:
                raise IllegalAction(f"{c.short} is not a ready resource of your kingdom", rule)
            if color and c.color != color:
                raise IllegalAction(
                    f"{what} needs {color} resources; {c.short} is {c.color}", rule
                )
    return tuple(out)


_USED: Final = tuple(resource(c, False) for c in ALL_CARDS)
"""``resource(card, False)`` by ``card.order`` (the interned used resources, read directly)."""


def _ready_again(resources: tuple[Resource, ...], cards: tuple[Card, ...]) -> tuple[Resource, ...]:
    """``resources`` with ``cards`` turned ready again (a perk's refund)."""
    return tuple(resource(r.card, True) if r.card in cards else r for r in resources)


def _ready_index(resources: tuple[Resource, ...], card: Card, rule: str) -> int:
    for i, r in enumerate(resources):
        if r.card is card:
            if not r.ready:
                raise IllegalAction(f"{card.short} is used: only a ready resource serves", rule)
            return i
    raise IllegalAction(f"{card.short} is not a resource of your kingdom", rule)


def play_resource(state: GameState, action: PlayResource, events: list[Event]) -> GameState:
    """R8: the new resource enters used, one ready resource turns used."""
    n = action.player
    card = action.card
    hand = hand_of(state, n)
    if not holds(hand, card):
        raise IllegalAction(f"{card.short} is not in your hand", "R8")
    if not card.is_number:
        raise IllegalAction("Only number cards (A to 10) are resources", "R8")
    kingdom = kingdom_of(state, n)
    resources = kingdom.resources
    i = _ready_index(resources, action.resource, "R8")
    resources = (
        resources[:i]
        + (_USED[action.resource.order],)
        + resources[i + 1 :]
        + (_USED[card.order],)
    )
    return with_kingdom(
        state, n, with_resources(kingdom, resources), tuple([c for c in hand if c is not card]),
        played=True,
    )


def rotate_resource(state: GameState, action: RotateResource, events: list[Event]) -> GameState:
    """R9: a ready resource goes to the hand, a number card from hand takes its place, used."""
    n = action.player
    card, out = action.card, action.resource
    hand = hand_of(state, n)
    if not holds(hand, card):
        raise IllegalAction(f"{card.short} is not in your hand", "R9")
    if not card.is_number:
        raise IllegalAction("Only number cards (A to 10) can be rotated in", "R9")
    kingdom = kingdom_of(state, n)
    resources = kingdom.resources
    i = _ready_index(resources, out, "R9")
    resources = resources[:i] + (_USED[card.order],) + resources[i + 1 :]
    kept = [c for c in hand if c is not card]
    kept.append(out)
    return with_kingdom(
        state, n, with_resources(kingdom, resources), tuple(kept), played=True,
    )


ROYAL_NAMES = {"J": "A Jack", "Q": "A Queen", "K": "A King", "JOKER": "A Hero"}


def play_royal(state: GameState, action: PlayRoyal, events: list[Event]) -> GameState:
    """R10-R13: pay in ready resources of the royal's colour; J and Q draw one card; a King or
    Hero may slay; then the royal may mount a beast or enter a structure."""
    n = action.player
    hand = hand_of(state, n)
    card = action.card
    _in_hand(hand, (card,), "R10")
    if not card.is_royal:
        raise IllegalAction(f"{card.short} is not a royal", "R10")
    what = ROYAL_NAMES[card.rank]
    kingdom = kingdom_of(state, n)
    resources = _use_resources(kingdom, action.resources, card.cost, card.color, what, "R10")
    kingdom = Kingdom(resources, kingdom.royals + (card,), kingdom.combinations)
    state = with_kingdom(state, n, kingdom, without(hand, (card,)))
    if card.rank in ("J", "Q"):
        state = draw_into_hand(state, n, 1)
    elif state.setup.own_piles:  # a Spire perk may make a King or Hero draw
        extra = royal_draws(perks_of(state.setup, n), card)
        if extra:
            state = draw_into_hand(state, n, extra)
    events.append(Event("royalPlayed", {"player": n, "royalId": card.id}))
    # ``state`` is a draft of this play's own (with_kingdom, draw_into_hand): finished here
    state._put_pending(_AFTER_ROYAL[card])
    state._put_played(True, 0)
    return state


_AFTER_ROYAL: dict[Card, tuple[Pending, ...]] = {
    card: (
        (Pending("slaying", "after-royal", royal=card),) if slays(card) else ()
    )
    + (
        Pending("mounting", "after-royal", royal=card),
        Pending("castle-placement", "after-royal", royal=card),
    )
    for card in ALL_CARDS
    if card.is_royal
}
"""The follow-ups a royal opens (R13): slaying for a King or Hero, then mounting and entering a
structure. Made once per royal: they are immutable values."""


def play_combination(state: GameState, action: PlayCombination, events: list[Event]) -> GameState:
    """R14-R21: build the beast or structure, draw its cards, queue its follow-ups."""
    n = action.player
    hand = hand_of(state, n)
    cards = action.cards
    _in_hand(hand, cards, "R14")
    kind = classify(cards)
    if kind is None:
        raise IllegalAction("Those cards form no combination", "R14")
    rule = RULES[kind]
    kingdom = kingdom_of(state, n)
    resources = _use_resources(
        kingdom, action.resources, rule.resources, None, f"A {rule.name}", "R14"
    )
    perks = perks_of(state.setup, n)  # a Spire perk may refund a dragon, add draws
    back = dragon_refund(perks, kind, kingdom.combinations)
    if back:
        resources = _ready_again(resources, action.resources[:back])
    kingdom = Kingdom(
        resources, kingdom.royals, kingdom.combinations + (Combination(kind, cards),)
    )
    state = with_kingdom(state, n, kingdom, without(hand, cards))
    state = draw_into_hand(state, n, rule.draws(len(cards)) + extra_draws(perks, kind))
    events.append(Event("combinationBuilt", {"player": n, "kind": kind}))
    first = cards[0]
    pending: list[Pending] = []
    if kind in STRUCTURES:
        pending.append(Pending("castle-placement", "after-structure", structure=first, kind=kind))
    else:
        if kind == "divine-dragon":
            pending.append(
                Pending(
                    "demolishing",
                    "after-beast",
                    beast=first,
                    kind=kind,
                    can_demolish_castles=True,
                    can_demolish_cathedrals=True,
                )
            )
        elif kind in DRAGONS:
            pending.append(
                Pending(
                    "eating",
                    "after-beast",
                    beast=first,
                    kind=kind,
                    eat_count=rule.can_eat,
                    can_demolish_castles=rule.demolishes_castles,
                    can_demolish_cathedrals=rule.demolishes_cathedrals,
                )
            )
        if rule.resurrects:
            pending.append(Pending("resurrection", "after-beast", beast=first, kind=kind))
        pending.append(Pending("mounting", "after-beast", beast=first, kind=kind))
    state._put_pending(tuple(pending))  # a draft of this play's own, as in play_royal
    state._put_played(True, 0)
    return state


def play_hail(state: GameState, action: PlayHailOfArrows, events: list[Event]) -> GameState:
    """R15, R25, R26: both cards go to the discard pile; the target is chosen next."""
    n = action.player
    hand = hand_of(state, n)
    cards = action.cards
    _in_hand(hand, cards, "R15")
    if not is_hail(cards):
        raise IllegalAction("Hail of Arrows requires exactly 2 cards (one Ace and one 10)", "R15")
    salvo = cards[0].suit == cards[1].suit
    state = discard(with_hand(state, n, without(hand, cards)), cards)
    kind: FollowUpKind = "flaming-salvo" if salvo else "hail-of-arrows"
    return evolve(
        state,
        last_hail_was_flaming_salvo=salvo,
        pending=(Pending(kind, "after-hail"),) * volley_shots(perks_of(state.setup, n)),
        played_this_turn=True,
        quiet_turns=0,
    )


PLAYS: dict[type, Callable[[GameState, Any, list[Event]], GameState]] = {
    PlayResource: play_resource,
    RotateResource: rotate_resource,
    PlayRoyal: play_royal,
    PlayCombination: play_combination,
    PlayHailOfArrows: play_hail,
}
