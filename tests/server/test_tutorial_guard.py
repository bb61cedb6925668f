"""The tutorial lesson's guard over real socket.io clients: a move that would make a later
step impossible (a 6 of the Horse, a card of the Dragon's run, the Ace or the 10 of the Hail
of Arrows) is refused with a hint and changes nothing; other moves (a spare 6 too) are played;
a game without the lesson (skipped, unguided, or back after a server restart) is not guarded,
and the steps that can no longer be done are then announced as impossible."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp.test_utils import TestServer

from kingdom_server.core.hub import Hub
from tests.server.helpers import Client
from tests.server.test_tutorial_steps import my_turn, ready_ids, tutorial_room

KEEP_SIX = "Keep the 6 of Hearts: the Build a Horse step needs your pair of 6s. "


def pushes(client: Client) -> list[dict[str, Any]]:
    return [d for e, d in client.events if e == "advanceTutorialStep"]


async def test_a_six_for_the_horse_is_kept_with_a_hint(connect, hub: Hub) -> None:
    ana = await connect("ana")
    code = (await tutorial_room(ana))["roomCode"]
    await ana.ok("startTutorialGame")
    await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})
    room = hub.rooms[code]
    before, count = room.state, room.action_count
    n_events = len(ana.events)
    error = await ana.refused(
        "playResource", {"cardId": "hearts-6", "resourceToUseId": "hearts-5"}
    )
    assert error == KEEP_SIX + "Play a number card that is not a 6 as your resource instead."
    error = await ana.refused(
        "rotateResource", {"cardId": "hearts-6", "resourceToRotateId": "hearts-5"}
    )
    assert error == KEEP_SIX + "Rotate a number card that is not a 6 instead."
    # Nothing changed: same game, same log, nothing pushed; the 6 is still in the hand.
    assert room.state is before and room.action_count == count
    assert len(ana.events) == n_events
    assert "hearts-6" in [c["id"] for c in ana.state["myHand"]]
    # The move the step asks for is played.
    await ana.ok("playResource", {"cardId": "diamonds-8", "resourceToUseId": "hearts-5"})
    assert room.action_count == count + 1


async def test_a_spare_six_may_go(connect, hub: Hub) -> None:
    ana = await connect("ana")
    code = (await tutorial_room(ana, "multiplayer"))["roomCode"]
    await ana.ok("startTutorialGame")
    s = await my_turn(ana)
    await ana.ok("drawCard", {"source": "revealed1"})  # the 6 of spades: a pair with 6H
    error = await ana.refused(
        "rotateResource", {"cardId": "hearts-6", "resourceToRotateId": ready_ids(s)[0]}
    )
    assert error == KEEP_SIX + "Rotate a number card that is not a 6 instead."
    await ana.ok("playResource", {"cardId": "diamonds-8", "resourceToUseId": ready_ids(s)[0]})
    await ana.ok("passTurn", {})
    s = await my_turn(ana)
    # With a third 6 (the 6 of diamonds), one of them may be played: a pair is left.
    await ana.ok("drawCard", {"source": "revealed2"})
    assert sorted(c["id"] for c in ana.state["myHand"] if c["rank"] == "6") == [
        "diamonds-6", "hearts-6", "spades-6"
    ]
    await ana.ok("playResource", {"cardId": "diamonds-6", "resourceToUseId": ready_ids(s)[0]})
    room = hub.rooms[code]
    assert room.state is not None
    assert sorted(c.short for c in room.state.player(1).hand if c.rank == "6") == ["6H", "6S"]
    assert [x for x in pushes(ana) if x.get("impossible")] == []


async def test_the_dragons_run_is_kept_in_the_advanced_lesson(connect) -> None:
    ana = await connect("ana")
    await tutorial_room(ana, "advanced-combos")
    await ana.ok("startTutorialGame")
    s = await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})
    error = await ana.refused(
        "playResource", {"cardId": "hearts-4", "resourceToUseId": ready_ids(s)[0]}
    )
    assert error == (
        "Keep your 4, 5 and 6: the Build the Dragon step needs that run of three. "
        "Play a number card that is not part of your run as your resource instead."
    )
    await ana.ok("playResource", {"cardId": "hearts-9", "resourceToUseId": ready_ids(s)[0]})


async def test_without_the_lesson_nothing_is_guarded_and_lost_steps_are_announced(
    connect,
) -> None:
    ana = await connect("ana")
    await tutorial_room(ana)
    await ana.ok("startTutorialGame", {"guided": False})
    # Three turns, a 6 played away on each: 6H, 6S and 6C leave only the 6D, so no Horse.
    for draw, six in (("revealed1", "hearts-6"), ("revealed2", "spades-6"), ("deck", "clubs-6")):
        s = await my_turn(ana)
        await ana.ok("drawCard", {"source": draw})
        assert [x for x in pushes(ana) if x.get("impossible")] == []
        await ana.ok("playResource", {"cardId": six, "resourceToUseId": ready_ids(s)[0]})
        await ana.ok("passTurn", {})
    await ana.wait_for(
        lambda c: any(x.get("impossible") for x in pushes(c)), what="impossible steps"
    )
    gone = [x["stepId"] for x in pushes(ana) if x.get("impossible")]
    assert gone == ["play-horse", "mount-queen"]


async def test_skipping_the_lesson_lifts_the_guard(connect) -> None:
    ana = await connect("ana")
    await tutorial_room(ana)
    await ana.ok("startTutorialGame")
    await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})
    await ana.refused("playResource", {"cardId": "hearts-6", "resourceToUseId": "hearts-5"})
    await ana.ok("resumeTutorialBot", {"all": True})  # Skip
    await ana.ok("playResource", {"cardId": "hearts-6", "resourceToUseId": "hearts-5"})
    assert "hearts-6" not in [c["id"] for c in ana.state["myHand"]]


async def test_a_restarted_server_holds_nobody_to_the_lesson(
    start_server: Callable[..., Awaitable[TestServer]],
    connect_to: Callable[..., Awaitable[Client]],
) -> None:
    srv = await start_server()
    ana = await connect_to(srv, "ana")
    await tutorial_room(ana)
    await ana.ok("startTutorialGame")
    await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})
    await ana.refused("rotateResource", {"cardId": "hearts-6", "resourceToRotateId": "hearts-5"})
    seat = ana.seat
    await ana.close()
    await srv.close()
    srv2 = await start_server()
    ben = await connect_to(srv2, "ben")
    await ben.ok("rejoinRoom", seat)
    await ben.wait_state(lambda s: s["currentPlayerNumber"] == 1, what="the game back")
    await ben.ok("rotateResource", {"cardId": "hearts-6", "resourceToRotateId": "hearts-5"})
    await srv2.close()


HAIL_NEEDS = "the Hail of Arrows step needs an Ace and a 10. "


async def test_the_ace_and_the_10_of_the_hail_are_kept_in_the_advanced_lesson(
    connect, hub: Hub
) -> None:
    """Taken early from the revealed cards, the Ace of clubs and the 10 of spades may not be
    played or rotated away, and the Hail of Arrows waits for the Dragon (it would use them up
    and shoot the Queen of spades that the Dragon is to eat)."""
    ana = await connect("ana")
    code = (await tutorial_room(ana, "advanced-combos"))["roomCode"]
    await ana.ok("startTutorialGame")
    room = hub.rooms[code]
    s = await my_turn(ana)
    await ana.ok("drawCard", {"source": "revealed1"})  # the Ace of clubs, a turn early
    before, count, n_events = room.state, room.action_count, len(ana.events)
    error = await ana.refused(
        "playResource", {"cardId": "clubs-A", "resourceToUseId": ready_ids(s)[0]}
    )
    assert error == (
        f"Keep the Ace of Clubs: {HAIL_NEEDS}"
        "Play a number card that is not an Ace as your resource instead."
    )
    error = await ana.refused(
        "rotateResource", {"cardId": "clubs-A", "resourceToRotateId": ready_ids(s)[0]}
    )
    assert error == (
        f"Keep the Ace of Clubs: {HAIL_NEEDS}Rotate a number card that is not an Ace instead."
    )
    assert room.state is before and room.action_count == count and len(ana.events) == n_events
    await ana.ok("passTurn", {})

    s = await my_turn(ana)
    await ana.ok("drawCard", {"source": "revealed2"})  # the 10 of spades
    error = await ana.refused(
        "playResource", {"cardId": "spades-10", "resourceToUseId": ready_ids(s)[0]}
    )
    assert error == (
        f"Keep the 10 of Spades: {HAIL_NEEDS}"
        "Play a number card that is not a 10 as your resource instead."
    )
    await ana.ok("passTurn", {})

    # The bot's Queen of spades stands: a Hail could shoot her, but the Dragon comes first.
    await my_turn(ana)
    await ana.wait_state(
        lambda st: any(r["id"] == "spades-Q" for r in st["players"][1]["kingdom"]["royals"]),
        what="the bot's Queen of spades",
    )
    await ana.ok("drawCard", {"source": "deck"})
    before, count = room.state, room.action_count
    error = await ana.refused("playHailOfArrows", {"cardIds": ["clubs-A", "spades-10"]})
    assert error == (
        "Keep your Ace and 10 for now: the Hail of Arrows step comes after your Dragon has "
        "eaten the Queen of spades. Build the Dragon first."
    )
    assert room.state is before and room.action_count == count
    hand = [c["id"] for c in ana.state["myHand"]]
    assert "clubs-A" in hand and "spades-10" in hand
    assert [x for x in pushes(ana) if x.get("impossible")] == []


QUEEN_NEEDS = "the Play Your Queen step needs two red resources ready for the Queen of hearts. "


async def test_the_queens_red_resources_are_kept_in_the_basics_lesson(connect, hub: Hub) -> None:
    """The bot waits at the start of rounds 1 and 2 for the lesson's steps: a first turn that
    ends without a red resource, or a second that ends without the Queen of hearts, would leave
    the lesson stuck. Both are refused with a hint; the moves the steps ask for are played."""
    ana = await connect("ana")
    code = (await tutorial_room(ana))["roomCode"]
    await ana.ok("startTutorialGame")
    room = hub.rooms[code]
    await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})  # the 3 of spades
    before, count = room.state, room.action_count
    error = await ana.refused("playResource", {"cardId": "spades-3", "resourceToUseId": "hearts-5"})
    assert error == (
        f"Keep your resources red: {QUEEN_NEEDS}Play the 8 of Diamonds as your resource instead."
    )
    error = await ana.refused("passTurn", {})
    assert error == f"Not yet: {QUEEN_NEEDS}Play the 8 of Diamonds as your resource first."
    assert room.state is before and room.action_count == count
    await ana.ok("playResource", {"cardId": "diamonds-8", "resourceToUseId": "hearts-5"})
    await ana.ok("passTurn", {})
    await ana.ok("resumeTutorialBot")
    s = await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})
    before, count = room.state, room.action_count
    refused_queen = (
        f"Not yet: {QUEEN_NEEDS}Select the Queen of hearts and press Play Royal instead."
    )
    assert await ana.refused("passTurn", {}) == refused_queen
    error = await ana.refused("playResource", {"cardId": "spades-3", "resourceToUseId": "hearts-5"})
    assert error == refused_queen
    assert room.state is before and room.action_count == count
    await ana.ok("playRoyal", {"cardId": "hearts-Q", "resourceToUseIds": ready_ids(s)})
    await ana.ok("passTurn", {})
