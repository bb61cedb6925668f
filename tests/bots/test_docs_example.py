"""The example bot of docs/bots.md runs through full games, as written there."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

from kingdom_rules.bots import GreedyBot, play_game

DOC = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def _example_source() -> str:
    text = DOC.read_text()
    section = text.split("## A complete example", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match is not None
    return match.group(1)


def _load() -> types.ModuleType:
    module = types.ModuleType("eagerbot")
    exec(compile(_example_source(), "eagerbot.py", "exec"), module.__dict__)
    return module


def test_the_example_is_under_30_lines() -> None:
    assert len(_example_source().strip().splitlines()) < 30


def test_the_example_bot_plays_full_games() -> None:
    bot = _load().EagerBot()
    for players, mode in ((2, "game"), (3, "match"), (4, "game")):
        record = play_game([bot] + [GreedyBot()] * (players - 1), seed=11, mode=mode)
        assert record.reason != "abandoned"
        assert record.hands == (players if mode == "match" else 1)


def test_the_example_bot_by_import_path(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    from click.testing import CliRunner

    from kingdom_cli.main import cli

    monkeypatch.setitem(sys.modules, "eagerbot", _load())
    out = tmp_path / "games.json"
    result = CliRunner().invoke(cli, ["simulate", "--bots", "eagerbot:EagerBot,greedy",
                                      "--games", "4", "--json", str(out)])
    assert result.exit_code == 0, result.output
    summary = json.loads(out.read_text())["summary"]
    assert summary["seats"][0]["bot"] == "eagerbot:EagerBot"
    assert summary["games"] == 4
