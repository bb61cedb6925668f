"""Which engine runs: the hot modules compiled to C by mypyc, or their Python source.

The package's source is Python, and it is always the reference: ``pip install`` compiles the
modules of :data:`COMPILED_MODULES` with mypyc where a C compiler is (``setup.py``), and the
compiled modules are the same code, so they behave the same (the tests, the golden trace of
``tests/rules/test_core_trace.py`` among them, run on either). Where there is no C compiler,
or the build is told ``KINGDOM_PURE_PYTHON=1``, the package is pure Python.

At import (``kingdom_rules/__init__.py`` imports this module first), :func:`choose` makes the
Python source load instead of the compiled modules when

- the environment says ``KINGDOM_PURE_PYTHON=1`` (a traceback line by line, a debugger, a
  profiler that sees inside the engine), or
- a source of the package changed after the build: an edit to the engine in a checkout
  (``pip install -e``, ``make venv``) is what runs, never a stale build of the old code. The
  build records the SHA-256 of every module of the package's top level in :data:`RECORD`
  (the compiled ones, and those they were compiled against); ``make venv`` builds again when
  one of them changes.

It is all or nothing: compiled modules call each other directly, so a compiled module never
runs next to the Python source of another one.

This module is not compiled, and imports nothing of the package (``setup.py`` reads
:data:`COMPILED_MODULES` from it before the package's dependencies are installed).
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from types import ModuleType
from typing import Final

PACKAGE: Final = "kingdom_rules"
COMPILED_MODULES: Final = (
    "cards",
    "combinations",
    "engine",
    "events",
    "followups",
    "hands",
    "kingdoms",
    "legal",
    "plays",
    "scoring",
    "state",
    "table",
    "bots.heuristics",
    "bots.greedy_rules",
    "bots.rollouts",
)
"""The engine's hot path (what ``legal_actions`` and ``apply`` run), compiled by mypyc, and
the search rollouts' (the greedy rules, the heuristics they read, the rollout loop). Not
the bot classes (bot authors subclass them: ``bots/greedy.py``, ``bots/search.py``), not
the value modules whose attrs classes mypyc cannot build yet (setups, perks, actions), not
the views. The attrs values of ``cards``, ``kingdoms`` and ``state`` that the engine reads
on every step (cards, resources, combinations, kingdoms, the game state, its follow-ups and
last draw) are native classes of the compiled engine."""

RECORD: Final = "_compiled.json"
"""Written by the build next to the compiled modules: ``{"sources": {module: sha256}}`` for
every module of :func:`recorded_sources`."""

PURE_ENV: Final = "KINGDOM_PURE_PYTHON"

_HERE: Final = os.path.dirname(os.path.abspath(__file__))

COMPILED: bool = False
"""Whether the compiled modules run (set by :func:`choose`)."""
REASON: str = "not chosen yet"
"""Why the engine runs as it does, in a few words (``kingdom bench`` prints it)."""


def source_digest(path: str) -> str:
    """SHA-256 of a source file, as the build records it."""
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def module_path(module: str) -> str:
    """A module's path under the package, without its suffix (``bots.rollouts``:
    ``bots/rollouts``)."""
    return module.replace(".", os.sep)


def recorded_sources(package_dir: str) -> dict[str, str]:
    """Module name to source path of every module the build records: those of the package's
    top level and of each subpackage a compiled module is in (the compiled modules and the
    modules beside them they import), this one and the packages' ``__init__`` aside."""
    sources = {}
    for sub in sorted({"", *(m.rpartition(".")[0] for m in COMPILED_MODULES)}):
        folder = os.path.join(package_dir, module_path(sub))
        prefix = f"{sub}." if sub else ""
        for name in sorted(os.listdir(folder)):
            if name.endswith(".py") and name not in ("native.py", "__init__.py"):
                sources[prefix + name[:-3]] = os.path.join(folder, name)
    return sources


def _extension(module: str) -> str | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        path = os.path.join(_HERE, module_path(module) + suffix)
        if os.path.exists(path):
            return path
    return None


def _decide() -> tuple[bool, str]:
    built = [m for m in COMPILED_MODULES if _extension(m)]
    if not built:
        return False, "pure Python (no compiled modules)"
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return False, f"pure Python ({PURE_ENV} is set)"
    if len(built) != len(COMPILED_MODULES):
        return False, "pure Python (the compiled modules are incomplete)"
    try:
        with open(os.path.join(_HERE, RECORD)) as f:
            recorded = json.load(f)["sources"]
    except (OSError, ValueError, KeyError, TypeError):
        return False, "pure Python (no record of the compiled build)"
    sources = recorded_sources(_HERE)
    if set(sources) != set(recorded):
        return False, "pure Python (modules added or removed after the build: make venv)"
    for m, path in sources.items():
        if recorded[m] != source_digest(path):
            return False, f"pure Python ({m}.py changed after the build: make venv)"
    return True, "compiled (mypyc)"


class _SourceFinder:
    """Finds the Python source of the compiled modules, ahead of the compiled ones."""

    _names: Final = frozenset(f"{PACKAGE}.{m}" for m in COMPILED_MODULES)

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname not in self._names:
            return None
        return importlib.util.spec_from_file_location(
            fullname, os.path.join(_HERE, module_path(fullname[len(PACKAGE) + 1:]) + ".py")
        )


def choose() -> None:
    """Decide once, before the engine's modules are imported, which of them load."""
    global COMPILED, REASON
    if any(f"{PACKAGE}.{m}" in sys.modules for m in COMPILED_MODULES):
        return  # decided already, and the modules are loaded
    COMPILED, REASON = _decide()
    if not COMPILED and _extension(COMPILED_MODULES[0]) is not None:
        sys.meta_path.insert(0, _SourceFinder())


choose()
