"""`kingdom spire` and `kingdom simulate --spire` through the real command line."""

from __future__ import annotations

from click.testing import CliRunner

from kingdom_cli.main import cli


def test_bot_plays_a_whole_run() -> None:
    result = CliRunner().invoke(cli, ["spire", "--seed", "5", "--bot", "greedy"])
    assert result.exit_code == 0, result.output
    assert "Run over" in result.output and "score" in result.output
    again = CliRunner().invoke(cli, ["spire", "--seed", "5", "--bot", "greedy"])
    assert again.output == result.output


def test_person_chooses_suit_then_room_and_may_leave() -> None:
    result = CliRunner().invoke(cli, ["spire", "--seed", "7"], input="9\n1\n1\nq\n")
    assert "Choose your suit" in result.output and "Where next?" in result.output
    assert "floor 1, column" in result.output
    assert "You left the run." in result.output and result.exit_code == 130


def test_simulate_spire_reports_wins_and_deaths() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--spire", "--runs", "2", "--bots", "random",
                                      "--seed", "3"])
    assert result.exit_code == 0, result.output
    assert "won" in result.output and "of 2 runs" in result.output and "act 1" in result.output
