"""Constructed (docs/rules.md, "Own decks: Constructed and Spire", R33-R35): each account's
card collection and decks, over HTTP.

Tables: `user_card_collection` (cardRank, cardSuit, quantity per user),
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

from typing import Any

import peewee as pw

import kingdom_rules as kr
from kingdom_rules.cards import DECK, SUIT_NAMES, Card
from kingdom_server.constructed.tables import (
    INITIAL_COPIES,
    MAX_DECKS,
    MAX_QUANTITY,
    CollectionEntry,
    DeckCard,
    UserDeck,
)
from kingdom_server.core.http import Refused
from kingdom_server.core.storage import Storage
from kingdom_server.core.tables import now

_FACES: dict[tuple[str, str], Card] = {(card.rank, card.suit): card for card in DECK}


def face(rank: str, suit: str) -> Card | None:
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
            card = face(rank, suit)
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
            card = face(rank, suit)
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


