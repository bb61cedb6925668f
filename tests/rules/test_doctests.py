"""The examples in the engine's docstrings run and say what they show."""

import doctest
import importlib
import pkgutil

import pytest

import kingdom_rules

MODULES = sorted(m.name for m in pkgutil.walk_packages(kingdom_rules.__path__, "kingdom_rules."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
