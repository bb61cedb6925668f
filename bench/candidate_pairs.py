"""How well can SearchBot's evaluation tell its candidates apart? Candidate pairs, played out.

Plays ``bench/bots.py``-style games of SearchBot against GreedyBot (SearchBot in seat
``1 + seed % 2``). At every decision the search makes, it deals ``--worlds`` further samples
(as the search does, from the bot's view) and plays every candidate (up to six) in each: on
to the search's horizon, where the evaluation would score it (its
:func:`heuristics.position_features` are kept), and then on to the end of the hand, with the
same policies the rollouts use (the outcome: won or lost). Two candidates of one sample whose
outcomes differ are a *discordant pair*: the better one is known in that world.

The report, on the games whose seed is 4 modulo 5 (held out):

- how many discordant pairs there are, and how many of them have identical features at the
  horizon (no evaluation of these features can order them);
- the share of discordant pairs the evaluation orders right (``search.STANDARD_WEIGHTS``);
- the same for a logistic model of the pair (Bradley-Terry) fitted on the other games'
  pairs: the best linear evaluation of these features *for ranking candidates*, which is what
  the search asks of it.

Needs numpy (the library itself stays numpy-free).

    python bench/candidate_pairs.py --games 6000 --seed 9300000 --worlds 6 --workers 2
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/search_headroom.py

import numpy as np  # noqa: E402
from search_headroom import hand_won  # noqa: E402

from kingdom_rules.actions import Action  # noqa: E402
from kingdom_rules.bots import search  # noqa: E402
from kingdom_rules.bots.greedy import GreedyBot  # noqa: E402
from kingdom_rules.bots.heuristics import position_features  # noqa: E402
from kingdom_rules.bots.runner import play_game  # noqa: E402
from kingdom_rules.bots.search import SearchBot, play_on  # noqa: E402
from kingdom_rules.engine import apply  # noqa: E402
from kingdom_rules.view import PlayerView  # noqa: E402

CANDIDATES = 6
"""Candidates played out per decision (the search's first six: the greedy move first)."""

Row = tuple[list[float] | None, float]
"""A candidate in one sample: the features at the horizon (None: the hand ended first) and
whether the searcher's side won the hand."""


class _Recorder(SearchBot):
    """SearchBot, playing as always, that plays its candidates out in extra samples."""

    def __init__(self, worlds: int) -> None:
        super().__init__()
        self.worlds = worlds
        self.decisions: list[list[list[Row]]] = []

    def _search(self, view: PlayerView, moves: list[Action], rng: random.Random) -> Action:
        best = super()._search(view, moves, rng)
        me = view.player
        extra = random.Random(rng.random())
        samples: list[list[Row]] = []
        for _ in range(self.worlds):
            world, _ = self._sample(view, extra)
            rows: list[Row] = []
            for move in moves[:CANDIDATES]:
                state, _ = apply(world, move)
                hand = state.current_hand
                leaf, _, at_horizon = play_on(state, me, self.horizon, self._own)
                if not at_horizon:
                    rows.append((None, hand_won(leaf, me, hand)))
                    continue
                end, _, _ = play_on(leaf, me, None, self._own)
                rows.append((position_features(leaf, me), hand_won(end, me, hand)))
            samples.append(rows)
        self.decisions.append(samples)
        return best


def _games(job: tuple[int, int, int]) -> list[tuple[int, list[list[Row]]]]:
    seed0, count, worlds = job
    out: list[tuple[int, list[list[Row]]]] = []
    for seed in range(seed0, seed0 + count):
        seat = 1 + seed % 2
        recorder = _Recorder(worlds)
        play_game([recorder, GreedyBot()] if seat == 1 else [GreedyBot(), recorder], seed)
        out += [(seed, samples) for samples in recorder.decisions]
    return out


def _pairs(decisions: list[tuple[int, list[list[Row]]]]) -> tuple[np.ndarray, int, int]:
    """Feature differences (better minus worse) of the discordant pairs where both reached the
    horizon; the number of those pairs, and of those with identical features."""
    diffs: list[list[float]] = []
    identical = 0
    for _, samples in decisions:
        for rows in samples:
            scored = [(f, y) for f, y in rows if f is not None]
            for f, y in scored:
                for g, z in scored:
                    if y > z:
                        if f == g:
                            identical += 1
                        diffs.append([a - b for a, b in zip(f, g, strict=True)])
    return np.array(diffs), len(diffs), identical


def _fit_pairs(d: np.ndarray, l2: float) -> np.ndarray:
    """Bradley-Terry by Newton's method: P(first better) = sigmoid(w . (f - g))."""
    x = np.vstack([d, -d])
    y = np.r_[np.ones(len(d)), np.zeros(len(d))]
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x / len(y) + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def _right(w: np.ndarray, d: np.ndarray) -> float:
    """The share of pairs ``w`` orders right (ties count half)."""
    z = d @ w
    return float(np.mean((z > 1e-12) + 0.5 * (np.abs(z) <= 1e-12)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=9300000, help="first game's seed")
    parser.add_argument("--worlds", type=int, default=6, help="extra samples per decision")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    start = time.time()
    share = -(-args.games // args.workers)
    jobs = [(args.seed + i * share, min(share, args.games - i * share), args.worlds)
            for i in range(args.workers) if args.games > i * share]
    with multiprocessing.Pool(len(jobs)) as pool:
        decisions = [d for part in pool.map(_games, jobs) for d in part]
    fit = [d for d in decisions if d[0] % 5 != 4]
    held = [d for d in decisions if d[0] % 5 == 4]
    d_fit, _, _ = _pairs(fit)
    d_held, pairs, identical = _pairs(held)
    current = np.array(search.STANDARD_WEIGHTS)
    refit = _fit_pairs(d_fit, 1e-4)
    print(f"{args.games} games (seeds {args.seed}+), {len(decisions)} searched decisions, "
          f"{args.worlds} extra samples each, {time.time() - start:.0f} s")
    print(f"held-out discordant pairs: {pairs}; with identical features at the horizon: "
          f"{identical} ({100 * identical / max(pairs, 1):.1f}%)")
    print(f"ordered right by search.STANDARD_WEIGHTS: {100 * _right(current, d_held):.1f}%")
    print(f"ordered right by the pairs' own logistic fit ({len(d_fit)} fitting pairs): "
          f"{100 * _right(refit, d_held):.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
