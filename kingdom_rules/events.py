"""What happened during an action, for servers and interfaces to show."""

from __future__ import annotations

from typing import Any

import attrs


@attrs.frozen
class Event:
    """``type`` names what happened (turnStarted, cardDrawn, drawPhaseSkipped,
    royalFamilyCompleted, handComplete, gameFinished, nextHandStarted); ``data`` the details.
    Events never carry a card that a player may not see."""

    type: str
    data: dict[str, Any] = attrs.field(factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, **self.data}
