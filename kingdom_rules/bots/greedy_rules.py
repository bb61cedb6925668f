"""The greedy rules: a readable heuristic, one rule per situation (GreedyBot plays them;
SearchBot's rollouts play them for every seat).

In order of preference on its turn a player by these rules:

1. draws a revealed royal its family needs (or one that would complete the leader's family,
   to deny it), a revealed number card that pairs with its hand, else from the deck;
2. plays a royal that completes its Royal Family, then any royal that fills a family place;
3. builds the combination worth most: cards drawn, points, what a dragon can eat, shelter for
   its free royals (a beast to ride, a structure to enter);
4. shoots with Hail of Arrows / Flaming Salvo when a royal or a ridden beast is in range;
5. plays its other royals (3 points each);
6. rotates resources to get the colour a royal in hand needs, plays lone number cards as
   resources, and passes.

Follow-ups are always answered: mount or shelter the royal just played, eat / shoot / slay what
hurts the leader most, resurrect the royal the family needs, and send a rider to the partner
only when it fills a place in the partner's family that the bot's own family does not lose.
Partners are never targeted (the engine never offers them).

A :class:`Style` changes three of these settings (how many resources to grow first, how many
number cards to keep in hand, whether to take revealed number cards); GreedyBot plays
:data:`GREEDY`, the rules as written above.

This module is compiled by mypyc with the engine where the install can
(``kingdom_rules.native``): the rules are most of a search rollout's time. The bot classes
that play them live in modules of their own (``greedy.py``, ``search.py``), so that bot
authors can subclass them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from kingdom_rules.actions import (
    Action,
    ChooseStartingResource,
    DemolishCastle,
    DemolishCathedral,
    DestroyWithHail,
    DrawCard,
    DrawRoyalReward,
    EatCharacter,
    EatFreedRoyal,
    MountBeast,
    PassTurn,
    PlaceRoyalInCastle,
    PlayCombination,
    PlayHailOfArrows,
    PlayResource,
    PlayRoyal,
    ReadyForNextHand,
    ResurrectRoyal,
    RotateResource,
    SkipDemolitionEat,
    SkipPendingAction,
    SlayDragon,
    TransferToPartner,
    position_of,
)
from kingdom_rules.bots.heuristics import (
    Table,
    adds_progress,
    combination_worth,
    completes_family,
    hand_links,
    progress,
    ready_resources,
    royal_worth,
    target_weight,
)
from kingdom_rules.cards import Card
from kingdom_rules.combinations import (
    DRAGONS,
    RIDER_SURVIVES_SALVO,
    RULES,
    STRUCTURES,
    classify,
    find_combinations,
)
from kingdom_rules.followups import (
    EDIBLE_BEASTS,
    EDIBLE_ROYALS,
    SHOT_KINDS,
    can_ride,
    slay_reward,
)
from kingdom_rules.scoring import family_places
from kingdom_rules.state import Combination, Kingdom

GROWTH_TARGET = 6
"""Below this many resources, growing the kingdom comes before combinations."""


class Style(NamedTuple):
    """Settings of the greedy rules. GreedyBot plays :data:`GREEDY`; SearchBot's own side
    plays a sharper style (see :mod:`kingdom_rules.bots.search`)."""

    growth: int = GROWTH_TARGET
    """Below this many resources, growing the kingdom comes before combinations."""
    keep: int = 0
    """Pass rather than play a spare number card as a resource when the hand holds no more
    than this many number cards."""
    revealed_numbers: bool = True
    """Draw a revealed number card that pairs (or links twice) with the hand; else only
    revealed royals are taken, and number cards come from the deck."""
    revealed_pairs: bool = False
    """With ``revealed_numbers`` off, still draw a revealed number card that pairs with a
    number card in hand (off: GreedyBot's rules as written)."""
    royals_first: bool = False
    """Play an affordable spare royal (3 points; its colour not short for a family royal in
    hand) before growing the kingdom's resources, not after the combinations (off: as
    written)."""
    hail_first: bool = False
    """Shoot with a Hail of Arrows / Flaming Salvo worth it before growing the kingdom's
    resources (off: as written)."""
    grow_pairs: bool = True
    """While growing the kingdom, a number card that pairs with the hand may be played as a
    resource (off: pairs are kept for a Horse unless their colour is short)."""


GREEDY = Style()


def choose_greedy(table: Table, legal: Sequence[Action], style: Style = GREEDY) -> Action:
    """The greedy choice among ``legal`` for ``table.me`` (shared with the search's
    rollouts), played in ``style``."""
    first = legal[0]
    if len(legal) == 1:
        return first
    if isinstance(first, ChooseStartingResource):
        return max(legal, key=lambda a: _start_value(table, a))  # type: ignore[arg-type]
    if isinstance(first, DrawCard):
        return _draw(table, legal, style.revealed_numbers, style.revealed_pairs)
    if isinstance(first, ReadyForNextHand):
        return first
    if table.pending:
        return _answer(table, legal)
    return play_turn(table, style)


# --- before the turn ---------------------------------------------------------------------


def _start_value(table: Table, action: ChooseStartingResource) -> float:
    """Keep cards that combine; start with the colour the royals in hand need."""
    card = action.card
    colour = sum(1 for r in table.hand if r.is_royal and r.color == card.color)
    return 2.0 * colour - 1.5 * hand_links(table.hand, card) - card.value * 0.01


def _draw(table: Table, legal: Sequence[Action], numbers: bool = True,
          pairs: bool = False) -> Action:
    best: Action | None = None
    best_value = 0.0
    mine = table.mine
    for a in legal:
        assert isinstance(a, DrawCard)
        if a.source == "deck":
            continue
        card = table.revealed[0 if a.source == "revealed1" else 1]
        if card is None:
            continue
        value = 0.0
        if card.is_royal:
            value = 2.0 + (4.0 if adds_progress(mine, card) else 0.0)
            for o in table.opponents():
                if completes_family(table.kingdom(o), card):
                    value += 5.0
        elif any(c.is_number and c.value == card.value for c in table.hand):
            if not numbers and not pairs:
                continue
            value = 1.5
        elif not numbers:
            continue
        elif hand_links(table.hand, card) >= 2:
            value = 1.0
        if value > best_value:
            best, best_value = a, value
    if best is not None:
        return best
    for a in legal:
        if isinstance(a, DrawCard) and a.source == "deck":
            return a
    return legal[0]


# --- follow-ups ----------------------------------------------------------------------------


def _answer(table: Table, legal: Sequence[Action]) -> Action:
    best: Action | None = None
    best_value = 0.0
    skip: Action | None = None
    for a in legal:
        if isinstance(a, (SkipPendingAction, SkipDemolitionEat)):
            skip = a
            continue
        if isinstance(a, PassTurn):
            continue
        value = followup_value(table, a)
        if value > best_value:
            best, best_value = a, value
    if best is not None:
        return best
    if skip is not None:
        return skip
    return legal[len(legal) - 1]


def followup_value(table: Table, a: Action) -> float:
    """How much answering a follow-up with ``a`` helps ``table.me``'s side (<= 0: skip it)."""
    mine = table.mine
    if isinstance(a, MountBeast):
        return 3.0 + 0.5 * royal_worth(mine, a.royal)
    if isinstance(a, PlaceRoyalInCastle):
        return 3.0 + 0.5 * royal_worth(mine, a.royal)
    if isinstance(a, ResurrectRoyal):
        return 3.0 + (6.0 if adds_progress(mine, a.royal) else 0.0)
    if isinstance(a, TransferToPartner):
        return _transfer_value(table, a)
    if isinstance(a, SlayDragon):
        k = table.kingdom(a.target_player)
        combo = k.combinations[position_of(a)]
        return (combination_worth(k, combo) + slay_reward(combo)) * target_weight(
            table, a.target_player)
    if isinstance(a, EatCharacter):
        k = table.kingdom(a.target_player)
        if a.character is not None:
            worth = royal_worth(k, a.character)
        else:
            worth = combination_worth(k, k.combinations[position_of(a)]) + 1.0
        return worth * target_weight(table, a.target_player)
    if isinstance(a, (DemolishCastle, DemolishCathedral)):
        k = table.kingdom(a.target_player)
        combo = k.combinations[position_of(a)]
        return (combo.points + 1.0 + 0.5 * sum(royal_worth(k, r) for r in combo.protected)
                ) * target_weight(table, a.target_player)
    if isinstance(a, EatFreedRoyal):
        p = table.pending[0].target_player if table.pending else 0
        k = table.kingdom(p) if p else table.mine
        return royal_worth(k, a.royal) * (target_weight(table, p) if p else 1.0)
    if isinstance(a, DestroyWithHail):
        k = table.kingdom(a.target_player)
        weight = target_weight(table, a.target_player)
        if a.character is not None:
            return royal_worth(k, a.character) * weight
        combo = k.combinations[position_of(a)]
        worth = combination_worth(k, combo) + 1.0
        salvo = bool(table.pending) and table.pending[0].type == "flaming-salvo"
        if salvo and combo.rider is not None and combo.kind not in RIDER_SURVIVES_SALVO:
            worth += royal_worth(k, combo.rider)
        return worth * weight
    return 0.0


def _transfer_value(table: Table, a: TransferToPartner) -> float:
    mate = table.partner()
    combo = table.mine.combinations[position_of(a)]
    rider = combo.rider
    if mate is None or rider is None:
        return 0.0
    theirs = table.kingdom(mate)
    if not adds_progress(theirs, rider):
        return 0.0
    mine_after = Kingdom(royals=tuple(r for r in table.mine.royals if r is not rider))
    if progress(mine_after) < progress(table.mine) and progress(theirs) < progress(table.mine):
        return 0.0
    return 1.0 + progress(theirs)


# --- the turn's plays ----------------------------------------------------------------------


class TurnOptions:
    """The plays open on the turn, built from the table rather than by walking every legal
    action: one payment per royal and per combination (the cheapest in colours a royal in
    hand needs), which keeps the greedy policy fast enough for search rollouts. Each kind of
    play is listed when first asked for."""

    __slots__ = ("table", "me", "hand", "ready", "numbers", "_royals", "_resources", "_combos",
                 "_hails", "_rotates")

    def __init__(self, table: Table) -> None:
        self.table = table
        self.me = table.me
        self.hand = hand = table.hand
        self.ready = ready_resources(table.mine)
        self.numbers = [c for c in hand if c.is_number]
        self._royals: dict[Card, list[PlayRoyal]] | None = None
        self._resources: list[PlayResource] | None = None
        self._combos: dict[tuple[Card, ...], list[PlayCombination]] | None = None
        self._hails: list[PlayHailOfArrows] | None = None
        self._rotates: list[RotateResource] | None = None

    @property
    def royals(self) -> dict[Card, list[PlayRoyal]]:
        if self._royals is None:
            self._royals = {}
            for card in self.hand:
                if card.is_royal:
                    pool = [c for c in self.ready if c.color == card.color]
                    if len(pool) >= card.cost:
                        self._royals[card] = [PlayRoyal(self.me, card, tuple(pool[:card.cost]))]
        return self._royals

    @property
    def resources(self) -> list[PlayResource]:
        if self._resources is None:
            ready = self.ready
            self._resources = ([PlayResource(self.me, c, ready[0]) for c in self.numbers]
                               if ready else [])
        return self._resources

    @property
    def combos(self) -> dict[tuple[Card, ...], list[PlayCombination]]:
        if self._combos is None:
            self._combos = {}
            ready = self.ready
            if len(self.numbers) >= 2 and len(ready) >= 2:
                needed = {r.color for r in self.hand if r.is_royal}
                by_cost = sorted(ready, key=lambda c: c.color in needed)
                for kind, cards in find_combinations(self.numbers):
                    cost = RULES[kind].resources
                    if len(ready) >= cost:
                        self._combos[cards] = [
                            PlayCombination(self.me, cards, tuple(by_cost[:cost]))]
        return self._combos

    @property
    def hails(self) -> list[PlayHailOfArrows]:
        if self._hails is None:
            aces = [c for c in self.numbers if c.value == 1]
            tens = [c for c in self.numbers if c.value == 10]
            self._hails = [PlayHailOfArrows(self.me, (a, t)) for a in aces for t in tens]
        return self._hails

    @property
    def rotates(self) -> list[RotateResource]:
        if self._rotates is None:
            self._rotates = [RotateResource(self.me, c, r) for c in self.numbers
                             for r in self.ready]
        return self._rotates


def play_turn(table: Table, style: Style = GREEDY) -> Action:
    """The greedy play on the turn, after the draw and with no follow-up open, in ``style``.

    The search's rollouts call this for every play, so it is written for speed: the family
    places are counted once and an action is built only for the play chosen."""
    me = table.me
    if table.royal_reward:
        return DrawRoyalReward(me)  # more cards, more choices: draw the reward at once
    mine = table.mine
    hand = table.hand
    ready = [r.card for r in mine.resources if r.ready]
    present, heroes = family_places(mine)
    places_open = len(present) + heroes < 3
    royals: list[Card] = []
    numbers: list[Card] = []
    for card in hand:
        if card.is_number:
            numbers.append(card)
        elif card.cost <= sum(1 for c in ready if c.color == card.color):
            royals.append(card)
    royals.sort(key=lambda c: -c.cost)  # dearest first, hand order among equals
    # A royal that completes the family wins the hand; one that fills a place comes next
    # (with two places filled, the first royal that fills one completes the family).
    if places_open:
        for card in royals:
            if card.is_hero or card.rank not in present:
                return _pay_royal(me, card, ready)
    short: dict[str, int] = {}
    if places_open:
        red = sum(1 for r in mine.resources if r.card.color == "red")
        black = len(mine.resources) - red
        for royal in hand:
            if royal.is_royal and (royal.is_hero or royal.rank not in present):
                have = red if royal.color == "red" else black
                short[royal.color] = max(short.get(royal.color, 0), royal.cost - have)
    spares = numbers if ready else []
    options = TurnOptions(table)
    if style.hail_first:
        hail = _best_hail(table, options.hails)
        if hail is not None:
            return hail
    if style.royals_first:
        for card in royals:
            if short.get(card.color, 0) <= 0:
                return _pay_royal(me, card, ready)
    if len(mine.resources) < style.growth or any(v > 0 for v in short.values()):
        # Early on, resources first: each one played now pays every turn after.
        grow = _spare_card(hand, spares, not style.grow_pairs, short)
        if grow is not None:
            return PlayResource(me, grow, ready[0])
    choice = best_combination(table, options.combos)
    if choice is not None:
        return choice
    hail = _best_hail(table, options.hails)
    if hail is not None:
        return hail
    for card in royals:
        # A spare royal is worth 3 points, but not the resources a needed royal waits for.
        if short.get(card.color, 0) <= 0:
            return _pay_royal(me, card, ready)
    rotate = _colour_rotation(table, options.rotates)
    if rotate is not None:
        return rotate
    if len(numbers) <= style.keep:
        return PassTurn(me)
    spare = _spare_card(hand, spares, True, short)
    if spare is not None:
        return PlayResource(me, spare, ready[0])
    return PassTurn(me)


def _pay_royal(me: int, card: Card, ready: list[Card]) -> PlayRoyal:
    pool = [c for c in ready if c.color == card.color]
    return PlayRoyal(me, card, tuple(pool[:card.cost]))


def combination_value(table: Table, cards: tuple[Card, ...]) -> float:
    kind = classify(cards)
    if kind is None:
        return 0.0
    rule = RULES[kind]
    mine = table.mine
    value = rule.draws(len(cards)) + rule.points + 0.5
    free = mine.free_royals()
    if kind in STRUCTURES:
        value += 2.0 * min(3, len(free))
    else:
        shell = Combination(kind, cards)
        if any(can_ride(shell, r) for r in free):
            value += 2.5
    if kind in DRAGONS:
        value += _eat_prospect(table, rule.can_eat, rule.demolishes_castles,
                               rule.demolishes_cathedrals)
    if rule.resurrects and any(c.is_royal for c in table.discard_pile):
        value += 3.0
    # The cards leave the hand: each could have been a 1-point resource.
    return value - 0.3 * len(cards)


def _eat_prospect(table: Table, eats: int, castles: bool, cathedrals: bool) -> float:
    values: list[float] = []
    for o in table.opponents():
        k = table.kingdom(o)
        w = target_weight(table, o)
        values += [royal_worth(k, r) * w for r in k.free_royals()
                   if r.face in EDIBLE_ROYALS]
        values += [(combination_worth(k, c) + 1.0) * w for c in k.combinations
                   if c.kind in EDIBLE_BEASTS]
        for c in k.combinations:
            if (c.kind == "castle" and castles) or (c.kind == "cathedral" and cathedrals):
                values.append((c.points + 1.0) * w)
    values.sort(reverse=True)
    return sum(values[:max(eats, 1)])


def best_combination(table: Table,
                     combos: dict[tuple[Card, ...], list[PlayCombination]]) -> Action | None:
    best: tuple[Card, ...] | None = None
    best_value = 0.0
    for cards in combos:
        v = combination_value(table, cards)
        if v > best_value:
            best, best_value = cards, v
    if best is None:
        return None
    return min(combos[best], key=lambda a: payment_cost(table, a.resources))


def payment_cost(table: Table, resources: tuple[Card, ...]) -> float:
    """Spending a colour that a royal in hand needs costs more."""
    needed = {r.color for r in table.hand if r.is_royal}
    return sum(1.0 for c in resources if c.color in needed)


def _best_hail(table: Table, hails: list[PlayHailOfArrows]) -> Action | None:
    if not hails:
        return None
    best_royal = 0.0
    best_beast = 0.0
    for o in table.opponents():
        k = table.kingdom(o)
        w = target_weight(table, o)
        for r in k.free_royals():
            best_royal = max(best_royal, royal_worth(k, r) * w)
        for c in k.combinations:
            if c.rider is not None and c.kind in SHOT_KINDS["beast", False]:
                best_beast = max(best_beast, combination_worth(k, c) * w)
    salvo_targets = 0.0
    for o in table.opponents():
        k = table.kingdom(o)
        w = target_weight(table, o)
        for c in k.combinations:
            if (c.rider is not None or c.protected) and (
                    c.kind in SHOT_KINDS["beast", True] or c.kind in SHOT_KINDS["castle", True]):
                salvo_targets = max(salvo_targets, (combination_worth(k, c) + 3.0) * w)
    for h in hails:
        suited = h.cards[0].suit == h.cards[1].suit
        if suited and salvo_targets >= 4.0:
            return h
        if not suited and max(best_royal, best_beast) >= 4.0:
            return h
    return None


def _colour_rotation(table: Table, rotates: list[RotateResource]) -> Action | None:
    """Swap a ready resource for a number card of the colour a royal in hand lacks."""
    if not rotates:
        return None
    mine = table.mine
    resources = [r.card for r in mine.resources]
    for royal in sorted((c for c in table.hand if c.is_royal), key=lambda c: c.cost):
        have = sum(1 for c in resources if c.color == royal.color)
        if have >= royal.cost or len(resources) < royal.cost:
            continue
        for a in rotates:
            if a.card.color == royal.color and a.resource.color != royal.color:
                return a
    return None


def _spare_card(hand: tuple[Card, ...], numbers: list[Card], keep_pairs: bool,
                short: dict[str, int]) -> Card | None:
    """Grow the kingdom: play number cards that do not pair with the hand, in the colour a
    family royal in hand needs. Resources double the turn after, so this is rarely wrong."""
    best: Card | None = None
    best_key = (99.0, 0.0)
    for card in numbers:
        value = card.value
        pairs = 0
        for c in hand:
            if c is not card and c.value == value and c.is_number:
                pairs += 1
        if keep_pairs and pairs and not short.get(card.color, 0) > 0:
            continue  # keep a pair for a Horse
        key = (float(pairs + 0.5 * hand_links(hand, card)),
               -float(short.get(card.color, 0)))
        if key < best_key:
            best, best_key = card, key
    return best


__all__ = ["GREEDY", "Style", "TurnOptions", "choose_greedy", "followup_value", "play_turn",
           "combination_value", "ready_resources"]
