"""Quick chat (docs/protocol.md, "Quick chat"): fixed phrases only, to the table and its
spectators, at most one every 2 s per seat, and a mute per player; through real socket.io
clients."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp.test_utils import TestServer

from kingdom_server.chat import CHAT_INTERVAL_SECONDS, PHRASES
from kingdom_server.core.rooms import SPECTATORS_CANNOT_ACT
from tests.server.helpers import Client

Start = Callable[..., Awaitable[TestServer]]
Connect = Callable[..., Awaitable[Client]]


def chats(c: Client) -> list[dict[str, Any]]:
    return [data for event, data in c.events if event == "quickChat"]


async def table(srv: TestServer, connect_to: Connect) -> tuple[Client, Client, Client]:
    """Ana (host) and Ben playing a public game with a bot; Sam watching it."""
    ana = await connect_to(srv, "Ana")
    ben = await connect_to(srv, "Ben")
    sam = await connect_to(srv, "Sam")
    for c in (ana, ben, sam):
        c.sio.on("quickChat", c._recorder("quickChat"))
    await ana.ok("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": 3})
    await ben.ok("joinPublicRoom", {"playerName": "Ben", "roomCode": ana.seat["roomCode"]})
    await ana.ok("addBot")
    await ana.ok("startGame")
    await ana.wait_state(lambda s: s["phase"] != "waiting")
    await sam.ok("watchGame", {"roomCode": ana.seat["roomCode"]})
    return ana, ben, sam


async def test_a_phrase_reaches_the_table_and_its_spectators(
    start_server: Start, connect_to: Connect
) -> None:
    srv = await start_server()
    ana, ben, sam = await table(srv, connect_to)
    ack = await ana.ok("quickChat", {"phrase": "goodLuck"})
    assert ack["phrase"] == "goodLuck"
    said = {"playerNumber": 1, "playerName": "Ana", "phrase": "goodLuck", "text": "Good luck",
            "seconds": 3}
    for c in (ana, ben, sam):  # the sender sees their own bubble too
        await c.wait_for(lambda c: said in chats(c), what=f"{c.name}: Ana's phrase")
    # Only the fixed phrases: no free text, nothing unknown.
    await ben.refused("quickChat", {"phrase": "you are bad"}, "Unknown phrase: you are bad")
    await ben.refused("quickChat", {"text": "hello"}, "Missing field: phrase")
    await ben.refused("quickChat", {"phrase": 3}, None)
    # Spectators watch: they cannot chat; nor can a socket without a seat.
    await sam.refused("quickChat", {"phrase": "hello"}, SPECTATORS_CANNOT_ACT)
    await sam.refused("muteChat", {"playerNumber": 1}, SPECTATORS_CANNOT_ACT)
    nobody = await connect_to(srv, "Nobody")
    await nobody.refused("quickChat", {"phrase": "hello"}, "You are not in a room")
    assert all(len(chats(c)) == 1 for c in (ana, ben, sam))
    assert set(PHRASES) >= {"wellPlayed", "goodLuck", "thanks", "oops", "hurryUp"}


async def test_at_most_one_phrase_every_two_seconds_per_seat(
    start_server: Start, connect_to: Connect
) -> None:
    srv = await start_server()
    ana, ben, _ = await table(srv, connect_to)
    await ana.ok("quickChat", {"phrase": "hello"})
    too_soon = "Wait 2 seconds between quick chat messages"
    await ana.refused("quickChat", {"phrase": "oops"}, too_soon)
    # The limit is each seat's own: Ben may speak now.
    await ben.ok("quickChat", {"phrase": "hello"})
    await ben.wait_for(lambda c: len(chats(c)) == 2, what="both hellos")
    assert [(c["playerName"], c["phrase"]) for c in chats(ben)] == [("Ana", "hello"),
                                                                    ("Ben", "hello")]
    await asyncio.sleep(CHAT_INTERVAL_SECONDS + 0.1)
    await ana.ok("quickChat", {"phrase": "oops"})
    await ben.wait_for(lambda c: any(m["phrase"] == "oops" for m in chats(c)),
                       what="Ana's second phrase")
    assert [m["phrase"] for m in chats(ben)].count("oops") == 1  # the refused one never went


async def test_a_mute_stops_one_players_phrases_for_that_seat_only(
    start_server: Start, connect_to: Connect
) -> None:
    srv = await start_server()
    ana, ben, sam = await table(srv, connect_to)
    await ben.refused("muteChat", {"playerNumber": 2}, "You cannot mute yourself")
    await ben.refused("muteChat", {"playerNumber": 9}, "No player number 9 in this room")
    await ben.refused("muteChat", {"playerNumber": "1"}, None)
    ack = await ben.ok("muteChat", {"playerNumber": 1, "muted": True})
    assert ack["chatMuted"] == [1]
    await ben.wait_state(lambda s: s["chatMuted"] == [1], what="the mute in Ben's view")
    assert ana.state["chatMuted"] == []  # each seat's own
    await ana.ok("quickChat", {"phrase": "hurryUp"})
    for c in (ana, sam):
        await c.wait_for(lambda c: len(chats(c)) == 1, what=f"{c.name}: Ana's phrase")
    # Ben's own phrase goes out; once it reached Ana, Ana's earlier one would have reached Ben.
    await ben.ok("quickChat", {"phrase": "thanks"})
    await ana.wait_for(lambda c: len(chats(c)) == 2, what="Ben's phrase")
    await ben.wait_for(lambda c: len(chats(c)) == 1, what="Ben's own phrase")
    assert [m["phrase"] for m in chats(ben)] == ["thanks"]
    # Unmuted: Ana is heard again.
    ack = await ben.ok("muteChat", {"playerNumber": 1, "muted": False})
    assert ack["chatMuted"] == []
    await asyncio.sleep(CHAT_INTERVAL_SECONDS + 0.1)
    await ana.ok("quickChat", {"phrase": "wellPlayed"})
    await ben.wait_for(lambda c: any(m["phrase"] == "wellPlayed" for m in chats(c)),
                       what="Ana heard again")
