"""`kingdom bench` and the root command's help."""

from __future__ import annotations

import json

from click.testing import CliRunner

from kingdom_cli.main import cli


def test_bench_prints_its_figures() -> None:
    result = CliRunner().invoke(cli, ["bench", "--hands", "3"])
    assert result.exit_code == 0, result.output
    assert "Hands/s" in result.output and "µs/apply" in result.output
    assert "Engine: compiled (mypyc)" in result.output or "Engine: pure Python" in result.output


def test_bench_json() -> None:
    result = CliRunner().invoke(cli, ["bench", "--hands", "2", "--players", "3", "--json"])
    assert result.exit_code == 0, result.output
    (figures,) = json.loads(result.output)
    assert figures["players"] == 3 and figures["hands"] == 2
    assert figures["actions_per_s"] > 0 and figures["us_per_apply"] > 0
    assert figures["engine"].startswith(("compiled", "pure Python"))


def test_bench_rejects_bad_player_counts() -> None:
    result = CliRunner().invoke(cli, ["bench", "--players", "5"])
    assert result.exit_code == 2 and "2 to 4 players" in result.output


def test_help_lists_the_commands() -> None:
    result = CliRunner().invoke(cli, ["--help"])
    assert result.exit_code == 0
    for name in ("simulate", "play", "bench"):
        assert name in result.output
    for name in ("simulate", "play", "bench"):
        sub = CliRunner().invoke(cli, [name, "--help"])
        assert sub.exit_code == 0 and "Usage:" in sub.output
