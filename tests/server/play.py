"""Driving real clients through a game with random legal actions from their own views."""

from __future__ import annotations

import asyncio
import contextlib
import random
from typing import Any

from tests.server.helpers import Client


def payload_of(action: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    data = {k: v for k, v in action.items() if k not in ("type", "player")}
    return action["type"], data


async def wait_newer(client: Client, seen: int, timeout: float) -> None:
    """Wait a little for a push newer than the `seen` first ones (then the caller looks again)."""
    with contextlib.suppress(AssertionError):
        await client.wait_for(lambda c: len(c.states) > seen, timeout=0.5, what="a newer state")


async def play_until(
    client: Client,
    done: Any,
    rng: random.Random,
    *,
    timeout: float = 60,
    skip: tuple[str, ...] = (),
) -> int:
    """Play random legal actions from `client`'s latest view until done(state). Returns acks."""
    acks = 0

    async def loop() -> None:
        nonlocal acks
        while True:
            state = client.state
            if done(state):
                return
            legal = [a for a in state.get("legalActions", []) if a["type"] not in skip]
            if not legal:
                await wait_newer(client, len(client.states), timeout)
                continue
            event, data = payload_of(rng.choice(legal))
            seen = len(client.states)
            ack = await client.call(event, data)
            acks += 1
            if not ack["success"] and len(client.states) == seen:
                # Our view was stale (someone acted meanwhile): wait for the newer one.
                await wait_newer(client, seen, timeout)

    await asyncio.wait_for(loop(), timeout)
    return acks
