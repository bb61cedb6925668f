"""Perft for Kingdom: the number of legal action sequences of a fixed length from fixed
positions (as chess engines count move paths), kept in ``tests/rules/golden/perft.json``.

Any change in what is legal, in the order of the deal or in what an action does shows up
as a changed count. ``tests/rules/test_perft.py`` compares the engine with the file.

A sequence is counted over every player who may act (``players_to_act``), so the
starting-resource phase and the ready step, where several players act in any order, count
every interleaving. A finished game has no continuation (perft 0 below depth 0).

Positions are replayed from public data only: a seed (or a scripted 54-card deck) plus a
prefix of actions in wire JSON, or a state's JSON for hand-made positions.

Regenerate after an intended rules change (then review the diff of perft.json)::

    .venv/bin/python -m tests.rules.perft --write     # recompute and store
    .venv/bin/python -m tests.rules.perft             # recompute and compare, prints timings
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import kingdom_rules as kr

GOLDEN = Path(__file__).resolve().parent / "golden" / "perft.json"
NODE_BUDGET = 150_000
"""Largest number of applies one position may cost at its stored depth (keeps the test fast)."""


def perft(state: kr.GameState, depth: int) -> int:
    """Legal action sequences of length ``depth`` from ``state``."""
    if depth == 0:
        return 1
    total = 0
    for p in kr.players_to_act(state):
        acts = kr.legal_actions(state, p)
        if depth == 1:
            total += len(acts)
            continue
        for a in acts:
            total += perft(kr.apply(state, a)[0], depth - 1)
    return total


def applies(state: kr.GameState, depth: int) -> int:
    """How many applies perft(state, depth) makes (to choose a depth within budget)."""
    if depth <= 1:
        return 0
    total = 0
    for p in kr.players_to_act(state):
        for a in kr.legal_actions(state, p):
            total += 1 + applies(kr.apply(state, a)[0], depth - 1)
            if total > NODE_BUDGET:
                return total
    return total


def position_state(entry: dict[str, Any]) -> kr.GameState:
    """The state an entry of the golden file describes."""
    if "state" in entry:
        return kr.GameState.from_json(entry["state"])
    return kr.replay(
        seed=entry["seed"],
        player_count=entry["players"],
        mode=entry["mode"],
        actions=entry.get("prefix", []),
        deck=entry.get("deck"),
    )


# --- the positions (used by --write only; the test reads the file) ---------------------------


def _prefix(n: int, mode: str, seed: int, steps: int, policy: str) -> list[dict[str, Any]]:
    from tests.rules.helpers import biased_step, random_step

    step = biased_step if policy == "biased" else random_step
    rng = random.Random(f"perft:{n}:{mode}:{seed}:{steps}")
    s = kr.new_game(player_count=n, seed=seed, mode=mode)
    out = []
    while len(out) < steps and s.phase != "finished":
        a, s, _ = step(s, rng)
        out.append(a.to_json())
    return out


def _specs() -> list[dict[str, Any]]:
    from tests.rules.states import handmade

    specs: list[dict[str, Any]] = []
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        specs.append(
            {
                "name": f"new-{n}p-seed{seed}",
                "players": n,
                "mode": "game",
                "seed": seed,
                "max_depth": 6,
            }
        )
    for n, mode, seed, steps, policy in (
        (2, "game", 7, 9, "random"),
        (2, "match", 8, 40, "biased"),
        (3, "game", 9, 30, "biased"),
        (4, "match", 10, 60, "biased"),
        (4, "game", 11, 25, "random"),
    ):
        specs.append(
            {
                "name": f"{n}p-{mode}-seed{seed}-after{steps}",
                "players": n,
                "mode": mode,
                "seed": seed,
                "prefix": _prefix(n, mode, seed, steps, policy),
                "max_depth": 5,
            }
        )
    # a match between hands (the ready step) and its next deal
    prefix = []
    rng = random.Random("perft:ready")
    s = kr.new_game(player_count=3, seed=12, mode="match")
    from tests.rules.helpers import random_step

    while s.phase != "handComplete":
        a, s, _ = random_step(s, rng)
        prefix.append(a.to_json())
    specs.append(
        {
            "name": "3p-match-seed12-score-screen",
            "players": 3,
            "mode": "match",
            "seed": 12,
            "prefix": prefix,
            "max_depth": 4,
        }
    )
    # hand-made positions with follow-ups open (the state's JSON is stored)
    made = handmade()
    picks = {"2p-rich-kingdoms": made[0], "4p-rich-kingdoms": made[8]}
    for s2 in made:
        if s2.pending and s2.pending[0].context == "freed-royal":
            picks.setdefault("freed-royal", s2)
        if s2.pending and s2.pending[0].type == "flaming-salvo":
            picks.setdefault("flaming-salvo", s2)
    for s2 in made:
        if not s2.pending:
            continue
        head = s2.pending[0]
        if head.type == "partner-transfer":
            picks.setdefault("4p-partner-transfer", s2)
        if head.type == "castle-placement" and head.context == "after-structure":
            picks.setdefault("castle-placement", s2)
        if head.type == "slaying" and s2.player_count == 3:
            picks.setdefault("3p-slaying", s2)
    for name, st in picks.items():
        depth = 2 if "rich" in name else 4  # 2 million sequences at depth 3: too slow for a test
        specs.append({"name": name, "state": st.to_json(), "max_depth": depth})
    return specs


def compute(entry: dict[str, Any], depth: int | None = None) -> dict[str, Any]:
    state = position_state(entry)
    if depth is None:
        depth = 1
        while depth < entry.get("max_depth", 3) and applies(state, depth + 1) <= NODE_BUDGET:
            depth += 1
    counts = [perft(state, d) for d in range(1, depth + 1)]
    out = {k: v for k, v in entry.items() if k != "max_depth"}
    out["depth"] = depth
    out["counts"] = counts
    return out


def write() -> None:
    entries = [compute(spec) for spec in _specs()]
    doc = {
        "about": "Perft of kingdom_rules: legal action sequences of length 1..depth from each "
        "position. Regenerate with `.venv/bin/python -m tests.rules.perft --write`.",
        "positions": entries,
    }
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps(doc, indent=1) + "\n")
    for e in entries:
        print(f"{e['name']:40} depth {e['depth']}: {e['counts']}")


def check() -> int:
    doc = json.loads(GOLDEN.read_text())
    bad = 0
    for e in doc["positions"]:
        t = time.perf_counter()
        got = [perft(position_state(e), d) for d in range(1, e["depth"] + 1)]
        ms = (time.perf_counter() - t) * 1000
        status = "ok" if got == e["counts"] else f"DIFFERS (golden {e['counts']})"
        bad += got != e["counts"]
        print(f"{e['name']:40} depth {e['depth']}: {got} {ms:7.0f} ms {status}")
    return bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--write", action="store_true", help="recompute and store the golden file")
    args = parser.parse_args(argv)
    if args.write:
        write()
        return 0
    return 1 if check() else 0


if __name__ == "__main__":
    sys.exit(main())
