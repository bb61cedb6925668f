"""Constructed decks (R33, R34): faces with counts, their text list and share code, and the
legality check the server, the deck builder and the CLI all call.

>>> deck = Deck.parse('''
... # a small red deck
... 4 AH
... QH x2
... ''')
>>> deck.size, deck.count(Card.parse("AH")), deck.to_text().splitlines()
(6, 4, ['4 AH', '2 QH'])
>>> Deck.from_code(deck.code()) == deck
True
>>> deck_problem(deck)
'A Constructed deck holds 30 to 60 cards; this one holds 6 (R34)'
>>> check_deck(PREBUILT_DECKS["balanced"]) is None
True
"""

from __future__ import annotations

import binascii
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

import attrs

from kingdom_rules.cards import DECK, MAX_COPIES, Card, UnknownCard

MIN_CARDS: Final = 30
MAX_CARDS: Final = 60
MAX_HEROES: Final = 2
MIN_NUMBERS: Final = 15
CODE_PREFIX: Final = "K2"
"""The code format's version: K2 codes end in a checksum (K1 codes had none and are no longer
read)."""
CHECK_DIGITS: Final = 4
_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base 32: no I, L, O, U


class IllegalDeck(ValueError):
    """A deck that breaks a limit of R34; the message names the first broken limit."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _counts(items: Any) -> tuple[tuple[Card, int], ...]:
    merged: dict[Card, int] = {}
    for card, count in items:
        if not isinstance(card, Card):
            raise TypeError(f"not a card: {card!r}")
        if type(count) is not int or count < 0:
            raise ValueError(f"a count is a whole number of at least 0, not {count!r}")
        face = card.face
        merged[face] = merged.get(face, 0) + count
    return tuple(sorted((c, k) for c, k in merged.items() if k))


@attrs.frozen(cache_hash=True)  # dealt once per hand: _instances keeps its cards by deck
class Deck:
    """A Constructed deck: faces with counts, sorted in deck order (immutable). Build one with
    :meth:`parse`, :meth:`from_code`, :meth:`of` or ``Deck(((card, count), ...))``."""

    entries: tuple[tuple[Card, int], ...] = attrs.field(converter=_counts)
    """(face, count) pairs in the canonical card order, every count at least 1."""

    @staticmethod
    def of(cards: Iterable[Card | str]) -> Deck:
        """A deck holding these cards (faces or names, repeated for copies)."""
        out: dict[Card, int] = {}
        for c in cards:
            card = c if isinstance(c, Card) else Card.parse(c)
            out[card.face] = out.get(card.face, 0) + 1
        return Deck(tuple(out.items()))

    @property
    def size(self) -> int:
        """How many cards the deck holds."""
        return sum(k for _, k in self.entries)

    def count(self, card: Card) -> int:
        """How many copies of ``card``'s face the deck holds."""
        face = card.face
        for c, k in self.entries:
            if c is face:
                return k
        return 0

    def cards(self) -> list[Card]:
        """The faces, each repeated as often as the deck holds it, in card order."""
        return [c for c, k in self.entries for _ in range(k)]

    def to_text(self) -> str:
        """The plain-text deck list: one line per face, ``4 QH``."""
        return "".join(f"{k} {c.short}\n" for c, k in self.entries)

    @staticmethod
    def parse(text: str) -> Deck:
        """A deck from its text list: one face per line as ``4 QH``, ``QH x4`` or ``QH``
        (one copy), card names as :meth:`Card.parse` accepts in any letter case; ``#``
        starts a comment.
        Raises ``ValueError`` naming the line that cannot be read."""
        out: dict[Card, int] = {}
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            m = (
                re.fullmatch(r"(\d+)\s*[x×]?\s+(\S+)", line)
                or re.fullmatch(r"(\d+)[x×](\S+)", line)
            )
            if m:
                count_text, name = m.group(1), m.group(2)
            else:
                m = re.fullmatch(r"(\S+?)(?:\s*[x×]\s*(\d+))?", line)
                if not m:
                    raise ValueError(f"Line {number}: write a card as '4 QH' or 'QH x4'")
                name, count_text = m.group(1), m.group(2) or "1"
            card = _card_named(name)
            if card is None:
                raise ValueError(f"Line {number}: no such card: {name!r}")
            count = int(count_text)
            if count < 1 or count > 99:
                raise ValueError(f"Line {number}: a count is 1 to 99")
            out[card.face] = out.get(card.face, 0) + count
        return Deck(tuple(out.items()))

    def code(self) -> str:
        """A short text code for sharing the deck: ``K2-``, the counts as base 32 digits, then
        4 check digits (a CRC-16 of everything before them), so that a mistyped or cut code is
        refused rather than read as another deck."""
        if any(k > MAX_COPIES for _, k in self.entries):
            raise ValueError(f"A deck code holds at most {MAX_COPIES} copies of a face")
        counts = {card.face: k for card, k in self.entries}
        value = 0
        for face in reversed(DECK):
            value = value * (MAX_COPIES + 1) + counts.get(face, 0)
        digits = ""
        while value:
            value, r = divmod(value, 32)
            digits = _ALPHABET[r] + digits
        body = f"{CODE_PREFIX}-{digits or '0'}"
        return body + _check_digits(body)

    @staticmethod
    def from_code(code: str) -> Deck:
        """The deck a :meth:`code` names. Raises ``ValueError`` for a code that names none."""
        text = code.strip().upper() if isinstance(code, str) else ""
        body, check = text[:-CHECK_DIGITS], text[-CHECK_DIGITS:]
        prefix, _, digits = body.partition("-")
        if prefix != CODE_PREFIX or not digits or any(ch not in _ALPHABET for ch in digits):
            raise ValueError("Not a deck code")
        if check != _check_digits(body):
            raise ValueError("Not a deck code")
        value = 0
        for ch in digits:
            value = value * 32 + _ALPHABET.index(ch)
        entries = []
        for face in DECK:
            value, k = divmod(value, MAX_COPIES + 1)
            entries.append((face, k))
        if value:
            raise ValueError("Not a deck code")
        return Deck(tuple(entries))

    def to_json(self) -> list[dict[str, Any]]:
        """``[{"card": "hearts-Q", "count": 2}, ...]``."""
        return [{"card": c.id, "count": k} for c, k in self.entries]

    @staticmethod
    def from_json(data: Any) -> Deck:
        """The deck :meth:`to_json` wrote. Raises ``ValueError`` for anything else."""
        if not isinstance(data, list) or len(data) > len(DECK):
            raise ValueError("A deck is a list of {card, count}")
        out = []
        for item in data:
            if not isinstance(item, dict) or type(item.get("count")) is not int:
                raise ValueError("A deck is a list of {card, count}")
            if not 1 <= item["count"] <= 99:
                raise ValueError("A count is 1 to 99")
            out.append((Card.from_json(item.get("card")), item["count"]))
        return Deck(tuple(out))


def _check_digits(body: str) -> str:
    """A code's check digits: the CRC-16 (CCITT) of its text as 4 base 32 digits. It catches
    every changed character and every swap of two neighbours (both are bursts of at most 16
    bits), and any other damage but once in 65,536."""
    crc = binascii.crc_hqx(body.encode("ascii"), 0)
    out = ""
    for _ in range(CHECK_DIGITS):
        crc, r = divmod(crc, 32)
        out = _ALPHABET[r] + out
    return out


def _card_named(name: str) -> Card | None:
    """A card from a name as :meth:`Card.parse` reads it, forgiving letter case (``qh``,
    ``Hearts-q``)."""
    suit, dash, rank = name.rpartition("-")
    for text in (name, name.upper(), f"{suit.lower()}{dash}{rank.upper()}", name.lower()):
        try:
            return Card.parse(text)
        except UnknownCard:
            continue
    return None


def deck_problems(deck: Deck, collection: Mapping[Card, int] | None = None) -> list[str]:
    """Every limit of R34 that ``deck`` breaks, as messages (empty for a legal deck), in the
    order: size, copies of a face, the collection, Heroes, number cards. ``collection`` maps a
    face to how many copies the owner has (None: no collection limit)."""
    out: list[str] = []
    size = deck.size
    if not MIN_CARDS <= size <= MAX_CARDS:
        out.append(
            f"A Constructed deck holds {MIN_CARDS} to {MAX_CARDS} cards; this one holds {size}"
            " (R34)"
        )
    for card, k in deck.entries:
        if k > MAX_COPIES:
            out.append(
                f"At most {MAX_COPIES} copies of a card: the deck holds {k} of {card.short} (R34)"
            )
    if collection is not None:
        owned = {c.face: n for c, n in collection.items()}
        for card, k in deck.entries:
            have = owned.get(card, 0)
            if k > have:
                out.append(
                    f"The deck holds {k} of {card.short} but your collection has only {have} (R34)"
                )
    heroes = sum(k for c, k in deck.entries if c.is_hero)
    if heroes > MAX_HEROES:
        out.append(f"At most {MAX_HEROES} Heroes in a deck: this one holds {heroes} (R34)")
    numbers = sum(k for c, k in deck.entries if c.is_number)
    if numbers < MIN_NUMBERS:
        out.append(
            f"At least {MIN_NUMBERS} number cards in a deck: this one holds {numbers} (R34)"
        )
    return out


def deck_problem(deck: Deck, collection: Mapping[Card, int] | None = None) -> str | None:
    """The first limit of R34 that ``deck`` breaks, as a message, or None for a legal deck.
    ``collection`` maps a face to how many copies the owner has (None: no collection limit)."""
    problems = deck_problems(deck, collection)
    return problems[0] if problems else None


def add_problem(deck: Deck, card: Card, collection: Mapping[Card, int] | None = None) -> str | None:
    """Why one more copy of ``card`` cannot go into ``deck`` (R34), or None when it can: the
    deck is full, it holds every copy a deck may, every copy the collection has, or its Heroes.

    >>> add_problem(Deck.parse("2 RJ"), Card.parse("BJ"))
    'At most 2 Heroes in a deck (R34)'
    """
    face = card.face
    if deck.size >= MAX_CARDS:
        return f"The deck is full: at most {MAX_CARDS} cards (R34)"
    k = deck.count(face)
    if collection is not None:
        have = sum(n for c, n in collection.items() if c.face is face)
        if k >= have:
            return f"You already have all {have} copies in your deck"
    if k >= MAX_COPIES:
        return f"At most {MAX_COPIES} copies of a card in a deck (R34)"
    if face.is_hero and sum(n for c, n in deck.entries if c.is_hero) >= MAX_HEROES:
        return f"At most {MAX_HEROES} Heroes in a deck (R34)"
    return None


def check_deck(deck: Deck, collection: Mapping[Card, int] | None = None) -> None:
    """Raise :class:`IllegalDeck` naming the first limit of R34 that ``deck`` breaks."""
    if collection is None and _LEGAL.get(id(deck)) is deck:
        return  # a deck is a value: found legal once, legal for good (new_game checks each)
    problem = deck_problem(deck, collection)
    if problem is not None:
        raise IllegalDeck(problem)
    if collection is None:
        if len(_LEGAL) >= 256:
            _LEGAL.clear()
        _LEGAL[id(deck)] = deck  # kept, so that its id names no other deck meanwhile


_LEGAL: dict[int, Deck] = {}
"""Decks found legal without a collection, by ``id`` (every ``new_game`` of a Constructed
setup checks its decks)."""


def _prebuilt(text: str) -> Deck:
    deck = Deck.parse(text)
    check_deck(deck)
    return deck


PREBUILT_DECKS: Final[dict[str, Deck]] = {
    # Every face once but the Heroes and the 10s: a deck close to the standard one.
    "balanced": _prebuilt(
        "\n".join(
            f"1 {c.short}" for c in DECK if not c.is_hero and c.rank != "10"
        )
    ),
    # Red royals and the ranks that pay for them: fast families in hearts and diamonds.
    "royal-rush": _prebuilt(
        """
        # red royals, many cheap red resources
        2 JH
        2 QH
        2 KH
        2 JD
        2 QD
        2 KD
        1 RJ
        4 AH
        4 2H
        4 3H
        4 AD
        4 2D
        4 3D
        """
    ),
    # Runs of one suit for Golden and Divine Dragons, Kings to slay, Ace and 10 for Salvos.
    "dragon-hoard": _prebuilt(
        """
        # clubs and spades runs, Kings and Queens to ride them
        2 AC
        3 3C
        3 4C
        3 5C
        3 6C
        2 10C
        2 AS
        3 4S
        3 5S
        3 6S
        2 10S
        2 QC
        2 QS
        2 KC
        2 KS
        1 BJ
        1 JC
        1 JS
        """
    ),
    # Pairs and sets: Horses, Unicorns, Castles and Cathedrals.
    "castle-builders": _prebuilt(
        """
        # four copies of two faces each of 7, 8 and 9; a J, Q and K of each colour
        4 7H
        4 7D
        4 8C
        4 8S
        4 9H
        4 9S
        2 5D
        2 5C
        1 JH
        1 QD
        1 KH
        1 JC
        1 QS
        1 KS
        2 RJ
        """
    ),
}
"""Ready decks of different styles (each legal under R34) for bots, guests and the CLI."""
