"""Real socket.io clients on loopback, and the privacy check run on every push."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import socketio
from aiohttp import web

from kingdom_server import Settings, create_app
from kingdom_server.core.hub import Hub, hub_key
from kingdom_server.core.rooms import Room, Seat
from tests.databases import POSTGRES_URL, SERVER_ON_POSTGRES, empty_postgres

T = TypeVar("T")

FORBIDDEN_KEYS = {"deck", "hand", "seed", "reconnectToken"}


def walk(value: Any, path: str = "$") -> Any:
    """Yield (path, key, value) for every dict entry in a JSON value."""
    if isinstance(value, dict):
        for k, v in value.items():
            yield path, k, v
            yield from walk(v, f"{path}.{k}")
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, f"{path}[{i}]")


def card_ids(value: Any) -> set[str]:
    """Ids of every card object (a dict with id, suit and rank) in a JSON value."""
    out: set[str] = set()
    if isinstance(value, dict):
        if "suit" in value and "rank" in value and isinstance(value.get("id"), str):
            out.add(value["id"])
        for v in value.values():
            out |= card_ids(v)
    elif isinstance(value, list):
        for v in value:
            out |= card_ids(v)
    return out


def check_push_shape(data: Any) -> None:
    """What any client may check on any gameState: no hidden fields at all."""
    for path, key, _ in walk(data):
        assert key not in FORBIDDEN_KEYS, f"push carries {path}.{key}"


class PrivacyChecker:
    """Registered as a push observer: compares every push with the full state it came from."""

    def __init__(self) -> None:
        self.checked = 0
        self.failures: list[str] = []

    def __call__(self, room: Room, seat: Seat, event: str, data: Any) -> None:
        self.checked += 1
        try:
            check_push_shape(data)
            if room.state is None:
                return
            full = room.state.to_json()
            me = room.number_of(seat)
            hidden: set[str] = {c["id"] for c in full.get("deck", [])}
            own: set[str] = set()
            for i, p in enumerate(full["players"]):
                ids = {c["id"] for c in p.get("hand", [])}
                if i + 1 == me:
                    own = ids
                else:
                    hidden |= ids
            shown = dict(data)
            last = shown.get("lastDrawAction")
            if isinstance(last, dict) and last.get("source") != "deck":
                # A revealed card was face up for everyone before it was drawn.
                shown["lastDrawAction"] = {k: v for k, v in last.items() if k != "drawnCard"}
            leaked = card_ids(shown) & hidden
            assert not leaked, f"push to player {me} shows hidden cards {sorted(leaked)}"
            if event == "gameState":
                assert {c["id"] for c in data["myHand"]} == own
        except AssertionError as e:
            self.failures.append(str(e))


class Client:
    """A socket.io client that records pushes and waits for them."""

    def __init__(self, url: str, name: str = "client") -> None:
        self.url = url
        self.name = name
        self.sio = socketio.AsyncClient(reconnection=False)
        self.states: list[dict[str, Any]] = []
        self.events: list[tuple[str, Any]] = []
        self._changed = asyncio.Event()
        self.seat: dict[str, Any] = {}
        for event in ("gameState", "publicGamesUpdated", "royalFamilyCompleted",
                      "drawPhaseSkipped", "error", "advanceTutorialStep"):
            self.sio.on(event, self._recorder(event))

    def _recorder(self, event: str) -> Callable[[Any], None]:
        def record(data: Any = None) -> None:
            if event == "gameState":
                check_push_shape(data)
                self.states.append(data)
            self.events.append((event, data))
            self._changed.set()

        return record

    async def connect(
        self, transport: str = "websocket", headers: dict[str, str] | None = None
    ) -> Client:
        await self.sio.connect(self.url, transports=[transport], wait_timeout=5,
                               headers=headers or {})
        return self

    async def call(self, event: str, data: Any = None, timeout: float = 5) -> Any:
        if data is None:
            return await self.sio.call(event, timeout=timeout)
        return await self.sio.call(event, data, timeout=timeout)

    async def ok(self, event: str, data: Any = None) -> Any:
        ack = await self.call(event, data)
        assert ack["success"] is True, f"{self.name} {event} {data!r}: {ack}"
        if "reconnectToken" in ack:
            self.seat = {k: ack[k] for k in ("roomCode", "playerId", "reconnectToken")}
        return ack

    async def refused(self, event: str, data: Any = None, error: str | None = None) -> str:
        ack = await self.call(event, data)
        assert ack["success"] is False, f"{self.name} {event} {data!r} was accepted"
        assert isinstance(ack["error"], str) and ack["error"]
        if error is not None:
            assert ack["error"] == error, ack["error"]
        return str(ack["error"])

    @property
    def state(self) -> dict[str, Any]:
        assert self.states, f"{self.name} has no gameState yet"
        return self.states[-1]

    async def wait_for(
        self, predicate: Callable[[Client], bool], timeout: float = 10, what: str = ""
    ) -> None:
        async def loop() -> None:
            while not predicate(self):
                self._changed.clear()
                await self._changed.wait()

        try:
            await asyncio.wait_for(loop(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"{self.name}: timed out waiting for {what or predicate}"
            ) from None

    async def wait_state(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 10, what: str = ""
    ) -> dict[str, Any]:
        await self.wait_for(lambda c: bool(c.states) and predicate(c.states[-1]), timeout, what)
        return self.state

    async def close(self) -> None:
        # A polling client's disconnect waits for its pending long-poll; don't wait for it.
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.sio.disconnect(), 2)


_ON_POSTGRES: set[str] = set()
"""The tests (by tmp_path) whose servers use the scratch PostgreSQL database already."""


def server_database_url(tmp_path: Any) -> str:
    """The test's database: its SQLite file, or with KINGDOM_TEST_SERVER_DATABASE=postgresql
    the scratch PostgreSQL database, emptied at the test's first server (tests/databases.py)."""
    if not SERVER_ON_POSTGRES:
        return f"sqlite:///{tmp_path}/kingdom.db"
    if str(tmp_path) not in _ON_POSTGRES:
        _ON_POSTGRES.add(str(tmp_path))
        return empty_postgres()
    assert POSTGRES_URL is not None
    return POSTGRES_URL


def database_rows(tmp_path: Any, sql: str) -> list[tuple[Any, ...]]:
    """Rows of a query on the test's database (its SQLite file, or the PostgreSQL one)."""
    from kingdom_server.core.storage import open_database

    url = POSTGRES_URL if SERVER_ON_POSTGRES else f"sqlite:///{tmp_path}/kingdom.db"
    assert url is not None
    db = open_database(url)
    try:
        return [tuple(row) for row in db.execute_sql(sql).fetchall()]
    finally:
        db.close()


def make_settings(tmp_path: Any, **overrides: Any) -> Settings:
    base: dict[str, Any] = dict(
        database_url=server_database_url(tmp_path),
        bot_delay=0.0,
        score_screen_seconds=30,
        absence_seconds=60.0,
        web_dist=tmp_path / "dist",
        rate_limits=None,  # the tests call much faster than any person (test_limits.py: on)
    )
    base.update(overrides)
    return Settings(**base)


class ThreadServer:
    """The app on a loopback port in its own thread and loop, for sync (hypothesis) tests."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.app: web.Application | None = None

    def start(self) -> ThreadServer:
        self.thread.start()
        self.run(self._start())
        return self

    async def _start(self) -> None:
        self.app = create_app(self.settings)
        self.runner = web.AppRunner(self.app, handle_signals=False, shutdown_timeout=1)
        await self.runner.setup()
        site = web.TCPSite(self.runner, "127.0.0.1", 0)
        await site.start()
        self.port = self.runner.addresses[0][1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def hub(self) -> Hub:
        assert self.app is not None
        return self.app[hub_key]

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self) -> None:
        if self.runner is not None:
            self.run(self.runner.cleanup())

        async def cancel_rest() -> None:
            me = asyncio.current_task()
            rest = [t for t in asyncio.all_tasks() if t is not me]
            for t in rest:
                t.cancel()
            await asyncio.gather(*rest, return_exceptions=True)

        self.run(cancel_rest())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)


async def raw_call(client: Client, encode: Callable[[int], str], timeout: float = 3) -> Any:
    """Send a hand-written socket.io packet text whose acknowledgement id is the argument of
    `encode` (e.g. ``lambda i: f'2{i}["disconnect",{{}}]'``); the acknowledgement's first value.
    Raises TimeoutError when no acknowledgement comes."""
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[Any] = loop.create_future()

    def got(*args: Any) -> None:
        if not answer.done():
            answer.set_result(args[0] if args else None)

    ack_id = client.sio._generate_ack_id("/", got)
    await client.sio.eio.send(encode(ack_id))
    return await asyncio.wait_for(answer, timeout)


async def raw_send(client: Client, text: str) -> None:
    """Send a hand-written socket.io packet text (no acknowledgement expected)."""
    await client.sio.eio.send(text)
