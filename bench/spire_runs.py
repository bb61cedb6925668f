"""Whole Spire runs by bots on consecutive run seeds: wins, deaths per act, mean score.

    python bench/spire_runs.py greedy 20 1000    # fighter, runs, first run seed
"""

from __future__ import annotations

import collections
import sys
import time

from kingdom_rules.spire.autoplay import play_run


def main() -> None:
    fighter = sys.argv[1] if len(sys.argv) > 1 else "greedy"
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
    started = time.perf_counter()
    wins = 0
    deaths: collections.Counter[tuple[int, str]] = collections.Counter()
    scores = []
    for seed in range(first, first + runs):
        run = play_run(seed, fighter)
        if run.phase == "won":
            wins += 1
        else:
            deaths[(run.act, "boss" if run.floor == 16 else "floor")] += 1
        scores.append(run.score)
    print(f"{fighter}: {runs} runs (seeds {first}-{first + runs - 1}), won {wins}, deaths "
          f"{dict(sorted(deaths.items()))}, mean score {sum(scores) / runs:.1f}, "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
