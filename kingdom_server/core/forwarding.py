"""Calls that reach a process that does not own their room (`REDIS_URL`, docs/deploy.md,
"Room ownership"): forwarded over Redis to the owner, which runs them as the caller.

Each process listens on a Redis channel of its own (`kingdom:process:{id}`). A socket's call
about a room another process owns (a call naming the room, or any call of a socket seated in
or watching it) is published there with the caller's sid, address and socket.io session (who
is signed in); the owner runs it exactly as if the socket were its own and publishes the
acknowledgement back, with the room the socket is in after the call. What the owner pushes to
that socket goes the same way (`relay`): straight to the process that holds the socket, which
writes it to the socket. Pushes to a whole socket.io room go through python-socketio's Redis
manager, and so does joining one.

When the owner cannot be reached (Redis down, the owner dead and its lease not yet lapsed),
the call is tried again for up to FORWARD_SECONDS, then answered BUSY. When a room the socket
plays in on another process changes owner (the owner died), the socket's connection is closed:
the client reconnects and takes its seat back on the new owner (rejoinRoom), as after any
dropped connection.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import json
import logging
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from redis.exceptions import RedisError

from kingdom_server.core.answers import BUSY, Ack, fail
from kingdom_server.core.cluster import Cluster, redis_client
from kingdom_server.core.ownership import Ownership
from kingdom_server.core.wire import Server, json_text

log = logging.getLogger(__name__)

REPLY_SECONDS = 3.0
"""How long a forwarded call waits for the owner's answer before trying again."""

FORWARD_SECONDS = 8.0
"""How long a call keeps trying to reach its room's owner before it is answered BUSY (well
below the clients' own 20 s wait for an answer)."""

RETRY_SECONDS = 0.3
ANSWERS_KEPT = 2000
"""How many answers of forwarded calls an owner keeps: a call tried again (its answer was lost
with Redis) gets the first answer again instead of running twice."""
WATCH_SECONDS = 1.0
"""How often the owners of the rooms this process's sockets play in elsewhere are checked."""


def channel(process: str) -> str:
    return f"kingdom:process:{process}"


Run = Callable[[str, str, dict[str, Any]], Awaitable[Ack | None]]
"""(sid, event, payload) -> the call's acknowledgement, run on this process; None: its room
is owned by another process now (the caller asks the owner again)."""


class Forwarder:
    """This process's side of forwarding: the calls it sends to owners, those it runs for
    sockets held elsewhere, and the pushes in both directions."""

    def __init__(self, cluster: Cluster, ownership: Ownership, sio: Server) -> None:
        self.cluster = cluster
        self.ownership = ownership
        self.sio = sio
        self.run: Run | None = None
        """(the hub) Run a call here, as the socket's own process would."""
        self.room_of: Callable[[str], str | None] = lambda sid: None
        """(the hub) The room a socket is seated in or watches on this process."""
        self.is_local: Callable[[str], bool] = lambda code: False
        """(the hub) Whether the room is open on this process."""
        self.gone: Callable[[str], Awaitable[None]] | None = None
        """(the hub) A socket held by another process went away."""
        self.reconnected: list[Callable[[], Awaitable[None]]] = []
        """Awaited when the process's channel is listened to again after Redis was away."""
        self.push_again: Callable[[str], Awaitable[None]] | None = None
        """(the hub) Push its room's state again to a socket held elsewhere (what was pushed
        to it while Redis was away is lost)."""
        self.remote: dict[str, str] = {}
        """(owner side) sid -> the process holding a socket that plays here."""
        self.rooms_of: dict[str, str] = {}
        """(socket side) sid -> the room one of this process's sockets plays in elsewhere."""
        self.owners_of: dict[str, str] = {}
        """(socket side) sid -> the process that answered its last forwarded call."""
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._answers: collections.OrderedDict[str, dict[str, Any]] = collections.OrderedDict()
        """(owner side) Request id -> the reply sent, for the last ANSWERS_KEPT calls."""
        self._running: set[str] = set()
        """(owner side) Request ids of forwarded calls running now."""
        self._tasks: list[asyncio.Task[None]] = []
        self._serving: set[asyncio.Task[None]] = set()

    @property
    def channel(self) -> str:
        return channel(self.cluster.id)

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._watch())]

    async def stop(self) -> None:
        for task in [*self._tasks, *self._serving]:
            task.cancel()
        for task in [*self._tasks, *self._serving]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []

    # -- the socket's side -------------------------------------------------------------------

    async def call(self, code: str, sid: str, event: str, data: dict[str, Any],
                   address: str) -> Ack | None:
        """Run a call about room `code`, which this process does not hold: at its owner, or
        here once this process took the room (None: run it here). BUSY after FORWARD_SECONDS
        without an owner that answers."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + FORWARD_SECONDS
        request_id = secrets.token_hex(8)  # the same for every try: the owner runs it once
        while True:
            try:
                owner = await self.ownership.owner(code)
                if owner == self.cluster.id and self.is_local(code):
                    return None
                if owner is None and not await self.ownership.is_open(code):
                    return None  # answered here: "Room not found"
                if owner is None:
                    if self.ownership.orphaned(code, owner) and await self.ownership.take(code):
                        return None
                elif owner != self.cluster.id:
                    ack = await self._forward(owner, request_id, code, sid, event, data,
                                              address)
                    if ack is not None:
                        return ack
            except (RedisError, OSError) as e:
                self.ownership.redis_failed()
                log.debug("forwarding %s for room %s failed: %s", event, code, e)
            if loop.time() >= deadline:
                return fail(BUSY)
            await asyncio.sleep(RETRY_SECONDS)

    async def _forward(self, owner: str, request_id: str, code: str, sid: str, event: str,
                       data: dict[str, Any], address: str) -> Ack | None:
        redis = self.cluster.redis
        if redis is None:
            raise RedisError("no Redis client")
        session = await self.sio.get_session(sid)
        answer: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[request_id] = answer
        try:
            listeners = await redis.publish(channel(owner), json_text({
                "t": "call", "id": request_id, "from": self.cluster.id, "sid": sid,
                "event": event, "data": data, "session": session, "address": address}))
            if not listeners:  # nobody listens there: the owner is gone
                return None
            reply = await asyncio.wait_for(answer, REPLY_SECONDS)
        except TimeoutError:
            return None
        finally:
            self._waiting.pop(request_id, None)
        if reply.get("moved"):  # it changed owner meanwhile: ask again
            return None
        room = reply.get("room")
        if isinstance(room, str):
            self.rooms_of[sid] = room
            self.owners_of[sid] = owner
        elif self.rooms_of.get(sid) == code:
            self.rooms_of.pop(sid, None)
            self.owners_of.pop(sid, None)
        ack: Ack = reply.get("ack") or fail("Internal server error")
        return ack

    async def disconnected(self, sid: str) -> None:
        """One of this process's sockets went: the owner of the room it played in is told."""
        code = self.rooms_of.pop(sid, None)
        owner = self.owners_of.pop(sid, None)
        redis = self.cluster.redis
        if code is None or redis is None:
            return
        try:
            owner = await self.ownership.owner(code) or owner
            if owner is not None and owner != self.cluster.id:
                await redis.publish(channel(owner), json_text({"t": "gone", "sid": sid}))
        except (RedisError, OSError) as e:  # the owner's absence timer starts when it sees it
            log.warning("telling room %s's owner that a socket went failed: %s", code, e)

    async def _watch(self) -> None:
        """Close the connections of sockets whose room changed owner (its owner died or lost
        it): they reconnect and take their seats back from the new owner."""
        while True:
            await asyncio.sleep(WATCH_SECONDS)
            redis = self.cluster.redis
            codes = sorted(set(self.rooms_of.values()))
            if redis is None or not codes:
                continue
            try:
                held = await redis.mget([f"kingdom:room:{c}:owner" for c in codes])
            except (RedisError, OSError):
                continue
            owners = {c: (h.decode() if isinstance(h, bytes) else h)
                      for c, h in zip(codes, held, strict=True)}
            for sid, code in list(self.rooms_of.items()):
                now = owners.get(code)
                if now is not None and now != self.owners_of.get(sid):
                    log.info("room %s moved to %s: socket %s reconnects", code, now, sid)
                    self.rooms_of.pop(sid, None)
                    self.owners_of.pop(sid, None)
                    await self.close_connection(sid)

    async def _ask_again(self) -> None:
        """Back after Redis was away: the owners of the rooms this process's sockets play in
        push their states again (each owner does the same for its rooms when it is back
        itself, so whichever of the two comes back last, nobody keeps a stale view)."""
        redis = self.cluster.redis
        if redis is None:
            return
        for sid in list(self.rooms_of):
            owner = self.owners_of.get(sid)
            if owner is None:
                continue
            try:
                await redis.publish(channel(owner), json_text({"t": "again", "sid": sid}))
            except (RedisError, OSError):
                return

    async def close_connection(self, sid: str) -> None:
        """Close a socket's connection without a socket.io goodbye: the client reconnects by
        itself and rejoins its seat."""
        eio_sid = self.sio.manager.eio_sid_from_sid(sid, "/")
        if eio_sid is not None:
            await self.sio.eio.disconnect(eio_sid)

    # -- the owner's side --------------------------------------------------------------------

    async def relay(self, sid: str, text: str) -> bool:
        """Send an encoded event to a socket held by another process; False if none does."""
        origin = self.remote.get(sid)
        redis = self.cluster.redis
        if origin is None or redis is None:
            return False
        try:  # with the room the socket is in now (a rematch moves it without a call)
            await redis.publish(channel(origin), json_text({
                "t": "text", "sid": sid, "text": text, "room": self.room_of(sid),
                "from": self.cluster.id}))
        except (RedisError, OSError) as e:  # sent again in full when Redis is back
            log.debug("push to %s lost: %s", sid, e)
        return True

    async def _serve(self, message: dict[str, Any]) -> None:
        request_id = str(message["id"])
        if request_id in self._running:  # its answer is on its way
            return
        if request_id in self._answers:  # answered, and the answer was lost: the same again
            await self._reply(str(message["from"]), self._answers[request_id])
            return
        self._running.add(request_id)
        try:
            reply = await self._answer(message)
        finally:
            self._running.discard(request_id)
        if reply.get("moved") is False:
            self._answers[request_id] = reply
            while len(self._answers) > ANSWERS_KEPT:
                self._answers.popitem(last=False)
        await self._reply(str(message["from"]), reply)

    async def _reply(self, origin: str, reply: dict[str, Any]) -> None:
        redis = self.cluster.redis
        if redis is None:
            return
        try:
            await redis.publish(channel(origin), json_text(reply))
        except (RedisError, OSError) as e:
            log.warning("the answer to a forwarded call was lost: %s", e)

    async def _answer(self, message: dict[str, Any]) -> dict[str, Any]:
        """Run a forwarded call; the reply to publish."""
        sid, origin = str(message["sid"]), str(message["from"])
        self.remote[sid] = origin
        session = message.get("session")
        self.sio.remote_sessions[sid] = session if isinstance(session, dict) else {}
        try:
            assert self.run is not None
            ack = await self.run(sid, str(message["event"]), message.get("data") or {})
        except Exception:
            log.exception("forwarded %s failed", message.get("event"))
            ack = fail("Internal server error")
        room = self.room_of(sid)
        if room is None:
            self.forget(sid)
        return {"t": "reply", "id": message["id"], "ack": ack, "room": room,
                "moved": ack is None}

    def forget(self, sid: str) -> None:
        """A socket held elsewhere plays here no more."""
        self.remote.pop(sid, None)
        self.sio.remote_sessions.pop(sid, None)

    async def _gone(self, sid: str) -> None:
        if sid in self.remote and self.gone is not None:
            await self.gone(sid)
        self.forget(sid)

    # -- the channel -------------------------------------------------------------------------

    async def _listen(self) -> None:
        """This process's channel, listened to again whenever Redis comes back."""
        assert self.cluster.redis_url is not None
        delay, failed = 0.25, False
        while True:
            client = redis_client(self.cluster.redis_url, blocking_reads=True)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                delay = 0.25
                if failed:
                    failed = False
                    log.warning("Redis is back")
                    for hook in self.reconnected:
                        self._spawn(hook())
                    self._spawn(self._ask_again())
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        await self._received(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if not failed:
                    log.error("Redis cannot be reached (%s): calls of other processes' "
                              "sockets wait", e)
                failed = True
                self.ownership.redis_failed()
            finally:
                try:
                    await pubsub.aclose()  # type: ignore[no-untyped-call]
                    await client.aclose()
                except Exception:
                    pass
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)

    async def _received(self, raw: Any) -> None:
        try:
            message = json.loads(raw)
            kind = message["t"]
        except (ValueError, TypeError, KeyError):
            log.warning("unreadable message on %s", self.channel)
            return
        if kind == "text":  # in order, at once: what the owner pushed
            sid = message["sid"]
            eio_sid = self.sio.manager.eio_sid_from_sid(sid, "/")
            if eio_sid is not None:
                room, owner = message.get("room"), message.get("from")
                if isinstance(room, str) and isinstance(owner, str):
                    self.rooms_of[sid] = room
                    self.owners_of[sid] = owner
                await self.sio.eio.send(eio_sid, message["text"])
        elif kind == "reply":
            waiting = self._waiting.get(message["id"])
            if waiting is not None and not waiting.done():
                waiting.set_result(message)
        elif kind == "call":
            self._spawn(self._serve(message))
        elif kind == "gone":
            self._spawn(self._gone(str(message["sid"])))
        elif kind == "again":
            sid = str(message["sid"])
            if sid in self.remote and self.push_again is not None:
                self._spawn(self.push_again(sid))

    def _spawn(self, work: Awaitable[None]) -> None:
        async def run() -> None:
            await work

        task = asyncio.get_running_loop().create_task(run())
        self._serving.add(task)
        task.add_done_callback(self._serving.discard)
