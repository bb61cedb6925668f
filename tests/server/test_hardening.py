"""What one client must not be able to do to a room or the server: names
the store cannot keep, a store that fails half-way, socket.io's own event names, event names
that are not strings, frames that do not decode, payloads that are not objects, NUL bytes in
paths, oversized messages, and the HTTP headers every answer carries."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

import aiohttp
import pytest
from aiohttp.test_utils import TestServer
from yarl import URL

from kingdom_server.core.hub import GAME_EVENTS, Hub
from kingdom_server.core.rooms import Room
from tests.server.helpers import Client, raw_call, raw_send

Connect = Callable[..., Awaitable[Client]]

LOBBY_CALLS = ["createRoom", "createPublicRoom", "joinRoom", "joinPublicRoom", "rejoinRoom",
               "getPublicGames", "addBot", "toggleGameMode", "reorderPlayers", "startGame",
               "startTutorialGame", "resumeTutorialBot", "leaveRoom"]


def fingerprint(hub: Hub) -> Any:
    """Everything the rooms in memory hold that a call could change."""

    def room(r: Room) -> Any:
        return (r.host_id, r.is_public, r.desired_player_count, r.game_mode, r.is_tutorial,
                r.tutorial_mode, r.closed, id(r.state), r.game_id, r.action_count,
                sorted(r.tutorial_resumed),
                [(s.player_id, s.name, s.is_bot, s.bot_kind, s.reconnect_token, s.left, s.sid,
                  s.absent) for s in r.seats])

    return ({code: room(r) for code, r in hub.rooms.items()}, dict(hub.sessions))


def stored(hub: Hub) -> Any:
    """The rows the store holds for rooms, seats and games."""
    s = hub.storage
    g = s.games()  # the journal's rows too (kingdom_server/core/journal.py)
    rooms = sorted((r.code, r.host_id, r.status, r.game_mode) for r in s.Room.select())
    seats = sorted((x.room_id, x.player_id, x.name, x.position, x.left) for x in s.Seat.select())
    games = sorted((x.id, x.room_id) for x in g.Game.select())
    actions = g.GameAction.select().count()
    return rooms, seats, games, actions


# -- 1. names the store cannot keep; a store that fails -----------------------------------------


async def test_a_name_that_cannot_be_stored_is_refused_and_leaves_no_ghost_seat(
    connect: Connect, hub: Hub
) -> None:
    host = await connect("host")
    code = (await host.ok("createPublicRoom", {"playerName": "Host", "desiredPlayerCount": 2}))[
        "roomCode"]
    mallory = await connect("mallory")
    error = await mallory.refused("joinPublicRoom", {"playerName": "x\ud800", "roomCode": code})
    assert error == "Invalid payload: text that is not valid Unicode"
    assert [s.name for s in hub.rooms[code].seats] == ["Host"]
    for name in ("nul\x00byte", "bell\x07", "\U0010fffe"):
        error = await mallory.refused("joinRoom", {"playerName": name, "roomCode": code})
        assert error == "Name contains characters that cannot be shown"
    await host.refused("addBot", {"name": "bot\x00"},
                       error="Name contains characters that cannot be shown")
    # The room works on: someone else joins, the host starts, the room leaves the list.
    ben = await connect("ben")
    await ben.ok("joinPublicRoom", {"playerName": "Ben 🙂", "roomCode": code})
    await host.ok("startGame")
    await host.wait_state(lambda s: s["phase"] == "choosing_resources")
    games = (await mallory.ok("getPublicGames"))["games"]
    assert [(g["roomCode"], g["status"]) for g in games] == [(code, "in-progress")]


class FailingStore:
    """Makes the hub's store refuse every write while `failing` is set (a disk full, a lost
    database connection): the calls fail, and nothing may change, in memory or in the store."""

    WRITES = ("save_room", "write_room_rows", "start_game", "write_game_start", "close_room",
              "append_action", "append_actions", "log_action", "log_actions")

    def __init__(self, hub: Hub, monkeypatch: pytest.MonkeyPatch) -> None:
        self.failing = False
        self.refused = 0
        for name in self.WRITES:
            real = getattr(hub.storage, name)
            monkeypatch.setattr(hub.storage, name, self._wrap(real))

    def _wrap(self, real: Callable[..., Any]) -> Callable[..., Any]:
        def write(*args: Any, **kwargs: Any) -> Any:
            if self.failing:
                self.refused += 1
                raise OSError("disk full (on purpose)")
            return real(*args, **kwargs)

        return write


@pytest.fixture
def store(hub: Hub, monkeypatch: pytest.MonkeyPatch) -> Iterator[FailingStore]:
    yield FailingStore(hub, monkeypatch)


async def refused_without_change(
    hub: Hub, store: FailingStore, client: Client, event: str, payload: Any = None
) -> None:
    """`event` fails while the store refuses, changing nothing; then it succeeds."""
    memory, rows = fingerprint(hub), stored(hub)
    store.failing = True
    refused = store.refused
    try:
        await client.refused(event, payload, error="Internal server error")
    finally:
        store.failing = False
    assert store.refused > refused, f"{event} wrote nothing"
    assert fingerprint(hub) == memory, event
    assert stored(hub) == rows, event
    await client.ok(event, payload)


async def test_a_room_never_changes_in_memory_when_saving_fails(
    connect: Connect, hub: Hub, store: FailingStore
) -> None:
    host = await connect("host")
    await refused_without_change(hub, store, host, "createRoom", {"playerName": "Host"})
    code = host.seat["roomCode"]
    guests = [await connect(f"guest{i}") for i in range(3)]
    await refused_without_change(hub, store, guests[0], "joinRoom",
                                 {"playerName": "G0", "roomCode": code})
    await refused_without_change(hub, store, host, "addBot", {"name": "Robo"})
    await refused_without_change(hub, store, host, "toggleGameMode", {"gameMode": "match"})
    await guests[1].ok("joinRoom", {"playerName": "G1", "roomCode": code})
    ids = [s.player_id for s in hub.rooms[code].seats]
    await refused_without_change(hub, store, host, "reorderPlayers",
                                 {"playerOrder": list(reversed(ids))})
    # A guest leaves the waiting room; the host leaves (host handover); both fail first.
    await refused_without_change(hub, store, guests[1], "leaveRoom")
    await guests[1].ok("joinRoom", {"playerName": "G1", "roomCode": code})
    await refused_without_change(hub, store, host, "startGame")
    room = hub.rooms[code]
    assert room.started and room.game_mode == "match"
    # A game call whose action cannot be written: the state stays as it was.
    await host.wait_state(lambda s: bool(s["legalActions"]))
    action = host.state["legalActions"][0]
    payload = {k: v for k, v in action.items() if k not in ("type", "player")}
    await refused_without_change(hub, store, host, action["type"], payload)
    # Leaving during the game (a bot takes the seat) and the last human leaving (the room
    # closes): both written first.
    await refused_without_change(hub, store, guests[0], "leaveRoom")
    await refused_without_change(hub, store, guests[1], "leaveRoom")
    assert code in hub.rooms
    await refused_without_change(hub, store, host, "leaveRoom")
    assert code not in hub.rooms


async def test_starting_a_tutorial_when_saving_fails_changes_nothing(
    connect: Connect, hub: Hub, store: FailingStore
) -> None:
    ana = await connect("ana")
    await ana.ok("createRoom", {"playerName": "Ana", "isTutorial": True,
                                "tutorialMode": "multiplayer"})
    await refused_without_change(hub, store, ana, "startTutorialGame")
    assert len(hub.rooms[ana.seat["roomCode"]].seats) == 4


# -- 2, 3. event names and frames ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["disconnect", "connect", "connect_error", "disconnecting"])
async def test_socket_io_event_names_are_refused_like_unknown_events(
    connect: Connect, hub: Hub, name: str
) -> None:
    ana = await connect("ana")
    await ana.ok("createRoom", {"playerName": "Ana"})
    ack = await raw_call(ana, lambda i: f'2{i}["{name}",{{}}]')
    assert ack == {"success": False, "error": f"Unknown event: {name}"}
    await raw_send(ana, f'2["{name}","transport close"]')  # without an acknowledgement
    await ana.ok("addBot")
    room = hub.rooms[ana.seat["roomCode"]]
    assert room.seats[0].sid is not None and ana.state["players"][0]["connected"] is True
    assert len(hub.sessions) == 1


@pytest.mark.parametrize(("packet", "shown"), [
    ('[123,"x"]', "123"), ("[null]", "null"), ("[]", "[]"), ('{"a":1}', '{"a":1}'),
    ('"createRoom"', "createRoom"),
])
async def test_event_names_that_are_not_strings_are_answered(
    connect: Connect, packet: str, shown: str
) -> None:
    ana = await connect("ana")
    ack = await raw_call(ana, lambda i: f"2{i}{packet}")
    assert ack == {"success": False, "error": f"Unknown event: {shown}"}
    await ana.ok("createRoom", {"playerName": "Ana"})


async def test_a_frame_that_does_not_decode_is_answered_when_it_can_be(connect: Connect) -> None:
    ana = await connect("ana")
    for broken in ('["createRoom",{"playerName":', "[\"x\"]]]", "[1e99999999"):
        ack = await raw_call(ana, lambda i, b=broken: f"2{i}{b}")
        assert ack == {"success": False, "error": "Invalid packet"}
    await ana.ok("createRoom", {"playerName": "Ana"})


@pytest.mark.parametrize("frame", ['2["createRoom",{', "9", "2/nope"])
async def test_a_frame_that_cannot_be_answered_closes_the_connection(
    connect: Connect, frame: str
) -> None:
    ana = await connect("ana")
    gone = asyncio.Event()
    ana.sio.on("disconnect", lambda *a: gone.set())
    await raw_send(ana, frame)
    await asyncio.wait_for(gone.wait(), 5)


# -- 4. payloads that are not objects ------------------------------------------------------------


@pytest.mark.parametrize("payload", ["junk", 5, [1], True, 1.5])
async def test_every_call_refuses_a_payload_that_is_not_an_object(
    connect: Connect, hub: Hub, payload: Any
) -> None:
    host = await connect("host")
    await host.ok("createRoom", {"playerName": "Host"})
    await host.ok("addBot")
    before = fingerprint(hub)
    for event in [*LOBBY_CALLS, *GAME_EVENTS]:
        await host.refused(event, payload, error="Invalid payload: expected an object")
    assert fingerprint(hub) == before
    assert not hub.rooms[host.seat["roomCode"]].started
    await host.ok("startGame", None)  # absent or null still counts as {}


# -- 5, 6, 7. HTTP ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/%00", "/a%00b", "/assets/x%00.js", "/%00/../index.html"])
async def test_paths_with_a_nul_byte_are_not_found(server: TestServer, path: str) -> None:
    async with aiohttp.ClientSession() as http:
        url = URL(str(server.make_url("/")).rstrip("/") + path, encoded=True)
        async with http.get(url) as res:
            assert res.status == 404


async def test_a_long_polling_post_over_the_limit_is_refused_at_once(server: TestServer) -> None:
    from kingdom_server.core.keys import settings_key

    limit = server.app[settings_key].max_message_bytes
    base = str(server.make_url("/socket.io/"))
    async with aiohttp.ClientSession() as http:
        async with http.get(base, params={"EIO": "4", "transport": "polling"}) as res:
            text = await res.text()
        import json

        sid = json.loads(text[1:])["sid"]
        assert json.loads(text[1:])["maxPayload"] == limit
        params = {"EIO": "4", "transport": "polling", "sid": sid}
        big = "4" + "x" * (limit + 1)
        async with http.post(base, params=params, data=big.encode(),
                             timeout=aiohttp.ClientTimeout(total=5)) as res:
            assert res.status == 413
        # A body over the limit without a length (chunked) is refused as well.

        async def chunks() -> Any:
            for _ in range(limit // 1000 + 2):
                yield b"x" * 1000

        async with http.post(base, params=params, data=chunks(),
                             timeout=aiohttp.ClientTimeout(total=5)) as res:
            assert res.status in (411, 413)
        # The session is still there: a socket.io CONNECT over the same session is taken.
        async with http.post(base, params=params, data=b"40") as res:
            assert res.status == 200


async def test_a_websocket_message_over_the_limit_closes_the_connection(
    connect: Connect, server: TestServer
) -> None:
    from kingdom_server.core.keys import settings_key

    limit = server.app[settings_key].max_message_bytes
    ana = await connect("ana")
    gone = asyncio.Event()
    ana.sio.on("disconnect", lambda *a: gone.set())
    await raw_send(ana, '2["createRoom",{"playerName":"' + "x" * limit + '"}]')
    await asyncio.wait_for(gone.wait(), 5)


async def test_every_answer_carries_the_security_headers(server: TestServer) -> None:
    async with aiohttp.ClientSession() as http:
        for path in ("/", "/api/health", "/api/nope", "/socket.io/?EIO=4&transport=polling",
                     "/lobby/ABCDEF"):
            async with http.get(str(server.make_url("/")).rstrip("/") + path) as res:
                h = res.headers
                assert h["X-Content-Type-Options"] == "nosniff", path
                assert h["X-Frame-Options"] == "DENY", path
                assert h["Referrer-Policy"] == "same-origin", path
                csp = h["Content-Security-Policy"]
                assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp, path
                assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, path
                server_header = h.get("Server", "")
                assert "aiohttp" not in server_header.lower(), path
                assert "python" not in server_header.lower(), path
                assert not any(ch.isdigit() for ch in server_header), path
