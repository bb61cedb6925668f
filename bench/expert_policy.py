"""A policy learned from rollouts (one step of expert iteration) for SearchBot's own side.

The search adds what it can over its own style, ``search.STANDARD`` (bench/RESULTS.md, issue
31, sixth pass: a flat search over the style's candidates tops out 6 to 7 points above it).
This diagnostic asks how much of that a *learned* chooser takes without any search at play
time, and what the search adds on top of it:

- ``label``: plays seeded games of the style against GreedyBot (each deal in both seats); at
  each of the style's decisions with a choice (``search.candidates``, the style's move first,
  passes and resources not gated), every candidate is played on to the end of the hand in
  ``--samples`` samples dealt from the view (``PlayerView.determinize``, shared by the
  candidates), by the rollout policy. A candidate's label is its share of hands won. Its
  features: :func:`heuristics.position_features` after the candidate and the rest of the
  turn in the style, averaged over the first ``FEATURE_WORLDS`` samples.
- ``fit``: fits the advantage of each candidate over the style's move (boosted trees,
  LightGBM; a ridge regression beside it) on the first 80% of the decisions, and prints what
  the model's choices gain on the other 20% in hands a game (the labels of the chosen
  candidates minus the style's: the performance difference on the style's own games), for
  several thresholds the predicted gain must pass. Saves a model fitted on all of them.
- ``label --policy-model M``: the next step of the iteration. The learned policy of ``M``
  plays the games and the labelling rollouts (its side only; inside a rollout its features
  are taken in the sample with the deck reshuffled), so the next model learns the gain of
  each candidate when that policy, not the style, plays on. Its candidates' features are
  taken after that policy, too, plays the rest of the turn, as their labels are.
- :class:`ExpertBot` plays the style, departing from it where the model predicts a gain;
  :class:`ExpertSearchBot` is SearchBot with that choice as the move to beat (first, with
  the greedy prior). Both read ``KINGDOM_EXPERT_MODEL``, and for a model of a later step
  ``KINGDOM_EXPERT_BASE``, the model whose policy its features continue the turn with:

    python bench/expert_policy.py label --games 2650 --seed 12000000 --samples 80 \\
        --out expert.pkl                                    # 10 minutes on 2 cores
    python bench/expert_policy.py fit expert.pkl --model expert.txt
    python bench/expert_policy.py label --games 1400 --seed 14000000 --samples 24 \\
        --policy-model expert.txt --out expert2.pkl         # 21 minutes on 2 cores
    python bench/expert_policy.py fit expert2.pkl --model expert2.txt
    PYTHONPATH=bench KINGDOM_EXPERT_MODEL=expert2.txt KINGDOM_EXPERT_BASE=expert.txt \\
        python bench/bots.py expert_policy:ExpertBot greedy ...
    PYTHONPATH=bench KINGDOM_EXPERT_MODEL=expert.txt python bench/bots.py \\
        expert_policy:ExpertBot greedy --games 2000 --swap-seats --seed 12600000 \\
        --workers 1 --games-json expert.json
    PYTHONPATH=bench KINGDOM_EXPERT_MODEL=expert.txt python bench/bots.py \\
        expert_policy:ExpertSearchBot greedy --games 2000 --swap-seats --seed 12600000 \\
        --workers 1 --games-json expert-search.json

Needs numpy and lightgbm (``pip install numpy lightgbm``; not project dependencies).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import pickle
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kingdom_rules.actions import (  # noqa: E402
    Action,
    ChooseStartingResource,
    DrawCard,
    ReadyForNextHand,
)
from kingdom_rules.bots import search  # noqa: E402
from kingdom_rules.bots.greedy import GreedyBot  # noqa: E402
from kingdom_rules.bots.greedy_rules import GREEDY, choose_greedy  # noqa: E402
from kingdom_rules.bots.heuristics import Table, position_features  # noqa: E402
from kingdom_rules.bots.rollouts import ROLLOUT_LIMIT, policy  # noqa: E402
from kingdom_rules.bots.runner import play_game  # noqa: E402
from kingdom_rules.bots.search import STANDARD, SearchBot, candidates, play_on  # noqa: E402
from kingdom_rules.engine import apply, players_to_act  # noqa: E402
from kingdom_rules.legal import legal_actions  # noqa: E402
from kingdom_rules.scoring import are_opponents  # noqa: E402
from kingdom_rules.state import GameState, evolve  # noqa: E402
from kingdom_rules.view import PlayerView  # noqa: E402

KINDS = ("deck", "revealed", "PlayRoyal", "PlayCombination", "PlayResource",
         "PlayHailOfArrows", "PassTurn", "follow-up", "skip")
"""Kinds of candidate (one-hot in the model's input)."""
FEATURE_WORLDS = 3
"""Samples a candidate's features are averaged over (at play time, dealt from the view)."""
Decision = tuple[list[str], list[list[float]], list[float]]
"""A labelled decision: per candidate (the style's first) its kind, features and label."""


def kind_of(action: Action) -> str:
    name = type(action).__name__
    if isinstance(action, DrawCard):
        return "deck" if action.source == "deck" else "revealed"
    if name in KINDS:
        return name
    return "skip" if name.startswith("Skip") else "follow-up"


def choices(view: PlayerView, legal: Sequence[Action]) -> list[Action] | None:
    """The candidates of a decision worth learning (the style's move first), or None."""
    if len(legal) < 2 or isinstance(legal[0], (ReadyForNextHand, ChooseStartingResource)):
        return None
    moves = candidates(Table.of_view(view), legal, keep_plays=False, own=STANDARD)
    return moves if len(moves) > 1 else None


def features(worlds: Sequence[GameState], moves: Sequence[Action], me: int,
             base: Learned | None, rng: random.Random) -> list[list[float]]:
    """Per candidate: the position features once it and the rest of the turn are played,
    averaged over ``worlds``; the rest of the turn in the style, or by the learned policy
    ``base`` (the policy the labels' rollouts play on with; ``rng`` shuffles the decks of
    its samples)."""
    out = []
    for move in moves:
        total: list[float] | None = None
        for world in worlds:
            state, _ = apply(world, move)
            if base is None:
                state, _, _ = play_on(state, me, 1, STANDARD)
            else:
                state = play_on_learned(state, me, base, rng, horizon=1)
            f = position_features(state, me)
            total = f if total is None else [a + b for a, b in zip(total, f, strict=True)]
        assert total is not None
        out.append([v / len(worlds) for v in total])
    return out


def model_input(kinds: Sequence[str], feats: Sequence[list[float]], j: int) -> list[float]:
    """Candidate ``j`` against the style's move (0): the features' difference, the style's
    features, both kinds, the number of candidates."""
    mine = [float(kinds[j] == k) for k in KINDS]
    style = [float(kinds[0] == k) for k in KINDS]
    diff = [a - b for a, b in zip(feats[j], feats[0], strict=True)]
    return diff + feats[0] + mine + style + [float(len(kinds))]


class Learned:
    """A fitted model of a candidate's gain over the style's move, and the choice it makes.
    ``base``: the learned policy its features continue the turn with (the policy whose
    rollouts labelled it), or None for the style."""

    def __init__(self, path: str, base: Learned | None = None) -> None:
        import lightgbm as lgb

        self.booster = lgb.Booster(model_file=path)
        self.base = base

    def pick(self, worlds: Sequence[GameState], moves: Sequence[Action], me: int,
             rng: random.Random) -> Action:
        """The candidate with the largest predicted gain if it is positive, else the
        style's move (the first); ``rng`` shuffles the decks of the base policy's samples."""
        import numpy as np

        kinds = [kind_of(m) for m in moves]
        feats = features(worlds, moves, me, self.base, rng)
        rows = np.array([model_input(kinds, feats, j) for j in range(1, len(moves))])
        predicted = list(self.booster.predict(rows, num_threads=1))
        j = max(range(len(predicted)), key=predicted.__getitem__)
        return moves[j + 1] if predicted[j] > 0.0 else moves[0]


_learned: dict[str, Learned] = {}


def learned(path: str, base: str | None = None) -> Learned:
    """The model at ``path`` (its features continuing the turn with the model at ``base``)."""
    key = f"{path}|{base}"
    if key not in _learned:
        _learned[key] = Learned(path, learned(base) if base else None)
    return _learned[key]


def env_model() -> Learned:
    """The model named by ``KINGDOM_EXPERT_MODEL`` (its base by ``KINGDOM_EXPERT_BASE``)."""
    return learned(os.environ["KINGDOM_EXPERT_MODEL"], os.environ.get("KINGDOM_EXPERT_BASE"))


def _own_move(state: GameState, p: int, model: Learned, rng: random.Random) -> Action:
    """The learned policy's move for ``p`` inside a rollout (a full state): its features are
    taken in the state with the deck reshuffled, whose order the player cannot know."""
    legal = legal_actions(state, p)
    if len(legal) < 2 or isinstance(legal[0], (ReadyForNextHand, ChooseStartingResource)):
        return policy(state, p, STANDARD)
    moves = candidates(Table.of_state(state, p), legal, keep_plays=False, own=STANDARD)
    if len(moves) < 2:
        return moves[0]
    deck = list(state.deck)
    rng.shuffle(deck)
    world = evolve(state, deck=tuple(deck), seed=rng.randrange(2**31))
    return model.pick([world], moves, p, rng)


def play_on_learned(state: GameState, me: int, model: Learned, rng: random.Random,
                    horizon: int | None = None) -> GameState:
    """:func:`rollouts.play_on`, ``me``'s side playing the learned policy, the others
    GreedyBot: to the end of the hand, or until ``horizon`` more turns have started."""
    hand = state.current_hand
    n = state.player_count
    steps = 0
    turns = 0
    turn = (state.round, state.current_player)
    while state.current_hand == hand and steps < ROLLOUT_LIMIT:
        if state.phase == "playing":
            p = state.current_player
        elif state.phase == "choosing_resources":
            p = players_to_act(state)[0]
            if not legal_actions(state, p):
                break
        else:
            break
        if are_opponents(me, p, n):
            action = policy(state, p, GREEDY)
        else:
            action = _own_move(state, p, model, rng)
        state, _ = apply(state, action)
        steps += 1
        if horizon is not None and (state.round, state.current_player) != turn:
            turn = (state.round, state.current_player)
            turns += 1
            if turns >= horizon and state.phase == "playing":
                return state
    return state


class _Labeller:
    """Plays the style (or, given a model, the learned policy) and labels each of its
    decisions with a choice: each candidate played on in the same way."""

    name = "labeller"

    def __init__(self, samples: int, model: str | None) -> None:
        self.samples = samples
        self.model = learned(model) if model else None
        self.decisions: list[Decision] = []

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        moves = choices(view, legal)
        if moves is None:
            return choose_greedy(Table.of_view(view), legal, STANDARD)
        me = view.player
        worlds = [view.determinize(rng) for _ in range(self.samples)]
        won = [0.0] * len(moves)
        inner = random.Random(rng.random())
        for world in worlds:
            for j, move in enumerate(moves):
                state, _ = apply(world, move)
                hand = state.current_hand
                if self.model is None:
                    end, _, _ = play_on(state, me, None, STANDARD)
                else:
                    end = play_on_learned(state, me, self.model, inner)
                last = end.hand_history[-1] if end.hand_history else None
                if (last is not None and last.hand_number == hand and last.winner is not None
                        and not are_opponents(me, last.winner, end.player_count)):
                    won[j] += 1.0
        feats = features(worlds[:FEATURE_WORLDS], moves, me, self.model, inner)
        self.decisions.append(([kind_of(m) for m in moves], feats,
                               [w / self.samples for w in won]))
        if self.model is None:
            return moves[0]
        return self.model.pick(worlds[:FEATURE_WORLDS], moves, me, inner)


def _label_game(job: tuple[int, int, int, str | None]) -> list[Decision]:
    seed, seat, samples, model = job
    labeller = _Labeller(samples, model)
    bots: list[Any] = [labeller, GreedyBot()] if seat == 1 else [GreedyBot(), labeller]
    play_game(bots, seed=seed)
    return labeller.decisions


def _rows(decisions: Sequence[Decision]) -> tuple[list[list[float]], list[float]]:
    x: list[list[float]] = []
    y: list[float] = []
    for kinds, feats, won in decisions:
        for j in range(1, len(kinds)):
            x.append(model_input(kinds, feats, j))
            y.append(won[j] - won[0])
    return x, y


def _gains(decisions: Sequence[Decision], predicted: Sequence[float], games: float,
           threshold: float) -> tuple[float, float]:
    """Hands a game the model's choices gain over the style's, and how often it departs."""
    gain = 0.0
    departures = 0
    k = 0
    for kinds, _, won in decisions:
        n = len(kinds) - 1
        scores = predicted[k:k + n]
        k += n
        j = max(range(n), key=scores.__getitem__)
        if scores[j] > threshold:
            gain += won[j + 1] - won[0]
            departures += 1
    return gain / games, departures / len(decisions)


TREES = {"objective": "regression", "num_leaves": 15, "learning_rate": 0.05,
         "min_child_samples": 50, "verbose": -1}
ROUNDS = 300


def fit(path: str, model_path: str | None) -> None:
    import lightgbm as lgb
    import numpy as np

    with open(path, "rb") as fh:
        data: dict[str, Any] = pickle.load(fh)
    decisions: list[Decision] = data["decisions"]
    per_game = len(decisions) / data["games"]
    cut = int(len(decisions) * 0.8)
    train, held = decisions[:cut], decisions[cut:]
    x, y = _rows(train)
    hx, _ = _rows(held)
    games = len(held) / per_game
    print(f"{len(decisions)} decisions of {data['games']} games ({per_game:.1f} a game); "
          f"fitted on {len(x)} candidates, held out: {len(held)} decisions")
    trees = lgb.train(TREES, lgb.Dataset(np.array(x), np.array(y)), ROUNDS)
    a = np.c_[np.array(x), np.ones(len(x))]
    ridge = np.linalg.solve(a.T @ a + np.eye(a.shape[1]), a.T @ np.array(y))
    models = {"boosted trees": trees.predict(np.array(hx)),
              "ridge": np.c_[np.array(hx), np.ones(len(hx))] @ ridge}
    for name, predicted in models.items():
        for threshold in (0.0, 0.01, 0.02, 0.04):
            gain, share = _gains(held, list(predicted), games, threshold)
            print(f"{name}, threshold {threshold:.2f}: {100 * gain:+.1f} points a game over "
                  f"the style, departing at {100 * share:.1f}% of decisions")
    if model_path:
        ax, ay = _rows(decisions)
        lgb.train(TREES, lgb.Dataset(np.array(ax), np.array(ay)), ROUNDS).save_model(model_path)
        print(f"model fitted on all {len(decisions)} decisions: {model_path}")


def expert_choice(view: PlayerView, moves: list[Action], rng: random.Random) -> Action:
    """The learned policy's choice among ``moves`` (the style's first), its features taken
    in ``FEATURE_WORLDS`` samples dealt from the view."""
    worlds = [view.determinize(rng) for _ in range(FEATURE_WORLDS)]
    return env_model().pick(worlds, moves, view.player, rng)


class ExpertBot:
    """The style with the learned departures; no search."""

    name = "expert"

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        moves = choices(view, legal)
        if moves is None:
            return choose_greedy(Table.of_view(view), legal, STANDARD)
        return expert_choice(view, moves, rng)


class RolloutExpertBot:
    """The learned policy as it plays inside a labelling rollout of ``label --policy-model``:
    its features from the true state with the deck reshuffled, so it knows the other hand.
    A diagnostic that breaks the view rule (docs/bots.md), as ``bench/search_limits.py``
    does: how different is the policy the second step's labels assume?"""

    name = "rollout-expert"

    def __init__(self) -> None:
        import search_limits

        search_limits.remember_true_states()
        self.true = search_limits.TRUE

    def choose(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        return _own_move(self.true["state"], view.player, env_model(), rng)


class ExpertSearchBot(SearchBot):
    """SearchBot (standard deal) whose move to beat is the learned choice."""

    name = "expert-search"

    def choose(self, view: PlayerView, legal_actions: Sequence[Action],
               rng: random.Random) -> Action:
        wide = choices(view, legal_actions) if view.setup_kind == "standard" else None
        if wide is None:
            return super().choose(view, legal_actions, rng)
        self._remember(view)
        table = Table.of_view(view)
        self._own = STANDARD
        self._weights = search.STANDARD_WEIGHTS
        pick = expert_choice(view, wide, rng)
        moves = candidates(table, legal_actions, keep_plays=search.KEEP_PLAYS, own=STANDARD)
        moves = [pick] + [m for m in moves if m != pick]
        return moves[0] if len(moves) == 1 else self._search(view, moves, rng)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    label = sub.add_parser("label", help="play the style's games and label its decisions")
    label.add_argument("--games", type=int, default=2000)
    label.add_argument("--seed", type=int, default=12000000)
    label.add_argument("--samples", type=int, default=80)
    label.add_argument("--workers", type=int, default=2)
    label.add_argument("--out", required=True)
    label.add_argument("--policy-model", help="a model fitted by `fit`: its policy plays the "
                       "games and the rollouts (the next step of the iteration)")
    learn = sub.add_parser("fit", help="fit the advantage model, report held-out gains")
    learn.add_argument("data")
    learn.add_argument("--model")
    args = parser.parse_args(argv)
    if args.command == "fit":
        fit(args.data, args.model)
        return 0
    plan = [(args.seed + i // 2, 1 + i % 2, args.samples, args.policy_model)
            for i in range(args.games)]
    decisions: list[Decision] = []
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        for game in pool.imap(_label_game, plan, chunksize=2):
            decisions += game
    with open(args.out, "wb") as fh:
        pickle.dump({"games": args.games, "decisions": decisions}, fh)
    print(f"{len(decisions)} decisions of {args.games} games: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
