"""Fit SearchBot's position evaluation (``heuristics.WIN_WEIGHTS``) by logistic regression.

Plays seeded two-player games with the greedy policy for both seats, records
:func:`heuristics.position_features` at every turn start from both players' sides with
who won the hand (with ``--own``: one seat plays SearchBot's own style ``search.OWN``
against the plain greedy rules, as in the search's rollouts, and only that seat's side is
recorded, since the search scores positions only for its own side), and fits the weights by
Newton's method with a little L2 (numpy; the library itself stays numpy-free). Games are
split 80/20 into fitting and held-out sets; the held-out log-loss and accuracy are printed
with the weights to paste into heuristics.py.

    python3 bench/fit_evaluation.py --games 20000 --seed 1      # needs numpy and attrs
    python3 bench/fit_evaluation.py --games 40000 --seed 1 --own
    python3 bench/fit_evaluation.py --games 30000 --seed 5300000 --own --style standard \
        --hold 0.3     # the own seat in search.STANDARD, holding a family royal at times
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from kingdom_rules.actions import PlayRoyal  # noqa: E402
from kingdom_rules.bots import search  # noqa: E402
from kingdom_rules.bots.greedy import GREEDY, Style  # noqa: E402
from kingdom_rules.bots.heuristics import (  # noqa: E402
    FEATURE_NAMES,
    WIN_WEIGHTS,
    Table,
    adds_progress,
    position_features,
)
from kingdom_rules.bots.search import OWN, candidates, policy  # noqa: E402
from kingdom_rules.engine import apply, players_to_act  # noqa: E402
from kingdom_rules.hands import new_game  # noqa: E402
from kingdom_rules.legal import legal_actions  # noqa: E402


def play(seed: int, epsilon: float, own: bool = False, style: Style = OWN,
         hold: float = 0.0) -> tuple[list[list[float]], list[float]]:
    """One greedy self-play game: features at each turn start from both sides, labels.
    ``own``: the seat ``1 + seed % 2`` plays ``style`` and only its side is recorded;
    ``hold``: the chance that this seat, about to play a family royal (one that fills a
    place), plays another of the search's candidates instead (so that positions with family
    royals held are seen, as the search's candidates make them)."""
    seat = 1 + seed % 2
    styles = {1: GREEDY, 2: GREEDY}
    if own:
        styles[seat] = style
    rng = random.Random(f"fit:{seed}")
    state = new_game(player_count=2, seed=seed, mode="game")
    rows: list[tuple[list[float], int]] = []
    turn = (state.round, state.current_player)
    steps = 0
    while state.phase in ("choosing_resources", "playing") and steps < 2000:
        p = players_to_act(state)[0]
        legal = legal_actions(state, p)
        if not legal:
            break
        if epsilon and state.phase == "playing" and rng.random() < epsilon:
            moves = candidates(Table.of_state(state, p), legal)
            action = moves[rng.randrange(len(moves))]
        else:
            action = policy(state, p, styles[p])
            if (hold and own and p == seat and isinstance(action, PlayRoyal)
                    and adds_progress(state.players[p - 1].kingdom, action.card)
                    and rng.random() < hold):
                others = [a for a in candidates(Table.of_state(state, p), legal)
                          if not isinstance(a, PlayRoyal)]
                if others:
                    action = others[rng.randrange(len(others))]
        state, _ = apply(state, action)
        steps += 1
        if state.phase == "playing" and (state.round, state.current_player) != turn:
            turn = (state.round, state.current_player)
            for me in ((seat,) if own else (1, 2)):
                rows.append((position_features(state, me), me))
    winner = state.hand_history[-1].winner if state.hand_history else None
    xs = [x for x, _ in rows]
    ys = [0.5 if winner is None else float(winner == me) for _, me in rows]
    return xs, ys


def fit(x: np.ndarray, y: np.ndarray, l2: float) -> np.ndarray:
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1.0 / (1.0 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(x.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-7:
            break
    return w


def report(name: str, p: np.ndarray, y: np.ndarray) -> None:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    decided = y != 0.5
    acc = np.mean((p[decided] > 0.5) == (y[decided] > 0.5))
    print(f"{name}: log-loss {loss:.4f}, accuracy {acc:.3f} on {len(y)} positions")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1, help="first game's seed")
    parser.add_argument("--epsilon", type=float, default=0.0,
                        help="chance of a random search candidate instead of the greedy play")
    parser.add_argument("--l2", type=float, default=1.0)
    parser.add_argument("--own", action="store_true",
                        help="one seat plays search.OWN; record only its side")
    parser.add_argument("--style", default="own",
                        help='with --own: the seat\'s style, "own" (search.OWN), "standard" '
                             '(search.STANDARD) or fields of greedy.Style as JSON over search.OWN')
    parser.add_argument("--hold", type=float, default=0.0,
                        help="with --own: chance of holding a family royal the style would play")
    args = parser.parse_args()
    if args.style == "own":
        style = OWN
    elif args.style == "standard":
        style = search.STANDARD
    else:
        import json

        style = Style(**{**OWN._asdict(), **json.loads(args.style)})
    start = time.time()
    train_x: list[list[float]] = []
    train_y: list[float] = []
    test_x: list[list[float]] = []
    test_y: list[float] = []
    for i in range(args.games):
        xs, ys = play(args.seed + i, args.epsilon, args.own, style, args.hold)
        if i % 5 == 4:
            test_x += xs
            test_y += ys
        else:
            train_x += xs
            train_y += ys
    print(f"{args.games} games, {len(train_y) + len(test_y)} positions in "
          f"{time.time() - start:.0f} s")
    x, y = np.array(train_x), np.array(train_y)
    tx, ty = np.array(test_x), np.array(test_y)
    w = fit(x, y, args.l2)
    report("held out, refitted", 1 / (1 + np.exp(-tx @ w)), ty)
    if len(WIN_WEIGHTS) == tx.shape[1]:
        report("held out, current WIN_WEIGHTS", 1 / (1 + np.exp(-tx @ np.array(WIN_WEIGHTS))),
               ty)
    report("held out, a coin", np.full(len(ty), 0.5), ty)
    print("WIN_WEIGHTS = (")
    for name, v in zip(FEATURE_NAMES, w, strict=True):
        print(f"    {v:.3f},  # {name}")
    print(")")
    assert all(math.isfinite(v) for v in w)
    return 0


if __name__ == "__main__":
    sys.exit(main())
