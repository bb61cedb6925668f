"""Ranked rooms: what the ranked queue (`ranked/queue.py`, its `Tables`) needs of the lobby -
who is seated, and a private ranked room dealt at once for the matched players."""

from __future__ import annotations

from typing import Any

import kingdom_rules as kr
from kingdom_server.constructed.service import Constructed
from kingdom_server.core import clocks
from kingdom_server.core.answers import Ack, CallError
from kingdom_server.core.http import Refused
from kingdom_server.core.lobby import Lobby
from kingdom_server.core.rooms import Room, Seat, hash_token, new_player_id, new_reconnect_token


class RankedTables:
    """The lobby's side of the ranked queue."""

    def __init__(self, lobby: Lobby, decks: Constructed) -> None:
        self.lobby = lobby
        self.decks = decks

    def is_seated(self, sid: str) -> bool:
        return sid in self.lobby.rooms.sessions

    def game_id(self, room_code: str) -> int | None:
        room = self.lobby.rooms.get(room_code)
        return room.game_id if room is not None else None

    def user_seated(self, user_id: str) -> bool:
        """Whether the account holds a seat, in any tab or on any device: one a socket of it
        holds, or one of an open room not over yet that it would get back on connecting."""
        return any(
            seat.user_id == user_id
            and seat.is_human
            and (seat.sid is not None or (room.phase != "finished" and not room.is_tutorial))
            for room in self.lobby.rooms
            if not room.closed
            for seat in room.seats
        )

    def user_in_match(self, user_id: str) -> bool:
        """Whether the user holds a seat of an unfinished ranked match."""
        return any(
            room.is_ranked
            and room.phase != "finished"
            and any(s.user_id == user_id and not s.left for s in room.seats)
            for room in self.lobby.rooms
        )

    def ladder_deck(self, user_id: str, deck_id: str) -> tuple[str, kr.Deck]:
        """(Constructed ladder queue) The user's own deck, if legal: its name and value."""
        try:
            service = self.decks
            row = service.own_deck(user_id, deck_id[:64])
            return row.name, service.legal_deck(user_id, row.id)
        except Refused as e:
            raise CallError(e.message) from None

    async def start_ranked(self, players: list[Any], *, attach: bool = True) -> list[Ack]:
        """A private ranked room for the matched players (seat order as given; each has sid,
        user_id and name, and on the Constructed ladder the deck and deck_name they bring),
        its match (as many hands as players) started at once: a Constructed game when the
        players bring decks. Without `attach` the seats wait for their sockets (held by other
        processes of the service) to take them with rejoinRoom."""
        constructed = all(getattr(p, "deck", None) is not None for p in players)
        room = Room(
            code=await self.lobby.new_code(),
            host_id=None,
            is_public=False,
            desired_player_count=len(players),
            game_mode="match",
            is_ranked=True,
            constructed=constructed,
            turn_clock=clocks.RANKED_CLOCK,
        )
        tokens: list[str] = []
        for p in players:
            token = new_reconnect_token()
            tokens.append(token)
            seat = Seat(player_id=new_player_id(), name=p.name, user_id=p.user_id,
                        username=p.name if p.user_id else None,  # the queue names by username
                        reconnect_token=hash_token(token),
                        bot_account=getattr(p, "bot_account", False))
            if constructed:
                seat.deck, seat.deck_name = p.deck, p.deck_name
            room.seats.append(seat)
        room.host_id = room.seats[0].player_id
        await self.lobby.storage.store_room(room)  # a new room: nothing to undo if this fails
        self.lobby.rooms.add(room)
        if attach:
            for p, seat in zip(players, room.seats, strict=True):
                await self.lobby.detach(p.sid)
                await self.lobby.attach(p.sid, room, seat)
        try:
            async with room.lock:
                await self.lobby.deal(room, room.snapshot())
        except Exception:
            for p in players if attach else ():
                await self.lobby.detach(p.sid)
            if not room.closed and self.lobby.rooms.get(room.code) is room:
                async with room.lock:
                    await self.lobby.close(room)
            raise
        return [self.lobby.seat_ack(room, seat, token)
                for seat, token in zip(room.seats, tokens, strict=True)]

