"""Same seed and actions, same game: also across interpreter runs with different string hash
seeds (PYTHONHASHSEED), so no set or dict order leaks into deals, legal action order or JSON."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = """
import hashlib, json, random
import kingdom_rules as kr
h = hashlib.sha256()
for n in (2, 3, 4):
    rng = random.Random(n)
    s = kr.new_game(player_count=n, seed=1234 + n, mode="match")
    while s.phase != "finished":
        p = rng.choice(kr.players_to_act(s))
        acts = kr.legal_actions(s, p)
        h.update(json.dumps([a.to_json() for a in acts]).encode())
        s, events = kr.apply(s, acts[rng.randrange(len(acts))])
        h.update(json.dumps([e.to_json() for e in events], sort_keys=True).encode())
    h.update(json.dumps(s.to_json()).encode())
    h.update(json.dumps(kr.view(s, 1).to_json()).encode())
print(h.hexdigest())
"""


def _run(hashseed: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return out.stdout.strip()


def test_games_are_identical_across_hash_seeds() -> None:
    assert _run("1") == _run("2") == _run("random")


def test_the_engines_shuffle_is_the_seeded_random_shuffle() -> None:
    """Deals and rebuilt piles are shuffled by ``table.shuffle`` (Fisher-Yates drawn as
    ``random.shuffle`` draws): the same permutation as ``shuffler(...).shuffle``, so a seed
    deals as it always has (docs/rules.md, "Table ruling": a match replays from its seed)."""
    from kingdom_rules.table import shuffle, shuffler

    for length in range(0, 120):
        for seed in range(30):
            ours = list(range(length))
            shuffle(ours, seed, length % 7, seed % 3)
            theirs = list(range(length))
            shuffler(seed, length % 7, seed % 3).shuffle(theirs)
            assert ours == theirs, (length, seed)
