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
from kingdom_rules.spire.content import Choice
from kingdom_rules.spire.fighter import spire_fighter
from kingdom_rules.spire.run import ACTS, OVER, Combat, Run, RunRefused
from kingdom_rules.state import GameState
from kingdom_rules.view import view

MAX_DECISIONS: Final = 5_000


def new_fight(combat: Combat) -> GameState:
    """The fight's hand as dealt: the runner is player 1."""
    return new_game(player_count=2, seed=combat.seed, mode="game", setup=combat.setup)


def play_fight(combat: Combat, runner: Bot, state: GameState | None = None,
               moves: list[int] | None = None) -> GameState:
    """Play the fight's hand to its end (from ``state`` if given) with ``runner`` as player 1
    and the combat's own bot as the enemy; each seat's randomness comes from the fight's
    seed, so the same bots always play the same hand. ``moves``, if given, receives each
    seat's count of moves (the runner's first)."""
    state = state or new_fight(combat)
    bots = [runner, make_bot(combat.bot)]
    rngs = [seat_rng(combat.seed, 1), seat_rng(combat.seed, 2)]
    counts = [0, 0]
    for _ in range(MAX_DECISIONS):
        if state.phase == "finished":
            break
        acting = players_to_act(state)
        if not acting:
            break
        p = acting[0]
        v = view(state, p)
        state, _ = apply(state, bots[p - 1].choose(v, v.legal_actions, rngs[p - 1]))
        counts[p - 1] += 1
    if moves is not None:
        moves.extend(counts)
    return state


def _value(card: Card, run: Run) -> float:
    """How much the bot wants a card: Heroes, royals of ranks it lacks, then number cards of
    its banner's colour (or its suit's), then high numbers."""
    have = {c.rank for c in run.deck if c.is_royal and not c.is_hero}
    colour = run.banner() or Card.parse(f"{run.suit or 'hearts'}-2").color
    if card.is_hero:
        return 9.0
    if card.is_royal:
        return (8.0 if card.rank not in have else 3.0) - (1.0 if card.color != colour else 0)
    return (4.0 if card.color == colour else 1.5) + float(card.value) / 10


def _gold_worth(run: Run) -> float:
    """What 1 gold is worth to the bot: less the more it holds and in the last act (gold left
    scores nothing)."""
    if _spending(run):
        return 0.05
    return 0.3 if run.gold < 100 else 0.15 if run.gold < 250 else 0.05


def _hp_worth(run: Run) -> float:
    """What 1 HP is worth to the bot: more the more hurt it is."""
    share = run.hp / max(run.max_hp, 1)
    return 2.0 if share < 0.4 else 1.2 if share < 0.7 else 0.6


def _answer_worth(run: Run, c: Choice) -> float:
    """A rough worth of an event's answer for this run (gold ~0.3 a piece, HP by need)."""
    hp = _hp_worth(run)
    heal = c.hp + run.max_hp * c.heal_percent // 100
    heal = min(heal, run.max_hp - run.hp) if heal > 0 else heal
    worth = _gold_worth(run) * (c.gold if not c.gamble else c.gold / 2 - c.stake / 2)
    worth += hp * heal
    worth += 1.0 * c.max_hp
    lean = len(run.deck) <= 8 + run.bonus("lean")
    if c.card:
        worth += {"hero": 30.0, "royal": 18.0, "number": 2.0 if lean else 7.0}[c.card] * (
            0.5 if c.gamble else 1.0)
    if c.remove:
        worth += 10.0 if not lean else 2.0
    if c.lose_card:  # a random card: maybe a good one
        worth += 4.0 if not lean else -4.0
    if c.relic:
        worth += 25.0
    if c.fortify:
        worth += 8.0
    if c.fight:
        worth += 30.0 if run.hp > 0.7 * run.max_hp else -25.0
    return worth


@attrs.frozen
class RunBot:
    """The run's choices by plain rules: rooms by HP (rest when hurt, elites when healthy),
    a reward's card when it fits the deck (else skip: a lean deck draws better), rest below
    60% HP else fortify the best card, shops: a royal or Hero, a card removal, a relic;
    events: the answer worth most to this run (HP counts more when hurt). In the last act
    gold has nothing left to wait for: the bot heads for shops it can buy in and spends there
    (see :func:`_spending`)."""

    def step(self, run: Run, rng: random.Random) -> Run:
        """The run after one choice (not for fights: see :func:`play_fight`)."""
        if run.phase == "deck-selection":
            return run.choose_suit(rng.choice(("hearts", "diamonds", "clubs", "spades")))
        if run.phase == "map":
            return run.enter(self._room(run, rng))
        if run.phase == "reward":
            assert run.reward is not None
            best = max(run.reward.cards, key=lambda c: _value(c, run), default=None)
            lean = len(run.deck) < 8 + run.bonus("lean")
            if best is not None and _value(best, run) < 4.5 and not lean:
                best = None  # a weak card would thin nothing and draw worse
            return run.take_card(best)
        if run.phase == "rest":
            unfortified = [c for c in run.deck if c not in run.fortified]
            if (run.hp < 0.6 * run.max_hp or len(run.fortified) >= run.fortify_cap()
                    or not unfortified):
                return run.rest()
            return run.fortify(max(unfortified, key=lambda c: _value(c, run)))
        if run.phase == "shop":
            return self._shop(run)
        if run.phase == "event":
            info = run.event_info()
            assert info is not None
            ok = [i for i in range(len(info.choices)) if run.choice_problem(i) is None]
            return run.answer_event(max(ok, key=lambda i: _answer_worth(run, info.choices[i])
                                        + rng.uniform(-3, 3)))
        raise ValueError(f"RunBot has no choice in phase {run.phase}")

    def _room(self, run: Run, rng: random.Random) -> int:
        options = run.accessible()
        hurt = run.hp < 0.5 * run.max_hp

        def want(i: int) -> float:
            kind = run.map.nodes[i].kind
            table = {"rest": 5 if hurt else 1, "elite": -3 if hurt else 2,
                     "shop": 3 if run.gold >= 75 else 0,
                     "treasure": 4, "event": 2, "combat": 1 if hurt else 2, "boss": 0}
            return table[kind] + (3 if i in shopping else 0) + rng.random()

        # The last act: gold left at the end is worth nothing, so head for a shop.
        shopping = (_leads_to_shop(run, options) if _spending(run) and run.gold >= 75
                    else set())
        return max(options, key=want)

    def _shop(self, run: Run) -> Run:
        assert run.shop is not None
        shop = run.shop
        wanted = sorted(range(len(shop.cards)),
                        key=lambda i: -_value(_face(shop.cards[i].item), run))
        rich = run.gold >= 200 or _spending(run)  # gold left scores nothing: spend it
        for i in wanted:
            offer = shop.cards[i]
            value = _value(_face(offer.item), run)
            if not offer.sold and offer.price <= run.gold and (value >= 8 or rich and value >= 4):
                return run.buy_card(i)
        numbers = sorted((c for c in run.deck if c.is_number), key=lambda c: _value(c, run))
        if (not shop.removed and numbers and len(run.deck) > 6
                and shop.removal_price <= run.gold and _value(numbers[0], run) < 4.5):
            try:
                return run.remove_card(numbers[0])
            except RunRefused:
                pass
        for i, offer in enumerate(shop.relics):
            if not offer.sold and offer.price <= run.gold:
                return run.buy_relic(i)
        return run.leave_shop()


def _spending(run: Run) -> bool:
    """Whether the run is in its last act, where gold left at the end is worth nothing."""
    return run.act == ACTS


def _leads_to_shop(run: Run, options: tuple[int, ...]) -> set[int]:
    """The nodes among ``options`` from which a path of this act's map reaches a shop."""
    act_map = run.map
    found: dict[int, bool] = {}

    def reaches(i: int) -> bool:
        if i not in found:
            found[i] = act_map.nodes[i].kind == "shop" or any(
                reaches(c) for c in act_map.children(i))
        return found[i]

    return {i for i in options if reaches(i)}


def _face(text: str) -> Card:
    return Card.parse(text)


def play_run(seed: int, fighter: str = "greedy", policy: RunBot | None = None,
             trace: list[dict[str, object]] | None = None) -> Run:
    """A whole run by bots: ``fighter`` plays the runner's fights (``search``: the Spire's
    SearchBot, :func:`~kingdom_rules.spire.fighter.spire_fighter`), ``policy`` the choices.
    ``trace``, if given, receives one entry per fight (kind, won, moves of each seat) and
    per choice (its phase and, for events, the answer)."""
    policy = policy or RunBot()
    run = Run.start(seed)
    rng = random.Random(f"kingdom-spire-bot:{seed}")
    bot = spire_fighter(fighter)
    while run.phase not in OVER:
        if run.phase == "combat":
            assert run.combat is not None
            moves: list[int] = []
            kind, hp, won = run.combat.kind, run.hp, run.fights_won
            run = run.finish_combat(play_fight(run.combat, bot, moves=moves))
            if trace is not None:
                trace.append({"fight": kind, "act": run.act, "won": run.fights_won > won,
                              "moves": moves, "hp": [hp, run.hp], "died": run.phase == "lost"})
        else:
            before = run
            run = policy.step(run, rng)
            if trace is not None:
                entry: dict[str, object] = {"choice": before.phase}
                if before.phase == "event" and before.event:
                    info = before.event_info()
                    assert info is not None
                    entry["event"] = before.event
                    entry["answer"] = next(
                        (i for i in range(len(info.choices))
                         if _answered(before, i, run)), -1)
                trace.append(entry)
    return run


def _answered(before: Run, i: int, after: Run) -> bool:
    try:
        return before.answer_event(i) == after
    except RunRefused:
        return False
