"""The ranked queue of a service of several processes (`REDIS_URL`, docs/deploy.md).

A player queues on the process that holds their socket, which checks the call as a lone
server does and then puts their ticket in Redis: `kingdom:ranked:tickets`, a hash by user id
(one ticket per account across the service; `HSETNX`). One process at a time is the matcher,
under a lease (`kingdom:ranked:matcher`, `SET NX PX`, renewed every wave; when the matcher dies
another process takes the lease within LEASE_WAVES waves). Every wave the matcher reads every
ticket, forms matches with the same `Matcher` as a lone server (kingdom_server/ranked/
matchmaking.py, waits counted on the wall clock), takes the matched tickets out atomically (a
ticket that changed meanwhile, e.g. its player left, spoils that match and it is not made),
deals the match in a private ranked room of its own and leaves each player's seat under
`kingdom:ranked:found:<sid>`. The process holding that socket picks it up within
FOUND_POLL_SECONDS, seats the socket with `rejoinRoom` (forwarded to the room's owner like any
call about a room another process holds: kingdom_server/core/forwarding.py) and pushes
`rankedMatchFound` as a lone server does.

Redis unreachable: joinRankedQueue is refused (BUSY) and no wave runs; tickets already queued
wait for Redis to come back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from kingdom_server.core.answers import Ack
from kingdom_server.core.cluster import LEASE_SCRIPT
from kingdom_server.ranked.matchmaking import Match, Matcher, Ticket

log = logging.getLogger(__name__)

TICKETS = "kingdom:ranked:tickets"
CLAIMED = "kingdom:ranked:claimed"
MATCHER = "kingdom:ranked:matcher"
FOUND = "kingdom:ranked:found:"
LEASE_WAVES = 3
"""The matcher's lease lasts this many waves unless renewed."""
FOUND_SECONDS = 120
"""How long a seat found for a socket waits to be picked up (its player is seated or gone)."""
FOUND_POLL_SECONDS = 0.25
CLAIM_SECONDS = 10.0
"""How long the matcher has to deal a match whose tickets it claimed: a claim older than this
(its matcher died or hung between claiming and dealing) is undone by the matcher of a later
wave, the tickets back in the queue as they were."""

# Move matched tickets from the queue (KEYS[1]) to the claims (KEYS[2]) if each is still the
# one the match was formed from. ARGV: the claim's JSON, then user, ticket, user, ticket...
_CLAIM = """
for i = 2, #ARGV, 2 do
  if redis.call('HGET', KEYS[1], ARGV[i]) ~= ARGV[i + 1] then
    return 0
  end
end
for i = 2, #ARGV, 2 do
  redis.call('HDEL', KEYS[1], ARGV[i])
  redis.call('HSET', KEYS[2], ARGV[i], ARGV[1])
end
return 1
"""

# Drop claims (KEYS[1]) that are still the ones made (the match was dealt). ARGV: the claim's
# JSON, then the users.
_DEALT = """
for i = 2, #ARGV do
  if redis.call('HGET', KEYS[1], ARGV[i]) == ARGV[1] then
    redis.call('HDEL', KEYS[1], ARGV[i])
  end
end
return 1
"""

# Undo a claim (KEYS[1]) still as it was: the user's ticket goes back in the queue (KEYS[2])
# unless the account queued again meanwhile. ARGV: user, the claim's JSON, the ticket.
_UNCLAIM = """
if redis.call('HGET', KEYS[1], ARGV[1]) ~= ARGV[2] then
  return 0
end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HSETNX', KEYS[2], ARGV[1], ARGV[3])
return 1
"""

# Take a ticket out if it is still this socket's.
_LEAVE = """
local ticket = redis.call('HGET', KEYS[1], ARGV[1])
if ticket and cjson.decode(ticket)['sid'] == ARGV[2] then
  redis.call('HDEL', KEYS[1], ARGV[1])
  return 1
end
return 0
"""

# Take the account's ticket out, whoever's socket it is; the ticket taken, if any.
_TAKE_OUT = """
local ticket = redis.call('HGET', KEYS[1], ARGV[1])
if ticket then
  redis.call('HDEL', KEYS[1], ARGV[1])
end
return ticket
"""


def _text(value: Any) -> str:
    return value.decode() if isinstance(value, bytes) else str(value)


def ticket_json(entry: Any, rating: int, joined_at: float, process: str) -> str:
    """A queued player (`queue.Queued`) as its ticket in Redis."""
    deck = entry.deck
    return json.dumps({
        "sid": entry.sid, "userId": entry.user_id, "name": entry.name,
        "playerCount": entry.player_count, "ladder": entry.ladder,
        "deck": deck.to_json() if deck is not None else None,
        "deckName": entry.deck_name, "botAccount": entry.bot_account,
        "rating": rating, "joinedAt": joined_at, "process": process,
    }, separators=(",", ":"), sort_keys=True)


class SharedQueue:
    """This process's side of the service's ranked queue. `redis`: a redis.asyncio client.

    `start_match(players, match)`: (matcher) deal a match for the players (queue.Queued, from
    their tickets) in a room of this process whose seats wait for their sockets; their seats'
    acknowledgements. `seat(sid, found)`: (the socket's process) seat one of this process's
    sockets in the seat found for it and push rankedMatchFound."""

    def __init__(self, redis: Any, process_id: str, wave_seconds: float,
                 make_entry: Callable[[dict[str, Any]], Any],
                 start_match: Callable[[list[Any], Match], Awaitable[list[Ack] | None]],
                 seat: Callable[[str, dict[str, Any]], Awaitable[None]],
                 local_sids: Callable[[], list[str]]) -> None:
        self.redis = redis
        self.process_id = process_id
        self.wave_seconds = wave_seconds
        self.make_entry = make_entry
        self.start_match = start_match
        self.seat = seat
        self.local_sids = local_sids
        self._lease = redis.register_script(LEASE_SCRIPT)  # the matcher: 1 or 2
        self._claim = redis.register_script(_CLAIM)
        self._dealt = redis.register_script(_DEALT)
        self._unclaim = redis.register_script(_UNCLAIM)
        self.claim_seconds = CLAIM_SECONDS
        self._leave = redis.register_script(_LEAVE)
        self._take_out = redis.register_script(_TAKE_OUT)
        self.waiting: dict[tuple[str, int], int] = {}
        """Players waiting per (ladder, player count) across the service, as last read."""
        self.is_matcher = False
        self._tasks: list[asyncio.Task[None]] = []

    # -- tickets -----------------------------------------------------------------------------

    async def add(self, entry: Any, rating: int) -> float | None:
        """Queue `entry` (queue.Queued) with its rating; the time it joined, or None when the
        account already has a ticket (from this or another process)."""
        joined_at = time.time()
        added = await self.redis.hsetnx(
            TICKETS, entry.user_id, ticket_json(entry, rating, joined_at, self.process_id))
        return joined_at if added else None

    async def remove(self, user_id: str, sid: str) -> None:
        """Take the account's ticket out if it is this socket's."""
        try:
            await self._leave(keys=[TICKETS], args=[user_id, sid])
        except Exception as e:  # it goes at the next wave, its socket being gone or seated
            log.warning("ranked: taking %s's ticket out failed: %s", user_id, e)

    async def take_out(self, user_id: str) -> None:
        """The account took a seat (on this process, its ticket queued by a socket of any
        process): its ticket goes, and the process holding that socket hears it as the
        socket's next `found` (`{"left": true}`), drops its entry and tells the socket."""
        try:
            ticket = await self._take_out(keys=[TICKETS], args=[user_id])
            if ticket is None:
                return
            sid = str(json.loads(_text(ticket))["sid"])
            await self.redis.set(FOUND + sid, json.dumps({"left": True}), ex=FOUND_SECONDS)
        except Exception as e:  # it stays until its socket leaves the queue or goes
            log.warning("ranked: taking %s's ticket out failed: %s", user_id, e)

    async def tickets(self) -> list[dict[str, Any]]:
        raw = await self.redis.hgetall(TICKETS)
        out = []
        for value in raw.values():
            with contextlib.suppress(ValueError, TypeError):
                ticket = json.loads(_text(value))
                ticket["_raw"] = _text(value)
                out.append(ticket)
        return out

    # -- waves -------------------------------------------------------------------------------

    def start(self) -> None:
        self._tasks = [asyncio.ensure_future(self._waves()),
                       asyncio.ensure_future(self._found())]

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
            with contextlib.suppress(BaseException):
                await task
        if self.is_matcher:
            with contextlib.suppress(Exception):
                if _text(await self.redis.get(MATCHER) or b"") == self.process_id:
                    await self.redis.delete(MATCHER)

    async def _waves(self) -> None:
        while True:
            await asyncio.sleep(self.wave_seconds)
            try:
                await self.wave()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # a wave must never stop the queue (Redis away: next one)
                log.warning("ranked wave failed: %s", e)

    async def wave(self) -> list[Match]:
        """Take or renew the matcher's lease; as the matcher, form and start matches. Every
        process then counts who waits."""
        lease_ms = int(self.wave_seconds * LEASE_WAVES * 1000)
        self.is_matcher = bool(await self._lease(keys=[MATCHER],
                                                 args=[self.process_id, lease_ms]))
        if self.is_matcher:
            await self.recover_claims()
        tickets = await self.tickets()
        made: list[Match] = []
        if self.is_matcher and tickets:
            made = await self._match(tickets)
            if made:
                tickets = await self.tickets()
        counts: dict[tuple[str, int], int] = {}
        for t in tickets:
            key = (str(t.get("ladder")), int(t.get("playerCount") or 0))
            counts[key] = counts.get(key, 0) + 1
        self.waiting = counts
        return made

    async def _match(self, tickets: list[dict[str, Any]]) -> list[Match]:
        now = time.time()
        pools: dict[tuple[str, int], Matcher] = {}
        by_user: dict[str, dict[str, Any]] = {}
        for t in tickets:
            key = (str(t["ladder"]), int(t["playerCount"]))
            matcher = pools.get(key)
            if matcher is None:
                matcher = pools[key] = Matcher(key[1])
            matcher.join(Ticket(str(t["userId"]), int(t["rating"]), float(t["joinedAt"])))
            by_user[str(t["userId"])] = t
        made = []
        for matcher in pools.values():
            for match in matcher.wave(now):
                chosen = [by_user[u] for u in match.user_ids]
                users = [str(t["userId"]) for t in chosen]
                claim = json.dumps({"by": self.process_id, "at": time.time(),
                                    "tickets": {str(t["userId"]): t["_raw"] for t in chosen}},
                                   separators=(",", ":"), sort_keys=True)
                args: list[str] = [claim]
                for u, t in zip(users, chosen, strict=True):
                    args += [u, t["_raw"]]
                if not await self._claim(keys=[TICKETS, CLAIMED], args=args):
                    continue  # a player left or queued again meanwhile: not this match
                players = [self.make_entry(t) for t in chosen]
                acks = await self.start_match(players, match)
                if acks is None:  # could not be dealt: the players queue again
                    for u, t in zip(users, chosen, strict=True):
                        await self._unclaim(keys=[CLAIMED, TICKETS], args=[u, claim, t["_raw"]])
                    continue
                await self._dealt(keys=[CLAIMED], args=[claim, *users])  # dealt: not undone
                for t, ack in zip(chosen, acks, strict=True):
                    found = {**ack, "playerCount": len(chosen), "ladder": t["ladder"]}
                    await self.redis.set(FOUND + str(t["sid"]), json.dumps(found),
                                         ex=FOUND_SECONDS)
                made.append(match)
        return made

    async def recover_claims(self) -> int:
        """(the matcher) Undo the claims older than `claim_seconds`: their matcher died or hung
        between claiming the tickets and dealing the match, so the tickets go back in the
        queue as they were (their sockets still show them queued). How many came back."""
        raw = await self.redis.hgetall(CLAIMED)
        now, back = time.time(), 0
        for user, value in raw.items():
            try:
                claim = json.loads(_text(value))
                ticket = claim["tickets"][_text(user)]
                stale = now - float(claim["at"]) > self.claim_seconds
            except (ValueError, TypeError, KeyError):
                await self.redis.hdel(CLAIMED, user)  # unreadable: nothing to give back
                continue
            if stale:
                log.warning("ranked: a match claimed by %s was not dealt; %s queues again",
                            claim.get("by"), _text(user))
                back += int(await self._unclaim(keys=[CLAIMED, TICKETS],
                                                args=[_text(user), _text(value), ticket]))
        return back

    async def _found(self) -> None:
        """Seat this process's queued sockets whose match was made (by whichever process)."""
        while True:
            await asyncio.sleep(FOUND_POLL_SECONDS)
            sids = self.local_sids()
            if not sids:
                continue
            try:
                for sid in sids:
                    found = await self.redis.getdel(FOUND + sid)
                    if found is not None:
                        await self.seat(sid, json.loads(_text(found)))
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("ranked: seating matched players failed: %s", e)
