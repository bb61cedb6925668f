"""The tutorial over the wire: the scripted deal, the learner's starting resource, the bot's
pauses released by resumeTutorialBot (the rules of each lesson are kingdom_rules.tutorial's)."""

from __future__ import annotations

import asyncio

from kingdom_server.core.hub import Hub


async def test_basics_lesson_deal_and_bot_pause(connect, hub: Hub) -> None:
    you = await connect("learner")
    ack = await you.ok("createRoom", {"playerName": "You", "isTutorial": True})
    waiting = await you.wait_state(lambda s: s["roomCode"] == ack["roomCode"])
    assert waiting["isTutorial"] is True and waiting["phase"] == "waiting"
    await you.ok("addBot", {})
    await you.ok("startTutorialGame", {})
    state = await you.wait_state(lambda s: s["phase"] == "playing")
    assert state["isTutorial"] and state["myPlayerNumber"] == 1
    me = state["players"][0]
    assert [r["card"]["id"] for r in me["kingdom"]["resources"]] == ["hearts-5"]
    assert sorted(c["id"] for c in state["myHand"]) == ["diamonds-8", "hearts-6", "hearts-Q"]
    assert [c["id"] for c in state["revealedCards"]] == ["spades-6", "clubs-6"]
    assert state["currentPlayerNumber"] == 1
    # Turn 1 as the lesson says: draw, play the 8 of diamonds on the 5 of hearts, pass.
    await you.ok("drawCard", {"source": "deck"})
    await you.ok("playResource", {"cardId": "diamonds-8", "resourceToUseId": "hearts-5"})
    await you.ok("passTurn", {})
    # The bot waits at the start of its first turn until the learner has read the step.
    await asyncio.sleep(0.2)
    assert you.state["currentPlayerNumber"] == 2
    assert not you.state["players"][1]["hasDrawnThisTurn"]
    await you.ok("resumeTutorialBot", {})
    state = await you.wait_state(lambda s: s["currentPlayerNumber"] == 1 and s["round"] == 2)
    assert len(state["players"][1]["kingdom"]["resources"]) == 2  # it played one resource
    room = hub.rooms[ack["roomCode"]]
    assert room.tutorial_mode == "basics" and room.seats[1].is_bot


async def test_multiplayer_lesson_fills_four_seats(connect) -> None:
    you = await connect("learner")
    await you.ok("createRoom", {"playerName": "You", "isTutorial": True,
                                "tutorialMode": "multiplayer"})
    await you.ok("startTutorialGame", {})
    state = await you.wait_state(lambda s: s["phase"] == "playing")
    assert state["playerCount"] == 4 and [p["isBot"] for p in state["players"]] == [
        False, True, True, True]
    assert state["players"][0]["team"] == state["players"][2]["team"]


async def test_tutorial_errors(connect) -> None:
    you = await connect("learner")
    await you.refused("createRoom", {"playerName": "You", "isTutorial": True,
                                     "tutorialMode": "chess"})
    code = (await you.ok("createRoom", {"playerName": "You", "isTutorial": True}))["roomCode"]
    friend = await connect("friend")
    await friend.ok("joinRoom", {"playerName": "Friend", "roomCode": code})
    await friend.refused("startTutorialGame", {}, "Only the host can start the game")
    await you.refused("startTutorialGame", {},
                      "The basics tutorial is played by one player and 1 bot")
