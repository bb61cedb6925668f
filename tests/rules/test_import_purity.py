"""The rules engine is a pure library: importing and playing it loads only the standard
library, attrs and kingdom_rules itself (architecture.md: "depends on attrs only")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
ALLOWED_THIRD_PARTY = {"attr", "attrs", "kingdom_rules"}

# Runs in a fresh interpreter and prints, as JSON, the modules that appeared in sys.modules
# while it ran the body. Modules loaded at interpreter start-up (site, .pth hooks of the
# venv) are not the engine's doing and are left out.
PROBE = """
import json, sys
before = set(sys.modules)
{body}
print(json.dumps(sorted(set(sys.modules) - before)))
"""

IMPORT_ONLY = "import kingdom_rules"

# A short seeded playout through the public API, so that imports done lazily inside
# functions (JSON, views, legal actions, scoring) are caught too.
PLAYOUT = """
import random
import kingdom_rules as kr
rng = random.Random(1)
for players in (2, 4):
    state = kr.new_game(player_count=players, seed=11, mode="match")
    for _ in range(400):
        acting = kr.players_to_act(state)
        if not acting:
            break
        p = acting[0]
        acts = list(kr.legal_actions(state, p))
        if not acts:
            break
        action = rng.choice(acts)
        kr.action_from_json(action.to_json())
        kr.view(state, p).to_json()
        state, events = kr.apply(state, action)
        for e in events:
            e.to_json()
    kr.GameState.from_json(state.to_json())
"""


def _loaded_modules(body: str) -> list[str]:
    result = subprocess.run(
        [sys.executable, "-c", PROBE.format(body=body)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, f"probe failed:\n{result.stderr}"
    loaded: list[str] = json.loads(result.stdout.strip().splitlines()[-1])
    return loaded


def _foreign(modules: list[str]) -> list[str]:
    """Modules that are neither the standard library, attrs, nor kingdom_rules."""
    return [
        name
        for name in modules
        if name.split(".")[0] not in sys.stdlib_module_names
        and name.split(".")[0] not in ALLOWED_THIRD_PARTY
    ]


def test_import_loads_only_stdlib_and_attrs() -> None:
    loaded = _loaded_modules(IMPORT_ONLY)
    assert "kingdom_rules" in loaded
    assert _foreign(loaded) == []


def test_playing_a_game_loads_only_stdlib_and_attrs() -> None:
    loaded = _loaded_modules(PLAYOUT)
    assert _foreign(loaded) == []


def test_foreign_detects_third_party_modules() -> None:
    # The check itself must be able to fail.
    assert _foreign(["json", "attr._make", "kingdom_rules.cards", "aiohttp.web"]) == ["aiohttp.web"]
