"""`kingdom play`: a full game in the terminal against bots."""

from __future__ import annotations

import random
from typing import Any

import click

PREBUILT_NAMES = ("balanced", "castle-builders", "dragon-hoard", "royal-rush")
"""The names of ``kingdom_rules.PREBUILT_DECKS`` (kept here so that --help loads no engine;
tests/cli checks they agree)."""



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
@click.option("--deck", "deck_file", type=click.Path(exists=True, dir_okay=False),
              default=None, metavar="FILE",
              help="Deal the first hand from FILE: card names in deck order, top first "
                   "(see below).")
@click.option("--constructed-deck", "constructed_file",
              type=click.Path(exists=True, dir_okay=False), default=None, metavar="FILE",
              help="Play Constructed (R35) with the deck list in FILE: one card per line with "
                   "its count, '4 QH' or 'QH x4'; '#' starts a comment. The deck must be legal "
                   "(R34). Bots bring ready decks.")
@click.option("--bot-deck", "bot_deck", type=click.Choice(sorted(PREBUILT_NAMES)),
              default=None, help="With --constructed-deck: the ready deck every bot brings "
                                 "(default: one per bot, chosen by the seed).")
@click.option("--position", "position", default=None, metavar="TEXT",
              help="Start from this position (the text form of kingdom_rules.parse_position, "
                   "see docs/bots.md); it sets the players and the mode.")
@click.pass_obj
def play(app: Any, players: int, seed: int | None, mode: str, bots_text: str,
         seat: int, deck_file: str | None, constructed_file: str | None,
         bot_deck: str | None, position: str | None) -> None:
    """Play Kingdom in the terminal against bots.

    You choose your moves from a numbered menu; q or Ctrl-C leaves the game.

    --position TEXT starts from a chosen position instead of a deal, for example
    "2p game playing turn=1 1.hand=QH,5S 1.res=2H,3H 1.chosen 1.drawn 2.hand=KC
    2.res=9S 2.chosen rest=deck" (cards as ids or short names; see docs/bots.md).

    --deck FILE sets up a puzzle or a lesson. FILE names cards, top of the deck first, as ids
    (hearts-Q, red-joker) or short names (QH, 10S, RJ), separated by spaces, commas or new
    lines; # starts a comment. A JSON list of names works too. The first 4 cards are player 1's
    hand, the next 4 player 2's and so on, then the 2 revealed cards, then the deck in drawing
    order. The cards not named follow, shuffled by --seed. Only the first hand is dealt this
    way (later hands of a match are shuffled by --seed). An example FILE for 2 players:

    \b
        # player 1      player 2      revealed   deck
        6H 6C 5D QH     7S 9C 2S 3C   AS 10D     6S KH
    """
    import kingdom_rules as kr
    from kingdom_cli.terminal import LeaveGame
    from kingdom_rules.bots import UnknownBot, make_bot

    start = None
    if position is not None:
        if deck_file is not None:
            raise click.BadParameter("give --deck or --position, not both",
                                     param_hint="--position")
        try:
            start = kr.parse_position(position)
        except kr.InvalidState as exc:
            raise click.BadParameter(str(exc), param_hint="--position") from None
        players, mode = start.player_count, start.mode
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
    if deck_file and constructed_file:
        raise click.BadParameter("--deck orders the standard deal; Constructed decks are "
                                 "shuffled", param_hint="--constructed-deck")
    deck = _read_deck(deck_file, players, seed) if deck_file else None
    setup: kr.Setup = kr.StandardSetup()
    if constructed_file:
        setup = _constructed_setup(constructed_file, players, seat, seed, bot_deck)
    elif bot_deck:
        raise click.BadParameter("only with --constructed-deck", param_hint="--bot-deck")
    if start is not None and constructed_file:
        raise click.BadParameter("give --constructed-deck or --position, not both",
                                 param_hint="--position")
    state = start or kr.new_game(player_count=players, seed=seed, mode=mode, deck=deck,
                                 setup=setup)
    shown = deck_file or constructed_file
    game = _Game(app, state, seat, bots, seed, names,
                 deck_name=click.format_filename(shown) if shown else None)
    try:
        game.run()
    except (LeaveGame, KeyboardInterrupt, EOFError):
        game.console.print("\nYou left the game.")
        raise SystemExit(130) from None


def _constructed_setup(path: str, players: int, seat: int, seed: int,
                       bot_deck: str | None) -> Any:
    """The Constructed setup of a terminal game: the player's deck list from ``path`` (checked
    against R34), a ready deck for each bot. A bad file is a one-line ClickException."""
    import kingdom_rules as kr

    name = click.format_filename(path)
    try:
        with open(path, encoding="utf-8") as f:
            mine = kr.Deck.parse(f.read())
    except (OSError, UnicodeDecodeError) as exc:
        raise click.ClickException(f"deck list {name}: cannot be read ({exc})") from None
    except ValueError as exc:
        raise click.ClickException(f"deck list {name}: {exc}") from None
    problem = kr.deck_problem(mine)
    if problem is not None:
        raise click.ClickException(f"deck list {name}: {problem}")
    rng = random.Random(f"kingdom-play-bot-decks:{seed}")
    names = sorted(kr.PREBUILT_DECKS)
    decks = [mine if n == seat else kr.PREBUILT_DECKS[bot_deck or rng.choice(names)]
             for n in range(1, players + 1)]
    return kr.ConstructedSetup(tuple(decks))


def _read_deck(path: str, players: int, seed: int) -> list[str]:
    """The 54 card ids of a --deck file: the cards it names, then the rest shuffled by seed.
    A bad file is a one-line ClickException naming the file and what is wrong."""
    import json

    from kingdom_rules import DECK, Card

    name = click.format_filename(path)

    def fail(message: str) -> click.ClickException:
        return click.ClickException(f"deck file {name}: {message}")

    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise fail(f"cannot be read ({exc})") from None
    tokens: list[tuple[str, str]] = []  # (card name, where it is)
    if text.lstrip().startswith("["):
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise fail(f"not valid JSON ({exc})") from None
        if not isinstance(data, list) or not all(isinstance(x, str) for x in data):
            raise fail("the JSON must be a list of card names")
        tokens = [(x, f"item {i}") for i, x in enumerate(data, 1)]
    else:
        for number, line in enumerate(text.splitlines(), 1):
            words = line.split("#", 1)[0].replace(",", " ").split()
            tokens += [(w, f"line {number}") for w in words]
    if not tokens:
        raise fail("names no cards")
    cards: list[Any] = []
    where: dict[Any, str] = {}
    for word, place in tokens:
        card = _parse_card(word, Card)
        if card is None:
            raise fail(f"{place}: no such card {word!r} (write hearts-Q, QH, 10S or RJ)")
        if card in where:
            raise fail(f"{place}: {card.short} is named twice (also on {where[card]})")
        where[card] = place
        cards.append(card)
    for p in range(players):
        hand = cards[4 * p:4 * p + 4]
        if len(hand) == 4 and not any(c.is_number for c in hand):
            raise fail(f"player {p + 1}'s hand ({' '.join(c.short for c in hand)}) holds no "
                       "number card, so it would be dealt again (R3)")
    rest = [c for c in DECK if c not in where]
    random.Random(f"kingdom-play-deck:{seed}").shuffle(rest)
    return [c.id for c in cards + rest]


def _parse_card(word: str, card_class: Any) -> Any:
    """A card from an id or short name, forgiving letter case; None if it names no card."""
    from kingdom_rules.cards import UnknownCard

    if "-" in word:
        suit, _, rank = word.rpartition("-")
        candidates = [word, f"{suit.lower()}-{rank.upper()}", word.lower()]
    else:
        candidates = [word, word.upper()]
    for text in candidates:
        try:
            return card_class.parse(text)
        except UnknownCard:
            continue
    return None


class _Game:
    """The loop of a terminal game: bots move, the human is asked, the table is redrawn."""

    def __init__(self, app: Any, state: Any, seat: int, bots: dict[int, Any], seed: int,
                 names: dict[int, str], deck_name: str | None = None) -> None:
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
        self.deck_name = deck_name

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
        text = str(self.state.seed)
        return f"{text} · deck {self.deck_name}" if self.deck_name else text

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
