"""The build of the ``kingdom`` distribution (the metadata is in pyproject.toml).

The rules engine's hot modules (``kingdom_rules.native.COMPILED_MODULES``) are compiled to C
with mypyc where it can: the package stays pure Python, and runs so, when

- ``KINGDOM_PURE_PYTHON=1`` is set for the build,
- mypyc is missing, or it cannot compile the modules,
- there is no C compiler, or compiling fails.

The build then says so and goes on. It records each compiled module's source digest
and of those they import (``kingdom_rules/_compiled.json``): at import, a module whose source
changed since makes the whole engine run from its Python source (kingdom_rules/native.py).
"""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))


def _native() -> Any:
    """kingdom_rules/native.py, read without importing the package (attrs may be missing)."""
    spec = importlib.util.spec_from_file_location(
        "_kingdom_native", os.path.join(HERE, "kingdom_rules", "native.py")
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


native = _native()


def _say(message: str) -> None:
    print(f"kingdom build: {message}", file=sys.stderr)


def ext_modules() -> list[Any]:
    if os.environ.get(native.PURE_ENV, "") not in ("", "0"):
        _say(f"{native.PURE_ENV} is set: the engine stays pure Python")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        _say("mypyc is not installed: the engine stays pure Python")
        return []
    paths = [f"kingdom_rules/{native.module_path(m)}.py" for m in native.COMPILED_MODULES]
    try:
        return mypycify(paths, opt_level="3", group_name="kingdom_rules.engine_c")
    except (Exception, SystemExit) as exc:  # mypyc reports its errors by exiting
        _say(f"mypyc could not compile the engine ({exc!r}): it stays pure Python")
        return []


class BuildExt(build_ext):
    """build_ext that falls back to pure Python when compiling fails, and records the
    compiled modules' sources."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # no compiler, a compiler error: the pure package works
            _say(f"compiling the engine failed ({exc!r}): it stays pure Python")
            self._remove_built()
            return
        if self.extensions:
            self._record()

    def _package_dir(self) -> str:
        return os.path.dirname(self.get_ext_fullpath(f"kingdom_rules.{native.COMPILED_MODULES[0]}"))

    def _remove_built(self) -> None:
        for ext in self.extensions:
            path = self.get_ext_fullpath(ext.name)
            if os.path.exists(path):
                os.remove(path)
        record = os.path.join(self._package_dir(), native.RECORD)
        if os.path.exists(record):
            os.remove(record)

    def _record(self) -> None:
        sources = {
            m: native.source_digest(path)
            for m, path in native.recorded_sources(os.path.join(HERE, "kingdom_rules")).items()
        }
        with open(os.path.join(self._package_dir(), native.RECORD), "w") as f:
            json.dump({"sources": sources}, f, indent=1, sort_keys=True)
            f.write("\n")

    def get_outputs(self) -> list[str]:
        outputs: list[str] = super().get_outputs()
        if self.extensions:
            outputs.append(os.path.join(self._package_dir(), native.RECORD))
        return outputs


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt})
