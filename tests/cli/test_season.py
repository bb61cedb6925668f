"""`kingdom season start/end/list` against a real database file."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from kingdom_cli.main import cli
from kingdom_server.core.storage import open_database
from kingdom_server.core.tables import Tables
from kingdom_server.ranked.service import RankedStore


def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, ["season", *args])
    return result.exit_code, result.output


def test_start_end_list(tmp_path: Path) -> None:
    db = str(tmp_path / "k.db")
    code, out = _run("list", "--db", db)
    assert code == 0 and "Season 1" in out and "active" in out
    code, out = _run("start", "Winter Cup", "--days", "30", "--db", db)
    assert code == 0 and "Started Winter Cup (season 2)" in out
    store = RankedStore(Tables(open_database(f"sqlite:///{db}")))
    active = store.active_season()
    assert active is not None and active.name == "Winter Cup"
    assert (active.ends_at - active.starts_at).days == 30
    code, out = _run("end", "--db", db)
    assert code == 0 and "Ended Winter Cup" in out
    assert store.active_season() is None
    code, out = _run("end", "--db", db)
    assert code == 1 and "No Active Season" in out
    code, out = _run("start", "  ", "--db", db)
    assert code == 1 and "a season needs a name" in out
    assert [s.name for s in store.seasons()] == ["Winter Cup", "Season 1"]
