"""`kingdom serve` as an operator starts it: the sign-up limit set on the command line, through
real HTTP on loopback."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from kingdom_cli.main import cli

PASSWORD = "correct horse battery"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[list[subprocess.Popen[str]]]:
    started: list[subprocess.Popen[str]] = []
    yield started
    for proc in started:
        proc.kill()
        proc.wait(10)


def start(started: list[subprocess.Popen[str]], db: Path, *options: str) -> str:
    port = free_port()
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "kingdom_cli.main", "serve", "--port", str(port), "--db", str(db),
         *options],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    started.append(proc)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert f"http://127.0.0.1:{port}" in line, line
    return f"http://127.0.0.1:{port}"


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


def test_sign_ups_per_hour_sets_the_limit(serve: list[subprocess.Popen[str]],
                                          tmp_path: Path) -> None:
    url = start(serve, tmp_path / "two.db", "--sign-ups-per-hour", "2")
    answers = [register(url, f"settler{i}") for i in range(3)]
    assert [status for status, _, _ in answers] == [201, 201, 429]
    _, data, retry = answers[2]
    assert str(data["message"]).startswith("Too many new accounts from your address.")
    assert retry is not None and 1 <= int(retry) <= 3600


def test_sign_ups_per_hour_zero_lifts_it(serve: list[subprocess.Popen[str]],
                                         tmp_path: Path) -> None:
    url = start(serve, tmp_path / "open.db", "--sign-ups-per-hour", "0")
    assert [register(url, f"guest{i}")[0] for i in range(7)] == [201] * 7


def test_sign_ups_per_hour_is_a_rate_limit() -> None:
    result = CliRunner().invoke(cli, ["serve", "--no-rate-limits", "--sign-ups-per-hour", "3"])
    assert result.exit_code == 2
    assert "cannot be set with --no-rate-limits" in result.output
    result = CliRunner().invoke(cli, ["serve", "--sign-ups-per-hour", "-1"])
    assert result.exit_code == 2 and "-1" in result.output
