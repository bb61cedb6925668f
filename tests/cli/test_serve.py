"""`kingdom serve` as an operator starts it: the sign-up limit set on the command line, through
real HTTP on loopback."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

from click.testing import CliRunner

from kingdom_cli.main import cli
from tests.server.test_restart import ServerProcess, free_port, processes  # noqa: F401

PASSWORD = "correct horse battery"


def start(started: list[ServerProcess], db: Path, *options: str) -> str:
    server = ServerProcess(db, free_port(), options).start()
    started.append(server)
    return server.url


def register(url: str, name: str) -> tuple[int, dict[str, object], str | None]:
    request = urllib.request.Request(
        url + "/api/auth/register", method="POST",
        data=json.dumps({"username": name, "password": PASSWORD}).encode(),
        headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as r:
            return r.status, json.loads(r.read()), r.headers.get("Retry-After")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read()), e.headers.get("Retry-After")


def test_sign_ups_per_hour_sets_the_limit(
    processes: list[ServerProcess], tmp_path: Path  # noqa: F811
) -> None:
    url = start(processes, tmp_path / "two.db", "--sign-ups-per-hour", "2")
    answers = [register(url, f"settler{i}") for i in range(3)]
    assert [status for status, _, _ in answers] == [201, 201, 429]
    _, data, retry = answers[2]
    assert str(data["message"]).startswith("Too many new accounts from your address.")
    assert retry is not None and 1 <= int(retry) <= 3600


def test_sign_ups_per_hour_zero_lifts_it(
    processes: list[ServerProcess], tmp_path: Path  # noqa: F811
) -> None:
    url = start(processes, tmp_path / "open.db", "--sign-ups-per-hour", "0")
    assert [register(url, f"guest{i}")[0] for i in range(7)] == [201] * 7


def test_sign_ups_per_hour_is_a_rate_limit() -> None:
    result = CliRunner().invoke(cli, ["serve", "--no-rate-limits", "--sign-ups-per-hour", "3"])
    assert result.exit_code == 2
    assert "cannot be set with --no-rate-limits" in result.output
    result = CliRunner().invoke(cli, ["serve", "--sign-ups-per-hour", "-1"])
    assert result.exit_code == 2 and "-1" in result.output
