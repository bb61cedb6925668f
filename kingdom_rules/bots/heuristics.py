"""What the bots know about a position: family progress, threats, the value of a target.

Everything here reads a :class:`Table`, built from a player's view (what a bot may see) or,
inside a search, from a full game state seen by one player. The two sources have the same
shape, so a heuristic never depends on hidden cards it could not know.

Compiled by mypyc with the engine where the install can (``kingdom_rules.native``): search
rollouts build a table and score positions on every step.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from kingdom_rules.cards import Card
from kingdom_rules.scoring import (
    are_opponents,
    family_places,
    family_progress,
    hand_score,
    partner,
)
from kingdom_rules.state import (
    Combination,
    GameState,
    Kingdom,
    Pending,
    own_revealed_of,
    table_of,
)
from kingdom_rules.view import PlayerView

FAMILY = ("J", "Q", "K")


class Table:
    """One player's picture of the table: own hand, every kingdom, piles and follow-ups."""

    __slots__ = ("me", "n", "hand", "kingdoms", "discard_pile", "revealed", "pending",
                 "card_counts", "royal_reward")

    def __init__(self, me: int, n: int, hand: Sequence[Card], kingdoms: Sequence[Kingdom],
                 discard_pile: Sequence[Card], revealed: Sequence[Card | None],
                 pending: Sequence[Pending], card_counts: Sequence[int],
                 royal_reward: int = 0) -> None:
        self.me = me
        self.n = n
        self.hand = tuple(hand)
        self.kingdoms = tuple(kingdoms)
        self.discard_pile = tuple(discard_pile)
        self.revealed = tuple(revealed)
        self.pending = tuple(pending)
        self.card_counts = tuple(card_counts)
        self.royal_reward = royal_reward
        """Cards a slain dragon still owes this player (R24)."""

    @staticmethod
    def of_view(view: PlayerView) -> Table:
        # In Constructed the revealed cards a player may take are their own pair (R35).
        revealed = (view.players[view.player - 1].revealed or (None, None)
                    if view.setup_kind == "constructed" else view.revealed)
        return Table(view.player, view.player_count, view.hand,
                     [p.kingdom for p in view.players], view.discard_pile, revealed,
                     view.pending, [p.card_count for p in view.players],
                     view.players[view.player - 1].royal_reward)

    @staticmethod
    def of_state(state: GameState, me: int) -> Table:
        # The state's seat fields (one call), not state.players: rollouts call this on every
        # step, and players are built on demand (kingdom_rules.state).
        hands, kingdoms, rewards = table_of(state)
        counts = []
        for hand in hands:
            counts.append(len(hand))
        revealed = (state.revealed if state.setup.kind != "constructed"
                    else own_revealed_of(state, me) or (None, None))
        return Table(me, state.player_count, hands[me - 1], kingdoms, state.discard_pile,
                     revealed, state.pending, counts, rewards[me - 1])

    def kingdom(self, number: int) -> Kingdom:
        return self.kingdoms[number - 1]

    @property
    def mine(self) -> Kingdom:
        return self.kingdoms[self.me - 1]

    def opponents(self) -> list[int]:
        return [o for o in range(1, self.n + 1) if are_opponents(self.me, o, self.n)]

    def partner(self) -> int | None:
        return partner(self.me, self.n)

    def leader(self) -> int:
        """The opponent closest to winning: family progress first, then score."""
        return max(self.opponents(), key=lambda o: (threat(self.kingdom(o)), -o))


def progress(kingdom: Kingdom) -> int:
    """How many of the three family places are filled (3 means the family is complete)."""
    return family_progress(kingdom)


def adds_progress(kingdom: Kingdom, royal: Card) -> bool:
    """Whether this royal would fill a free place of the family."""
    present, heroes = family_places(kingdom)
    if len(present) + heroes >= 3:
        return False
    return royal.is_hero or royal.rank not in present


def completes_family(kingdom: Kingdom, royal: Card) -> bool:
    return progress(kingdom) == 2 and adds_progress(kingdom, royal)


def threat(kingdom: Kingdom) -> float:
    """How close a kingdom is to winning the hand: family places count most."""
    p = progress(kingdom)
    return p * p * 10 + hand_score(kingdom)


def royal_worth(kingdom: Kingdom, royal: Card) -> float:
    """What a royal is worth to its owner: 3 points, more if the family needs it."""
    present, heroes = family_places(kingdom)
    others = [r for r in kingdom.royals if r is not royal]
    without = min(3, len({r.rank for r in others if not r.is_hero})
                  + sum(1 for r in others if r.is_hero))
    loss = progress(kingdom) - without
    return 3.0 + loss * (4.0 + 4.0 * progress(kingdom))


def combination_worth(kingdom: Kingdom, combo: Combination) -> float:
    """What losing this combination costs its owner: its points, its rider's shelter."""
    worth = float(combo.points)
    if combo.rider is not None:
        worth += 0.3 * royal_worth(kingdom, combo.rider)
    for r in combo.protected:
        worth += 0.3 * royal_worth(kingdom, r)
    return worth


def target_weight(table: Table, o: int) -> float:
    """Hurting the leader counts more than hurting anyone else."""
    return 1.5 if o == table.leader() else 1.0


def ready_resources(kingdom: Kingdom) -> list[Card]:
    return [r.card for r in kingdom.resources if r.ready]


def hand_links(hand: Sequence[Card], card: Card) -> int:
    """How many other number cards of the hand this card could combine with (same value or
    a neighbour, or the Ace/10 pair of a Hail of Arrows)."""
    links = 0
    for c in hand:
        if c is card or not c.is_number:
            continue
        d = abs(c.value - card.value)
        if d <= 1 or {c.value, card.value} == {1, 10}:
            links += 1
    return links


def evaluate(table: Table) -> float:
    """A position's worth for ``table.me``'s side, about -1 (lost) to 1 (won)."""
    mine = [p for p in range(1, table.n + 1) if not are_opponents(table.me, p, table.n)]
    theirs = table.opponents()

    def side(players: list[int]) -> float:
        best = max(threat(table.kingdom(p)) for p in players)
        return best + 0.5 * sum(hand_score(table.kingdom(p)) for p in players) / len(players)

    diff = side(mine) - side(theirs)
    return max(-1.0, min(1.0, diff / 60.0))


WIN_WEIGHTS: tuple[float, ...] = (
    -0.193,  # bias
    0.406,  # moves next
    -0.008,  # deck
    0.713,  # own: family 1
    1.552,  # own: family 2
    -0.232,  # own: resources
    0.824,  # own: red resources
    0.734,  # own: black resources
    1.861,  # own: family royals in hand
    0.410,  # own: affordable family royals
    1.585,  # own: wins on its turn
    1.484,  # own: hand size
    0.208,  # own: royals on foot
    0.985,  # own: heroes on foot
    -1.044,  # own: sheltered royals
    1.662,  # own: combinations
    0.126,  # own: score
    0.013,  # own: pairs in hand
    -0.136,  # own: runs in hand
    0.186,  # own: volley in hand
    -0.129,  # own: attack on the other's royals
    0.286,  # own: other royals in hand
    0.403,  # own: family royal revealed
    5.242,  # own: wins at once
    -0.713,  # other: family 1
    -1.552,  # other: family 2
    0.232,  # other: resources
    -0.823,  # other: red resources
    -0.734,  # other: black resources
    -1.861,  # other: family royals in hand
    -0.410,  # other: affordable family royals
    -1.585,  # other: wins on its turn
    -1.488,  # other: hand size
    -0.205,  # other: royals on foot
    -0.983,  # other: heroes on foot
    1.046,  # other: sheltered royals
    -1.664,  # other: combinations
    -0.135,  # other: score
    -0.013,  # other: pairs in hand
    0.136,  # other: runs in hand
    -0.186,  # other: volley in hand
    0.129,  # other: attack on the other's royals
    -0.286,  # other: other royals in hand
    -0.403,  # other: family royal revealed
    -5.242,  # other: wins at once
)
"""Logistic regression of 'wins the hand' on :func:`position_features`, fitted by
``bench/fit_evaluation.py --games 20000 --seed 1`` on the turn starts of two-player
GreedyBot self-play games (held-out log-loss 0.533, 72% of outcomes predicted)."""


# --- the searcher's position evaluation -------------------------------------------------------

SIDE_FEATURES = (
    "family 1", "family 2", "resources", "red resources", "black resources",
    "family royals in hand", "affordable family royals", "wins on its turn", "hand size",
    "royals on foot", "heroes on foot", "sheltered royals", "combinations", "score",
    "pairs in hand", "runs in hand", "volley in hand", "attack on the other's royals",
    "other royals in hand", "family royal revealed", "wins at once",
)
"""The features of one side (its strongest kingdom) in :func:`position_features`."""
FEATURE_NAMES = ("bias", "moves next", "deck") + tuple(
    f"{who}: {name}" for who in ("own", "other") for name in SIDE_FEATURES)


def _side_features(state: GameState, k: Kingdom, hand: tuple[Card, ...], free: list[Card],
                   other_free: list[Card], next_p: bool) -> list[float]:
    """Features of the player with kingdom ``k`` and ``hand`` (royals ``free`` neither riding
    nor sheltered) against a player whose free royals are ``other_free``; ``next_p``: the
    player moves next."""
    present, heroes = family_places(k)
    prog = min(3, len(present) + heroes)
    resources = k.resources
    red = 0
    for r in resources:
        if r.card.color == "red":
            red += 1
    black = len(resources) - red
    need = 0
    afford = 0
    spare = 0
    values = [0] * 11
    for c in hand:
        if c.is_royal:
            if prog < 3 and (c.is_hero or c.rank not in present):
                need += 1
                if (red if c.color == "red" else black) >= c.cost:
                    afford += 1
            else:
                spare += 1
        else:
            values[c.value] += 1
    pairs = 0
    for v in values:
        if v >= 2:
            pairs += 1
    runs = 0
    for v in range(1, 9):
        if values[v] and values[v + 1] and values[v + 2]:
            runs += 1
    volley = values[1] > 0 and values[10] > 0
    on_foot = 0
    for royal in free:
        if not royal.is_hero:
            on_foot += 1
    attack = 0.0
    if other_free and (volley or (runs and len(resources) >= 3)):
        attack = min(len(other_free), 2) / 2
    revealed = 0.0
    if next_p and prog < 3:
        for shown in state.revealed:
            if shown is not None and shown.is_royal and (shown.is_hero
                                                         or shown.rank not in present):
                revealed = 1.0
    return [float(prog == 1), float(prog == 2), min(len(resources), 10) / 8,
            min(red, 4) / 4, min(black, 4) / 4, min(need, 3) / 3, min(afford, 2) / 2,
            float(prog == 2 and afford > 0), min(len(hand), 10) / 10,
            on_foot / 3, (len(free) - on_foot) / 2, (len(k.royals) - len(free)) / 3,
            min(len(k.combinations), 4) / 4, min(hand_score(k), 30) / 20,
            min(pairs, 3) / 2, min(runs, 3) / 2, float(volley), attack,
            min(spare, 2) / 2, revealed, float(next_p and prog == 2 and afford > 0)]


def position_features(state: GameState, me: int) -> list[float]:
    """The features :data:`WIN_WEIGHTS` weigh, for ``me``'s side (names in
    :data:`FEATURE_NAMES`). With partners, each side is judged by its strongest kingdom."""
    n = state.player_count
    hands, kingdoms, _ = table_of(state)
    if n == 2:
        best_mine, best_theirs = me, 3 - me
        next_mine = state.current_player == me
    else:
        mine = [p for p in range(1, n + 1) if not are_opponents(me, p, n)]
        theirs = [p for p in range(1, n + 1) if are_opponents(me, p, n)]
        best_mine = max(mine, key=lambda p: threat(kingdoms[p - 1]))
        best_theirs = max(theirs, key=lambda p: threat(kingdoms[p - 1]))
        next_mine = state.current_player in mine
    a = kingdoms[best_mine - 1]
    b = kingdoms[best_theirs - 1]
    free_a = a.free_royals()
    free_b = b.free_royals()
    x = [1.0, 1.0 if next_mine else 0.0, min(len(state.deck), 40) / 40]
    x += _side_features(state, a, hands[best_mine - 1], free_a, free_b, next_mine)
    x += _side_features(state, b, hands[best_theirs - 1], free_b, free_a, not next_mine)
    return x


def win_probability(state: GameState, me: int,
                    weights: tuple[float, ...] | None = None) -> float:
    """The chance that ``me``'s side wins the hand from this full state (a determinized
    world inside a search): a logistic model of :func:`position_features`, weighed by
    ``weights`` (default :data:`WIN_WEIGHTS`)."""
    z = 0.0
    for w, v in zip(weights or WIN_WEIGHTS, position_features(state, me), strict=True):
        z += w * v
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
