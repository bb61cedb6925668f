"""Games over real socket.io clients: bots, matches, score screen, errors, seats handed to bots."""

from __future__ import annotations

import asyncio
import json
import os
import random

import pytest

from kingdom_server.core.hub import Hub, hub_key
from tests.server.helpers import Client, PrivacyChecker
from tests.server.play import play_until


def finished(state: dict) -> bool:
    return state["phase"] == "finished"


async def start_room(connect, names: list[str], bots: int = 0, mode: str = "game",
                     **room: object) -> list[Client]:
    clients = [await connect(n) for n in names]
    code = (await clients[0].ok("createRoom", {"playerName": names[0]}))["roomCode"]
    for c, n in zip(clients[1:], names[1:], strict=True):
        await c.ok("joinRoom", {"playerName": n, "roomCode": code})
    for _ in range(bots):
        await clients[0].ok("addBot", {})
    if mode != "game":
        await clients[0].ok("toggleGameMode", {"gameMode": mode})
    await clients[0].ok("startGame")
    for c in clients:
        await c.wait_state(lambda s: s["phase"] != "waiting", what="game start")
    return clients


async def test_two_player_game_against_a_bot(connect, hub: Hub, privacy: PrivacyChecker) -> None:
    (ana,) = await start_room(connect, ["Ana"], bots=1)
    state = ana.state
    assert state["phase"] == "choosing_resources" and state["playerCount"] == 2
    assert state["players"][1]["isBot"] is True and state["players"][1]["name"] == "Arthur"
    assert state["players"][0]["name"] == "Ana" and state["gameStartTime"] > 0
    assert state["legalActions"] and all(a["player"] == 1 for a in state["legalActions"])
    acks = await play_until(ana, finished, random.Random(4))
    assert acks > 0
    final = ana.state
    assert final["outcome"]["winners"] and final["winner"] in (1, 2)
    if final["outcome"]["reason"] == "family":
        # The notice follows the state that shows the finished hand.
        await ana.wait_for(lambda c: any(e == "royalFamilyCompleted" for e, _ in c.events))
        family = [d for e, d in ana.events if e == "royalFamilyCompleted"]
        winner = final["players"][final["outcome"]["winners"][0] - 1]["name"]
        assert family[-1] == {"playerName": winner, "playerNumber": final["winner"]}
    assert privacy.checked >= len(ana.states)
    # The whole game is in the log: replaying it gives the same state.
    room = next(iter(hub.rooms.values()))
    assert room.action_count > acks


async def test_full_match_of_four_clients_two_bots(connect, hub: Hub) -> None:
    clients = await start_room(connect, ["Ana", "Ben"], bots=2, mode="match")
    state = clients[0].state
    assert state["gameMode"] == "match" and state["totalHands"] == 4
    assert [p["team"] for p in state["players"]] == [1, 2, 1, 2]
    rngs = [random.Random(10 + i) for i in range(len(clients))]
    await asyncio.gather(*(play_until(c, finished, r, timeout=120)
                           for c, r in zip(clients, rngs, strict=True)))
    for c in clients:
        final = await c.wait_state(finished)
        assert len(final["handHistory"]) == 4
        assert final["currentHand"] == 4 and final["outcome"]["winners"]
        assert final["scoreScreenTimer"] is None
    room = next(iter(hub.rooms.values()))
    assert room.score_task is None and room.bot_task is None or room.bot_task.done()


async def test_score_screen_counts_down_and_starts_the_next_hand(start_server, connect_to) -> None:
    server = await start_server(score_screen_seconds=2)
    ana = await connect_to(server, "ana")
    await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.ok("addBot", {})
    await ana.ok("toggleGameMode", {"gameMode": "match"})
    await ana.ok("startGame")
    await ana.wait_state(lambda s: s["phase"] != "waiting")
    # Play the first hand but never press ready.
    await play_until(ana, lambda s: s["phase"] in ("handComplete", "finished"),
                     random.Random(3), skip=("readyForNextHand",))
    if ana.state["phase"] == "finished":  # pragma: no cover - a 2-hand match ends at hand 2
        raise AssertionError("the match ended after one hand")
    first = ana.state
    assert first["scoreScreenTimer"] == 2
    bot = first["players"][1]
    assert bot["readyForNextHand"] is True or (
        await ana.wait_state(lambda s: s["players"][1]["readyForNextHand"]))
    timers = []

    def seen(c: Client) -> bool:
        timers.extend(s["scoreScreenTimer"] for s in c.states[-1:])
        return c.states[-1]["currentHand"] == 2

    await ana.wait_for(seen, timeout=5, what="the second hand")
    values = [s["scoreScreenTimer"] for s in ana.states if s["phase"] == "handComplete"]
    assert 2 in values and 1 in values, values
    assert values == sorted(values, reverse=True)
    assert ana.state["phase"] in ("choosing_resources", "playing")
    assert ana.state["scoreScreenTimer"] is None


async def test_ready_humans_start_the_next_hand_at_once(start_server, connect_to) -> None:
    server = await start_server(score_screen_seconds=30)
    ana = await connect_to(server, "ana")
    await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.ok("addBot", {})
    await ana.ok("toggleGameMode", {"gameMode": "match"})
    await ana.ok("startGame")
    await ana.wait_state(lambda s: s["phase"] != "waiting")
    await play_until(ana, lambda s: s["phase"] == "handComplete", random.Random(5),
                     skip=("readyForNextHand",))
    await ana.ok("readyForNextHand", {})
    state = await ana.wait_state(lambda s: s["currentHand"] == 2, timeout=3)
    assert state["scoreScreenTimer"] is None


async def test_game_calls_with_bad_input(connect, hub: Hub) -> None:
    ana, ben = await start_room(connect, ["Ana", "Ben"])
    for c in (ana, ben):
        choose = c.state["legalActions"][0]
        await c.ok("chooseStartingResource", {"cardId": choose["cardId"]})
    state = await ana.wait_state(lambda s: s["phase"] == "playing")
    room = next(iter(hub.rooms.values()))
    before = room.state
    mover, other = (ana, ben) if state["currentPlayerNumber"] == 1 else (ben, ana)
    hand = mover.state["myHand"]
    assert "not your turn" in await other.refused("drawCard", {"source": "deck"})
    assert "Draw a card first" in await mover.refused("passTurn", {})
    assert "Draw a card first" in await mover.refused(
        "playResource", {"cardId": hand[0]["id"], "resourceToUseId": hand[1]["id"]})
    await mover.refused("drawCard", {"source": "middle"})
    await mover.refused("drawCard", {}, "Missing field 'source'")
    await mover.refused("drawCard", {"source": 7})
    await mover.refused("drawCard", "deck", "Invalid payload: expected an object")
    await mover.refused("drawCard", {"source": "x" * 10_240},
                        "Invalid payload: text longer than 1000 characters")
    await mover.refused("playRoyal", {"cardId": "hearts-99", "resourceToUseIds": []})
    await mover.refused("playRoyal", {"cardId": hand[0]["id"], "resourceToUseIds": "all"})
    # Another room's cards and players.
    other_hand = other.state["myHand"]
    await mover.refused("playResource", {"cardId": other_hand[0]["id"],
                                         "resourceToUseId": other_hand[1]["id"]})
    await mover.refused("eatCharacter", {"targetPlayerNumber": 9, "characterType": "royal",
                                         "characterId": "hearts-K"})
    # A payload cannot act for another player.
    await other.refused("drawCard", {"source": "deck", "player": state["currentPlayerNumber"]})
    await mover.refused("fooBar", {}, "Unknown event: fooBar")
    assert room.state is before
    # The connection still works.
    await mover.ok("drawCard", {"source": "deck"})
    assert room.state is not before


async def test_leave_during_a_game_hands_the_seat_to_a_bot(connect, hub: Hub) -> None:
    ana, ben = await start_room(connect, ["Ana", "Ben"])
    await ben.call("leaveRoom")
    state = await ana.wait_state(lambda s: s["players"][1]["isBot"])
    assert state["players"][1]["name"] == "Ben" and state["players"][1]["botControlled"]
    await ben.refused("drawCard", {"source": "deck"}, "You are not in a room")
    await play_until(ana, finished, random.Random(8))
    # Ben's token no longer opens the seat.
    room = next(iter(hub.rooms.values()))
    assert room.seats[1].reconnect_token is None
    # The host leaving too closes the room.
    await ana.call("leaveRoom")
    assert not hub.rooms


async def test_host_leaving_a_game_hands_over_the_host(connect) -> None:
    ana, ben = await start_room(connect, ["Ana", "Ben"])
    await ana.call("leaveRoom")
    state = await ben.wait_state(lambda s: s["isHost"])
    assert state["hostId"] == ben.seat["playerId"] and state["players"][0]["isBot"]


async def test_absent_player_is_played_by_a_bot_until_they_return(
    start_server, connect_to
) -> None:
    server = await start_server(absence_seconds=0.3)
    ana = await connect_to(server, "ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    ben = await connect_to(server, "ben")
    seat = await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": code})
    await ana.ok("startGame")
    await ben.close()
    state = await ana.wait_state(lambda s: not s["players"][1]["connected"])
    assert not state["players"][1]["botControlled"]
    await ana.wait_state(lambda s: s["players"][1]["botControlled"], timeout=3)
    # The bot chooses Ben's starting resource; Ana's game goes on.
    await play_until(ana, lambda s: s["phase"] == "playing" and s["round"] >= 2,
                     random.Random(2))
    back = await connect_to(server, "ben again")
    await back.ok("rejoinRoom", {k: seat[k] for k in ("roomCode", "playerId", "reconnectToken")})
    mine = await back.wait_state(lambda s: s["phase"] != "waiting")
    assert mine["myPlayerNumber"] == 2 and not mine["players"][1]["botControlled"]
    assert mine["players"][1]["connected"] and mine["myHand"]
    await ana.wait_state(lambda s: not s["players"][1]["botControlled"])


async def test_restart_game_after_finish(connect) -> None:
    (ana,) = await start_room(connect, ["Ana"], bots=1)
    await play_until(ana, finished, random.Random(6))
    await ana.ok("startGame")
    await ana.wait_state(lambda s: s["phase"] == "choosing_resources")


async def test_a_finished_room_nobody_comes_back_to_is_closed(start_server, connect_to) -> None:
    server = await start_server(absence_seconds=0.3)
    hub = server.app[hub_key]
    ana = await connect_to(server, "ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    await ana.ok("addBot", {})
    await ana.ok("startGame")
    await play_until(ana, finished, random.Random(4))
    await ana.close()
    # The game is over: Ana's seat is given up after the absence limit, the room closes.
    for _ in range(200):
        if code not in hub.rooms:
            break
        await asyncio.sleep(0.05)
    assert code not in hub.rooms


async def test_engine_events_become_pushes(connect, monkeypatch) -> None:
    """drawPhaseSkipped is rare in real play (nothing left to draw anywhere, R6): the engine's
    event is injected here to check how the server passes it on."""
    import kingdom_rules as kr

    real_apply = kr.apply

    def apply(state, action):
        new, events = real_apply(state, action)
        if isinstance(action, kr.PassTurn):
            events = [*events, kr.Event("drawPhaseSkipped",
                                        {"player": 2, "message": "No card left to draw"})]
        return new, events

    monkeypatch.setattr(kr, "apply", apply)
    ana, ben = await start_room(connect, ["Ana", "Ben"])
    got = lambda s: any(e == "drawPhaseSkipped" for e, _ in ana.events)  # noqa: E731
    await asyncio.gather(play_until(ana, got, random.Random(1)),
                         play_until(ben, got, random.Random(2)))
    for c in (ana, ben):
        await c.wait_for(lambda c: any(e == "drawPhaseSkipped" for e, _ in c.events))
        notice = next(d for e, d in c.events if e == "drawPhaseSkipped")
        assert notice == {"message": "No card left to draw", "playerNumber": 2}


async def test_each_action_is_stored_before_its_acknowledgement(connect, hub: Hub) -> None:
    ana, ben = await start_room(connect, ["Ana", "Ben"])
    room = next(iter(hub.rooms.values()))
    assert hub.storage.journaled  # on a SQLite file: the row goes to the journal first
    for c in (ana, ben):
        action = c.state["legalActions"][0]
        await c.ok(action["type"], {"cardId": action["cardId"]})
        # Read back at once (the ack has arrived, nothing else happened in between).
        assert hub.storage.unflushed_actions(room.game_id) >= 1
        record = hub.storage.game_record(room.game_id)
        assert record is not None
        assert record.actions[-1] == action and len(record.actions) == room.action_count
        # Reading moved the journal's rows into the database.
        assert hub.storage.unflushed_actions() == 0
        actions = hub.storage.games().GameAction
        stored = [json.loads(a.data) for a in actions.select().where(
            actions.game == room.game_id).order_by(actions.seq)]
        assert stored == record.actions


async def test_a_search_bot_thinks_in_another_process(connect, hub: Hub) -> None:
    """A slow bot must not stall other rooms: it thinks in a worker process of the bot pool,
    and meanwhile another room's calls are answered."""
    pytest.importorskip("kingdom_rules.bots.search")
    ana = await connect("ana")
    await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.ok("addBot", {"kind": "search"})
    await ana.ok("startGame")
    other = await connect("other")
    await other.ok("createRoom", {"playerName": "Other"})
    room = next(r for r in hub.rooms.values() if r.started)
    pool = hub.games.pool
    game = asyncio.ensure_future(play_until(ana, finished, random.Random(3), timeout=600))
    try:
        while pool.decisions < 5 and not game.done():
            await other.ok("getPublicGames")
            await asyncio.sleep(0.02)
    finally:
        game.cancel()
    assert type(hub.bots[(room.code, room.seats[1].player_id)]).__name__ == "SearchBot"
    assert pool.decisions >= 5 and pool.pids and os.getpid() not in pool.pids
