"""Kingdom's engine against RLCard's UNO game object, in the same process and minutes.

Random playouts on both sides, each step through the public API: Kingdom asks the acting
player's legal actions (``kr.legal_actions``), picks one uniformly and applies it
(``kr.apply``, a new immutable state); UNO (``rlcard.games.uno.game.UnoGame``, 2 players) takes
the legal actions of the state ``step`` returns, picks one uniformly and steps. Windows of
``--seconds`` alternate (UNO, standard, Constructed, Spire) for ``--rounds`` rounds; each
figure is actions per processor second, and each Kingdom figure is also given as a ratio to the
UNO figure of its own round (the machine is shared: compare within a round).

RLCard is not a dependency of the project: ``pip install rlcard`` (it brings numpy) first.

    python bench/rlcard_uno.py --seconds 5 --rounds 3
    python bench/rlcard_uno.py --seconds 5 --rounds 3 --pure-too
    python bench/rlcard_uno.py --pairs 30 --window 0.5 --pure-too

``--pairs N`` measures by interleaved pairs instead of long rounds (a window's figure moves by
up to 40% under a shared machine's load; short windows side by side see the same load): for
each setup, N pairs of windows of ``--window`` processor seconds, a UNO window right next to
a Kingdom window (which goes first alternates from pair to pair, and the setups take turns), so
that each pair's ratio compares the two engines under the same load. Per setup it prints the
median of the pairs' ratios with their quartiles and range, next to the median raw figures.
``--pure-too`` then runs the same pairs in a child on the engine's Python source.

The engine runs compiled when the install compiled it (``kingdom_rules.native``; the first
line says which). ``--pure-too`` adds, in each round, the same Kingdom windows run by the
engine's Python source (a child process with ``KINGDOM_PURE_PYTHON=1``), so both engines are
measured in the same minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import kingdom_rules as kr

SPIRE_RUN = ("QH", "2H", "3H", "5D", "7C", "9S")


def setups() -> dict[str, Callable[[int], kr.Setup]]:
    """Each benchmarked setup, by name (a function of the game number)."""
    balanced = kr.PREBUILT_DECKS["balanced"]
    hoard = kr.PREBUILT_DECKS["dragon-hoard"]
    run = tuple(kr.Card.parse(c) for c in SPIRE_RUN)
    return {
        "standard": lambda g: kr.StandardSetup(),
        "constructed": lambda g: kr.ConstructedSetup((balanced, hoard)),
        "spire": lambda g: kr.SpireSetup(run, run[:1], (4, 4)),
    }


def kingdom_window(make: Callable[[int], kr.Setup], seconds: float, seed: int) -> float:
    """Actions per processor second of 2-player random playouts in one setup."""
    rng = random.Random(seed)
    randrange = rng.randrange
    legal_actions, apply, players_to_act = kr.legal_actions, kr.apply, kr.players_to_act
    steps = 0
    game = 0
    cpu0 = time.process_time()
    deadline = cpu0 + seconds
    while time.process_time() < deadline:
        game += 1
        state = kr.new_game(player_count=2, seed=seed * 1_000_003 + game, setup=make(game))
        while state.phase != "finished":
            p = players_to_act(state)[0]
            acts = legal_actions(state, p)
            state, _ = apply(state, acts[randrange(len(acts))])
            steps += 1
    return steps / (time.process_time() - cpu0)


def uno_window(seconds: float, seed: int) -> float:
    """Actions per processor second of 2-player random UNO playouts (RLCard's game object)."""
    import numpy as np
    from rlcard.games.uno.game import UnoGame

    rng = random.Random(seed)
    game = UnoGame(num_players=2)
    game.np_random = np.random.RandomState(seed)
    steps = 0
    cpu0 = time.process_time()
    deadline = cpu0 + seconds
    while time.process_time() < deadline:
        state, _ = game.init_game()
        while not game.is_over():
            legal = state["legal_actions"]
            state, _ = game.step(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.process_time() - cpu0)


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (linear between the two nearest ranks)."""
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


def interleaved(pairs: int, window: float, seed: int) -> dict[str, Any]:
    """``pairs`` pairs of windows (UNO, Kingdom) per setup, interleaved: each pair's ratio
    and raw figures, by setup."""
    made = setups()
    out: dict[str, Any] = {name: {"ratios": [], "kingdom": [], "uno": []} for name in made}
    uno_window(0.05, seed)  # imports and first-call costs outside the pairs
    for make in made.values():
        kingdom_window(make, 0.05, seed)
    for p in range(pairs):
        for name, make in made.items():
            s = seed * 7919 + p
            if p % 2:
                k = kingdom_window(make, window, s)
                u = uno_window(window, s)
            else:
                u = uno_window(window, s)
                k = kingdom_window(make, window, s)
            out[name]["ratios"].append(k / u)
            out[name]["kingdom"].append(k)
            out[name]["uno"].append(u)
    return out


def summary(figures: dict[str, Any]) -> dict[str, dict[str, float]]:
    """Per setup: the median ratio, its quartiles and range, and the median raw figures."""
    out = {}
    for name, f in figures.items():
        r = f["ratios"]
        out[name] = {
            "pairs": len(r), "median": _quantile(r, 0.5), "q1": _quantile(r, 0.25),
            "q3": _quantile(r, 0.75), "min": min(r), "max": max(r),
            "kingdom": _quantile(f["kingdom"], 0.5), "uno": _quantile(f["uno"], 0.5),
        }
    return out


def print_summary(title: str, rows: dict[str, dict[str, float]]) -> None:
    print(title, flush=True)
    for name, s in rows.items():
        print(f"  {name:<12} median {s['median']:.2f}x (quartiles {s['q1']:.2f}-{s['q3']:.2f}, "
              f"range {s['min']:.2f}-{s['max']:.2f}, {s['pairs']:.0f} pairs) · Kingdom "
              f"{s['kingdom']:,.0f}, UNO {s['uno']:,.0f} actions/CPU s (medians)", flush=True)


def pure_windows(seconds: float, seed: int) -> dict[str, float]:
    """The Kingdom windows of one round, run by the engine's Python source (a child)."""
    out = subprocess.run(
        [sys.executable, __file__, "--kingdom-only", "--seconds", str(seconds),
         "--seed", str(seed)],
        env={**os.environ, "KINGDOM_PURE_PYTHON": "1"}, capture_output=True, text=True,
        check=True,
    ).stdout
    figures: dict[str, float] = json.loads(out)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="processor time per window")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--pure-too", action="store_true",
                        help="also run the Kingdom windows on the engine's Python source")
    parser.add_argument("--pairs", type=int, default=0,
                        help="measure by this many interleaved pairs of short windows per setup")
    parser.add_argument("--window", type=float, default=0.5,
                        help="processor seconds per window of --pairs")
    parser.add_argument("--kingdom-only", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--pairs-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.pairs_only:  # the child of --pairs --pure-too: the pairs on the Python source
        print(json.dumps(interleaved(args.pairs, args.window, args.seed)))
        return 0
    if args.kingdom_only:  # the child of --pure-too: one round of Kingdom windows, as JSON
        print(json.dumps({name: kingdom_window(make, args.seconds, args.seed)
                          for name, make in setups().items()}))
        return 0
    try:
        import rlcard  # noqa: F401
    except ImportError:
        print("RLCard is not installed: pip install rlcard", file=sys.stderr)
        return 2
    if not args.json:
        print(f"Kingdom's engine: {kr.native.REASON}", flush=True)
    if args.pairs:
        return pairs_main(args)
    rows: list[dict[str, Any]] = []
    for r in range(1, args.rounds + 1):
        row: dict[str, Any] = {"round": r, "uno": uno_window(args.seconds, args.seed + r)}
        for name, make in setups().items():
            row[name] = kingdom_window(make, args.seconds, args.seed + r)
        if args.pure_too:
            row["pure"] = pure_windows(args.seconds, args.seed + r)
        rows.append(row)
        if not args.json:
            print(f"round {r}: UNO {row['uno']:,.0f} actions/CPU s · " + " · ".join(
                f"{n} {row[n]:,.0f} ({row[n] / row['uno']:.2f}x)" for n in setups()),
                flush=True)
            if args.pure_too:
                print("         Python source: " + " · ".join(
                    f"{n} {row['pure'][n]:,.0f} ({row['pure'][n] / row['uno']:.2f}x; "
                    f"compiled {row[n] / row['pure'][n]:.2f}x of it)" for n in setups()),
                    flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
    return 0


def pairs_main(args: argparse.Namespace) -> int:
    """``--pairs``: the interleaved measurement, then (``--pure-too``) the same on the
    engine's Python source in a child."""
    results = {"compiled" if kr.native.COMPILED else "python": interleaved(
        args.pairs, args.window, args.seed)}
    if args.pure_too:
        out = subprocess.run(
            [sys.executable, __file__, "--pairs-only", "--pairs", str(args.pairs),
             "--window", str(args.window), "--seed", str(args.seed)],
            env={**os.environ, "KINGDOM_PURE_PYTHON": "1"}, capture_output=True, text=True,
            check=True,
        ).stdout
        results["python"] = json.loads(out)
    if args.json:
        print(json.dumps({k: {"summary": summary(v), "pairs": v} for k, v in results.items()},
                         indent=1))
        return 0
    for engine, figures in results.items():
        title = ("compiled engine" if engine == "compiled" else "engine's Python source")
        print_summary(f"{title}, Kingdom / UNO per pair of {args.window:g} s windows:",
                      summary(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
