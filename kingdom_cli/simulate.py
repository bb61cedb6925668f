"""`kingdom simulate`: many seeded games between bots, with statistics."""

from __future__ import annotations

import csv
import json
import time
from pathlib import Path
from typing import Any

import click

Json = dict[str, Any]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: distinct per game, fixed by the run's seed."""
    return seed * 1_000_003 + index


def _play_one(job: tuple[list[str], int, str, int]) -> Json:
    """Play one game in a worker (module level so that it pickles)."""
    from kingdom_rules.bots import make_bot, play_game

    specs, seed, mode, index = job
    bots = [make_bot(s) for s in specs]
    record = play_game(bots, seed=game_seed(seed, index), mode=mode, names=specs).to_json()
    record["game"] = index
    return record


def _parse_bots(text: str, players: int) -> list[str]:
    specs = [s.strip() for s in text.split(",") if s.strip()]
    if not specs:
        raise click.BadParameter("name at least one bot", param_hint="--bots")
    if len(specs) > players:
        raise click.BadParameter(f"{len(specs)} bots for {players} players",
                                 param_hint="--bots")
    while len(specs) < players:  # the last bot named fills the remaining seats
        specs.append(specs[-1])
    return specs


@click.command(short_help="Play many seeded games between bots; show statistics.")
@click.option("--players", "-p", type=click.IntRange(2, 4), default=2, show_default=True,
              help="Players per game.")
@click.option("--bots", "-b", "bots_text", default="greedy,random", show_default=True,
              help="Bot of each seat, comma separated: random, greedy, search, or an import "
                   "path mypkg.mybot:MyBot. The last one fills any seats left.")
@click.option("--games", "-n", type=click.IntRange(1), default=100, show_default=True,
              help="Games to play.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Seed of the run; game i is dealt from it and i.")
@click.option("--workers", "-w", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes. The results do not depend on it.")
@click.option("--mode", type=click.Choice(["game", "match"]), default="game",
              show_default=True, help="One hand per game, or a match of one hand per player.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the settings, summary and every game's record as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write one CSV row per game.")
@click.pass_obj
def simulate(app: Any, players: int, bots_text: str, games: int, seed: int, workers: int,
             mode: str, json_path: Path | None, csv_path: Path | None) -> None:
    """Play seeded games between bots and print wins (95% CI), scores and combinations.

    \b
    Example:
      kingdom simulate --players 4 --bots search,greedy,random,random \\
          --games 1000 --seed 1 --workers 2 --mode match
    """
    from kingdom_rules.bots import BotError, UnknownBot, make_bot

    specs = _parse_bots(bots_text, players)
    for s in set(specs):
        try:
            make_bot(s)
        except UnknownBot as exc:
            raise click.ClickException(str(exc)) from None
    jobs = [(specs, seed, mode, i) for i in range(games)]
    started = time.perf_counter()
    try:
        records = _run(app, jobs, workers)
    except BotError as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt:
        app.display_error("Interrupted: no results.")
        raise SystemExit(130) from None
    elapsed = time.perf_counter() - started
    from kingdom_cli.stats import summarize

    summary = summarize(records, specs)
    summary["seconds"] = round(elapsed, 3)
    if app.verbosity >= 1:  # -v: one line per game
        for r in records:
            winners = " ".join(map(str, r["winners"])) or "nobody"
            app.console.print(f"game {r['game']} (seed {r['seed']}): winners {winners} "
                              f"({r['reason']}), scores {r['scores']}, {r['turns']} turns")
    _print_summary(app, summary, specs, mode)
    settings = {"players": players, "bots": specs, "games": games, "seed": seed,
                "mode": mode, "workers": workers}
    if json_path is not None:
        json_path.write_text(json.dumps({"settings": settings, "summary": summary,
                                         "games": records}, indent=1))
        app.display_info(f"Wrote {games} game records to {json_path}")
    if csv_path is not None:
        _write_csv(csv_path, records, players)
        app.display_info(f"Wrote {games} rows to {csv_path}")


def _run(app: Any, jobs: list[tuple[list[str], int, str, int]], workers: int) -> list[Json]:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    records: list[Json] = []
    columns = (TextColumn("[bold]Simulating"), BarColumn(), MofNCompleteColumn(),
               TextColumn("{task.fields[rate]} games/s"), TimeElapsedColumn())
    with Progress(*columns, console=app.console, disable=app.verbosity < 0,
                  transient=False) as progress:
        task = progress.add_task("games", total=len(jobs), rate="-")
        start = time.perf_counter()

        def tick() -> None:
            rate = len(records) / max(time.perf_counter() - start, 1e-9)
            progress.update(task, completed=len(records), rate=f"{rate:.1f}")

        if workers == 1:
            for job in jobs:
                records.append(_play_one(job))
                tick()
        else:
            import multiprocessing

            chunk = max(1, min(16, len(jobs) // (workers * 8) or 1))
            with multiprocessing.get_context("fork").Pool(workers) as pool:
                for record in pool.imap(_play_one, jobs, chunksize=chunk):
                    records.append(record)
                    tick()
    return records


def _print_summary(app: Any, summary: Json, specs: list[str], mode: str) -> None:
    if app.verbosity < 0:
        return
    from rich.table import Table

    n = summary["games"]
    table = Table(title=f"{n} {mode}s · {len(specs)} players", header_style="bold")
    for col in ("Seat", "Bot", "Wins", "Win rate (95% CI)", "Mean score", "Combinations built"):
        table.add_column(col, justify="right" if col in ("Wins", "Mean score") else "left",
                         overflow="fold")
    for s in summary["seats"]:
        lo, hi = s["ci95"]
        combos = ", ".join(f"{k} {v}" for k, v in s["combinations"].items()) or "-"
        table.add_row(str(s["seat"]), s["bot"], str(s["wins"]),
                      f"{100 * s['winRate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})",
                      f"{s['meanScore']:.1f}", combos)
    app.console.print(table)
    if summary["teams"]:
        teams = Table(title="Teams", header_style="bold")
        for col in ("Team", "Players", "Bots", "Wins", "Win rate (95% CI)", "Mean score"):
            teams.add_column(col)
        for t in summary["teams"]:
            lo, hi = t["ci95"]
            teams.add_row(str(t["team"]), " & ".join(map(str, t["players"])),
                          " & ".join(t["bots"]), str(t["wins"]),
                          f"{100 * t['winRate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})",
                          f"{t['meanScore']:.1f}")
        app.console.print(teams)
    reasons = ", ".join(f"{k} {v}" for k, v in summary["reasons"].items())
    app.console.print(f"Mean hand length: {summary['meanHandLengthTurns']:.1f} turns · "
                      f"drawn games: {summary['drawn']} · endings: {reasons} · "
                      f"{summary['seconds']:.1f} s")


def _write_csv(path: Path, records: list[Json], players: int) -> None:
    fields = ["game", "seed", "mode", "players", "bots", "winners", "reason", "hands", "turns"]
    fields += [f"score_p{i + 1}" for i in range(players)]
    fields += [f"combinations_p{i + 1}" for i in range(players)]
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(fields)
        for r in records:
            w.writerow([r["game"], r["seed"], r["mode"], r["players"], " ".join(r["bots"]),
                        " ".join(map(str, r["winners"])), r["reason"], r["hands"], r["turns"],
                        *r["scores"],
                        *(" ".join(f"{k}:{v}" for k, v in sorted(c.items()))
                          for c in r["combinations"])])
