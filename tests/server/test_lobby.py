"""Lobby calls over real socket.io clients: rooms, codes, host rights, the public list."""

from __future__ import annotations

import re

import pytest
from aiohttp.test_utils import TestServer

from kingdom_server.core.hub import SEAT_MOVED, Hub
from kingdom_server.core.rooms import CODE_ALPHABET

CODE_RE = re.compile(f"^[{CODE_ALPHABET}]{{6}}$")


def test_code_alphabet_has_no_look_alikes() -> None:
    assert not set("0O1IL") & set(CODE_ALPHABET)
    assert len(CODE_ALPHABET) == 31


async def test_create_room_acks_seat_and_pushes_waiting_state(connect) -> None:
    ana = await connect("ana")
    ack = await ana.ok("createRoom", {"playerName": "  Ana  "})
    assert CODE_RE.match(ack["roomCode"]), ack
    assert ack["playerId"] and ack["reconnectToken"] and ack["error"] is None
    state = await ana.wait_state(lambda s: s["phase"] == "waiting")
    assert state["roomCode"] == ack["roomCode"]
    assert state["isHost"] is True and state["hostId"] == ack["playerId"]
    assert state["isPublic"] is False and state["isTutorial"] is False
    assert state["myPlayerNumber"] == 1
    assert [p["name"] for p in state["players"]] == ["Ana"]
    assert state["players"][0] | {} == state["players"][0]
    assert state["players"][0]["connected"] is True and state["players"][0]["isBot"] is False


async def test_join_by_code_and_errors(connect) -> None:
    ana = await connect("ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    ben = await connect("ben")
    await ben.refused("joinRoom", {"playerName": "Ben", "roomCode": "ZZZZZZ"}, "Room not found")
    await ben.refused("joinRoom", {"playerName": "   ", "roomCode": code}, "Please enter your name")
    await ben.refused("joinRoom", {"playerName": "Ben", "roomCode": ""}, "Please enter a room code")
    await ben.refused("joinRoom", {"playerName": "Ben"}, "Missing field: roomCode")
    await ben.refused("joinRoom", {"playerName": 5, "roomCode": code},
                      "playerName must be a string")
    ack = await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": code.lower()})
    assert ack["roomCode"] == code and ack["playerNumber"] == 2
    state = await ana.wait_state(lambda s: len(s["players"]) == 2)
    assert [p["name"] for p in state["players"]] == ["Ana", "Ben"]
    assert state["isHost"] is True
    bstate = await ben.wait_state(lambda s: len(s["players"]) == 2)
    assert bstate["isHost"] is False and bstate["myPlayerNumber"] == 2
    # A private room holds 4.
    await ana.ok("addBot", {})
    await ana.ok("addBot", {})
    cat = await connect("cat")
    await cat.refused("joinRoom", {"playerName": "Cat", "roomCode": code}, "Room is full")
    await ana.refused("addBot", {}, "Room is full")


async def test_only_the_host_runs_the_waiting_room(connect) -> None:
    ana = await connect("ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    ben = await connect("ben")
    await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": code})
    await ben.refused("addBot", {}, "Only the host can add bots")
    await ben.refused("toggleGameMode", {"gameMode": "match"},
                      "Only the host can change the game mode")
    await ben.refused("reorderPlayers", {"playerOrder": []}, "Only the host can reorder players")
    await ben.refused("startGame", None, "Only the host can start the game")
    ack = await ana.ok("toggleGameMode", {"gameMode": "match"})
    assert ack["gameMode"] == "match"
    await ben.wait_state(lambda s: s["gameMode"] == "match" and s["totalHands"] == 2)
    await ana.ok("toggleGameMode", {})  # no payload: toggles
    await ben.wait_state(lambda s: s["gameMode"] == "game")
    await ana.refused("toggleGameMode", {"gameMode": "chess"}, "gameMode must be game or match")


async def test_reorder_players_in_a_four_player_room(connect) -> None:
    ana = await connect("ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    await ana.refused("reorderPlayers", {"playerOrder": [ana.seat["playerId"]]},
                      "Players can only be reordered in a 4-player room")
    ben = await connect("ben")
    await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": code})
    await ana.ok("addBot", {})
    await ana.ok("addBot", {"name": "Sir Robin"})
    state = await ana.wait_state(lambda s: len(s["players"]) == 4)
    ids = [p["id"] for p in state["players"]]
    assert state["players"][3]["name"] == "Sir Robin" and state["players"][3]["isBot"]
    await ana.refused("reorderPlayers", {"playerOrder": ids[:3]},
                      "playerOrder must list every player in the room exactly once")
    await ana.refused("reorderPlayers", {"playerOrder": [*ids[:3], ids[0]]},
                      "playerOrder must list every player in the room exactly once")
    await ana.refused("reorderPlayers", {"playerOrder": "abc"}, "playerOrder must be a list")
    new = [ids[2], ids[0], ids[3], ids[1]]
    await ana.ok("reorderPlayers", {"playerOrder": new})
    bstate = await ben.wait_state(lambda s: [p["id"] for p in s["players"]] == new)
    assert bstate["myPlayerNumber"] == 4
    assert [p["number"] for p in bstate["players"]] == [1, 2, 3, 4]


async def test_start_needs_two_players(connect) -> None:
    ana = await connect("ana")
    await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.refused("startGame", None, "Need at least 2 players to start")


async def test_public_list_updates_live(connect) -> None:
    browser = await connect("browser")
    ack = await browser.ok("getPublicGames")
    assert ack["games"] == []
    ana = await connect("ana")
    code = (await ana.ok("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": 2}))[
        "roomCode"
    ]

    def listing(c):
        lists = [d for e, d in c.events if e == "publicGamesUpdated"]
        return lists[-1] if lists else None

    await browser.wait_for(lambda c: bool(listing(c)), what="first public list")
    assert listing(browser) == [
        {"roomCode": code, "hostName": "Ana", "gameMode": "game", "constructed": False,
         "currentPlayers": 1,
         "desiredPlayers": 2, "status": "waiting", "turnClock": "off", "watching": 0}
    ]
    ben = await connect("ben")
    await ben.refused("joinPublicRoom", {"playerName": "Ben", "roomCode": "ABCDEF"},
                      "Room not found")
    await ben.ok("joinPublicRoom", {"playerName": "Ben", "roomCode": code})
    await browser.wait_for(lambda c: listing(c)[0]["currentPlayers"] == 2, what="2 players")
    assert listing(browser)[0]["status"] == "full"
    cat = await connect("cat")
    await cat.refused("joinPublicRoom", {"playerName": "Cat", "roomCode": code}, "Room is full")
    # Seated sockets stop getting the list; the browser keeps getting it.
    await ana.ok("toggleGameMode", {"gameMode": "match"})
    await browser.wait_for(lambda c: listing(c)[0]["gameMode"] == "match", what="mode")
    assert listing(ana) is None or listing(ana)[0]["gameMode"] == "game"
    # A private room never shows.
    dan = await connect("dan")
    await dan.ok("createRoom", {"playerName": "Dan"})
    assert [g["roomCode"] for g in (await browser.ok("getPublicGames"))["games"]] == [code]
    # Everyone leaves: the room closes and leaves the list.
    await ana.call("leaveRoom")
    await browser.wait_for(lambda c: listing(c)[0]["hostName"] == "Ben", what="host handover")
    await ben.call("leaveRoom")
    await browser.wait_for(lambda c: listing(c) == [], what="room closed")


async def test_public_room_sizes(connect) -> None:
    ana = await connect("ana")
    await ana.refused("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": 5},
                      "desiredPlayerCount must be 2, 3 or 4")
    await ana.refused("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": "4"},
                      "desiredPlayerCount must be a whole number")
    await ana.refused("createPublicRoom", {"playerName": "Ana", "desiredPlayerCount": True},
                      "desiredPlayerCount must be a whole number")
    ack = await ana.ok("createPublicRoom", {"playerName": "Ana"})
    state = await ana.wait_state(lambda s: s["roomCode"] == ack["roomCode"])
    assert state["desiredPlayerCount"] == 4 and state["isPublic"] is True


async def test_host_handover_and_room_closing(connect, hub: Hub) -> None:
    ana = await connect("ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    await ana.ok("addBot", {})
    ben = await connect("ben")
    await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": code})
    await ana.call("leaveRoom")
    state = await ben.wait_state(lambda s: len(s["players"]) == 2)
    assert state["isHost"] is True and state["hostId"] == ben.seat["playerId"]
    assert [p["name"] for p in state["players"]] == ["Arthur", "Ben"]
    await ben.ok("addBot", {})
    await ben.call("leaveRoom")
    assert code not in hub.rooms  # only bots were left
    cat = await connect("cat")
    await cat.refused("joinRoom", {"playerName": "Cat", "roomCode": code}, "Room not found")


async def test_creating_another_room_leaves_the_first(connect, hub: Hub) -> None:
    ana = await connect("ana")
    first = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    second = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    assert first != second and first not in hub.rooms and second in hub.rooms


async def test_disconnect_keeps_the_seat_and_rejoin_restores_it(connect) -> None:
    ana = await connect("ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    ben = await connect("ben")
    seat = await ben.ok("joinRoom", {"playerName": "Ben", "roomCode": code})
    await ben.close()
    state = await ana.wait_state(lambda s: not s["players"][1]["connected"])
    assert state["players"][1]["name"] == "Ben"
    again = await connect("ben again")
    await again.refused("rejoinRoom", {"roomCode": code, "playerId": seat["playerId"],
                                       "reconnectToken": "nope"},
                        "Cannot rejoin: this seat is not yours")
    await again.refused("rejoinRoom", {"roomCode": "QQQQQQ", "playerId": seat["playerId"],
                                       "reconnectToken": seat["reconnectToken"]},
                        "Room not found")
    await again.refused("rejoinRoom", {"roomCode": code}, "Missing field: playerId")
    ack = await again.ok("rejoinRoom", {"roomCode": code, "playerId": seat["playerId"],
                                        "reconnectToken": seat["reconnectToken"]})
    assert ack["playerId"] == seat["playerId"] and ack["reconnectToken"] == seat["reconnectToken"]
    mine = await again.wait_state(lambda s: s["roomCode"] == code)
    assert mine["myPlayerNumber"] == 2
    await ana.wait_state(lambda s: s["players"][1]["connected"])


async def test_rejoin_moves_the_seat_to_the_new_socket(connect) -> None:
    ana = await connect("ana")
    seat = await ana.ok("createRoom", {"playerName": "Ana"})
    tab = await connect("second tab")
    await tab.ok("rejoinRoom", {k: seat[k] for k in ("roomCode", "playerId", "reconnectToken")})
    await ana.refused("addBot", {}, "You are not in a room")
    await ana.wait_for(lambda c: ("error", {"message": SEAT_MOVED}) in c.events)
    await tab.ok("addBot", {})


async def test_bad_calls_keep_the_connection_working(connect, hub: Hub) -> None:
    ana = await connect("ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    before = repr(hub.rooms[code].seats)
    await ana.refused("noSuchEvent", {"x": 1}, "Unknown event: noSuchEvent")
    await ana.refused("addBot", "not an object", "Invalid payload: expected an object")
    await ana.refused("addBot", [1, 2], "Invalid payload: expected an object")
    await ana.refused("addBot", {"kind": "Cheater"}, "Unknown bot kind: Cheater")
    await ana.refused("addBot", {"name": "x" * 10_240},
                      "Invalid payload: text longer than 1000 characters")
    await ana.refused("createRoom", {"playerName": "x" * 10_240},
                      "Invalid payload: text longer than 1000 characters")
    await ana.refused("createRoom", {"playerName": "x" * 25}, "Name must be at most 24 characters")
    await ana.refused("joinRoom", {"playerName": "Ana", "roomCode": code},
                      "You are already in this room")
    await ana.refused("drawCard", {"source": "deck"}, "The game has not started yet")
    deep: dict = {}
    for _ in range(20):
        deep = {"a": deep}
    await ana.refused("addBot", deep, "Invalid payload: nested too deeply")
    assert repr(hub.rooms[code].seats) == before
    await ana.ok("addBot", {})
    outsider = await connect("outsider")
    await outsider.refused("drawCard", {"source": "deck"}, "You are not in a room")
    await outsider.refused("startGame", None, "You are not in a room")


async def test_polling_transport_works(connect) -> None:
    ana = await connect("ana", transport="polling")
    ack = await ana.ok("createRoom", {"playerName": "Ana"})
    await ana.wait_state(lambda s: s["roomCode"] == ack["roomCode"])


async def test_http_routes(server: TestServer, settings) -> None:
    from aiohttp import ClientSession

    async with ClientSession() as http:
        async with http.get(server.make_url("/api/health")) as r:
            assert r.status == 200 and (await r.json())["status"] == "ok"
        async with http.get(server.make_url("/api/auth/user")) as r:
            assert r.status == 401
        async with http.get(server.make_url("/api/nothing/here")) as r:
            assert r.status == 404 and (await r.json()) == {"message": "Not found"}
        async with http.get(server.make_url("/lobby")) as r:
            assert r.status == 404 and "make web" in await r.text()  # not built yet
        dist = settings.web_dist
        (dist / "assets").mkdir(parents=True)
        (dist / "index.html").write_text("<!doctype html><div id=root></div>")
        (dist / "assets" / "app.js").write_text("console.log(1)")
        for path in ("/", "/lobby", "/game", "/spire/map/7", "/no/such/page"):
            async with http.get(server.make_url(path)) as r:
                assert r.status == 200 and "id=root" in await r.text(), path
        async with http.get(server.make_url("/assets/app.js")) as r:
            assert r.status == 200 and await r.text() == "console.log(1)"
        async with http.get(server.make_url("/assets/missing.js")) as r:
            assert r.status == 404
        async with http.get(server.make_url("/../../etc/passwd")) as r:
            assert r.status in (200, 404)
            assert "root:" not in await r.text()


async def test_a_waiting_seat_left_without_connection_is_given_up(start_server, connect_to,
                                                                   ) -> None:
    server = await start_server(absence_seconds=0.2)
    browser = await connect_to(server, "browser")
    ana = await connect_to(server, "ana")
    code = (await ana.ok("createPublicRoom", {"playerName": "Ana"}))["roomCode"]
    ben = await connect_to(server, "ben")
    await ben.ok("joinPublicRoom", {"playerName": "Ben", "roomCode": code})
    await ana.close()
    state = await ben.wait_state(lambda s: len(s["players"]) == 1, timeout=3)
    assert state["isHost"] and state["players"][0]["name"] == "Ben"
    await ben.close()

    def listed(c) -> list:
        lists = [d for e, d in c.events if e == "publicGamesUpdated"]
        return lists[-1] if lists else [1]

    await browser.wait_for(lambda c: listed(c) == [], timeout=3, what="stale room closed")


async def test_another_rooms_ids_are_refused(connect, hub: Hub) -> None:
    ana = await connect("ana")
    code = (await ana.ok("createRoom", {"playerName": "Ana"}))["roomCode"]
    for _ in range(3):
        await ana.ok("addBot", {"kind": "RandomBot"})
    zed = await connect("zed")
    other = await zed.ok("createRoom", {"playerName": "Zed"})
    state = await ana.wait_state(lambda s: len(s["players"]) == 4)
    ids = [p["id"] for p in state["players"]]
    await ana.refused("reorderPlayers", {"playerOrder": [other["playerId"], *ids[1:]]},
                      "playerOrder must list every player in the room exactly once")
    # Another room's seat cannot be taken with a token of this room, nor the other way round.
    await zed.refused("rejoinRoom", {"roomCode": code, "playerId": other["playerId"],
                                     "reconnectToken": other["reconnectToken"]},
                      "Cannot rejoin: this seat is not yours")
    await zed.refused("rejoinRoom", {"roomCode": other["roomCode"], "playerId": ids[0],
                                     "reconnectToken": ana.seat["reconnectToken"]},
                      "Cannot rejoin: this seat is not yours")
    assert [s.player_id for s in hub.rooms[code].seats] == ids
    assert [s.bot_kind for s in hub.rooms[code].seats[1:]] == ["RandomBot"] * 3


async def test_the_store_keeps_no_usable_token(connect, hub: Hub) -> None:
    ana = await connect("ana")
    seat = await ana.ok("createRoom", {"playerName": "Ana"})
    rows = list(hub.storage.Seat.select())
    assert rows and all(seat["reconnectToken"] not in r.reconnect_token for r in rows)
    assert hub.rooms[seat["roomCode"]].seats[0].reconnect_token != seat["reconnectToken"]


def test_the_server_serves_the_checkouts_web_build_by_default(monkeypatch: pytest.MonkeyPatch,
                                                             ) -> None:
    """`make run` builds web/dist beside the packages and starts the server without settings:
    the default must be that folder (the one whose index.html is the Vite entry page)."""
    from kingdom_server.core.settings import Settings

    monkeypatch.delenv("KINGDOM_WEB_DIST", raising=False)
    default = Settings().web_dist
    assert default.name == "dist"
    assert (default.parent / "index.html").is_file()
    assert (default.parent / "src").is_dir()
