"""How our Socket.IO packets are written: orjson when installed, no binary attachments."""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import socketio
import socketio.packet

_orjson: Any
try:  # optional: about 12 times faster than the standard library for our pushes
    import orjson as _orjson
except ImportError:  # pragma: no cover - depends on the environment
    _orjson = None


def _safe_int(text: str) -> int:
    """An integer of the JSON text, refused past 100 digits (as engine.io's loads)."""
    if len(text) > 100:
        raise ValueError("Integer is too large")
    return int(text)


class _Json:
    """The JSON module python-socketio encodes packets with: orjson's dumps when it is
    installed (same compact text), engine.io's loads (which refuses huge integers)."""

    # engine.io's loads (`json.loads`, integers of at most 100 digits), without building a
    # decoder for each call.
    _decode = staticmethod(json.JSONDecoder(parse_int=_safe_int).decode)

    @staticmethod
    def loads(text: str | bytes, **kwargs: Any) -> Any:
        # Bytes too: the Redis client manager hands over the messages of other processes as
        # they came from Redis.
        if isinstance(text, bytes | bytearray):
            text = text.decode()
        return _Json._decode(text)

    @staticmethod
    def dumps(obj: object, **kwargs: Any) -> str:
        if _orjson is not None:
            try:
                return str(_orjson.dumps(obj).decode())
            except TypeError:  # orjson is stricter (keys that are not strings, big ints)
                pass
        return json.dumps(obj, **kwargs)


def json_text(obj: object) -> str:
    """Compact JSON text of `obj` (orjson when installed)."""
    return _Json.dumps(obj, separators=(",", ":"))


class JsonPacket(socketio.packet.Packet):  # type: ignore[misc]
    """Our pushes and acks are plain JSON: skip python-socketio's recursive search for binary
    attachments in every outgoing payload (a quarter of the server's time under load)."""

    uses_binary_events = False
    json = _Json


_EVENT = str(socketio.packet.EVENT)
_ACK = str(socketio.packet.ACK)


def encode_event(event: str, data: Any) -> str:
    """The text of an EVENT packet of the default namespace, as
    `JsonPacket(EVENT, namespace="/", data=[event, data]).encode()` writes it, without
    building the packet object (every push goes through here)."""
    return _EVENT + json_text([event, data])


def encode_event_parts(
    event: str, shared: dict[str, Any], own: Sequence[dict[str, Any]]
) -> list[str]:
    """``encode_event(event, {**shared, **part})`` for each part of `own`, with the JSON of
    `shared` written once for all of them (the pushes of one move share most of their
    text). The keys of `shared` and of a part must not overlap (ValueError)."""
    # The text up to the shared object's last member, written once; each seat's text is that,
    # its own members and the closing brackets (one copy of the long part per seat).
    lead = _EVENT + "[" + json_text(event) + "," + json_text(shared)[:-1]
    comma = "," if shared else ""
    out = []
    for part in own:
        if shared.keys() & part.keys():
            raise ValueError(f"keys in both parts: {sorted(shared.keys() & part.keys())}")
        members = json_text(part)[1:] if part else "}"
        out.append("".join((lead, comma if part else "", members, "]")))
    return out


def ack_text(ack_id: int, args: list[Any]) -> str:
    """The text of the ACK packet (default namespace) answering call `ack_id` with `args`, as
    `JsonPacket(ACK, namespace="/", id=ack_id, data=args).encode()` writes it."""
    return f"{_ACK}{ack_id}" + json_text(args)


def decode_event(text: str) -> tuple[str, Any]:
    """(event, data) of an EVENT packet's text written by :func:`encode_event`."""
    name, data = _Json.loads(text[len(_EVENT):])
    return str(name), data


#: Event names socket.io keeps for itself: a client sending one is refused like an unknown
#: event (never treated as a connection or disconnection).
RESERVED_EVENTS = frozenset(
    {"connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"}
)
#: Packet types a client may send us (we never use binary attachments).
_CLIENT_PACKETS = frozenset(
    {socketio.packet.CONNECT, socketio.packet.DISCONNECT, socketio.packet.EVENT,
     socketio.packet.ACK}
)


def is_connected(sio: socketio.AsyncServer, sid: str) -> bool:
    """Whether the socket is connected: to this process, or to another process of the service
    that forwards its calls here (kingdom_server/core/forwarding.py)."""
    if sid in getattr(sio, "remote_sessions", {}):
        return True
    return bool(sio.manager.is_connected(sid, "/"))


def refusal(message: str) -> dict[str, Any]:
    return {"success": False, "error": message}


def unknown_event(name: object) -> dict[str, Any]:
    shown = name if isinstance(name, str) else _Json.dumps(name)
    if len(shown) > 40:
        shown = shown[:40] + "..."
    return refusal(f"Unknown event: {shown}")


def _ack_id(encoded: str) -> int | None:
    """The acknowledgement id of an EVENT packet's text that did not decode, when its head
    (type, optional namespace, id) is readable: the call can still be answered."""
    if not encoded.startswith(_EVENT):
        return None
    rest = encoded[1:]
    if rest.startswith("/"):
        comma = rest.find(",")
        if comma < 0 or rest[:comma] != "/":
            return None
        rest = rest[comma + 1:]
    digits = ""
    for ch in rest[:12]:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits and len(digits) <= 10 else None


class Server(socketio.AsyncServer):  # type: ignore[misc]
    """python-socketio's server, stricter about what a client sends: an event named like one of
    socket.io's own (`disconnect`, ...) or by anything but a string is refused like an unknown
    event; a frame that does not decode is answered (`Invalid packet`) when its acknowledgement
    id can be read, else the connection is closed; nobody is left waiting."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.remote_sessions = {}
        self._coroutine_handlers: dict[Any, bool] = {}
        """Whether each handler met is a coroutine function (asked once per handler)."""

    remote_sessions: dict[str, dict[str, Any]]
    """The socket.io sessions of sockets held by another process of the service whose calls
    this process runs (kingdom_server/core/forwarding.py): `get_session` answers with them."""

    async def get_session(self, sid: str, namespace: str | None = None) -> Any:
        remote = self.remote_sessions.get(sid)
        if remote is not None:
            return remote
        return await super().get_session(sid, namespace=namespace)

    gate: Callable[[str], str | None | Awaitable[str | None]] | None = None
    """Asked with the socket's sid before each event is handled: None lets it through, a text
    refuses it (the acknowledgement carries the text; an event without one is dropped). It
    may be a coroutine function (the limits shared through Redis)."""

    async def _handle_eio_message(self, eio_sid: str, data: Any) -> None:
        if not isinstance(data, str):  # binary frames: not part of our protocol
            await self.eio.disconnect(eio_sid)
            return
        try:
            pkt = self.packet_class(encoded_packet=data)
        except Exception:
            ack = _ack_id(data)
            if ack is None:
                await self.eio.disconnect(eio_sid)
            else:
                await self._send_ack(eio_sid, ack, refusal("Invalid packet"))
            return
        kind = pkt.packet_type
        if kind not in _CLIENT_PACKETS:
            await self.eio.disconnect(eio_sid)
            return
        if kind == socketio.packet.EVENT:
            gate = self.gate
            if gate is not None:
                sid = self.manager.sid_from_eio_sid(eio_sid, "/")
                answer = gate(sid) if sid is not None else None
                refused = await answer if inspect.isawaitable(answer) else answer
                if refused is not None:
                    if pkt.id is not None:
                        await self._send_ack(eio_sid, pkt.id, refusal(refused))
                    return
            event = pkt.data
            named = isinstance(event, list) and bool(event) and isinstance(event[0], str)
            if not named or event[0] in RESERVED_EVENTS:
                if pkt.id is not None:
                    name = event[0] if isinstance(event, list) and event else event
                    await self._send_ack(eio_sid, pkt.id, unknown_event(name))
                elif not named:  # nothing to answer, nothing to run: not our protocol
                    await self.eio.disconnect(eio_sid)
                return
            await self._handle_event(eio_sid, pkt.namespace, pkt.id, event)
            return
        if kind == socketio.packet.CONNECT:
            await self._handle_connect(eio_sid, pkt.namespace, pkt.data)
        elif kind == socketio.packet.DISCONNECT:
            await self._handle_disconnect(eio_sid, pkt.namespace, self.reason.CLIENT_DISCONNECT)
        else:
            await self._handle_ack(eio_sid, pkt.namespace, pkt.id, pkt.data)

    async def _handle_event(
        self, eio_sid: str, namespace: str | None, id: int | None, data: list[Any]
    ) -> None:
        """python-socketio's own steps for an event (handler in this task, then the ack), in
        one step for the common case: the default namespace, a coroutine handler of the event's
        own, inline handlers (every call of ours). It skips the generic lookups, the handler
        type check and the ack's packet object; the ack's text is the one the packet writes
        (tests/server/test_packets.py). Anything else goes the library's way."""
        handler = self.handlers.get("/", {}).get(data[0]) if namespace in (None, "/") else None
        if handler is None or self.async_handlers or not self._is_coroutine(handler):
            await super()._handle_event(eio_sid, namespace, id, data)
            return
        sid = self.manager.sid_from_eio_sid(eio_sid, "/")
        if not self.manager.is_connected(sid, "/"):
            return
        try:
            r = await handler(sid, *data[1:])
        except asyncio.CancelledError:  # as the library: the call was cut short
            r = None
        if id is not None:
            args = [] if r is None else list(r) if isinstance(r, tuple) else [r]
            await self.eio.send(eio_sid, ack_text(id, args))

    def _is_coroutine(self, handler: Any) -> bool:
        answer = self._coroutine_handlers.get(handler)
        if answer is None:
            answer = self._coroutine_handlers[handler] = inspect.iscoroutinefunction(handler)
        return answer

    async def _send_ack(self, eio_sid: str, ack_id: int, data: Any) -> None:
        if self.manager.sid_from_eio_sid(eio_sid, "/") is None:
            await self.eio.disconnect(eio_sid)  # not even connected to the namespace
            return
        await self.eio.send(eio_sid, ack_text(ack_id, [data]))
