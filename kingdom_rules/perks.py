"""Play perks: standing changes to the rules of play for one seat of a Spire combat (R37),
declared by the Spire's relics and suit standards (docs/spire.md) and carried by the hand's
:class:`~kingdom_rules.setups.SpireSetup`, so a hand replays exactly from its seed and setup.

Each perk is a typed name and an amount. What a perk does is this module's; where it does it
is one call site each in the plays (:mod:`kingdom_rules.plays`); none changes which actions
are legal or what they cost, so the legal actions and the bots' own move lists stay as they
are. A hand without perks (every standard and Constructed hand) is played exactly as before.

>>> p = Perks.of({"horse_draw": 1, "volley_shots": 1})
>>> p.get("horse_draw"), p.get("dragon_refund"), p.to_json()
(1, 0, {'horse_draw': 1, 'volley_shots': 1})
>>> extra_draws(p, "unicorn"), extra_draws(p, "dragon")
(1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final, Literal, TypeAlias, get_args

import attrs

from kingdom_rules.cards import Card
from kingdom_rules.combinations import DRAGONS, HORSE_TYPES, STRUCTURES
from kingdom_rules.kinds import CombinationKind

PlayPerk: TypeAlias = Literal[
    "dragon_refund", "horse_draw", "dragon_draw", "suited_draw", "structure_draw",
    "royal_draw", "volley_shots",
]
"""A rule of play a perk changes (mypy refuses a misspelt one)."""

PERKS: Final[Mapping[PlayPerk, str]] = {
    "dragon_refund": "resources that paid for a dragon turn ready again, while you have no dragon",
    "horse_draw": "cards more a Horse or Unicorn draws",
    "dragon_draw": "cards more a dragon draws",
    "suited_draw": "cards more a Golden or Divine Dragon (a run of one suit) draws",
    "structure_draw": "cards more a Castle or Cathedral draws",
    "royal_draw": "cards a King or Hero draws when played",
    "volley_shots": "more targets a Hail of Arrows or Flaming Salvo strikes",
}
"""Every play perk and what its amount counts."""
if set(PERKS) != set(get_args(PlayPerk)):  # the type and the table name the same perks
    raise AssertionError(f"PERKS and PlayPerk differ: {set(PERKS) ^ set(get_args(PlayPerk))}")

def _amounts(items: Any) -> tuple[tuple[PlayPerk, int], ...]:
    pairs = items.items() if isinstance(items, Mapping) else items
    out: dict[PlayPerk, int] = {}
    for name, amount in pairs:
        if name not in PERKS:
            raise ValueError(f"Unknown play perk: {str(name)[:40]!r}")
        if type(amount) is not int or amount < 0:
            raise ValueError(f"A play perk's amount is a whole number from 0 ({name})")
        out[name] = out.get(name, 0) + amount
    return tuple(sorted((k, v) for k, v in out.items() if v))


@attrs.frozen
class Perks:
    """One seat's play perks: ``(perk, amount)`` pairs, summed per perk, in name order."""

    amounts: tuple[tuple[PlayPerk, int], ...] = attrs.field(default=(), converter=_amounts)

    @staticmethod
    def of(items: Mapping[PlayPerk, int] | Any) -> Perks:
        return Perks(items)

    def get(self, perk: PlayPerk) -> int:
        for name, amount in self.amounts:
            if name == perk:
                return amount
        return 0

    def __bool__(self) -> bool:
        return bool(self.amounts)

    def to_json(self) -> dict[str, int]:
        return dict(self.amounts)

    @staticmethod
    def from_json(d: Any) -> Perks:
        if not isinstance(d, dict):
            raise ValueError("A seat's play perks are an object of amounts")
        return Perks(d)


NO_PERKS: Final = Perks()


def perks_of(setup: Any, seat: int) -> Perks:
    """Seat ``seat``'s perks under a hand's setup (none but in a Spire combat that has them)."""
    seats: tuple[Perks, ...] | None = getattr(setup, "perks", None)
    return seats[seat - 1] if seats else NO_PERKS


def dragon_refund(perks: Perks, kind: CombinationKind, combinations: Any) -> int:
    """Resources that paid for a combination of ``kind`` and turn ready again: the
    ``dragon_refund`` amount for a dragon played while the seat's kingdom (``combinations``:
    its beasts and structures) holds no dragon, else 0. The dragon costs its R14 price (the
    legal payments are unchanged), then that many of its resources, first named first, are
    ready to spend again: in effect it costs that much less."""
    back = perks.get("dragon_refund")
    if not back or kind not in DRAGONS or any(c.kind in DRAGONS for c in combinations):
        return 0
    return back


def extra_draws(perks: Perks, kind: CombinationKind) -> int:
    """Cards a combination of ``kind`` draws beyond the R14 table."""
    if not perks:
        return 0
    if kind in HORSE_TYPES:
        return perks.get("horse_draw")
    if kind in STRUCTURES:
        return perks.get("structure_draw")
    extra = perks.get("dragon_draw")
    if kind in ("golden-dragon", "divine-dragon"):
        extra += perks.get("suited_draw")
    return extra


def royal_draws(perks: Perks, royal: Card) -> int:
    """Cards a royal draws beyond R12 (a King or Hero with the ``royal_draw`` perk)."""
    if perks and royal.rank in ("K", "JOKER"):
        return perks.get("royal_draw")
    return 0


def volley_shots(perks: Perks) -> int:
    """Targets a Hail of Arrows or Flaming Salvo strikes: 1, more with ``volley_shots``."""
    return 1 + perks.get("volley_shots")
