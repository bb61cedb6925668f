"""`kingdom spire` and `kingdom simulate --spire` through the real command line."""

from __future__ import annotations

from pathlib import Path

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


def test_simulate_spire_records_deaths_by_kind_length_and_answers(tmp_path: Path) -> None:
    """The summary says where runs ended (per kind of fight), how long they last at the pace
    assumed, and which event answers were taken; --jsonl streams each run as it ends."""
    import json

    out, lines = tmp_path / "s.json", tmp_path / "runs.jsonl"
    result = CliRunner().invoke(cli, ["simulate", "--spire", "--runs", "6", "--bots", "random",
                                      "--seed", "4", "--json", str(out), "--jsonl",
                                      str(lines)])
    assert result.exit_code == 0, result.output
    assert "by kind:" in result.output and " min" in result.output
    data = json.loads(out.read_text())
    s, runs = data["summary"], data["runs"]
    assert [json.loads(x) for x in lines.read_text().splitlines()] == runs
    lost = [r for r in runs if r["result"] == "lost"]
    assert sum(k["deaths"] for k in s["deathsByKind"].values()) == len(lost)
    assert all(r["diedIn"] in ("combat", "elite", "boss") for r in lost)
    assert all(r["minutes"] > 0 and r["fights"] >= 1 for r in runs)
    answered = sum(sum(v.values()) for v in s["eventAnswers"].values())
    assert answered == sum(len(r["answers"]) for r in runs)
