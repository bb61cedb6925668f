"""Constructed's socket call: `chooseDeck` (docs/protocol.md, "HTTP: Constructed collection and
decks"), the seated player's own legal deck for a Constructed room."""

from __future__ import annotations

from kingdom_server.constructed.service import Constructed
from kingdom_server.core import validation as v
from kingdom_server.core.answers import Ack, Call, CallError, Payload, ok
from kingdom_server.core.http import Refused
from kingdom_server.core.lobby import Lobby


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
        try:
            service = self.service
            row = service.own_deck(user_id, deck_id[:64])
            deck = service.legal_deck(user_id, row.id)
        except Refused as e:
            raise CallError(e.message) from None
        async with room.lock:
            if room.started:
                raise CallError("Game already in progress")
            undo = room.snapshot()
            seat.deck, seat.deck_name = deck, row.name
            self.lobby.save(room, undo)
            await self.lobby.pushes.room(room)
        return ok(deckName=row.name, size=deck.size)

