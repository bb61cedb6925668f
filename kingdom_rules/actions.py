"""Actions: one frozen value per thing a player can do, with the wire names of
docs/protocol.md ("Game calls").

>>> a = PlayRoyal(player=1, card=Card.parse("QH"), resources=(Card.parse("2H"), Card.parse("5D")))
>>> a.to_json()["resourceToUseIds"]
['hearts-2', 'diamonds-5']
>>> action_from_json(a.to_json()) == a
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Union

import attrs

from kingdom_rules.cards import BY_ID, Card
from kingdom_rules.errors import MalformedAction

Json = dict[str, Any]


def sorted_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Order does not matter in a set of cards: keep one canonical order. Anything but cards
    is refused with :class:`MalformedAction`."""
    try:
        out = tuple(sorted(cards, key=_order))
    except (AttributeError, TypeError):
        raise MalformedAction(_not_cards(cards)) from None
    for c in out:
        if c.__class__ is not Card:
            raise MalformedAction(_not_cards(cards))
    return out


def _order(c: Card) -> int:
    return c.order


def _card_field(v: Card) -> Card:
    """A card field's value: a :class:`Card`; anything else is a :class:`MalformedAction`."""
    if v.__class__ is Card:
        return v
    raise MalformedAction(_not_card(v))


def _optional_card(v: Card | None) -> Card | None:
    if v is None or v.__class__ is Card:
        return v
    raise MalformedAction(_not_card(v))


def _not_card(v: object) -> str:
    if isinstance(v, str):
        return f"Expected a Card, not the text {v[:20]!r}: use Card.parse({v[:20]!r})"
    return f"Expected a Card, not {type(v).__name__}"


def _not_cards(v: object) -> str:
    if isinstance(v, str):
        return f"Expected Cards, not the text {v[:40]!r}: use Card.parse on each name"
    try:
        bad = next(x for x in v if x.__class__ is not Card)  # type: ignore[attr-defined]
    except (TypeError, StopIteration):
        return f"Expected a sequence of Cards, not {type(v).__name__}"
    return _not_card(bad).replace("a Card", "Cards")


class _Wire:
    """Shared JSON mapping. ``_FIELDS``: (attribute, wire name, kind) with kind card, cards,
    int, str, or optional variants ending in '?'."""

    WIRE: ClassVar[str]
    _FIELDS: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    _PLACES: ClassVar[tuple[tuple[str, str], ...]] = ()
    """(index attribute, card attribute) of each beast or structure the action names: by its
    position in the kingdom, or by its first card (an alternative on the wire, resolved by
    :func:`kingdom_rules.apply`)."""
    player: int

    def to_json(self) -> Json:
        d: Json = {"type": self.WIRE, "player": self.player}
        for attr, name, kind in self._FIELDS:
            v = getattr(self, attr)
            if v is None:
                continue
            if kind.startswith("cards"):
                d[name] = [c.id for c in v]
            elif kind.startswith("card"):
                d[name] = v.id
            else:
                d[name] = v
        return d

    @classmethod
    def wire_names(cls) -> tuple[str, ...]:
        """The wire names of the action's fields after ``player``, in order."""
        return tuple(name for _, name, _ in cls._FIELDS)

    def __str__(self) -> str:
        parts = [
            f"{n}={_short(getattr(self, a))}"
            for a, n, _ in self._FIELDS
            if getattr(self, a) is not None
        ]
        return f"{self.WIRE}({', '.join(parts)})" if parts else self.WIRE


def _short(v: Any) -> str:
    if isinstance(v, Card):
        return v.short
    if isinstance(v, tuple):
        return "[" + " ".join(_short(x) for x in v) + "]"
    return str(v)


@attrs.frozen
class ChooseStartingResource(_Wire):
    """Put a number card from hand into the kingdom as a ready resource (R3)."""

    WIRE: ClassVar[str] = "chooseStartingResource"
    _FIELDS = (("card", "cardId", "card"),)
    player: int
    card: Card = attrs.field(converter=_card_field)


@attrs.frozen
class DrawCard(_Wire):
    """Draw from the deck or one of the two revealed cards (R6)."""

    WIRE: ClassVar[str] = "drawCard"
    _FIELDS = (("source", "source", "str"),)
    SOURCES: ClassVar[tuple[str, ...]] = ("deck", "revealed1", "revealed2")
    player: int
    source: str


@attrs.frozen
class PlayResource(_Wire):
    """Put a number card into the kingdom, turning a ready resource to used (R8)."""

    WIRE: ClassVar[str] = "playResource"
    _FIELDS = (("card", "cardId", "card"), ("resource", "resourceToUseId", "card"))
    player: int
    card: Card  # (no converter: the commonest action; apply checks its shape when it fails)
    resource: Card


@attrs.frozen
class RotateResource(_Wire):
    """Crop rotation: swap a ready resource with a number card from hand (R9)."""

    WIRE: ClassVar[str] = "rotateResource"
    _FIELDS = (("card", "cardId", "card"), ("resource", "resourceToRotateId", "card"))
    player: int
    card: Card  # (as PlayResource)
    resource: Card


@attrs.frozen
class PlayRoyal(_Wire):
    """Play a Jack, Queen, King or Hero with ready resources of its colour (R10)."""

    WIRE: ClassVar[str] = "playRoyal"
    _FIELDS = (("card", "cardId", "card"), ("resources", "resourceToUseIds", "cards"))
    player: int
    card: Card = attrs.field(converter=_card_field)
    resources: tuple[Card, ...] = attrs.field(converter=sorted_cards)


@attrs.frozen
class PlayCombination(_Wire):
    """Build a beast or structure from number cards in hand (R14-R16)."""

    WIRE: ClassVar[str] = "playCombination"
    _FIELDS = (("cards", "cardIds", "cards"), ("resources", "resourceToUseIds", "cards"))
    player: int
    cards: tuple[Card, ...] = attrs.field(converter=sorted_cards)
    resources: tuple[Card, ...] = attrs.field(converter=sorted_cards)


@attrs.frozen
class PlayHailOfArrows(_Wire):
    """An Ace and a 10: Hail of Arrows, or Flaming Salvo when suited (R15)."""

    WIRE: ClassVar[str] = "playHailOfArrows"
    _FIELDS = (("cards", "cardIds", "cards"),)
    player: int
    cards: tuple[Card, ...] = attrs.field(converter=sorted_cards)


@attrs.frozen
class DestroyWithHail(_Wire):
    """The target of a Hail of Arrows (R25) or Flaming Salvo (R26)."""

    WIRE: ClassVar[str] = "destroyWithHail"
    _FIELDS = (
        ("target_player", "targetPlayerNumber", "int"),
        ("target_type", "targetType", "str"),
        ("character", "characterId", "card?"),
        ("beast_index", "beastIndex", "int?"),
        ("castle_index", "castleIndex", "int?"),
        ("beast_card", "beastCardId", "card?"),
        ("castle_card", "castleCardId", "card?"),
    )
    _PLACES = (("beast_index", "beast_card"), ("castle_index", "castle_card"))
    TARGET_TYPES: ClassVar[tuple[str, ...]] = ("royal", "beast", "castle")
    player: int
    target_player: int
    target_type: str
    character: Card | None = attrs.field(default=None, converter=_optional_card)
    beast_index: int | None = None
    castle_index: int | None = None
    beast_card: Card | None = attrs.field(default=None, eq=False, converter=_optional_card)
    castle_card: Card | None = attrs.field(default=None, eq=False, converter=_optional_card)


@attrs.frozen
class PassTurn(_Wire):
    """End the turn; open follow-ups are skipped, a royal reward is drawn (R7, R24)."""

    WIRE: ClassVar[str] = "passTurn"
    player: int


@attrs.frozen
class MountBeast(_Wire):
    """A royal mounts a riderless beast of its owner (R17, R18)."""

    WIRE: ClassVar[str] = "mountHorse"
    _FIELDS = (
        ("beast_index", "horseIndex", "int"),
        ("royal", "royalId", "card"),
        ("beast_card", "horseCardId", "card?"),
    )
    _PLACES = (("beast_index", "beast_card"),)
    player: int
    beast_index: int | None
    royal: Card = attrs.field(converter=_card_field)
    beast_card: Card | None = attrs.field(default=None, eq=False, converter=_optional_card)


@attrs.frozen
class TransferToPartner(_Wire):
    """Send the beast just mounted, with its rider, to the partner's kingdom (R20)."""

    WIRE: ClassVar[str] = "transferToPartner"
    _FIELDS = (("beast_index", "beastIndex", "int"), ("beast_card", "beastCardId", "card?"))
    _PLACES = (("beast_index", "beast_card"),)
    player: int
    beast_index: int | None
    beast_card: Card | None = attrs.field(default=None, eq=False, converter=_optional_card)


@attrs.frozen
class EatCharacter(_Wire):
    """The dragon just played eats an opposing royal or horse-type beast (R22, R23)."""

    WIRE: ClassVar[str] = "eatCharacter"
    _FIELDS = (
        ("target_player", "targetPlayerNumber", "int"),
        ("character_type", "characterType", "str"),
        ("character", "characterId", "card?"),
        ("beast_index", "beastIndex", "int?"),
        ("beast_card", "beastCardId", "card?"),
    )
    _PLACES = (("beast_index", "beast_card"),)
    CHARACTER_TYPES: ClassVar[tuple[str, ...]] = ("royal", "beast")
    player: int
    target_player: int
    character_type: str
    character: Card | None = attrs.field(default=None, converter=_optional_card)
    beast_index: int | None = None
    beast_card: Card | None = attrs.field(default=None, eq=False, converter=_optional_card)


@attrs.frozen
class DemolishCastle(_Wire):
    """A Golden, Silver or Divine Dragon demolishes an opposing castle (R23)."""

    WIRE: ClassVar[str] = "demolishCastle"
    _FIELDS = (
        ("target_player", "targetPlayerNumber", "int"),
        ("castle_index", "castleIndex", "int"),
        ("castle_card", "castleCardId", "card?"),
    )
    _PLACES = (("castle_index", "castle_card"),)
    player: int
    target_player: int
    castle_index: int | None
    castle_card: Card | None = attrs.field(default=None, eq=False, converter=_optional_card)


@attrs.frozen
class DemolishCathedral(_Wire):
    """A Silver or Divine Dragon demolishes an opposing cathedral (R23)."""

    WIRE: ClassVar[str] = "demolishCathedral"
    _FIELDS = (
        ("target_player", "targetPlayerNumber", "int"),
        ("cathedral_index", "cathedralIndex", "int"),
        ("cathedral_card", "cathedralCardId", "card?"),
    )
    _PLACES = (("cathedral_index", "cathedral_card"),)
    player: int
    target_player: int
    cathedral_index: int | None
    cathedral_card: Card | None = attrs.field(default=None, eq=False, converter=_optional_card)


@attrs.frozen
class EatFreedRoyal(_Wire):
    """After a Divine Dragon's demolition, eat one of the royals it freed (R23)."""

    WIRE: ClassVar[str] = "eatFreedRoyal"
    _FIELDS = (("royal", "royalId", "card"),)
    player: int
    royal: Card = attrs.field(converter=_card_field)


@attrs.frozen
class SkipDemolitionEat(_Wire):
    """Decline to eat a freed royal (R23)."""

    WIRE: ClassVar[str] = "skipDemolitionEat"
    player: int


@attrs.frozen
class SlayDragon(_Wire):
    """The King or Hero just played slays an opposing dragon (R24)."""

    WIRE: ClassVar[str] = "slayDragon"
    _FIELDS = (
        ("target_player", "targetPlayerNumber", "int"),
        ("dragon_index", "dragonIndex", "int"),
        ("dragon_card", "dragonCardId", "card?"),
    )
    _PLACES = (("dragon_index", "dragon_card"),)
    player: int
    target_player: int
    dragon_index: int | None
    dragon_card: Card | None = attrs.field(default=None, eq=False, converter=_optional_card)


@attrs.frozen
class ResurrectRoyal(_Wire):
    """Take a royal from the discard pile into the kingdom (R21)."""

    WIRE: ClassVar[str] = "resurrectRoyal"
    _FIELDS = (("royal", "royalId", "card"),)
    player: int
    royal: Card = attrs.field(converter=_card_field)


@attrs.frozen
class PlaceRoyalInCastle(_Wire):
    """A royal enters a castle or cathedral of its owner (R13, R19)."""

    WIRE: ClassVar[str] = "placeRoyalInCastle"
    _FIELDS = (
        ("royal", "royalId", "card"),
        ("castle_index", "castleIndex", "int"),
        ("castle_card", "castleCardId", "card?"),
    )
    _PLACES = (("castle_index", "castle_card"),)
    player: int
    royal: Card = attrs.field(converter=_card_field)
    castle_index: int | None
    castle_card: Card | None = attrs.field(default=None, eq=False, converter=_optional_card)


@attrs.frozen
class DrawRoyalReward(_Wire):
    """Draw the cards a slain dragon is worth (R24)."""

    WIRE: ClassVar[str] = "drawRoyalReward"
    player: int


@attrs.frozen
class SkipPendingAction(_Wire):
    """Decline the follow-up offered now (every follow-up is skippable)."""

    WIRE: ClassVar[str] = "skipPendingAction"
    player: int


@attrs.frozen
class ReadyForNextHand(_Wire):
    """Ready on the score screen between hands of a match (R31)."""

    WIRE: ClassVar[str] = "readyForNextHand"
    player: int


Action = Union[  # noqa: UP007 (a runtime alias other modules import)
    ChooseStartingResource,
    DrawCard,
    PlayResource,
    RotateResource,
    PlayRoyal,
    PlayCombination,
    PlayHailOfArrows,
    DestroyWithHail,
    PassTurn,
    MountBeast,
    TransferToPartner,
    EatCharacter,
    DemolishCastle,
    DemolishCathedral,
    EatFreedRoyal,
    SkipDemolitionEat,
    SlayDragon,
    ResurrectRoyal,
    PlaceRoyalInCastle,
    DrawRoyalReward,
    SkipPendingAction,
    ReadyForNextHand,
]
ACTION_TYPES: tuple[type[_Wire], ...] = (
    ChooseStartingResource,
    DrawCard,
    PlayResource,
    RotateResource,
    PlayRoyal,
    PlayCombination,
    PlayHailOfArrows,
    DestroyWithHail,
    PassTurn,
    MountBeast,
    TransferToPartner,
    EatCharacter,
    DemolishCastle,
    DemolishCathedral,
    EatFreedRoyal,
    SkipDemolitionEat,
    SlayDragon,
    ResurrectRoyal,
    PlaceRoyalInCastle,
    DrawRoyalReward,
    SkipPendingAction,
    ReadyForNextHand,
)
BY_WIRE: dict[str, type[_Wire]] = {cls.WIRE: cls for cls in ACTION_TYPES}

MAX_INDEX = 1000


def _field(d: Json, name: str, kind: str) -> Any:
    optional = kind.endswith("?")
    if name not in d or d[name] is None:
        if optional:
            return None
        raise MalformedAction(f"Missing field '{name}'")
    v = d[name]
    base = kind.rstrip("?")
    if base == "int":
        if type(v) is not int or not 0 <= v < MAX_INDEX:
            raise MalformedAction(f"Field '{name}' must be a small non-negative whole number")
        return v
    if base == "str":
        if not isinstance(v, str) or len(v) > 40:
            raise MalformedAction(f"Field '{name}' must be a short text")
        return v
    if base == "card":
        return _card(v, name)
    if not isinstance(v, list) or len(v) > 54:
        raise MalformedAction(f"Field '{name}' must be a list of card ids")
    cards = [_card(x, name) for x in v]
    if len(set(cards)) != len(cards):
        raise MalformedAction(f"Field '{name}' names a card twice")
    return cards


def _card(v: Any, name: str) -> Card:
    card = BY_ID.get(v) if isinstance(v, str) else None
    if card is None:
        shown = v[:20] if isinstance(v, str) else type(v).__name__
        raise MalformedAction(f"Field '{name}' names no card: {shown!r}")
    return card


def action_from_json(d: Any) -> Action:
    """The action a wire message describes: ``{"type": event, "player": n, ...payload}``.

    Raises :class:`MalformedAction` for anything that is not a well-formed action. Whether the
    action is legal now is for :func:`kingdom_rules.apply` to say.
    """
    if not isinstance(d, dict):
        raise MalformedAction("An action must be an object")
    kind = d.get("type")
    cls = BY_WIRE.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise MalformedAction(f"Unknown action type: {str(d.get('type'))[:40]!r}")
    player = d.get("player")
    if type(player) is not int or not 1 <= player <= 4:
        raise MalformedAction("Field 'player' must be a player number from 1 to 4")
    fields = cls._FIELDS
    kwargs: dict[str, Any] = {}
    for attr, name, kind in fields:
        if cls._PLACES and not kind.endswith("?") and d.get(name) is None:
            card_attr = _PAIRED.get(attr)
            card_name = next((n for a, n, _ in fields if a == card_attr), None)
            if card_name is not None and d.get(card_name) is not None:
                kwargs[attr] = None  # named by its first card instead
                continue
            if card_name is not None:
                raise MalformedAction(f"Missing field '{name}' (or '{card_name}')")
        kwargs[attr] = _field(d, name, kind)
    action: Action = cls(player=player, **kwargs)  # type: ignore[call-arg, assignment]
    return action


_PAIRED: dict[str, str] = {
    index: card for cls in ACTION_TYPES for index, card in cls._PLACES
}


def shape_problem(action: object) -> str | None:
    """What is wrong with the shape of ``action`` (not an action at all, or a field of the
    wrong type), or None when it is well formed. (Most card fields are checked as the action
    is built already.)"""
    cls = type(action)
    if BY_WIRE.get(getattr(cls, "WIRE", "")) is not cls:
        return f"Not an action: {cls.__name__}"
    if type(getattr(action, "player", None)) is not int:
        return "Field 'player' must be a player number"
    for attr, _, kind in cls._FIELDS:
        v = getattr(action, attr)
        base = kind.rstrip("?")
        if v is None:
            if kind.endswith("?"):
                continue
            return f"Missing field '{attr}'"
        if base == "card" and v.__class__ is not Card:
            return _not_card(v).replace("a Card", f"a Card in '{attr}'", 1)
        if base == "cards" and (
            not isinstance(v, tuple) or any(c.__class__ is not Card for c in v)
        ):
            return _not_cards(v)
        if base == "int" and type(v) is not int:
            return f"Field '{attr}' must be a whole number, not {type(v).__name__}"
        if base == "str" and type(v) is not str:
            return f"Field '{attr}' must be a text, not {type(v).__name__}"
    return None


def position_of(action: Action) -> int:
    """The position, in its kingdom, of the beast or structure ``action`` names (after
    :func:`kingdom_rules.apply` has resolved a first card into a position, or as listed in
    the legal actions). ValueError if it names none."""
    for index_attr, _ in action._PLACES:
        i = getattr(action, index_attr)
        if i is not None:
            return i  # type: ignore[no-any-return]
    raise ValueError(f"{action} names no beast or structure by its position")
