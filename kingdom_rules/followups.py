"""Follow-ups: what the current player may do right after a play (R13, R17-R26).

A follow-up is a :class:`Pending` at the head of ``state.pending``. :func:`options` lists every
way to answer it; :func:`answer` carries one out. Both read the same rules below, so what is
listed is exactly what is accepted.
"""

from __future__ import annotations

from typing import Final

import attrs

from kingdom_rules.actions import (
    Action,
    DemolishCastle,
    DemolishCathedral,
    DestroyWithHail,
    EatCharacter,
    EatFreedRoyal,
    MountBeast,
    PlaceRoyalInCastle,
    ResurrectRoyal,
    SkipDemolitionEat,
    SlayDragon,
    TransferToPartner,
    position_of,
)
from kingdom_rules.cards import DECK, Card
from kingdom_rules.combinations import (
    DRAGONS,
    HAIL_BEASTS,
    HORSE_TYPES,
    RIDER_SURVIVES_SALVO,
    RULES,
    SALVO_BEASTS,
    SLAYABLE,
)
from kingdom_rules.errors import IllegalAction
from kingdom_rules.events import Event
from kingdom_rules.scoring import are_opponents, partner
from kingdom_rules.state import (
    Combination,
    GameState,
    Kingdom,
    Pending,
    evolve,
    holds,
    kingdom_of,
    with_pending,
)
from kingdom_rules.table import add_reward, discard, with_kingdom

HEADLINES: dict[type, str] = {
    MountBeast: "Failed to mount royal",
    TransferToPartner: "Failed to transfer to partner",
    EatCharacter: "Failed to eat character",
    DemolishCastle: "Failed to demolish castle",
    DemolishCathedral: "Failed to demolish cathedral",
    EatFreedRoyal: "Failed to eat royal",
    SlayDragon: "Failed to slay dragon",
    ResurrectRoyal: "Failed to resurrect royal",
    PlaceRoyalInCastle: "Failed to place royal in castle/cathedral",
    DestroyWithHail: "Failed to destroy character",
}

ANSWERS: dict[type, tuple[str, ...]] = {
    MountBeast: ("mounting",),
    TransferToPartner: ("partner-transfer",),
    EatCharacter: ("eating",),
    DemolishCastle: ("eating", "demolishing"),
    DemolishCathedral: ("eating", "demolishing"),
    EatFreedRoyal: ("eating",),
    SlayDragon: ("slaying",),
    ResurrectRoyal: ("resurrection",),
    PlaceRoyalInCastle: ("castle-placement",),
    DestroyWithHail: ("hail-of-arrows", "flaming-salvo"),
}
"""Which follow-up each answer belongs to."""


# --- shared rules ------------------------------------------------------------------------
# Each rule is stated once, as a refusal: None when the rule allows it, else the message and
# ruling a player is shown. The listing (:func:`options`) offers what no rule refuses; the
# explanation of a refused answer (:func:`_why_not`) gives the first refusal.

Refusal = tuple[str, str]
"""Why the rules refuse something: the message and its ruling number."""


def index_of(kingdom: Kingdom, first: Card | None) -> int | None:
    """Where the combination whose first card is ``first`` stands in the kingdom."""
    for i, c in enumerate(kingdom.combinations):
        if c.cards[0] is first:
            return i
    return None


def ride_refusal(beast: Combination, royal: Card) -> Refusal | None:
    """R18: a beast carries one rider; a dragon only a Queen or a Hero."""
    if not beast.is_beast:
        return "Only a beast can be mounted", "R18"
    if beast.rider is not None:
        return "That beast already carries a rider", "R18"
    if beast.is_dragon and royal.rank != "Q" and not royal.is_hero:
        return "A dragon carries only a Queen or a Hero", "R18"
    return None


def can_ride(beast: Combination, royal: Card) -> bool:
    """R18 (:func:`ride_refusal`)."""
    return ride_refusal(beast, royal) is None


def shelter_refusal(structure: Combination, royal: Card) -> Refusal | None:
    """R19: up to 3 royals, at most one each of J, Q, K; a Hero fills any free slot."""
    if not structure.is_structure:
        return "That is not a castle or cathedral", "R19"
    inside = structure.protected
    if len(inside) >= 3:
        return "That structure is full", "R19"
    if not royal.is_hero and any(r.rank == royal.rank for r in inside):
        return "That structure already holds a royal of that rank", "R19"
    return None


def fits(structure: Combination, royal: Card) -> bool:
    """R19 (:func:`shelter_refusal`)."""
    return shelter_refusal(structure, royal) is None


def eat_royal_refusal(royal: Card) -> Refusal | None:
    """R22: a dragon eats any royal on foot but a Hero."""
    if royal.is_hero:
        return "A Hero cannot be eaten", "R22"
    return None


def eat_beast_refusal(kind: str) -> Refusal | None:
    """R22, R23: a dragon eats horses and unicorns; dragons are never eaten, structures are
    demolished."""
    if kind in HORSE_TYPES:
        return None
    if kind in DRAGONS:
        return "Dragons are never eaten", "R22"
    return "Structures are demolished, not eaten", "R23"


def slays(royal: Card) -> bool:
    """R24: a King or a Hero, just played, may slay a dragon."""
    return royal.rank == "K" or royal.is_hero


def slay_refusal(kind: str) -> Refusal | None:
    """R24: every dragon but the Divine Dragon can be slain."""
    if kind in SLAYABLE:
        return None
    if kind == "divine-dragon":
        return "A Divine Dragon cannot be slain", "R24"
    return "Only dragons can be slain", "R24"


def slay_reward(dragon: Combination) -> int:
    """R24: a slain dragon owes its slayer one card fewer than it has."""
    return len(dragon.cards) - 1


def shot_refusal(kind: str | None, target_type: str, salvo: bool) -> Refusal | None:
    """R25, R26: what a Hail of Arrows (``salvo`` False) or a Flaming Salvo may destroy, for a
    target of ``target_type`` (royal, beast or castle) that is a combination of ``kind``
    (None for a royal on foot)."""
    if (target_type, kind) in (_SALVO_TARGETS if salvo else _HAIL_TARGETS):
        return None
    if kind in ("divine-dragon", "cathedral"):
        return "Divine Dragons and cathedrals are immune", "R26"
    if not salvo and kind is not None and kind in DRAGONS:
        return "Golden, Silver and Divine Dragons are immune to Hail of Arrows", "R25"
    return _SHOT_TARGETS[salvo]


_SHOT_TARGETS: Final = {
    False: ("Hail of Arrows strikes an unprotected royal or a beast", "R25"),
    True: ("Flaming Salvo strikes a beast or a castle", "R26"),
}
_HAIL_TARGETS: Final = frozenset({("royal", None)} | {("beast", k) for k in HAIL_BEASTS})
_SALVO_TARGETS: Final = frozenset({("beast", k) for k in SALVO_BEASTS} | {("castle", "castle")})


def demolish_refusal(pending: Pending, kind: str, wanted: str) -> Refusal | None:
    """R23: a Golden or Silver Dragon demolishes castles, Silver and Divine cathedrals too."""
    if kind != wanted:
        return f"There is no {wanted} at that position", "R23"
    if wanted == "castle":
        allowed = pending.can_demolish_castles
    else:
        allowed = pending.can_demolish_cathedrals
    if not allowed:
        return f"This dragon cannot demolish a {wanted}", "R23"
    return None


# The same rules as sets, asked of the functions above once (the listing and the bots test
# membership on every call; a function call per candidate would cost more).
EDIBLE_ROYALS: Final = frozenset(c for c in DECK if c.is_royal and eat_royal_refusal(c) is None)
"""Royals (faces: ask with ``card.face``) a dragon may eat when they stand on foot (R22)."""
EDIBLE_BEASTS: Final = frozenset(k for k in RULES if eat_beast_refusal(k) is None)
"""Kinds a dragon may eat (R22, R23)."""
SLAYABLE_KINDS: Final = frozenset(k for k in RULES if slay_refusal(k) is None)
"""Kinds a King or Hero may slay (R24)."""
SHOT_KINDS: Final = {
    (target_type, salvo): frozenset(k for k in RULES if shot_refusal(k, target_type, salvo) is None)
    for target_type in ("beast", "castle")
    for salvo in (False, True)
}
"""Kinds a Hail of Arrows (``salvo`` False) or a Flaming Salvo may destroy, by target type."""
HAIL_HITS_ROYALS: Final = shot_refusal(None, "royal", False) is None
SALVO_HITS_ROYALS: Final = shot_refusal(None, "royal", True) is None


def opponents(state: GameState, me: int) -> list[int]:
    n = state.player_count
    return [o for o in range(1, n + 1) if are_opponents(me, o, n)]


# --- options ------------------------------------------------------------------------------

_OWN_COMBINATION = frozenset({"mounting", "castle-placement", "partner-transfer"})
"""Follow-ups answered with a beast or structure of the current player's own kingdom."""


def options(state: GameState, pending: Pending) -> list[Action]:
    """Every answer to ``pending`` open to the current player, in a fixed order."""
    me = state.current_player
    t = pending.type
    out: list[Action] = []
    kingdom = kingdom_of(state, me)
    if t in _OWN_COMBINATION and not kingdom.combinations:
        return out
    if t == "mounting":
        combos = kingdom.combinations
        free = kingdom.free_royals()
        if pending.context == "after-beast":
            i = index_of(kingdom, pending.beast)
            if i is not None:
                out = [MountBeast(me, i, r) for r in free if ride_refusal(combos[i], r) is None]
        elif pending.royal is not None and holds(free, pending.royal):
            r = pending.royal
            out = [MountBeast(me, i, r) for i, c in enumerate(combos) if ride_refusal(c, r) is None]
    elif t == "castle-placement":
        combos = kingdom.combinations
        free = kingdom.free_royals()
        if pending.context == "after-structure":
            i = index_of(kingdom, pending.structure)
            if i is not None:
                out = [
                    PlaceRoyalInCastle(me, r, i)
                    for r in free
                    if shelter_refusal(combos[i], r) is None
                ]
        elif pending.royal is not None and holds(free, pending.royal):
            r = pending.royal
            out = [
                PlaceRoyalInCastle(me, r, i)
                for i, c in enumerate(combos)
                if shelter_refusal(c, r) is None
            ]
    elif t == "partner-transfer":
        i = index_of(kingdom, pending.beast)
        if i is not None and partner(me, state.player_count):
            out = [TransferToPartner(me, i)]
    elif t == "resurrection":
        out = [ResurrectRoyal(me, c) for c in state.discard_pile if c.is_royal]
    elif t == "eating" and pending.context == "freed-royal":
        target = kingdom_of(state, pending.target_player)
        free = target.free_royals()
        out = [
            EatFreedRoyal(me, r)
            for r in pending.freed
            if r.face in EDIBLE_ROYALS and holds(free, r)
        ]
    else:
        for o in opponents(state, me):
            out.extend(_against(state, pending, me, o))
    return out


def _against(state: GameState, pending: Pending, me: int, o: int) -> list[Action]:
    """Answers aimed at opponent ``o``: eating, demolishing, slaying, Hail and Salvo."""
    kingdom = kingdom_of(state, o)
    combos = kingdom.combinations
    t = pending.type
    out: list[Action] = []
    if t == "eating":
        if pending.eat_count > 0:
            out += [
                EatCharacter(me, o, "royal", character=r)
                for r in kingdom.free_royals()
                if r.face in EDIBLE_ROYALS
            ]
            out += [
                EatCharacter(me, o, "beast", beast_index=i)
                for i, c in enumerate(combos)
                if c.kind in EDIBLE_BEASTS
            ]
        out += _demolitions(pending, me, o, combos)
    elif t == "demolishing":
        out += _demolitions(pending, me, o, combos)
    elif t == "slaying":
        out += [SlayDragon(me, o, i) for i, c in enumerate(combos) if c.kind in SLAYABLE_KINDS]
    elif t == "hail-of-arrows" or t == "flaming-salvo":
        salvo = t == "flaming-salvo"
        beasts, castles = SHOT_KINDS["beast", salvo], SHOT_KINDS["castle", salvo]
        if SALVO_HITS_ROYALS if salvo else HAIL_HITS_ROYALS:
            out += [DestroyWithHail(me, o, "royal", character=r) for r in kingdom.free_royals()]
        out += [
            DestroyWithHail(me, o, "beast", beast_index=i)
            for i, c in enumerate(combos)
            if c.kind in beasts
        ]
        out += [
            DestroyWithHail(me, o, "castle", castle_index=i)
            for i, c in enumerate(combos)
            if c.kind in castles
        ]
    return out


def _demolitions(
    pending: Pending, me: int, o: int, combos: tuple[Combination, ...]
) -> list[Action]:
    out: list[Action] = []
    for i, c in enumerate(combos):
        if c.kind == "castle" and demolish_refusal(pending, c.kind, "castle") is None:
            out.append(DemolishCastle(me, o, i))
        elif c.kind == "cathedral" and demolish_refusal(pending, c.kind, "cathedral") is None:
            out.append(DemolishCathedral(me, o, i))
    return out


# --- answering -----------------------------------------------------------------------------


def answer(state: GameState, pending: Pending, action: Action, events: list[Event]) -> GameState:
    """Carry out ``action`` as the answer to ``pending``; IllegalAction if it is not one."""
    if (
        pending.type not in ANSWERS.get(type(action), ())
        or (pending.context == "freed-royal" and type(action) is not EatFreedRoyal)
        or (type(action) is EatFreedRoyal and pending.context != "freed-royal")
    ):
        label = pending.type.replace("-", " ")
        raise IllegalAction(f"Answer the {label} follow-up first, or skip it", "R7")
    if action._PLACES:
        action = _resolve(state, action)
    if action not in options(state, pending):
        message, rule = _why_not(state, pending, action)
        raise IllegalAction(message, rule)
    me = state.current_player
    rest = state.pending[1:]
    if isinstance(action, MountBeast):
        i = position_of(action)
        state = _update_combination(
            state, me, i, lambda c: Combination(c.kind, c.cards, action.royal, c.protected)
        )
        beast = kingdom_of(state, me).combinations[i]
        events.append(Event("mounted", {"player": me, "royalId": action.royal.id}))
        if partner(me, state.player_count):
            rest = (
                Pending("partner-transfer", "after-mount", beast=beast.cards[0], kind=beast.kind),
            ) + rest
        return with_pending(state, rest)
    if isinstance(action, PlaceRoyalInCastle):
        state = _update_combination(
            state,
            me,
            position_of(action),
            lambda c: Combination(c.kind, c.cards, c.rider, c.protected + (action.royal,)),
        )
        events.append(Event("royalPlaced", {"player": me, "royalId": action.royal.id}))
        keep = pending.context == "after-structure"
        return with_pending(state, state.pending if keep else rest)
    if isinstance(action, TransferToPartner):
        mate = partner(me, state.player_count)
        assert mate is not None
        state, beast = _remove_combination(state, me, position_of(action))
        if beast.rider is not None:
            state = _move_royal(state, me, mate, beast.rider)
        mk = kingdom_of(state, mate)
        mk = Kingdom(mk.resources, mk.royals, mk.combinations + (beast,))
        state = _set_kingdom(state, mate, mk)
        events.append(Event("transferredToPartner", {"player": me, "partner": mate}))
        return with_pending(state, rest)
    if isinstance(action, ResurrectRoyal):
        card = action.royal
        state = evolve(state, discard_pile=tuple(c for c in state.discard_pile if c is not card))
        k = kingdom_of(state, me)
        state = _set_kingdom(state, me, Kingdom(k.resources, k.royals + (card,), k.combinations))
        events.append(Event("royalResurrected", {"player": me, "royalId": card.id}))
        return with_pending(state, rest)
    if isinstance(action, SlayDragon):
        state, dragon = _remove_combination(state, action.target_player, position_of(action))
        state = discard(state, dragon.cards)
        state = add_reward(state, me, slay_reward(dragon))
        events.append(Event("dragonSlain", {"player": me, "target": action.target_player}))
        return with_pending(state, rest)
    if isinstance(action, DestroyWithHail):
        return evolve(_destroy(state, pending, action, events), pending=rest)
    if isinstance(action, EatCharacter):
        o = action.target_player
        if action.character_type == "royal":
            assert action.character is not None
            state = _kill_royal(state, o, action.character)
        else:
            state, beast = _remove_combination(state, o, position_of(action))
            state = discard(state, beast.cards)
        events.append(Event("characterEaten", {"player": me, "target": o}))
        left = pending.eat_count - 1
        if left:
            head = evolve(
                pending, eat_count=left, can_demolish_castles=False, can_demolish_cathedrals=False
            )
            return with_pending(state, (head,) + rest)
        return with_pending(state, rest)
    if isinstance(action, (DemolishCastle, DemolishCathedral)):
        o = action.target_player
        state, structure = _remove_combination(state, o, position_of(action))
        state = discard(state, structure.cards)
        events.append(
            Event("structureDemolished", {"player": me, "target": o, "kind": structure.kind})
        )
        if pending.type == "demolishing" and structure.protected:
            head = Pending(
                "eating",
                "freed-royal",
                beast=pending.beast,
                kind=pending.kind,
                target_player=o,
                freed=structure.protected,
            )
            return with_pending(state, (head,) + rest)
        return with_pending(state, rest)
    if isinstance(action, EatFreedRoyal):
        state = _kill_royal(state, pending.target_player, action.royal)
        events.append(Event("characterEaten", {"player": me, "target": pending.target_player}))
        return with_pending(state, rest)
    raise IllegalAction("That is not a follow-up")  # pragma: no cover


def _destroy(
    state: GameState, pending: Pending, action: DestroyWithHail, events: list[Event]
) -> GameState:
    o = action.target_player
    if action.target_type == "royal":
        assert action.character is not None
        state = _kill_royal(state, o, action.character)
    else:
        state, target = _remove_combination(state, o, position_of(action))
        state = discard(state, target.cards)
        salvo = pending.type == "flaming-salvo"
        if salvo and target.rider is not None and target.kind not in RIDER_SURVIVES_SALVO:
            state = _kill_royal(state, o, target.rider)
    events.append(
        Event(
            "characterDestroyed",
            {"player": state.current_player, "target": o, "targetType": action.target_type},
        )
    )
    return state


# --- moving things between kingdoms -----------------------------------------------------


def _set_kingdom(state: GameState, n: int, kingdom: Kingdom) -> GameState:
    return with_kingdom(state, n, kingdom)


def _update_combination(state: GameState, n: int, i: int, change: object) -> GameState:
    k = kingdom_of(state, n)
    combos = list(k.combinations)
    combos[i] = change(combos[i])  # type: ignore[operator]
    return _set_kingdom(state, n, Kingdom(k.resources, k.royals, tuple(combos)))


def _remove_combination(state: GameState, n: int, i: int) -> tuple[GameState, Combination]:
    k = kingdom_of(state, n)
    c = k.combinations[i]
    combos = k.combinations[:i] + k.combinations[i + 1 :]
    return _set_kingdom(state, n, Kingdom(k.resources, k.royals, combos)), c


def _without_royal(k: Kingdom, royal: Card) -> Kingdom:
    return Kingdom(k.resources, tuple([r for r in k.royals if r is not royal]), k.combinations)


def _kill_royal(state: GameState, n: int, royal: Card) -> GameState:
    k = kingdom_of(state, n)
    state = _set_kingdom(state, n, _without_royal(k, royal))
    return discard(state, (royal,))


def _move_royal(state: GameState, src: int, dst: int, royal: Card) -> GameState:
    k = kingdom_of(state, src)
    state = _set_kingdom(state, src, _without_royal(k, royal))
    k = kingdom_of(state, dst)
    return _set_kingdom(state, dst, Kingdom(k.resources, k.royals + (royal,), k.combinations))


def _resolve(state: GameState, action: Action) -> Action:
    """``action`` with each beast or structure it names by its first card (``horseCardId``
    and the like, the alternative to positions of docs/protocol.md) given its position in the
    kingdom too;
    IllegalAction when that card starts no combination there, or names another one than the
    position given with it."""
    owner = getattr(action, "target_player", None) or state.current_player
    if not 1 <= owner <= state.player_count:
        return action  # (the explanation names the missing player)
    for index_attr, card_attr in action._PLACES:
        card = getattr(action, card_attr)
        if card is None:
            continue
        i = index_of(kingdom_of(state, owner), card)
        if i is None:
            raise IllegalAction(f"No beast or structure of that kingdom starts with {card.short}",
                                "R16")
        given = getattr(action, index_attr)
        if given is None:
            action = attrs.evolve(action, **{index_attr: i})  # type: ignore[arg-type]
        elif given != i:
            raise IllegalAction(
                f"Position {given} and {card.short} name two different combinations", "R16"
            )
    return action


# --- why an answer is refused ------------------------------------------------------------


def _why_not(state: GameState, pending: Pending, action: Action) -> Refusal:
    """Why ``action`` is not among the answers :func:`options` lists: the first rule above
    that refuses it (or why its target cannot be reached)."""
    me = state.current_player
    n = state.player_count
    target = getattr(action, "target_player", None)
    if target is not None:
        if not 1 <= target <= n:
            return f"There is no player {target}", "R22"
        if target == me:
            return "You cannot target your own kingdom", "R22"
        if not are_opponents(me, target, n):
            return "Partners are never opponents", "R22"
    owner = target if target is not None else me
    kingdom = kingdom_of(state, owner)
    combos = kingdom.combinations
    index = None
    for name in ("beast_index", "castle_index", "cathedral_index", "dragon_index"):
        index = getattr(action, name, None)
        if index is not None:
            break
    if index is not None and not 0 <= index < len(combos):
        return f"There is nothing at position {index} of that kingdom", "R16"
    combo = combos[index] if index is not None else None
    kind = combo.kind if combo is not None else None
    royal = getattr(action, "royal", None) or getattr(action, "character", None)
    if royal is not None and isinstance(
        action, (EatCharacter, DestroyWithHail, MountBeast, PlaceRoyalInCastle)
    ):
        if not holds(kingdom.royals, royal):
            return f"{royal.short} is not a royal of that kingdom", "R22"
        if royal in kingdom.riders():
            return "A mounted royal cannot be taken: its beast must go first", "R18"
        if royal in kingdom.sheltered():
            return "A royal inside a castle or cathedral is protected", "R19"
    refusal: Refusal | None = None
    if isinstance(action, EatCharacter):
        if royal is not None:
            refusal = eat_royal_refusal(royal)
        elif kind is not None:
            refusal = eat_beast_refusal(kind)
        return refusal or ("This dragon cannot eat any more", "R23")
    if isinstance(action, (DemolishCastle, DemolishCathedral)):
        wanted = "castle" if isinstance(action, DemolishCastle) else "cathedral"
        refusal = demolish_refusal(pending, kind or "", wanted)
        return refusal or (f"This dragon cannot demolish a {wanted}", "R23")
    if isinstance(action, SlayDragon):
        return slay_refusal(kind or "") or ("Only dragons can be slain", "R24")
    if isinstance(action, DestroyWithHail):
        salvo = pending.type == "flaming-salvo"
        refusal = shot_refusal(kind, action.target_type, salvo)
        if refusal is None:  # (a well-typed target the listing missed: say what may be hit)
            refusal = _SHOT_TARGETS[salvo]
        return refusal
    if isinstance(action, MountBeast):
        if combo is not None and royal is not None:
            refusal = ride_refusal(combo, royal)
        return refusal or ("Only the royal or beast just played can mount now", "R17")
    if isinstance(action, PlaceRoyalInCastle):
        if combo is not None and royal is not None:
            refusal = shelter_refusal(combo, royal)
        return refusal or ("Only the royal or structure just played can be placed now", "R19")
    if isinstance(action, ResurrectRoyal):
        return "That royal is not in the discard pile", "R21"
    if isinstance(action, EatFreedRoyal):
        refusal = eat_royal_refusal(action.royal)
        return refusal or ("Only a royal this demolition freed can be eaten", "R23")
    if isinstance(action, TransferToPartner):
        return "Only the beast just mounted can go to your partner", "R20"
    return "That choice is not open now", "R7"


__all__ = ["options", "answer", "can_ride", "fits", "index_of", "SkipDemolitionEat"]
