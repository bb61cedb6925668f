"""Runs played by bots: a fight's hand between the runner's bot and the enemy's, and
:class:`RunBot`, a plain policy for the run's own choices (rooms, rewards, rests, shops,
events). ``kingdom spire --bot`` and ``kingdom simulate --spire`` use both.

>>> run = Run.start(3).choose_suit("hearts")
>>> run = RunBot().step(run, random.Random(0))
>>> run.phase
'combat'
>>> state = play_fight(run.combat, make_bot("greedy"))
>>> run.finish_combat(state).phase in ("reward", "map", "lost")
True
"""

from __future__ import annotations

import random
from typing import Final

import attrs

from kingdom_rules.bots.base import Bot
from kingdom_rules.bots.registry import make_bot
from kingdom_rules.bots.runner import seat_rng
from kingdom_rules.cards import Card
from kingdom_rules.engine import apply, players_to_act
from kingdom_rules.hands import new_game
from kingdom_rules.spire.run import OVER, Combat, Run
from kingdom_rules.state import GameState
from kingdom_rules.view import view

MAX_DECISIONS: Final = 5_000


def new_fight(combat: Combat) -> GameState:
    """The fight's hand as dealt: the runner is player 1."""
    return new_game(player_count=2, seed=combat.seed, mode="game", setup=combat.setup)


def play_fight(combat: Combat, runner: Bot, state: GameState | None = None) -> GameState:
    """Play the fight's hand to its end (from ``state`` if given) with ``runner`` as player 1
    and the combat's own bot as the enemy; each seat's randomness comes from the fight's
    seed, so the same bots always play the same hand."""
    state = state or new_fight(combat)
    bots = [runner, make_bot(combat.bot)]
    rngs = [seat_rng(combat.seed, 1), seat_rng(combat.seed, 2)]
    for _ in range(MAX_DECISIONS):
        if state.phase == "finished":
            break
        acting = players_to_act(state)
        if not acting:
            break
        p = acting[0]
        v = view(state, p)
        state, _ = apply(state, bots[p - 1].choose(v, v.legal_actions, rngs[p - 1]))
    return state


def _value(card: Card, run: Run) -> float:
    """How much the bot wants a card: royals of ranks it lacks, then number cards of the
    colour of its royals, then high numbers."""
    have = {c.rank for c in run.deck if c.is_royal and not c.is_hero}
    colours = {c.color for c in run.deck if c.is_royal}
    if card.is_hero:
        return 9.0
    if card.is_royal:
        return 8.0 if card.rank not in have else 3.0
    return (4.0 if card.color in colours else 2.0) + float(card.value) / 10


@attrs.frozen
class RunBot:
    """The run's choices by plain rules: rooms by HP (rest when hurt, elites when healthy),
    the most useful card of a reward, rest below 60% HP else fortify the best card, buy the
    best affordable royal or Hero, events' first answer that costs no more than it can pay."""

    def step(self, run: Run, rng: random.Random) -> Run:
        """The run after one choice (not for fights: see :func:`play_fight`)."""
        if run.phase == "deck-selection":
            return run.choose_suit(rng.choice(("hearts", "diamonds", "clubs", "spades")))
        if run.phase == "map":
            return run.enter(self._room(run, rng))
        if run.phase == "reward":
            assert run.reward is not None
            best = max(run.reward.cards, key=lambda c: _value(c, run), default=None)
            return run.take_card(best)
        if run.phase == "rest":
            unfortified = [c for c in run.deck if c not in run.fortified]
            if run.hp < 0.6 * run.max_hp or len(run.fortified) >= 4 or not unfortified:
                return run.rest()
            return run.fortify(max(unfortified, key=lambda c: _value(c, run)))
        if run.phase == "shop":
            return self._shop(run)
        if run.phase == "event":
            info = run.event_info()
            assert info is not None
            ok = [i for i in range(len(info.choices)) if run.choice_problem(i) is None
                  and not (info.choices[i].fight and run.hp < 0.5 * run.max_hp)]
            return run.answer_event(ok[0] if ok else len(info.choices) - 1)
        raise ValueError(f"RunBot has no choice in phase {run.phase}")

    def _room(self, run: Run, rng: random.Random) -> int:
        options = run.accessible()
        hurt = run.hp < 0.5 * run.max_hp

        def want(i: int) -> float:
            kind = run.map.nodes[i].kind
            table = {"rest": 5 if hurt else 1, "elite": -3 if hurt else 2, "shop": 2,
                     "treasure": 4, "event": 2, "combat": 1 if hurt else 2, "boss": 0}
            return table[kind] + rng.random()

        return max(options, key=want)

    def _shop(self, run: Run) -> Run:
        assert run.shop is not None
        shop = run.shop
        wanted = sorted(range(len(shop.cards)),
                        key=lambda i: -_value(_face(shop.cards[i].item), run))
        for i in wanted:
            offer = shop.cards[i]
            if not offer.sold and offer.price <= run.gold and _value(_face(offer.item), run) >= 8:
                return run.buy_card(i)
        for i, offer in enumerate(shop.relics):
            if not offer.sold and offer.price <= run.gold:
                return run.buy_relic(i)
        return run.leave_shop()


def _face(text: str) -> Card:
    return Card.parse(text)


def play_run(seed: int, fighter: str = "greedy", policy: RunBot | None = None) -> Run:
    """A whole run by bots: ``fighter`` plays the runner's fights, ``policy`` the choices."""
    policy = policy or RunBot()
    run = Run.start(seed)
    rng = random.Random(f"kingdom-spire-bot:{seed}")
    bot = make_bot(fighter)
    while run.phase not in OVER:
        if run.phase == "combat":
            assert run.combat is not None
            run = run.finish_combat(play_fight(run.combat, bot))
        else:
            run = policy.step(run, rng)
    return run
