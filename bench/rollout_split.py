"""Where a SearchBot rollout's time goes: the greedy policy or the engine.

Plays seeded two-player hands to the end as the search's rollouts do (player 1 in the
search's own style ``search.STANDARD``, player 2 as GreedyBot), recording every action; then
times the same hands twice, in processor time: chosen by the policy and applied
(``policy`` + ``apply``, a rollout's loop), and replayed from the recorded actions
(``apply`` alone). The best of ``--repeats`` runs of each is reported per step, with the
policy's share. The engine and the greedy rules are compiled by mypyc when the build could
(``make venv`` says so; ``KINGDOM_PURE_PYTHON=1`` runs both as Python).

    python bench/rollout_split.py --hands 600 --seed 9700000
"""

from __future__ import annotations

import argparse
import sys
import time

from kingdom_rules.actions import Action
from kingdom_rules.bots.greedy import GREEDY
from kingdom_rules.bots.search import STANDARD, policy
from kingdom_rules.engine import apply, players_to_act
from kingdom_rules.hands import new_game
from kingdom_rules.state import GameState

LIVE = ("choosing_resources", "playing")


def _mover(state: GameState) -> int:
    return state.current_player if state.phase == "playing" else players_to_act(state)[0]


def _rollouts(starts: list[GameState]) -> None:
    for state in starts:
        while state.phase in LIVE:
            p = _mover(state)
            state, _ = apply(state, policy(state, p, STANDARD if p == 1 else GREEDY))


def _replays(starts: list[GameState], actions: list[list[Action]]) -> None:
    for state, hand in zip(starts, actions, strict=True):
        for action in hand:
            state, _ = apply(state, action)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=600)
    parser.add_argument("--seed", type=int, default=9700000, help="first hand's seed")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    starts = [new_game(player_count=2, seed=s, mode="game")
              for s in range(args.seed, args.seed + args.hands)]
    actions: list[list[Action]] = []
    for state in starts:
        hand: list[Action] = []
        while state.phase in LIVE:
            p = _mover(state)
            action = policy(state, p, STANDARD if p == 1 else GREEDY)
            hand.append(action)
            state, _ = apply(state, action)
        actions.append(hand)
    steps = sum(len(h) for h in actions)
    both = engine = float("inf")
    for _ in range(args.repeats):
        t = time.process_time()
        _rollouts(starts)
        both = min(both, time.process_time() - t)
        t = time.process_time()
        _replays(starts, actions)
        engine = min(engine, time.process_time() - t)
    print(f"{args.hands} hands, {steps} steps (seeds {args.seed}+), best of {args.repeats}:")
    print(f"  policy + engine: {1e6 * both / steps:.1f} us a step ({1e3 * both / args.hands:.2f} "
          f"ms a hand)")
    print(f"  engine alone:    {1e6 * engine / steps:.1f} us a step")
    print(f"  the policy's share: {100 * (1 - engine / both):.0f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
