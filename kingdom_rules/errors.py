"""Errors the engine raises. Their text is what a player is shown."""

from __future__ import annotations


class IllegalAction(Exception):
    """An action the rules do not allow now. Nothing was changed.

    ``message`` starts with the product's catalogue text where one exists
    (``Cannot play that royal``), followed by the reason and the ruling number.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.message = message
        self.rule = rule
        super().__init__(f"{message} ({rule})" if rule else message)


class MalformedAction(IllegalAction):
    """An action whose shape is wrong: unknown type, missing or mistyped field, unknown card."""


class NoSuchPlayer(ValueError):
    """A player number that is no seat of the game (:func:`kingdom_rules.view`,
    :func:`kingdom_rules.legal_actions`)."""

    def __init__(self, player: object) -> None:
        self.player = player
        super().__init__(f"There is no player {player!r} in this game")


class InvalidState(ValueError):
    """A game state (from JSON or a position text) that no game can reach: a card missing or
    in two places, a combination whose cards do not form its kind, a rider that is not a
    royal of its kingdom... The message names the first such thing."""
