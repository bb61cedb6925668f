"""The 54 cards (R1, R2): 52 standard cards and two Heroes.

Every card is an interned singleton, so ``Card.parse("QH") is Card.parse("hearts-Q")``.

>>> Card.parse("QH")
Card.parse('QH')
>>> Card.parse("hearts-Q").color, Card.parse("hearts-Q").is_royal
('red', True)
>>> Card.parse("clubs-A").value
1

In Constructed a deck may hold copies of a face (R33): each copy is its own instance, with an
id naming the face, its owner and the copy. Rules read faces (``suit``, ``rank``), never ids.

>>> copy = instance(Card.parse("QH"), owner=2, copy=3)
>>> copy.id, copy.face is Card.parse("QH"), copy.rank, copy == Card.parse("QH")
('hearts-Q@p2.3', True, 'Q', False)
>>> Card.parse("hearts-Q@p2.3") is copy
True
"""

from __future__ import annotations

from typing import Final

import attr

SUITS: Final = ("hearts", "diamonds", "clubs", "spades")
NUMBER_RANKS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10")
ROYAL_RANKS: Final = ("J", "Q", "K")
RANKS: Final = NUMBER_RANKS + ROYAL_RANKS
HERO_RANK: Final = "JOKER"
HERO_SUITS: Final = ("red-joker", "black-joker")
RED_SUITS: Final = frozenset({"hearts", "diamonds", "red-joker"})

_SUIT_LETTER: Final = {"hearts": "H", "diamonds": "D", "clubs": "C", "spades": "S"}
_LETTER_SUIT: Final = {v: k for k, v in _SUIT_LETTER.items()}
ROYAL_COST: Final = {"J": 1, "Q": 2, "K": 3, HERO_RANK: 4}
"""Ready resources of the royal's colour needed to play it (R10)."""


RANK_NAMES: Final = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
SUIT_NAMES: Final = {
    "hearts": "Hearts", "diamonds": "Diamonds", "clubs": "Clubs", "spades": "Spades",
    "red-joker": "Heroes", "black-joker": "Heroes",
}
"""A suit in words; both Heroes' suits read 'Heroes' (a player's group of cards)."""


class UnknownCard(ValueError):
    """A text that names no card of the deck."""


@attr.s(auto_attribs=True, frozen=True, eq=False, repr=False, init=False)
class Card:
    """One card. Compare with ``is`` or ``==``: cards are singletons, so equality is identity
    (object's own, which runs in C); the hash is the card's order, the same in every process.

    An attrs value that the compiled engine (:mod:`kingdom_rules.native`) makes a native
    class, its fields read as C struct members (see :mod:`kingdom_rules.kingdoms`); the
    constructor is written out, computing the fields after ``order``."""

    id: str
    """``<suit>-<rank>``, for example ``hearts-7``, or ``red-joker`` / ``black-joker``."""
    suit: str
    rank: str
    order: int
    """Position in a fresh deck, 0..53; the engine's canonical sort key."""
    value: int
    """1 (Ace) to 10 for number cards, 0 for royals."""
    color: str
    """``red`` (hearts, diamonds, red-joker) or ``black``."""
    is_number: bool
    is_royal: bool
    is_hero: bool
    cost: int
    """Ready resources of the card's colour needed to play this royal (R10); 0 for numbers."""
    bit: int
    """``1 << order``: sets of cards as integers (the engine's cache keys)."""
    owner: int
    """The seat whose Constructed deck holds this instance (R33); 0 for a face card."""
    copy: int
    """Which copy of its face this instance is, 1 to 4 (R33); 0 for a face card."""
    face: Card
    """The face this card shows: itself for a face card, the face of a copy otherwise."""

    def __init__(
        self, id: str, suit: str, rank: str, order: int, owner: int = 0, copy: int = 0,
        face: Card | None = None,
    ) -> None:
        number = rank in NUMBER_RANKS
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "suit", suit)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "order", order)
        object.__setattr__(self, "value", NUMBER_RANKS.index(rank) + 1 if number else 0)
        object.__setattr__(self, "color", "red" if suit in RED_SUITS else "black")
        object.__setattr__(self, "is_number", number)
        object.__setattr__(self, "is_royal", not number)
        object.__setattr__(self, "is_hero", rank == HERO_RANK)
        object.__setattr__(self, "cost", ROYAL_COST.get(rank, 0))
        object.__setattr__(self, "bit", 1 << order)
        object.__setattr__(self, "owner", owner)
        object.__setattr__(self, "copy", copy)
        object.__setattr__(self, "face", self if face is None else face)

    @property
    def short(self) -> str:
        """Two or three letters: ``QH``, ``10S``, ``RJ`` / ``BJ`` for the Heroes."""
        if self.is_hero:
            return "RJ" if self.suit == "red-joker" else "BJ"
        return self.rank + _SUIT_LETTER[self.suit]

    @property
    def name(self) -> str:
        """The card in words: ``Queen of Hearts``, ``7 of Clubs``, ``Red Hero``."""
        if self.is_hero:
            return "Red Hero" if self.suit == "red-joker" else "Black Hero"
        return f"{RANK_NAMES.get(self.rank, self.rank)} of {SUIT_NAMES[self.suit]}"

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "suit": self.suit, "rank": self.rank}

    @staticmethod
    def from_json(data: object) -> Card:
        if isinstance(data, dict):
            data = data.get("id")
        if not isinstance(data, str):
            raise UnknownCard(f"not a card: {data!r}")
        return Card.parse(data)

    @staticmethod
    def parse(text: str) -> Card:
        """A card from its id (``hearts-Q``) or short name (``QH``, ``10S``, ``RJ``)."""
        card = _BY_NAME.get(text) if isinstance(text, str) else None
        if card is None:
            raise UnknownCard(f"no such card: {text!r}")
        return card

    def __repr__(self) -> str:
        return f"Card.parse({self.short if not self.owner else self.id!r})"

    def __str__(self) -> str:
        return self.short

    def __hash__(self) -> int:
        return self.order

    def __lt__(self, other: Card) -> bool:
        return self.order < other.order

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.id,))


def _make_deck() -> tuple[Card, ...]:
    cards = [Card(f"{suit}-{rank}", suit, rank, 0) for suit in SUITS for rank in RANKS]
    cards += [Card(suit, suit, HERO_RANK, 0) for suit in HERO_SUITS]
    deck = []
    for i, c in enumerate(cards):
        card = Card(c.id, c.suit, c.rank, i)
        deck.append(card)
    return tuple(deck)


DECK: Final[tuple[Card, ...]] = _make_deck()
"""All 54 cards in their canonical order."""

_BY_NAME: Final[dict[str, Card]] = {}
for _c in DECK:
    _BY_NAME[_c.id] = _c
    _BY_NAME[_c.short] = _c
    if _c.rank == "10":
        _BY_NAME["T" + _SUIT_LETTER[_c.suit]] = _c

MAX_COPIES: Final = 4
"""A Constructed deck holds at most this many copies of a face (R34)."""
MAX_SEATS: Final = 4


def _make_instances() -> tuple[Card, ...]:
    out = []
    order = len(DECK)
    for owner in range(1, MAX_SEATS + 1):
        for copy in range(1, MAX_COPIES + 1):
            for face in DECK:
                out.append(Card(f"{face.id}@p{owner}.{copy}", face.suit, face.rank, order,
                                owner, copy, face))
                order += 1
    return tuple(out)


INSTANCES: Final[tuple[Card, ...]] = _make_instances()
"""Every Constructed card instance (R33): each seat's copies 1 to 4 of each face."""
ALL_CARDS: Final[tuple[Card, ...]] = DECK + INSTANCES
"""Faces and instances; ``ALL_CARDS[c.order] is c``."""

for _c in INSTANCES:
    _BY_NAME[_c.id] = _c
    _BY_NAME[f"{_c.face.short}@p{_c.owner}.{_c.copy}"] = _c
BY_ID: Final[dict[str, Card]] = {c.id: c for c in ALL_CARDS}


def instance(face: Card, owner: int, copy: int) -> Card:
    """Copy ``copy`` (1-4) of ``face`` in seat ``owner``'s (1-4) Constructed deck (R33)."""
    if not (1 <= owner <= MAX_SEATS and 1 <= copy <= MAX_COPIES):
        raise ValueError("An instance has an owner 1-4 and a copy 1-4")
    face = face.face
    return INSTANCES[((owner - 1) * MAX_COPIES + copy - 1) * len(DECK) + face.order]


def card_ids(cards: tuple[Card, ...] | list[Card]) -> list[str]:
    return [c.id for c in cards]
