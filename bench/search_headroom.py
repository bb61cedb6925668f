"""How much can a flat search over SearchBot's candidates gain on its own style? A ceiling.

Plays seeded SearchBot-against-GreedyBot games (each deal in both seats; SearchBot plays as
always). At every decision the search makes, each candidate (the search's first six, the
style's move first) is played on to the end of the hand by the rollout policy (both sides'
greedy rules, as in the search's rollouts) in two sets of samples:

- ``--fair`` samples dealt from the bot's view, as the search deals them (what a bot may
  know): the flat search *with rollouts to the end of the hand* is simulated on these, by
  sequential halving over ``T`` rollouts in all (the greedy move credited with
  ``search.GREEDY_PRIOR`` a sample), for several ``T``;
- ``--real`` samples of the true state, the deck reshuffled for each (the other hands
  known: a judge, not a player): each choice is scored by the mean outcome of these, minus
  that of the style's move.

The sum over a game's decisions of these differences is what the choice gains over the
style in hands won (the performance difference of the two policies, on SearchBot's own
games). Printed per game, with the search's actual choice scored the same way. A diagnostic:
it breaks the view rule for the judge's samples (docs/bots.md).

    python bench/search_headroom.py --games 200 --seed 9600000 --fair 1200 --real 200 \\
        --workers 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/search_limits.py

import search_limits  # noqa: E402

from kingdom_rules.actions import Action  # noqa: E402
from kingdom_rules.bots import search  # noqa: E402
from kingdom_rules.bots.greedy import GreedyBot  # noqa: E402
from kingdom_rules.bots.runner import play_game  # noqa: E402
from kingdom_rules.bots.search import SearchBot, play_on  # noqa: E402
from kingdom_rules.engine import apply  # noqa: E402
from kingdom_rules.scoring import are_opponents  # noqa: E402
from kingdom_rules.state import GameState  # noqa: E402
from kingdom_rules.view import PlayerView  # noqa: E402

CANDIDATES = 6
BUDGETS = (150, 300, 600, 1200)
"""Rollouts to the end of the hand per decision (``T``) of the simulated flat searches."""

Outcomes = list[list[float]]
"""Per candidate, the hands won (1 or 0) in each sample."""


def hand_won(state: GameState, me: int, hand: int) -> float:
    """1 if hand ``hand`` ended in ``state`` won by ``me``'s side, else 0."""
    last = state.hand_history[-1] if state.hand_history else None
    if last is None or last.hand_number != hand or last.winner is None:
        return 0.0
    return 0.0 if are_opponents(me, last.winner, state.player_count) else 1.0


def _play_out(world: GameState, moves: list[Action], me: int, own: Any) -> list[float]:
    out = []
    for move in moves:
        state, _ = apply(world, move)
        hand = state.current_hand
        end, _, _ = play_on(state, me, None, own)
        out.append(hand_won(end, me, hand))
    return out


class _Probe(SearchBot):
    """SearchBot, playing as always, that plays its candidates out in fair and real samples."""

    def __init__(self, fair: int, real: int) -> None:
        super().__init__()
        self.fair = fair
        self.real = real
        self.rows: list[tuple[int, Outcomes, Outcomes]] = []

    def _search(self, view: PlayerView, moves: list[Action], rng: random.Random) -> Action:
        best = super()._search(view, moves, rng)
        true = search_limits.TRUE["state"]  # the judge's, never the search's
        me = view.player
        shown = moves[:CANDIDATES]
        extra = random.Random(rng.random())
        passer_hands = list(self._hands)
        self._template = None
        fair = [[] for _ in shown]  # type: list[list[float]]
        for _ in range(self.fair):
            world, _ = self._sample(view, extra)
            for i, v in enumerate(_play_out(world, shown, me, self._own)):
                fair[i].append(v)
        self._hands = passer_hands  # the bot's later samples as if this probe never ran
        real = [[] for _ in shown]  # type: list[list[float]]
        for _ in range(self.real):
            world = search_limits.reshuffled(true, extra)
            for i, v in enumerate(_play_out(world, shown, me, self._own)):
                real[i].append(v)
        self.rows.append((shown.index(best) if best in shown else 0, fair, real))
        return best


def _games(job: tuple[list[tuple[int, int]], int, int]) -> list[list[tuple[int, Outcomes,
                                                                          Outcomes]]]:
    plan, fair, real = job
    search_limits.remember_true_states()
    out = []
    for seed, seat in plan:
        probe = _Probe(fair, real)
        play_game([probe, GreedyBot()] if seat == 1 else [GreedyBot(), probe], seed)
        out.append(probe.rows)
    return out


def halving(values: Outcomes, budget: int, prior: float) -> int:
    """The candidate sequential halving picks with ``budget`` samples' rollouts in all, as
    ``SearchBot._search`` does (the first candidate credited ``prior`` a sample)."""
    k = len(values)
    alive = list(range(k))
    rounds = max(1, math.ceil(math.log2(k)))
    totals = [0.0] * k
    samples = spent = 0
    cap = len(values[0])

    def key(j: int) -> float:
        return totals[j] + (prior * samples if j == 0 else 0.0)

    for r in range(rounds):
        stop = spent + max(1, (budget - spent) // (rounds - r))
        while spent + len(alive) <= stop and samples < cap:
            for j in alive:
                totals[j] += values[j][samples]
            spent += len(alive)
            samples += 1
        alive.sort(key=key, reverse=True)
        if r < rounds - 1:
            alive = alive[:max(2, (len(alive) + 1) // 2)]
    return max(alive, key=key)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games (half the deals, "
                        "each played with SearchBot in both seats)")
    parser.add_argument("--seed", type=int, default=9600000, help="first deal's seed")
    parser.add_argument("--fair", type=int, default=1200, help="samples from the view")
    parser.add_argument("--real", type=int, default=200, help="samples of the true state")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    start = time.time()
    plan = [(args.seed + i // 2, 1 + i % 2) for i in range(args.games)]
    jobs = [(plan[w::args.workers], args.fair, args.real) for w in range(args.workers)]
    with multiprocessing.Pool(args.workers) as pool:
        games = [g for part in pool.map(_games, jobs) for g in part]
    decisions = sum(len(g) for g in games)
    print(f"{len(games)} games (deals {args.seed}+, both seats), {decisions} searched "
          f"decisions; {args.fair} fair and {args.real} real samples each; "
          f"{time.time() - start:.0f} s")

    def gain(pick: Any) -> str:
        per_game = [sum(statistics.fmean(real[pick(b, fair)]) - statistics.fmean(real[0])
                        for b, fair, real in rows) for rows in games]
        m = statistics.fmean(per_game)
        half = 1.96 * statistics.stdev(per_game) / math.sqrt(len(per_game))
        return f"{100 * m:+.1f} points ({100 * (m - half):+.1f} to {100 * (m + half):+.1f})"

    print(f"the search's own choice (search.STEPS, horizon 2): {gain(lambda b, f: b)}")
    for budget in BUDGETS:  # a budget beyond the fair samples uses them all
        for prior in (0.0, search.GREEDY_PRIOR, 0.05):
            print(f"flat search, {budget} rollouts to the end, greedy prior {prior}: "
                  f"{gain(lambda b, f, t=budget, q=prior: halving(f, t, q))}")
    best = gain(lambda b, f: max(range(len(f)), key=lambda j: statistics.fmean(f[j])))
    print(f"the best candidate by all {args.fair} fair samples: {best}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
