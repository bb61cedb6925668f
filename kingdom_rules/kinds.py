"""The game's named kinds: combinations, follow-ups and how a hand or a game ends.

Each kind is a ``Literal`` type, so a value is the plain wire string of docs/protocol.md (no
conversion in JSON, no cost on the engine's hot paths) while ``mypy --strict`` refuses a
misspelt one wherever it is assigned, returned, passed or compared. The tuples beside them
list the values at run time. The web app's unions in ``web/src/net/types.ts`` are checked
against these by ``tests/rules/test_kinds_wire.py``.

This module imports nothing of the engine: every other module may use it.
"""

from __future__ import annotations

from typing import Final, Literal, TypeAlias, get_args

CombinationKind: TypeAlias = Literal[
    "horse", "unicorn", "dragon", "golden-dragon", "silver-dragon", "divine-dragon", "castle",
    "cathedral",
]
"""A beast or structure of the R14 table (``Combination.kind``)."""
COMBINATION_KINDS: Final[tuple[CombinationKind, ...]] = get_args(CombinationKind)

CombinationType: TypeAlias = Literal["horse", "dragon", "castle", "cathedral"]
"""The coarse ``type`` of a combination on the wire
(:func:`kingdom_rules.combinations.coarse_type`)."""
COMBINATION_TYPES: Final[tuple[CombinationType, ...]] = get_args(CombinationType)

FollowUpKind: TypeAlias = Literal[
    "eating", "slaying", "mounting", "resurrection", "castle-placement", "hail-of-arrows",
    "flaming-salvo", "partner-transfer", "demolishing",
]
"""A follow-up the current player may take or skip (``Pending.type``, R13-R26)."""
FOLLOW_UP_KINDS: Final[tuple[FollowUpKind, ...]] = get_args(FollowUpKind)

FollowUpContext: TypeAlias = Literal[
    "after-royal", "after-beast", "after-structure", "freed-royal", "after-hail", "after-mount",
]
"""What opened a follow-up (``Pending.context``)."""
FOLLOW_UP_CONTEXTS: Final[tuple[FollowUpContext, ...]] = get_args(FollowUpContext)

HandEndReason: TypeAlias = Literal["family", "stalled", "round-limit"]
"""Why a hand ended (``HandResult.reason``): the Royal Family (R27), no play possible
(stalled) or the round limit (R28)."""
HAND_END_REASONS: Final[tuple[HandEndReason, ...]] = get_args(HandEndReason)

MatchEndReason: TypeAlias = Literal["drawn", "cumulative", "hands-won", "shared"]
"""How a game's winners were found other than by its last hand: ``drawn`` (a single game
without a winner), or for a match (R30) the cumulative score, the hands won, or shared."""
MATCH_END_REASONS: Final[tuple[MatchEndReason, ...]] = get_args(MatchEndReason)

OutcomeReason: TypeAlias = HandEndReason | MatchEndReason
"""``Outcome.reason``: a single game ends as its hand did; otherwise a :data:`MatchEndReason`."""
OUTCOME_REASONS: Final[tuple[OutcomeReason, ...]] = HAND_END_REASONS + MATCH_END_REASONS
