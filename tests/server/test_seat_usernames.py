"""Seats name their person's account (docs/protocol.md, "Public profiles"): `username` on each
player of a gameState for signed-in people, `null` for guests and bots; stored with the room
(a restart keeps it)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestServer

from kingdom_server.core.rooms import Room, Seat
from kingdom_server.core.storage import Storage
from tests.server.helpers import Client

Start = Callable[..., Awaitable[TestServer]]
Connect = Callable[..., Awaitable[Client]]


def usernames(state: dict[str, Any]) -> list[Any]:
    return [p["username"] for p in state["players"]]


async def test_signed_in_seats_carry_their_username_guests_and_bots_none(
    start_server: Start, connect_to: Connect, players: Any
) -> None:
    srv = await start_server()
    ana = await players(srv, "Anouk")
    guest = await connect_to(srv, "Gus")
    # A table name of her own: the link still goes to her account.
    await ana.ok("createRoom", {"playerName": "Queen A"})
    await guest.ok("joinRoom", {"playerName": "Gus", "roomCode": ana.seat["roomCode"]})
    await ana.ok("addBot")
    waiting = await guest.wait_state(lambda s: len(s["players"]) == 3, what="three seats")
    assert usernames(waiting) == ["Anouk", None, None]
    assert [p["name"] for p in waiting["players"]][:2] == ["Queen A", "Gus"]
    await ana.ok("startGame")
    playing = await guest.wait_state(lambda s: s["phase"] != "waiting", what="the game")
    assert usernames(playing) == ["Anouk", None, None]


async def test_a_ranked_seat_names_its_account(start_server: Start, players: Any) -> None:
    srv = await start_server(ranked_wave_seconds=0.1)
    ana = await players(srv, "Anouk")
    ben = await players(srv, "Bram")
    for p in (ana, ben):
        await p.ok("joinRankedQueue", {"playerCount": 2})
    for p in (ana, ben):
        await p.match_found()
    state = await ana.wait_state(lambda s: s["phase"] != "waiting", what="the ranked game")
    assert sorted(usernames(state)) == ["Anouk", "Bram"]


def test_a_seats_username_is_stored_with_the_room(tmp_path: Path) -> None:
    store = Storage(f"sqlite:///{tmp_path}/store.db")
    store.save_room(Room(code="ABCDEF", host_id="p0", seats=[
        Seat(player_id="p0", name="Queen A", user_id="u0", username="Anouk"),
        Seat(player_id="p1", name="Gus")]))
    store.close()
    (loaded,) = Storage(f"sqlite:///{tmp_path}/store.db").load_open_rooms()
    assert [s.username for s in loaded.room.seats] == ["Anouk", None]
