"""The compiled engine and its Python source (kingdom_rules/native.py): which one runs, and
that they play alike.

The install compiles the engine's hot modules with mypyc where a C compiler is (setup.py);
``KINGDOM_PURE_PYTHON=1`` and a source edited after the build make the Python source run."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import kingdom_rules as kr
from kingdom_rules import native

PACKAGE_DIR = Path(kr.__file__).parent

# Plays seeded random games in all three setups, then SearchBot against GreedyBot in each
# (the compiled greedy rules, heuristics and rollouts), and prints which engine ran, where
# its modules come from, and a digest of every state, event and bot action on the way.
PROBE = """
import hashlib, json, random, sys
import kingdom_rules as kr
from kingdom_rules import native
h = hashlib.sha256()
deck = kr.PREBUILT_DECKS["balanced"]
run = tuple(kr.Card.parse(c) for c in ("QH", "2H", "3H", "5D", "7C", "9S"))
setups = [kr.StandardSetup(), kr.ConstructedSetup((deck, deck)), kr.SpireSetup(run, run[:1])]
for g in range(24):
    rng = random.Random(g)
    players = 2 + g // 3 % 3 if g % 3 == 0 else 2  # the standard deal: 2 to 4 players
    mode = "match" if g % 3 == 0 and g % 2 == 0 else "game"  # a Spire combat is one hand
    state = kr.new_game(player_count=players, seed=g, mode=mode, setup=setups[g % 3])
    while state.phase != "finished":
        p = kr.players_to_act(state)[0]
        acts = kr.legal_actions(state, p)
        h.update(json.dumps(acts.to_json()).encode())
        state, events = kr.apply(state, acts[rng.randrange(len(acts))])
        h.update(json.dumps([e.to_json() for e in events]).encode())
    h.update(json.dumps(state.to_json(), sort_keys=True).encode())
from kingdom_rules.bots import GreedyBot, SearchBot, play_game
for g in range(6):
    record = play_game([SearchBot(steps=300), GreedyBot()][::1 - 2 * (g % 2)], seed=g,
                       setup=setups[g % 3])
    h.update(json.dumps([record.actions, record.winners, record.scores]).encode())
print(json.dumps({"compiled": native.COMPILED, "reason": native.REASON,
                  "engine": sys.modules["kingdom_rules.engine"].__file__,
                  "rollouts": sys.modules["kingdom_rules.bots.rollouts"].__file__,
                  "digest": h.hexdigest()}))
"""


def probe(env: dict[str, str] | None = None, path: Path | None = None) -> dict[str, object]:
    environ = dict(os.environ)
    if path is not None:
        environ["PYTHONPATH"] = str(path)
    environ.update(env or {})
    out = subprocess.run([sys.executable, "-c", PROBE], env=environ, cwd=path or None,
                         capture_output=True, text=True, check=True).stdout
    result: dict[str, object] = json.loads(out)
    return result


def test_the_engine_says_which_modules_run() -> None:
    engine_file = sys.modules["kingdom_rules.engine"].__file__ or ""
    assert (not engine_file.endswith(".py")) == native.COMPILED, (native.REASON, engine_file)
    assert native.REASON.startswith("compiled" if native.COMPILED else "pure Python")


def test_the_compiled_engine_and_its_python_source_play_alike() -> None:
    default = probe()
    source = probe({native.PURE_ENV: "1"})
    assert source["compiled"] is False and str(source["engine"]).endswith("engine.py")
    assert str(source["rollouts"]).endswith("rollouts.py")
    assert str(default["rollouts"]).endswith(".py") == (not default["compiled"])
    assert native.PURE_ENV in str(source["reason"]) or "no compiled" in str(source["reason"])
    assert default["digest"] == source["digest"]


def test_a_source_edited_after_the_build_runs_as_python(tmp_path: Path) -> None:
    """An engine module changed in a checkout is what runs, never the stale build (the
    mutants of tests/rules/mutants.py rely on it)."""
    copy = tmp_path / "kingdom_rules"
    shutil.copytree(PACKAGE_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    before = probe(path=tmp_path)
    assert before["compiled"] == native.COMPILED
    with open(copy / "plays.py", "a") as f:
        f.write("\n# edited after the build\n")
    after = probe(path=tmp_path)
    assert after["compiled"] is False and str(after["engine"]) == str(copy / "engine.py")
    assert str(after["rollouts"]) == str(copy / "bots" / "rollouts.py")
    if native.COMPILED:
        assert "plays.py changed after the build" in str(after["reason"])
    assert after["digest"] == before["digest"]


@pytest.mark.skipif(not native.COMPILED, reason="the engine is not compiled in this install")
def test_the_build_records_every_top_level_module() -> None:
    recorded = json.loads((PACKAGE_DIR / native.RECORD).read_text())["sources"]
    assert set(recorded) == set(native.recorded_sources(str(PACKAGE_DIR)))
    assert set(native.COMPILED_MODULES) <= set(recorded)


def test_legal_actions_pickle_on_either_engine() -> None:
    """A bot in another process may receive them (the compiled class has no __new__ of its
    own, so it pickles by its constructor's arguments)."""
    state = kr.new_game(player_count=2, seed=5)
    for _ in range(12):
        p = kr.players_to_act(state)[0]
        acts = kr.legal_actions(state, p)
        again = pickle.loads(pickle.dumps(acts))
        assert type(again) is type(acts) and again.player == acts.player
        assert list(again) == list(acts) and again.to_json() == acts.to_json()
        state, _ = kr.apply(state, acts[len(acts) // 2])


def test_bot_authors_can_subclass_the_bots_on_either_engine() -> None:
    """The rules they play are compiled; the bot classes are plain Python (bots/greedy.py,
    bots/search.py), so a bot author's subclass works on a compiled install too."""
    from kingdom_rules.bots import GreedyBot, SearchBot, play_game

    class Cautious(GreedyBot):
        pass

    class Quick(SearchBot):
        pass

    assert str(sys.modules["kingdom_rules.bots.greedy"].__file__).endswith("greedy.py")
    record = play_game([Cautious(), Quick(steps=200)], seed=3)
    assert record.bots == ("Cautious", "Quick") and record.decisions > 0
