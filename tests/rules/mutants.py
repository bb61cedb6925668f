"""Mutation check of the rules test suite: copy the repository to a temporary folder, break
the engine in one known way (a wrong ruling), and check that ``pytest tests/rules`` fails.

    .venv/bin/python -m tests.rules.mutants            # every mutant (a few minutes)
    .venv/bin/python -m tests.rules.mutants 3 7        # some of them

Every mutant must be killed: the rule mutants and the setup mutants (own pile rebuilds, the
runner's draws, fortified cards, a tied combat, pairs of copies). The engine in the repository
is never touched. When a mutant's original text no longer exists (the engine changed), it is
reported as STALE and should be updated.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MUTANTS = [
    (
        "dragon carries any royal (R18)",
        "kingdom_rules/followups.py",
        'if beast.is_dragon and royal.rank != "Q" and not royal.is_hero:',
        "if False:",
    ),
    (
        "structure ignores rank (R19)",
        "kingdom_rules/followups.py",
        "if not royal.is_hero and any(r.rank == royal.rank for r in inside):",
        "if False:",
    ),
    (
        "salvo kills a silver dragon's rider (R26)",
        "kingdom_rules/combinations.py",
        'RIDER_SURVIVES_SALVO: Final[Kinds] = frozenset({"golden-dragon", "silver-dragon"})',
        'RIDER_SURVIVES_SALVO: Final[Kinds] = frozenset({"golden-dragon"})',
    ),
    (
        "hail hits a golden dragon (R25)",
        "kingdom_rules/combinations.py",
        'HAIL_BEASTS: Final[Kinds] = frozenset({"horse", "unicorn", "dragon"})',
        'HAIL_BEASTS: Final[Kinds] = frozenset({"horse", "unicorn", "dragon", "golden-dragon"})',
    ),
    (
        "divine dragon slayable (R24)",
        "kingdom_rules/combinations.py",
        'SLAYABLE: Final[Kinds] = frozenset({"dragon", "golden-dragon", "silver-dragon"})',
        'SLAYABLE: Final[Kinds] = frozenset({"dragon", "golden-dragon", "silver-dragon", '
        '"divine-dragon"})',
    ),
    (
        "reward = all the cards (R24)",
        "kingdom_rules/followups.py",
        "return len(dragon.cards) - 1",
        "return len(dragon.cards)",
    ),
    (
        "no readying (R5)",
        "kingdom_rules/engine.py",
        "        if not r.ready:\n            kingdom = with_resources(",
        "        if False:\n            kingdom = with_resources(",
    ),
    (
        "resource enters ready (R8)",
        "kingdom_rules/plays.py",
        "        + (_USED[card.order],)\n    )",
        "        + (resource(card, True),)\n    )",
    ),
    (
        "partners are opponents (R22)",
        "kingdom_rules/scoring.py",
        "return player_count != 4 or a % 2 != b % 2",
        "return True",
    ),
    (
        "59 rounds (R28)",
        "kingdom_rules/engine.py",
        "if rnd >= hands.MAX_ROUNDS",
        "if rnd >= hands.MAX_ROUNDS - 1",
    ),
    (
        "cathedral worth 1 (R29)",
        "kingdom_rules/combinations.py",
        '    "cathedral": 3,',
        '    "cathedral": 1,',
    ),
    (
        "demolish after eating (R23)",
        "kingdom_rules/followups.py",
        "pending, eat_count=left, can_demolish_castles=False, can_demolish_cathedrals=False",
        "pending, eat_count=left",
    ),
    (
        "others see deck draws (R32)",
        "kingdom_rules/view.py",
        'visible = last is not None and (last.player == player or last.source != "deck")',
        "visible = last is not None",
    ),
    (
        "player 1 begins every hand (R4)",
        "kingdom_rules/hands.py",
        "first = (hand_number - 1) % state.player_count + 1",
        "first = 1",
    ),
    (
        "heroes fill no gap (R11)",
        "kingdom_rules/scoring.py",
        "return min(3, len(present) + heroes)",
        "return min(3, len(present))",
    ),
    (
        "a Hero can be eaten (R22)",
        "kingdom_rules/followups.py",
        '    if royal.is_hero:\n        return "A Hero cannot be eaten", "R22"',
        '    if False:\n        return "A Hero cannot be eaten", "R22"',
    ),
    (
        "dragons are eaten (R22)",
        "kingdom_rules/followups.py",
        "    if kind in HORSE_TYPES:\n        return None",
        "    if kind in HORSE_TYPES or kind in DRAGONS:\n        return None",
    ),
    (
        "own pile rebuilt from every discarded card (R35)",
        "kingdom_rules/table.py",
        "mine = [c for c in discard if c.owner == n]",
        "mine = list(discard)",
    ),
    (
        "the runner draws the shared deck first (R36)",
        "kingdom_rules/table.py",
        "if n != RUNNER or not pile:",
        "if True:",
    ),
    (
        "fortified cards not on top (R36, R39)",
        "kingdom_rules/hands.py",
        "pile = fortified + rest",
        "pile = rest + fortified",
    ),
    (
        "a tie wins the combat (R38)",
        "kingdom_rules/hands.py",
        "won = last.winner == 1",
        "won = last.winner in (1, None)",
    ),
    (
        "copies of a face are no pair (R33)",
        "kingdom_rules/combinations.py",
        "pairs: list[tuple[Card, ...]] = list(combinations(b, 2))",
        "pairs = [p for p in combinations(b, 2) if p[0].face is not p[1].face]",
    ),
]
# Not rules tests, or needing what the copy leaves out (test_kinds_wire.py reads the web app's
# types.ts: in the copy it would fail for every mutant and "kill" it without a rule test).
IGNORE = ["test_import_purity.py", "test_tutorial.py", "test_doctests.py", "test_kinds_wire.py"]


def run(index: int) -> str:
    name, path, old, new = MUTANTS[index]
    with tempfile.TemporaryDirectory() as tmp:
        for part in ("kingdom_rules", "tests", "pyproject.toml"):
            src = ROOT / part
            if src.is_dir():
                shutil.copytree(
                    src, Path(tmp) / part, ignore=shutil.ignore_patterns("__pycache__", "server")
                )
            else:
                shutil.copy(src, Path(tmp) / part)
        target = Path(tmp) / path
        text = target.read_text()
        if text.count(old) != 1:
            return f"{index:2} {name:42} STALE"
        target.write_text(text.replace(old, new))
        t = time.perf_counter()
        cmd = [sys.executable, "-m", "pytest", "tests/rules", "-x", "-q", "-p", "no:cacheprovider"]
        cmd += [f"--ignore=tests/rules/{f}" for f in IGNORE]
        r = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, timeout=900)
        first = next((ln for ln in r.stdout.splitlines() if ln.startswith("FAILED")), "")
        status = "KILLED" if r.returncode else "SURVIVED"
        return f"{index:2} {name:42} {status} {time.perf_counter() - t:6.1f}s {first[:90]}"


def main(argv: list[str]) -> int:
    picks = [int(a) for a in argv] or range(len(MUTANTS))
    survived = 0
    for i in picks:
        line = run(i)
        survived += "SURVIVED" in line
        print(line, flush=True)
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
