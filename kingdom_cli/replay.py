"""`kingdom replay URL MATCH_ID`: a finished game of a server, move by move, in the terminal
(the server's replay API, docs/protocol.md "Replays"; the table drawn as `kingdom connect`
draws it, with every hand shown: the game is over)."""

from __future__ import annotations

import asyncio
import json
import sys
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

import click

Json = dict[str, Any]

HELP = "Enter or n: next move · p: previous · a number: that step · e: the end · q: quit"


class Replay:
    """The replay API of one game, each step fetched once."""

    def __init__(self, url: str, match_id: str, cookie: str | None) -> None:
        self.base = f"{url}/api/matches/{urllib.parse.quote(match_id, safe='')}"
        self.cookie = cookie
        self.steps: dict[int, Json] = {}
        self.summary = self._get("/replay")

    def _get(self, path: str) -> Json:
        request = urllib.request.Request(self.base + path)
        if self.cookie:
            request.add_header("Cookie", self.cookie)
        try:
            with urllib.request.urlopen(request, timeout=20) as r:
                body: Json = json.loads(r.read().decode("utf-8"))
                return body
        except urllib.error.HTTPError as e:
            try:
                message = json.loads(e.read().decode("utf-8")).get("message")
            except ValueError:
                message = None
            raise click.ClickException(message or f"HTTP {e.code}") from None
        except urllib.error.URLError as e:
            raise click.ClickException(f"Cannot reach the server: {e.reason}") from None

    @property
    def last(self) -> int:
        return int(self.summary["steps"])

    def step(self, n: int) -> Json:
        if n not in self.steps:
            self.steps[n] = self._get(f"/replay/{n}")
        return self.steps[n]


def show_step(replay: Replay, n: int, console: Any) -> None:
    from kingdom_cli.terminal import _cards, describe_action, render_scores, render_view

    view = replay.step(n)
    names = {int(p["number"]): str(p["name"]) for p in replay.summary["players"]}
    action = view.get("action")
    if action is None:
        what = "the deal"
    else:
        before = replay.step(n - 1)
        who = names.get(int(action.get("player", 0)), f"Player {action.get('player')}")
        what = f"{who}: {describe_action(action, before, names)}"
    console.rule(f"Step {n}/{replay.last} · {what}")
    render_view(view, console, names)
    for number, hand in sorted((view.get("hands") or {}).items(), key=lambda kv: int(kv[0])):
        console.print(f"{names.get(int(number), number)}'s hand: {_cards(hand, True)}")
    if view.get("phase") in ("handComplete", "finished"):
        render_scores(view, console, names)


@click.command(short_help="Replay a finished game of a server, move by move.")
@click.argument("url")
@click.argument("match_id")
@click.option("--user", "-u", "username", default=None,
              help="Sign in first (a private room's game is replayed only for who played it).")
@click.option("--step", "only", type=int, default=None,
              help="Show this step (0: the deal) and stop; -1: the last.")
@click.pass_obj
def replay(app: Any, url: str, match_id: str, username: str | None, only: int | None) -> None:
    """Step through the finished game MATCH_ID of the server at URL (the id of a match in
    Recent Matches, or of a /replay/MATCH_ID link)."""
    from rich.console import Console

    console: Console = app.console if app.verbosity >= 0 else Console()
    if "://" not in url:
        url = f"http://{url}"
    url = url.rstrip("/")
    cookie = None
    if username is not None:
        from kingdom_cli.account import password_for, sign_in
        from kingdom_server.accounts import COOKIE

        cookie = f"{COOKIE}={asyncio.run(sign_in(url, username, password_for(username)))}"
    game = Replay(url, match_id, cookie)
    players = ", ".join(p["name"] for p in game.summary["players"])
    console.print(f"Replay of {players} · {game.last} moves")
    if only is not None:
        show_step(game, game.last if only < 0 else max(0, min(only, game.last)), console)
        return
    n = 0
    show_step(game, n, console)
    console.print(f"[dim]{HELP}[/]")
    while True:
        line = sys.stdin.readline()
        if not line:
            return
        answer = line.strip().lower()
        if answer == "q":
            return
        if answer in ("", "n"):
            n = min(n + 1, game.last)
        elif answer == "p":
            n = max(n - 1, 0)
        elif answer == "e":
            n = game.last
        elif answer.isdigit():
            n = min(int(answer), game.last)
        else:
            console.print(f"[dim]{HELP}[/]")
            continue
        show_step(game, n, console)
