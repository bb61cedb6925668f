"""The gameState push: the engine's view of one seat, plus the room's own fields.

The engine's `view()` is the only source of game information (it hides other hands and the
deck order); this module only adds what the room knows: names, ids, host, connection, timers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import kingdom_rules as kr
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
        "constructed": room.constructed,
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
        "deckName": seat.deck_name,
        "hasDeck": seat.deck is not None,
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
        "setupType": "constructed" if room.constructed else "standard",
        "currentHand": 0,
        "totalHands": kr.total_hands(n, room.game_mode),
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


def engine_views(state: kr.GameState, numbers: Sequence[int]) -> list[dict[str, Any]]:
    """`kr.view(state, n).to_json()` for each player number in `numbers`, by the engine's
    `views_json` (the public part built once and shared: the results are read-only)."""
    if not numbers:
        return []
    return list(kr.views_json(state, list(numbers)))


def game_views(
    room: Room, seats: Sequence[Seat], engine_jsons: Sequence[dict[str, Any]], now: float
) -> list[dict[str, Any]]:
    """`game_view` for several seats of one room, from `engine_views`. The engine's dicts are
    not changed: each seat's view is a new top-level dict, and the players' entries, the same
    for everyone, are completed with the seat fields once per distinct engine list."""
    seat_list = room.seats
    completed: dict[int, list[Any]] = {}
    common = room_fields(room, None, now)  # the seat's own two fields are set per seat
    host_id = room.host_id
    out = []
    for seat, view in zip(seats, engine_jsons, strict=True):
        data = {**view, **common}
        data["isHost"] = seat.player_id == host_id
        data["myPlayerId"] = seat.player_id
        players = view.get("players")
        if isinstance(players, list):
            done = completed.get(id(players))
            if done is None:
                done = completed[id(players)] = [_with_seat(p, seat_list) for p in players]
            data["players"] = done
        out.append(data)
    return out


def _with_seat(p: Any, seats: list[Seat]) -> Any:
    number = p.get("number") if isinstance(p, dict) else None
    if type(number) is int and 1 <= number <= len(seats):
        return {**p, **seat_fields(seats[number - 1])}
    return p
