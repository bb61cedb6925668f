"""`kingdom simulate`: many seeded games between bots, with statistics."""

from __future__ import annotations

import csv
import json
import random
import time
from pathlib import Path
from typing import Any, Final

import click

Json = dict[str, Any]


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run: distinct per game, fixed by the run's seed."""
    return seed * 1_000_003 + index


Job = tuple[list[str], int, str, int, Json, int]
"""Bots, run seed, mode, deal index, setup options (see :func:`make_setup`), seat order.

Seat order ``r`` (0 unless ``--swap-seats``) moves every bot ``r`` seats on: bot ``b`` (its
place in ``--bots``) sits in seat ``(b + r) % players + 1``, with its Constructed deck; the deal
(the game seed, hence the shuffle and a Spire run deck) is the same for every order."""


def seat_order(players: int, rotation: int) -> list[int]:
    """Which bot (index in ``--bots``) sits in each seat under seat order ``rotation``.

    >>> seat_order(3, 1)
    [2, 0, 1]
    """
    return [(s - rotation) % players for s in range(players)]


def make_setup(options: Json, game: int) -> Any:
    """The setup of one game of a run (built in the worker from plain options, so a run is
    the same whatever the number of workers).

    ``{"type": "standard"}``; ``{"type": "constructed", "decks": [deck list text, ...]}``;
    ``{"type": "spire", "runDeck": [names] or None, "runSize": n, "fortified": k,
    "handSizes": [a, b]}``: without a run deck each game draws a starter deck of R39 (one J, Q
    or K of a random suit and number cards of any suit up to ``runSize`` cards), of which ``k``
    cards are fortified."""
    import kingdom_rules as kr

    kind = options.get("type", "standard")
    if kind == "constructed":
        return kr.ConstructedSetup(tuple(kr.Deck.parse(t) for t in options["decks"]))
    if kind != "spire":
        return kr.StandardSetup()
    rng = random.Random(f"kingdom-simulate-run:{game}")
    if options.get("runDeck"):
        run = [kr.Card.parse(t) for t in options["runDeck"]]
    else:
        suit = rng.choice(("hearts", "diamonds", "clubs", "spades"))
        royal = kr.Card.parse(f"{suit}-{rng.choice(('J', 'Q', 'K'))}")
        numbers = [c for c in kr.DECK if c.is_number]
        run = [royal, *rng.sample(numbers, options.get("runSize", 6) - 1)]
    fortified = rng.sample(run, min(options.get("fortified", 0), len(run)))
    return kr.SpireSetup(tuple(run), tuple(fortified), tuple(options.get("handSizes", (4, 4))))


def _play_one(job: Job) -> Json:
    """Play one game in a worker (module level so that it pickles)."""
    from kingdom_rules.bots import make_bot, play_game

    specs, seed, mode, index, setup, rotation = job
    order = seat_order(len(specs), rotation)
    seated = [specs[b] for b in order]
    if setup.get("type") == "constructed":  # a deck belongs to its bot: it moves with it
        setup = {**setup, "decks": [setup["decks"][b] for b in order]}
    bots = [make_bot(s) for s in seated]
    g = game_seed(seed, index)
    record = play_game(bots, seed=g, mode=mode, names=seated,
                       setup=make_setup(setup, g)).to_json()
    record["game"] = index
    record["seatOrder"] = rotation
    record["seatOfBot"] = [order.index(b) + 1 for b in range(len(specs))]
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
@click.option("--swap-seats", is_flag=True,
              help="Play each deal once per seat order (every bot in every seat once: two "
                   "games per deal with 2 players, one per player with more), and report "
                   "each seat's edge with its 95% interval (over deals). --games counts "
                   "deals.")
@click.option("--json", "json_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write the settings, summary and every game's record as JSON.")
@click.option("--csv", "csv_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Write one CSV row per game.")
@click.option("--setup", "setup_kind", type=click.Choice(["standard", "constructed", "spire"]),
              default="standard", show_default=True,
              help="How the cards enter play: the standard deal, Constructed decks (R35) or "
                   "Spire combats (R36: player 1 is the runner, 2 players, one hand).")
@click.option("--decks", "decks_text", default=None, metavar="DECKS",
              help="Constructed: each seat's deck, comma separated: a ready deck's name "
                   "(balanced, castle-builders, dragon-hoard, royal-rush) or a deck list file. "
                   "The last one fills any seats left. Default: balanced.")
@click.option("--run-deck", "run_deck", default=None, metavar="CARDS",
              help="Spire: the runner's run deck, e.g. 'QH 2H 3H 5D 7C 9S' (default: a new "
                   "starter deck per game).")
@click.option("--run-size", type=click.IntRange(2, 40), default=6, show_default=True,
              help="Spire: the size of each game's starter deck (a royal and number cards).")
@click.option("--fortified", type=click.IntRange(0, 4), default=0, show_default=True,
              help="Spire: how many run-deck cards are fortified (on top of the pile, R39).")
@click.option("--hand-sizes", default="4,4", show_default=True, metavar="RUNNER,ENEMY",
              help="Spire: the opening hand of the runner and of the enemy, 3 to 6 (R37).")
@click.option("--spire", "spire_runs", is_flag=True,
              help="Simulate whole Spire runs instead of games: the first bot of --bots "
                   "plays the runner's fights, a plain policy makes the run's choices.")
@click.option("--runs", type=click.IntRange(1), default=20, show_default=True,
              help="With --spire: how many runs (run i has seed SEED * 1000003 + i).")
@click.option("--jsonl", "jsonl_path", type=click.Path(dir_okay=False, path_type=Path),
              help="With --spire: write each run's record as a JSON line as soon as it ends.")
@click.pass_obj
def simulate(app: Any, players: int, bots_text: str, games: int, seed: int, workers: int,
             mode: str, swap_seats: bool, json_path: Path | None, csv_path: Path | None,
             setup_kind: str,
             decks_text: str | None, run_deck: str | None, run_size: int, fortified: int,
             hand_sizes: str, spire_runs: bool, runs: int, jsonl_path: Path | None) -> None:
    """Play seeded games between bots and print wins (95% CI), scores and combinations.

    \b
    Example:
      kingdom simulate --players 4 --bots search,greedy,random,random \\
          --games 1000 --seed 1 --workers 2 --mode match
      kingdom simulate --bots search,greedy --games 500 --swap-seats --workers 2
      kingdom simulate --setup spire --bots greedy --fortified 2 --games 200
      kingdom simulate --setup constructed --decks dragon-hoard,my.deck --games 200
      kingdom simulate --spire --runs 200 --bots search --workers 2
    """
    if spire_runs:
        _simulate_spire(app, bots_text.split(",")[0].strip() or "greedy", runs, seed,
                        workers, json_path, jsonl_path)
        return
    from kingdom_rules.bots import BotError, UnknownBot, make_bot

    specs = _parse_bots(bots_text, players)
    for s in set(specs):
        try:
            make_bot(s)
        except UnknownBot as exc:
            raise click.ClickException(str(exc)) from None
    setup = _setup_options(setup_kind, players, mode, decks_text, run_deck, run_size,
                           fortified, hand_sizes)
    orders = range(players) if swap_seats else range(1)
    jobs: list[Job] = [(specs, seed, mode, i, setup, r) for i in range(games) for r in orders]
    started = time.perf_counter()
    try:
        records = _run(app, jobs, workers)
    except BotError as exc:
        raise click.ClickException(str(exc)) from None
    except KeyboardInterrupt:
        app.display_error("Interrupted: no results.")
        raise SystemExit(130) from None
    elapsed = time.perf_counter() - started
    from kingdom_cli.stats import summarize, swapped_summary

    summary = summarize(records, specs)
    if swap_seats:
        summary["swapSeats"] = swapped_summary(records, specs)
    summary["seconds"] = round(elapsed, 3)
    if app.verbosity >= 1:  # -v: one line per game
        for r in records:
            winners = " ".join(map(str, r["winners"])) or "nobody"
            order = f", seat order {r['seatOrder']}" if swap_seats else ""
            app.console.print(f"game {r['game']}{order} (seed {r['seed']}): winners {winners} "
                              f"({r['reason']}), scores {r['scores']}, {r['turns']} turns")
    if swap_seats:
        _print_swapped(app, summary, specs, mode)
    else:
        _print_summary(app, summary, specs, mode)
    if setup_kind == "spire":
        summary["spire"] = _spire_summary(records)
        _print_spire(app, summary["spire"])
    settings = {"players": players, "bots": specs, "games": games, "seed": seed,
                "mode": mode, "workers": workers, "setup": setup, "swapSeats": swap_seats}
    if json_path is not None:
        json_path.write_text(json.dumps({"settings": settings, "summary": summary,
                                         "games": records}, indent=1))
        app.display_info(f"Wrote {len(records)} game records to {json_path}")
    if csv_path is not None:
        _write_csv(csv_path, records, players)
        app.display_info(f"Wrote {len(records)} rows to {csv_path}")


def _setup_options(kind: str, players: int, mode: str, decks_text: str | None,
                   run_deck: str | None, run_size: int, fortified: int,
                   hand_sizes: str) -> Json:
    """The run's setup options, checked once here (a bad option is a usage error)."""
    import kingdom_rules as kr

    if kind == "standard":
        if decks_text or run_deck:
            raise click.BadParameter("--decks and --run-deck need --setup constructed or spire",
                                     param_hint="--setup")
        return {"type": "standard"}
    if kind == "constructed":
        texts = []
        for word in [w.strip() for w in (decks_text or "balanced").split(",") if w.strip()]:
            if word in kr.PREBUILT_DECKS:
                texts.append(kr.PREBUILT_DECKS[word].to_text())
                continue
            try:
                with open(word, encoding="utf-8") as f:
                    deck = kr.Deck.parse(f.read())
            except OSError:
                raise click.BadParameter(f"{word!r} is neither a ready deck nor a readable "
                                         "file", param_hint="--decks") from None
            except ValueError as exc:
                raise click.BadParameter(f"{word}: {exc}", param_hint="--decks") from None
            problem = kr.deck_problem(deck)
            if problem:
                raise click.BadParameter(f"{word}: {problem}", param_hint="--decks")
            texts.append(deck.to_text())
        if len(texts) > players:
            raise click.BadParameter(f"{len(texts)} decks for {players} players",
                                     param_hint="--decks")
        while len(texts) < players:
            texts.append(texts[-1])
        return {"type": "constructed", "decks": texts}
    if players != 2 or mode != "game":
        raise click.BadParameter("a Spire combat is one game of 2 players (R36)",
                                 param_hint="--setup")
    try:
        sizes = [int(x) for x in hand_sizes.split(",")]
    except ValueError:
        sizes = []
    if len(sizes) != 2 or not all(3 <= k <= 6 for k in sizes):
        raise click.BadParameter("two opening hands of 3 to 6 cards, e.g. 5,4",
                                 param_hint="--hand-sizes")
    options: Json = {"type": "spire", "runDeck": None, "runSize": run_size,
                     "fortified": fortified, "handSizes": sizes}
    if run_deck:
        try:
            cards = [kr.Card.parse(t) for t in run_deck.replace(",", " ").split()]
            kr.SpireSetup(tuple(cards), (), tuple(sizes)).check(2, "game")
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="--run-deck") from None
        options["runDeck"] = [c.id for c in cards]
    return options


def _spire_summary(records: list[Json]) -> Json:
    from kingdom_cli.stats import wilson

    combats = [r["combat"] for r in records if r.get("combat")]
    n = len(combats)
    won = sum(1 for c in combats if c["won"])
    lost = [c["hpLost"] for c in combats if not c["won"]]
    lo, hi = wilson(won, n)
    return {"combats": n, "won": won, "winRate": won / n if n else 0.0, "ci95": [lo, hi],
            "meanHpLost": sum(c["hpLost"] for c in combats) / n if n else 0.0,
            "meanHpLostPerLoss": sum(lost) / len(lost) if lost else 0.0,
            "maxHpLost": max(lost, default=0)}


def _print_spire(app: Any, s: Json) -> None:
    if app.verbosity < 0:
        return
    lo, hi = s["ci95"]
    app.console.print(f"Spire: the runner won {s['won']} of {s['combats']} combats, "
                      f"{100 * s['winRate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}) · HP lost: "
                      f"{s['meanHpLost']:.1f} per combat, {s['meanHpLostPerLoss']:.1f} per "
                      f"loss, at most {s['maxHpLost']}")


def _run(app: Any, jobs: list[Job], workers: int) -> list[Json]:
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


def _print_swapped(app: Any, summary: Json, specs: list[str], mode: str) -> None:
    """The seats (each bot sat in each once per deal, so what differs is the seat) and the
    bots (over all their seats)."""
    if app.verbosity < 0:
        return
    from rich.table import Table

    s = summary["swapSeats"]
    n = summary["games"]
    seats = Table(title=f"{n} {mode}s · {s['deals']} deals × {s['orders']} seat orders · "
                        f"{len(specs)} players", header_style="bold")
    for col in ("Seat", "Wins", "Win rate (95% CI)", "Seat edge (95% CI)",
                "Mean score"):
        seats.add_column(col, justify="right" if col in ("Wins", "Mean score") else "left")
    for row in s["seats"]:
        lo, hi = row["ci95"]
        elo, ehi = row["edgeCi95"]
        seats.add_row(str(row["seat"]), str(row["wins"]),
                      f"{100 * row['winRate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})",
                      f"{100 * row['edge']:+.1f} points ({100 * elo:+.1f} to {100 * ehi:+.1f})",
                      f"{row['meanScore']:.1f}")
    app.console.print(seats)
    bots = Table(title="Bots, over every seat", header_style="bold")
    for col in ("Bot", "Wins", "Win rate (95% CI)", "As player 1", "Mean score"):
        bots.add_column(col, justify="right" if col in ("Wins", "Mean score") else "left")
    for row in s["bots"]:
        lo, hi = row["ci95"]
        first = row["asFirst"]
        bots.add_row(f"{row['index'] + 1}. {row['bot']}", str(row["wins"]),
                     f"{100 * row['winRate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f})",
                     f"{100 * first['winRate']:.1f}% of {first['games']}",
                     f"{row['meanScore']:.1f}")
    app.console.print(bots)
    reasons = ", ".join(f"{k} {v}" for k, v in summary["reasons"].items())
    app.console.print(f"Seat edge: its win rate minus a fair share, "
                      f"{100 * s['fairShare']:.1f}% · mean hand length: "
                      f"{summary['meanHandLengthTurns']:.1f} turns · drawn games: "
                      f"{summary['drawn']} · endings: {reasons} · {summary['seconds']:.1f} s")


def _write_csv(path: Path, records: list[Json], players: int) -> None:
    fields = ["game", "seed", "mode", "players", "bots", "winners", "reason", "hands", "turns"]
    swapped = any(r.get("seatOrder") for r in records)
    if swapped:
        fields.insert(1, "seat_order")
    fields += [f"score_p{i + 1}" for i in range(players)]
    fields += [f"combinations_p{i + 1}" for i in range(players)]
    spire = any(r.get("combat") for r in records)
    if spire:  # a Spire combat's result for the runner (R38)
        fields += ["runner_won", "hp_lost"]
    with path.open("w", newline="") as f:
        w = csv.writer(f)
        w.writerow(fields)
        for r in records:
            w.writerow([r["game"], *((r["seatOrder"],) if swapped else ()), r["seed"],
                        r["mode"], r["players"], " ".join(r["bots"]),
                        " ".join(map(str, r["winners"])), r["reason"], r["hands"], r["turns"],
                        *r["scores"],
                        *(" ".join(f"{k}:{v}" for k, v in sorted(c.items()))
                          for c in r["combinations"]),
                        *((int(r["combat"]["won"]), r["combat"]["hpLost"]) if spire else ())])


PACE: Final = {"own": 6.0, "enemy": 1.0, "choice": 12.0}
"""People's pace assumed for a run's length (seconds): each of the runner's moves in a fight (a
draw, a play, a pass, a follow-up's answer), each enemy move as the table shows it, and each
choice of the run (a room, a reward, a purchase, a rest, an event's answer)."""


def _play_run(job: tuple[str, int]) -> Json:
    """One whole Spire run by bots (module level so that it pickles)."""
    from kingdom_rules.spire.autoplay import play_run

    fighter, seed = job
    trace: list[dict[str, Any]] = []
    run = play_run(seed, fighter, trace=trace)
    fights = [e for e in trace if "fight" in e]
    died = next((e["fight"] for e in fights if e["died"]), None)
    own = sum(e["moves"][0] for e in fights)
    enemy = sum(e["moves"][1] for e in fights)
    choices = sum(1 for e in trace if "choice" in e)
    minutes = (PACE["own"] * own + PACE["enemy"] * enemy + PACE["choice"] * choices) / 60
    return {"seed": seed, "result": run.phase, "act": run.act, "floor": run.floor,
            "diedAtBoss": died == "boss", "diedIn": died, "score": run.score,
            "fightsWon": run.fights_won, "fightsLost": run.fights_lost,
            "elitesBeaten": run.elites_beaten, "bossesBeaten": run.bosses_beaten,
            "fights": len(fights), "ownMoves": own, "enemyMoves": enemy, "choices": choices,
            "minutes": round(minutes, 1), "goldLeft": run.gold, "deck": len(run.deck),
            "answers": [[e["event"], e["answer"]] for e in trace if "event" in e]}


def _median(values: list[float]) -> float:
    v = sorted(values)
    n = len(v)
    return 0.0 if not n else v[n // 2] if n % 2 else (v[n // 2 - 1] + v[n // 2]) / 2


def spire_summary(records: list[Json]) -> Json:
    """Win rate (95% CI), where runs ended (deaths per act and per kind of fight, each kind's
    share with its 95% CI), the run's length (fights, moves, minutes at :data:`PACE`) and how
    often each event's answers were taken."""
    from kingdom_cli.stats import wilson

    n = len(records)
    won = sum(1 for r in records if r["result"] == "won")
    lo, hi = wilson(won, n)
    lost = [r for r in records if r["result"] == "lost"]
    deaths = {str(a): {"total": sum(1 for r in lost if r["act"] == a),
                       "atBoss": sum(1 for r in lost if r["act"] == a and r["diedAtBoss"])}
              for a in (1, 2, 3)}
    kinds = {}
    for kind in ("combat", "elite", "boss"):
        k = sum(1 for r in lost if r.get("diedIn") == kind)
        klo, khi = wilson(k, len(lost))
        kinds[kind] = {"deaths": k, "share": k / len(lost) if lost else 0.0, "ci95": [klo, khi]}
    answers: dict[str, dict[str, int]] = {}
    for r in records:
        for event, answer in r.get("answers", ()):
            row = answers.setdefault(event, {})
            row[str(answer)] = row.get(str(answer), 0) + 1
    return {"runs": n, "won": won, "winRate": won / n if n else 0.0, "ci95": [lo, hi],
            "deaths": deaths, "deathsByKind": kinds,
            "meanScore": sum(r["score"] for r in records) / max(n, 1),
            "reachedAct": {str(a): sum(1 for r in records if r["act"] >= a)
                           for a in (1, 2, 3)},
            "medianFights": _median([r["fights"] for r in records]),
            "medianFightsOfWins": _median([r["fights"] for r in records
                                           if r["result"] == "won"]),
            "medianMinutes": _median([r["minutes"] for r in records]),
            "medianMinutesOfWins": _median([r["minutes"] for r in records
                                            if r["result"] == "won"]),
            "medianGoldLeft": _median([r["goldLeft"] for r in records]),
            "pace": dict(PACE), "eventAnswers": answers}


def _simulate_spire(app: Any, fighter: str, runs: int, seed: int, workers: int,
                    json_path: Path | None, jsonl_path: Path | None = None) -> None:
    from kingdom_rules.bots import UnknownBot, make_bot

    try:
        make_bot(fighter)
    except UnknownBot as exc:
        raise click.ClickException(str(exc)) from None
    jobs = [(fighter, game_seed(seed, i)) for i in range(runs)]
    started = time.perf_counter()
    records: list[Json] = []
    stream = jsonl_path.open("w") if jsonl_path is not None else None
    try:
        if workers == 1:
            results: Any = map(_play_run, jobs)
        else:
            import multiprocessing

            pool = multiprocessing.get_context("fork").Pool(workers)
            results = pool.imap(_play_run, jobs)
        for record in results:
            records.append(record)
            if stream is not None:  # each run as it ends: a long simulation can be read early
                stream.write(json.dumps(record) + "\n")
                stream.flush()
        if workers != 1:
            pool.close()
            pool.join()
    finally:
        if stream is not None:
            stream.close()
    s = spire_summary(records)
    s["seconds"] = round(time.perf_counter() - started, 1)
    lo, hi = s["ci95"]
    d = s["deaths"]
    k = s["deathsByKind"]
    app.display_info(
        f"Spire, {fighter} fights: won {s['won']} of {s['runs']} runs, "
        f"{100 * s['winRate']:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}) · deaths: "
        + ", ".join(f"act {a} {d[a]['total']} ({d[a]['atBoss']} at the boss)" for a in d)
        + " · by kind: " + ", ".join(
            f"{kind} {k[kind]['deaths']} ({100 * k[kind]['share']:.0f}%)" for kind in k)
        + f" · reached act 2: {s['reachedAct']['2']}, act 3: {s['reachedAct']['3']}"
        f" · median {s['medianFights']:g} fights, {s['medianMinutes']:.0f} min"
        f" (won runs: {s['medianFightsOfWins']:g} fights, {s['medianMinutesOfWins']:.0f} min)"
        f" · mean score {s['meanScore']:.1f} · {s['seconds']} s")
    if json_path is not None:
        json_path.write_text(json.dumps({"settings": {"fighter": fighter, "runs": runs,
                                                      "seed": seed},
                                         "summary": s, "runs": records}, indent=1))
