"""`kingdom`: the root command group. Each command lives in its own module, registered below."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from rich.console import Console


class App:
    """The one application object commands get in ctx.obj (verbosity; rich console on demand)."""

    def __init__(self, verbosity: int) -> None:
        self.verbosity = verbosity
        self._console: Console | None = None

    @property
    def console(self) -> Console:
        if self._console is None:
            from rich.console import Console  # imported lazily: --help stays fast

            self._console = Console(quiet=self.verbosity < 0)
        return self._console

    def display_info(self, text: str) -> None:
        if self.verbosity >= 0:
            self.console.print(text)

    def display_success(self, text: str) -> None:
        if self.verbosity >= 0:
            self.console.print(f"[green]{text}[/green]")

    def display_error(self, text: str) -> None:
        from rich.console import Console

        Console(stderr=True).print(f"[red]{text}[/red]")

    def display_table(self, title: str, columns: list[str], rows: list[list[str]]) -> None:
        if self.verbosity < 0:
            return
        from rich.table import Table

        table = Table(title=title)
        for c in columns:
            table.add_column(c)
        for r in rows:
            table.add_row(*r)
        self.console.print(table)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("-v", "--verbose", count=True, help="More output (repeatable).")
@click.option("-q", "--quiet", count=True, help="Less output (repeatable).")
@click.pass_context
def cli(ctx: click.Context, verbose: int, quiet: int) -> None:
    """Kingdom: a card game for 2 to 4 players racing to complete a Royal Family."""
    verbosity = verbose - quiet
    level = logging.WARNING
    if verbosity >= 2:
        level = logging.DEBUG
    elif verbosity == 1:
        level = logging.INFO
    elif verbosity < 0:
        level = logging.ERROR
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    ctx.obj = App(verbosity)


def _register() -> None:
    from kingdom_cli.serve import serve

    cli.add_command(serve)

    from kingdom_cli.cluster import cluster

    cli.add_command(cluster)

    from kingdom_cli.account import user
    from kingdom_cli.bench import bench
    from kingdom_cli.connect import connect, watch
    from kingdom_cli.play import play
    from kingdom_cli.replay import replay
    from kingdom_cli.season import season
    from kingdom_cli.simulate import simulate
    from kingdom_cli.spire import spire

    cli.add_command(simulate)
    cli.add_command(play)
    cli.add_command(bench)
    cli.add_command(connect)
    cli.add_command(replay)
    cli.add_command(watch)
    cli.add_command(user)
    cli.add_command(season)
    cli.add_command(spire)


_register()


if __name__ == "__main__":
    cli()
