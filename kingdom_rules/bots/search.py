"""SearchBot: information-set Monte Carlo search with determinization.

The bot cannot see the other hands or the deck, so it searches the *information set* it is
in: each sample deals the unseen cards at random, consistently with its view
(:meth:`PlayerView.determinize`), and every candidate move is played out to the end of the
hand in that same world by the fast greedy policy for every seat (the bot's own turn
included). Comparing candidates on shared worlds (common random numbers) removes most of
the luck of the draw from the comparison; sequential halving spends the budget on the
moves still in contention. The search is flat (one level of the bot's own moves): on
this game's budget of about a hundred rollouts per decision a deeper tree measured weaker.

Branching is kept small: one payment per royal and per combination (the cheapest in the
colours a royal in hand needs), the best three combinations, three resources, the best
follow-up answers; the greedy choice is always a candidate and wins ties.

Budget: ``rollouts`` per decision (reproducible: a seeded game replays exactly) and,
optionally, ``time_limit`` seconds per decision (whichever ends first; with a time limit
the result depends on the machine's speed).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import attrs

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
from kingdom_rules.bots.greedy import (
    TurnOptions,
    choose_greedy,
    combination_value,
    followup_value,
    play_turn,
)
from kingdom_rules.bots.heuristics import Table, completes_family, win_probability
from kingdom_rules.cards import Card
from kingdom_rules.engine import apply
from kingdom_rules.legal import legal_actions
from kingdom_rules.scoring import are_opponents, hand_score
from kingdom_rules.state import GameState
from kingdom_rules.view import PlayerView

TARGETED = (EatCharacter, DemolishCastle, DemolishCathedral, EatFreedRoyal, SlayDragon,
            DestroyWithHail, TransferToPartner)
"""Follow-ups whose choice of target is worth a search."""
ROLLOUT_LIMIT = 600
"""Actions a rollout may take before it is cut short and scored as it stands."""
COMBINATIONS = 2
RESOURCES = 1
GREEDY_PRIOR = 0.02
"""Mean reward the greedy choice is credited with: another move must beat it clearly."""


class SearchBot:
    """Determinized Monte Carlo search over the bot's own moves, greedy rollouts."""

    name = "search"

    def __init__(self, rollouts: int | None = 100, time_limit: float | None = None,
                 horizon: int | None = 2, cpu_time: bool = False) -> None:
        if rollouts is None and time_limit is None:
            raise ValueError("SearchBot needs a rollout count or a time limit")
        self.rollouts = rollouts
        self.time_limit = time_limit
        self.horizon = horizon
        self.cpu_time = cpu_time
        self._seen: dict[int, set[Card]] = {}
        self._hand_key: tuple[int, int, int] = (0, 0, 0)
        """Measure ``time_limit`` in processor time of this process (unaffected by other
        programs on the machine) rather than wall-clock time."""

    def choose(self, view: PlayerView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        self._remember(view)
        if len(legal_actions) == 1:
            return legal_actions[0]
        first = legal_actions[0]
        table = Table.of_view(view)
        if isinstance(first, (ChooseStartingResource, ReadyForNextHand)):
            return choose_greedy(table, legal_actions)
        moves = candidates(table, legal_actions)
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

    def _sample(self, view: PlayerView, rng: random.Random) -> GameState:
        """A determinization that keeps the revealed cards each opponent took in their hand."""
        world = view.determinize(rng)
        if not self._seen:
            return world
        players = list(world.players)
        deck = list(world.deck)
        changed = False
        for p, cards in self._seen.items():
            if p == view.player:
                continue
            hand = list(players[p - 1].hand)
            for card in cards:
                if card in hand or not hand:
                    continue
                where = next((i for i, q in enumerate(players) if i != p - 1
                              and q.number != view.player and card in q.hand), None)
                slot = rng.randrange(len(hand))
                if where is not None:
                    other = list(players[where].hand)
                    if hand[slot] in cards:
                        continue
                    other[other.index(card)] = hand[slot]
                    players[where] = attrs.evolve(players[where], hand=tuple(other))
                elif card in deck:
                    if hand[slot] in cards:
                        continue
                    deck[deck.index(card)] = hand[slot]
                else:
                    continue  # played, discarded or in a kingdom: not in a hand any more
                hand[slot] = card
                players[p - 1] = attrs.evolve(players[p - 1], hand=tuple(hand))
                changed = True
        if not changed:
            return world
        return attrs.evolve(world, players=tuple(players), deck=tuple(deck))

    def _search(self, view: PlayerView, moves: list[Action], rng: random.Random) -> Action:
        me = view.player
        clock = time.process_time if self.cpu_time else time.perf_counter
        deadline = clock() + self.time_limit if self.time_limit else math.inf
        budget = self.rollouts if self.rollouts is not None else 1 << 30
        if self.rollouts is None:  # time only: plan the rounds for a generous budget
            budget = 250
        totals = {a: 0.0 for a in moves}
        worlds = 0
        alive = list(moves)
        rounds = max(1, math.ceil(math.log2(len(moves))))
        spent = 0
        for r in range(rounds):
            left = rounds - r
            per = max(1, (budget - spent) // (len(alive) * left))
            for _ in range(per):
                world = self._sample(view, rng)
                for a in alive:
                    state, _ = apply(world, a)
                    totals[a] += rollout(state, me, self.horizon)
                spent += len(alive)
                worlds += 1
                if clock() > deadline:
                    break
            if clock() > deadline:
                break
            alive.sort(key=lambda a: -(totals[a] + (GREEDY_PRIOR * worlds if a is moves[0]
                                                     else 0.0)))
            if r < rounds - 1:
                alive = alive[:max(2, (len(alive) + 1) // 2)]
        best = max(alive, key=lambda a: totals[a] + (GREEDY_PRIOR * worlds if a is moves[0]
                                                     else 0.0))
        return best


def policy(state: GameState, p: int) -> Action:
    """The greedy policy straight from a full state (the rollouts' hot path: the turn's
    plays are built from the table, not by walking every legal action)."""
    player = state.players[p - 1]
    if state.phase == "playing" and player.has_drawn_this_turn and not state.pending:
        return play_turn(Table.of_state(state, p))
    return choose_greedy(Table.of_state(state, p), legal_actions(state, p))


def rollout(state: GameState, me: int, horizon: int | None = None) -> float:
    """Play on with the greedy policy for every seat and score the result for ``me``'s side:
    about 1 for a won hand and 0 for a lost one (a little credit for the score margin).
    With a ``horizon``, stop once that many more turns have started and score the position
    by :func:`win_probability` instead: smoother, and several times cheaper."""
    hand = state.current_hand
    steps = 0
    turns = 0
    turn = (state.round, state.current_player)
    while state.phase == "playing" and state.current_hand == hand and steps < ROLLOUT_LIMIT:
        state, _ = apply(state, policy(state, state.current_player))
        steps += 1
        if horizon is not None and (state.round, state.current_player) != turn:
            turn = (state.round, state.current_player)
            turns += 1
            if turns >= horizon and state.phase == "playing":
                return win_probability(state, me)
    n = state.player_count
    if state.hand_history and state.hand_history[-1].hand_number == hand:
        last = state.hand_history[-1]
        won = last.winner is not None and not are_opponents(me, last.winner, n)
        scores = last.scores
    else:  # cut short: score the kingdoms as they stand
        won = False
        scores = tuple(hand_score(p.kingdom) for p in state.players)
    mine = max(s for i, s in enumerate(scores) if not are_opponents(me, i + 1, n))
    theirs = max(s for i, s in enumerate(scores) if are_opponents(me, i + 1, n))
    margin = max(-1.0, min(1.0, (mine - theirs) / 30.0))
    return (0.85 if won else 0.0) + 0.075 * (margin + 1.0)


def candidates(table: Table, legal: Sequence[Action]) -> list[Action]:
    """The moves worth searching among ``legal``, the greedy choice first: every draw, the
    best follow-up answers, and on the turn one payment per play, the best three
    combinations and three resources."""
    greedy = choose_greedy(table, legal)
    out: list[Action]
    first = legal[0]
    if isinstance(first, DrawCard):
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


__all__ = ["SearchBot", "candidates", "policy", "rollout"]
