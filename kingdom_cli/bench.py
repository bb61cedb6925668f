"""`kingdom bench`: the engine benchmark (bench/engine.py) with its figures printed."""

from __future__ import annotations

from typing import Any

import click


@click.command(short_help="Measure the engine's speed with random playouts.")
@click.option("--seconds", type=click.FloatRange(0.1), default=None,
              help="Time per player count (default 3 s unless --hands is given).")
@click.option("--hands", type=click.IntRange(1), default=None, help="Hands per player count.")
@click.option("--players", default="2,4", show_default=True,
              help="Player counts, comma separated.")
@click.option("--seed", type=int, default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
@click.pass_obj
def bench(app: Any, seconds: float | None, hands: int | None, players: str, seed: int,
          as_json: bool) -> None:
    """Random playouts through the engine: hands/s, actions/s, µs per call."""
    import json

    from kingdom_cli.enginebench import run

    try:
        counts = [int(p) for p in players.split(",")]
    except ValueError:
        raise click.BadParameter("player counts are whole numbers, e.g. 2,4",
                                 param_hint="--players") from None
    if any(not 2 <= c <= 4 for c in counts):
        raise click.BadParameter("a game has 2 to 4 players", param_hint="--players")
    results = [run(c, seconds, hands, seed) for c in counts]
    if as_json:
        click.echo(json.dumps(results, indent=2))
        return
    if app.verbosity < 0:
        return
    from rich.table import Table

    table = Table(title="Engine: random playouts", header_style="bold")
    for col in ("Players", "Hands", "Hands/s", "Actions/s", "µs/legal_actions", "µs/apply",
                "Actions/CPU s"):
        table.add_column(col, justify="right")
    for r in results:
        table.add_row(str(r["players"]), str(r["hands"]), f"{r['hands_per_s']:.1f}",
                      f"{r['actions_per_s']:.0f}", f"{r['us_per_legal_actions']:.1f}",
                      f"{r['us_per_apply']:.1f}", f"{r['actions_per_cpu_s']:.0f}")
    app.console.print(table)
    app.console.print(f"Engine: {results[0]['engine']}")
