"""SearchBot: information-set Monte Carlo search with determinization.

The bot cannot see the other hands or the deck, so it searches the *information set* it is
in: each sample deals the unseen cards at random, consistently with its view
(:meth:`PlayerView.determinize`), and every candidate move is played on in that same
world by the fast greedy policy for every seat (the bot's own side, its own turn included,
in the sharper style :data:`OWN`; the others as GreedyBot plays) until two more turns have
started, where :func:`heuristics.win_probability` (a fitted logistic model)
scores the position. Comparing candidates on shared worlds (common random numbers) removes
most of the luck of the draw from the comparison; sequential halving spends the budget on
the moves still in contention. The player who passed just before the bot's turn is dealt,
in each sample, a hand the greedy rules would have passed with (``infer``). The search is
flat (one level of the bot's own moves): on this game's budget of a few hundred rollouts
per decision a deeper tree measured weaker.

Branching is kept small: one payment per royal and per combination (the cheapest in the
colours a royal in hand needs), the best three combinations, three resources, the best
follow-up answers; the greedy choice is always a candidate and wins ties. In the standard
deal no pass is searched against the greedy play of the turn, nor a resource against its
royal (:data:`KEEP_PLAYS`).

Budget: ``steps`` work units per decision (:data:`STEPS` by default): one per engine step
of a rollout, plus :data:`ROLLOUT_COST` per rollout and :data:`WORLD_COST` per sample. Work
follows processor time closely but not the machine, so a seeded game replays exactly,
whatever the load or the number of simulation workers. Optionally ``rollouts`` per decision
and ``time_limit`` seconds per decision (whichever ends first; with a time limit the result
depends on the machine's speed).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

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
    PassTurn,
    PlayCombination,
    PlayHailOfArrows,
    PlayResource,
    PlayRoyal,
    ReadyForNextHand,
    SkipDemolitionEat,
    SkipPendingAction,
    SlayDragon,
    TransferToPartner,
)
from kingdom_rules.bots.greedy_rules import (
    Style,
    TurnOptions,
    choose_greedy,
    combination_value,
    followup_value,
    play_turn,
)
from kingdom_rules.bots.heuristics import Table, completes_family
from kingdom_rules.bots.rollouts import OWN, play_on, policy, rollout
from kingdom_rules.cards import Card
from kingdom_rules.engine import apply
from kingdom_rules.state import (
    GameState,
    derive,
    evolve,
    hand_of,
    pile_of,
    set_pile,
    table_of,
    with_hand,
)
from kingdom_rules.view import PlayerView

TARGETED = (EatCharacter, DemolishCastle, DemolishCathedral, EatFreedRoyal, SlayDragon,
            DestroyWithHail, TransferToPartner)
"""Follow-ups whose choice of target is worth a search."""
COMBINATIONS = 3
"""Combinations searched on the turn (the best by the greedy value)."""
RESOURCES = 3
"""Number cards of the hand searched as a resource to play (the greedy one is always in)."""
STEPS = 1400
"""Default budget per decision in work units (see :meth:`SearchBot._search`): on our shared
machine a median of 45 ms of processor time per decision and a 95th percentile of 85 ms
(2026-11-22, 1,000 games against GreedyBot, two workers on the two cores; the time per unit
varies about twofold between decisions and with the machine's load, so the 95th percentile
keeps a margin below 100 ms)."""
WORLD_COST = 2
"""Work units charged per sample (dealing the unseen cards costs about two engine steps)."""
FRESH_WORLD_COST = 14
"""Work units charged per Constructed sample, dealt afresh from the view (about fourteen
engine steps: every seat's unseen cards are drawn from the instances it may own)."""
ROLLOUT_COST = 1
"""Work units charged per rollout on top of its engine steps (the first move, the score)."""
REPAIRS = 4
"""Cards of a sample's passer hand swapped for deck cards before a known hand is reused."""
START_HORIZON = 4
"""Turns added to the horizon when searching the starting resource."""
START_WORK = 0.55
"""Share of the budget for the starting resource (the opening's engine steps cost more)."""
DRAW_WORK = 1.0
"""Budget of a draw decision (the deck against the revealed cards) in the standard deal, as
a multiple of :attr:`SearchBot.steps`."""
DRAW_HORIZON = 0
"""Turns added to the horizon when searching a draw in the standard deal."""
STANDARD = Style(growth=4, keep=4, revealed_numbers=False, royals_first=True, hail_first=True,
                 grow_pairs=False)
"""The search's own style in the standard deal (in rollouts and as the move to beat): OWN
with 4 number cards kept, a spare royal or a Hail of Arrows before growing, pairs kept
while growing (57.2-57.8% alone against GreedyBot, 0.6-1.7 points over OWN on fresh seeds).
Constructed and the Spire's runner play :data:`OWN`."""
STANDARD_WEIGHTS: tuple[float, ...] | None = (
    -0.558, 0.512, 0.831, 0.659, 1.415, -0.189, 0.906, 0.843, 1.241, 0.588, 1.341, 2.255,
    0.274, 0.791, 0.498, -0.414, 0.683, 0.021, -0.096, -0.066, 0.373, 0.21, 0.196, 5.587,
    -0.822, -1.691, 0.557, -0.918, -0.869, -1.871, -0.503, -1.838, -2.302, 0.477, -0.62,
    0.976, -0.597, -1.515, 0.005, 0.176, 0.17, -0.281, -0.285, -0.465, -4.83
)
"""The evaluation's weights in the standard deal (None: ``heuristics.WIN_WEIGHTS``, which
Constructed and the Spire's runner use): :func:`heuristics.position_features` refitted on
positions of :data:`STANDARD` against GreedyBot where a family royal is held 30% of the
time (``python3 bench/fit_evaluation.py --games 30000 --seed 5300000 --own --style
standard --hold 0.3``; held-out log-loss 0.5325 against 0.5383 for ``WIN_WEIGHTS``).
With both, SearchBot won 60.7% of 1,000 seat-balanced games, 3.5 points (+1.1 to +5.9)
more than with OWN and ``WIN_WEIGHTS`` on the same games (bench/RESULTS.md, issue 31,
third pass)."""
GREEDY_PRIOR = 0.02
"""Mean reward the greedy choice is credited with: another move must beat it clearly."""
KEEP_PLAYS = True
"""In the standard deal, search no pass against the greedy choice's play of the turn and no
resource against its royal: the search's departures of those kinds lost more hands than they
won when both moves were played on to the end of the hand from the real state
(``bench/search_regret.py``; bench/RESULTS.md, issue 31, second pass)."""


class SearchBot:
    """Determinized Monte Carlo search over the bot's own moves, greedy rollouts."""

    name = "search"

    def __init__(self, rollouts: int | None = None, time_limit: float | None = None,
                 horizon: int | None = 2, cpu_time: bool = False,
                 steps: int | None = STEPS, infer: bool = True,
                 search_start: bool = False) -> None:
        if rollouts is None and time_limit is None and steps is None:
            raise ValueError("SearchBot needs a step budget, a rollout count or a time limit")
        self.rollouts = rollouts
        self.time_limit = time_limit
        self.horizon = horizon
        self.cpu_time = cpu_time
        """Measure ``time_limit`` in processor time of this process (unaffected by other
        programs on the machine) rather than wall-clock time."""
        self.steps = steps
        self.search_start = search_start
        """Search the starting resource too (else the greedy rule picks it)."""
        self.infer = infer
        """Keep only samples in which the player who passed just before this turn holds
        nothing the greedy rules would still have played (see :meth:`_consistent`)."""
        self._seen: dict[int, set[Card]] = {}
        self._hand_key: tuple[int, int, int] = (0, 0, 0)
        self._turn_key: tuple[int, int, int, int] = (0, 0, 0, 0)
        self._passer: Table | None = None
        """The table as the player before us left it when passing (hand left empty)."""
        self._hands: list[tuple[Card, ...]] = []
        """Hands of the passer found consistent this turn."""
        self._template: GameState | None = None
        """This decision's first sample: the next ones shuffle its unseen cards again."""
        self._hidden: list[Card] = []
        self._own: Style = OWN
        """This decision's own style: :data:`STANDARD` in the standard deal, else :data:`OWN`."""
        self._weights: tuple[float, ...] | None = None
        """This decision's evaluation weights (:data:`STANDARD_WEIGHTS` in the standard deal)."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        self._remember(view)
        if len(legal_actions) == 1:
            return legal_actions[0]
        first = legal_actions[0]
        table = Table.of_view(view)
        standard = view.setup_kind == "standard"
        own = self._own = STANDARD if standard else OWN
        self._weights = STANDARD_WEIGHTS if standard else None
        if isinstance(first, ReadyForNextHand) or (
                isinstance(first, ChooseStartingResource) and not self.search_start):
            return choose_greedy(table, legal_actions, own)
        moves = candidates(table, legal_actions, keep_plays=KEEP_PLAYS and standard, own=own)
        if len(moves) == 1:
            return moves[0]
        return self._search(view, moves, rng)

    def _remember(self, view: PlayerView) -> None:
        """Note the revealed cards other players took (public: R32): a sample must deal them
        back to that player while they can still be in that hand."""
        key = (view.player, view.current_hand, len(view.hand_history))
        if key != self._hand_key:
            self._hand_key = key
            self._seen = {}
        last = view.last_draw
        if last is not None and last.card is not None and last.player != view.player:
            self._seen.setdefault(last.player, set()).add(last.card)
        turn = (view.player, view.current_hand, view.round, view.current_player)
        if turn != self._turn_key:
            self._turn_key = turn
            self._passer = None
            self._hands = []
            me, n = view.player, view.player_count
            before = (me - 2) % n + 1
            if (view.phase == "playing" and view.current_player == me and before != me
                    and not view.played_this_turn and not view.pending
                    and (view.round > 1 or view.first_player != me)):
                # Our first decision of the turn: the table is as the player before us left
                # it when passing (only our resources were readied since).
                self._passer = Table(before, n, (), [p.kingdom for p in view.players],
                                     view.discard_pile, view.revealed, (),
                                     [p.card_count for p in view.players], 0)

    def _sample(self, view: PlayerView, rng: random.Random) -> tuple[GameState, int]:
        """A determinization consistent with what the bot saw, and its cost in work units.

        When the player before us passed, their dealt hand must be one the greedy rules
        pass with (:meth:`_consistent`): a card they would have played is swapped for a
        random card of the deck (up to :data:`REPAIRS` times); failing that, a consistent
        hand found earlier this turn is dealt to them instead."""
        world = self._deal(view, rng)
        cost = FRESH_WORLD_COST if view.setup_kind == "constructed" else WORLD_COST
        passer = self._passer
        if passer is None or not self.infer:
            return world, cost
        p = passer.me
        for _ in range(REPAIRS + 1):
            hand = hand_of(world, p)
            cost += 1
            played = self._played(hand)
            if played is None:
                self._hands.append(hand)
                return world, cost
            if not world.deck:
                break
            card = played[rng.randrange(len(played))]
            j = rng.randrange(len(world.deck))
            world = _swap(world, p, hand.index(card), j)
        if self._hands:
            hand = self._hands[rng.randrange(len(self._hands))]
            placed = _deal_hand(world, p, hand)
            if placed is not None:
                return placed, cost + 1
        return world, cost

    def _played(self, hand: tuple[Card, ...]) -> list[Card] | None:
        """The cards of ``hand`` the greedy rules would have played on the passer's table
        (None: they would have passed with this hand, as they did)."""
        passer = self._passer
        assert passer is not None
        passer.hand = hand
        action = play_turn(passer)
        if isinstance(action, PassTurn):
            return None
        cards = [c for c in _cards_of(action) if c in hand]
        return cards or list(hand)

    def _deal(self, view: PlayerView, rng: random.Random) -> GameState:
        """A determinization that keeps the revealed cards each opponent took in their hand.
        The first of a decision comes from ``view.determinize``; the next ones deal the same
        unseen cards again, shuffled, into that world (cheaper)."""
        world = self._redeal(view, rng)
        if not self._seen:
            return world
        hands = [list(h) for h in table_of(world)[0]]
        deck = list(world.deck)
        changed: set[int] = set()
        for p, cards in self._seen.items():
            if p == view.player:
                continue
            hand = hands[p - 1]
            for card in cards:
                if card in hand or not hand:
                    continue
                where = next((i for i, h in enumerate(hands) if i != p - 1
                              and i + 1 != view.player and card in h), None)
                slot = rng.randrange(len(hand))
                if where is not None:
                    other = hands[where]
                    if hand[slot] in cards:
                        continue
                    other[other.index(card)] = hand[slot]
                    changed.add(where)
                elif card in deck:
                    if hand[slot] in cards:
                        continue
                    deck[deck.index(card)] = hand[slot]
                else:
                    continue  # played, discarded or in a kingdom: not in a hand any more
                hand[slot] = card
                changed.add(p - 1)
        if not changed:
            return world
        for i in sorted(changed):
            world = with_hand(world, i + 1, tuple(hands[i]))
        return evolve(world, deck=tuple(deck))

    def _redeal(self, view: PlayerView, rng: random.Random) -> GameState:
        template = self._template
        if view.setup_kind == "constructed" and template is not None:
            # Each seat's unseen cards are its own deck's (R34), and the view does not tell
            # which faces those are: every sample draws them afresh. Reshuffling the first
            # sample's cards would deal every seat the same cards again, the piles (where
            # the draws come from) in the same order, so all samples would be one world.
            return view.determinize(rng)
        if template is None:
            template = self._template = view.determinize(rng)
            hidden: list[Card] = []
            for q in template.players:
                if q.number != view.player:
                    hidden += q.hand
            hidden += template.deck
            if template.setup.kind == "spire":  # the runner's pile: unseen faces too (R36)
                for q in template.players:
                    hidden += q.pile
            self._hidden = hidden
            return template
        cards = list(self._hidden)
        keys = {c: rng.random() for c in cards}  # a shuffle, faster than rng.shuffle
        cards.sort(key=keys.__getitem__)
        world = template
        me = view.player
        k = 0
        for i, hand in enumerate(table_of(template)[0]):
            if i + 1 != me and hand:
                m = len(hand)
                world = with_hand(world, i + 1, tuple(cards[k:k + m]))
                k += m
        if template.setup.kind == "spire":
            world = derive(world)
            for i in range(template.player_count):
                m = len(pile_of(template, i + 1))
                if m:
                    set_pile(world, i + 1, tuple(cards[k:k + m]))
                    k += m
        return evolve(world, deck=tuple(cards[k:]), seed=rng.randrange(2**31))

    def rollout(self, state: GameState, me: int, horizon: int | None) -> tuple[float, int]:
        """A candidate's value in one sample and the engine steps it cost: :func:`rollout`
        (a subclass may score positions its own way, as the Spire's runner does)."""
        return rollout(state, me, horizon, self._own, self._weights)

    def _search(self, view: PlayerView, moves: list[Action], rng: random.Random) -> Action:
        """Sequential halving over ``moves`` on shared samples, within the budgets: work
        (engine steps of the rollouts, plus a fixed cost per rollout and per sample: a
        measure of processor time that does not depend on the machine), rollouts, time."""
        me = view.player
        self._template = None
        horizon = self.horizon
        work_budget = self.steps if self.steps is not None else 1 << 40
        if horizon is not None and view.phase == "choosing_resources":
            horizon += START_HORIZON  # the choice shows in the combinations built later
            work_budget = int(work_budget * START_WORK)
        elif isinstance(moves[0], DrawCard) and view.setup_kind == "standard":
            if horizon is not None:
                horizon += DRAW_HORIZON
            work_budget = int(work_budget * DRAW_WORK)
        clock = time.process_time if self.cpu_time else time.perf_counter
        deadline = clock() + self.time_limit if self.time_limit else math.inf
        rollout_budget = self.rollouts if self.rollouts is not None else 1 << 40
        totals = {a: 0.0 for a in moves}
        worlds = 0
        alive = list(moves)
        rounds = max(1, math.ceil(math.log2(len(moves))))
        work = 0
        spent = 0
        stop = False
        for r in range(rounds):
            left = rounds - r
            round_work = work + max(1, (work_budget - work) // left)
            round_rollouts = spent + max(1, (rollout_budget - spent) // left)
            while True:
                world, cost = self._sample(view, rng)
                work += cost
                for a in alive:
                    state, _ = apply(world, a)
                    value, steps = self.rollout(state, me, horizon)
                    totals[a] += value
                    work += steps + ROLLOUT_COST
                spent += len(alive)
                worlds += 1
                if clock() > deadline:
                    stop = True
                    break
                if work >= round_work or spent + len(alive) > round_rollouts:
                    break
            if stop:
                break
            alive.sort(key=lambda a: -(totals[a] + (GREEDY_PRIOR * worlds if a is moves[0]
                                                     else 0.0)))
            if r < rounds - 1:
                alive = alive[:max(2, (len(alive) + 1) // 2)]
        best = max(alive, key=lambda a: totals[a] + (GREEDY_PRIOR * worlds if a is moves[0]
                                                     else 0.0))
        return best


def _cards_of(action: Action) -> tuple[Card, ...]:
    """The cards of the hand an action of the turn plays."""
    if isinstance(action, (PlayCombination, PlayHailOfArrows)):
        return action.cards
    card = getattr(action, "card", None)
    return (card,) if isinstance(card, Card) else ()


def _swap(world: GameState, p: int, i: int, j: int) -> GameState:
    """``world`` with card ``i`` of player ``p``'s hand and card ``j`` of the deck swapped."""
    hand = list(hand_of(world, p))
    deck = list(world.deck)
    hand[i], deck[j] = deck[j], hand[i]
    return evolve(with_hand(world, p, tuple(hand)), deck=tuple(deck))


def _deal_hand(world: GameState, p: int, hand: tuple[Card, ...]) -> GameState | None:
    """``world`` with player ``p`` holding ``hand`` (its cards taken from the deck, the
    cards they replace put in their places), or None if a card of it is elsewhere."""
    old = hand_of(world, p)
    if len(old) != len(hand):
        return None
    deck = list(world.deck)
    spare = [c for c in old if c not in hand]
    where = {c: i for i, c in enumerate(deck)}
    for card in hand:
        if card in old:
            continue
        i = where.get(card)
        if i is None:
            return None
        deck[i] = spare.pop()
    return evolve(with_hand(world, p, hand), deck=tuple(deck))


def candidates(table: Table, legal: Sequence[Action],
               keep_plays: bool = False, own: Style = OWN) -> list[Action]:
    """The moves worth searching among ``legal``, the greedy choice first: every draw, the
    best follow-up answers, and on the turn one payment per play, the best three
    combinations and three resources. ``keep_plays`` (:data:`KEEP_PLAYS`): no pass is
    searched against a play of the turn, and no resource against a royal."""
    greedy = choose_greedy(table, legal, own)
    out: list[Action]
    first = legal[0]
    if isinstance(first, (DrawCard, ChooseStartingResource)):
        out = list(legal)
    elif table.pending:
        answers: list[Action] = [a for a in legal if not isinstance(a, (PassTurn, SkipPendingAction,
                                                          SkipDemolitionEat))]
        answers.sort(key=lambda a: -followup_value(table, a))
        if not isinstance(greedy, TARGETED):
            return [greedy]  # mounting, sheltering, resurrecting: the heuristic is right
        out = answers[:4]
        out += [a for a in legal if isinstance(a, (SkipPendingAction, SkipDemolitionEat))][:1]
    elif isinstance(greedy, DrawRoyalReward):
        return [greedy]  # free cards: nothing to weigh
    elif isinstance(greedy, PlayRoyal) and completes_family(table.mine, greedy.card):
        return [greedy]  # wins the hand at once
    else:
        out = _turn_candidates(table)
    out = [a for a in out if a != greedy]
    if keep_plays and not table.pending:
        # A pass against a play of the turn, a resource against a royal: these departures
        # lost more hands than they won (see KEEP_PLAYS).
        dropped = (PlayResource, PassTurn) if isinstance(greedy, PlayRoyal) else PassTurn
        out = [a for a in out if not isinstance(a, dropped)]
    return [greedy] + out


def _turn_candidates(table: Table) -> list[Action]:
    options = TurnOptions(table)
    out: list[Action] = [pays[0] for pays in options.royals.values()]
    combos: list[PlayCombination] = [pays[0] for pays in options.combos.values()]
    combos.sort(key=lambda a: -combination_value(table, a.cards))
    out += combos[:COMBINATIONS]
    resources: list[PlayResource] = options.resources[:RESOURCES]
    out += resources
    hails: list[PlayHailOfArrows] = options.hails
    out += hails
    out.append(PassTurn(table.me))
    return out


__all__ = ["OWN", "STANDARD", "SearchBot", "candidates", "play_on", "policy", "rollout"]
