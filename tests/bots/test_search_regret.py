"""bench/search_regret.py: SearchBot's departures from its style, judged to the hand's end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_regret_analysis_records_every_decision_and_judges_the_departures(
        tmp_path: Path) -> None:
    out_file = tmp_path / "regret.json"
    out = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "search_regret.py"), "--games", "2", "--seed",
         "7", "--rollouts", "4", "--json", str(out_file)],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    summary = json.loads(out.stdout)
    data = json.loads(out_file.read_text())
    assert [(g["seed"], g["seat"]) for g in data["games"]] == [(7, 1), (7, 2)]
    decisions = data["decisions"]
    assert summary["decisions"] == len(decisions) > 10
    departures = [d for d in decisions if d["style"] != d["search"] or "regret" in d]
    judged = [d for d in decisions if "regret" in d]
    assert summary["departures"] == len(judged)
    # a move of another kind than the style's is always a departure, and judged
    assert all("regret" in d for d in departures if d["style"] != d["search"])
    for d in judged:
        assert -1.0 <= d["regret"] <= 1.0
        assert d["regret"] * 4 == round(d["regret"] * 4)  # a mean over 4 paired rollouts
    assert sum(row["n"] for row in summary["by_kind"]) == len(judged)
