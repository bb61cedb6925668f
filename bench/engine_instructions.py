"""Engine cost in machine instructions per random step: a figure that does not move with the
load of a shared machine (issue 2).

Runs the random playouts of ``bench/engine.py`` (legal_actions, a uniform pick by ``len`` and
an index, apply) under valgrind's cachegrind, once with ``--hands`` hands and once with none,
and divides the difference in instructions executed by the number of steps. Compare two
versions of the engine by running this on each: the count is the same from run to run.
``--floor`` measures the benchmark loop alone, against an engine that does nothing.

    python bench/engine_instructions.py --hands 100 --players 2
    python bench/engine_instructions.py --floor
    python bench/engine_instructions.py --source /tmp/old   # another checkout's kingdom_rules
    python bench/engine_instructions.py --rollouts          # SearchBot's greedy rollouts
    python bench/engine_instructions.py --setup spire       # Spire combats (R36), 2 players
    python bench/engine_instructions.py --setup constructed # prebuilt Constructed decks (R35)

Needs valgrind (``apt-get install valgrind``). Under valgrind Python runs about 50 times slower;
100 hands take a minute.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

WORK = """
import random, sys
import kingdom_rules as kr
hands, players = int(sys.argv[1]), int(sys.argv[2])
kind = sys.argv[3] if len(sys.argv) > 3 else "standard"
rng = random.Random(1)
steps = 0
for g in range(hands):
    if kind == "standard":
        state = kr.new_game(player_count=players, seed=1_000_003 + g, mode="game")
    elif kind == "spire":
        # a run deck of 6 to 13 faces, up to 2 of them fortified
        faces = list(kr.DECK)
        random.Random(g).shuffle(faces)
        run = [c for c in faces if c.is_number][: 5 + g % 6]
        run += [c for c in faces if c.is_royal][: 1 + g % 3]
        setup = kr.SpireSetup(tuple(run), tuple(run[-(g % 3):]) if g % 3 else ())
        state = kr.new_game(player_count=2, seed=1_000_003 + g, mode="game", setup=setup)
    else:
        names = sorted(kr.PREBUILT_DECKS)
        decks = tuple(kr.PREBUILT_DECKS[names[(g + i) % len(names)]] for i in range(players))
        state = kr.new_game(player_count=players, seed=1_000_003 + g, mode="game",
                            setup=kr.ConstructedSetup(decks))
    while state.phase != "finished":
        p = kr.players_to_act(state)[0]
        acts = kr.legal_actions(state, p)
        action = acts[rng.randrange(len(acts))]
        state, _ = kr.apply(state, action)
        steps += 1
print("steps", steps, file=sys.stderr)
"""

ROLLOUTS = """
import random, sys
import kingdom_rules as kr
from kingdom_rules.bots.search import rollout
hands = int(sys.argv[1])
rng = random.Random(3)
states = []
for g in range(8):
    s = kr.new_game(player_count=2, seed=500 + g)
    while s.phase != "finished" and len(states) < 40 * (g + 1):
        p = kr.players_to_act(s)[0]
        acts = kr.legal_actions(s, p)
        s, _ = kr.apply(s, acts[rng.randrange(len(acts))])
        if s.phase == "playing":
            states.append(s)
steps = 0
if hands:
    for s in states:
        steps += rollout(s, 1, horizon=2)[1]
print("steps", steps, file=sys.stderr)
"""
"""SearchBot's rollouts: greedy play for every seat from 320 positions of 8 seeded games, a
two-turn horizon each (``--rollouts``; any ``--hands`` above 0 runs them once)."""

NULL_ENGINE = '''
"""An engine that does nothing, with the public API's shape: the loop's own cost."""
class _State:
    __slots__ = ("phase", "steps", "current_player")
    def __init__(self):
        self.phase, self.steps, self.current_player = "playing", 0, 1
_ACTIONS = [object()] * 12
def new_game(player_count, seed, mode):
    return _State()
def players_to_act(state):
    return [state.current_player]
def legal_actions(state, player):
    return _ACTIONS
def apply(state, action):
    state.steps += 1
    if state.steps >= 83:
        state.phase = "finished"
    return state, []
'''


def instructions(script: str, hands: int, players: int, path: str | None,
                 setup: str = "standard") -> tuple[int, int]:
    env = dict(os.environ)
    if path:
        env["PYTHONPATH"] = path
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, script, str(hands), str(players), setup],
        capture_output=True, text=True, env=env, check=True,
    ).stderr
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out)
    steps = re.search(r"^steps (\d+)", out, re.M)
    if refs is None or steps is None:
        raise SystemExit(f"could not read valgrind's output:\n{out[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(steps.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--floor", action="store_true",
                        help="measure the loop alone, against an engine that does nothing")
    parser.add_argument("--rollouts", action="store_true",
                        help="measure SearchBot's greedy rollouts instead of random playouts")
    parser.add_argument("--setup", choices=("standard", "constructed", "spire"),
                        default="standard",
                        help="the hands' setup: the standard deal, prebuilt Constructed decks, "
                             "or Spire combats (2 players)")
    parser.add_argument("--source", default=None,
                        help="directory holding the kingdom_rules to measure (e.g. a git "
                             "worktree of an older commit); default: the installed one")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        script = os.path.join(tmp, "work.py")
        with open(script, "w") as f:
            f.write(ROLLOUTS if args.rollouts else WORK)
        path = args.source
        if args.floor:
            os.mkdir(os.path.join(tmp, "kingdom_rules"))
            with open(os.path.join(tmp, "kingdom_rules", "__init__.py"), "w") as f:
                f.write(NULL_ENGINE)
            path = tmp
        base, _ = instructions(script, 0, args.players, path, args.setup)
        total, steps = instructions(script, args.hands, args.players, path, args.setup)
    what = "loop alone (null engine)" if args.floor else f"{args.players} players"
    if args.setup != "standard":
        what += f", {args.setup}"
    if args.rollouts:
        print(f"greedy rollouts: {steps} steps, "
              f"{(total - base) / steps:,.0f} instructions per step")
        return 0
    print(f"{what}: {args.hands} hands, {steps} steps, "
          f"{(total - base) / steps:,.0f} instructions per step")
    return 0


if __name__ == "__main__":
    sys.exit(main())
