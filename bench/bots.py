"""Bot strength: seeded two-player games between two bots, seats alternating.

Game i is dealt from seed i (``kingdom simulate`` uses the same runner); the first bot named
sits in seat 1 in even games and seat 2 in odd ones, so neither has the first move more often.
Prints the first bot's wins with a 95% confidence interval and the time of its decisions
(median and 95th percentile, wall clock and processor time; over all its decisions and over
those with more than one legal action). Both cores: ``--workers 2``. ``--max-seconds`` bounds
the run: no game starts after it, and the games finished are reported.

    python bench/bots.py greedy random --games 1000 --workers 2
    python bench/bots.py search greedy --games 1000 --workers 2 --max-seconds 3000
    python bench/bots.py search greedy --games 1000 --swap-seats   # each deal in both seats
    python bench/bots.py search greedy --games 200 --steps 1500     # another work budget
    python bench/bots.py search greedy --games 400 --set search.RESOURCES=2   # an experiment
    python bench/bots.py greedy greedy --games 16000 --seed 900000 --style own
        # the first GreedyBot in another style (here SearchBot's own: search.OWN; "standard":
        # search.STANDARD, its own in the standard deal)
    python bench/bots.py search greedy --games 400 --own-style '{"royals_first": true}'
        # SearchBot with another own style in the standard deal
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import multiprocessing
import statistics
import sys
import time
from typing import Any

from kingdom_cli.stats import deal_interval, wilson
from kingdom_rules.bots import make_bot, play_game

Json = dict[str, Any]


SEARCH_KWARGS: Json = {}
"""Extra SearchBot arguments (``--search-kwargs``), set before the worker processes fork."""
STYLE: Json = {}
"""The first bot's greedy style (``--style``), when it is GreedyBot."""


def _one(job: tuple[str, str, int, int, float, int, float, int]) -> Json:
    first, second, seed, rollouts, cpu_limit, steps, deadline, seat = job
    if time.time() > deadline:
        return {"skipped": True}
    a = _make(first, rollouts, cpu_limit, steps)
    if STYLE and first == "greedy":
        from kingdom_rules.bots import GreedyBot
        from kingdom_rules.bots.greedy import Style

        a = GreedyBot(Style(**STYLE))
    b = _make(second, rollouts, cpu_limit, steps)
    seat = seat or (1 if seed % 2 == 0 else 2)
    bots = [a, b] if seat == 1 else [b, a]
    r = play_game(bots, seed=seed, names=[first, second] if seat == 1 else [second, first],
                  time_decisions_of=seat)
    return {"seed": seed, "seat": seat, "won": seat in r.winners, "lost": bool(r.winners)
            and seat not in r.winners, "wall": list(r.decision_seconds),
            "cpu": list(r.decision_cpu_seconds), "choices": list(r.decision_choices),
            "turns": r.turns}


def _make(spec: str, rollouts: int, cpu_limit: float, steps: int) -> Any:
    from kingdom_rules.bots import SearchBot

    if spec == "search" and cpu_limit:
        return SearchBot(time_limit=cpu_limit, cpu_time=True, steps=None)
    if spec == "search" and rollouts:
        return SearchBot(rollouts=rollouts, steps=None)
    if spec == "search" and steps:
        return SearchBot(steps=steps, **SEARCH_KWARGS)
    if spec == "search" and SEARCH_KWARGS:
        return SearchBot(**SEARCH_KWARGS)
    return make_bot(spec)


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _rate(results: list[Json]) -> float:
    return round(sum(r["won"] for r in results) / len(results), 4) if results else 0.0


def _deal_interval(results: list[Json]) -> tuple[float, float]:
    """The 95% interval of the win rate with each deal (seed) as one sample: the two games of
    a deal under --swap-seats are not independent."""
    deals: dict[int, list[bool]] = {}
    for r in results:
        deals.setdefault(r["seed"], []).append(r["won"])
    return deal_interval([sum(w) / len(w) for w in deals.values()])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    parser.add_argument("--rollouts", type=int, default=0,
                        help="SearchBot rollouts per decision (default: the bot's own)")
    parser.add_argument("--steps", type=int, default=0,
                        help="SearchBot work budget per decision (default: the bot's own)")
    parser.add_argument("--cpu-limit", type=float, default=0.0,
                        help="SearchBot budget in processor seconds per decision instead of "
                             "a rollout count")
    parser.add_argument("--max-seconds", type=float, default=float("inf"))
    parser.add_argument("--swap-seats", action="store_true",
                        help="play every deal (seed) twice, the first bot in seat 1 then in "
                             "seat 2 (--games counts games: --games 1000 is 500 deals)")
    parser.add_argument("--json", help="write the figures to this file")
    parser.add_argument("--games-json", help="write each game's seed, seat and result to this "
                        "file (to compare two runs game by game)")
    parser.add_argument("--set", action="append", default=[], metavar="MODULE.NAME=VALUE",
                        help="for experiments: override a constant of kingdom_rules.bots.MODULE "
                             "(a Python literal) before the games start; repeatable")
    parser.add_argument("--search-kwargs", default="{}",
                        help='more SearchBot arguments as JSON, e.g. \'{"horizon": 3}\'')
    parser.add_argument("--style", default="",
                        help='the first GreedyBot\'s style as JSON (fields of greedy.Style, '
                             'e.g. \'{"keep": 2}\') or "own" (SearchBot\'s own, search.OWN)')
    parser.add_argument("--own-style", default="",
                        help="SearchBot's own style in the standard deal (search.STANDARD) "
                             "changed by these fields of greedy.Style, as JSON")
    args = parser.parse_args(argv)
    SEARCH_KWARGS.update(json.loads(args.search_kwargs))
    if args.style in ("own", "standard"):
        from kingdom_rules.bots import search

        STYLE.update((search.OWN if args.style == "own" else search.STANDARD)._asdict())
    elif args.style:
        STYLE.update(json.loads(args.style))
    if args.own_style:
        from kingdom_rules.bots import search
        from kingdom_rules.bots.greedy import Style

        search.STANDARD = Style(**{**search.STANDARD._asdict(), **json.loads(args.own_style)})
    for item in args.set:
        target, _, value = item.partition("=")
        module_name, _, name = target.rpartition(".")
        module = importlib.import_module(f"kingdom_rules.bots.{module_name}")
        if not hasattr(module, name):
            parser.error(f"--set: kingdom_rules.bots.{module_name} has no {name}")
        setattr(module, name, ast.literal_eval(value))
    deadline = time.time() + args.max_seconds
    if args.swap_seats:
        plan = [(args.seed + i // 2, 1 + i % 2) for i in range(args.games)]
    else:
        plan = [(args.seed + i, 0) for i in range(args.games)]
    jobs = [(args.first, args.second, seed, args.rollouts, args.cpu_limit, args.steps,
             deadline, seat) for seed, seat in plan]
    start = time.time()
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        results = [r for r in pool.imap(_one, jobs, chunksize=4) if not r.get("skipped")]
    elapsed = time.time() - start
    n = len(results)
    wins = sum(r["won"] for r in results)
    lo, hi = wilson(wins, n)
    wall = [t for r in results for t in r["wall"]]
    cpu = [t for r in results for t in r["cpu"]]
    real = [(w, c) for r in results for w, c, k in zip(r["wall"], r["cpu"], r["choices"],
                                                        strict=True) if k > 1]
    figures = {
        "first": args.first, "second": args.second, "games": n, "wins": wins,
        "losses": sum(r["lost"] for r in results),
        "win_rate": round(wins / n, 4) if n else 0.0, "ci95": [round(lo, 4), round(hi, 4)],
        "mean_turns": round(statistics.mean(r["turns"] for r in results), 2) if n else 0,
        "swap_seats": args.swap_seats,
        "win_rate_as_player_1": _rate([r for r in results if r["seat"] == 1]),
        "win_rate_as_player_2": _rate([r for r in results if r["seat"] == 2]),
        "ci95_over_deals": [round(x, 4) for x in _deal_interval(results)],
        "decisions": len(wall),
        "ms_median_wall": round(1000 * _pct(wall, 0.5), 2),
        "ms_p95_wall": round(1000 * _pct(wall, 0.95), 2),
        "ms_median_cpu": round(1000 * _pct(cpu, 0.5), 2),
        "ms_p95_cpu": round(1000 * _pct(cpu, 0.95), 2),
        "choice_decisions": len(real),
        "ms_median_wall_choice": round(1000 * _pct([w for w, _ in real], 0.5), 2),
        "ms_p95_wall_choice": round(1000 * _pct([w for w, _ in real], 0.95), 2),
        "ms_median_cpu_choice": round(1000 * _pct([c for _, c in real], 0.5), 2),
        "ms_p95_cpu_choice": round(1000 * _pct([c for _, c in real], 0.95), 2),
        "ms_max_cpu": round(1000 * max(cpu, default=0.0), 2),
        "seconds": round(elapsed, 1), "workers": args.workers, "rollouts": args.rollouts,
        "steps": args.steps, "cpu_limit": args.cpu_limit, "set": args.set,
        "search_kwargs": SEARCH_KWARGS, "style": STYLE, "own_style": args.own_style,
    }
    print(json.dumps(figures, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=2)
    if args.games_json:
        with open(args.games_json, "w") as f:
            json.dump([{"seed": r["seed"], "seat": r["seat"], "won": r["won"], "lost": r["lost"]}
                       for r in results], f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
