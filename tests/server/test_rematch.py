"""Rematch (docs/protocol.md, "Rematch"): after a casual game the same players play again in a
new room when everyone accepts (the old room's game stays for its replay); one refusal ends
the offer; it expires."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestServer

from kingdom_server.core.hub import hub_key
from kingdom_server.core.rematch import new_table
from kingdom_server.core.rooms import SPECTATORS_CANNOT_ACT, Room, Seat, hash_token
from tests.server.helpers import Client, database_rows
from tests.server.play import play_until
from tests.server.ranked_clients import get_json

Start = Callable[..., Awaitable[TestServer]]
Connect = Callable[..., Awaitable[Client]]


def finished(s: dict[str, Any]) -> bool:
    return bool(s["phase"] == "finished")


async def two_finish(srv: TestServer, connect_to: Connect) -> tuple[Client, Client]:
    """Ana (host) and Ben finish a public casual game with a bot, on the relaxed clock."""
    ana = await connect_to(srv, "Ana")
    ben = await connect_to(srv, "Ben")
    for c in (ana, ben):
        for event in ("rematchDeclined", "rematchExpired", "rematchStarted"):
            c.sio.on(event, c._recorder(event))
    await ana.ok("createPublicRoom", {"playerName": "Ana", "turnClock": "relaxed",
                                      "desiredPlayerCount": 3})
    await ben.ok("joinPublicRoom", {"playerName": "Ben", "roomCode": ana.seat["roomCode"]})
    await ana.ok("addBot")
    await ana.ok("setAllowSpectators", {"allow": True})
    await ana.ok("startGame")
    for c in (ana, ben):
        await c.wait_state(lambda s: s["phase"] != "waiting")
    await asyncio.gather(*(play_until(c, finished, random.Random(i), timeout=120)
                           for i, c in enumerate((ana, ben))))
    return ana, ben


async def test_rematch_accepted_by_everyone_moves_the_table_to_a_new_room(
    start_server: Start, connect_to: Connect, tmp_path: Path
) -> None:
    srv = await start_server()
    hub = srv.app[hub_key]
    ana, ben = await two_finish(srv, connect_to)
    old_code, old_seat = ana.seat["roomCode"], dict(ben.seat)
    sam = await connect_to(srv, "Sam")  # watching the finished game
    await sam.ok("watchGame", {"roomCode": old_code})
    await ana.refused("rematch", {"accept": "yes"}, "accept must be true or false")
    await sam.refused("rematch", {"accept": True}, SPECTATORS_CANNOT_ACT)
    ack = await ana.ok("rematch", {"accept": True})
    assert ack["started"] is False
    offer = await ben.wait_state(lambda s: s["rematch"] is not None, what="the offer")
    assert offer["rematch"]["accepted"] == [1] and 0 < offer["rematch"]["secondsLeft"] <= 60
    ended = await ana.wait_state(lambda s: s["matchId"] is not None, what="the match id")
    match_id = ended["matchId"]
    ack = await ben.ok("rematch", {"accept": True})
    # Ben's answer carries his seat in the new room; Ana is told hers by a push.
    assert ack["started"] is True and ack["roomCode"] != old_code and ack["playerNumber"] == 2
    new_code = ack["roomCode"]
    await ana.wait_for(lambda c: any(e == "rematchStarted" for e, _ in c.events),
                       what="Ana's new seat")
    moved = next(d for e, d in ana.events if e == "rematchStarted")
    assert moved["roomCode"] == new_code and moved["playerNumber"] == 1
    assert set(moved) == {"roomCode", "playerId", "reconnectToken", "playerNumber"}
    again = await ana.wait_state(
        lambda s: s["roomCode"] == new_code and s["phase"] == "choosing_resources",
        what="the new game")
    assert again["rematch"] is None and again["turnClock"] == "relaxed"  # same settings
    assert again["isPublic"] and again["allowSpectators"] and again["isHost"]
    assert [p["name"] for p in again["players"]] == [p["name"] for p in offer["players"]]
    assert [p["isBot"] for p in again["players"]] == [False, False, True]
    assert again["myPlayerId"] == moved["playerId"] != offer["myPlayerId"]
    await ben.wait_state(lambda s: s["roomCode"] == new_code, what="Ben in the new room")
    # The spectator follows the table.
    await sam.wait_state(lambda s: s["roomCode"] == new_code and s["isSpectator"],
                         what="Sam watching the new room")
    # The old room is closed; its finished game stays, for its replay.
    assert old_code not in hub.rooms and new_code in hub.rooms
    assert database_rows(tmp_path, f"SELECT status FROM rooms WHERE code = '{old_code}'") == [
        ("closed",)]
    summary = await get_json(str(srv.make_url("/")), f"/api/matches/{match_id}/replay")
    assert [p["name"] for p in summary["players"]][:2] == ["Ana", "Ben"]
    # The old seat is gone; the new one is Ben's (a reconnect takes it back).
    await ben.refused("rejoinRoom", old_seat, "Room not found")
    await ben.ok("rejoinRoom", {"roomCode": new_code, "playerId": ack["playerId"],
                                "reconnectToken": ack["reconnectToken"]})
    await ana.refused("rematch", {"accept": True}, "The game is not over yet")
    # The new game is played as any other.
    await asyncio.gather(*(play_until(c, finished, random.Random(i + 5), timeout=120)
                           for i, c in enumerate((ana, ben))))
    assert ana.state["roomCode"] == new_code


async def test_rematch_declined_or_expired(start_server: Start, connect_to: Connect) -> None:
    srv = await start_server(rematch_seconds=0.3)
    ana, ben = await two_finish(srv, connect_to)
    await ana.ok("rematch", {"accept": True})
    await ben.wait_state(lambda s: s["rematch"] is not None, what="the offer")
    await ben.ok("rematch", {"accept": False})
    await ana.wait_state(lambda s: s["rematch"] is None, what="the offer withdrawn")
    assert ("rematchDeclined", {"playerName": "Ben", "playerNumber": 2}) in ana.events
    assert ana.state["phase"] == "finished"
    # Offered again, nobody answers: it expires.
    await ben.ok("rematch", {"accept": True})
    await ana.wait_state(lambda s: s["rematch"] is not None, what="a new offer")
    await ana.wait_for(lambda c: any(e == "rematchExpired" for e, _ in c.events),
                       what="the expiry")
    await ana.wait_state(lambda s: s["rematch"] is None, what="the offer gone")
    assert ana.state["phase"] == "finished"


def test_the_new_table_keeps_seats_settings_and_host_and_gives_a_left_seat_a_bot() -> None:
    old = Room(code="OLDOLD", host_id="p2", is_public=True, desired_player_count=3,
               game_mode="match", turn_clock="fast", allow_spectators=True, seats=[
                   Seat(player_id="p1", name="Ana", user_id="u1", username="ana",
                        reconnect_token="t1"),
                   Seat(player_id="p2", name="Ben", reconnect_token="t2"),
                   Seat(player_id="p3", name="Cy", left=True),
                   Seat(player_id="p4", name="Brutus", is_bot=True, bot_kind="RandomBot")])
    room, tokens = new_table(old, "NEWNEW")
    assert (room.code, room.is_public, room.desired_player_count, room.game_mode,
            room.turn_clock, room.allow_spectators) == ("NEWNEW", True, 3, "match", "fast", True)
    names = [s.name for s in room.seats]
    assert names[:2] == ["Ana", "Ben"] and names[3] == "Brutus" and names[2] not in names[:2]
    ana, ben, cy, brutus = room.seats
    assert room.host_id == ben.player_id  # the host stays the host
    assert (ana.user_id, ana.username) == ("u1", "ana")
    assert cy.is_bot and cy.bot_kind and not cy.left  # the person who left: a bot from the start
    assert brutus.is_bot and brutus.bot_kind == "RandomBot"
    assert set(tokens) == {ana.player_id, ben.player_id}
    assert {s.player_id for s in room.seats}.isdisjoint({s.player_id for s in old.seats})
    assert ana.reconnect_token == hash_token(tokens[ana.player_id])
