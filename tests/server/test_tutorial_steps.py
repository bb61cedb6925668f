"""The tutorial's lesson steps over real socket.io clients: advanceTutorialStep for every step
of the basics and multiplayer lessons, the bot's pauses (resumeTutorialBot, {all: true},
startTutorialGame {guided: false}), refusals that change nothing, and a restart that keeps
the lesson's mode and never leaves the bot waiting."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp.test_utils import TestServer

from kingdom_server.core.hub import Hub, hub_key
from tests.server.helpers import Client


def steps(client: Client) -> list[str]:
    return [d["stepId"] for e, d in client.events if e == "advanceTutorialStep"]


async def wait_step(client: Client, step: str) -> None:
    await client.wait_for(lambda c: step in steps(c), what=f"advanceTutorialStep {step}")


async def tutorial_room(client: Client, mode: str | None = None) -> dict[str, Any]:
    payload: dict[str, Any] = {"playerName": "Learner", "isTutorial": True}
    if mode is not None:
        payload["tutorialMode"] = mode
    ack = await client.ok("createRoom", payload)
    await client.ok("addBot", {})
    return ack


async def my_turn(client: Client) -> dict[str, Any]:
    return await client.wait_state(
        lambda s: (
            s["phase"] == "playing"
            and s["currentPlayerNumber"] == 1
            and not s["players"][0]["hasDrawnThisTurn"]
        ),
        what="the learner's turn",
    )


def ready_ids(state: dict[str, Any]) -> list[str]:
    return [
        r["card"]["id"]
        for r in state["players"][0]["kingdom"]["resources"]
        if r["orientation"] == "ready"
    ]


async def test_the_view_names_the_tutorial_mode(connect) -> None:
    ana = await connect("ana")
    await ana.ok("createRoom", {"playerName": "Ana", "isTutorial": True})
    state = await ana.wait_state(lambda s: s["phase"] == "waiting")
    assert state["tutorialMode"] == "basics" and state["isTutorial"] and not state["isPublic"]
    ben = await connect("ben")
    await ben.ok("createRoom", {"playerName": "Ben"})
    assert (await ben.wait_state(lambda s: True))["tutorialMode"] is None


async def test_basics_lesson_pauses_the_bot_and_pushes_every_step(connect, hub: Hub) -> None:
    ana = await connect("ana")
    code = (await tutorial_room(ana))["roomCode"]
    await ana.ok("startTutorialGame")
    s = await my_turn(ana)
    assert ready_ids(s) == ["hearts-5"] and s["round"] == 1
    await ana.ok("drawCard", {"source": "deck"})
    await wait_step(ana, "draw-card")
    await ana.ok("playResource", {"cardId": "diamonds-8", "resourceToUseId": "hearts-5"})
    await wait_step(ana, "play-resource")
    await ana.ok("passTurn", {})
    await wait_step(ana, "pass-turn")
    # The bot waits at the start of its first turn until the learner has read the step.
    await asyncio.sleep(0.3)
    s = ana.state
    assert s["currentPlayerNumber"] == 2 and not s["players"][1]["hasDrawnThisTurn"]
    assert "opponent-turn-watching" not in steps(ana)
    await ana.ok("resumeTutorialBot")
    await wait_step(ana, "opponent-turn-watching")
    s = await my_turn(ana)
    assert len(s["players"][1]["kingdom"]["resources"]) == 2
    # Turn 2: the Queen of hearts on the two red resources.
    await ana.ok("drawCard", {"source": "deck"})
    await ana.ok("playRoyal", {"cardId": "hearts-Q", "resourceToUseIds": ready_ids(s)})
    await wait_step(ana, "play-royal")
    await ana.ok("passTurn", {})
    await wait_step(ana, "pass-turn-2")
    await asyncio.sleep(0.3)
    assert ana.state["currentPlayerNumber"] == 2 and "opponent-queen" not in steps(ana)
    await ana.ok("resumeTutorialBot", {})
    await wait_step(ana, "opponent-queen")
    s = await my_turn(ana)
    assert any(r["id"] == "spades-Q" for r in s["players"][1]["kingdom"]["royals"])
    # Turn 3: crop rotation, a black number card in for the 5 of hearts; the bot plays at once.
    await ana.ok("drawCard", {"source": "deck"})
    hand = ana.state["myHand"]
    sixes = [c["id"] for c in hand if c["rank"] == "6"]
    blacks = [
        c["id"]
        for c in hand
        if c["suit"] in ("clubs", "spades") and c["rank"] not in ("J", "Q", "K", "JOKER")
    ]
    spare = [c for c in blacks if c not in sixes[:2]] or blacks
    await ana.ok("rotateResource", {"cardId": spare[0], "resourceToRotateId": "hearts-5"})
    await wait_step(ana, "crop-rotation")
    await ana.ok("passTurn", {})
    await wait_step(ana, "pass-turn-3")
    s = await my_turn(ana)
    assert s["round"] == 4
    # Turn 4: a Horse from a pair of 6s, the Queen mounts it.
    await ana.ok("drawCard", {"source": "deck"})
    s = ana.state
    sixes = [c["id"] for c in s["myHand"] if c["rank"] == "6"][:2]
    await ana.ok("playCombination", {"cardIds": sixes, "resourceToUseIds": ready_ids(s)})
    await wait_step(ana, "play-horse")
    await ana.ok("mountHorse", {"horseIndex": 0, "royalId": "hearts-Q"})
    await wait_step(ana, "mount-queen")
    horse = ana.state["players"][0]["kingdom"]["combinations"][0]
    assert horse["type"] == "horse" and horse["ridingRoyalId"] == "hearts-Q"
    await wait_step(ana, "dragon-ready")  # a signal: the learner now holds a run of three
    assert [x for x in steps(ana) if x != "dragon-ready"] == [
        "draw-card",
        "play-resource",
        "pass-turn",
        "opponent-turn-watching",
        "play-royal",
        "pass-turn-2",
        "opponent-queen",
        "crop-rotation",
        "pass-turn-3",
        "play-horse",
        "mount-queen",
    ]
    assert hub.rooms[code].action_count > 10


async def test_resume_all_and_unguided_starts_never_pause(connect) -> None:
    ana = await connect("ana")
    await tutorial_room(ana)
    await ana.ok("startTutorialGame", {"guided": False})
    for expected_round in (2, 3):
        await my_turn(ana)
        await ana.ok("drawCard", {"source": "deck"})
        await ana.ok("passTurn", {})
        await ana.wait_state(
            lambda s, r=expected_round: s["round"] == r and s["currentPlayerNumber"] == 1,
            what=f"round {expected_round} without a pause",
        )
    ben = await connect("ben")
    await tutorial_room(ben)
    await ben.ok("startTutorialGame")
    await my_turn(ben)
    await ben.ok("resumeTutorialBot", {"all": True})  # the learner skipped the lesson
    for expected_round in (2, 3):
        await my_turn(ben)
        await ben.ok("drawCard", {"source": "deck"})
        await ben.ok("passTurn", {})
        await ben.wait_state(
            lambda s, r=expected_round: s["round"] == r and s["currentPlayerNumber"] == 1,
            what=f"round {expected_round} without a pause",
        )
    await wait_step(ben, "opponent-queen")


async def test_tutorial_calls_refuse_bad_payloads(connect, hub: Hub) -> None:
    ana = await connect("ana")
    await ana.refused("resumeTutorialBot", None, "You are not in a room")
    await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.refused("resumeTutorialBot", {}, "This is not a tutorial game")
    await tutorial_room(ana)
    await ana.refused("startTutorialGame", {"guided": "yes"}, "guided must be true or false")
    await ana.refused("resumeTutorialBot", {"all": 1}, "all must be true or false")
    error = await ana.refused(
        "createRoom", {"playerName": "Ana", "isTutorial": True, "tutorialMode": "chess"}
    )
    assert "basics" in error and "multiplayer" in error
    assert all(not r.started for r in hub.rooms.values())


async def test_multiplayer_lesson_steps_and_partner_transfer(connect) -> None:
    ana = await connect("ana")
    await tutorial_room(ana, "multiplayer")
    await ana.ok("startTutorialGame")
    s = await my_turn(ana)
    assert [p["team"] for p in s["players"]] == [1, 2, 1, 2]
    assert s["tutorialMode"] == "multiplayer"
    await ana.ok("drawCard", {"source": "revealed1"})
    await ana.ok("playResource", {"cardId": "diamonds-8", "resourceToUseId": "hearts-5"})
    await ana.ok("passTurn", {})
    await wait_step(ana, "mp-others-turn")
    s = await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})
    await ana.ok("playRoyal", {"cardId": "hearts-Q", "resourceToUseIds": ready_ids(s)})
    await ana.ok("passTurn", {})
    await wait_step(ana, "mp-others-turn-2")
    await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})
    s = ana.state
    sixes = [c["id"] for c in s["myHand"] if c["rank"] == "6"]
    await ana.ok("playCombination", {"cardIds": sixes, "resourceToUseIds": ready_ids(s)})
    await ana.ok("mountHorse", {"horseIndex": 0, "royalId": "hearts-Q"})
    await ana.ok("transferToPartner", {"beastIndex": 0})
    await wait_step(ana, "mp-transfer")
    assert ana.state["players"][2]["kingdom"]["combinations"][0]["ridingRoyalId"] == "hearts-Q"
    assert steps(ana) == [
        "mp-draw",
        "mp-play-resource",
        "mp-pass",
        "mp-others-turn",
        "mp-play-queen",
        "mp-pass-2",
        "mp-others-turn-2",
        "mp-horse",
        "mp-mount",
        "mp-transfer",
    ]


async def test_advanced_lesson_steps(connect) -> None:
    ana = await connect("ana")
    await tutorial_room(ana, "advanced-combos")
    await ana.ok("startTutorialGame")
    for card in ("hearts-9", "diamonds-3"):
        s = await my_turn(ana)
        await ana.ok("drawCard", {"source": "deck"})
        await ana.ok("playResource", {"cardId": card, "resourceToUseId": ready_ids(s)[0]})
        await ana.ok("passTurn", {})
    await wait_step(ana, "adv-grow")
    s = await my_turn(ana)
    await ana.ok("drawCard", {"source": "revealed1"})  # the Ace of clubs
    await ana.ok(
        "playCombination",
        {"cardIds": ["hearts-4", "spades-5", "diamonds-6"], "resourceToUseIds": ready_ids(s)},
    )
    await wait_step(ana, "adv-dragon")
    await ana.ok(
        "eatCharacter",
        {"targetPlayerNumber": 2, "characterType": "royal", "characterId": "spades-Q"},
    )
    await wait_step(ana, "adv-eat")
    while ana.state["pendingAction"]:
        await ana.ok("skipPendingAction", {})
    await ana.ok("passTurn", {})
    await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})
    await ana.ok("playHailOfArrows", {"cardIds": ["clubs-A", "hearts-10"]})
    await ana.ok(
        "destroyWithHail",
        {"targetPlayerNumber": 2, "targetType": "royal", "characterId": "clubs-Q"},
    )
    await wait_step(ana, "adv-hail")
    # adv-grow is named at each of the learner's turns with 3 resources: ids are idempotent
    assert list(dict.fromkeys(steps(ana))) == ["adv-grow", "adv-dragon", "adv-eat", "adv-hail"]


async def test_illegal_moves_in_a_tutorial_change_nothing(connect, hub: Hub) -> None:
    ana = await connect("ana")
    code = (await tutorial_room(ana))["roomCode"]
    await ana.ok("startTutorialGame")
    await my_turn(ana)
    room = hub.rooms[code]
    before, count = room.state, room.action_count
    await ana.refused("playRoyal", {"cardId": "hearts-Q", "resourceToUseIds": ["hearts-5"]})
    await ana.refused("drawCard", {"source": "revealed9"})
    assert room.state is before and room.action_count == count
    assert steps(ana) == []


async def test_a_restarted_server_keeps_the_lesson_and_never_leaves_the_bot_waiting(
    start_server: Callable[..., Awaitable[TestServer]],
    connect_to: Callable[..., Awaitable[Client]],
) -> None:
    srv = await start_server()
    ana = await connect_to(srv, "ana")
    ack = await tutorial_room(ana)
    await ana.ok("startTutorialGame")
    s = await my_turn(ana)
    await ana.ok("drawCard", {"source": "deck"})
    await ana.ok("playResource", {"cardId": "diamonds-8", "resourceToUseId": ready_ids(s)[0]})
    await ana.ok("passTurn", {})
    await wait_step(ana, "pass-turn")  # the bot now waits for resumeTutorialBot
    await ana.close()
    await srv.close()
    srv2 = await start_server()
    room = srv2.app[hub_key].rooms[ack["roomCode"]]
    assert room.is_tutorial and room.tutorial_mode == "basics"
    ben = await connect_to(srv2, "ben")
    await ben.ok("rejoinRoom", ana.seat)
    s = await ben.wait_state(
        lambda s: s["round"] == 2 and s["currentPlayerNumber"] == 1,
        what="the bot's turn played after the restart",
    )
    # (its advanceTutorialStep went to nobody: the web app also ends a watching step when the
    # turn comes back to the learner)
    assert s["tutorialMode"] == "basics" and s["isTutorial"]
    await srv2.close()
