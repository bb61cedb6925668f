"""Hypothesis plays random sequences of lobby calls from several sockets and checks the rooms'
invariants after every step: every room has a human host among its seats and no more seats
than it holds, every socket's seat points back at it, the public list is the public rooms."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingdom_rules import MAX_PLAYERS, MIN_PLAYERS
from tests.server.helpers import Client, ThreadServer, make_settings

SOCKETS = 4
CALLS = ["createRoom", "createPublicRoom", "joinRoom", "joinPublicRoom", "leaveRoom", "addBot",
         "startGame", "toggleGameMode", "getPublicGames", "rejoinRoom", "reconnect"]


class Lobby:
    def __init__(self, tmp: Path) -> None:
        self.server = ThreadServer(make_settings(tmp)).start()
        self.clients: list[Client] = []
        self.seats: list[dict[str, Any]] = [{} for _ in range(SOCKETS)]
        self.server.run(self._connect_all())

    async def _connect_all(self) -> None:
        for i in range(SOCKETS):
            self.clients.append(await Client(self.server.url, f"c{i}").connect())

    async def step(self, who: int, call: str, pick: int, flag: bool) -> None:
        c = self.clients[who]
        codes = sorted(self.server.hub.rooms)
        code = codes[pick % len(codes)] if codes else "ZZZZZZ"
        name = f"P{who}"
        payloads: dict[str, Any] = {
            "createRoom": {"playerName": name},
            "createPublicRoom": {"playerName": name, "desiredPlayerCount": 2 + pick % 3},
            "joinRoom": {"playerName": name, "roomCode": code},
            "joinPublicRoom": {"playerName": name, "roomCode": code},
            "addBot": {},
            "toggleGameMode": {},
            "rejoinRoom": self.seats[pick % SOCKETS],
        }
        if call == "reconnect":
            await c.close()
            c = self.clients[who] = await Client(self.server.url, f"c{who}").connect()
            if flag and self.seats[who]:
                await c.call("rejoinRoom", self.seats[who])
            return
        ack = await c.call(call, payloads.get(call, {}))
        assert isinstance(ack, dict) and isinstance(ack["success"], bool), ack
        if ack["success"] and "reconnectToken" in ack:
            self.seats[who] = {k: ack[k] for k in ("roomCode", "playerId", "reconnectToken")}

    def check(self) -> None:
        hub = self.server.hub
        for code, room in hub.rooms.items():
            assert not room.closed and room.code == code
            humans = room.humans()
            assert humans, f"room {code} without a human is open"
            assert room.host_id in {s.player_id for s in humans}, f"room {code} host"
            limit = MAX_PLAYERS if room.started else room.capacity
            low = MIN_PLAYERS if room.started else 1
            assert low <= len(room.seats) <= limit, (code, len(room.seats))
            for seat in room.seats:
                if seat.sid is not None:
                    assert hub.sessions.get(seat.sid) == (code, seat.player_id)
        for sid, (code, player_id) in hub.sessions.items():
            seat = hub.rooms[code].seat_by_id(player_id)
            assert seat is not None and seat.sid == sid
        listed = {g["roomCode"] for g in hub.public_games()}
        assert listed == {c for c, r in hub.rooms.items() if r.is_public}

    def close(self) -> None:
        async def close_all() -> None:
            for c in self.clients:
                await c.close()

        self.server.run(close_all())
        self.server.stop()


@pytest.fixture(scope="module")
def lobby(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lobby]:
    world = Lobby(tmp_path_factory.mktemp("lobby"))
    yield world
    world.close()


@settings(max_examples=40)
@given(st.lists(st.tuples(st.integers(0, SOCKETS - 1), st.sampled_from(CALLS),
                          st.integers(0, 50), st.booleans()), min_size=1, max_size=15))
def test_random_lobby_sequences_keep_rooms_consistent(lobby: Lobby, steps: list[Any]) -> None:
    for who, call, pick, flag in steps:
        lobby.server.run(lobby.step(who, call, pick, flag))
        lobby.server.run(_settle())
        lobby.check()


async def _settle() -> None:
    import asyncio

    await asyncio.sleep(0.005)  # let disconnect handlers run
