"""What limits SearchBot: the games of ``bench/bots.py search greedy``, SearchBot told what it
may not see.

A diagnostic, never a way to play: it breaks the rule that a bot sees only its view (docs/
bots.md) to measure how much the hidden cards cost the search. Every sample of a decision is
then dealt from the true state instead of from the view:

- ``--knows world``: the true state itself, the deck's order included (every sample is the
  real future, as far as the bots' choices go);
- ``--knows hands``: the other players' hands as they are, the deck (whose order no one can
  know) shuffled afresh for each sample.

Every other argument is ``bench/bots.py``'s; compare with a run of the bot as it is on the
same games (``bench/paired.py``).

    python bench/search_limits.py --knows hands search greedy --games 600 --swap-seats \\
        --seed 6400000 --workers 1 --games-json hands-games.json
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/bots.py

import bots  # noqa: E402

from kingdom_rules.bots import runner, search  # noqa: E402
from kingdom_rules.state import GameState, evolve  # noqa: E402
from kingdom_rules.view import PlayerView  # noqa: E402

TRUE: dict[str, GameState] = {}
"""The state of the decision being made (the runner builds each view from it), once
:func:`remember_true_states` is called."""
_view = runner.view


def _remembering_view(state: GameState, player: int) -> PlayerView:
    TRUE["state"] = state
    return _view(state, player)


def remember_true_states() -> None:
    """From now on, games played by ``kingdom_rules.bots.runner`` keep the state of each
    decision in :data:`TRUE` (for diagnostics only: no bot may read it)."""
    runner.view = _remembering_view  # type: ignore[assignment]


def reshuffled(state: GameState, rng: random.Random) -> GameState:
    """``state`` with its deck (whose order no one can know) shuffled afresh."""
    deck = list(state.deck)
    rng.shuffle(deck)
    return evolve(state, deck=tuple(deck), seed=rng.randrange(2**31))


def _world(self: search.SearchBot, view: PlayerView, rng: random.Random) -> tuple[GameState, int]:
    return TRUE["state"], search.WORLD_COST


def _hands(self: search.SearchBot, view: PlayerView, rng: random.Random) -> tuple[GameState, int]:
    return reshuffled(TRUE["state"], rng), search.WORLD_COST


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] != "--knows" or argv[1] not in ("world", "hands"):
        print(__doc__)
        return 2
    remember_true_states()
    sample: Any = _world if argv[1] == "world" else _hands
    search.SearchBot._sample = sample  # type: ignore[method-assign]
    return bots.main(argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
