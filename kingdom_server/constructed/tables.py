"""Constructed's tables: `user_card_collection`, `user_decks` and `deck_cards`, and the
limits on what they hold."""

from __future__ import annotations

import uuid

import peewee as pw

from kingdom_server.core.tables import FeatureTable, now

INITIAL_COPIES = 4
"""Copies of each face a collection starts with (docs/rules.md, "Your collection and decks on
the server")."""
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
