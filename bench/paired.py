"""Two runs of the same games compared game by game: ``bench/bots.py --games-json`` files.

Each game is a (seed, seat) pair; with ``--swap-seats`` a deal's two games are one sample, so
the 95% interval of the difference in win rate is over deals. Prints the two win rates on the
games both runs played, the difference with its interval, and the games each won that the
other lost.

    python bench/paired.py candidate-games.json main-games.json
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from kingdom_cli.stats import deal_interval


def load(path: str) -> dict[tuple[int, int], bool]:
    with open(path) as f:
        games: list[dict[str, Any]] = json.load(f)
    return {(g["seed"], g["seat"]): bool(g["won"]) for g in games}


def compare(a: dict[tuple[int, int], bool], b: dict[tuple[int, int], bool]) -> dict[str, Any]:
    keys = sorted(set(a) & set(b))
    if not keys:
        raise ValueError("the two runs share no game")
    deals: dict[int, list[float]] = {}
    for k in keys:
        deals.setdefault(k[0], []).append(float(a[k]) - float(b[k]))
    per = [sum(v) / len(v) for v in deals.values()]
    mean = sum(per) / len(per)
    lo, hi = deal_interval(per, low=-1.0, high=1.0)
    return {
        "games": len(keys), "deals": len(per),
        "first": round(sum(a[k] for k in keys) / len(keys), 4),
        "second": round(sum(b[k] for k in keys) / len(keys), 4),
        "difference": round(mean, 4), "ci95": [round(lo, 4), round(hi, 4)],
        "won_lost_by_second": sum(1 for k in keys if a[k] and not b[k]),
        "lost_won_by_second": sum(1 for k in keys if b[k] and not a[k]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("first", help="games of the first run (--games-json)")
    parser.add_argument("second", help="games of the run it is compared with")
    args = parser.parse_args(argv)
    r = compare(load(args.first), load(args.second))
    lo, hi = r["ci95"]
    print(f"{r['games']} games ({r['deals']} deals): {100 * r['first']:.1f}% against "
          f"{100 * r['second']:.1f}%; difference {100 * r['difference']:+.1f} points "
          f"({100 * lo:+.1f} to {100 * hi:+.1f} over deals); {r['won_lost_by_second']} games "
          f"won that the second lost, {r['lost_won_by_second']} lost that it won")
    return 0


if __name__ == "__main__":
    sys.exit(main())
