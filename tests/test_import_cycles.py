"""No import cycles among the modules of a package. Every `import` and `from ... import` at any
depth counts, those under `if TYPE_CHECKING:` included: a type-only import is still a
dependency of the design."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def module_files(root: Path, package: str) -> dict[str, Path]:
    """Module name -> file, for every module of `package` under `root`."""
    found: dict[str, Path] = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported_modules(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of `known` that the module `name` (file `path`) imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def add(candidate: str) -> None:
        if candidate in known:
            out.add(candidate)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            add(module)
            for alias in node.names:  # `from pkg import submodule`
                if f"{module}.{alias.name}" in known:
                    out.add(f"{module}.{alias.name}")
    out.discard(name)
    # A package's __init__ that gathers its own modules' names is not a cycle of design: a
    # module's edge into a package that contains it is left out.
    return {m for m in out if not name.startswith(m + ".")}


def import_cycles(root: Path, package: str) -> list[list[str]]:
    """Each group of modules that import one another in a circle (Tarjan's strongly connected
    components of more than one module, or a module importing itself)."""
    files = module_files(root, package)
    graph = {name: sorted(imported_modules(name, path, set(files))) for name, path in
             files.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                cycles.append(sorted(group))

    for v in graph:
        if v not in index:
            visit(v)
    return cycles


@pytest.mark.parametrize("package", ["kingdom_rules", "kingdom_server", "kingdom_cli"])
def test_no_import_cycles(package: str) -> None:
    assert (ROOT / package).is_dir()
    assert import_cycles(ROOT, package) == []


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_finder_finds_a_cycle_through_a_type_only_import(tmp_path: Path) -> None:
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "from pkg.b import B\n",
        "pkg/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg import c\n",
        "pkg/c.py": "import pkg.a\n",
        "pkg/d.py": "from pkg import a\n",
    })
    assert import_cycles(tmp_path, "pkg") == [["pkg.a", "pkg.b", "pkg.c"]]


def test_the_finder_follows_relative_imports_and_subpackages(tmp_path: Path) -> None:
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/core/__init__.py": "",
        "pkg/core/hub.py": "def f() -> None:\n    from ..feature import service\n",
        "pkg/feature/__init__.py": "",
        "pkg/feature/service.py": "from pkg.core import hub\n",
    })
    assert import_cycles(tmp_path, "pkg") == [["pkg.core.hub", "pkg.feature.service"]]


def test_the_finder_passes_a_package_without_cycles(tmp_path: Path) -> None:
    write(tmp_path, {
        "pkg/__init__.py": "from pkg.a import A\n",
        "pkg/a.py": "from pkg import b\nA = 1\n",
        "pkg/b.py": "import json\n",
        "pkg/sub/__init__.py": "from pkg.sub.c import C\n",
        "pkg/sub/c.py": "from pkg import a\nfrom pkg.sub import d\nC = 1\n",
        "pkg/sub/d.py": "",
    })
    assert import_cycles(tmp_path, "pkg") == []
