"""The hub: one server process's open rooms, the lobby and the games that act on them, and the
socket.io wiring in front of both (every call answered, connections and disconnections).

    Hub
    ├── rooms: Rooms      open rooms by code, and the seat each socket holds (rooms.py)
    ├── pushes: Pushes    gameState and room events to the seats (pushes.py)
    ├── games: Games      game calls through the engine, score screen, bots (games.py)
    ├── lobby: Lobby      rooms, seats, starting games, leaving, absence (lobby.py)
    └── (REDIS_URL) ownership: the rooms this process owns (ownership.py), and forwarder:
                          calls about rooms other processes own (forwarding.py)
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Protocol

import socketio
from aiohttp import web

from kingdom_server.core import validation as v
from kingdom_server.core.actionlog import ActionLog
from kingdom_server.core.answers import BUSY, DATABASE_DOWN, Ack, Call, CallError, fail, ok
from kingdom_server.core.background import Background
from kingdom_server.core.cluster import Cluster
from kingdom_server.core.forwarding import Forwarder
from kingdom_server.core.games import GAME_EVENTS, Games
from kingdom_server.core.http import client_address, token_from_cookie_header
from kingdom_server.core.limits import Limiter, SharedLimiter
from kingdom_server.core.listing import SharedListing
from kingdom_server.core.lobby import Lobby
from kingdom_server.core.ownership import Ownership
from kingdom_server.core.pushes import SEAT_MOVED, Pushes, PushObserver
from kingdom_server.core.rooms import BROWSING, Room, Rooms, now_utc
from kingdom_server.core.settings import Settings
from kingdom_server.core.storage import UNREACHABLE, LoadedRoom, Storage
from kingdom_server.core.wire import Server, unknown_event

__all__ = [
    "BROWSING", "GAME_EVENTS", "SEAT_MOVED", "Ack", "CallError", "Hub", "fail", "hub_key", "ok",
]

log = logging.getLogger(__name__)

RESTORE_SEAT = "kingdom:restoreSeat"
"""(REDIS_URL) An internal call (`Hub.add_internal_call`): the process holding a signed-in
socket asks the owner of a room where the account holds a seat to give it back
(`{"roomCode"}`), as `on_connect` does on one process."""
ROOM_NAMING = frozenset({"joinRoom", "joinPublicRoom", "rejoinRoom", "watchGame"})
"""Calls about the room their payload names (`roomCode`); the others are about the room the
socket is seated in or watches, if any."""


class Person(Protocol):
    """A signed-in account as the hub sees it."""

    @property
    def id(self) -> str: ...

    @property
    def username(self) -> str: ...

    @property
    def is_bot(self) -> bool: ...


Identify = Callable[[str | None], Person | None]
"""(database threads) The account a session token signs in, or None."""


class Hub:
    """Owns the rooms of one server process and answers every socket call."""

    def __init__(
        self,
        settings: Settings,
        storage: Storage,
        sio: socketio.AsyncServer,
        cluster: Cluster | None = None,
    ) -> None:
        self.settings = settings
        self.storage = storage
        self.sio = sio
        self.identify: Identify | None = None
        """Who a socket's session cookie signs in (None: everyone is a guest); the accounts
        feature sets it."""
        self.loaded_hooks: list[Callable[[Rooms], None]] = []
        """Called at start once the open rooms are rebuilt, before their bots move."""
        self.disconnect_hooks: list[Callable[[str], Awaitable[None]]] = []
        """Awaited with the sid of a socket that went, before the lobby lets its seat go."""
        self.shutdown_hooks: list[Callable[[], Awaitable[None]]] = []
        """Awaited when the server stops, before the hub's own tasks are cancelled."""
        self.stats = {"acks": 0, "actions": 0, "pushes": 0}
        self.background = Background()
        self.room_list = Rooms()
        self.pushes = Pushes(sio, self.room_list, self.stats)
        self.games = Games(settings, storage, self.room_list, self.pushes, self.background,
                           self.stats)
        self.lobby = Lobby(settings, storage, sio, self.room_list, self.pushes, self.games,
                           self.background)
        self.limiter = Limiter(settings.rate_limits) if settings.rate_limits else None
        self.shared_limiter: SharedLimiter | None = None
        """With several processes: the limits per address counted in Redis (share_limits)."""
        self.addresses: dict[str, str] = {}
        """sid -> the client's address (for the limits per address)."""
        if self.limiter is not None and isinstance(sio, Server):
            sio.gate = self._gate
        self.calls: dict[str, Call] = {}
        self.internal_calls: dict[str, Call] = {RESTORE_SEAT: self._restore_here}
        """(REDIS_URL) Calls between processes (`add_internal_call`)."""
        sio.on("connect", self.on_connect)
        sio.on("disconnect", self.on_disconnect)
        sio.on("*", self.on_unknown)
        self.add_calls(self.lobby.calls())
        self.add_calls({event: self.games.call(event) for event in GAME_EVENTS})
        self.ownership: Ownership | None = None
        self.forwarder: Forwarder | None = None
        if cluster is not None and cluster.enabled and isinstance(sio, Server):
            self._join_cluster(cluster, sio)

    def _join_cluster(self, cluster: Cluster, sio: Server) -> None:
        """One process of several (kingdom_server/core/cluster.py): this one holds the rooms it
        owns and forwards the calls about the others' rooms."""
        ownership = self.ownership = Ownership(cluster, self.storage)
        forwarder = self.forwarder = Forwarder(cluster, ownership, sio)
        ownership.adopt = self.adopt
        ownership.drop = self.drop
        ownership.is_held = lambda code: code in self.room_list.by_code
        forwarder.run = self._run_here
        forwarder.room_of = self._room_here
        forwarder.is_local = lambda code: code in self.room_list.by_code
        forwarder.gone = self._remote_gone
        forwarder.reconnected.append(self._push_all)
        forwarder.push_again = self._push_again
        self.lobby.claim = ownership.claim_new
        self.pushes.relay = forwarder.relay

        def fenced(code: str) -> None:
            self.background.spawn(ownership.lost(code))

        self.storage.on_fenced = fenced

    # -- what tests and /api/health read ---------------------------------------------------

    @property
    def rooms(self) -> dict[str, Room]:
        return self.room_list.by_code

    @property
    def sessions(self) -> dict[str, tuple[str, str]]:
        return self.room_list.sessions

    @property
    def push_observers(self) -> list[PushObserver]:
        return self.pushes.observers

    @property
    def action_log(self) -> ActionLog:
        return self.games.action_log

    @property
    def bots(self) -> dict[tuple[str, str], Any]:
        return self.games.bots

    def public_games(self) -> list[dict[str, Any]]:
        return self.room_list.public_games()

    # -- wiring ----------------------------------------------------------------------------

    def add_calls(self, calls: Mapping[str, Call]) -> None:
        """Answer these socket calls (a feature's, or the core's own)."""
        for event, fn in calls.items():
            if event in self.calls:
                raise ValueError(f"the socket call {event} is answered twice")
            self.calls[event] = fn
            self.sio.on(event, self._guard(event, fn))

    def add_internal_call(self, event: str, fn: Call) -> None:
        """(REDIS_URL) A call that processes of the service make of each other about a room
        (its payload names it: `roomCode`), never a socket call: clients cannot send it (no
        socket.io handler answers its name). `call_as` runs it at the room's owner as the
        socket it names."""
        if event in self.internal_calls or event in self.calls:
            raise ValueError(f"the call {event} is answered twice")
        self.internal_calls[event] = fn

    def _guard(self, event: str, fn: Call) -> Callable[..., Awaitable[Ack]]:
        async def handler(sid: str, *args: Any) -> Ack:
            data = args[0] if args else None

            async def checked() -> Ack:
                refused = None
                if self.shared_limiter is not None:
                    refused = await self.shared_limiter.check_call(
                        event, sid, self.addresses.get(sid, ""))
                elif self.limiter is not None:
                    refused = self.limiter.check_call(event, sid, self.addresses.get(sid, ""))
                if refused is not None:
                    raise CallError(refused)
                v.check_size(data, self.settings.max_string_length)
                payload = v.as_object(data)
                forwarded = None
                if self.forwarder is not None:
                    forwarded = await self._elsewhere(event, sid, payload)
                return forwarded if forwarded is not None else await fn(sid, payload)

            return await self._answer(event, checked)

        handler.__name__ = f"on_{event}"
        return handler

    # -- several processes (REDIS_URL) ------------------------------------------------------

    def _room_here(self, sid: str) -> str | None:
        ref = self.room_list.sessions.get(sid)
        return ref[0] if ref is not None else self.room_list.watching.get(sid)

    def _room_for(self, event: str, sid: str, payload: dict[str, Any]) -> str | None:
        """The room a call is about: the one it names, else the socket's."""
        if ((event in ROOM_NAMING or event in self.internal_calls)
                and isinstance(payload.get("roomCode"), str)):
            try:
                return v.room_code(payload)
            except v.PayloadError:
                return None  # answered here
        here = self._room_here(sid)
        if here is not None:
            return here
        return self.forwarder.rooms_of.get(sid) if self.forwarder is not None else None

    async def _elsewhere(self, event: str, sid: str, payload: dict[str, Any]) -> Ack | None:
        """The answer of the room's owner when it is another process (None: run it here)."""
        assert self.forwarder is not None
        code = self._room_for(event, sid, payload)
        if code is None or code in self.room_list.by_code:
            return None
        return await self.forwarder.call(code, sid, event, payload, self.addresses.get(sid, ""))

    async def call_as(self, sid: str, event: str, payload: dict[str, Any]) -> Ack:
        """Run a socket call for one of this process's sockets as if it had made it: at the
        owner of the room it is about when another process holds it (a feature seating a
        socket, e.g. the ranked queue of several processes)."""
        if self.forwarder is not None:
            forwarded = await self._elsewhere(event, sid, payload)
            if forwarded is not None:
                return forwarded
        ack = await self._run_here(sid, event, payload)
        return ack if ack is not None else fail(BUSY)  # taken by another process meanwhile

    async def _run_here(self, sid: str, event: str, payload: dict[str, Any]) -> Ack | None:
        """A call forwarded by the process holding the socket, run as one of ours (its limits
        and size were checked there); None if its room is another process's now."""
        fn = self.internal_calls.get(event) or self.calls.get(event)
        if fn is None:
            return unknown_event(event)
        code = self._room_for(event, sid, payload)
        if code is not None and code not in self.room_list.by_code and self.ownership:
            await self.ownership.settled(code)  # being taken here: wait until it is open
            if code not in self.room_list.by_code:
                try:
                    owner = await self.ownership.owner(code)
                except Exception:
                    owner = None
                if owner is not None and owner != self.ownership.cluster.id:
                    return None
        return await self._answer(event, lambda: fn(sid, payload))

    async def _answer(self, event: str, call: Callable[[], Awaitable[Ack]]) -> Ack:
        """A call's acknowledgement: its own answer, or the failure its error means (a refusal's
        text, the database being down, or an unexpected error, logged)."""
        try:
            ack = await call()
        except (CallError, v.PayloadError) as e:
            ack = fail(str(e))
        except UNREACHABLE as e:
            log.warning("%s: the database cannot be reached: %s", event, e)
            ack = fail(DATABASE_DOWN)
        except Exception:
            log.exception("%s failed", event)
            ack = fail("Internal server error")
        self.stats["acks"] += 1
        return ack

    async def _restore_here(self, sid: str, payload: dict[str, Any]) -> Ack:
        """(RESTORE_SEAT, run by the room's owner) The signed-in socket gets its seat in the
        room back if no socket holds it; `restored` says whether it did."""
        session = await self.sio.get_session(sid)
        user_id = session.get("userId") if isinstance(session, dict) else None
        if not isinstance(user_id, str):
            return fail("You are not signed in")
        restored = await self.lobby.restore_user_seat(sid, user_id, v.room_code(payload))
        return ok(restored=restored)

    async def _restore_elsewhere(self, sid: str, user_id: str) -> None:
        """(REDIS_URL) The account's seats in rooms other processes own, found in the store:
        the first one no socket holds comes back to this socket, at its room's owner."""
        assert self.forwarder is not None
        codes = await self.storage.run(self.storage.open_seat_rooms, user_id)
        for code in codes:
            if sid not in self.addresses or self._room_here(sid) is not None:
                return  # gone, or seated meanwhile
            if code in self.room_list.by_code:
                continue  # looked at already
            payload = {"roomCode": code}
            ack = await self.forwarder.call(code, sid, RESTORE_SEAT, payload,
                                            self.addresses.get(sid, ""))
            if ack is None:  # ours now (its owner died): as on one process
                ack = await self._run_here(sid, RESTORE_SEAT, payload)
            if ack is not None and ack.get("restored"):
                return

    async def _remote_gone(self, sid: str) -> None:
        """A socket of another process that played here went away."""
        for hook in self.disconnect_hooks:
            await hook(sid)
        await self.lobby.disconnected(sid)

    async def _push_all(self) -> None:
        """Redis is back: every seat gets its room's state again (pushes to sockets of other
        processes may have been lost meanwhile)."""
        for room in self.room_list:
            try:
                await self.pushes.room(room)
            except Exception:
                log.exception("room %s: push failed", room.code)

    async def _push_again(self, sid: str) -> None:
        code = self._room_here(sid)
        room = self.room_list.get(code) if code is not None else None
        if room is not None:
            await self.pushes.room(room)

    async def adopt(self, code: str) -> bool:
        """Rebuild a room this process just took (its owner died) from the store, as at a
        restart; False if it is not open any more."""
        loaded = await self.storage.run(self.storage.load_open_room, code)
        if loaded is None:
            return False
        started, broken = self._rebuild([loaded])
        if broken:
            # Closed through the room's ordered writer, so fenced: if another process has
            # taken the room meanwhile, the close is refused like any write of ours.
            await self.storage.store_closed(code)
            return False
        self._start(started)
        log.info("room %s taken over", code)
        return True

    async def drop(self, code: str) -> None:
        """Another process owns the room now: it leaves this one with its tasks; the
        connections of its sockets here close, and they reconnect to their seats there."""
        room = self.room_list.get(code)
        if room is None:
            return
        sids = [s.sid for s in room.seats if s.sid is not None] + list(room.spectators)
        self.lobby._forget(room)
        for sid in sids:
            self.room_list.sessions.pop(sid, None)
            if self.forwarder is not None:
                if sid in self.forwarder.remote:
                    self.forwarder.forget(sid)
                else:
                    await self.forwarder.close_connection(sid)

    async def stop_cluster(self) -> None:
        """(after the store's last writes) The leases go: other processes take the rooms."""
        if self.forwarder is not None:
            await self.forwarder.stop()
        if self.ownership is not None:
            await self.ownership.stop()

    async def on_unknown(self, event: Any, sid: str, *args: Any) -> Ack:
        return unknown_event(event)

    # -- connections -----------------------------------------------------------------------

    def _gate(self, sid: str) -> str | None:
        assert self.limiter is not None
        return self.limiter.check("event", sid, self.addresses.get(sid, ""))

    async def _shared_gate(self, sid: str) -> str | None:
        assert self.shared_limiter is not None
        return await self.shared_limiter.check("event", sid, self.addresses.get(sid, ""))

    def share_public_games(self, redis: Any, process_id: str) -> None:
        """List and push the public games of every process of the service, through Redis
        (kingdom_server/core/listing.py)."""
        listing = SharedListing(redis, process_id, self.room_list.public_games,
                                self.pushes.send_public_games)
        self.pushes.listing = listing
        listing.start()
        self.shutdown_hooks.append(listing.stop)

    def share_limits(self, redis: Any) -> None:
        """Count the limits per address across the service's processes, in Redis (a
        redis.asyncio client; kingdom_server/core/limits.py)."""
        if self.limiter is None or self.settings.rate_limits is None:
            return
        self.shared_limiter = SharedLimiter(self.limiter, self.settings.rate_limits, redis)
        if isinstance(self.sio, Server):
            self.sio.gate = self._shared_gate

    def _address(self, environ: Any) -> str:
        request = environ.get("aiohttp.request") if isinstance(environ, dict) else None
        if request is None:
            return ""
        return client_address(request, self.settings.client_address_header)

    async def on_connect(self, sid: str, environ: Any, auth: Any = None) -> None:
        """The session cookie of the handshake signs the socket in: `{"userId", "username"}`
        in the socket.io session (empty for guests); a signed-in player's open seat that no
        socket holds comes back to them at once."""
        self.addresses[sid] = self._address(environ)
        user = None
        if self.identify is not None and isinstance(environ, dict):
            token = token_from_cookie_header(environ.get("HTTP_COOKIE"))
            user = await self.storage.run(self.identify, token)
        if user is not None:
            await self.sio.save_session(sid, {"userId": user.id, "username": user.username,
                                              "isBot": bool(user.is_bot)})
        await self.sio.enter_room(sid, BROWSING)
        if user is not None:
            # After the handshake is answered: a seat is only attached to a connected socket.
            self.background.spawn(self._restore_seat(sid, user.id))

    async def _restore_seat(self, sid: str, user_id: str) -> None:
        """Waits for the handshake's answer to reach socket.io's books (a busy server may take
        a while), for as long as the socket has not gone again, up to 10 s."""
        for _ in range(1000):
            if sid not in self.addresses:
                return  # disconnected meanwhile
            if self.sio.manager.is_connected(sid, "/"):
                restored = await self.lobby.restore_user_seat(sid, user_id)
                if not restored and self.forwarder is not None:
                    try:
                        await self._restore_elsewhere(sid, user_id)
                    except Exception as e:  # the player can still rejoin by hand
                        log.warning("socket %s: seat not restored from elsewhere: %s", sid, e)
                return
            await asyncio.sleep(0.01)
        log.warning("socket %s: not connected 10 s after its handshake; no seat restored", sid)

    async def on_disconnect(self, sid: str, *args: Any) -> None:
        self.addresses.pop(sid, None)
        if self.forwarder is not None:
            await self.forwarder.disconnected(sid)
        if self.limiter is not None:
            self.limiter.disconnected(sid)
        for hook in self.disconnect_hooks:
            await hook(sid)
        await self.lobby.disconnected(sid)

    # -- startup / shutdown ----------------------------------------------------------------

    def load(self) -> None:
        """Rebuild every open room from the store (game states by replaying their logs). One
        process of several rebuilds none here: it takes the rooms nobody owns as it finds
        them (`adopt`, kingdom_server/core/ownership.py)."""
        self.background.spawn(self._sweep())
        if self.ownership is not None and self.forwarder is not None:
            self.ownership.start()
            self.forwarder.start()
            return
        rebuilt, broken = self._rebuild(self.storage.load_open_rooms())
        for code in broken:
            self.storage.close_room(code)
        self._start(rebuilt)
        log.info("loaded %d rooms", len(self.room_list))

    def _rebuild(self, loaded_rooms: list[LoadedRoom]) -> tuple[Rooms, list[str]]:
        """The rooms rebuilt, in memory and in `room_list`, and the codes of those whose log
        does not replay (for the caller to close)."""
        rebuilt = Rooms()
        broken: list[str] = []
        for loaded in loaded_rooms:
            room = loaded.room
            if loaded.game is not None:
                try:
                    self.games.resume(room, loaded.game)
                except Exception:
                    log.exception("room %s: replay failed; the room is closed", room.code)
                    broken.append(room.code)
                    continue
            self.room_list.add(room)
            rebuilt.add(room)
        return rebuilt, broken

    def _start(self, rebuilt: Rooms) -> None:
        """Rooms just rebuilt go on: their features' hooks, absences, bots, clocks."""
        for hook in self.loaded_hooks:
            hook(rebuilt)
        for room in rebuilt:
            # Nobody is connected yet: each person has the absence limit to come back.
            for seat in room.seats:
                self.lobby.start_absence(room, seat)
            self.lobby.watch_attendance(room)
            if room.started:
                if room.is_tutorial and self.games.lesson is not None:
                    # Pauses and the lesson's guard are not stored: nobody waits forever, and
                    # nobody who skipped the lesson is held to it (steps that then become
                    # impossible are announced as such, so a lesson still shown goes on).
                    self.games.lesson.end(room)
                self.games.sync_score_screen(room)
                self.games.sync_clocks(room, save=False)  # on from what was stored
                self.games.kick_bots(room)

    async def _sweep(self) -> None:
        """Delete long-closed rooms from the store: now, then every Settings.sweep_seconds."""
        while True:
            cutoff = now_utc() - dt.timedelta(days=self.settings.closed_room_days)
            try:
                deleted = await self.storage.run(self.storage.delete_closed_rooms, cutoff)
            except Exception:
                log.exception("deleting old closed rooms failed")
            else:
                if deleted:
                    log.info("deleted %d rooms closed before %s", deleted, cutoff)
            await asyncio.sleep(self.settings.sweep_seconds)

    async def shutdown(self) -> None:
        for hook in self.shutdown_hooks:
            await hook()
        await self.background.cancel_all()
        self.games.action_log.close()
        self.games.pool.shutdown()


hub_key = web.AppKey("hub", Hub)
