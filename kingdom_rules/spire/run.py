"""A Spire run as a value (R39; docs/spire.md).

A :class:`Run` is frozen: every transition returns a new run, or raises
:class:`RunRefused` with a clear message and changes nothing. Everything random is drawn from
the run's seed and where the run stands, so a run is reproduced exactly by its seed and the
player's choices (fights included: a fight is a hand of Kingdom with its own seed and setup).

>>> run = Run.start(7).choose_suit("hearts")
>>> run.phase, run.hp, run.max_hp, run.gold, len(run.deck)
('map', 50, 50, 99, 6)
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
from kingdom_rules.hands import combat_result
from kingdom_rules.perks import Perks
from kingdom_rules.setups import (
    MAX_FORTIFIED,
    MAX_HAND,
    MIN_HAND,
    SpireSetup,
    StartingKingdom,
    setup_from_json,
)
from kingdom_rules.spire.content import (
    EVENTS,
    HOOKS,
    RELICS,
    RULE_HOOKS,
    STANDARD_SHARE,
    STANDARDS,
    Choice,
    Enemy,
    Event,
    Hook,
    Standard,
    enemy_for,
    relic,
)
from kingdom_rules.spire.maps import ActMap, generate_map, map_rules

if TYPE_CHECKING:
    from kingdom_rules.hands import CombatResult
    from kingdom_rules.state import GameState

Json = dict[str, Any]

ACTS: Final = 3
START_HP: Final = 50
START_GOLD: Final = 99
"""Slay the Spire's starting purse: the first shop can always buy something."""
CLUBS_HP: Final = 10
DIAMONDS_GOLD: Final = 0.25
NUMBER_CARDS: Final = 5
REST_HEAL: Final = 30
"""Percent of max HP a rest heals."""
GOLD: Final = {"combat": (10, 20), "elite": (25, 35), "boss": (95, 105)}
PRICES: Final = {"number": 50, "royal": 75, "hero": 150}
PRICE_SPREAD: Final = 0.10
RELIC_PRICES: Final = (150, 250)
REMOVAL_PRICE: Final = 75
REMOVAL_STEP: Final = 25
BASE_HAND: Final = 4
LEAN_DECK: Final = 8
"""A deck of at most this many cards is lean: its opening hand holds one card more."""
HEAVY_DECK: Final = 13
"""A deck of at least this many cards is heavy: its opening hand holds one card less."""
BANNER_SHARE: Final = 75
"""Percent of a deck's cards of one colour that raise its banner: a ready resource of that
colour in the kingdom at the start of every fight."""
MIN_LOSS: Final = 5
"""R38: a lost fight costs at least this many HP."""
HEARTS_HEAL: Final = 5
SUIT_PERKS: Final[dict[str, str]] = {
    "hearts": f"Steadfast: heal {HEARTS_HEAL} HP after every fight you win.",
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
    gold: int = START_GOLD
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
    path: tuple[tuple[int, int, str], ...] = ()
    """Every room entered in the run: (act, floor, kind)."""

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
        """The sum of :meth:`score_parts`."""
        return sum(self.score_parts().values())

    def score_parts(self) -> dict[str, int]:
        """The score's breakdown: 5 per floor climbed, 20 per elite and 50 per boss beaten,
        1 per HP left and 100 for winning the run. Gold left counts nothing: a run is scored
        for its progress, not for what it hoards."""
        return {"floors": 5 * self.floors_climbed, "elites": 20 * self.elites_beaten,
                "bosses": 50 * self.bosses_beaten, "hp": max(self.hp, 0),
                "victory": 100 if self.phase == "won" else 0}

    def accessible(self) -> tuple[int, ...]:
        """The nodes the runner may enter now (none outside the map phase)."""
        if self.phase != "map":
            return ()
        if self.position is None:
            return self.map.starts()
        return self.map.children(self.position)

    def has(self, relic_id: str) -> bool:
        relic(relic_id)  # an unknown id fails loudly
        return relic_id in self.relics

    def bonus(self, hook: Hook, kind: str | None = None) -> int:
        """The sum over the run's relics of ``hook`` (for a fight of ``kind``)."""
        if hook not in HOOKS:
            raise KeyError(f"unknown relic hook {hook!r}")
        return sum(relic(r).amount(hook, kind) for r in self.relics)

    def _by(self, hook: Hook) -> str:
        """The names of the run's relics that declare ``hook``, for a notice."""
        return " and ".join(relic(r).name for r in self.relics if relic(r).amount(hook))

    def removal_price(self) -> int:
        """75 gold, 25 more for each card removed before; less with the Scribe's Quill,
        the Merchant's Seal's discount, nothing with the Cleansing Salt's first removal."""
        if self.removals < self.bonus("free_removal"):
            return 0
        price = max(0, REMOVAL_PRICE + REMOVAL_STEP * self.removals - self.bonus("removal"))
        return round(price * (100 - self.bonus("discount")) / 100)

    # --- the deck's rules ------------------------------------------------------------------

    def deck_shape(self) -> tuple[str, int]:
        """Whether the deck is ``lean`` (+1 card in every opening hand), ``heavy`` (-1) or
        ``steady`` (0), and that number."""
        size = len(self.deck)
        if size <= LEAN_DECK + self.bonus("lean"):
            return "lean", 1
        if size >= HEAVY_DECK:
            return "heavy", -1
        return "steady", 0

    def banner(self) -> str | None:
        """The colour whose banner the deck raises (``red``/``black``), or None: at least
        75% of the deck's cards (less with the War Banner) are of that colour."""
        need = BANNER_SHARE - self.bonus("banner")
        for colour in ("red", "black"):
            if self.deck and 100 * sum(c.color == colour for c in self.deck) >= need * len(
                    self.deck):
                return colour
        return None

    def standard(self) -> Standard | None:
        """The suit standard the deck raises (:data:`STANDARDS`), or None: its most common
        suit (strictly) holds more than 50% of its cards (35% with the Heraldic Pennant)."""
        need = STANDARD_SHARE - self.bonus("standard")
        counts = sorted(((sum(c.suit == s for c in self.deck), s) for s in SUITS), reverse=True)
        (top, suit), (second, _) = counts[0], counts[1]
        if self.deck and top > second and 100 * top > need * len(self.deck):
            return STANDARDS[suit]
        return None

    def perks(self, kind: str) -> Perks:
        """The runner's play perks in a fight of ``kind`` (:mod:`kingdom_rules.perks`): the
        relics' rule hooks and the deck's suit standard."""
        amounts: dict[str, int] = {h: self.bonus(h, kind) for h in RULE_HOOKS}
        standard = self.standard()
        for hook, amount in standard.effects if standard else ():
            amounts[hook] += amount
        return Perks(amounts)

    def fortify_cap(self) -> int:
        return MAX_FORTIFIED + self.bonus("fortify_cap")

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
        gold = (0 if relic else 50) + self.bonus("treasure_gold")
        return relic, gold

    def event_info(self) -> Event | None:
        return EVENTS[self.event] if self.event else None

    # --- what the screens show -----------------------------------------------------------

    def legend(self) -> dict[str, Any]:
        """The map's legend for this run: the act's shape and each room's rule in words, with
        this run's figures (its rest heal, its removal price, its enemies and their twists)."""
        rules = map_rules()
        rooms = []
        for kind in ("combat", "elite", "boss"):
            enemy = enemy_for(kind, self.act)
            low, high = GOLD[kind]
            gains = f"{low}-{high} gold and a card"
            gains += {"combat": "", "elite": ", a royal among the cards and a relic",
                      "boss": ", a Hero and a royal among the cards and a relic"}[kind]
            text = f"{enemy.name}: {enemy.perk}."
            if enemy.twist:
                text += f" {enemy.twist_name}: {enemy.twist}"
            rooms.append({"kind": kind, "name": {"combat": "Fight", "elite": "Elite",
                                                 "boss": "Boss"}[kind],
                          "text": f"{text} A win gives {gains}."})
        rest = self.rest_heal()
        rooms += [
            {"kind": "rest", "name": "Rest site",
             "text": f"Rest: heal {rest} HP ({REST_HEAL + self.bonus('rest_heal')}% of your "
                     f"max HP), or fortify a card (always on top of your pile; "
                     f"{len(self.fortified)} of {self.fortify_cap()} fortified)."},
            {"kind": "shop", "name": "Shop",
             "text": f"Cards from about {PRICES['number']} gold, relics from "
                     f"{RELIC_PRICES[0]}, and removing a card for {self.removal_price()} "
                     f"gold (one per visit)."},
            {"kind": "treasure", "name": "Treasure", "text": "A chest with a relic."},
            {"kind": "event", "name": "Event",
             "text": "Something happens: each answer says what it costs."},
        ]
        return {"acts": ACTS, "act": self.act, "floors": rules["floors"],
                "bossFloor": rules["bossFloor"], "rooms": rooms, "restHeal": rest,
                "floorRules": f"Floor 1: fights. Floor {_fixed(rules, 'treasure')}: treasure. "
                              f"Floor {rules['floors']}: rest sites, then the boss. No rest "
                              f"site or elite below floor {rules['noRestOrEliteBelow']}."}

    def deck_rules(self) -> dict[str, Any]:
        """The deck's shape and banner in words (what thinning or colouring it would do)."""
        shape, cards = self.deck_shape()
        lean = LEAN_DECK + self.bonus("lean")
        banner = self.banner()
        need = BANNER_SHARE - self.bonus("banner")
        return {
            "size": len(self.deck), "shape": shape, "handBonus": cards,
            "shapeText": f"{len(self.deck)} cards: {shape}. Lean decks (up to {lean} cards) "
                         f"open with {BASE_HAND + 1} cards, heavy ones (from {HEAVY_DECK}) "
                         f"with {BASE_HAND - 1}, others with {BASE_HAND}.",
            "banner": banner,
            "bannerText": (f"Your {banner} banner flies: every fight begins with a ready "
                           f"{banner} resource in your kingdom." if banner else
                           f"No banner: {need}% of your deck in one colour raises one (a "
                           f"ready resource of that colour in every fight)."),
            **self._standard_rules(),
        }

    def _standard_rules(self) -> dict[str, Any]:
        """The deck's suit standard and its suits, in words (see :meth:`standard`)."""
        standard = self.standard()
        need = STANDARD_SHARE - self.bonus("standard")
        more = "more than " if need == STANDARD_SHARE else ""
        return {
            "standard": standard.to_json() if standard else None,
            "standardText": (f"Your {standard.name} flies. {standard.text}" if standard else
                             f"No suit standard: {more}{need}% of your deck in one suit "
                             "raises that suit's standard."),
            "suits": {s: sum(c.suit == s for c in self.deck) for s in SUITS},
            "standards": [st.to_json() for st in STANDARDS.values()],
        }

    def stakes(self) -> dict[str, Any] | None:
        """During a fight, what it is played for: the enemy with its perk and twist, your
        opening hand and why, your HP, and what a win and a loss cost."""
        if self.phase != "combat" or self.combat is None:
            return None
        plan = self.fight_plan(self.combat.kind)
        enemy: Enemy = plan["enemy"]
        share = plan["woundShare"]
        more = f", and {share}% more ({enemy.twist_name})" if share else ""
        parry = self.bonus("wound")
        standard = self.standard()
        low, high = GOLD[self.combat.kind]
        return {
            "kind": self.combat.kind, "enemy": enemy.to_json(), "twistApplies": plan["twist"],
            "hp": self.hp, "maxHp": self.max_hp,
            "hand": plan["hand"], "handWhy": plan["handWhy"], "enemyHand": plan["enemyHand"],
            "win": f"A win wounds you 1 HP per point {enemy.name} scores, less 1 per 2 points "
                   f"you score{more}" + (f", {parry} less (relics)" if parry else "")
                   + "; a win by twice its score costs nothing. "
                   + f"It gives {low}-{high} gold and a card.",
            "loss": f"A loss costs as much, and at least {MIN_LOSS} HP or the gap in points"
                    + (f" ({self.bonus('loss')} less, relics)" if self.bonus("loss") else "")
                    + (". A boss must be beaten: you face it again." if self.combat.kind
                       == "boss" else "."),
            "deck": [c.id for c in self.deck],
            "fortified": [c.id for c in self.fortified] if plan["fortified"] else [],
            "relics": [relic(r).to_json() for r in self.relics],
            "standard": standard.to_json() if standard else None,
        }

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
                           notice="", path=(*self.path, (self.act, node.floor, node.kind)))
        if node.kind in ("combat", "elite", "boss"):
            return run._fight(node.kind, from_event=False)
        if node.kind == "rest":
            return attrs.evolve(run, phase="rest", notice="A rest site. Rest or fortify a card.")
        if node.kind == "shop":
            run = attrs.evolve(run, phase="shop", shop=run._stock(), notice="A shop.")
            if run.bonus("shop_heal"):
                run = run._heal(run.bonus("shop_heal"), run._by("shop_heal"))
            return run
        if node.kind == "treasure":
            run = run._gain_relic(run._random_relic(run._rng("treasure")), "In the chest")
            extra = run.bonus("treasure_gold")
            if extra:
                run = attrs.evolve(run, gold=run.gold + extra,
                                   notice=run.notice
                                   + f" The {run._by('treasure_gold')} finds {extra} gold.")
            return run._complete()
        event = run._pick_event()
        run = attrs.evolve(run, phase="event", event=event.id,
                           events_seen=(*run.events_seen, event.id), notice=event.text)
        if run.bonus("event_heal"):
            run = run._heal(run.bonus("event_heal"), run._by("event_heal"))
        return run

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

    def wound(self, runner: int, enemy: int, won: bool, kind: str,
              enemy_info: Enemy | None = None) -> int:
        """The HP a fight ending ``runner``-``enemy`` costs: every point the enemy scored
        wounds 1 HP, every 2 points you scored parry 1 (a win by twice their score or more
        costs nothing); a twist may add a share; a loss costs at least R38's max(5, gap).
        Relics take their part off (a won fight never costs less than 0, a lost one 1)."""
        raw = max(0, enemy - runner // 2)
        info = enemy_info or (self.combat_enemy() if self.combat else None)
        if info is not None and not (kind == "elite" and self.bonus("ignore_twist", kind)):
            raw += raw * info.amount("wound") // 100
        if won:
            return max(0, raw - self.bonus("wound"))
        loss = max(raw, MIN_LOSS, enemy - runner)
        return max(1, loss - self.bonus("loss"))

    def combat_enemy(self) -> Enemy:
        """The enemy of the current fight, with its twist (an event's fight is an elite)."""
        assert self.combat is not None
        return enemy_for(self.combat.kind, self.act)

    def _resolve(self, result: CombatResult) -> Run:
        assert self.combat is not None
        kind, combat = self.combat.kind, self.combat
        score = f"{result.runner_score}-{result.enemy_score}"
        hurt = self.wound(result.runner_score, result.enemy_score, result.won, kind)
        if not result.won:
            run = attrs.evolve(self, hp=self.hp - hurt, fights_lost=self.fights_lost + 1,
                               combat=None,
                               notice=f"You lost to {combat.enemy} ({score}) and {hurt} HP.")
            run = run._phoenix()
            if run.hp <= 0:
                return attrs.evolve(run, hp=0, phase="lost",
                                    notice=run.notice + " Your run ends.")
            if kind == "boss":  # the boss must be beaten: a new hand
                return run._fight("boss", from_event=False, again=True)
            return run._complete()
        rng = self._rng("reward")
        low, high = GOLD[kind]
        gold = rng.randint(low, high)
        bonus = (DIAMONDS_GOLD if self.suit == "diamonds" else 0) + self.bonus("gold_pct") / 100
        gold = round(gold * (1 + bonus)) + (self.bonus("strong_gold") if kind != "combat"
                                            else 0)
        wounds = (f"it wounds you {hurt} HP" if hurt else "a crushing win: no wound")
        run = attrs.evolve(self, hp=self.hp - hurt, gold=self.gold + gold,
                           fights_won=self.fights_won + 1,
                           elites_beaten=self.elites_beaten + (kind == "elite"),
                           bosses_beaten=self.bosses_beaten + (kind == "boss"), combat=None,
                           notice=f"You beat {combat.enemy} ({score}): {wounds}; {gold} gold.")
        run = run._phoenix()
        if run.hp <= 0:
            return attrs.evolve(run, hp=0, phase="lost", notice=run.notice + " Your run ends.")
        heal = self.bonus("win_heal") + (HEARTS_HEAL if self.suit == "hearts" else 0) + (
            self.bonus("crush_heal") if hurt == 0 else 0)
        if heal:
            run = run._heal(heal, "Healing")
        relic_id = None
        if kind in ("elite", "boss"):
            relic_id = run._random_relic(rng)
            run = run._gain_relic(relic_id, "The enemy drops")
        cards = run._card_choices(rng, kind)
        return attrs.evolve(run, phase="reward",
                            reward=Reward(gold, cards, relic_id, kind == "boss"))

    def _phoenix(self) -> Run:
        if self.hp <= 0 and self.bonus("phoenix") and not self.phoenix_used:
            return attrs.evolve(self, hp=10, phoenix_used=True,
                                notice=f"{self.notice} The {self._by('phoenix')} burns: 10 HP.")
        return self

    def fight_plan(self, kind: str) -> dict[str, Any]:
        """What a fight of ``kind`` in this act will be, before it is dealt: the enemy, its
        perk and twist, your opening hand and why, your starting kingdom's extras. The
        screens show it before and during the fight (the stakes)."""
        enemy = enemy_for(kind, self.act)
        twist = not (kind == "elite" and self.bonus("ignore_twist", kind))
        shape, shape_cards = self.deck_shape()
        hand = (BASE_HAND + shape_cards + self.bonus("hand", kind)
                - (enemy.amount("hand") if twist else 0))
        why = [f"{BASE_HAND} cards"]
        if shape_cards:
            why.append(f"{shape} deck {shape_cards:+d}")
        if self.bonus("hand", kind):
            why.append(f"relics {self.bonus('hand', kind):+d}")
        if twist and enemy.amount("hand"):
            why.append(f"{enemy.twist_name} -{enemy.amount('hand')}")
        enemy_hand = max(MIN_HAND, enemy.hand_size - self.bonus("enemy_hand", kind))
        relic_setup = not (twist and enemy.amount("no_relic_setup"))
        return {
            "kind": kind, "enemy": enemy, "twist": twist and bool(enemy.twist),
            "hand": max(MIN_HAND, min(MAX_HAND, hand)), "handWhy": ", ".join(why),
            "enemyHand": min(enemy_hand, MAX_HAND),
            "enemyReady": max(0, enemy.resources - self.bonus("enemy_ready", kind)),
            "enemyCrowns": max(0, enemy.royals - self.bonus("enemy_crown", kind)),
            "readyLow": self.bonus("ready_low", kind) if relic_setup else 0,
            "readyHigh": self.bonus("ready_high", kind) if relic_setup else 0,
            "crown": self.bonus("crown", kind) if relic_setup else 0,
            "banner": self.banner(),
            "fortified": not (twist and enemy.amount("unfortify")),
            "woundShare": enemy.amount("wound") if twist else 0,
        }

    def _fight(self, kind: str, from_event: bool, again: bool = False) -> Run:
        rng = self._rng(f"fight:{kind}:{from_event}:{self.fights_lost}")
        plan = self.fight_plan(kind)
        enemy: Enemy = plan["enemy"]
        suit = self.suit or "hearts"
        colour = Card.parse(f"{suit}-2").color
        taken: set[Card] = set(self.deck)
        mine: list[Card] = []
        own = [c for c in DECK if c.is_number and c.suit == suit and c not in taken]
        for c in own[:plan["readyLow"]] + own[::-1][:plan["readyHigh"]]:
            if c not in mine:
                mine.append(c)
        if plan["banner"]:
            free = [c for c in DECK if c.is_number and c.color == plan["banner"]
                    and c not in taken and c not in mine]
            mine.extend(free[:1])
        taken |= set(mine)
        crowns: list[Card] = []
        if plan["crown"]:
            jacks = [c for c in DECK if c.rank == "J" and c.color == colour and c not in taken]
            crowns = jacks[:1]
            taken |= set(crowns)
        numbers = [c for c in DECK if c.is_number and c not in taken]
        theirs = rng.sample(numbers, min(plan["enemyReady"], len(numbers)))
        jacks = [c for c in DECK if c.rank == "J" and c not in taken]
        royals = rng.sample(jacks, min(plan["enemyCrowns"], len(jacks)))
        fortified = self.fortified if plan["fortified"] else ()
        setup = SpireSetup(self.deck, fortified, (plan["hand"], plan["enemyHand"]),
                           (StartingKingdom(tuple(mine), tuple(crowns)),
                            StartingKingdom(tuple(theirs), tuple(royals))),
                           (self.perks(kind), Perks()))
        combat = Combat(kind, rng.randrange(2**31), setup, enemy.name, enemy.bot, enemy.perk,
                        from_event)
        text = f"{enemy.name} ({kind}): {enemy.perk}."
        if plan["twist"]:
            text += f" {enemy.twist_name}: {enemy.twist}"
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
                               notice=f"{card_name(face)} joins your deck.")
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

    def rest_heal(self) -> int:
        """The HP a rest heals: 30% of max HP (more with the Bandage Roll)."""
        return self.max_hp * (REST_HEAL + self.bonus("rest_heal")) // 100

    def rest(self) -> Run:
        """Heal :meth:`rest_heal` HP."""
        self._need("rest", "You are not at a rest site")
        return self._heal(self.rest_heal(), "You rest")._complete()

    def fortify(self, card: Card | str) -> Run:
        """Fortify a card of the deck: always on top of your pile (R39, at most 4)."""
        self._need("rest", "You are not at a rest site")
        face = card if isinstance(card, Card) else _parse(card)
        if face not in self.deck:
            raise RunRefused("That card is not in your deck")
        if face in self.fortified:
            raise RunRefused("That card is already fortified")
        if len(self.fortified) >= self.fortify_cap():
            raise RunRefused(f"At most {self.fortify_cap()} cards are fortified")
        return attrs.evolve(self, fortified=_sorted([*self.fortified, face]),
                            notice=f"{card_name(face)} is fortified.")._complete()

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
                            notice=f"You bought {card_name(face)} for {offer.price} gold.")

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
                            notice=f"{card_name(face)} is gone from your deck ({price} gold).")

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
        cost = c.stake if c.gamble else -c.gold
        if cost > 0 and self.gold < cost:
            return "Not enough gold"
        if c.hp < 0 and self.hp <= -c.hp:
            return "Not enough HP"
        if c.max_hp < 0 and self.max_hp + c.max_hp < 10:
            return "Not enough max HP"
        if c.lose_card and not self._sellable():
            return "You have no number card to spare"
        if c.remove and not self._removable():
            return "You have no number card to spare"
        if c.card and not self._faces(c.card):
            return f"There is no {c.card} card left to gain"
        if c.fortify and self._to_fortify() is None:
            return "No card of yours can be fortified"
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
        won = True
        if c.gamble:
            won = rng.random() < 0.5
            run = attrs.evolve(run, gold=run.gold - c.stake + (c.gold if won else 0),
                               notice=f"The coin falls your way: you win {c.gold} gold." if won
                               else f"The coin falls the other way: you lose {c.stake} gold.")
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
            run = run._without(face, f"{card_name(face)} is sold.")
        if c.remove:
            face = run._removable()[0]
            run = run._without(face, f"{card_name(face)} leaves your deck.")
        if c.card and won:
            face = rng.choice(run._faces(c.card))
            run = attrs.evolve(run, deck=_sorted([*run.deck, face]),
                               notice=f"{run.notice} {card_name(face)} joins your deck.")
        if c.fortify:
            best = run._to_fortify()
            assert best is not None
            run = attrs.evolve(run, fortified=_sorted([*run.fortified, best]),
                               notice=f"{run.notice} {card_name(best)} is fortified.")
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

    def _removable(self) -> list[Card]:
        """The deck's number cards, lowest first, when one may go."""
        return sorted(self._sellable(), key=lambda c: (c.value, c.order))

    def _to_fortify(self) -> Card | None:
        """The best card not fortified yet (royals first, then high numbers), if the cap
        allows one more."""
        left = [c for c in self.deck if c not in self.fortified]
        if not left or len(self.fortified) >= self.fortify_cap():
            return None
        return max(left, key=lambda c: (c.is_royal, c.value, -c.order))

    def _without(self, face: Card, text: str) -> Run:
        return attrs.evolve(self, deck=tuple(x for x in self.deck if x is not face),
                            fortified=tuple(x for x in self.fortified if x is not face),
                            notice=f"{self.notice} {text}")

    def _random_relic(self, rng: random.Random) -> str:
        left = [r for r in RELICS if r not in self.relics]
        return rng.choice(left) if left else ""

    def _gain_relic(self, relic_id: str, why: str) -> Run:
        if not relic_id:  # every relic owned: gold instead
            return attrs.evolve(self, gold=self.gold + 50,
                                notice=f"{self.notice} {why}: 50 gold.".strip())
        info = relic(relic_id)
        run = attrs.evolve(self, relics=(*self.relics, relic_id),
                           notice=f"{self.notice} {why}: {info.name} ({info.text})".strip())
        more = info.amount("max_hp")
        return attrs.evolve(run, max_hp=run.max_hp + more, hp=run.hp + more,
                            gold=run.gold + info.amount("gold"))

    def _card_choices(self, rng: random.Random, kind: str) -> tuple[Card, ...]:
        count = 3 + self.bonus("choices")
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
        discount = (100 - self.bonus("discount")) / 100
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
        """The run as JSON (docs/spire.md, "The run as JSON")."""
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
            "scoreParts": self.score_parts(),
            "path": [{"act": a, "floor": f, "kind": k} for a, f, k in self.path],
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
                path=tuple((int(p["act"]), int(p["floor"]), str(p["kind"]))
                           for p in d.get("path", ())),
            )
        except (KeyError, TypeError) as exc:
            raise ValueError(f"not a run: {exc!r}") from exc
        if run.phase not in PHASES or run.act not in (1, 2, 3):
            raise ValueError("not a run: unknown phase or act")
        named = [*run.relics, *(o.item for o in (run.shop.relics if run.shop else ())),
                 *((run.reward.relic,) if run.reward and run.reward.relic else ())]
        if any(r not in RELICS for r in named) or (run.event and run.event not in EVENTS):
            raise ValueError("not a run: unknown relic or event")
        size = len(run.map.nodes)
        if run.position is not None and not 0 <= run.position < size or any(
                not 0 <= i < size for i in run.completed):
            raise ValueError("not a run: a node that is not on the act's map")
        if not 0 <= run.hp <= run.max_hp or len(set(run.deck)) != len(run.deck) or any(
                c not in run.deck for c in run.fortified):
            raise ValueError("not a run: HP, deck or fortified cards out of bounds")
        return run


def _fixed(rules: dict[str, Any], kind: str) -> str:
    return str(next(f for f, k in rules["fixedFloors"].items() if k == kind))


RANK_NAMES: Final = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


def card_name(card: Card) -> str:
    """A card in words, as notices say it: ``Queen of Spades``, ``7 of Hearts``, ``Red
    Hero``."""
    if card.is_hero:
        return "Red Hero" if card.suit == "red-joker" else "Black Hero"
    return f"{RANK_NAMES.get(card.rank, card.rank)} of {card.suit.capitalize()}"


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
