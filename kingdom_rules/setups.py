"""Hand setups: how a hand's cards enter play (R33-R38). A hand is defined by its seed and its
setup; seed + setup + actions replay it exactly (R37).

- :class:`StandardSetup`: the standard deal of R3 from one shared 54-card deck (the default).
- :class:`ConstructedSetup`: every seat brings a :class:`~kingdom_rules.decks.Deck` and draws
  only from it: own pile, own revealed pair, shared discard pile (R33-R35).
- :class:`SpireSetup`: a Spire combat, the runner (player 1) with a run deck as own pile,
  fortified cards on top, against an enemy on the shared deck; opening hand sizes and starting
  kingdoms for either seat (R36-R38).

>>> import kingdom_rules as kr
>>> setup = kr.SpireSetup(
...     run_deck=tuple(kr.Card.parse(t) for t in ("QH", "2H", "3H", "5D", "7C", "9S")),
...     fortified=(kr.Card.parse("QH"),),
...     hand_sizes=(5, 4),
...     kingdoms=(kr.StartingKingdom(), kr.StartingKingdom(resources=(kr.Card.parse("4S"),))),
... )
>>> state = kr.new_game(2, seed=5, setup=setup)
>>> [len(p.hand) for p in state.players], kr.Card.parse("QH") in state.players[0].hand
([5, 4], True)
>>> kr.setup_from_json(setup.to_json()) == setup, kr.combat_result(state) is None
(True, True)
"""

from __future__ import annotations

import functools
from typing import Any, ClassVar, Final

import attrs

from kingdom_rules.cards import DECK, Card, instance
from kingdom_rules.decks import Deck, check_deck
from kingdom_rules.perks import NO_PERKS, Perks

Json = dict[str, Any]
MIN_HAND: Final = 3
MAX_HAND: Final = 6
MAX_FORTIFIED: Final = 4
"""At most this many fortified cards (R39)."""
MAX_FORTIFIED_WITH_RELICS: Final = 6
"""A run fortifies 4 cards, 6 with the Mason's Trowel (docs/spire.md)."""


def _faces(items: Any) -> tuple[Card, ...]:
    out = []
    for c in items:
        card = c if isinstance(c, Card) else Card.parse(c)
        if card.owner:
            raise ValueError(f"{card.id} is a Constructed copy; name the face ({card.face.id})")
        out.append(card)
    return tuple(out)


def _cards_json(cards: tuple[Card, ...]) -> list[str]:
    return [c.id for c in cards]


@attrs.frozen
class StartingKingdom:
    """Cards already in a kingdom when the hand begins (R37): number cards as ready resources,
    and royals (free). Neither may complete the Royal Family.

    >>> StartingKingdom(resources=("2H", "5S"), royals=("QD",)).to_json()
    {'resources': ['hearts-2', 'spades-5'], 'royals': ['diamonds-Q']}
    """

    resources: tuple[Card, ...] = attrs.field(default=(), converter=_faces)
    royals: tuple[Card, ...] = attrs.field(default=(), converter=_faces)

    def __attrs_post_init__(self) -> None:
        if any(not c.is_number for c in self.resources):
            raise ValueError("A starting resource is a number card (A to 10)")
        if any(not c.is_royal for c in self.royals):
            raise ValueError("A starting royal is a J, Q, K or Hero")
        ranks = {c.rank for c in self.royals if not c.is_hero}
        if len(ranks) + sum(c.is_hero for c in self.royals) >= 3:
            raise ValueError("A starting kingdom cannot already hold the Royal Family")

    def cards(self) -> tuple[Card, ...]:
        return self.resources + self.royals

    def to_json(self) -> Json:
        return {"resources": _cards_json(self.resources), "royals": _cards_json(self.royals)}

    @staticmethod
    def from_json(d: Any) -> StartingKingdom:
        if not isinstance(d, dict):
            raise ValueError("A starting kingdom is an object")
        return StartingKingdom(
            tuple(Card.from_json(c) for c in d.get("resources", [])),
            tuple(Card.from_json(c) for c in d.get("royals", [])),
        )


@attrs.frozen
class StandardSetup:
    """The standard deal (R3): one shared 54-card deck. The default setup."""

    kind: ClassVar[str] = "standard"
    own_piles: ClassVar[bool] = False
    """Whether some seat draws from a pile of its own (the engine branches on it once)."""

    def to_json(self) -> Json:
        return {"type": self.kind}

    def check(self, player_count: int, mode: str) -> None:
        """Raise ``ValueError`` if the setup cannot start a game of this shape."""

    def cards(self) -> tuple[Card, ...]:
        """Every card a hand of this setup holds, each exactly once: the 54 faces."""
        return DECK


STANDARD: Final = StandardSetup()


def _decks(v: Any) -> tuple[Deck, ...]:
    return tuple(v)


@attrs.frozen
class ConstructedSetup:
    """Constructed (R33-R35): one legal deck per seat, in seat order. Each card of seat ``n``'s
    deck becomes an instance owned by ``n`` (``hearts-Q@p1.2``); the seat draws only from its
    own pile and its own revealed pair; the discard pile is shared. ``new_game`` raises
    :class:`~kingdom_rules.decks.IllegalDeck` for a deck that breaks R34."""

    kind: ClassVar[str] = "constructed"
    own_piles: ClassVar[bool] = True
    decks: tuple[Deck, ...] = attrs.field(converter=_decks)

    def __attrs_post_init__(self) -> None:
        for deck in self.decks:
            if not isinstance(deck, Deck):
                raise TypeError(f"not a Deck: {deck!r}")

    def check(self, player_count: int, mode: str) -> None:
        """Raise ``ValueError`` unless there is one deck per seat, or :class:`IllegalDeck`
        for the first deck that breaks R34 (``new_game`` calls this)."""
        if len(self.decks) != player_count:
            raise ValueError(f"A Constructed game of {player_count} needs {player_count} decks")
        for deck in self.decks:
            check_deck(deck)

    def cards(self) -> tuple[Card, ...]:
        """Every card a hand of this setup holds, each exactly once: each seat's deck as
        instances it owns (R33), copies numbered from 1 in card order."""
        return _instances(self.decks)

    def to_json(self) -> Json:
        return {"type": self.kind, "decks": [d.to_json() for d in self.decks]}


@functools.lru_cache(maxsize=64)
def _instances(decks: tuple[Deck, ...]) -> tuple[Card, ...]:
    """:meth:`ConstructedSetup.cards` (kept: a deck is dealt once per hand, often the same)."""
    out: list[Card] = []
    for seat, deck in enumerate(decks, 1):
        for face, count in deck.entries:
            out.extend(instance(face, seat, k) for k in range(1, count + 1))
    return tuple(out)


def _hand_sizes(v: Any) -> tuple[int, ...]:
    return tuple(v)


def _kingdoms(v: Any) -> tuple[StartingKingdom, ...]:
    return tuple(v)


def _perks(v: Any) -> tuple[Perks, ...]:
    return tuple(p if isinstance(p, Perks) else Perks(p) for p in v)


@attrs.frozen
class SpireSetup:
    """A Spire combat (R36-R38): the runner (player 1, who moves first) against an enemy bot
    (player 2), one hand. ``run_deck``: the runner's distinct faces, their own pile;
    ``fortified``: run-deck cards always on top of that pile (at most 4, R39); ``hand_sizes``:
    each seat's opening hand, 3 to 6; ``kingdoms``: each seat's starting kingdom (R37);
    ``perks``: each seat's play perks (:mod:`kingdom_rules.perks`, from the run's relics and
    suit standard)."""

    kind: ClassVar[str] = "spire"
    own_piles: ClassVar[bool] = True
    run_deck: tuple[Card, ...] = attrs.field(converter=_faces)
    fortified: tuple[Card, ...] = attrs.field(default=(), converter=_faces)
    hand_sizes: tuple[int, ...] = attrs.field(default=(4, 4), converter=_hand_sizes)
    kingdoms: tuple[StartingKingdom, ...] = attrs.field(
        default=(StartingKingdom(), StartingKingdom()), converter=_kingdoms
    )
    perks: tuple[Perks, ...] = attrs.field(default=(NO_PERKS, NO_PERKS), converter=_perks)

    def __attrs_post_init__(self) -> None:
        run = self.run_deck
        if len(set(run)) != len(run):
            raise ValueError("A run deck holds distinct faces (R36)")
        if len(set(self.fortified)) != len(self.fortified):
            raise ValueError("A card is fortified once")
        if len(self.fortified) > MAX_FORTIFIED_WITH_RELICS:
            raise ValueError(f"At most {MAX_FORTIFIED_WITH_RELICS} fortified cards (R39)")
        if any(c not in run for c in self.fortified):
            raise ValueError("A fortified card is a card of the run deck (R39)")
        if len(self.hand_sizes) != 2 or any(
            type(k) is not int or not MIN_HAND <= k <= MAX_HAND for k in self.hand_sizes
        ):
            raise ValueError(f"An opening hand holds {MIN_HAND} to {MAX_HAND} cards (R37)")
        if len(self.kingdoms) != 2 or any(
            not isinstance(k, StartingKingdom) for k in self.kingdoms
        ):
            raise ValueError("A Spire combat has a starting kingdom for each of its 2 seats")
        if len(self.perks) != 2:
            raise ValueError("A Spire combat has play perks for each of its 2 seats")
        placed = list(run)
        for k in self.kingdoms:
            placed.extend(k.cards())
        if len(set(placed)) != len(placed):
            raise ValueError("A card is in one place only: the run deck or one starting kingdom")

    def check(self, player_count: int, mode: str) -> None:
        """Raise ``ValueError`` unless this is one hand of 2 players and the run deck holds
        a number card (``new_game`` calls this)."""
        if player_count != 2 or mode != "game":
            raise ValueError("A Spire combat is one hand of 2 players (R36)")
        if not any(c.is_number for c in self.run_deck):
            raise ValueError("A run deck holds at least one number card")

    def cards(self) -> tuple[Card, ...]:
        """Every card a hand of this setup holds, each exactly once: the 54 faces (R36)."""
        return DECK

    def to_json(self) -> Json:
        return {
            "type": self.kind,
            "runDeck": _cards_json(self.run_deck),
            "fortified": _cards_json(self.fortified),
            "handSizes": list(self.hand_sizes),
            "kingdoms": [k.to_json() for k in self.kingdoms],
            **({"perks": [p.to_json() for p in self.perks]} if any(self.perks) else {}),
        }


Setup = StandardSetup | ConstructedSetup | SpireSetup


def setup_from_json(data: Any) -> Setup:
    """The setup a :meth:`to_json` document describes (None: the standard deal). Raises
    ``ValueError`` (or :class:`~kingdom_rules.decks.IllegalDeck`) for one that names none.

    >>> setup_from_json({"type": "standard"}) == StandardSetup()
    True
    """
    if data is None:
        return STANDARD
    if not isinstance(data, dict):
        raise ValueError("A setup is an object with a 'type'")
    kind = data.get("type")
    try:
        if kind == "standard":
            return STANDARD
        if kind == "constructed":
            decks: tuple[Deck, ...] = tuple(Deck.from_json(d) for d in data["decks"])
            return ConstructedSetup(decks)
        if kind == "spire":
            return SpireSetup(
                tuple(Card.from_json(c) for c in data["runDeck"]),
                tuple(Card.from_json(c) for c in data.get("fortified", [])),
                tuple(data.get("handSizes", (4, 4))),
                tuple(StartingKingdom.from_json(k) for k in data.get("kingdoms", ({}, {}))),
                tuple(Perks.from_json(p) for p in data.get("perks", ({}, {}))),
            )
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not a setup: {exc!r}") from exc
    raise ValueError(f"Unknown setup type: {str(kind)[:40]!r}")
