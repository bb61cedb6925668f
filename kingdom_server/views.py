"""The gameState push: the engine's view of one seat, plus the room's own fields.

The engine's `view()` is the only source of game information (it hides other hands and the
deck order); this module only adds what the room knows: names, ids, host, connection, timers.
"""

from __future__ import annotations

import math
from typing import Any

from kingdom_server.rooms import Room, Seat


def room_fields(room: Room, seat: Seat | None, now: float) -> dict[str, Any]:
    timer: int | None = None
    if room.score_deadline is not None:
        timer = max(0, math.ceil(room.score_deadline - now - 1e-6))
    return {
        "roomCode": room.code,
        "hostId": room.host_id,
        "isHost": seat is not None and seat.player_id == room.host_id,
        "isPublic": room.is_public,
        "desiredPlayerCount": room.desired_player_count,
        "isTutorial": room.is_tutorial,
        "tutorialMode": room.tutorial_mode,
        "isRanked": room.is_ranked,
        "gameStartTime": room.game_start_time,
        "scoreScreenTimer": timer,
        "myPlayerId": seat.player_id if seat is not None else None,
    }


def seat_fields(seat: Seat) -> dict[str, Any]:
    return {
        "id": seat.player_id,
        "name": seat.name,
        "isBot": seat.is_bot or seat.left,
        "connected": seat.connected,
        "botControlled": seat.bot_controlled,
        "userId": seat.user_id,
    }


def waiting_view(room: Room, seat: Seat | None, now: float) -> dict[str, Any]:
    """The lobby's view, built by the server (there is no engine state before the start)."""
    players = [
        {"number": i + 1, **seat_fields(s), "cardCount": 0, "kingdom": None}
        for i, s in enumerate(room.seats)
    ]
    n = len(room.seats)
    return {
        "phase": "waiting",
        "gameMode": room.game_mode,
        "currentHand": 0,
        "totalHands": n if room.game_mode == "match" else 1,
        "playerCount": n,
        "currentPlayerIndex": None,
        "currentPlayerNumber": None,
        "myPlayerNumber": room.number_of(seat) if seat is not None and seat in room.seats else None,
        "myHand": [],
        "players": players,
        "deckCount": 0,
        "discardPile": [],
        "discardCount": 0,
        "revealedCards": [None, None],
        "winner": None,
        "matchScores": {},
        "teamScores": None,
        "handHistory": [],
        "lastDrawAction": None,
        "pendingAction": None,
        "pendingDemolitionEat": None,
        "outcome": None,
        "legalActions": [],
        **room_fields(room, seat, now),
    }


def game_view(room: Room, seat: Seat, engine_view: dict[str, Any], now: float) -> dict[str, Any]:
    """Merge the engine's view of `seat` with the room fields and each player's seat fields.
    `engine_view` is a fresh `to_json()` result: it is completed in place (this runs for every
    seat after every action)."""
    engine_view.update(room_fields(room, seat, now))
    seats = room.seats
    for p in engine_view.get("players", ()):
        number = p.get("number")
        if type(number) is int and 1 <= number <= len(seats):
            p.update(seat_fields(seats[number - 1]))
    return engine_view
