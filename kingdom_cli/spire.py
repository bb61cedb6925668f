"""`kingdom spire`: a whole Spire run in the terminal (map, fights on the terminal table,
rewards, shops, rests, events), by you or by bots (--bot)."""

from __future__ import annotations

import random
from typing import Any

import click


@click.command(short_help="Play a Spire run (solo roguelike) in the terminal.")
@click.option("--seed", type=int, default=None,
              help="Seed of the run (random when omitted); the same seed and choices give "
                   "the same run.")
@click.option("--bot", type=click.Choice(["greedy", "search"]), default=None,
              help="Let a bot make the run's choices and play the fights.")
@click.pass_obj
def spire(app: Any, seed: int | None, bot: str | None) -> None:
    """Climb the Spire: 3 acts of 10 floors and a boss, fights that are real hands of
    Kingdom (you are player 1), rewards, shops, rests and events. See docs/spire.md.

    You choose from numbered menus; q or Ctrl-C leaves the run."""
    from kingdom_cli.terminal import LeaveGame

    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    session = _Session(app, seed, bot)
    try:
        session.run()
    except (LeaveGame, KeyboardInterrupt, EOFError):
        session.console.print("\nYou left the run.")
        raise SystemExit(130) from None


class _Session:
    def __init__(self, app: Any, seed: int, bot: str | None) -> None:
        from rich.console import Console

        from kingdom_rules.spire import Run
        from kingdom_rules.spire.autoplay import RunBot

        self.app = app
        self.console: Console = app.console if app.verbosity >= 0 else Console()
        self.seed = seed
        self.bot = bot
        self.policy = RunBot()
        self.rng = random.Random(f"kingdom-spire-bot:{seed}")
        self.run_ = Run.start(seed)

    def ask(self, prompt: str) -> str:
        return self.console.input(prompt)

    def pick(self, title: str, labels: list[str]) -> int:
        from kingdom_cli.terminal import pick

        return pick(self.console, self.ask, title, labels)

    def run(self) -> None:
        from kingdom_rules.spire import RunRefused

        self.console.print(f"[bold]The Spire[/] · seed {self.seed}")
        while not self.run_.over:
            before = self.run_
            try:
                self.run_ = self.step()
            except RunRefused as exc:
                self.console.print(f"[red]{exc}[/]")
                continue
            if self.run_.notice and self.run_.notice != before.notice:
                self.console.print(self.run_.notice)
        r = self.run_
        self.console.rule("Run over")
        self.console.print(f"{r.phase.upper()} · act {r.act} · floors climbed "
                           f"{r.floors_climbed} · elites {r.elites_beaten} · bosses "
                           f"{r.bosses_beaten} · HP {r.hp}/{r.max_hp} · gold {r.gold} · "
                           f"score {r.score}")

    def status(self) -> None:
        from kingdom_cli.terminal import card_markup
        from kingdom_rules.spire import RELICS

        r = self.run_
        deck = " ".join(card_markup(c.id) + ("*" if c in r.fortified else "") for c in r.deck)
        self.console.print(f"Act {r.act}/3 · floor {r.floor} · HP {r.hp}/{r.max_hp} · "
                           f"gold {r.gold} · deck ({len(r.deck)}, * fortified): {deck}")
        if r.relics:
            self.console.print("Relics: " + "; ".join(f"{RELICS[x].name}: {RELICS[x].text}"
                                                      for x in r.relics))

    def step(self) -> Any:
        r = self.run_
        if r.phase == "combat":
            return self.fight()
        if self.bot:
            return self.policy.step(r, self.rng)
        if r.phase == "deck-selection":
            from kingdom_cli.terminal import card_text
            from kingdom_rules.cards import SUITS
            from kingdom_rules.spire import SUIT_PERKS

            i = self.pick("Choose your suit",
                          [f"{s}: {card_text(r.previews[k].id)}. {SUIT_PERKS[s]}"
                           for k, s in enumerate(SUITS)])
            return r.choose_suit(SUITS[i])
        self.status()
        if r.phase == "map":
            self.console.print(r.map.render(r.position, r.completed))
            self.console.print("C fight · E elite · R rest · $ shop · T treasure · ? event · "
                               "B boss · @ you · x done")
            rules = r.deck_rules()
            self.console.print(f"{rules['shapeText']} {rules['bannerText']}")
            options = r.accessible()
            labels = [f"floor {r.map.nodes[i].floor}, column {r.map.nodes[i].x + 1}: "
                      f"{r.map.nodes[i].kind}" for i in options]
            return r.enter(options[self.pick("Where next?", labels)])
        if r.phase == "reward":
            from kingdom_cli.terminal import card_text

            assert r.reward is not None
            cards = list(r.reward.cards)
            i = self.pick("Take a card", [card_text(c.id) for c in cards] + ["Skip"])
            return r.take_card(cards[i] if i < len(cards) else None)
        if r.phase == "rest":
            from kingdom_cli.terminal import card_text

            free = [c for c in r.deck if c not in r.fortified]
            i = self.pick("Rest site", [f"Rest: heal {r.rest_heal()} HP"]
                          + [f"Fortify {card_text(c.id)}" for c in free])
            return r.rest() if i == 0 else r.fortify(free[i - 1])
        if r.phase == "shop":
            return self.shop()
        if r.phase == "event":
            info = r.event_info()
            assert info is not None
            self.console.print(f"[bold]{info.title}[/]: {info.text}")
            labels = [c.label + (f" ({p})" if (p := r.choice_problem(k)) else "")
                      for k, c in enumerate(info.choices)]
            return r.answer_event(self.pick("Your answer", labels))
        raise click.ClickException(f"unexpected phase {r.phase}")

    def shop(self) -> Any:
        from kingdom_cli.terminal import card_text
        from kingdom_rules.spire import RELICS

        r = self.run_
        assert r.shop is not None
        actions: list[tuple[str, Any]] = []
        for i, o in enumerate(r.shop.cards):
            if not o.sold:
                actions.append((f"Buy {card_text(o.item)} for {o.price} gold",
                                lambda i=i: r.buy_card(i)))
        for i, o in enumerate(r.shop.relics):
            if not o.sold:
                actions.append((f"Buy {RELICS[o.item].name} ({RELICS[o.item].text}) for "
                                f"{o.price} gold", lambda i=i: r.buy_relic(i)))
        if not r.shop.removed:
            for c in r.deck:
                actions.append((f"Remove {card_text(c.id)} for {r.shop.removal_price} gold",
                                lambda c=c: r.remove_card(c)))
        actions.append(("Leave the shop", r.leave_shop))
        return actions[self.pick("Shop", [a[0] for a in actions])][1]()

    def fight(self) -> Any:
        from kingdom_rules.bots import make_bot
        from kingdom_rules.spire.autoplay import new_fight, play_fight
        from kingdom_rules.spire.fighter import spire_fighter

        r = self.run_
        assert r.combat is not None
        c = r.combat
        self.console.rule(f"{c.enemy} ({c.kind}): {c.perk}")
        stakes = r.stakes()
        if stakes is not None and not self.bot:
            if stakes["twistApplies"] and stakes["enemy"]["twist"]:
                self.console.print(f"[bold]{stakes['enemy']['twistName']}[/]: "
                                   f"{stakes['enemy']['twist']}")
            self.console.print(f"HP {stakes['hp']}/{stakes['maxHp']} · opening hand "
                               f"{stakes['hand']} ({stakes['handWhy']}). {stakes['win']} "
                               f"{stakes['loss']}")
        if self.bot:
            return r.finish_combat(play_fight(c, spire_fighter(self.bot)))
        from kingdom_cli.play import _Game

        names = {2: f"{c.enemy} ({c.bot})"}
        game = _Game(self.app, new_fight(c), 1, {2: make_bot(c.bot)}, c.seed, names)
        game.run()
        return r.finish_combat(game.state)
