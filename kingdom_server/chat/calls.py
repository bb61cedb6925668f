"""Quick chat (docs/protocol.md, "Quick chat"): a fixed set of phrases and emotes a seated
player sends to their table, at most one every CHAT_INTERVAL_SECONDS per seat, and a mute per
player. There is no free text: nothing anyone types reaches another person.

    quickChat {phrase}             -> pushed as `quickChat` to the table (seats that muted the
                                      sender excepted) and to its spectators
    muteChat {playerNumber, muted} -> that player's phrases no longer reach this seat

A seat's mutes live with the seat in memory (`Seat.chat_muted`, a player id per muted seat)
and are shown to it in every gameState as `chatMuted` (player numbers).
"""

from __future__ import annotations

from typing import Any

from kingdom_server.core import validation as v
from kingdom_server.core.answers import Ack, Call, CallError, Payload, ok
from kingdom_server.core.pushes import Pushes, loop_time
from kingdom_server.core.rooms import Room, Rooms, Seat
from kingdom_server.core.views import muted_numbers

#: The phrases (id -> text as shown), in the order a client offers them.
PHRASES: dict[str, str] = {
    "hello": "Hello!",
    "goodLuck": "Good luck",
    "wellPlayed": "Well played",
    "niceMove": "Nice move!",
    "thanks": "Thanks",
    "sorry": "Sorry",
    "oops": "Oops",
    "hurryUp": "Hurry up!",
    "thinking": "Thinking...",
    "goodGame": "Good game",
    "thumbsUp": "👍",
    "laugh": "😄",
    "wow": "😮",
    "sad": "😢",
}

CHAT_INTERVAL_SECONDS = 2.0
"""At most one phrase per seat in this many seconds."""

SHOWN_SECONDS = 3
"""How long a client shows a phrase beside its sender's seat."""

CANNOT_MUTE_SELF = "You cannot mute yourself"


class QuickChat:
    """The quickChat and muteChat calls of one server process."""

    def __init__(self, rooms: Rooms, pushes: Pushes, *,
                 interval: float = CHAT_INTERVAL_SECONDS) -> None:
        self.rooms = rooms
        self.pushes = pushes
        self.interval = interval
        self._last: dict[tuple[str, str], float] = {}
        """(room code, player id) -> loop time of the seat's last phrase."""

    def calls(self) -> dict[str, Call]:
        return {"quickChat": self.send, "muteChat": self.mute}

    def _sent_recently(self, key: tuple[str, str], now: float) -> bool:
        if len(self._last) > 1024:  # forget seats whose interval is over
            self._last = {k: t for k, t in self._last.items() if now - t < self.interval}
        last = self._last.get(key)
        return last is not None and now - last < self.interval

    async def send(self, sid: str, p: Payload) -> Ack:
        """`{phrase}`: one of PHRASES, to everyone at the table and watching it."""
        phrase = v.field(p, "phrase", str)
        text = PHRASES.get(phrase)
        if text is None:
            shown = phrase if len(phrase) <= 40 else phrase[:40] + "..."
            raise CallError(f"Unknown phrase: {shown}")
        room, seat = self.rooms.seat_of(sid)
        key = (room.code, seat.player_id)
        async with room.lock:
            now = loop_time()
            if self._sent_recently(key, now):
                raise CallError(f"Wait {self.interval:g} seconds between quick chat messages")
            self._last[key] = now
            data = {"playerNumber": room.number_of(seat), "playerName": seat.name,
                    "phrase": phrase, "text": text, "seconds": SHOWN_SECONDS}
            await self._push(room, seat, data)
        return ok(phrase=phrase)

    async def _push(self, room: Room, sender: Seat, data: dict[str, Any]) -> None:
        """(lock held) To each connected seat that has not muted the sender, and to the
        spectators; past the push observers (tests check what every socket receives)."""
        for seat in room.seats:
            if seat.sid is None or sender.player_id in seat.chat_muted:
                continue
            for observer in self.pushes.observers:
                observer(room, seat, "quickChat", data)
            await self.pushes.send(seat.sid, "quickChat", data)
        for sid in list(room.spectators):
            for spectator_observer in self.pushes.spectator_observers:
                spectator_observer(room, sid, "quickChat", data)
            await self.pushes.send(sid, "quickChat", data)

    async def mute(self, sid: str, p: Payload) -> Ack:
        """`{playerNumber, muted}`: stop (or start again) receiving that player's phrases."""
        number = v.field(p, "playerNumber", int)
        muted = v.field(p, "muted", bool, required=False, default=True)
        room, seat = self.rooms.seat_of(sid)
        async with room.lock:
            if not 1 <= number <= len(room.seats):
                raise CallError(f"No player number {number} in this room")
            other = room.seat_of_number(number)
            if other is seat:
                raise CallError(CANNOT_MUTE_SELF)
            if muted:
                seat.chat_muted.add(other.player_id)
            else:
                seat.chat_muted.discard(other.player_id)
            await self.pushes.room(room)  # the seat's gameState shows its mutes
        return ok(chatMuted=muted_numbers(room, seat))
