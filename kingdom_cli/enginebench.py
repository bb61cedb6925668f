"""The engine benchmark's core, shared by ``bench/engine.py`` and ``kingdom bench``.

Random playouts through the public API: each step asks for the acting player's legal actions,
picks one uniformly by ``len`` and an index (the lazy sequence never builds the whole list),
and applies it. Only the standard library and kingdom_rules are used. The split between
``legal_actions`` and ``apply`` is timed on every 16th step (see SAMPLE).
"""

from __future__ import annotations

import random
import time
from typing import Any

import kingdom_rules as kr

SAMPLE = 16
"""Every SAMPLE-th step is timed call by call, for the split between ``legal_actions`` and
``apply``; the other steps run without timers, so that the clock's own cost (four calls per
step, about 4% of a step) does not count in hands/s and actions/s."""


def run(players: int, seconds: float | None = None, hands: int | None = None,
        seed: int = 1) -> dict[str, Any]:
    """Random playouts of one-hand games until ``seconds`` pass or ``hands`` are played."""
    if seconds is None and hands is None:
        seconds = 3.0
    rng = random.Random(seed)
    randrange = rng.randrange
    legal_time = apply_time = 0.0
    timed = 0
    steps = 0
    done = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    deadline = start + seconds if seconds is not None else float("inf")
    game = 0
    clock = time.perf_counter
    legal_actions, apply, players_to_act = kr.legal_actions, kr.apply, kr.players_to_act
    while (hands is None or done < hands) and clock() < deadline:
        game += 1
        state = kr.new_game(player_count=players, seed=seed * 1_000_003 + game, mode="game")
        while state.phase != "finished":
            steps += 1
            p = players_to_act(state)[0]
            if steps % SAMPLE:
                acts = legal_actions(state, p)
                state, _ = apply(state, acts[randrange(len(acts))])
                continue
            t0 = clock()
            acts = legal_actions(state, p)
            n = len(acts)
            t1 = clock()
            action = acts[randrange(n)]
            t2 = clock()
            state, _ = apply(state, action)
            t3 = clock()
            legal_time += t1 - t0
            apply_time += t3 - t2
            timed += 1
        done += 1
    elapsed = time.perf_counter() - start
    cpu = max(time.process_time() - cpu_start, 1e-9)
    return {
        "players": players,
        "hands": done,
        "actions": steps,
        "seconds": round(elapsed, 3),
        "hands_per_s": round(done / elapsed, 1),
        "actions_per_s": round(steps / elapsed, 1),
        "us_per_legal_actions": round(1e6 * legal_time / max(timed, 1), 1),
        "us_per_apply": round(1e6 * apply_time / max(timed, 1), 1),
        "cpu_seconds": round(cpu, 3),
        "actions_per_cpu_s": round(steps / cpu, 1),
        "engine": kr.native.REASON,
    }


def format_table(results: list[dict[str, Any]]) -> str:
    head = f"{'players':>7} {'hands':>7} {'hands/s':>9} {'actions/s':>10} " \
           f"{'µs/legal_actions':>17} {'µs/apply':>9} {'actions/CPU s':>14}"
    lines = [head]
    for r in results:
        lines.append(f"{r['players']:>7} {r['hands']:>7} {r['hands_per_s']:>9} "
                     f"{r['actions_per_s']:>10} {r['us_per_legal_actions']:>17} "
                     f"{r['us_per_apply']:>9} {r['actions_per_cpu_s']:>14}")
    return "\n".join(lines)
