"""Fixtures of the cluster tests: real PostgreSQL, Redis and `kingdom serve` processes
(tests/cluster/services.py). A test asks for `services` and starts its servers:

    async def test_something(services: Services) -> None:
        one, two = services.start_servers(2)
        services.redis.stop(); services.redis.start()
        services.postgres.stop(); services.postgres.start()
        one.kill(); one.start()

When a test fails, the servers' and Redis's logs are printed with its report.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.cluster.services import SKIPPED, Postgres, Redis, Services, postgres_server


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Iterator[None]:
    report = yield
    # The logs go with the failing call's own report: under xdist a report is sent to the
    # controller as soon as it is made, so a section added at teardown would never be shown.
    services = getattr(item, "funcargs", {}).get("services")
    if report.when == "call" and report.failed and isinstance(services, Services):
        report.sections.append(("cluster logs", services.logs()))
    return report


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """One PostgreSQL server for the session (each test gets its own database)."""
    with postgres_server() as pg:
        yield pg


@pytest.fixture
def redis() -> Iterator[Redis]:
    """A fresh, empty redis-server for one test."""
    server = Redis()
    try:
        yield server.start()
    finally:
        server.destroy()


@pytest.fixture
def services(
    postgres: Postgres, redis: Redis, tmp_path: Path
) -> Iterator[Services]:
    """A fresh database on the session's PostgreSQL, a fresh Redis, and the servers the test
    starts (all SIGKILLed at its end). PostgreSQL is started again if the test left it down."""
    if not postgres.running:
        postgres.start()
    group = Services(postgres, postgres.create_database(), redis, tmp_path)
    try:
        yield group
    finally:
        group.stop_all()
        if not postgres.running:
            postgres.start()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if SKIPPED:
        terminalreporter.write_sep("!", "CLUSTER TESTS SKIPPED", red=True, bold=True)
        for reason in sorted(set(SKIPPED)):
            terminalreporter.write_line(reason, red=True, bold=True)
