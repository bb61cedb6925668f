"""Constructed's HTTP routes, /api/collection and /api/decks, and its socket call `chooseDeck`
(the seated player's own legal deck for a Constructed room): docs/protocol.md, "HTTP:
Constructed collection and decks"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from aiohttp import web

import kingdom_rules as kr
from kingdom_rules.cards import Card
from kingdom_server.accounts import User, require_user
from kingdom_server.constructed.service import Constructed, face
from kingdom_server.constructed.tables import (
    DESCRIPTION_MAX,
    MAX_QUANTITY,
    NAME_MAX,
    RANK_MAX,
    SUIT_MAX,
    UserDeck,
)
from kingdom_server.core import validation as v
from kingdom_server.core.answers import Ack, Call, CallError, Payload, ok
from kingdom_server.core.http import Refused, database, database_json, json_object, no_store
from kingdom_server.core.keys import settings_key
from kingdom_server.core.lobby import Lobby
from kingdom_server.core.validation import text_problem

constructed_key: web.AppKey[Constructed] = web.AppKey("constructed")


def _check_text(text: str, label: str, *, multiline: bool = False) -> None:
    """The one rule for stored text (kingdom_server/core/validation.py)."""
    problem = text_problem(text, multiline=multiline)
    if problem is not None:
        raise Refused(400, f"{label} {problem}")


def _card_of(data: dict[str, Any]) -> Card:
    rank, suit = data.get("cardRank"), data.get("cardSuit")
    if not isinstance(rank, str) or not 1 <= len(rank) <= RANK_MAX:
        raise Refused(400, f"cardRank is a text of 1 to {RANK_MAX} characters")
    if not isinstance(suit, str) or not 1 <= len(suit) <= SUIT_MAX:
        raise Refused(400, f"cardSuit is a text of 1 to {SUIT_MAX} characters")
    card = face(rank, suit)
    if card is None:
        raise Refused(400, f"No such card: {rank} of {suit}")
    return card


def _quantity_of(data: dict[str, Any], most: int) -> int:
    q = data.get("quantity")
    if type(q) is not int:
        raise Refused(400, "quantity is a whole number")
    if q < 0:
        raise Refused(400, "quantity cannot be below 0")
    if q > most:
        raise Refused(400, f"quantity is at most {most}")
    return q


def _service(request: web.Request) -> Constructed:
    return request.app[constructed_key]


def is_admin(request: web.Request, user: User) -> bool:
    admins = request.app[settings_key].admin_usernames
    return user.username.lower() in admins or bool(user.is_admin)


async def get_collection(request: web.Request) -> web.Response:
    user = await require_user(request)
    found = await database(request, _service(request).collection_json, user.id)
    return no_store(web.json_response(found))


async def initialize_collection(request: web.Request) -> web.Response:
    user = await require_user(request)
    service = _service(request)

    def work() -> tuple[bool, list[dict[str, Any]]]:
        created = service.initialize(user.id)
        return created, service.collection_json(user.id)

    created, collection = await database(request, work)
    return no_store(
        web.json_response(
            {"initialized": created, "collection": collection},
            status=201 if created else 200,
        )
    )


async def update_collection(request: web.Request) -> web.Response:
    user = await require_user(request)
    if not is_admin(request, user):
        return web.json_response(
            {"message": "Only an administrator may change a collection"}, status=403
        )
    data = await json_object(request)
    card = _card_of(data)
    quantity = _quantity_of(data, MAX_QUANTITY)
    service = _service(request)

    def work() -> list[dict[str, Any]]:
        service.set_collection(user.id, card, quantity)
        return service.collection_json(user.id)

    return no_store(web.json_response(await database(request, work)))


async def list_decks(request: web.Request) -> web.Response:
    user = await require_user(request)
    return no_store(await database_json(request, _service(request).decks_json, user.id))


def _imported(data: dict[str, Any]) -> kr.Deck | None:
    code, text = data.get("code"), data.get("list")
    if code is not None and text is not None:
        raise Refused(400, "Give a deck code or a deck list, not both")
    if code is not None:
        if not isinstance(code, str) or len(code) > 200:
            raise Refused(400, "Not a deck code")
        try:
            return kr.Deck.from_code(code)
        except ValueError:
            raise Refused(400, "Not a deck code") from None
    if text is not None:
        if not isinstance(text, str) or len(text) > 10_000:
            raise Refused(400, "A deck list is a text of up to 10000 characters")
        try:
            return kr.Deck.parse(text)
        except ValueError as e:
            raise Refused(400, str(e)) from None
    return None


async def create_deck(request: web.Request) -> web.Response:
    user = await require_user(request)
    service = _service(request)
    data = await json_object(request)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise Refused(400, "A deck needs a name")
    _check_text(name, "A deck name")
    name = name.strip()
    if len(name) > NAME_MAX:
        raise Refused(400, f"A deck name is at most {NAME_MAX} characters")
    description = data.get("description", "")
    if description is None:
        description = ""
    if not isinstance(description, str) or len(description) > DESCRIPTION_MAX:
        raise Refused(
            400, f"A description is a text of at most {DESCRIPTION_MAX} characters"
        )
    _check_text(description, "A description", multiline=True)
    imported = _imported(data)

    def work() -> dict[str, Any]:
        row = service.create_deck(user.id, name, description, imported)
        return service.deck_json(row, with_cards=True)

    made = await database(request, work)
    return no_store(web.json_response(made, status=201))


async def _own_deck_json(request: web.Request, change: Callable[[UserDeck], UserDeck] | None = None,
                         ) -> dict[str, Any]:
    """(database threads) The caller's deck of the path with its cards, after `change`."""
    user = await require_user(request)
    service = _service(request)
    deck_id = request.match_info["deck_id"]

    def work() -> dict[str, Any]:
        row = service.own_deck(user.id, deck_id)
        if change is not None:
            row = change(row)
        return service.deck_json(row, with_cards=True)

    return await database(request, work)


async def get_deck(request: web.Request) -> web.Response:
    return no_store(web.json_response(await _own_deck_json(request)))


async def delete_deck(request: web.Request) -> web.Response:
    user = await require_user(request)
    await database(request, _service(request).delete_deck, user.id,
                   request.match_info["deck_id"])
    return web.Response(status=204)


async def get_deck_cards(request: web.Request) -> web.Response:
    return no_store(web.json_response((await _own_deck_json(request))["cards"]))


async def patch_deck_cards(request: web.Request) -> web.Response:
    user = await require_user(request)
    service = _service(request)
    await database(request, service.own_deck, user.id, request.match_info["deck_id"])
    data = await json_object(request)
    card = _card_of(data)
    quantity = _quantity_of(data, MAX_QUANTITY)
    changed = await _own_deck_json(
        request, lambda row: service.set_deck_card(user.id, row.id, card, quantity))
    return no_store(web.json_response(changed))


ROUTES: list[web.RouteDef] = [
    web.get("/api/collection", get_collection),
    web.post("/api/collection/initialize", initialize_collection),
    web.patch("/api/collection/update", update_collection),
    web.get("/api/decks", list_decks),
    web.post("/api/decks", create_deck),
    web.get("/api/decks/{deck_id}", get_deck),
    web.delete("/api/decks/{deck_id}", delete_deck),
    web.get("/api/decks/{deck_id}/cards", get_deck_cards),
    web.patch("/api/decks/{deck_id}/cards", patch_deck_cards),
]


class DeckCalls:
    def __init__(self, lobby: Lobby, service: Constructed) -> None:
        self.lobby = lobby
        self.service = service

    def calls(self) -> dict[str, Call]:
        return {"chooseDeck": self.choose_deck}

    async def choose_deck(self, sid: str, p: Payload) -> Ack:
        """(Constructed room, before the start) The signed-in player plays one of their own
        legal decks: `{deckId}`."""
        deck_id = v.field(p, "deckId", str)
        room, seat = self.lobby.rooms.seat_of(sid)
        if not room.constructed:
            raise CallError("This room is not a Constructed game")
        user_id, _ = await self.lobby.user_of(sid)
        if user_id is None or seat.user_id != user_id:
            raise CallError("Sign in to play your own deck")
        service = self.service

        def work() -> tuple[UserDeck, kr.Deck]:
            row = service.own_deck(user_id, deck_id[:64])
            return row, service.legal_deck(user_id, row.id)

        try:
            row, deck = await self.lobby.storage.run(work)
        except Refused as e:
            raise CallError(e.message) from None
        async with room.lock:
            if room.started:
                raise CallError("Game already in progress")
            undo = room.snapshot()
            seat.deck, seat.deck_name = deck, row.name
            await self.lobby.save(room, undo)
            await self.lobby.pushes.room(room)
        return ok(deckName=row.name, size=deck.size)

