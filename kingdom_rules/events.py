"""What happened during an action, for servers and interfaces to show."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple


class Event(NamedTuple):
    """``type`` names what happened (turnStarted, cardDrawn, drawPhaseSkipped, royalPlayed,
    combinationBuilt (``kind``: horse, unicorn, dragon, golden-dragon, silver-dragon,
    divine-dragon, castle, cathedral), royalFamilyCompleted, handComplete, gameFinished,
    nextHandStarted, ...); ``data`` the details.
    Events never carry a card that a player may not see.

    An immutable pair (a named tuple: a step makes one or two, so they must be cheap). Events
    that recur on every turn are made once (:func:`shared`); their ``data`` is read-only."""

    type: str
    data: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}


def shared(type: str, **data: Any) -> Event:
    """An event to be made once and given out many times: its data cannot be changed."""
    return Event(type, MappingProxyType(data))
