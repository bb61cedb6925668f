"""`kingdom simulate`: statistics, records, determinism across worker counts."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from click.testing import CliRunner

from kingdom_cli.main import cli
from kingdom_cli.stats import wilson


def _simulate(args: list[str], root: tuple[str, ...] = ()) -> str:
    result = CliRunner().invoke(cli, [*root, "simulate", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_results_table_per_seat(tmp_path: Path) -> None:
    out = _simulate(["--games", "12", "--bots", "greedy,random", "--seed", "4"])
    assert "Win rate (95% CI)" in out
    assert "greedy" in out and "random" in out
    assert "Mean hand length" in out


def test_json_records_are_complete(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    _simulate(["--games", "10", "--players", "3", "--bots", "greedy,random", "--json",
               str(path), "--seed", "9"])
    data = json.loads(path.read_text())
    assert data["settings"]["bots"] == ["greedy", "random", "random"]
    games = data["games"]
    assert [g["game"] for g in games] == list(range(10))
    for g in games:
        assert len(g["scores"]) == 3 and len(g["combinations"]) == 3
        assert set(g["winners"]) <= {1, 2, 3}
        assert g["turns"] >= 1 and g["hands"] == 1
    seats = data["summary"]["seats"]
    assert sum(s["wins"] for s in seats) >= 10 - data["summary"]["drawn"]
    for s in seats:
        lo, hi = s["ci95"]
        assert 0 <= lo <= s["winRate"] <= hi <= 1


def test_same_results_whatever_the_number_of_workers(tmp_path: Path) -> None:
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    args = ["--games", "16", "--players", "4", "--bots", "greedy,random", "--mode", "match",
            "--seed", "3"]
    _simulate([*args, "--workers", "1", "--json", str(one)])
    _simulate([*args, "--workers", "2", "--json", str(two)])
    a, b = json.loads(one.read_text()), json.loads(two.read_text())
    assert a["games"] == b["games"]
    a["summary"].pop("seconds"), b["summary"].pop("seconds")
    assert a["summary"] == b["summary"]
    assert a["summary"]["teams"][0]["players"] == [1, 3]


def test_csv_has_a_row_per_game(tmp_path: Path) -> None:
    path = tmp_path / "games.csv"
    _simulate(["--games", "5", "--csv", str(path)], root=("-q",))
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 5
    assert {"winners", "score_p1", "score_p2", "combinations_p1"} <= set(rows[0])


def test_quiet_prints_nothing() -> None:
    assert _simulate(["--games", "3"], root=("-q",)).strip() == ""


def test_a_bot_by_import_path(tmp_path: Path) -> None:
    path = tmp_path / "games.json"
    _simulate(["--games", "4", "--bots", "kingdom_rules.bots:GreedyBot,random", "--json",
               str(path)])
    data = json.loads(path.read_text())
    assert data["summary"]["seats"][0]["bot"] == "kingdom_rules.bots:GreedyBot"


def test_errors_are_one_clear_line() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--bots", "nosuch.module:Bot"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: cannot import 'nosuch.module'")
    assert len(result.output.strip().splitlines()) == 1
    result = CliRunner().invoke(cli, ["simulate", "--bots", "a,b,c", "--players", "2"])
    assert result.exit_code == 2 and "3 bots for 2 players" in result.output


def test_wilson_interval() -> None:
    lo, hi = wilson(85, 100)
    assert 0.76 < lo < 0.85 < hi < 0.92
    assert wilson(0, 0) == (0.0, 0.0)


def test_verbose_prints_each_game() -> None:
    out = _simulate(["--games", "3", "--seed", "2"], root=("-v",))
    assert out.count("game ") >= 3 and "(seed 2000006)" in out


def test_swap_seats_plays_each_deal_once_per_seat_order(tmp_path: Path) -> None:
    path = tmp_path / "swapped.json"
    out = _simulate(["--games", "6", "--bots", "greedy,random", "--seed", "5", "--swap-seats",
                     "--json", str(path)])
    assert "Seat edge (95% CI)" in out and "6 deals × 2 seat orders" in out
    data = json.loads(path.read_text())
    games = data["games"]
    assert len(games) == 12 and data["settings"]["swapSeats"] is True
    for deal in range(6):
        pair = [g for g in games if g["game"] == deal]
        assert [g["seatOrder"] for g in pair] == [0, 1]
        assert pair[0]["seed"] == pair[1]["seed"]  # the same deal
        assert pair[0]["bots"] == ["greedy", "random"] and pair[1]["bots"] == ["random", "greedy"]
        assert pair[0]["seatOfBot"] == [1, 2] and pair[1]["seatOfBot"] == [2, 1]
    swapped = data["summary"]["swapSeats"]
    assert swapped["deals"] == 6 and swapped["orders"] == 2
    greedy = swapped["bots"][0]
    assert greedy["asFirst"]["games"] == 6
    assert greedy["wins"] == sum(1 for g in games if g["seatOfBot"][0] in g["winners"])
    seat1 = swapped["seats"][0]
    assert seat1["wins"] == sum(1 for g in games if 1 in g["winners"])
    lo, hi = seat1["edgeCi95"]
    assert lo <= seat1["edge"] <= hi
    assert abs(seat1["edge"] - (seat1["winRate"] - swapped["fairShare"])) < 1e-9


def test_swap_seats_with_four_players_rotates_every_bot_through_every_seat(
        tmp_path: Path) -> None:
    path = tmp_path / "four.json"
    _simulate(["--games", "2", "--players", "4", "--bots", "greedy,random,random,search",
               "--swap-seats", "--json", str(path)])
    games = json.loads(path.read_text())["games"]
    assert len(games) == 8
    for deal in range(2):
        seats = [g["seatOfBot"] for g in games if g["game"] == deal]
        for bot in range(4):  # each bot in each seat once per deal
            assert sorted(s[bot] for s in seats) == [1, 2, 3, 4]
