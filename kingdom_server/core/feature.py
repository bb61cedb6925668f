"""What a server feature is: one declared `Feature` in its package's `__init__.py`.

    FEATURE = Feature(
        name="constructed",
        tables=TABLES,                       # its peewee models (core/tables.py), created at start
        retired_tables=("old_table",),       # dropped at start
        routes=ROUTES,                       # its HTTP routes (aiohttp RouteDefs)
        start=start,                         # (env) -> None: builds its services, env.provide(...)
        socket_calls=calls,                  # (env) -> {event: call}: its socket.io calls
        subscriptions=(on(USER_DELETED, lambda env: env.need(Constructed).forget_user),),
        tasks=(...,),                        # (env) -> None, once the hub has loaded the rooms
        needs=(Accounts,), provides=(Constructed,),
    )

`kingdom_server/app.py` builds the features of its one ordered list `FEATURES`: for each in
turn its tables, routes, `start`, socket calls and subscriptions; then the hub loads the open
rooms; then each feature's tasks. A feature may only need what an earlier one provides (checked
at start), and subscriptions to one hook run in the order of that list (within a feature, in
the order it declares them): the order between hooks is the list's, never a comment's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from aiohttp import web

from kingdom_server.core.answers import Call
from kingdom_server.core.hub import Hub
from kingdom_server.core.settings import Settings
from kingdom_server.core.storage import Storage
from kingdom_server.core.tables import FeatureTable

T = TypeVar("T")
F = TypeVar("F", bound=Callable[..., Any])


class Env:
    """What a starting feature gets: the app, its settings, storage and hub (the core), and the
    services earlier features provided (`need`)."""

    def __init__(self, app: web.Application, settings: Settings, storage: Storage,
                 hub: Hub) -> None:
        self.app = app
        self.settings = settings
        self.storage = storage
        self.hub = hub
        self._services: dict[type, object] = {}

    def provide(self, service: T) -> T:
        self._services[type(service)] = service
        return service

    def need(self, kind: type[T]) -> T:
        service = self._services.get(kind)
        if not isinstance(service, kind):
            raise LookupError(f"no feature before this one provides {kind.__name__}")
        return service

    def has(self, kind: type) -> bool:
        return kind in self._services


@dataclass(frozen=True)
class Hook(Generic[F]):
    """A list of callbacks someone calls (`games.finished`, `accounts.user_deleted`, ...):
    `where(env)` is that list."""

    name: str
    where: Callable[[Env], list[F]]


@dataclass(frozen=True)
class Subscription:
    hook: Hook[Any]
    handler: Callable[[Env], Callable[..., Any]]

    def attach(self, env: Env) -> None:
        self.hook.where(env).append(self.handler(env))


def on(hook: Hook[F], handler: Callable[[Env], F]) -> Subscription:
    """Subscribe `handler(env)` (the callback, typically a service's bound method) to `hook`."""
    return Subscription(hook, handler)


@dataclass(frozen=True)
class Feature:
    name: str
    tables: Sequence[type[FeatureTable]] = ()
    retired_tables: Sequence[str] = ()
    """Tables an earlier version created and this one no longer has: dropped at start."""
    routes: Sequence[web.RouteDef] = ()
    start: Callable[[Env], None] | None = None
    socket_calls: Callable[[Env], Mapping[str, Call]] | None = None
    subscriptions: Sequence[Subscription] = ()
    tasks: Sequence[Callable[[Env], None]] = ()
    needs: Sequence[type] = ()
    provides: Sequence[type] = field(default=())


# The core's hooks a feature may subscribe to.
GAME_FINISHED: Hook[Callable[..., None]] = Hook(
    "games.finished", lambda env: env.hub.games.finished_writes)
"""(room) a room's game has just finished (lock held), after its last action was written: run
in a database thread (the room's ordered writer, Storage.write), so a subscriber writes its
rows directly and reaches the event loop only through call_soon_threadsafe."""
ROOMS_LOADED: Hook[Callable[..., None]] = Hook(
    "hub.rooms_loaded", lambda env: env.hub.loaded_hooks)
"""(rooms) at start, the open rooms were rebuilt from the store, before their bots move."""
SEAT_ABANDONED: Hook[Callable[..., None]] = Hook(
    "lobby.abandoned", lambda env: env.hub.lobby.abandon_hooks)
"""(room, seat) a person left a started game or stayed away past the absence limit (lock held,
in a database thread: the room's ordered writer, Storage.write)."""
SEAT_TAKEN: Hook[Callable[..., None]] = Hook(
    "lobby.seat_taken", lambda env: env.hub.lobby.seat_taken_hooks)
"""(user id) a signed-in socket took a seat."""
DISCONNECTED: Hook[Callable[..., Any]] = Hook(
    "hub.disconnected", lambda env: env.hub.disconnect_hooks)
"""(sid) awaited when a socket goes, before the lobby lets its seat go."""
SHUTDOWN: Hook[Callable[..., Any]] = Hook("hub.shutdown", lambda env: env.hub.shutdown_hooks)
"""() awaited when the server stops, before the hub's tasks are cancelled."""
