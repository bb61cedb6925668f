"""Shared pytest setup for every suite (tests/rules, tests/server, tests/cli).

Tests are imported with pytest's importlib mode and the repository root on sys.path
(pyproject.toml), so test files in different folders may share a name; shared helpers are
imported by their full name, e.g. ``from tests.rules.helpers import play``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Two shared cores: no per-example deadline (timing noise is not a bug). CI is derandomised
# so a run is reproducible; locally examples vary from run to run.
settings.register_profile(
    "dev",
    deadline=None,
    max_examples=100,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "ci",
    parent=settings.get_profile("dev"),
    derandomize=True,
    print_blob=True,
)
_default_profile = "ci" if os.environ.get("CI") else "dev"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", _default_profile))


@pytest.fixture(params=("sqlite", "postgresql"))
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: SQLite, and PostgreSQL when KINGDOM_TEST_POSTGRES_URL is set
    (tests/databases.py; skipped otherwise)."""
    from tests.databases import database_url as fresh_database  # the server's: only if used

    return fresh_database(str(request.param), tmp_path / "kingdom.db")
