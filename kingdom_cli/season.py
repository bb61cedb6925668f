"""`kingdom season`: start, end and list ranked seasons in the server's database.

    kingdom season start "Season 2" --days 90
    kingdom season end
    kingdom season list

The database is the one `kingdom serve` uses: `--db FILE`, else DATABASE_URL, else
kingdom.db in the user data directory. A running server sees the change at its next call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from kingdom_server.ranked.service import RankedStore

DB_OPTION = click.option(
    "--db",
    "db",
    type=click.Path(dir_okay=False),
    default=None,
    help="SQLite file (default: DATABASE_URL if set, else kingdom.db in the user data dir).",
)


def _store(db: str | None) -> RankedStore:
    from kingdom_server.core.settings import Settings
    from kingdom_server.core.storage import open_database
    from kingdom_server.core.tables import Tables
    from kingdom_server.ranked.service import RankedStore

    settings = Settings.for_sqlite_file(db) if db is not None else Settings()
    return RankedStore(Tables(open_database(settings.database_url)))


def _date(moment: object) -> str:
    return str(moment)[:16]


@click.group()
def season() -> None:
    """Ranked seasons: start a new one, end the active one, list them."""


@season.command("start")
@click.argument("name")
@click.option("--days", type=float, default=90.0, show_default=True, help="Length in days.")
@DB_OPTION
@click.pass_obj
def start(obj: object, name: str, days: float, db: str | None) -> None:
    """End the active season (if any) and start NAME: everyone at 1000 with placement."""
    try:
        new = _store(db).start_season(name, days)
    except ValueError as e:
        raise click.ClickException(str(e)) from e
    click.echo(
        f"Started {new.name} (season {new.season_number}), ending {_date(new.ends_at)} UTC."
    )


@season.command("end")
@DB_OPTION
@click.pass_obj
def end(obj: object, db: str | None) -> None:
    """End the active season; ranked is closed until the next `kingdom season start`."""
    from kingdom_server.ranked.service import NoActiveSeason

    try:
        ended = _store(db).end_season()
    except NoActiveSeason as e:
        raise click.ClickException(str(e)) from e
    click.echo(f"Ended {ended.name} (season {ended.season_number}).")


@season.command("list")
@DB_OPTION
@click.pass_obj
def list_(obj: object, db: str | None) -> None:
    """Every season, newest first."""
    store = _store(db)
    store.active_season()  # a fresh database starts Season 1
    for s in store.seasons():
        state = "active" if s.is_active else "ended"
        dates = f"{_date(s.starts_at)} - {_date(s.ends_at)} UTC"
        click.echo(f"{s.season_number:>3}  {s.name}  {dates}  {state}")
