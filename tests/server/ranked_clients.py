"""Signed-in socket.io clients for the ranked tests: an account registered over real HTTP, its
session cookie sent in the socket's handshake (as a browser does)."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from typing import Any

import aiohttp

from kingdom_server.accounts import COOKIE
from tests.server.helpers import Client
from tests.server.play import play_until

PASSWORD = "correct horse battery"
RANKED_EVENTS = ("rankedMatchFound", "rankedQueueStatus", "rankedMatchRated", "rankedQueueLeft")


async def register(url: str, name: str) -> tuple[dict[str, Any], str]:
    """A new account; (its user object, its session token)."""
    async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
        async with http.post(
            url.rstrip("/") + "/api/auth/register", json={"username": name, "password": PASSWORD}
        ) as r:
            assert r.status == 201, await r.text()
            user: dict[str, Any] = await r.json()
        token = next(c.value for c in http.cookie_jar if c.key == COOKIE)
    return user, token


class Player(Client):
    """A Client that is signed in and records the ranked pushes."""

    def __init__(self, url: str, name: str) -> None:
        super().__init__(url, name)
        self.user: dict[str, Any] = {}
        self.token = ""
        for event in RANKED_EVENTS:
            self.sio.on(event, self._recorder(event))

    async def sign_up(self) -> Player:
        self.user, self.token = await register(self.url, self.name)
        return self

    def signed_in_at(self, url: str) -> Player:
        """Another client of this account (a second tab or device), to connect to `url`."""
        other = Player(url, self.name)
        other.token, other.user = self.token, self.user
        return other

    async def connect(self, transport: str = "websocket") -> Player:
        headers = {"Cookie": f"{COOKIE}={self.token}"} if self.token else {}
        await self.sio.connect(self.url, transports=[transport], headers=headers, wait_timeout=5)
        return self

    def pushed(self, event: str) -> list[Any]:
        return [data for name, data in self.events if name == event]

    async def match_found(self, timeout: float = 10) -> dict[str, Any]:
        await self.wait_for(lambda c: bool(self.pushed("rankedMatchFound")), timeout,
                            "rankedMatchFound")
        found: dict[str, Any] = self.pushed("rankedMatchFound")[-1]
        self.seat = {k: found[k] for k in ("roomCode", "playerId", "reconnectToken")}
        return found


async def get_json(url: str, path: str) -> Any:
    async with aiohttp.ClientSession() as http, http.get(url.rstrip("/") + path) as r:
        assert r.status == 200, await r.text()
        return await r.json()


def wins_of(state: dict[str, Any]) -> list[int]:
    """The ranked wins the two players of a finished 2-player match get, sorted: [0, 1], or
    [1, 1] when the match is shared (R30: equal totals and hands won, both win)."""
    winners = state["outcome"]["winners"]
    assert len(winners) in (1, 2), winners
    return [1, 1] if len(winners) == 2 else [0, 1]


async def matched(
    players: Sequence[Player],
    payload: dict[str, Any] | Callable[[Player], dict[str, Any]],
    *,
    timeout: float = 10,
) -> list[dict[str, Any]]:
    """Each player joins the ranked queue (`payload`, or `payload(player)`), is matched and
    sees the match's game start. Returns each player's rankedMatchFound, in order."""
    for p in players:
        await p.ok("joinRankedQueue", payload(p) if callable(payload) else payload)
    found = []
    for p in players:
        found.append(await p.match_found(timeout=timeout))
        await p.wait_state(lambda s: s["phase"] != "waiting", what="the match's start")
    return found


async def play_to_the_end(players: Sequence[Player], seed: int = 0) -> None:
    """Every player plays random legal moves until the match is over, then the ratings come."""
    await asyncio.gather(
        *(play_until(p, lambda s: bool(s["phase"] == "finished"), random.Random(seed + i),
                     timeout=120) for i, p in enumerate(players))
    )
    first = players[0]
    await first.wait_for(lambda c: bool(first.pushed("rankedMatchRated")), 10, "the ratings")
