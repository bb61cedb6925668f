"""The Spire's written content: relics, events, enemies and bosses (docs/spire.md lists them).

Relics act only through R37 (a starting kingdom, an opening hand's size) or the run's
economy (HP, max HP, gold, prices, rewards, healing); they never change a rule of play.
"""

from __future__ import annotations

from typing import Final

import attrs


@attrs.frozen
class Relic:
    id: str
    name: str
    text: str

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "name": self.name, "description": self.text}


RELICS: Final = {r.id: r for r in (
    Relic("war-drum", "War Drum", "Your opening hand in every fight holds one more card."),
    Relic("battle-standard", "Battle Standard",
          "Your opening hand in elite and boss fights holds one more card."),
    Relic("copper-crown", "Copper Crown",
          "Every fight begins with a ready resource in your kingdom: the lowest number card "
          "of your suit that is not in your deck."),
    Relic("stone-keep", "Stone Keep",
          "Elite and boss fights begin with a second ready resource in your kingdom: the "
          "highest number card of your suit that is not in your deck."),
    Relic("heart-of-oak", "Heart of Oak", "On pickup: +10 max HP, and heal 10 HP."),
    Relic("healing-spring", "Healing Spring", "Heal 4 HP after every fight you win."),
    Relic("bandage-roll", "Bandage Roll", "Resting heals 15% of your max HP more."),
    Relic("golden-idol", "Golden Idol", "Fights, elites and bosses give 25% more gold."),
    Relic("merchant-seal", "Merchant's Seal", "Everything in the shop costs 20% less."),
    Relic("quill", "Scribe's Quill", "Removing a card at the shop costs 25 gold less."),
    Relic("lucky-charm", "Lucky Charm", "Card rewards offer 4 faces instead of 3."),
    Relic("coin-purse", "Coin Purse", "On pickup: gain 100 gold."),
    Relic("iron-skin", "Iron Skin", "Lose 3 HP less from every lost fight (at least 1)."),
    Relic("phoenix-feather", "Phoenix Feather",
          "The first time your HP would drop to 0, you survive with 10 HP instead."),
    Relic("treasure-map", "Treasure Map", "Treasure rooms also give 50 gold."),
    Relic("meal-ticket", "Meal Ticket", "Heal 12 HP whenever you enter a shop."),
    Relic("sharp-eye", "Sharp Eye",
          "Your enemies' opening hands hold one card less (never fewer than 3)."),
    Relic("strongbox", "Strongbox", "Elites and bosses give 20 more gold."),
)}


@attrs.frozen
class Enemy:
    """Who the runner fights: a name, the bot, the perk in words, and the perk as R37."""

    name: str
    bot: str
    perk: str
    hand_size: int
    resources: int
    royals: int


def enemy_for(kind: str, act: int) -> Enemy:
    """The enemy of a node of ``kind`` (combat, elite, boss) in ``act``: perks grow with the
    act; each act's boss has its own."""
    if kind == "boss":
        return BOSSES[act]
    if kind == "elite":
        resources = act - 1
        return Enemy(ELITE_NAMES[act], "search",
                     f"opens with 5 cards{_ready(resources)}", 5, resources, 0)
    resources = 1 if act >= 2 else 0
    hand = 5 if act == 3 else 4
    return Enemy(COMBAT_NAMES[act], "greedy",
                 f"opens with {hand} cards{_ready(resources)}", hand, resources, 0)


def _ready(n: int) -> str:
    return "" if n == 0 else f" and {n} ready resource{'s' if n > 1 else ''}"


COMBAT_NAMES: Final = {1: "Road Bandit", 2: "Tower Guard", 3: "Spire Sentinel"}
ELITE_NAMES: Final = {1: "Knight of the Marches", 2: "Dragon Keeper", 3: "The Twin Regents"}
BOSSES: Final = {
    1: Enemy("The Gatekeeper", "search", "opens with 5 cards and 2 ready resources", 5, 2, 0),
    2: Enemy("The Dragon Queen", "search",
             "opens with 5 cards, 2 ready resources and a Jack already crowned", 5, 2, 1),
    3: Enemy("The Hollow King", "search",
             "opens with 6 cards, 3 ready resources and a Jack already crowned", 6, 3, 1),
}


@attrs.frozen
class Choice:
    """One answer to an event and what it does. ``gold``/``hp``/``max_hp`` add (negative:
    pay); ``card``: gain a random face not in the deck of this kind (number, royal, hero);
    ``lose_card``: lose a random number card of the deck; ``relic``: gain a random relic;
    ``fight``: an elite-strength fight follows (its reward includes a relic);
    ``gamble``: the gold is won only on a coin toss."""

    label: str
    gold: int = 0
    hp: int = 0
    max_hp: int = 0
    card: str | None = None
    lose_card: bool = False
    relic: bool = False
    fight: bool = False
    gamble: bool = False
    heal_percent: int = 0


@attrs.frozen
class Event:
    id: str
    title: str
    text: str
    choices: tuple[Choice, ...]


EVENTS: Final = {e.id: e for e in (
    Event("wandering-smith", "The Wandering Smith",
          "A smith with a cart of banners offers to forge you a royal of any colour, for a "
          "price.", (Choice("Pay 60 gold: gain a random royal", gold=-60, card="royal"),
                     Choice("Leave"))),
    Event("shrine-of-hearts", "A Shrine of Hearts",
          "A quiet shrine, red candles still burning. The offering bowl is full of coins.",
          (Choice("Pray: heal 25% of your max HP", heal_percent=25),
           Choice("Empty the bowl: gain 60 gold, lose 8 HP", gold=60, hp=-8))),
    Event("gambler", "The Gambler",
          "A man in a tall hat flips a coin and grins. 'Double or nothing, friend?'",
          (Choice("Bet 30 gold on a coin toss: win 75 or nothing", gold=75, gamble=True),
           Choice("Walk on"))),
    Event("ambush", "Ambush on the Road",
          "Bandits step out of the trees and demand your purse.",
          (Choice("Fight them", fight=True),
           Choice("Pay them off: lose 25 gold", gold=-25),
           Choice("Run: lose 7 HP", hp=-7))),
    Event("fallen-knight", "The Fallen Knight",
          "A knight lies by the road, his sword still bright, his relic still warm.",
          (Choice("Take his relic: lose 8 max HP", max_hp=-8, relic=True),
           Choice("Bury him with honour: heal 10 HP", hp=10))),
    Event("library", "The Drowned Library",
          "Half the shelves are under water, but some pages are still legible.",
          (Choice("Read: gain a random number card", card="number"),
           Choice("Sleep among the books: heal 12 HP", hp=12))),
    Event("beggar", "A Beggar at the Gate",
          "An old woman asks for bread. Her eyes are sharper than her rags.",
          (Choice("Give 35 gold: +6 max HP", gold=-35, max_hp=6),
           Choice("Walk past"))),
    Event("goblin-market", "The Goblin Market",
          "Small hands reach for your cards. 'We buy anything. Anything!'",
          (Choice("Sell a random number card for 70 gold", gold=70, lose_card=True),
           Choice("Keep your cards"))),
    Event("cursed-chest", "The Cursed Chest",
          "An iron chest hums with a low, unpleasant note.",
          (Choice("Open it: gain a relic, lose 12 HP", relic=True, hp=-12),
           Choice("Leave it shut"))),
    Event("fountain", "The Fountain of Youth",
          "Clear water rises from a marble basin.",
          (Choice("Drink deeply: +5 max HP", max_hp=5),
           Choice("Fill your flasks: heal 18 HP", hp=18))),
    Event("hermit", "The Hermit's Cave",
          "A hermit keeps a painted card of a Hero. 'Blood for blood,' he says.",
          (Choice("Give 10 HP: gain a Hero", hp=-10, card="hero"),
           Choice("Leave him in peace"))),
    Event("stranger", "The Masked Stranger",
          "A duellist in a silver mask bows. 'A game, for a prize worth having?'",
          (Choice("Accept the duel", fight=True),
           Choice("Decline"))),
)}
