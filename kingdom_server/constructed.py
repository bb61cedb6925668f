"""Constructed (seed 001, R33-R35): each account's card collection and decks, over HTTP.

Tables (seed 001 section 3): `user_card_collection` (cardRank, cardSuit, quantity per user),
`user_decks` (name up to 100 characters, description up to 500, isActive) and `deck_cards`
(quantity, card rank up to 10 characters, suit up to 20).

Calls (docs/protocol.md, "Constructed"):
- `GET /api/collection`, `POST /api/collection/initialize` (4 copies of each of the 54 faces,
  once per account; again changes nothing), `PATCH /api/collection/update` (administrators
  only, see below).
- `GET /api/decks`, `POST /api/decks` ({name, description} and optionally `code` or `list` to
  import a deck), `GET /api/decks/{id}`, `DELETE /api/decks/{id}`, `GET /api/decks/{id}/cards`,
  `PATCH /api/decks/{id}/cards` ({cardRank, cardSuit, quantity}: the face's new count).

Every deck answer carries `isLegal` and `problem` (the library's `kr.deck_problem` against
the owner's collection), its size, its deck `code` and its plain-text `list`. A deck belongs to
its owner only: another account's deck id answers 404 like a missing one.

Administrators: the accounts whose usernames are listed (comma-separated, any case) in the
server's `KINGDOM_ADMINS` environment variable (`Settings.admin_usernames`), and the accounts
made administrators from the shell (`kingdom user admin NAME`, the users table's `is_admin`).
Only they may change a collection by hand; everyone else gets 403 - a player must not grant
themselves cards.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any

import peewee as pw
from aiohttp import web

import kingdom_rules as kr
from kingdom_rules.cards import DECK, SUIT_NAMES, Card
from kingdom_server.accounts import User, require_user
from kingdom_server.core.http import Refused, database, database_json, json_object, no_store
from kingdom_server.core.keys import settings_key
from kingdom_server.core.tables import FeatureTable, now
from kingdom_server.storage import Storage
from kingdom_server.validation import text_problem

INITIAL_COPIES = 4
"""Copies of each face a collection starts with (seed 001 section 9)."""
MAX_DECKS = 100
"""Decks one account may keep."""
MAX_QUANTITY = 99
"""The most copies of a face a collection may hold (an administrator's update)."""
NAME_MAX, DESCRIPTION_MAX, RANK_MAX, SUIT_MAX = 100, 500, 10, 20


def _new_id() -> str:
    return str(uuid.uuid4())


class CollectionEntry(FeatureTable):
    user_id = pw.CharField(max_length=36, index=True)
    card_rank = pw.CharField(max_length=RANK_MAX)
    card_suit = pw.CharField(max_length=SUIT_MAX)
    quantity = pw.IntegerField()

    class Meta:
        table_name = "user_card_collection"
        indexes = ((("user_id", "card_rank", "card_suit"), True),)


class UserDeck(FeatureTable):
    id = pw.CharField(primary_key=True, max_length=36, default=_new_id)
    user_id = pw.CharField(max_length=36, index=True)
    name = pw.CharField(max_length=NAME_MAX)
    description = pw.CharField(max_length=DESCRIPTION_MAX, default="")
    is_active = pw.BooleanField(default=True)
    created_at = pw.DateTimeField(default=now)
    updated_at = pw.DateTimeField(default=now)

    class Meta:
        table_name = "user_decks"


class DeckCard(FeatureTable):
    deck_id = pw.CharField(max_length=36, index=True)
    card_rank = pw.CharField(max_length=RANK_MAX)
    card_suit = pw.CharField(max_length=SUIT_MAX)
    quantity = pw.IntegerField()

    class Meta:
        table_name = "deck_cards"
        indexes = ((("deck_id", "card_rank", "card_suit"), True),)


TABLES = (CollectionEntry, UserDeck, DeckCard)


_FACES: dict[tuple[str, str], Card] = {(card.rank, card.suit): card for card in DECK}


def _face(rank: str, suit: str) -> Card | None:
    return _FACES.get((rank, suit))


def _entry_json(card: Card, quantity: int) -> dict[str, Any]:
    return {"cardRank": card.rank, "cardSuit": card.suit, "quantity": quantity}


def _face_json(card: Card, quantity: int) -> dict[str, Any]:
    """A collection entry with the library's words for it: the card's `id` (as in a game view),
    `name` ('Queen of Hearts', 'Red Hero'), `suitName` ('Hearts' ... 'Heroes') and `cost` (R10:
    the ready resources a royal needs, 0 for a number card)."""
    return {**_entry_json(card, quantity), "id": card.id, "name": card.name,
            "suitName": SUIT_NAMES[card.suit], "cost": card.cost}


class Constructed:
    """Collections and decks in one store's database."""

    def __init__(self, storage: Storage) -> None:
        self.db = storage.db
        self.Entry = storage.tables[CollectionEntry]
        self.Deck = storage.tables[UserDeck]
        self.Card = storage.tables[DeckCard]

    # -- collection ------------------------------------------------------------------------

    def collection(self, user_id: str) -> dict[Card, int]:
        out: dict[Card, int] = {}
        E = self.Entry
        query = E.select(E.card_rank, E.card_suit, E.quantity).where(E.user_id == user_id)
        for rank, suit, quantity in self.db.execute(query).fetchall():  # type: ignore[no-untyped-call]
            card = _face(rank, suit)
            if card is not None and quantity > 0:
                out[card] = quantity
        return out

    def collection_json(self, user_id: str) -> list[dict[str, Any]]:
        have = self.collection(user_id)
        return [_face_json(c, have[c]) for c in DECK if c in have]

    def initialize(self, user_id: str) -> bool:
        """Give the account 4 of each face once; False (and nothing changed) if it has a
        collection already."""
        try:
            with self.db.atomic():
                if self.Entry.select().where(self.Entry.user_id == user_id).exists():
                    return False
                self.Entry.insert_many(
                    [
                        {"user_id": user_id, "card_rank": c.rank, "card_suit": c.suit,
                         "quantity": INITIAL_COPIES}
                        for c in DECK
                    ]
                ).execute()
        except pw.IntegrityError:  # a simultaneous call inserted them first
            return False
        return True

    def set_collection(self, user_id: str, card: Card, quantity: int) -> None:
        with self.db.atomic():
            self.Entry.delete().where(
                (self.Entry.user_id == user_id)
                & (self.Entry.card_rank == card.rank)
                & (self.Entry.card_suit == card.suit)
            ).execute()
            self.Entry.create(user_id=user_id, card_rank=card.rank, card_suit=card.suit,
                              quantity=quantity)

    def add_earned(self, user_id: str, cards: list[Card]) -> None:
        """(Spire's cards-earned hook, R40, inside the transaction that saves the run) One
        copy of each card earned in a signed-in run joins the collection (a face earned twice
        counts twice, up to MAX_QUANTITY). An account without a collection first gets the
        initial one, so earning a card never costs the player their 4 copies of each face."""
        with self.db.atomic():
            E = self.Entry
            if not E.select().where(E.user_id == user_id).exists():
                E.insert_many(
                    [{"user_id": user_id, "card_rank": c.rank, "card_suit": c.suit,
                      "quantity": INITIAL_COPIES} for c in DECK]
                ).execute()
            for card in cards:
                face = (E.user_id == user_id) & (E.card_rank == card.rank) & (
                    E.card_suit == card.suit)
                n = (E.update(quantity=pw.Case(None, [(E.quantity < MAX_QUANTITY,
                                                       E.quantity + 1)], E.quantity))
                     .where(face).execute())
                if n == 0:
                    E.create(user_id=user_id, card_rank=card.rank, card_suit=card.suit,
                             quantity=1)

    # -- decks -----------------------------------------------------------------------------

    def own_deck(self, user_id: str, deck_id: str) -> UserDeck:
        row: UserDeck | None = self.Deck.get_or_none(
            (self.Deck.id == deck_id) & (self.Deck.user_id == user_id)
        )
        if row is None:
            raise Refused(404, "Deck not found")
        return row

    def deck_value(self, deck_id: str) -> kr.Deck:
        return self.deck_values([deck_id]).get(deck_id, kr.Deck(()))

    def deck_values(self, deck_ids: list[str]) -> dict[str, kr.Deck]:
        """The decks' values, in one query (the rows as the driver gives them: no model
        objects, thousands of rows a second cheaper)."""
        entries: dict[str, list[tuple[Card, int]]] = {deck_id: [] for deck_id in deck_ids}
        C = self.Card
        query = C.select(C.deck_id, C.card_rank, C.card_suit, C.quantity).where(
            C.deck_id.in_(deck_ids))
        for deck_id, rank, suit, quantity in self.db.execute(query).fetchall():  # type: ignore[no-untyped-call]
            card = _face(rank, suit)
            if card is not None and quantity > 0:
                entries[deck_id].append((card, quantity))
        return {deck_id: kr.Deck(tuple(sorted(found, key=lambda e: e[0].order)))
                for deck_id, found in entries.items()}

    def deck_json(self, row: UserDeck, *, with_cards: bool = False,
                  collection: dict[Card, int] | None = None,
                  value: kr.Deck | None = None) -> dict[str, Any]:
        deck = value if value is not None else self.deck_value(row.id)
        have = collection if collection is not None else self.collection(row.user_id)
        problems = kr.deck_problems(deck, have)
        problem = problems[0] if problems else None
        try:
            code: str | None = deck.code()
        except ValueError:
            code = None
        out: dict[str, Any] = {
            "id": row.id,
            "name": row.name,
            "description": row.description,
            "isActive": row.is_active,
            "size": deck.size,
            "isLegal": problem is None,
            "problem": problem,
            "problems": problems,
            "code": code,
            "list": deck.to_text(),
        }
        if with_cards:
            out["cards"] = [_entry_json(c, k) for c, k in deck.entries]
            # Why one more copy of a face cannot be added (the library's R34, add_problem):
            # the builder greys those out instead of re-stating the limits.
            out["refused"] = [
                {**_entry_json(c, have[c]), "reason": reason}
                for c in DECK
                if c in have and (reason := kr.add_problem(deck, c, have)) is not None
            ]
        return out

    def decks_json(self, user_id: str) -> list[dict[str, Any]]:
        have = self.collection(user_id)
        rows = list(self.Deck.select().where(self.Deck.user_id == user_id).order_by(
            self.Deck.created_at, self.Deck.id
        ))
        values = self.deck_values([r.id for r in rows])
        return [self.deck_json(r, collection=have, value=values[r.id]) for r in rows]

    def create_deck(self, user_id: str, name: str, description: str,
                    deck: kr.Deck | None) -> UserDeck:
        if deck is not None:
            have = self.collection(user_id)
            for card, k in deck.entries:
                if k > have.get(card, 0):
                    raise Refused(
                        400,
                        f"The deck holds {k} of {card.short} but your collection has only "
                        f"{have.get(card, 0)}",
                    )
        with self.db.atomic():
            if self.Deck.select().where(self.Deck.user_id == user_id).count() >= MAX_DECKS:
                raise Refused(400, f"At most {MAX_DECKS} decks: delete one first")
            row: UserDeck = self.Deck.create(user_id=user_id, name=name, description=description)
            if deck is not None and deck.entries:
                self.Card.insert_many(
                    [
                        {"deck_id": row.id, "card_rank": c.rank, "card_suit": c.suit,
                         "quantity": k}
                        for c, k in deck.entries
                    ]
                ).execute()
        return row

    def delete_deck(self, user_id: str, deck_id: str) -> None:
        row = self.own_deck(user_id, deck_id)
        with self.db.atomic():
            self.Card.delete().where(self.Card.deck_id == row.id).execute()
            row.delete_instance()

    def set_deck_card(self, user_id: str, deck_id: str, card: Card, quantity: int) -> UserDeck:
        row = self.own_deck(user_id, deck_id)
        deck = self.deck_value(row.id)
        if quantity > deck.count(card):
            # Checked as the last copy's addition: every limit only tightens with more cards.
            others = [(c, k) for c, k in deck.entries if c is not card]
            before = kr.Deck((*others, (card, quantity - 1)))
            problem = kr.add_problem(before, card, self.collection(user_id))
            if problem is not None:
                raise Refused(400, problem)
        with self.db.atomic():
            self.Card.delete().where(
                (self.Card.deck_id == row.id)
                & (self.Card.card_rank == card.rank)
                & (self.Card.card_suit == card.suit)
            ).execute()
            if quantity > 0:
                self.Card.create(deck_id=row.id, card_rank=card.rank, card_suit=card.suit,
                                 quantity=quantity)
            row.updated_at = now()
            row.save()
        return row

    def legal_deck(self, user_id: str, deck_id: str) -> kr.Deck:
        """The user's own deck as the engine's value, if it is legal (for a Constructed game);
        Refused otherwise."""
        row = self.own_deck(user_id, deck_id)
        deck = self.deck_value(row.id)
        problem = kr.deck_problem(deck, self.collection(user_id))
        if problem is not None:
            raise Refused(400, problem)
        return deck

    def forget_user(self, db: pw.Database, user_id: str) -> None:
        """(in the deleting transaction) The account's collection and decks go."""
        ids = [r.id for r in self.Deck.select(self.Deck.id).where(self.Deck.user_id == user_id)]
        if ids:
            self.Card.delete().where(self.Card.deck_id.in_(ids)).execute()
        self.Deck.delete().where(self.Deck.user_id == user_id).execute()
        self.Entry.delete().where(self.Entry.user_id == user_id).execute()


constructed_key: web.AppKey[Constructed] = web.AppKey("constructed")


# -- HTTP ----------------------------------------------------------------------------------


def _check_text(text: str, label: str, *, multiline: bool = False) -> None:
    """The one rule for stored text (kingdom_server/validation.py)."""
    problem = text_problem(text, multiline=multiline)
    if problem is not None:
        raise Refused(400, f"{label} {problem}")


def _card_of(data: dict[str, Any]) -> Card:
    rank, suit = data.get("cardRank"), data.get("cardSuit")
    if not isinstance(rank, str) or not 1 <= len(rank) <= RANK_MAX:
        raise Refused(400, f"cardRank is a text of 1 to {RANK_MAX} characters")
    if not isinstance(suit, str) or not 1 <= len(suit) <= SUIT_MAX:
        raise Refused(400, f"cardSuit is a text of 1 to {SUIT_MAX} characters")
    card = _face(rank, suit)
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


def start(app: web.Application, storage: Storage) -> Constructed:
    """Called at startup once the tables exist: the service, and its account-deletion hook."""
    from kingdom_server.accounts import accounts_key

    service = app[constructed_key] = Constructed(storage)
    app[accounts_key].on_user_deleted.append(service.forget_user)
    return service


def add_routes(app: web.Application) -> None:
    r = app.router
    r.add_get("/api/collection", get_collection)
    r.add_post("/api/collection/initialize", initialize_collection)
    r.add_patch("/api/collection/update", update_collection)
    r.add_get("/api/decks", list_decks)
    r.add_post("/api/decks", create_deck)
    r.add_get("/api/decks/{deck_id}", get_deck)
    r.add_delete("/api/decks/{deck_id}", delete_deck)
    r.add_get("/api/decks/{deck_id}/cards", get_deck_cards)
    r.add_patch("/api/decks/{deck_id}/cards", patch_deck_cards)


__all__ = ["TABLES", "Constructed", "Refused", "add_routes", "constructed_key", "start"]
