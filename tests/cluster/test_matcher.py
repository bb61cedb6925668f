"""The shared ranked queue's matcher across a crash (kingdom_server/ranked/shared.py): when the
matcher dies between claiming a match's tickets and dealing it, the claim is undone by the next
matcher and the players are matched again; nobody is lost from the queue."""

from __future__ import annotations

import asyncio
from typing import Any

from kingdom_server.core.cluster import redis_client
from kingdom_server.ranked.matchmaking import Match
from kingdom_server.ranked.queue import Queued
from kingdom_server.ranked.shared import MATCHER, SharedQueue
from tests.cluster.services import Redis


def process(redis: Any, name: str, start_match: Any) -> SharedQueue:
    async def seat(sid: str, found: dict[str, Any]) -> None:
        return None

    def entry(ticket: dict[str, Any]) -> Queued:
        return Queued(sid=str(ticket["sid"]), user_id=str(ticket["userId"]),
                      name=str(ticket["name"]), player_count=int(ticket["playerCount"]),
                      ladder=str(ticket["ladder"]))

    return SharedQueue(redis, name, 0.5, entry, start_match, seat, lambda: [])


async def test_a_match_claimed_by_a_matcher_that_died_is_made_by_the_next(redis: Redis) -> None:
    client = redis_client(redis.url)
    claimed = asyncio.Event()
    dealt: list[list[str]] = []

    async def dies(players: list[Queued], match: Match) -> list[dict[str, Any]] | None:
        claimed.set()
        await asyncio.Event().wait()  # the process dies here, before dealing the match
        return None

    async def deals(players: list[Queued], match: Match) -> list[dict[str, Any]] | None:
        dealt.append(sorted(p.user_id for p in players))
        return [{"roomCode": "ABCDEF", "playerId": p.user_id, "reconnectToken": "t",
                 "playerNumber": n} for n, p in enumerate(players, 1)]

    first = process(client, "first", dies)
    second = process(client, "second", deals)
    try:
        for user in ("ana", "ben"):
            queued = Queued(sid=f"sid-{user}", user_id=user, name=user, player_count=2,
                            ladder="standard")
            assert await first.add(queued, 1500) is not None
        wave = asyncio.ensure_future(first.wave())
        await asyncio.wait_for(claimed.wait(), 10)
        wave.cancel()  # the first matcher is gone, its claim made and its match not dealt
        assert await second.tickets() == []
        await client.delete(MATCHER)  # its lease ran out
        second.claim_seconds = 0.2
        await asyncio.sleep(0.3)
        made = await second.wave()
        assert len(made) == 1
        assert dealt == [["ana", "ben"]]
        assert await second.tickets() == []
        for user in ("ana", "ben"):  # each socket's process hears of its seat
            assert await client.get(f"kingdom:ranked:found:sid-{user}") is not None
    finally:
        await client.aclose()
