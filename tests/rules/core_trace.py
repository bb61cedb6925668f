"""The reference for the fast core: a recorded trace of seeded random games in the standard,
Constructed and Spire setups, written by the engine before its hot path was rewritten.

The fast core is an optimisation of the same rules code (a flat inside, fewer copies, actions
built without attrs' checks), not a second implementation, so the reference model is what the
old code did: for every game, a digest of every state it passed through (its full JSON: hands,
deck, piles, kingdoms, follow-ups, scores), the acting player's legal actions in order (their
wire form), the acting player's view, the action chosen and the events it produced.
``test_core_trace.py`` plays the same games with today's engine and compares each game's digest
and step count; a difference names the game, and :func:`first_difference` the step.

    python -m tests.rules.core_trace            # rewrite golden/core_trace.json (the old code!)
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import kingdom_rules as kr
from tests.rules.states import random_constructed, random_spire

GOLDEN = Path(__file__).parent / "golden" / "core_trace.json"
GAMES = {"standard": 1000, "constructed": 1000, "spire": 1000}
"""Games per setup (3,000 in all, about 230,000 states)."""


def game_setup(kind: str, g: int) -> tuple[int, str, kr.Setup]:
    """(players, mode, setup) of game ``g`` of a setup kind: 2 to 4 players in the standard
    game (a match every fifth game), random Constructed decks (2 to 4 seats) and random
    Spire combats (:mod:`tests.rules.states`)."""
    rng = random.Random(f"core-trace:{kind}:{g}")
    if kind == "standard":
        return 2 + g % 3, "match" if g % 5 == 0 else "game", kr.STANDARD
    if kind == "constructed":
        n = 2 + g % 3
        return n, "game", random_constructed(rng, n)
    return 2, "game", random_spire(rng)


def steps(kind: str, g: int) -> Iterator[str]:
    """One line of text per step of game ``g``: what the digest covers."""
    players, mode, setup = game_setup(kind, g)
    rng = random.Random(f"core-trace-moves:{kind}:{g}")
    state = kr.new_game(player_count=players, seed=10_000 + g, mode=mode, setup=setup)
    while True:
        doc: dict[str, Any] = {"state": state.to_json()}
        if state.phase == "finished":
            yield _dump(doc)
            return
        to_act = kr.players_to_act(state)
        p = to_act[rng.randrange(len(to_act))]
        acts = kr.legal_actions(state, p)
        pick = rng.randrange(len(acts))
        action = acts[pick]
        state, events = kr.apply(state, action)
        if pick % 4 == 0:  # a view now and then (they are built from the state above)
            doc["view"] = kr.view(state, p).to_json()
        doc.update(
            player=p,
            legal=acts.to_json(),
            count=len(acts),
            action=action.to_json(),
            events=[e.to_json() for e in events],
        )
        yield _dump(doc)


def _dump(doc: dict[str, Any]) -> str:
    return json.dumps(doc, sort_keys=True, separators=(",", ":"))


def digest(kind: str, g: int) -> tuple[str, int]:
    """(sha256 of the game's steps, number of steps)."""
    h = hashlib.sha256()
    count = 0
    for line in steps(kind, g):
        h.update(line.encode())
        h.update(b"\n")
        count += 1
    return h.hexdigest()[:24], count


def first_difference(kind: str, g: int, old_lines: list[str]) -> int | None:
    """The first step at which today's engine differs from ``old_lines`` (for debugging)."""
    for i, line in enumerate(steps(kind, g)):
        if i >= len(old_lines) or line != old_lines[i]:
            return i
    return None


def main() -> int:
    out: dict[str, list[list[Any]]] = {}
    for kind, games in GAMES.items():
        out[kind] = [list(digest(kind, g)) for g in range(games)]
        print(kind, sum(c for _, c in out[kind]), "states", file=sys.stderr)
    GOLDEN.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
