"""An independent reading of the rulings: every legal action of a player, computed from the
state's plain data with the rules as docs/rules.md words them (R3-R31), without calling the
engine's rule code (no find_combinations, classify, options, scoring helpers).

Used as a differential oracle: the engine's legal_actions must list exactly these actions.
"""

from __future__ import annotations

from itertools import combinations

import kingdom_rules as kr
from kingdom_rules.cards import Card
from kingdom_rules.state import GameState, Kingdom

COST = {"J": 1, "Q": 2, "K": 3, "JOKER": 4}
COMBO_COST = {
    "horse": 2,
    "unicorn": 4,
    "dragon": 3,
    "golden-dragon": 3,
    "silver-dragon": 4,
    "divine-dragon": 4,
    "castle": 3,
    "cathedral": 4,
}
HORSE_TYPES = {"horse", "unicorn"}
DRAGONS = {"dragon", "golden-dragon", "silver-dragon", "divine-dragon"}
STRUCTURES = {"castle", "cathedral"}
RANK_VALUE = {r: i + 1 for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"])}


def is_number(c: Card) -> bool:
    return c.rank in RANK_VALUE


def colour(c: Card) -> str:
    return "red" if c.suit in ("hearts", "diamonds", "red-joker") else "black"


def my_classify(cards: tuple[Card, ...]) -> str | None:
    """R14 table: pair, two pairs, 3 or 4+ consecutive ranks (A low only), 3 or 4 of a kind."""
    if len(cards) < 2 or not all(is_number(c) for c in cards):
        return None
    values = sorted(RANK_VALUE[c.rank] for c in cards)
    counts = {v: values.count(v) for v in set(values)}
    n = len(cards)
    one_suit = len({c.suit for c in cards}) == 1
    if len(counts) == 1:
        return {2: "horse", 3: "castle", 4: "cathedral"}.get(n)
    if n == 4 and sorted(counts.values()) == [2, 2]:
        return "unicorn"
    if n >= 3 and len(counts) == n and values[-1] - values[0] == n - 1:
        if n == 3:
            return "golden-dragon" if one_suit else "dragon"
        return "divine-dragon" if one_suit else "silver-dragon"
    return None


def opponents(me: int, n: int) -> list[int]:
    return [o for o in range(1, n + 1) if o != me and (n != 4 or o % 2 != me % 2)]


def free_royals(k: Kingdom) -> list[Card]:
    busy = set()
    for cb in k.combinations:
        if cb.rider is not None:
            busy.add(cb.rider)
        busy.update(cb.protected)
    return [r for r in k.royals if r not in busy]


def can_ride(cb: kr.Combination, r: Card) -> bool:
    if cb.kind not in HORSE_TYPES | DRAGONS or cb.rider is not None:
        return False
    return cb.kind in HORSE_TYPES or r.rank in ("Q", "JOKER")


def fits(cb: kr.Combination, r: Card) -> bool:
    if cb.kind not in STRUCTURES or len(cb.protected) >= 3:
        return False
    return r.rank == "JOKER" or all(x.rank != r.rank for x in cb.protected)


def index_of(k: Kingdom, first: Card | None) -> int | None:
    for i, cb in enumerate(k.combinations):
        if cb.cards[0] is first:
            return i
    return None


def oracle(state: GameState, p: int, max_numbers: int = 14) -> set[kr.Action] | None:
    """Every legal action of player ``p``; None when the hand is too big to enumerate."""
    me = state.player(p)
    if state.phase == "choosing_resources":
        if me.starting_resource_chosen:
            return set()
        return {kr.ChooseStartingResource(p, c) for c in me.hand if is_number(c)}
    if state.phase == "handComplete":
        return set() if me.ready_for_next_hand else {kr.ReadyForNextHand(p)}
    if state.phase != "playing" or p != state.current_player:
        return set()
    if not me.has_drawn_this_turn:
        out: set[kr.Action] = set()
        kind = state.setup.kind
        if kind == "constructed":
            # R35: the own pile, rebuilt from the player's own cards in the discard pile;
            # the own revealed pair
            deck = bool(me.pile) or any(c.owner == p for c in state.discard_pile)
            shown = tuple(me.revealed) or (None, None)
        else:
            # R6; R36: the Spire runner (player 1) also has their own pile
            deck = bool(state.deck or state.discard_pile or (kind == "spire" and p == 1
                                                              and me.pile))
            shown = state.revealed
        if deck:
            out.add(kr.DrawCard(p, "deck"))
        for i, src in enumerate(("revealed1", "revealed2")):
            if shown[i] is not None:
                out.add(kr.DrawCard(p, src))
        return out
    if state.pending:
        return _followups(state, p) | {
            kr.SkipDemolitionEat(p)
            if state.pending[0].context == "freed-royal"
            else kr.SkipPendingAction(p),
            kr.PassTurn(p),
        }
    k = me.kingdom
    ready = [r.card for r in k.resources if r.ready]
    numbers = [c for c in me.hand if is_number(c)]
    if len(numbers) > max_numbers:
        return None
    out = {kr.PassTurn(p)}
    if me.royal_reward:
        out.add(kr.DrawRoyalReward(p))
    for c in numbers:
        for r in ready:
            out.add(kr.PlayResource(p, c, r))
            out.add(kr.RotateResource(p, c, r))
    for c in me.hand:
        if c.rank in COST:
            pool = [r for r in ready if colour(r) == colour(c)]
            for pay in combinations(pool, COST[c.rank]):
                out.add(kr.PlayRoyal(p, c, pay))
    for size in range(2, len(numbers) + 1):
        for cards in combinations(numbers, size):
            kind = my_classify(cards)
            if kind is not None:
                for pay in combinations(ready, COMBO_COST[kind]):
                    out.add(kr.PlayCombination(p, cards, pay))
            if size == 2 and {RANK_VALUE[cards[0].rank], RANK_VALUE[cards[1].rank]} == {1, 10}:
                out.add(kr.PlayHailOfArrows(p, cards))
    return out


def _followups(state: GameState, p: int) -> set[kr.Action]:
    n = state.player_count
    h = state.pending[0]
    mine = state.player(p).kingdom
    out: set[kr.Action] = set()
    if h.type == "mounting":
        if h.context == "after-beast":
            i = index_of(mine, h.beast)
            if i is not None:
                out |= {
                    kr.MountBeast(p, i, r)
                    for r in free_royals(mine)
                    if can_ride(mine.combinations[i], r)
                }
        elif h.royal in free_royals(mine):
            out |= {
                kr.MountBeast(p, i, h.royal)
                for i, cb in enumerate(mine.combinations)
                if can_ride(cb, h.royal)
            }
    elif h.type == "castle-placement":
        if h.context == "after-structure":
            i = index_of(mine, h.structure)
            if i is not None:
                out |= {
                    kr.PlaceRoyalInCastle(p, r, i)
                    for r in free_royals(mine)
                    if fits(mine.combinations[i], r)
                }
        elif h.royal in free_royals(mine):
            out |= {
                kr.PlaceRoyalInCastle(p, h.royal, i)
                for i, cb in enumerate(mine.combinations)
                if fits(cb, h.royal)
            }
    elif h.type == "partner-transfer":
        i = index_of(mine, h.beast)
        if i is not None and n == 4:
            out.add(kr.TransferToPartner(p, i))
    elif h.type == "resurrection":
        out |= {kr.ResurrectRoyal(p, c) for c in state.discard_pile if c.rank in COST}
    elif h.type == "eating" and h.context == "freed-royal":
        free = free_royals(state.player(h.target_player).kingdom)
        out |= {kr.EatFreedRoyal(p, r) for r in h.freed if r.rank != "JOKER" and r in free}
    else:
        for o in opponents(p, n):
            k = state.player(o).kingdom
            combos = k.combinations
            if h.type == "eating" and h.eat_count > 0:
                out |= {
                    kr.EatCharacter(p, o, "royal", character=r)
                    for r in free_royals(k)
                    if r.rank != "JOKER"
                }
                out |= {
                    kr.EatCharacter(p, o, "beast", beast_index=i)
                    for i, cb in enumerate(combos)
                    if cb.kind in HORSE_TYPES
                }
            if h.type in ("eating", "demolishing"):
                out |= {
                    kr.DemolishCastle(p, o, i)
                    for i, cb in enumerate(combos)
                    if cb.kind == "castle" and h.can_demolish_castles
                }
                out |= {
                    kr.DemolishCathedral(p, o, i)
                    for i, cb in enumerate(combos)
                    if cb.kind == "cathedral" and h.can_demolish_cathedrals
                }
            if h.type == "slaying":
                out |= {
                    kr.SlayDragon(p, o, i)
                    for i, cb in enumerate(combos)
                    if cb.kind in DRAGONS and cb.kind != "divine-dragon"
                }
            if h.type == "hail-of-arrows":
                out |= {kr.DestroyWithHail(p, o, "royal", character=r) for r in free_royals(k)}
                out |= {
                    kr.DestroyWithHail(p, o, "beast", beast_index=i)
                    for i, cb in enumerate(combos)
                    if cb.kind in ("horse", "unicorn", "dragon")
                }
            if h.type == "flaming-salvo":
                out |= {
                    kr.DestroyWithHail(p, o, "beast", beast_index=i)
                    for i, cb in enumerate(combos)
                    if cb.kind in HORSE_TYPES | DRAGONS and cb.kind != "divine-dragon"
                }
                out |= {
                    kr.DestroyWithHail(p, o, "castle", castle_index=i)
                    for i, cb in enumerate(combos)
                    if cb.kind == "castle"
                }
    return out


def expected_pending(kind_played: str) -> list[str]:
    """The follow-up order of docs/rules.md for a combination (before automatic skips)."""
    return {
        "horse": ["mounting"],
        "unicorn": ["resurrection", "mounting"],
        "dragon": ["eating", "mounting"],
        "golden-dragon": ["eating", "mounting"],
        "silver-dragon": ["eating", "mounting"],
        "divine-dragon": ["demolishing", "resurrection", "mounting"],
        "castle": ["castle-placement"],
        "cathedral": ["castle-placement"],
    }[kind_played]
