"""Kingdom's rules engine: the whole game as a pure, deterministic library.

>>> import kingdom_rules as kr
>>> state = kr.new_game(player_count=2, seed=7, mode="game")
>>> kr.players_to_act(state)
[1, 2]
>>> state, events = kr.apply(state, kr.legal_actions(state, 1)[0])
>>> state.players[0].starting_resource_chosen
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

# First: the compiled engine or its Python source, chosen before any of them is imported.
from kingdom_rules import native as native
from kingdom_rules.actions import (
    ACTION_TYPES,
    Action,
    ChooseStartingResource,
    DemolishCastle,
    DemolishCathedral,
    DestroyWithHail,
    DrawCard,
    DrawRoyalReward,
    EatCharacter,
    EatFreedRoyal,
    MountBeast,
    PassTurn,
    PlaceRoyalInCastle,
    PlayCombination,
    PlayHailOfArrows,
    PlayResource,
    PlayRoyal,
    ReadyForNextHand,
    ResurrectRoyal,
    RotateResource,
    SkipDemolitionEat,
    SkipPendingAction,
    SlayDragon,
    TransferToPartner,
    action_from_json,
)
from kingdom_rules.cards import DECK, Card
from kingdom_rules.combinations import RULES, classify, find_combinations
from kingdom_rules.decks import (
    PREBUILT_DECKS,
    Deck,
    IllegalDeck,
    add_problem,
    check_deck,
    deck_problem,
    deck_problems,
)
from kingdom_rules.engine import apply, players_to_act
from kingdom_rules.errors import IllegalAction, InvalidState, MalformedAction, NoSuchPlayer
from kingdom_rules.events import Event
from kingdom_rules.hands import CombatResult, combat_result, new_game
from kingdom_rules.legal import LegalActions, legal_actions
from kingdom_rules.positions import check_state, format_position, parse_position
from kingdom_rules.scoring import are_opponents, family_complete, hand_score, partner, team_of
from kingdom_rules.setups import (
    STANDARD,
    ConstructedSetup,
    Setup,
    SpireSetup,
    StandardSetup,
    StartingKingdom,
    setup_from_json,
)
from kingdom_rules.state import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    MODES,
    PLAYER_COUNTS,
    Combination,
    GameState,
    HandResult,
    Kingdom,
    Outcome,
    Pending,
    Player,
    Resource,
    total_hands,
)
from kingdom_rules.view import PlayerView, PublicPlayer, view, view_parts, views_json

__version__ = "0.1.0"


def replay(
    seed: int,
    player_count: int,
    mode: str = "game",
    actions: Iterable[Action | dict[str, Any]] = (),
    deck: list[str] | None = None,
    setup: Setup = STANDARD,
) -> GameState:
    """The state reached by playing ``actions`` (objects or their JSON) from a new game.
    The same seed, setup and actions always give the same game (R37)."""
    state = new_game(player_count=player_count, seed=seed, mode=mode, deck=deck, setup=setup)
    for a in actions:
        action = action_from_json(a) if isinstance(a, dict) else a
        state, _ = apply(state, action)
    return state


def replay_record(record: Mapping[str, Any]) -> GameState:
    """The final state of a game record: `{"seed", "players", "mode", "setup", "actions"}`
    (and `deck` for a scripted deal), as `kingdom simulate --json` writes each game and as a
    server's `GET /api/matches/{id}/record` answers (docs/protocol.md). The same record always
    gives the same state (R37). Raises MalformedAction / IllegalAction for a broken record."""
    setup = record.get("setup")
    return replay(
        seed=int(record["seed"]),
        player_count=int(record["players"]),
        mode=str(record.get("mode", "game")),
        actions=list(record.get("actions") or ()),
        deck=list(record["deck"]) if record.get("deck") else None,
        setup=setup_from_json(setup) if isinstance(setup, dict) else STANDARD,
    )


__all__ = [
    "ACTION_TYPES",
    "Action",
    "Card",
    "ChooseStartingResource",
    "Combination",
    "CombatResult",
    "ConstructedSetup",
    "Deck",
    "DECK",
    "DemolishCastle",
    "DemolishCathedral",
    "DestroyWithHail",
    "DrawCard",
    "DrawRoyalReward",
    "EatCharacter",
    "EatFreedRoyal",
    "Event",
    "GameState",
    "HandResult",
    "IllegalAction",
    "IllegalDeck",
    "InvalidState",
    "Kingdom",
    "LegalActions",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MODES",
    "MalformedAction",
    "MountBeast",
    "NoSuchPlayer",
    "Outcome",
    "PLAYER_COUNTS",
    "PassTurn",
    "Pending",
    "PlaceRoyalInCastle",
    "PlayCombination",
    "PlayHailOfArrows",
    "PlayResource",
    "PlayRoyal",
    "Player",
    "PREBUILT_DECKS",
    "PlayerView",
    "PublicPlayer",
    "RULES",
    "STANDARD",
    "ReadyForNextHand",
    "Resource",
    "ResurrectRoyal",
    "RotateResource",
    "SkipDemolitionEat",
    "SkipPendingAction",
    "Setup",
    "SlayDragon",
    "SpireSetup",
    "StandardSetup",
    "StartingKingdom",
    "TransferToPartner",
    "action_from_json",
    "apply",
    "are_opponents",
    "add_problem",
    "check_deck",
    "check_state",
    "classify",
    "combat_result",
    "deck_problem",
    "deck_problems",
    "family_complete",
    "find_combinations",
    "format_position",
    "hand_score",
    "legal_actions",
    "new_game",
    "parse_position",
    "partner",
    "players_to_act",
    "replay",
    "replay_record",
    "setup_from_json",
    "team_of",
    "total_hands",
    "view",
    "view_parts",
    "views_json",
]
