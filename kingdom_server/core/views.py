"""The gameState push: the engine's view of one seat, plus the room's own fields.

The engine's `view()` is the only source of game information (it hides other hands and the
deck order); this module only adds what the room knows: names, ids, host, connection, timers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import kingdom_rules as kr
from kingdom_server.core import clocks
from kingdom_server.core.rooms import Room, Seat, replay_open_to


def room_fields(room: Room, seat: Seat | None, now: float) -> dict[str, Any]:
    return {
        **_room_fields(room, now),
        "isHost": seat is not None and seat.player_id == room.host_id,
        "myPlayerId": seat.player_id if seat is not None else None,
        "matchId": _match_id(room, seat),
        "chatMuted": muted_numbers(room, seat) if seat is not None else [],
    }


def muted_numbers(room: Room, seat: Seat) -> list[int]:
    """The player numbers whose quick chat `seat` muted (`chatMuted`: kingdom_server/chat/)."""
    if not seat.chat_muted:
        return []
    return [i + 1 for i, s in enumerate(room.seats) if s.player_id in seat.chat_muted]


def _match_id(room: Room, seat: Seat | None) -> str | None:
    """The finished game's match id, for a seat that may replay it (/replay/{matchId})."""
    if room.match_id is None or room.phase != "finished":
        return None
    players = [s.user_id for s in room.seats if not s.is_bot]
    viewer = seat.user_id if seat is not None else None
    return room.match_id if replay_open_to(room.is_public or room.is_ranked, players,
                                           viewer) else None


def _room_fields(room: Room, now: float) -> dict[str, Any]:
    """The room's fields that are the same for every seat."""
    timer: int | None = None
    if room.score_deadline is not None:
        timer = max(0, math.ceil(room.score_deadline - now - 1e-6))
    return {
        "roomCode": room.code,
        "hostId": room.host_id,
        "isPublic": room.is_public,
        "desiredPlayerCount": room.desired_player_count,
        "isTutorial": room.is_tutorial,
        "tutorialMode": room.tutorial_mode,
        "isRanked": room.is_ranked,
        "constructed": room.constructed,
        "gameStartTime": room.game_start_time,
        "scoreScreenTimer": timer,
        "turnClock": room.turn_clock,
        "allowSpectators": room.allow_spectators,
        "rematch": _rematch(room, now),
        "spectators": len(room.spectators),
    }


def _rematch(room: Room, now: float) -> dict[str, Any] | None:
    """The open rematch offer: who accepted (player numbers) and the whole seconds left."""
    if room.rematch is None or room.rematch_deadline is None:
        return None
    return {
        "accepted": [i + 1 for i, s in enumerate(room.seats) if s.player_id in room.rematch],
        "secondsLeft": max(0, math.ceil(room.rematch_deadline - now - 1e-6)),
    }


def seat_fields(seat: Seat) -> dict[str, Any]:
    """A player's fields that come from the room; `clock` is what is left of the seat's turn
    clock at the time of the push (None: not clocked; docs/protocol.md)."""
    return {
        "clock": clocks.wire(seat.clock, clocks.now()),
        "id": seat.player_id,
        "name": seat.name,
        "isBot": seat.is_bot or seat.left,
        "connected": seat.connected,
        "botControlled": seat.bot_controlled,
        "userId": seat.user_id,
        # A person's account links to their public profile; bots and guests have none.
        "username": None if seat.is_bot or seat.bot_account else seat.username,
        "deckName": seat.deck_name,
        "hasDeck": seat.deck is not None,
        "botAccount": seat.bot_account,
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


def push_parts(
    room: Room, seats: Sequence[Seat], state: kr.GameState, now: float
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The gameState of `seats` (seats of `room`) in two parts: what is the same for all of
    them (the engine's public part, the room's fields, each player's seat fields), and each
    seat's own part (the engine's part for that seat, isHost, myPlayerId), in the order of
    `seats`. Their keys never overlap; the server writes the shared part's JSON once. The
    engine's view (`kr.view_parts`) is the only source of game information. Read-only."""
    if not seats:
        return {}, []
    # The engine's parts are built afresh for each call: extended in place (their values,
    # such as a kingdom's JSON, may be shared and are left alone).
    shared, own = kr.view_parts(state, [room.number_of(seat) for seat in seats])
    seat_list = room.seats
    for p in shared["players"]:
        _with_seat(p, seat_list)
    shared.update(_room_fields(room, now))
    host_id = room.host_id
    for seat, part in zip(seats, own, strict=True):
        part["isHost"] = seat.player_id == host_id
        part["myPlayerId"] = seat.player_id
        part["matchId"] = _match_id(room, seat)
        part["chatMuted"] = muted_numbers(room, seat)
    return shared, own


def game_views(
    room: Room, seats: Sequence[Seat], state: kr.GameState, now: float
) -> list[dict[str, Any]]:
    """Each seat's whole gameState (:func:`push_parts` put together), as a dictionary."""
    shared, own = push_parts(room, seats, state, now)
    return [{**shared, **part} for part in own]


def spectator_view(room: Room, now: float) -> dict[str, Any]:
    """What a spectator sees: only the engine's public part (no hand, no legal actions, no
    draw that only its drawer saw) and the room's fields; `isSpectator: true`."""
    own: dict[str, Any] = {
        "myPlayerNumber": None, "myHand": [], "legalActions": [], "lastDrawAction": None,
        "isHost": False, "myPlayerId": None, "isSpectator": True,
        "matchId": _match_id(room, None), "chatMuted": [],
    }
    if room.state is None:
        return {**waiting_view(room, None, now), **own}
    public = kr.view(room.state, 1).public_json()
    for p in public["players"]:
        _with_seat(p, room.seats)
    return {**public, **_room_fields(room, now), **own}


def _with_seat(p: Any, seats: list[Seat]) -> None:
    """Adds its seat's fields to a player of the engine's public part (in place)."""
    number = p.get("number") if isinstance(p, dict) else None
    if type(number) is int and 1 <= number <= len(seats):
        p.update(seat_fields(seats[number - 1]))
