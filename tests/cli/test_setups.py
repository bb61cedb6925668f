"""`kingdom play --constructed-deck` and `kingdom simulate --setup constructed|spire`."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import kingdom_rules as kr
from kingdom_cli.main import cli
from kingdom_cli.play import PREBUILT_NAMES


def _run(args: list[str], answers: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(cli, args, input=answers)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_prebuilt_deck_names_agree_with_the_library() -> None:
    assert sorted(PREBUILT_NAMES) == sorted(kr.PREBUILT_DECKS)


def test_play_constructed_with_a_deck_list_to_the_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A short relative path: the header names the deck file, and a long one is cut to fit.
    monkeypatch.chdir(tmp_path)
    Path("mine.deck").write_text(
        "# castles\n" + kr.PREBUILT_DECKS["castle-builders"].to_text())
    code, out = _run(["play", "--seed", "4", "--constructed-deck", "mine.deck",
                      "--bot-deck", "royal-rush"], "1\n" * 3000)
    assert code == 0, out[-2000:]
    assert "Game over" in out
    assert "Draw from your pile" in out
    assert "pile: " in out and "revealed: " in out
    assert "mine.deck" in out
    assert "@p" not in out  # copies show as their face (R33)
    assert "Deck: " not in out  # no shared deck in Constructed (R35)


def test_play_constructed_refuses_an_illegal_or_unreadable_deck(tmp_path: Path) -> None:
    small = tmp_path / "small.deck"
    small.write_text("4 QH\n4 2H\n")
    code, out = _run(["play", "--seed", "1", "--constructed-deck", str(small)], "1\n")
    assert code == 1
    assert "A Constructed deck holds 30 to 60 cards; this one holds 8 (R34)" in out
    bad = tmp_path / "bad.deck"
    bad.write_text("4 QH\nthree ZZ\n")
    code, out = _run(["play", "--seed", "1", "--constructed-deck", str(bad)], "1\n")
    assert code == 1 and "Line 2" in out
    code, out = _run(["play", "--seed", "1", "--bot-deck", "balanced"], "1\n")
    assert code == 2 and "only with --constructed-deck" in out


def test_simulate_spire_reports_win_rate_and_hp_lost(tmp_path: Path) -> None:
    path = tmp_path / "spire.json"
    code, out = _run(["simulate", "--setup", "spire", "--bots", "greedy", "--games", "12",
                      "--fortified", "2", "--hand-sizes", "5,4", "--json", str(path)])
    assert code == 0, out
    assert "Spire: the runner won" in out and "HP lost" in out
    data = json.loads(path.read_text())
    spire = data["summary"]["spire"]
    combats = [g["combat"] for g in data["games"]]
    assert spire["combats"] == 12 == len(combats)
    assert spire["won"] == sum(c["won"] for c in combats)
    assert spire["won"] == data["summary"]["seats"][0]["wins"]
    for c in combats:
        assert (c["hpLost"] == 0) == c["won"]
        if not c["won"]:
            assert c["hpLost"] == max(5, c["enemyScore"] - c["runnerScore"])
    assert data["settings"]["setup"]["fortified"] == 2


def test_simulate_spire_with_a_fixed_run_deck_csv_and_bad_options(tmp_path: Path) -> None:
    code, out = _run(["simulate", "--setup", "spire", "--bots", "greedy", "--games", "4",
                      "--run-deck", "QH 2H 3H 5D 7C 9S"])
    assert code == 0, out
    csv_path = tmp_path / "spire.csv"
    code, out = _run(["simulate", "--setup", "spire", "--bots", "greedy", "--games", "5",
                      "--csv", str(csv_path)])
    assert code == 0, out
    rows = list(csv.DictReader(csv_path.open()))
    assert len(rows) == 5
    for row in rows:
        assert (row["hp_lost"] == "0") == (row["runner_won"] == "1") == (row["winners"] == "1")
    code, out = _run(["simulate", "--setup", "spire", "--run-deck", "QH QH 2H"])
    assert code == 2 and "distinct" in out
    code, out = _run(["simulate", "--setup", "spire", "--players", "3"])
    assert code == 2 and "2 players" in out
    code, out = _run(["simulate", "--setup", "spire", "--hand-sizes", "7,4"])
    assert code == 2 and "3 to 6" in out


def test_simulate_constructed_with_ready_decks_and_files(tmp_path: Path) -> None:
    deck = tmp_path / "my.deck"
    deck.write_text(kr.PREBUILT_DECKS["dragon-hoard"].to_text())
    path = tmp_path / "c.json"
    code, out = _run(["simulate", "--setup", "constructed", "--decks", f"royal-rush,{deck}",
                      "--bots", "greedy", "--games", "6", "--json", str(path)])
    assert code == 0, out
    data = json.loads(path.read_text())
    assert len(data["settings"]["setup"]["decks"]) == 2
    assert len(data["games"]) == 6
    code, out = _run(["simulate", "--setup", "constructed", "--decks", "nonsense"])
    assert code == 2 and "neither a ready deck" in out
