"""The terminal table shows each seat's turn clock as the server pushes it (docs/protocol.md,
turn clocks): turn time and bank, timeouts, a warning under 10 s."""

from __future__ import annotations

import io

from rich.console import Console

import kingdom_rules as kr
from kingdom_cli.terminal import clock_text, render_view


def test_clock_text() -> None:
    clock = {"remainingMs": 95_500, "turnMs": 0, "bankMs": 95_500, "running": True,
             "timeouts": 1}
    assert clock_text(clock) == "⏱ 0:00 + 1:36 bank · 1 timeout"
    assert clock_text(clock, markup=True).startswith("[bold]")
    low = {**clock, "remainingMs": 9_000, "bankMs": 9_000}
    assert clock_text(low, markup=True).startswith("[bold red]")
    standing = {**low, "running": False}
    assert clock_text(standing, markup=True).startswith("[dim]")


def test_the_table_shows_the_clocks() -> None:
    view = kr.view(kr.new_game(player_count=2, seed=3), 1).to_json()
    view["players"][0]["clock"] = {"remainingMs": 27_000, "turnMs": 27_000, "bankMs": 0,
                                   "running": True, "timeouts": 2}
    view["players"][1]["clock"] = None
    out = io.StringIO()
    render_view(view, Console(file=out, width=100, color_system=None))
    text = out.getvalue()
    assert "⏱ 0:27 + 0:00 bank · 2 timeouts" in text
    assert text.count("⏱") == 1
