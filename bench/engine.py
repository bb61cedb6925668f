"""Engine benchmark: random playouts through the public API (issue 2).

Each step asks for the acting player's legal actions, picks one uniformly by ``len`` and an
index (the lazy sequence never builds the whole list), and applies it. Figures are printed for
2 and 4 players: hands per second, actions per second, and the mean cost in microseconds of
one ``legal_actions`` call and of one ``apply`` call. ``kingdom bench`` runs the same code.

    python bench/engine.py --seconds 5
    python bench/engine.py --hands 200 --json
    python bench/engine.py --hands 100 --profile      # where the time goes (to stderr)
"""

from __future__ import annotations

import argparse
import json
import sys

from kingdom_cli.enginebench import format_table, run


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=None,
                        help="time per player count (default 3 s unless --hands is given)")
    parser.add_argument("--hands", type=int, default=None, help="hands per player count")
    parser.add_argument("--players", default="2,4", help="player counts, comma separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--profile", action="store_true",
                        help="also print where the time goes (cProfile, top 20 by own time)")
    args = parser.parse_args(argv)
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.enable()
    results = [run(int(p), args.seconds, args.hands, args.seed) for p in args.players.split(",")]
    if args.profile:
        profiler.disable()
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("tottime").print_stats(20)
    if args.json:
        print(json.dumps(results, indent=2))
        return 0
    print(format_table(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
