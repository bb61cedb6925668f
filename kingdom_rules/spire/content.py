"""The Spire's written content: relics, events, enemies and bosses, each with its effects
declared beside it as data (docs/spire.md lists them; a test checks the tables against this).

A relic's effects are ``(hook, amount)`` pairs from :data:`HOOKS`: the run asks
:meth:`Run.bonus <kingdom_rules.spire.run.Run.bonus>` for the sum over its relics of one hook
(for a fight of one kind). A relic or an enemy twist naming a hook that is not in
:data:`HOOKS`, or a run naming a relic that is not in :data:`RELICS`, fails loudly.

Relics act through a fight's setup (R37: opening hands, starting kingdoms, fortified cards,
the run's deck rules), through the rules of play (a hook that is a play perk of
:mod:`kingdom_rules.perks`: the fight's setup carries it to the engine), the wounds a fight
deals, or the run's economy. Suit standards (:data:`STANDARDS`) are declared here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias, get_args

import attrs

from kingdom_rules.perks import PERKS, PlayPerk

FIGHTS: Final = frozenset({"combat", "elite", "boss"})
STRONG: Final = frozenset({"elite", "boss"})

Hook: TypeAlias = Literal[
    "hand", "enemy_hand", "ready_low", "ready_high", "crown", "enemy_ready", "enemy_crown",
    "fortify_cap", "lean", "banner", "standard", "ignore_twist",
    "dragon_refund", "horse_draw", "dragon_draw", "suited_draw", "structure_draw",
    "royal_draw", "volley_shots",
    "wound", "loss", "phoenix", "win_heal", "crush_heal", "rest_heal", "shop_heal", "event_heal",
    "max_hp", "gold",
    "gold_pct", "strong_gold", "discount", "removal", "free_removal", "choices", "treasure_gold",
]
"""A relic hook: a point of the run a relic's effect applies at (mypy refuses a misspelt one
in :meth:`Run.bonus <kingdom_rules.spire.run.Run.bonus>` or a relic's effects)."""

TwistHook: TypeAlias = Literal["hand", "wound", "unfortify", "no_relic_setup"]
"""An enemy twist's hook (see :class:`Enemy`)."""

HOOKS: Final[Mapping[Hook, str]] = {
    # How a hand is played: the fight's setup.
    "hand": "cards more in your opening hand",
    "enemy_hand": "cards fewer in the enemy's opening hand (never below 3)",
    "ready_low": "ready resources in your kingdom: the lowest free number cards of your suit",
    "ready_high": "ready resources in your kingdom: the highest free number cards of your suit",
    "crown": "a crowned Jack of your colour in your kingdom",
    "enemy_ready": "ready resources fewer in the enemy's kingdom",
    "enemy_crown": "crowned royals fewer in the enemy's kingdom",
    "fortify_cap": "more cards may be fortified",
    "lean": "cards more a deck may hold and still count as lean",
    "banner": "percentage points less of one colour a deck needs for its banner",
    "standard": "percentage points less of one suit a deck needs for its standard",
    "ignore_twist": "elite twists ignored",
    # The rules of play: the engine's play perks (kingdom_rules.perks).
    "dragon_refund": PERKS["dragon_refund"],
    "horse_draw": PERKS["horse_draw"],
    "dragon_draw": PERKS["dragon_draw"],
    "suited_draw": PERKS["suited_draw"],
    "structure_draw": PERKS["structure_draw"],
    "royal_draw": PERKS["royal_draw"],
    "volley_shots": PERKS["volley_shots"],
    # Wounds and healing.
    "wound": "HP fewer lost after every won fight",
    "loss": "HP fewer lost after every lost fight",
    "phoenix": "times you survive 0 HP with 10 HP",
    "win_heal": "HP healed after every won fight",
    "crush_heal": "HP healed after a crushing win (no wound)",
    "rest_heal": "percent of max HP more when resting",
    "shop_heal": "HP healed on entering a shop",
    "event_heal": "HP healed on entering an event",
    # On pickup.
    "max_hp": "max HP on pickup (healed as well)",
    "gold": "gold on pickup",
    # Economy.
    "gold_pct": "percent more gold from fights",
    "strong_gold": "gold more from elites and bosses",
    "discount": "percent off everything in the shop, card removal included",
    "removal": "gold off a card removal",
    "free_removal": "first card removals of the run cost nothing",
    "choices": "more cards offered by card rewards",
    "treasure_gold": "gold more in treasure rooms",
}
"""Every hook a relic may declare, and what its amount counts."""
if set(HOOKS) != set(get_args(Hook)):  # the type and the table name the same hooks
    raise AssertionError(f"HOOKS and Hook differ: {sorted(set(HOOKS) ^ set(get_args(Hook)))}")
RULE_HOOKS: Final[tuple[PlayPerk, ...]] = get_args(PlayPerk)
if not set(RULE_HOOKS) <= set(HOOKS):
    raise AssertionError("every play perk is a relic hook of the same name")
"""The hooks that change a rule of play: the engine's play perks, by the same names."""


def _check_effects(owner: str, effects: tuple[tuple[Hook, int], ...]) -> None:
    for hook, amount in effects:
        if hook not in HOOKS:
            raise ValueError(f"{owner} declares the unknown hook {hook!r}")
        if not isinstance(amount, int) or amount == 0:
            raise ValueError(f"{owner}: the amount of {hook!r} is a non-zero whole number")


@attrs.frozen
class Relic:
    """A relic and its effects: ``effects`` are ``(hook, amount)``; fight hooks apply to the
    fights of ``kinds`` only. ``play`` says the relic changes how a hand is played."""

    id: str
    name: str
    text: str
    effects: tuple[tuple[Hook, int], ...]
    kinds: frozenset[str] = FIGHTS

    def __attrs_post_init__(self) -> None:
        _check_effects(f"Relic {self.id!r}", self.effects)

    @property
    def play(self) -> bool:
        """Whether the relic changes how a hand is played (its setup or its rules)."""
        return any(h in PLAY_HOOKS for h, _ in self.effects)

    @property
    def rules(self) -> bool:
        """Whether the relic changes a rule of play (a play perk)."""
        return any(h in RULE_HOOKS for h, _ in self.effects)

    def amount(self, hook: Hook, kind: str | None = None) -> int:
        if hook not in HOOKS:
            raise KeyError(f"unknown relic hook {hook!r}")
        if kind is not None and kind not in self.kinds:
            return 0
        return sum(a for h, a in self.effects if h == hook)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "description": self.text,
                "play": "rules" if self.rules else "setup" if self.play else ""}


PLAY_HOOKS: Final[frozenset[Hook]] = frozenset({
    "hand", "enemy_hand", "ready_low", "ready_high", "crown", "enemy_ready", "enemy_crown",
    "fortify_cap", "lean", "banner", "standard", "ignore_twist", *RULE_HOOKS})
"""The hooks that change how a hand is played (its setup or its rules), rather than HP or
gold."""

RELICS: Final = {r.id: r for r in (
    # -- how a hand is played ------------------------------------------------------------
    Relic("war-drum", "War Drum", "Your opening hand in every fight holds one more card.",
          (("hand", 1),)),
    Relic("battle-standard", "Battle Standard",
          "Your opening hand in elite and boss fights holds one more card.",
          (("hand", 1),), STRONG),
    Relic("copper-crown", "Copper Crown",
          "Every fight begins with a ready resource in your kingdom: the lowest number card "
          "of your suit that is not in your deck.", (("ready_low", 1),)),
    Relic("stone-keep", "Stone Keep",
          "Elite and boss fights begin with a ready resource in your kingdom: the highest "
          "number card of your suit that is not in your deck.", (("ready_high", 1),), STRONG),
    Relic("sharp-eye", "Sharp Eye",
          "Your enemies' opening hands hold one card less (never fewer than 3).",
          (("enemy_hand", 1),)),
    Relic("spyglass", "Spyglass",
          "Elites' and bosses' opening hands hold one card less (never fewer than 3).",
          (("enemy_hand", 1),), STRONG),
    Relic("signet-ring", "Signet Ring",
          "Every fight begins with a Jack of your suit's colour crowned in your kingdom (one "
          "not in your deck).", (("crown", 1),)),
    Relic("saboteur-fuse", "Saboteur's Fuse",
          "Enemies begin with one ready resource fewer.", (("enemy_ready", 1),)),
    Relic("iron-gauntlet", "Iron Gauntlet",
          "Enemies begin with no crowned royal.", (("enemy_crown", 2),)),
    Relic("mason-trowel", "Mason's Trowel",
          "Up to 2 more cards may be fortified (6 in all).", (("fortify_cap", 2),)),
    Relic("pilgrim-staff", "Pilgrim's Staff",
          "Your deck counts as lean with up to 3 more cards (11).", (("lean", 3),)),
    Relic("war-banner", "War Banner",
          "Your deck raises its banner with 60% of one colour instead of 75%.",
          (("banner", 15),)),
    Relic("thorn-crown", "Thorn Crown",
          "On pickup: +12 max HP. Your opening hand in hallway fights holds one card less.",
          (("max_hp", 12), ("hand", -1)), frozenset({"combat"})),
    Relic("white-flag", "White Flag",
          "Elites' twists do not apply to you.", (("ignore_twist", 1),),
          frozenset({"elite"})),
    # -- the rules of play (the engine's play perks) -------------------------------------
    Relic("drake-saddle", "Drake Saddle",
          "While you have no dragon in your kingdom, a dragon costs one resource less (one "
          "that paid for it turns ready again).", (("dragon_refund", 1),)),
    Relic("twin-quiver", "Twin Quiver",
          "Your Hail of Arrows and Flaming Salvo strike one more target.",
          (("volley_shots", 1),)),
    Relic("groom-brush", "Groom's Brush", "Your Horses and Unicorns draw one card more.",
          (("horse_draw", 1),)),
    Relic("dragon-egg", "Dragon Egg", "Your dragons draw one card more.",
          (("dragon_draw", 1),)),
    Relic("mason-plumb", "Mason's Plumb", "Your Castles and Cathedrals draw one card more.",
          (("structure_draw", 1),)),
    Relic("herald-horn", "Herald's Horn", "Your Kings and Heroes draw a card when played.",
          (("royal_draw", 1),)),
    Relic("goldsmith-anvil", "Goldsmith's Anvil",
          "Your Golden and Divine Dragons (runs of one suit) draw one card more.",
          (("suited_draw", 1),)),
    Relic("heraldic-pennant", "Heraldic Pennant",
          "Your deck raises its suit standard with 35% of one suit instead of more than half.",
          (("standard", 15),)),
    # -- wounds and healing --------------------------------------------------------------
    Relic("buckler", "Buckler", "Won fights wound you 2 HP less.", (("wound", 2),)),
    Relic("iron-skin", "Iron Skin", "Lose 4 HP less from every lost fight (at least 1).",
          (("loss", 4),)),
    Relic("phoenix-feather", "Phoenix Feather",
          "The first time your HP would drop to 0, you survive with 10 HP instead.",
          (("phoenix", 1),)),
    Relic("healing-spring", "Healing Spring", "Heal 3 HP after every fight you win.",
          (("win_heal", 3),)),
    Relic("vampire-fang", "Vampire Fang", "Heal 6 HP after every crushing win (no wound).",
          (("crush_heal", 6),)),
    Relic("bandage-roll", "Bandage Roll", "Resting heals 15% of your max HP more.",
          (("rest_heal", 15),)),
    Relic("meal-ticket", "Meal Ticket", "Heal 12 HP whenever you enter a shop.",
          (("shop_heal", 12),)),
    Relic("pilgrim-flask", "Pilgrim's Flask", "Heal 8 HP whenever you enter an event.",
          (("event_heal", 8),)),
    Relic("heart-of-oak", "Heart of Oak", "On pickup: +10 max HP.", (("max_hp", 10),)),
    # -- economy -------------------------------------------------------------------------
    Relic("golden-idol", "Golden Idol", "Fights, elites and bosses give 25% more gold.",
          (("gold_pct", 25),)),
    Relic("strongbox", "Strongbox", "Elites and bosses give 20 more gold.",
          (("strong_gold", 20),)),
    Relic("merchant-seal", "Merchant's Seal",
          "Everything in the shop costs 20% less, card removal included.", (("discount", 20),)),
    Relic("quill", "Scribe's Quill", "Removing a card at the shop costs 25 gold less.",
          (("removal", 25),)),
    Relic("cleansing-salt", "Cleansing Salt", "Your first card removal costs nothing.",
          (("free_removal", 1),)),
    Relic("lucky-charm", "Lucky Charm", "Card rewards offer 4 faces instead of 3.",
          (("choices", 1),)),
    Relic("coin-purse", "Coin Purse", "On pickup: gain 100 gold.", (("gold", 100),)),
    Relic("treasure-map", "Treasure Map", "Treasure rooms also give 50 gold.",
          (("treasure_gold", 50),)),
)}


@attrs.frozen
class Standard:
    """A suit's standard: the synergy a deck mostly of one suit raises (docs/spire.md,
    *Suit synergy*). ``effects`` are play perks, as a relic's."""

    suit: str
    name: str
    text: str
    effects: tuple[tuple[PlayPerk, int], ...]

    def __attrs_post_init__(self) -> None:
        _check_effects(f"Standard {self.name!r}", self.effects)

    def to_json(self) -> dict[str, str]:
        return {"suit": self.suit, "name": self.name, "description": self.text}


STANDARD_SHARE: Final = 50
"""A deck raises the standard of its most common suit when more than this percent of its cards
are of that suit (less with the Heraldic Pennant's ``standard`` hook)."""

STANDARDS: Final = {s.suit: s for s in (
    Standard("hearts", "Standard of Hearts", "Your Horses and Unicorns draw one card more.",
             (("horse_draw", 1),)),
    Standard("diamonds", "Standard of Diamonds",
             "While you have no dragon in your kingdom, a dragon costs one resource less (one "
             "that paid for it turns ready again).", (("dragon_refund", 1),)),
    Standard("clubs", "Standard of Clubs", "Your Castles and Cathedrals draw one card more.",
             (("structure_draw", 1),)),
    Standard("spades", "Standard of Spades",
             "Your Hail of Arrows and Flaming Salvo strike one more target.",
             (("volley_shots", 1),)),
)}
"""Each suit's standard, in one place: the deck screen, the map, the table and the fight's
setup all read it from here (through the run)."""


def relic(relic_id: str) -> Relic:
    """The relic of this id; ``KeyError`` naming it when there is none."""
    try:
        return RELICS[relic_id]
    except KeyError:
        raise KeyError(f"unknown relic {relic_id!r}") from None


@attrs.frozen
class Enemy:
    """Who the runner fights: a name, the bot, the perk in words and as R37 (opening hand,
    ready resources, crowned Jacks), and for elites and bosses a twist: a rule of the fight
    shown before it, in words and as effects on the runner's side (``hand``: cards fewer in
    the runner's opening hand; ``wound``: percent more wounds; ``unfortify``: the fortified
    cards are shuffled in; ``no_relic_setup``: relics add nothing to the runner's kingdom)."""

    name: str
    bot: str
    perk: str
    hand_size: int
    resources: int
    royals: int
    twist: str = ""
    twist_name: str = ""
    effects: tuple[tuple[TwistHook, int], ...] = ()

    def __attrs_post_init__(self) -> None:
        for hook, _ in self.effects:
            if hook not in TWIST_HOOKS:
                raise ValueError(f"Enemy {self.name!r} declares the unknown twist {hook!r}")

    def amount(self, hook: TwistHook) -> int:
        if hook not in TWIST_HOOKS:
            raise KeyError(f"unknown twist hook {hook!r}")
        return sum(a for h, a in self.effects if h == hook)

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "perk": self.perk, "twistName": self.twist_name,
                "twist": self.twist}


TWIST_HOOKS: Final[frozenset[TwistHook]] = frozenset(get_args(TwistHook))


def _perk(hand: int, resources: int, royals: int) -> str:
    parts = [f"opens with {hand} cards"]
    if resources:
        parts.append(f"{resources} ready resource{'s' if resources > 1 else ''}")
    if royals:
        parts.append("a Jack already crowned")
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _enemy(name: str, hand: int, resources: int, royals: int = 0, twist_name: str = "",
           twist: str = "", effects: tuple[tuple[TwistHook, int], ...] = ()) -> Enemy:
    return Enemy(name, "greedy", _perk(hand, resources, royals), hand, resources, royals,
                 twist, twist_name, effects)


COMBATS: Final = {
    1: _enemy("Road Bandit", 4, 0),
    2: _enemy("Tower Guard", 4, 1, 0, "Veterans",
              "Every point it scores wounds you a quarter as much again.", (("wound", 25),)),
    3: _enemy("Spire Sentinel", 5, 1, 0, "Spire Steel",
              "Every point it scores wounds you half as much again.", (("wound", 50),)),
}
ELITES: Final = {
    1: _enemy("Knight of the Marches", 5, 1, 0, "Shield Wall",
              "Your opening hand holds one card less.", (("hand", 1),)),
    2: _enemy("Dragon Keeper", 5, 1, 1, "Hoard",
              "Its Jack is already crowned, and every point it scores wounds you a quarter "
              "as much again.", (("wound", 25),)),
    3: _enemy("The Twin Regents", 5, 2, 0, "Two Thrones",
              "Every point they score wounds you half as much again.", (("wound", 50),)),
}
BOSSES: Final = {
    1: _enemy("The Gatekeeper", 4, 1, 0, "The Toll",
              "Every point it scores wounds you half as much again.", (("wound", 50),)),
    2: _enemy("The Dragon Queen", 5, 1, 1, "Wings of Fire",
              "Your fortified cards are shuffled into your pile: nothing stays on top.",
              (("unfortify", 1),)),
    3: _enemy("The Hollow King", 5, 1, 1, "The Hollow Crown",
              "Your relics put nothing in your kingdom, and your opening hand holds one "
              "card less.", (("no_relic_setup", 1), ("hand", 1))),
}


def enemy_for(kind: str, act: int) -> Enemy:
    """The enemy of a node of ``kind`` (combat, elite, boss) in ``act``."""
    table = {"combat": COMBATS, "elite": ELITES, "boss": BOSSES}[kind]
    return table[act]


@attrs.frozen
class Choice:
    """One answer to an event and what it does. ``gold``/``hp``/``max_hp`` add (negative:
    pay); ``heal_percent``: heal a share of max HP; ``card``: gain a random face not in the
    deck of this kind (number, royal, hero); ``lose_card``: lose a random number card;
    ``remove``: lose the deck's lowest number card (never the last one); ``relic``: gain a
    random relic; ``fight``: an elite-strength fight follows (its reward includes a relic);
    ``gamble``: ``gold`` is won (and ``stake`` paid) only on a coin toss, ``stake`` is lost
    otherwise; ``fortify``: the deck's best unfortified card is fortified."""

    label: str
    gold: int = 0
    hp: int = 0
    max_hp: int = 0
    card: str | None = None
    lose_card: bool = False
    remove: bool = False
    relic: bool = False
    fight: bool = False
    gamble: bool = False
    stake: int = 0
    heal_percent: int = 0
    fortify: bool = False


@attrs.frozen
class Event:
    id: str
    title: str
    text: str
    choices: tuple[Choice, ...]

    def __attrs_post_init__(self) -> None:
        free = [c for c in self.choices
                if c.gold >= 0 and c.hp >= 0 and c.max_hp >= 0 and not c.gamble
                and not c.lose_card and not c.remove and not c.card and not c.fortify]
        if not free:
            raise ValueError(f"Event {self.id!r} needs an answer any run can take")


EVENTS: Final = {e.id: e for e in (
    Event("wandering-smith", "The Wandering Smith",
          "A smith with a cart of banners offers to forge you a royal, for a price.",
          (Choice("Pay 80 gold: gain a random royal", gold=-80, card="royal"),
           Choice("Ask him to temper a card: fortify your best card for 30 gold", gold=-30,
                  fortify=True),
           Choice("Leave"))),
    Event("shrine-of-hearts", "A Shrine of Hearts",
          "A quiet shrine, red candles still burning. The offering bowl is full of coins.",
          (Choice("Pray: heal 25% of your max HP", heal_percent=25),
           Choice("Empty the bowl: gain 60 gold, lose 10 HP", gold=60, hp=-10))),
    Event("gambler", "The Gambler",
          "A man in a tall hat flips a coin and grins. 'Double or nothing, friend?'",
          (Choice("Bet 50 gold on a coin toss: win 100 or lose the stake", gold=100,
                  stake=50, gamble=True),
           Choice("Walk on"))),
    Event("ambush", "Ambush on the Road",
          "Bandits step out of the trees and demand your purse.",
          (Choice("Fight them: an elite fight, a relic if you win", fight=True),
           Choice("Pay them off: lose 40 gold", gold=-40),
           Choice("Run: lose 9 HP", hp=-9))),
    Event("fallen-knight", "The Fallen Knight",
          "A knight lies by the road, his sword still bright, his relic still warm.",
          (Choice("Take his relic: lose 10 max HP", max_hp=-10, relic=True),
           Choice("Bury him with honour: heal 10 HP", hp=10))),
    Event("library", "The Drowned Library",
          "Half the shelves are under water, but some pages are still legible.",
          (Choice("Read: gain a random number card", card="number"),
           Choice("Sleep among the books: heal 15 HP", hp=15))),
    Event("beggar", "A Beggar at the Gate",
          "An old woman asks for bread. Her eyes are sharper than her rags.",
          (Choice("Give 40 gold: she takes your lowest number card away", gold=-40,
                  remove=True),
           Choice("Walk past"))),
    Event("goblin-market", "The Goblin Market",
          "Small hands reach for your cards. 'We buy anything. Anything!'",
          (Choice("Sell a random number card for 45 gold", gold=45, lose_card=True),
           Choice("Keep your cards"))),
    Event("cursed-chest", "The Cursed Chest",
          "An iron chest hums with a low, unpleasant note.",
          (Choice("Open it: gain a relic, lose 15 HP", relic=True, hp=-15),
           Choice("Leave it shut"))),
    Event("fountain", "The Fountain of Youth",
          "Clear water rises from a marble basin.",
          (Choice("Drink deeply: +6 max HP", max_hp=6),
           Choice("Fill your flasks: heal 20 HP", hp=20))),
    Event("hermit", "The Hermit's Cave",
          "A hermit keeps a painted card of a Hero. 'Blood for blood,' he says.",
          (Choice("Give 20 HP: gain a Hero", hp=-20, card="hero"),
           Choice("Leave him in peace"))),
    Event("stranger", "The Masked Stranger",
          "A duellist in a silver mask bows. 'A game, for a prize worth having?'",
          (Choice("Accept the duel: an elite fight, a relic if you win", fight=True),
           Choice("Decline"))),
    Event("old-mill", "The Old Mill",
          "The miller offers a bed of straw and a sack of flour, or work for a coin.",
          (Choice("Rest: heal 12 HP", hp=12),
           Choice("Work the stones: gain 35 gold, lose 5 HP", gold=35, hp=-5))),
    Event("herald", "The Herald's Tent",
          "A herald paints coats of arms. 'Every banner tells a story, sir.'",
          (Choice("Sit for a portrait: fortify your best card, lose 6 HP", fortify=True,
                  hp=-6),
           Choice("Buy his spare banner: gain a random number card for 30 gold", gold=-30,
                  card="number"),
           Choice("Leave"))),
    Event("ruined-chapel", "A Ruined Chapel",
          "Rain falls through the broken roof onto a plain stone altar.",
          (Choice("Leave a card on the altar: lose your lowest number card", remove=True),
           Choice("Pray for strength: +4 max HP, lose 30 gold", max_hp=4, gold=-30),
           Choice("Shelter from the rain"))),
    Event("troll-bridge", "The Troll's Bridge",
          "A troll sits on the bridge. 'Toll, or a tale, or a tussle.'",
          (Choice("Pay the toll: lose 30 gold", gold=-30),
           Choice("Wade the river: lose 6 HP", hp=-6),
           Choice("Tussle: an elite fight, a relic if you win", fight=True))),
    Event("alchemist", "The Alchemist",
          "Bubbling flasks line the shelves. 'Vigour or gold, my friend?'",
          (Choice("Drink the red flask: +8 max HP, lose 8 HP", max_hp=8, hp=-8),
           Choice("Sell him your blood: gain 45 gold, lose 12 HP", gold=45, hp=-12),
           Choice("Leave"))),
    Event("tournament", "The Tournament",
          "Heralds call for champions. The prize purse glitters on a silk cushion.",
          (Choice("Pay 25 gold to enter: a coin toss wins you a royal and 50 gold", gold=50,
                  stake=25, gamble=True, card="royal"),
           Choice("Watch from the stands: heal 8 HP", hp=8))),
    Event("crossroads", "The Crossroads",
          "A signpost points three ways; one road is paved with coins.",
          (Choice("Follow the coins: gain 40 gold, lose 8 HP", gold=40, hp=-8),
           Choice("Take the shaded road: heal 10 HP", hp=10),
           Choice("Take the high road: gain a random number card", card="number"))),
    Event("royal-court", "The Exiled Court",
          "A deposed royal holds court in a barn. 'Serve me, and I will serve you.'",
          (Choice("Swear fealty: gain a random royal, lose 8 max HP", card="royal",
                  max_hp=-8),
           Choice("Sell them news: gain 30 gold", gold=30))),
)}


# -- the tables of docs/spire.md (a test checks the document holds them as written here) ---

def relic_table() -> str:
    """docs/spire.md's relic table, from :data:`RELICS`."""
    rows = ["| Relic | Effect | Hooks | Changes play |", "|---|---|---|---|"]
    for r in RELICS.values():
        hooks = ", ".join(f"`{h}` {a:+d}" for h, a in r.effects)
        if r.kinds != FIGHTS:
            hooks += " (" + ", ".join(k for k in ("combat", "elite", "boss") if k in r.kinds) + ")"
        play = "rules" if r.rules else "setup" if r.play else ""
        rows.append(f"| {r.name} | {r.text} | {hooks} | {play} |")
    return "\n".join(rows)


def standard_table() -> str:
    """docs/spire.md's table of suit standards, from :data:`STANDARDS`."""
    rows = ["| Suit | Standard | Effect | Perks |", "|---|---|---|---|"]
    for st in STANDARDS.values():
        perks = ", ".join(f"`{h}` {a:+d}" for h, a in st.effects)
        rows.append(f"| {st.suit} | {st.name} | {st.text} | {perks} |")
    return "\n".join(rows)


def event_table() -> str:
    """docs/spire.md's event table, from :data:`EVENTS`."""
    rows = ["| Event | Text | Answers |", "|---|---|---|"]
    for e in EVENTS.values():
        rows.append(f"| {e.title} | {e.text} | {'; '.join(c.label for c in e.choices)} |")
    return "\n".join(rows)


def enemy_table() -> str:
    """docs/spire.md's enemy table, from the enemies of each act."""
    rows = ["| Act | Room | Enemy | Perk | Twist |", "|---|---|---|---|---|"]
    for act in (1, 2, 3):
        for kind, table in (("combat", COMBATS), ("elite", ELITES), ("boss", BOSSES)):
            e = table[act]
            twist = f"**{e.twist_name}**: {e.twist}" if e.twist else ""
            rows.append(f"| {act} | {kind} | {e.name} | {e.perk} | {twist} |")
    return "\n".join(rows)
