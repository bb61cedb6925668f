"""A Spire run as a value (R39, issue 15; docs/spire.md).

A :class:`Run` is frozen: every transition returns a new run, or raises
:class:`RunRefused` with a clear message and changes nothing. Everything random is drawn from
the run's seed and where the run stands, so a run is reproduced exactly by its seed and the
player's choices (fights included: a fight is a hand of Kingdom with its own seed and setup).

>>> run = Run.start(7).choose_suit("hearts")
>>> run.phase, run.hp, run.max_hp, run.gold, len(run.deck)
('map', 50, 50, 0, 6)
>>> run = run.enter(run.accessible()[0])
>>> run.phase, run.combat.enemy
('combat', 'Road Bandit')
>>> Run.from_json(run.to_json()) == run
True
"""

from __future__ import annotations

import functools
import random
from typing import TYPE_CHECKING, Any, Final

import attrs

from kingdom_rules.cards import DECK, SUITS, Card
from kingdom_rules.setups import (
    MAX_FORTIFIED,
    MAX_HAND,
    MIN_HAND,
    SpireSetup,
    StartingKingdom,
    combat_result,
    setup_from_json,
)
from kingdom_rules.spire.content import EVENTS, RELICS, Choice, Event, enemy_for
from kingdom_rules.spire.maps import ActMap, generate_map

if TYPE_CHECKING:
    from kingdom_rules.setups import CombatResult
    from kingdom_rules.state import GameState

Json = dict[str, Any]

ACTS: Final = 3
START_HP: Final = 50
CLUBS_HP: Final = 10
DIAMONDS_GOLD: Final = 0.25
NUMBER_CARDS: Final = 5
REST_HEAL: Final = 0.30
GOLD: Final = {"combat": (10, 20), "elite": (25, 35), "boss": (95, 105)}
PRICES: Final = {"number": 50, "royal": 75, "hero": 150}
PRICE_SPREAD: Final = 0.10
RELIC_PRICES: Final = (150, 300)
REMOVAL_PRICE: Final = 75
REMOVAL_STEP: Final = 25
SUIT_PERKS: Final[dict[str, str]] = {
    "hearts": "Balanced: nothing extra.",
    "diamonds": f"+{round(DIAMONDS_GOLD * 100)}% gold from fights.",
    "clubs": f"+{CLUBS_HP} max HP.",
    "spades": "A 7th card in the starter deck: a number card of another suit.",
}
"""Each suit's perk in words (R39), as :meth:`Run.choose_suit` and the rewards apply them: the
one text the server (a run's `suitPerks`), the web app and the terminal show."""
MIN_DECK: Final = 4
"""A card is never removed from a deck of this many cards."""
PHASES: Final = ("deck-selection", "map", "combat", "reward", "rest", "shop", "event", "won",
                 "lost", "abandoned")
OVER: Final = frozenset({"won", "lost", "abandoned"})


class RunRefused(ValueError):
    """A transition the run's state does not allow; the run is unchanged."""


@functools.lru_cache(maxsize=64)
def act_map(seed: int, act: int) -> ActMap:
    """The map of an act of the run with this seed (cached: maps are pure)."""
    return generate_map(seed, act)


def _card_kind(card: Card) -> str:
    return "hero" if card.is_hero else "royal" if card.is_royal else "number"


def _cards(items: Any) -> tuple[Card, ...]:
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in items)


@attrs.frozen
class Combat:
    """The fight the run waits on: a hand of Kingdom with this ``seed`` and ``setup`` (the
    runner is player 1), against ``enemy`` played by the bot ``bot``."""

    kind: str
    """combat, elite or boss (an event's fight is an elite)."""
    seed: int
    setup: SpireSetup
    enemy: str
    bot: str
    perk: str
    from_event: bool = False

    def to_json(self) -> Json:
        return {"kind": self.kind, "seed": self.seed, "setup": self.setup.to_json(),
                "enemy": self.enemy, "bot": self.bot, "perk": self.perk,
                "fromEvent": self.from_event}

    @staticmethod
    def from_json(d: Json) -> Combat:
        setup = setup_from_json(d["setup"])
        if not isinstance(setup, SpireSetup):
            raise ValueError("A Spire fight has a Spire setup")
        return Combat(d["kind"], int(d["seed"]), setup, d["enemy"], d["bot"], d["perk"],
                      bool(d.get("fromEvent", False)))


@attrs.frozen
class Offer:
    """Something for sale: a card face or a relic id, its price, whether it was bought."""

    item: str
    price: int
    sold: bool = False

    def to_json(self) -> Json:
        return {"item": self.item, "price": self.price, "sold": self.sold}

    @staticmethod
    def from_json(d: Json) -> Offer:
        return Offer(str(d["item"]), int(d["price"]), bool(d["sold"]))


@attrs.frozen
class Shop:
    cards: tuple[Offer, ...]
    relics: tuple[Offer, ...]
    removal_price: int
    removed: bool = False
    """One card removal per visit."""

    def to_json(self) -> Json:
        return {"cards": [o.to_json() for o in self.cards],
                "relics": [o.to_json() for o in self.relics],
                "removalPrice": self.removal_price, "removed": self.removed}

    @staticmethod
    def from_json(d: Json) -> Shop:
        return Shop(tuple(Offer.from_json(o) for o in d["cards"]),
                    tuple(Offer.from_json(o) for o in d["relics"]),
                    int(d["removalPrice"]), bool(d["removed"]))


@attrs.frozen
class Reward:
    """What a won fight gave (gold and relic already taken) and the card choice left."""

    gold: int
    cards: tuple[Card, ...] = attrs.field(converter=_cards)
    relic: str | None
    boss: bool

    def to_json(self) -> Json:
        return {"gold": self.gold, "cards": [c.id for c in self.cards], "relic": self.relic,
                "boss": self.boss}

    @staticmethod
    def from_json(d: Json) -> Reward:
        return Reward(int(d["gold"]), tuple(Card.parse(c) for c in d["cards"]), d["relic"],
                      bool(d["boss"]))


def _optional(d: Any, cls: Any) -> Any:
    return None if d is None else cls.from_json(d)


@attrs.frozen
class Run:
    """A whole run. ``position`` is the index of the current node in the act's map (None
    before the act's first node); ``completed`` the nodes done in this act."""

    seed: int
    phase: str
    previews: tuple[Card, ...] = attrs.field(converter=_cards)
    """The royal each suit would bring (hearts, diamonds, clubs, spades)."""
    suit: str | None = None
    act: int = 1
    hp: int = START_HP
    max_hp: int = START_HP
    gold: int = 0
    deck: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    fortified: tuple[Card, ...] = attrs.field(default=(), converter=_cards)
    relics: tuple[str, ...] = ()
    position: int | None = None
    completed: tuple[int, ...] = ()
    floors_climbed: int = 0
    fights_won: int = 0
    fights_lost: int = 0
    elites_beaten: int = 0
    bosses_beaten: int = 0
    removals: int = 0
    phoenix_used: bool = False
    events_seen: tuple[str, ...] = ()
    combat: Combat | None = None
    reward: Reward | None = None
    shop: Shop | None = None
    event: str | None = None
    notice: str = ""
    """What the last step did, in words."""

    # --- reading -------------------------------------------------------------------------

    @property
    def map(self) -> ActMap:
        return act_map(self.seed, self.act)

    @property
    def over(self) -> bool:
        return self.phase in OVER

    @property
    def floor(self) -> int:
        """The floor of the current node in this act (0 before the first)."""
        return 0 if self.position is None else self.map.nodes[self.position].floor

    @property
    def score(self) -> int:
        """5 per floor climbed, 20 per elite and 50 per boss beaten, 1 per HP left, 1 per 10
        gold left, and 100 for winning the run."""
        return (5 * self.floors_climbed + 20 * self.elites_beaten + 50 * self.bosses_beaten
                + max(self.hp, 0) + self.gold // 10 + (100 if self.phase == "won" else 0))

    def accessible(self) -> tuple[int, ...]:
        """The nodes the runner may enter now (none outside the map phase)."""
        if self.phase != "map":
            return ()
        if self.position is None:
            return self.map.starts()
        return self.map.children(self.position)

    def has(self, relic: str) -> bool:
        return relic in self.relics

    def removal_price(self) -> int:
        return max(0, REMOVAL_PRICE + REMOVAL_STEP * self.removals
                   - (25 if self.has("quill") else 0))

    def chest(self) -> tuple[str | None, int] | None:
        """What the treasure room the runner stands in gave, derived from the state: the
        relic taken from the chest (None when every relic was already owned and the chest
        held 50 gold instead) and the gold found there (that 50, and 50 more with the
        Treasure Map). None when the runner does not stand in an opened treasure room."""
        if self.phase != "map" or self.position is None:
            return None
        if self.map.nodes[self.position].kind != "treasure":
            return None
        relic: str | None = None
        if self.relics:
            before = attrs.evolve(self, relics=self.relics[:-1])
            drawn = before._random_relic(self._rng("treasure"))
            # With every relic owned the chest gives gold, and the last relic came earlier;
            # only then can a full set look like a draw, and the room's words tell them apart.
            full = (len(self.relics) == len(RELICS)
                    and self.notice.startswith("In the chest: 50 gold"))
            if drawn == self.relics[-1] and not full:
                relic = drawn
        gold = (0 if relic else 50) + (50 if self.has("treasure-map") else 0)
        return relic, gold

    def event_info(self) -> Event | None:
        return EVENTS[self.event] if self.event else None

    # --- starting ------------------------------------------------------------------------

    @staticmethod
    def start(seed: int) -> Run:
        """A new run waiting for its suit; each suit's royal is previewed."""
        rng = random.Random(f"kingdom-spire-previews:{seed}")
        previews = tuple(Card.parse(f"{s}-{rng.choice(('J', 'Q', 'K'))}") for s in SUITS)
        return Run(seed=seed, phase="deck-selection", previews=previews,
                   notice="Choose a suit.")

    def choose_suit(self, suit: str) -> Run:
        """The starter deck (R39): the previewed royal and 5 number cards of the suit, and
        the suit's perk (diamonds +25% gold, clubs +10 max HP, spades a 7th card)."""
        self._need("deck-selection", "The run's suit is already chosen")
        if suit not in SUITS:
            raise RunRefused(f"Choose hearts, diamonds, clubs or spades, not {suit[:20]!r}")
        rng = self._rng("starter")
        numbers = [c for c in DECK if c.is_number and c.suit == suit]
        deck = [self.previews[SUITS.index(suit)], *rng.sample(numbers, NUMBER_CARDS)]
        if suit == "spades":
            others = [c for c in DECK if c.is_number and c.suit != suit]
            deck.append(rng.choice(others))
        hp = START_HP + (CLUBS_HP if suit == "clubs" else 0)
        return attrs.evolve(self, phase="map", suit=suit, deck=_sorted(deck), hp=hp,
                            max_hp=hp, notice="Choose your first room.")

    # --- moving --------------------------------------------------------------------------

    def enter(self, index: int) -> Run:
        """Enter a node connected to the current one."""
        self._need("map", "Finish the current room first")
        if index not in self.accessible():
            raise RunRefused("That room is not connected to where you stand")
        node = self.map.nodes[index]
        run = attrs.evolve(self, position=index, floors_climbed=self.floors_climbed + 1,
                           notice="")
        if node.kind in ("combat", "elite", "boss"):
            return run._fight(node.kind, from_event=False)
        if node.kind == "rest":
            return attrs.evolve(run, phase="rest", notice="A rest site. Rest or fortify a card.")
        if node.kind == "shop":
            run = attrs.evolve(run, phase="shop", shop=run._stock(), notice="A shop.")
            if run.has("meal-ticket"):
                run = run._heal(12, "Meal Ticket")
            return run
        if node.kind == "treasure":
            run = run._gain_relic(run._random_relic(run._rng("treasure")), "In the chest")
            if run.has("treasure-map"):
                run = attrs.evolve(run, gold=run.gold + 50,
                                   notice=run.notice + " The Treasure Map finds 50 gold.")
            return run._complete()
        event = run._pick_event()
        return attrs.evolve(run, phase="event", event=event.id,
                            events_seen=(*run.events_seen, event.id), notice=event.text)

    def abandon(self) -> Run:
        if self.over:
            raise RunRefused("The run is already over")
        return attrs.evolve(self, phase="abandoned", combat=None, reward=None, shop=None,
                            event=None, notice="You abandoned the run.")

    # --- fights --------------------------------------------------------------------------

    def finish_combat(self, state: GameState) -> Run:
        """The run after the fight's hand ``state`` (finished, the fight's own seed and
        setup): a win gives gold, a card choice and for elites and bosses a relic; a loss
        costs HP (R38); HP 0 ends the run."""
        self._need("combat", "There is no fight to finish")
        assert self.combat is not None
        if state.seed != self.combat.seed or state.setup != self.combat.setup:
            raise RunRefused("That hand is not this run's fight")
        result = combat_result(state)
        if result is None:
            raise RunRefused("The fight is not over yet")
        return self._resolve(result)

    def _resolve(self, result: CombatResult) -> Run:
        assert self.combat is not None
        kind, combat = self.combat.kind, self.combat
        if not result.won:
            loss = result.hp_lost
            if self.has("iron-skin"):
                loss = max(1, loss - 3)
            run = attrs.evolve(self, hp=self.hp - loss, fights_lost=self.fights_lost + 1,
                               combat=None,
                               notice=f"You lost to {combat.enemy} "
                                      f"({result.runner_score}-{result.enemy_score}) and "
                                      f"{loss} HP.")
            if run.hp <= 0 and run.has("phoenix-feather") and not run.phoenix_used:
                run = attrs.evolve(run, hp=10, phoenix_used=True,
                                   notice=run.notice + " The Phoenix Feather burns: 10 HP.")
            if run.hp <= 0:
                return attrs.evolve(run, hp=0, phase="lost",
                                    notice=run.notice + " Your run ends.")
            if kind == "boss":  # the boss must be beaten: a new hand
                return run._fight("boss", from_event=False, again=True)
            return run._complete()
        rng = self._rng("reward")
        low, high = GOLD[kind]
        gold = rng.randint(low, high)
        bonus = (DIAMONDS_GOLD if self.suit == "diamonds" else 0) + (
            0.25 if self.has("golden-idol") else 0)
        gold = round(gold * (1 + bonus)) + (20 if kind != "combat" and self.has("strongbox")
                                            else 0)
        run = attrs.evolve(self, gold=self.gold + gold, fights_won=self.fights_won + 1,
                           elites_beaten=self.elites_beaten + (kind == "elite"),
                           bosses_beaten=self.bosses_beaten + (kind == "boss"), combat=None,
                           notice=f"You beat {combat.enemy} ({result.runner_score}-"
                                  f"{result.enemy_score}): {gold} gold.")
        if run.has("healing-spring"):
            run = run._heal(4, "Healing Spring")
        relic = None
        if kind in ("elite", "boss"):
            relic = run._random_relic(rng)
            run = run._gain_relic(relic, "The enemy drops")
        cards = run._card_choices(rng, kind)
        return attrs.evolve(run, phase="reward",
                            reward=Reward(gold, cards, relic, kind == "boss"))

    def _fight(self, kind: str, from_event: bool, again: bool = False) -> Run:
        rng = self._rng(f"fight:{kind}:{from_event}:{self.fights_lost}")
        enemy = enemy_for(kind, self.act)
        strong = kind in ("elite", "boss")
        hand = 4 + self.has("war-drum") + (strong and self.has("battle-standard"))
        enemy_hand = max(MIN_HAND, enemy.hand_size - self.has("sharp-eye"))
        suit = self.suit or "hearts"
        free = [c for c in DECK if c.is_number and c.suit == suit and c not in self.deck]
        mine: list[Card] = []
        if self.has("copper-crown") and free:
            mine.append(free[0])
        if strong and self.has("stone-keep") and free and free[-1] not in mine:
            mine.append(free[-1])
        taken = set(self.deck) | set(mine)
        numbers = [c for c in DECK if c.is_number and c not in taken]
        theirs = rng.sample(numbers, enemy.resources)
        jacks = [c for c in DECK if c.rank == "J" and c not in taken]
        royals = rng.sample(jacks, min(enemy.royals, len(jacks)))
        setup = SpireSetup(self.deck, self.fortified,
                           (min(hand, MAX_HAND), min(enemy_hand, MAX_HAND)),
                           (StartingKingdom(tuple(mine)), StartingKingdom(tuple(theirs),
                                                                          tuple(royals))))
        combat = Combat(kind, rng.randrange(2**31), setup, enemy.name, enemy.bot, enemy.perk,
                        from_event)
        text = f"{enemy.name} ({kind}): {enemy.perk}."
        if again:
            text = f"{self.notice} {enemy.name} stands again: fight on."
        return attrs.evolve(self, phase="combat", combat=combat, notice=text)

    # --- rewards, rest, shop, events -----------------------------------------------------

    def take_card(self, card: Card | str | None) -> Run:
        """Take one of the offered cards, or None to skip."""
        self._need("reward", "There is no reward to take")
        assert self.reward is not None
        run = self
        if card is not None:
            face = card if isinstance(card, Card) else _parse(card)
            if face not in self.reward.cards:
                raise RunRefused("That card is not one of the offered cards")
            run = attrs.evolve(run, deck=_sorted([*run.deck, face]),
                               notice=f"{face.id} joins your deck.")
        else:
            run = attrs.evolve(run, notice="You skipped the card.")
        boss = self.reward.boss
        run = attrs.evolve(run, reward=None)
        if not boss:
            return run._complete()
        if self.act == ACTS:
            return attrs.evolve(run, phase="won", notice="You conquered the Spire!")
        return attrs.evolve(run, phase="map", act=self.act + 1, position=None, completed=(),
                            hp=run.max_hp,
                            notice=f"Act {self.act + 1}. You climb on, fully healed.")

    def rest(self) -> Run:
        """Heal 30% of max HP (more with the Bandage Roll)."""
        self._need("rest", "You are not at a rest site")
        share = REST_HEAL + (0.15 if self.has("bandage-roll") else 0)
        return self._heal(int(self.max_hp * share), "You rest")._complete()

    def fortify(self, card: Card | str) -> Run:
        """Fortify a card of the deck: always on top of your pile (R39, at most 4)."""
        self._need("rest", "You are not at a rest site")
        face = card if isinstance(card, Card) else _parse(card)
        if face not in self.deck:
            raise RunRefused("That card is not in your deck")
        if face in self.fortified:
            raise RunRefused("That card is already fortified")
        if len(self.fortified) >= MAX_FORTIFIED:
            raise RunRefused(f"At most {MAX_FORTIFIED} cards are fortified")
        return attrs.evolve(self, fortified=_sorted([*self.fortified, face]),
                            notice=f"{face.id} is fortified.")._complete()

    def buy_card(self, i: int) -> Run:
        shop = self._in_shop()
        offer = _offer(shop.cards, i)
        if self.gold < offer.price:
            raise RunRefused("Not enough gold")
        face = Card.parse(offer.item)
        cards = _replace(shop.cards, i, attrs.evolve(offer, sold=True))
        return attrs.evolve(self, gold=self.gold - offer.price,
                            deck=_sorted([*self.deck, face]),
                            shop=attrs.evolve(shop, cards=cards),
                            notice=f"You bought {face.id} for {offer.price} gold.")

    def buy_relic(self, i: int) -> Run:
        shop = self._in_shop()
        offer = _offer(shop.relics, i)
        if self.gold < offer.price:
            raise RunRefused("Not enough gold")
        relics = _replace(shop.relics, i, attrs.evolve(offer, sold=True))
        run = attrs.evolve(self, gold=self.gold - offer.price,
                           shop=attrs.evolve(shop, relics=relics))
        return run._gain_relic(offer.item, f"You bought for {offer.price} gold")

    def remove_card(self, card: Card | str) -> Run:
        shop = self._in_shop()
        face = card if isinstance(card, Card) else _parse(card)
        if shop.removed:
            raise RunRefused("This shop removes one card per visit")
        if face not in self.deck:
            raise RunRefused("That card is not in your deck")
        if len(self.deck) <= MIN_DECK:
            raise RunRefused(f"Your deck keeps at least {MIN_DECK} cards")
        if face.is_number and sum(c.is_number for c in self.deck) == 1:
            raise RunRefused("Your deck keeps at least one number card")
        price = shop.removal_price
        if self.gold < price:
            raise RunRefused("Not enough gold")
        return attrs.evolve(self, gold=self.gold - price,
                            deck=tuple(c for c in self.deck if c is not face),
                            fortified=tuple(c for c in self.fortified if c is not face),
                            removals=self.removals + 1,
                            shop=attrs.evolve(shop, removed=True),
                            notice=f"{face.id} is gone from your deck ({price} gold).")

    def leave_shop(self) -> Run:
        self._in_shop()
        return attrs.evolve(self, shop=None, notice="You leave the shop.")._complete()

    def choice_problem(self, i: int) -> str | None:
        """Why answer ``i`` of the current event is refused, or None if it may be chosen."""
        event = self.event_info()
        if self.phase != "event" or event is None:
            return "There is no event to answer"
        if not 0 <= i < len(event.choices):
            return "No such answer"
        c = event.choices[i]
        cost = 30 if c.gamble else -c.gold
        if cost > 0 and self.gold < cost:
            return "Not enough gold"
        if c.hp < 0 and self.hp <= -c.hp:
            return "Not enough HP"
        if c.max_hp < 0 and self.max_hp + c.max_hp < 10:
            return "Not enough max HP"
        if c.lose_card and not self._sellable():
            return "You have no number card to spare"
        if c.card and not self._faces(c.card):
            return f"There is no {c.card} card left to gain"
        return None

    def answer_event(self, i: int) -> Run:
        problem = self.choice_problem(i)
        if problem:
            raise RunRefused(problem)
        event = self.event_info()
        assert event is not None
        c: Choice = event.choices[i]
        rng = self._rng(f"event:{event.id}")
        run = attrs.evolve(self, event=None, notice=c.label + ".")
        if c.fight:
            return run._fight("elite", from_event=True)
        if c.gamble:
            won = rng.random() < 0.5
            run = attrs.evolve(run, gold=run.gold - 30 + (c.gold if won else 0),
                               notice="The coin falls your way: you win 75 gold." if won
                               else "The coin falls his way: you lose 30 gold.")
        else:
            run = attrs.evolve(run, gold=run.gold + c.gold)
        if c.max_hp:
            top = run.max_hp + c.max_hp
            run = attrs.evolve(run, max_hp=top, hp=min(run.hp + max(c.max_hp, 0), top))
        if c.hp:
            run = attrs.evolve(run, hp=min(run.hp + c.hp, run.max_hp))
        if c.heal_percent:
            run = run._heal(run.max_hp * c.heal_percent // 100, "You heal")
        if c.lose_card:
            face = rng.choice(run._sellable())
            run = attrs.evolve(run, deck=tuple(x for x in run.deck if x is not face),
                               fortified=tuple(x for x in run.fortified if x is not face),
                               notice=f"{run.notice} {face.id} is sold.")
        if c.card:
            face = rng.choice(run._faces(c.card))
            run = attrs.evolve(run, deck=_sorted([*run.deck, face]),
                               notice=f"{run.notice} {face.id} joins your deck.")
        if c.relic:
            run = run._gain_relic(run._random_relic(rng), run.notice)
        return run._complete()

    # --- helpers -------------------------------------------------------------------------

    def _need(self, phase: str, message: str) -> None:
        if self.over:
            raise RunRefused("The run is over")
        if self.phase != phase:
            raise RunRefused(message)

    def _in_shop(self) -> Shop:
        self._need("shop", "You are not in a shop")
        assert self.shop is not None
        return self.shop

    def _rng(self, label: str) -> random.Random:
        return random.Random(f"kingdom-spire:{self.seed}:{self.act}:{self.position}:{label}")

    def _complete(self) -> Run:
        done = self.completed
        if self.position is not None and self.position not in done:
            done = (*done, self.position)
        return attrs.evolve(self, phase="map", completed=done, combat=None, shop=None,
                            event=None, reward=None)

    def _heal(self, amount: int, why: str) -> Run:
        healed = min(self.max_hp, self.hp + amount) - self.hp
        text = f"{self.notice} {why}: +{healed} HP.".strip()
        return attrs.evolve(self, hp=self.hp + healed, notice=text)

    def _faces(self, kind: str) -> list[Card]:
        return [c for c in DECK if _card_kind(c) == kind and c not in self.deck]

    def _sellable(self) -> list[Card]:
        numbers = [c for c in self.deck if c.is_number]
        return numbers if len(numbers) > 1 and len(self.deck) > MIN_DECK else []

    def _random_relic(self, rng: random.Random) -> str:
        left = [r for r in RELICS if r not in self.relics]
        return rng.choice(left) if left else ""

    def _gain_relic(self, relic: str, why: str) -> Run:
        if not relic:  # every relic owned: gold instead
            return attrs.evolve(self, gold=self.gold + 50,
                                notice=f"{self.notice} {why}: 50 gold.".strip())
        info = RELICS[relic]
        run = attrs.evolve(self, relics=(*self.relics, relic),
                           notice=f"{self.notice} {why}: {info.name} ({info.text})".strip())
        if relic == "heart-of-oak":
            run = attrs.evolve(run, max_hp=run.max_hp + 10, hp=run.hp + 10)
        if relic == "coin-purse":
            run = attrs.evolve(run, gold=run.gold + 100)
        return run

    def _card_choices(self, rng: random.Random, kind: str) -> tuple[Card, ...]:
        count = 4 if self.has("lucky-charm") else 3
        numbers, royals, heroes = (self._faces(k) for k in ("number", "royal", "hero"))
        out: list[Card] = []
        if kind == "boss" and heroes:
            out.append(rng.choice(heroes))
        if kind in ("elite", "boss") and royals:
            out.append(rng.choice(royals))
        while len(out) < count:
            pool = [c for c in (royals if rng.random() < 0.2 else numbers) if c not in out]
            pool = pool or [c for c in numbers + royals if c not in out]
            if not pool:
                break
            out.append(rng.choice(pool))
        return _sorted(out)

    def _stock(self) -> Shop:
        rng = self._rng("shop")
        numbers, royals, heroes = (self._faces(k) for k in ("number", "royal", "hero"))
        picks = rng.sample(numbers, min(3, len(numbers)))
        picks += rng.sample(royals, min(1, len(royals)))
        picks += rng.sample(heroes, min(1, len(heroes)))
        spare = [c for c in numbers + royals if c not in picks]
        picks += rng.sample(spare, min(5 - len(picks), len(spare)))
        discount = 0.8 if self.has("merchant-seal") else 1.0
        cards = tuple(Offer(c.id, round(PRICES[_card_kind(c)] * discount
                                        * rng.uniform(1 - PRICE_SPREAD, 1 + PRICE_SPREAD)))
                      for c in _sorted(picks))
        left = [r for r in RELICS if r not in self.relics]
        relics = tuple(Offer(r, round(rng.randint(*RELIC_PRICES) * discount))
                       for r in rng.sample(left, min(2, len(left))))
        return Shop(cards, relics, self.removal_price())

    def _pick_event(self) -> Event:
        rng = self._rng("event")
        fresh = [e for e in EVENTS if e not in self.events_seen] or list(EVENTS)
        return EVENTS[rng.choice(fresh)]

    # --- JSON ----------------------------------------------------------------------------

    def to_json(self) -> Json:
        """The run as JSON (seed 001's field names for the shared ones)."""
        return {
            "seed": self.seed, "phase": self.phase,
            "previews": [c.id for c in self.previews], "suit": self.suit,
            "currentAct": self.act, "currentHP": self.hp, "maxHP": self.max_hp,
            "gold": self.gold, "deck": [c.id for c in self.deck],
            "fortified": [c.id for c in self.fortified],
            "acquiredRelics": list(self.relics), "currentNodeIndex": self.position,
            "completed": list(self.completed), "floorReached": self.floors_climbed,
            "fightsWon": self.fights_won, "fightsLost": self.fights_lost,
            "elitesBeaten": self.elites_beaten, "bossesBeaten": self.bosses_beaten,
            "removals": self.removals, "phoenixUsed": self.phoenix_used,
            "eventsSeen": list(self.events_seen),
            "combat": self.combat.to_json() if self.combat else None,
            "reward": self.reward.to_json() if self.reward else None,
            "shop": self.shop.to_json() if self.shop else None,
            "event": self.event, "notice": self.notice, "score": self.score,
        }

    @staticmethod
    def from_json(d: Any) -> Run:
        """The run a :meth:`to_json` document describes; ``ValueError`` for a broken one."""
        if not isinstance(d, dict):
            raise ValueError("A run is an object")
        try:
            run = Run(
                seed=int(d["seed"]), phase=str(d["phase"]), previews=d["previews"],
                suit=d["suit"], act=int(d["currentAct"]), hp=int(d["currentHP"]),
                max_hp=int(d["maxHP"]), gold=int(d["gold"]), deck=d["deck"],
                fortified=d["fortified"], relics=tuple(d["acquiredRelics"]),
                position=d["currentNodeIndex"], completed=tuple(d["completed"]),
                floors_climbed=int(d["floorReached"]), fights_won=int(d["fightsWon"]),
                fights_lost=int(d["fightsLost"]), elites_beaten=int(d["elitesBeaten"]),
                bosses_beaten=int(d["bossesBeaten"]), removals=int(d["removals"]),
                phoenix_used=bool(d["phoenixUsed"]), events_seen=tuple(d["eventsSeen"]),
                combat=_optional(d["combat"], Combat), reward=_optional(d["reward"], Reward),
                shop=_optional(d["shop"], Shop), event=d["event"], notice=str(d["notice"]),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a run: {exc!r}") from exc
        if run.phase not in PHASES or run.act not in (1, 2, 3):
            raise ValueError("not a run: unknown phase or act")
        if any(r not in RELICS for r in run.relics) or (run.event and run.event not in EVENTS):
            raise ValueError("not a run: unknown relic or event")
        size = len(run.map.nodes)
        if run.position is not None and not 0 <= run.position < size or any(
                not 0 <= i < size for i in run.completed):
            raise ValueError("not a run: a node that is not on the act's map")
        if not 0 <= run.hp <= run.max_hp or len(set(run.deck)) != len(run.deck) or any(
                c not in run.deck for c in run.fortified):
            raise ValueError("not a run: HP, deck or fortified cards out of bounds")
        return run


def _parse(text: str) -> Card:
    try:
        return Card.parse(text)
    except ValueError:
        raise RunRefused(f"No such card: {text[:20]!r}") from None


def _sorted(cards: Any) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.order))


def _offer(offers: tuple[Offer, ...], i: int) -> Offer:
    if not 0 <= i < len(offers):
        raise RunRefused("No such item in the shop")
    if offers[i].sold:
        raise RunRefused("That item is sold")
    return offers[i]


def _replace(offers: tuple[Offer, ...], i: int, offer: Offer) -> tuple[Offer, ...]:
    return (*offers[:i], offer, *offers[i + 1:])
