"""The databases a test may run against: SQLite always; PostgreSQL too when
`KINGDOM_TEST_POSTGRES_URL` names a scratch database (e.g.
`postgresql://kingdom:kingdom@127.0.0.1:5432/kingdom_test`). Every table in that database is
dropped before each test that uses it. Without the variable the PostgreSQL runs are skipped,
so `make test` and CI need no PostgreSQL.

`KINGDOM_TEST_SERVER_DATABASE=postgresql` (with the URL) also points the in-process servers of
tests/server (`make_settings`) at it instead of each test's SQLite file; tests that read the
SQLite file directly do not apply then.
"""

from __future__ import annotations

import os

import pytest

from kingdom_server.core.storage import open_database

POSTGRES_URL = os.environ.get("KINGDOM_TEST_POSTGRES_URL")
SERVER_ON_POSTGRES = os.environ.get("KINGDOM_TEST_SERVER_DATABASE") == "postgresql"
BACKENDS = ("sqlite", "postgresql")


def empty_postgres() -> str:
    """The scratch PostgreSQL database's URL, with every table dropped (skips the test when
    none is configured)."""
    if not POSTGRES_URL:
        pytest.skip("KINGDOM_TEST_POSTGRES_URL is not set")
    db = open_database(POSTGRES_URL)
    try:
        with db.atomic():
            for table in db.get_tables():
                db.execute_sql(f'DROP TABLE IF EXISTS "{table}" CASCADE')
    finally:
        db.close()
    return POSTGRES_URL


def database_url(backend: str, sqlite_path: object) -> str:
    """A fresh, empty database of `backend` ('sqlite': the file at `sqlite_path`)."""
    if backend == "sqlite":
        return f"sqlite:///{sqlite_path}"
    return empty_postgres()


def query(database: object, sql: str) -> list[tuple[object, ...]]:
    """Rows of `sql` on a server's database: a SQLite file's path, or a database URL."""
    url = database if isinstance(database, str) else f"sqlite:///{database}"
    db = open_database(url)
    try:
        return [tuple(row) for row in db.execute_sql(sql).fetchall()]
    finally:
        db.close()
