"""Rooms across processes (docs/deploy.md, "Room ownership"): players connected to different
`kingdom serve` processes play one game; the owner of a room in play is SIGKILLed and the game
finishes on another process; Redis stops and starts mid-game. In every case each move a player
was told was accepted is in the stored action log."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import json
import random
from collections import Counter
from collections.abc import AsyncIterator
from typing import Any

from kingdom_server.core.answers import BUSY, DATABASE_DOWN
from kingdom_server.core.games import GAME_EVENTS
from kingdom_server.core.storage import open_database
from tests.cluster.services import Server, Services
from tests.server.helpers import Client

GAME_EVENT_TYPES = frozenset(GAME_EVENTS)


def finished(state: dict[str, Any]) -> bool:
    return bool(state.get("phase") == "finished")


class Player:
    """A person at the table through one process, who does what the web app does: when the
    connection drops, connect again (to the next process that answers) and take the seat back
    with rejoinRoom; a call answered 'Server busy, retrying' is tried again. Every action the
    server acknowledged is kept in `acked`."""

    def __init__(self, name: str, servers: list[Server], first: int) -> None:
        self.name = name
        self.servers = servers
        self.at = first
        self.client: Client | None = None
        self.acked: list[dict[str, Any]] = []
        self.busy = 0
        self.reconnects = 0

    @property
    def c(self) -> Client:
        assert self.client is not None
        return self.client

    async def connect(self) -> Player:
        self.client = await Client(self.servers[self.at].url, self.name).connect()
        return self

    async def reconnect(self) -> None:
        """The seat back through whichever process answers first, starting with our own."""
        seat = dict(self.c.seat)
        with contextlib.suppress(Exception):
            await self.c.close()
        for _ in range(200):
            server = self.servers[self.at]
            if server.running:
                try:
                    client = await Client(server.url, self.name).connect()
                except Exception:
                    client = None
                if client is not None:
                    ack = await client.call("rejoinRoom", seat, timeout=25)
                    if ack["success"]:
                        client.seat = seat
                        self.client = client
                        self.reconnects += 1
                        return
                    await client.close()
                    if ack["error"] != BUSY:
                        raise AssertionError(f"{self.name}: rejoin refused: {ack}")
            self.at = (self.at + 1) % len(self.servers)
            await asyncio.sleep(0.2)
        raise AssertionError(f"{self.name}: could not take the seat back")

    async def call(self, event: str, data: dict[str, Any]) -> dict[str, Any]:
        while True:
            if not self.c.sio.connected:
                await self.reconnect()
            try:
                ack: dict[str, Any] = await self.c.call(event, data, timeout=25)
            except Exception:
                await self.reconnect()
                continue
            if ack["success"] is False and ack["error"] == BUSY:
                self.busy += 1
                await asyncio.sleep(0.3)
                continue
            if ack["success"] is False and ack["error"] == "You are not in a room":
                await self.reconnect()
                continue
            return ack

    async def play(self, until: Any, rng: random.Random, timeout: float = 150) -> None:
        """Random legal moves from our latest view until `until(state)`."""
        async def loop() -> None:
            while True:
                if not self.c.sio.connected:
                    await self.reconnect()
                state = self.c.states[-1] if self.c.states else None
                if state is not None and until(state):
                    return
                legal = [a for a in (state or {}).get("legalActions", [])
                         if a["type"] in GAME_EVENT_TYPES]
                if not legal:
                    await self.newer_than(len(self.c.states))
                    continue
                action = rng.choice(legal)
                data = {k: v for k, v in action.items() if k not in ("type", "player")}
                seen = len(self.c.states)
                ack = await self.call(action["type"], data)
                if ack["success"]:
                    self.acked.append(action)
                elif len(self.c.states) == seen:  # our view was stale: wait for a newer one
                    await self.newer_than(seen)

        await asyncio.wait_for(loop(), timeout)

    async def newer_than(self, seen: int) -> None:
        """Wait a second at most for a state newer than the `seen` first ones."""
        with contextlib.suppress(AssertionError):
            await self.c.wait_for(lambda c: len(c.states) > seen, timeout=1)

    def legal(self) -> list[dict[str, Any]]:
        state = self.c.states[-1] if self.c.states else {}
        return [a for a in state.get("legalActions", []) if a["type"] in GAME_EVENT_TYPES]

    async def close(self) -> None:
        if self.client is not None:
            await self.client.close()


def stored_actions(database_url: str, code: str) -> list[dict[str, Any]]:
    """The room's latest game's action log, as stored."""
    db = open_database(database_url)
    try:
        rows = db.execute_sql(
            "SELECT a.data FROM game_actions a JOIN games g ON g.id = a.game_id "
            "WHERE g.id = (SELECT max(id) FROM games WHERE room_id = %s) ORDER BY a.seq",
            (code,)).fetchall()
    finally:
        db.close()
    return [json.loads(r[0]) for r in rows]


def assert_every_acknowledged_move_stored(services: Services, code: str,
                                          players: list[Player]) -> None:
    stored = Counter(json.dumps(a, sort_keys=True) for a in stored_actions(
        services.database_url, code))
    acked = Counter(json.dumps(a, sort_keys=True) for p in players for a in p.acked)
    missing = acked - stored
    assert not missing, f"acknowledged moves not stored: {list(missing)[:5]}"
    assert sum(acked.values()) > 0


@contextlib.asynccontextmanager
async def seated_game(services: Services, servers: list[Server], at: list[int],
                      bot: bool = False) -> AsyncIterator[tuple[str, list[Player]]]:
    """Ana creates a room through servers[at[0]], Ben joins through servers[at[1]] (and Ana
    adds a bot with `bot`); the game starts. Both clients are closed on the way out."""
    players: list[Player] = []
    try:
        ana = await Player("ana", servers, at[0]).connect()
        players.append(ana)
        ben = await Player("ben", servers, at[1]).connect()
        players.append(ben)
        code = (await ana.c.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
        await ben.c.ok("joinRoom", {"playerName": "Ben", "roomCode": code})
        if bot:
            await ana.c.ok("addBot", {"kind": "GreedyBot"})
        seats = 3 if bot else 2
        await ana.c.wait_state(lambda s: len(s["players"]) == seats, what="everyone seated")
        await ana.c.ok("startGame")
        for p in players:
            await p.c.wait_state(lambda s: s["phase"] != "waiting", what=f"{p.name}: game start")
        yield code, players
    finally:
        for p in players:
            await p.close()


def some_moves(n: int) -> Any:
    """A `play` goal: the players' next n state pushes between them (or the game's end)."""
    seen = {"n": 0}

    def some(state: dict[str, Any]) -> bool:
        seen["n"] += 1
        return seen["n"] > n or finished(state)

    return some


async def play_together(players: list[Player], until: Any, seed: int) -> None:
    """Both players play random legal moves (seeded) until `until` holds."""
    await asyncio.gather(*(p.play(until, random.Random(seed + i))
                           for i, p in enumerate(players)))


async def play_to_the_end(players: list[Player], seed: int) -> None:
    """Both play to the end of the game; each sees it end with winners."""
    await play_together(players, finished, seed)
    for p in players:
        final = await p.c.wait_state(finished, what=f"{p.name}: the end")
        assert final["outcome"]["winners"]


async def test_players_on_different_processes_play_a_whole_game(services: Services) -> None:
    servers = services.start_servers(2)
    async with seated_game(services, servers, [0, 1]) as (code, players):
        ana, ben = players
        await play_to_the_end(players, 1)
        assert ana.reconnects == ben.reconnects == 0
        assert_every_acknowledged_move_stored(services, code, players)

        # A rematch moves both to a new room without a call of Ben's: his next calls go there.
        await ana.c.ok("rematch", {"accept": True})
        await ben.c.ok("rematch", {"accept": True})
        for p in players:
            await p.c.wait_state(lambda s: s["roomCode"] != code and s["phase"] != "waiting",
                                 what=f"{p.name}: the rematch")
        again = ana.c.state["roomCode"]
        for p in players:
            p.acked.clear()

        def both_moved(state: dict[str, Any]) -> bool:
            return bool(ana.acked and ben.acked) or finished(state)

        await play_together(players, both_moved, 21)
        assert ben.acked, "Ben made no move in the rematch"
        assert_every_acknowledged_move_stored(services, again, players)


async def test_the_owner_is_killed_and_the_game_finishes_on_another_process(
        services: Services) -> None:
    servers = services.start_servers(3)
    owner = servers[0]
    # A bot plays too: the new owner's bot carries on.
    async with seated_game(services, servers, [0, 2], bot=True) as (code, players):
        ana, ben = players
        await play_together(players, some_moves(8), 3)
        before = len(ana.acked) + len(ben.acked)
        owner.kill()
        print(f"owner killed at {dt.datetime.now():%H:%M:%S,%f}")  # the takeover's log line
        at_kill = len(stored_actions(services.database_url, code))
        await play_to_the_end(players, 5)
        assert len(ana.acked) + len(ben.acked) > before
        assert ana.reconnects >= 1  # its process died
        after = stored_actions(services.database_url, code)[at_kill:]
        assert [a for a in after if a["player"] == 3], "the bot did not move after the kill"
        print(f"kill: acked {before} then {len(ana.acked) + len(ben.acked)}, "
              f"reconnects ana {ana.reconnects} ben {ben.reconnects}, busy {ben.busy}")
        assert_every_acknowledged_move_stored(services, code, players)


async def test_redis_stopped_and_started_mid_game_loses_nothing(services: Services) -> None:
    servers = services.start_servers(2)
    async with seated_game(services, servers, [0, 1]) as (code, players):
        ana, ben = players
        await play_together(players, some_moves(6), 7)
        services.redis.stop()
        # Ben's calls reach the owner through Redis: after FORWARD_SECONDS of trying, the
        # answer is 'Server busy, retrying', and nothing changed.
        stored = len(stored_actions(services.database_url, code))
        ack = await ben.c.call("passTurn", {}, timeout=25)
        assert ack == {"success": False, "error": BUSY}
        assert len(stored_actions(services.database_url, code)) == stored
        services.redis.start()
        await play_to_the_end(players, 9)
        # Redis came back empty (no lease at all): the owner put its lease back before any
        # other process took the room, so nobody had to reconnect.
        assert ana.reconnects == ben.reconnects == 0
        assert_every_acknowledged_move_stored(services, code, players)


async def test_postgres_stopped_refuses_moves_and_play_resumes(services: Services) -> None:
    servers = services.start_servers(2)
    async with seated_game(services, servers, [0, 1]) as (code, players):
        ana, ben = players
        await play_together(players, some_moves(6), 11)
        await asyncio.sleep(0.5)  # the last pushes in
        services.postgres.stop()
        # Whoever may move now (on the owner's process or through another) is refused with
        # a clear message, and nothing is acknowledged.
        refused = 0
        for p in players:
            for action in p.legal()[:1]:
                data = {k: v for k, v in action.items() if k not in ("type", "player")}
                ack = await p.call(action["type"], data)
                assert ack == {"success": False, "error": DATABASE_DOWN}, ack
                refused += 1
        assert refused
        services.postgres.start()
        await play_to_the_end(players, 13)
        assert_every_acknowledged_move_stored(services, code, players)
