"""The gameState push: the engine's view of one seat, plus the room's own fields.

The engine's `view()` is the only source of game information (it hides other hands and the
deck order); this module only adds what the room knows: names, ids, host, connection, timers.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import Any

from kingdom_server.rooms import Room, Seat

log = logging.getLogger(__name__)

#: The keys of the engine's view JSON that differ from one seat to another (R32: the player's
#: own hand, their own deck draw, their legal actions, their number).
SEAT_KEYS = frozenset({"myPlayerNumber", "myHand", "lastDrawAction", "legalActions"})

#: The keys that are the same for every seat of a game (public information). A view JSON with
#: any other key is built seat by seat by the engine: a key we do not know is never shared.
SHARED_KEYS = frozenset({
    "phase", "gameMode", "playerCount", "currentHand", "totalHands", "firstPlayerNumber",
    "currentPlayerIndex", "currentPlayerNumber", "round", "players", "deckCount",
    "discardPile", "discardCount", "revealedCards", "winner", "matchScores", "teamScores",
    "handHistory", "lastHailWasFlamingSalvo", "pendingAction", "pendingDemolitionEat",
    "outcome",
})
_KNOWN_KEYS = SEAT_KEYS | SHARED_KEYS
_fallback_logged = False


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


def _seat_part(view: Any) -> dict[str, Any]:
    """The seat-dependent keys of `view.to_json()`, from the engine's own PlayerView (the
    engine decided what this seat sees; this only serialises it as `to_json` does)."""
    last = view.last_draw
    return {
        "myPlayerNumber": view.player,
        "myHand": [c.to_json() for c in view.hand],
        "lastDrawAction": last.to_json(view.last_draw_visible) if last is not None else None,
        "legalActions": [a.to_json() for a in view.legal_actions],
    }


def engine_views(kr: Any, state: Any, numbers: Sequence[int]) -> list[dict[str, Any]]:
    """`kr.view(state, n).to_json()` for each player number in `numbers`, serialising the public
    part once: the first seat's JSON is built by the engine in full, the others share its
    public values (the same objects) and get their own hand, draw and legal actions.
    Falls back to one full `to_json()` per seat if the engine's JSON has a key not known here.
    The results share nested objects: treat them as read-only (they are serialised at once)."""
    global _fallback_logged
    if not numbers:
        return []
    views = [kr.view(state, n) for n in numbers]
    first = views[0].to_json()
    if first.keys() == _KNOWN_KEYS:
        try:
            out = [first]
            for v in views[1:]:
                data = dict(first)
                data.update(_seat_part(v))
                out.append(data)
            return out
        except (AttributeError, TypeError):  # the engine's PlayerView changed shape
            pass
    if not _fallback_logged:
        _fallback_logged = True
        log.warning("engine view JSON keys changed (%s): views are built seat by seat",
                    sorted(first.keys() ^ _KNOWN_KEYS))
    return [first] + [v.to_json() for v in views[1:]]


def game_views(
    room: Room, seats: Sequence[Seat], engine_jsons: Sequence[dict[str, Any]], now: float
) -> list[dict[str, Any]]:
    """`game_view` for several seats of one room whose engine views come from `engine_views`
    (they may share their `players` list: its seat fields are the same for everyone and are
    added once per distinct list)."""
    seat_list = room.seats
    done: set[int] = set()
    out = []
    for seat, view in zip(seats, engine_jsons, strict=True):
        view.update(room_fields(room, seat, now))
        players = view.get("players", ())
        if id(players) not in done:
            done.add(id(players))
            for p in players:
                number = p.get("number")
                if type(number) is int and 1 <= number <= len(seat_list):
                    p.update(seat_fields(seat_list[number - 1]))
        out.append(view)
    return out
