"""What a player builds: resources, royals, beasts and structures, as immutable values with
their JSON (docs/protocol.md). :mod:`kingdom_rules.state` holds them in each seat; scoring
reads them (:mod:`kingdom_rules.scoring`).

The values are attrs classes (``attrs.fields``, ``attrs.evolve``, equality, hashing, ``repr``
and frozen instances as any attrs value) that this module, compiled by mypyc
(:mod:`kingdom_rules.native`), also makes *native* classes: the compiled engine reads their
fields as C struct members rather than by Python attribute lookups. Hence the spelling
``@attr.s(auto_attribs=True, frozen=True, init=False)`` (mypyc recognises ``attr.s``, not
``attrs.frozen``), a constructor written out that sets each field with
``object.__setattr__`` (attrs' own would write an instance dictionary, which a native class
has not), and ``__reduce__`` for pickling.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

import attr

from kingdom_rules.cards import ALL_CARDS, Card
from kingdom_rules.combinations import (
    BEASTS,
    COMBINATION_POINTS,
    DRAGONS,
    STRUCTURES,
    coarse_type,
)
from kingdom_rules.kinds import CombinationKind

Json = dict[str, Any]

__all__ = ["EMPTY_KINGDOM", "Combination", "Kingdom", "Resource", "ready_all", "resource"]


@attr.s(auto_attribs=True, frozen=True, init=False)
class Resource:
    """A number card in a kingdom, ready (upright) or used (turned sideways) (R8)."""

    card: Card
    ready: bool

    def __init__(self, card: Card, ready: bool) -> None:
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "ready", ready)

    def __reduce__(self) -> tuple[Any, tuple[Card, bool]]:
        return (resource, (self.card, self.ready))  # the interned value

    def to_json(self) -> Json:
        return {"card": self.card.to_json(), "orientation": "ready" if self.ready else "used"}

    @staticmethod
    def from_json(d: Json) -> Resource:
        return resource(Card.from_json(d["card"]), d["orientation"] == "ready")


_READY: Final = tuple(Resource(c, True) for c in ALL_CARDS)
_USED: Final = tuple(Resource(c, False) for c in ALL_CARDS)


def resource(card: Card, ready: bool) -> Resource:
    """The interned resource value for a card in a state."""
    return _READY[card.order] if ready else _USED[card.order]


def ready_all(resources: tuple[Resource, ...]) -> tuple[Resource, ...]:
    """The same resources, every one ready (R5)."""
    out = []
    for r in resources:
        out.append(_READY[r.card.order])
    return tuple(out)


@attr.s(auto_attribs=True, frozen=True, init=False)
class Combination:
    """A beast or structure in a kingdom (R14-R19). ``cards`` and ``protected`` may be given
    as any iterable of cards: they are kept as tuples."""

    kind: CombinationKind
    cards: tuple[Card, ...]
    rider: Card | None = None
    """The royal riding this beast, if any (R18)."""
    protected: tuple[Card, ...] = ()
    """The royals inside this structure (R19)."""

    def __init__(
        self, kind: CombinationKind, cards: Iterable[Card], rider: Card | None = None,
        protected: Iterable[Card] = (),
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards if type(cards) is tuple else tuple(cards))
        object.__setattr__(self, "rider", rider)
        object.__setattr__(
            self, "protected", protected if type(protected) is tuple else tuple(protected)
        )

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Combination, (self.kind, self.cards, self.rider, self.protected))

    @property
    def is_beast(self) -> bool:
        return self.kind in BEASTS

    @property
    def is_dragon(self) -> bool:
        return self.kind in DRAGONS

    @property
    def is_structure(self) -> bool:
        return self.kind in STRUCTURES

    @property
    def points(self) -> int:
        return COMBINATION_POINTS[self.kind]

    def to_json(self) -> Json:
        k = self.kind
        return {
            "type": coarse_type(k),
            "kind": k,
            "cards": [c.to_json() for c in self.cards],
            "firstCardId": self.cards[0].id,
            "ridingRoyalId": self.rider.id if self.rider else None,
            "protectedRoyalIds": [c.id for c in self.protected],
            "isGolden": k == "golden-dragon",
            "isSilver": k == "silver-dragon",
            "isDivine": k == "divine-dragon",
            "isUnicorn": k == "unicorn",
            "isCastle": k == "castle",
            "isCathedral": k == "cathedral",
            "points": self.points,
        }

    @staticmethod
    def from_json(d: Json) -> Combination:
        rider = d.get("ridingRoyalId")
        return Combination(
            d["kind"],
            [Card.from_json(c) for c in d["cards"]],
            Card.parse(rider) if rider else None,
            [Card.parse(i) for i in d.get("protectedRoyalIds", [])],
        )


@attr.s(auto_attribs=True, frozen=True, init=False)
class Kingdom:
    """What a player has built: resources, royals, beasts and structures."""

    resources: tuple[Resource, ...] = ()
    royals: tuple[Card, ...] = ()
    """Every royal of the kingdom, wherever it stands (free, riding, inside a structure)."""
    combinations: tuple[Combination, ...] = ()

    def __init__(
        self, resources: tuple[Resource, ...] = (), royals: tuple[Card, ...] = (),
        combinations: tuple[Combination, ...] = (),
    ) -> None:
        object.__setattr__(self, "resources", resources)
        object.__setattr__(self, "royals", royals)
        object.__setattr__(self, "combinations", combinations)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Kingdom, (self.resources, self.royals, self.combinations))

    def cards(self) -> list[Card]:
        out = [r.card for r in self.resources]
        out.extend(self.royals)
        for c in self.combinations:
            out.extend(c.cards)
        return out

    def riders(self) -> set[Card]:
        return {c.rider for c in self.combinations if c.rider is not None}

    def sheltered(self) -> set[Card]:
        """Royals inside a structure."""
        out: set[Card] = set()
        for c in self.combinations:
            out.update(c.protected)
        return out

    def free_royals(self) -> list[Card]:
        """Royals neither riding nor inside a structure."""
        if not self.combinations:
            return list(self.royals)
        busy = 0  # the cards' bits (``Card.bit``): a test by identity, without ``==``
        for c in self.combinations:
            if c.rider is not None:
                busy |= c.rider.bit
            for p in c.protected:
                busy |= p.bit
        return [r for r in self.royals if not r.bit & busy]

    def to_json(self) -> Json:
        return {
            "resources": [r.to_json() for r in self.resources],
            "royals": [c.to_json() for c in self.royals],
            "combinations": [c.to_json() for c in self.combinations],
        }

    @staticmethod
    def from_json(d: Json) -> Kingdom:
        return Kingdom(
            tuple(Resource.from_json(r) for r in d["resources"]),
            tuple(Card.from_json(c) for c in d["royals"]),
            tuple(Combination.from_json(c) for c in d["combinations"]),
        )


EMPTY_KINGDOM: Final = Kingdom()
