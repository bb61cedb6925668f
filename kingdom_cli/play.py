"""`kingdom play`: a full game in the terminal against bots."""

from __future__ import annotations

import random
from typing import Any

import click


@click.command(short_help="Play a game in the terminal against bots.")
@click.option("--players", "-p", type=click.IntRange(2, 4), default=2, show_default=True,
              help="Players at the table, you included.")
@click.option("--seed", type=int, default=None,
              help="Seed of the deal (random when omitted); the same seed deals the same game.")
@click.option("--mode", type=click.Choice(["game", "match"]), default="game",
              show_default=True, help="One hand, or a match of one hand per player.")
@click.option("--bots", "-b", "bots_text", default="greedy", show_default=True,
              help="Bots in the other seats, comma separated (random, greedy, search or "
                   "mypkg.mybot:MyBot); the last one fills any seats left.")
@click.option("--seat", type=click.IntRange(1, 4), default=1, show_default=True,
              help="Your player number.")
@click.pass_obj
def play(app: Any, players: int, seed: int | None, mode: str, bots_text: str,
         seat: int) -> None:
    """Play Kingdom in the terminal against bots.

    You choose your moves from a numbered menu; q or Ctrl-C leaves the game.
    """
    import kingdom_rules as kr
    from kingdom_cli.terminal import LeaveGame
    from kingdom_rules.bots import UnknownBot, make_bot

    if seat > players:
        raise click.BadParameter(f"there is no seat {seat} at a table of {players}",
                                 param_hint="--seat")
    specs = [s.strip() for s in bots_text.split(",") if s.strip()] or ["greedy"]
    if len(specs) > players - 1:
        raise click.BadParameter(f"{len(specs)} bots for {players - 1} other seats",
                                 param_hint="--bots")
    while len(specs) < players - 1:
        specs.append(specs[-1])
    seats = [n for n in range(1, players + 1) if n != seat]
    names = {n: f"Player {n} ({spec.rsplit(':', 1)[-1]})" for n, spec in zip(seats, specs,
                                                                           strict=True)}
    try:
        bots = {n: make_bot(spec) for n, spec in zip(seats, specs, strict=True)}
    except UnknownBot as exc:
        raise click.ClickException(str(exc)) from None
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    state = kr.new_game(player_count=players, seed=seed, mode=mode)
    game = _Game(app, state, seat, bots, seed, names)
    try:
        game.run()
    except (LeaveGame, KeyboardInterrupt, EOFError):
        game.console.print("\nYou left the game.")
        raise SystemExit(130) from None


class _Game:
    """The loop of a terminal game: bots move, the human is asked, the table is redrawn."""

    def __init__(self, app: Any, state: Any, seat: int, bots: dict[int, Any], seed: int,
                 names: dict[int, str]) -> None:
        from rich.console import Console

        self.app = app
        self.state = state
        self.seat = seat
        self.bots = bots
        self.rngs = {n: random.Random(f"kingdom-play:{seed}:{n}") for n in bots}
        self.console: Console = app.console if app.verbosity >= 0 else Console()
        self.narrate = app.verbosity >= 0
        self.names = dict(names)
        self.names[seat] = "You"

    def run(self) -> None:
        import kingdom_rules as kr
        from kingdom_cli.terminal import choose_action, render_scores, render_view

        self.console.print(f"[bold]Kingdom[/] · {self.state.player_count} players · "
                           f"{self.state.mode} · seed {self.seed_text()}")
        hand = self.state.current_hand
        while self.state.phase != "finished":
            if self.state.current_hand != hand:
                hand = self.state.current_hand
                self.console.rule(f"Hand {hand}")
            acting = kr.players_to_act(self.state)
            bots = [p for p in acting if p != self.seat]
            if bots:
                self.bot_move(bots[0])
                continue
            view = kr.view(self.state, self.seat).to_json()
            if self.state.phase == "handComplete":
                self.console.rule("Score screen")
                render_scores(view, self.console, self.names)
            else:
                render_view(view, self.console, self.names)
            while True:
                chosen = choose_action(view, self.console, ask=self.ask, names=self.names)
                try:
                    self.apply(kr.action_from_json(chosen))
                    break
                except kr.IllegalAction as exc:  # not expected: the menu lists legal moves
                    self.console.print(f"[red]{exc}[/]")
        self.console.rule("Game over")
        render_scores(kr.view(self.state, self.seat).to_json(), self.console, self.names)

    def seed_text(self) -> str:
        return str(self.state.seed)

    def ask(self, prompt: str) -> str:
        return self.console.input(prompt)

    def bot_move(self, p: int) -> None:
        import kingdom_rules as kr
        from kingdom_cli.terminal import describe_action

        v = kr.view(self.state, p)
        action = self.bots[p].choose(v, v.legal_actions, self.rngs[p])
        if self.narrate and self.state.phase == "playing":
            # Narrate from the human's side of the table: a deck draw shows no card.
            public = kr.view(self.state, self.seat).to_json()
            line = describe_action(action.to_json(), public, self.names)
            self.console.print(f"[dim]{self.names[p]}:[/] {line}")
        self.apply(action)

    def apply(self, action: Any) -> None:
        import kingdom_rules as kr

        self.state, events = kr.apply(self.state, action)
        if not self.narrate:
            return
        for e in events:
            if e.type == "drawPhaseSkipped":
                self.console.print(f"[yellow]{e.data.get('message')}[/]")
            elif e.type == "royalFamilyCompleted":
                who = self.names.get(e.data["player"], "?")
                self.console.print(f"[bold green]{who} completed the Royal Family![/]")
            elif e.type == "handComplete" and e.data.get("winner") is None:
                self.console.print(f"Hand {e.data['handNumber']} ends ({e.data.get('reason')}).")
