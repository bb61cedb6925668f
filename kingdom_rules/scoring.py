"""Scores, the Royal Family, and teams (R27, R29).

>>> from kingdom_rules.cards import Card
>>> from kingdom_rules.state import Kingdom
>>> family_complete(Kingdom(royals=(Card.parse("JH"), Card.parse("RJ"), Card.parse("KS"))))
True
>>> partner(1, 4), partner(2, 4), are_opponents(1, 3, 4), are_opponents(1, 3, 3)
(3, 4, False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from kingdom_rules.combinations import COMBINATION_POINTS
from kingdom_rules.kingdoms import Kingdom

__all__ = [
    "COMBINATION_POINTS", "FAMILY_BONUS", "RESOURCE_POINTS", "ROYAL_POINTS", "are_opponents",
    "family_complete", "family_places", "family_progress", "hand_score", "partner",
    "score_by_kind", "team_of", "team_scores",
]

ROYAL_POINTS: Final = 3
"""Each royal of a kingdom, wherever it stands (R29)."""
RESOURCE_POINTS: Final = 1
"""Each resource, ready or used (R29)."""
FAMILY_BONUS: Final = 3
"""For the player who completes the Royal Family (R29)."""


def family_places(kingdom: Kingdom) -> tuple[set[str], int]:
    """The family ranks (J, Q, K) present in the kingdom, wherever they stand, and the number
    of Heroes, who fill any gap (R11)."""
    present: set[str] = set()
    heroes = 0
    for r in kingdom.royals:
        if r.is_hero:
            heroes += 1
        else:
            present.add(r.rank)
    return present, heroes


def family_progress(kingdom: Kingdom) -> int:
    """How many of the Royal Family's three places are filled (3: complete)."""
    present, heroes = family_places(kingdom)
    return min(3, len(present) + heroes)


def family_complete(kingdom: Kingdom) -> bool:
    """J, Q and K in the kingdom, wherever they stand, Heroes filling gaps (R11, R27)."""
    return len(kingdom.royals) >= 3 and family_progress(kingdom) == 3


def score_by_kind(kingdom: Kingdom, family_bonus: bool = False) -> dict[str, int]:
    """A hand score in its parts (R29): ``resources``, ``royals``, ``combinations`` and
    ``familyBonus``; their sum is :func:`hand_score`.

    >>> from kingdom_rules.cards import Card
    >>> from kingdom_rules.state import Kingdom
    >>> score_by_kind(Kingdom(royals=(Card.parse("JH"),)), family_bonus=True)
    {'resources': 0, 'royals': 3, 'combinations': 0, 'familyBonus': 3}
    """
    return {
        "resources": RESOURCE_POINTS * len(kingdom.resources),
        "royals": ROYAL_POINTS * len(kingdom.royals),
        "combinations": sum(COMBINATION_POINTS[c.kind] for c in kingdom.combinations),
        "familyBonus": FAMILY_BONUS if family_bonus else 0,
    }


def hand_score(kingdom: Kingdom, family_bonus: bool = False) -> int:
    """3 per royal, 1 per resource, each combination's points, and the bonus (R29)."""
    return sum(score_by_kind(kingdom, family_bonus).values())


def team_of(player: int, player_count: int) -> int | None:
    """Team 1 is players 1 and 3, team 2 players 2 and 4; teams exist only at 4 players."""
    if player_count != 4:
        return None
    return 1 if player % 2 == 1 else 2


def partner(player: int, player_count: int) -> int | None:
    """The player across the table in a 4-player game (R20)."""
    if player_count != 4:
        return None
    return player + 2 if player <= 2 else player - 2


def are_opponents(a: int, b: int, player_count: int) -> bool:
    """Partners are never opponents (R22)."""
    if a == b:
        return False
    return player_count != 4 or a % 2 != b % 2


def team_scores(scores: Sequence[int]) -> dict[str, int] | None:
    """Team sums with 4 players (R29); None otherwise."""
    if len(scores) != 4:
        return None
    return {"1": scores[0] + scores[2], "2": scores[1] + scores[3]}
