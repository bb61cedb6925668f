"""Constructed collections and decks through real HTTP on loopback: every call with good and
bad input, ownership, the collection limit, initialising twice, administrators, deck codes."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from aiohttp.test_utils import TestServer

import kingdom_rules as kr
from kingdom_rules.cards import DECK
from kingdom_server.accounts import COOKIE
from kingdom_server.core.hub import Hub
from tests.server.browsers import Browser
from tests.server.helpers import Client
from tests.server.play import play_until


@pytest.fixture
async def browsers(server: TestServer) -> AsyncIterator[Callable[[], Browser]]:
    made: list[Browser] = []

    def make() -> Browser:
        b = Browser(server)
        made.append(b)
        return b

    yield make
    for b in made:
        await b.http.close()


async def signed_in(make: Callable[[], Browser], name: str) -> Browser:
    b = make()
    await b.register(name)
    return b


def legal_list() -> str:
    """30 cards: 2 of each number rank in hearts and clubs... 20 numbers + 10 royals."""
    lines = [f"1 {r}{s}" for s in "HC" for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9",
                                                    "10")]
    lines += [f"2 {r}{s}" for s in "HC" for r in ("J", "Q")] + ["1 KH", "1 KC"]
    return "\n".join(lines)


async def test_signed_out_calls_answer_401(browsers: Callable[[], Browser]) -> None:
    b = browsers()
    for method, path in [("GET", "/api/collection"), ("POST", "/api/collection/initialize"),
                         ("PATCH", "/api/collection/update"), ("GET", "/api/decks"),
                         ("POST", "/api/decks"), ("DELETE", "/api/decks/x"),
                         ("GET", "/api/decks/x/cards"), ("PATCH", "/api/decks/x/cards")]:
        status, data, _ = await b.call(method, path, {})
        assert (status, data) == (401, {"message": "Unauthorized"}), (method, path)


async def test_initialize_gives_four_of_each_face_once(browsers: Callable[[], Browser]) -> None:
    b = await signed_in(browsers, "Alice")
    assert (await b.call("GET", "/api/collection"))[:2] == (200, [])
    status, data, _ = await b.call("POST", "/api/collection/initialize")
    assert status == 201 and data["initialized"] is True
    assert len(data["collection"]) == 54
    assert {e["quantity"] for e in data["collection"]} == {4}
    assert {(e["cardRank"], e["cardSuit"]) for e in data["collection"]} == {
        (c.rank, c.suit) for c in DECK
    }
    status, again, _ = await b.call("POST", "/api/collection/initialize")
    assert status == 200 and again["initialized"] is False
    assert again["collection"] == data["collection"]
    # Another account's collection is its own.
    other = await signed_in(browsers, "Bob")
    assert (await other.call("GET", "/api/collection"))[:2] == (200, [])


async def test_decks_create_list_delete_and_validation(browsers: Callable[[], Browser]) -> None:
    b = await signed_in(browsers, "Alice")
    await b.call("POST", "/api/collection/initialize")
    for body, message in [
        ({}, "A deck needs a name"),
        ({"name": "   "}, "A deck needs a name"),
        ({"name": 5}, "A deck needs a name"),
        ({"name": "x" * 101}, "A deck name is at most 100 characters"),
        ({"name": "ok", "description": "d" * 501},
         "A description is a text of at most 500 characters"),
        ({"name": "ok", "code": "nonsense"}, "Not a deck code"),
        ({"name": "bad\ud800"}, "A deck name contains a character that is not valid Unicode"),
        ({"name": "a\x00b"}, "A deck name contains a control character"),
        ({"name": "evil\u202egpj.exe"}, "A deck name contains a text direction control character"),
        ({"name": "ok", "description": "lone \udfff"},
         "A description contains a character that is not valid Unicode"),
        ({"name": "ok", "description": "bell\x07"}, "A description contains a control character"),
        ({"name": "ok", "description": "\u2067isolate"},
         "A description contains a text direction control character"),
        ({"name": "ok", "code": "K1-0", "list": "1 QH"},
         "Give a deck code or a deck list, not both"),
    ]:
        status, data, _ = await b.call("POST", "/api/decks", body)
        assert (status, data) == (400, {"message": message}), body
    status, data, _ = await b.call("POST", "/api/decks", [1])
    assert (status, data) == (400, {"message": "Expected a JSON object"})
    assert (await b.call("GET", "/api/decks"))[:2] == (200, [])

    status, deck, _ = await b.call("POST", "/api/decks",
                                   {"name": "n" * 100, "description": "d" * 500})
    assert status == 201 and deck["name"] == "n" * 100 and deck["size"] == 0
    assert deck["isLegal"] is False
    assert deck["problem"] == kr.deck_problem(kr.Deck(()))
    status, decks, _ = await b.call("GET", "/api/decks")
    assert [d["id"] for d in decks] == [deck["id"]]
    assert (await b.call("DELETE", f"/api/decks/{deck['id']}"))[0] == 204
    assert (await b.call("GET", "/api/decks"))[:2] == (200, [])
    status, data, _ = await b.call("DELETE", f"/api/decks/{deck['id']}")
    assert (status, data) == (404, {"message": "Deck not found"})


async def test_adding_and_removing_cards_with_the_collection_limit(
    browsers: Callable[[], Browser],
) -> None:
    b = await signed_in(browsers, "Alice")
    _, deck, _ = await b.call("POST", "/api/decks", {"name": "Mine"})
    path = f"/api/decks/{deck['id']}/cards"
    # No collection yet: not a single copy may be added.
    status, data, _ = await b.call("PATCH", path,
                                   {"cardRank": "Q", "cardSuit": "hearts", "quantity": 1})
    assert (status, data) == (400, {"message": "You already have all 0 copies in your deck"})
    await b.call("POST", "/api/collection/initialize")
    for q in (1, 2, 3, 4):
        status, data, _ = await b.call("PATCH", path,
                                       {"cardRank": "Q", "cardSuit": "hearts", "quantity": q})
        assert status == 200 and data["cards"] == [
            {"cardRank": "Q", "cardSuit": "hearts", "quantity": q}
        ]
    status, data, _ = await b.call("PATCH", path,
                                   {"cardRank": "Q", "cardSuit": "hearts", "quantity": 5})
    assert (status, data) == (400, {"message": "You already have all 4 copies in your deck"})
    for body, message in [
        ({"cardRank": "Q", "cardSuit": "hearts", "quantity": -1}, "quantity cannot be below 0"),
        ({"cardRank": "Q", "cardSuit": "hearts", "quantity": 1.5}, "quantity is a whole number"),
        ({"cardRank": "Q", "cardSuit": "hearts", "quantity": True}, "quantity is a whole number"),
        ({"cardRank": "Q", "cardSuit": "hearts"}, "quantity is a whole number"),
        ({"cardRank": "Z", "cardSuit": "hearts", "quantity": 1}, "No such card: Z of hearts"),
        ({"cardRank": "Q" * 11, "cardSuit": "hearts", "quantity": 1},
         "cardRank is a text of 1 to 10 characters"),
        ({"cardRank": "Q", "cardSuit": "h" * 21, "quantity": 1},
         "cardSuit is a text of 1 to 20 characters"),
        ({"cardRank": "JOKER", "cardSuit": "hearts", "quantity": 1},
         "No such card: JOKER of hearts"),
    ]:
        status, data, _ = await b.call("PATCH", path, body)
        assert (status, data) == (400, {"message": message}), body
    # Nothing changed by the refusals.
    status, cards, _ = await b.call("GET", path)
    assert (status, cards) == (200, [{"cardRank": "Q", "cardSuit": "hearts", "quantity": 4}])
    status, data, _ = await b.call("PATCH", path,
                                   {"cardRank": "Q", "cardSuit": "hearts", "quantity": 0})
    assert status == 200 and data["cards"] == [] and data["size"] == 0
    status, data, _ = await b.call(
        "PATCH", path, {"cardRank": "JOKER", "cardSuit": "red-joker", "quantity": 2})
    assert status == 200 and data["cards"] == [
        {"cardRank": "JOKER", "cardSuit": "red-joker", "quantity": 2}]


async def test_a_deck_belongs_to_its_owner(browsers: Callable[[], Browser]) -> None:
    alice = await signed_in(browsers, "Alice")
    bob = await signed_in(browsers, "Bob")
    for b in (alice, bob):
        await b.call("POST", "/api/collection/initialize")
    _, deck, _ = await alice.call("POST", "/api/decks", {"name": "Alice's", "list": legal_list()})
    path = f"/api/decks/{deck['id']}"
    for method, p, body in [("GET", path, None), ("GET", path + "/cards", None),
                            ("PATCH", path + "/cards",
                             {"cardRank": "Q", "cardSuit": "hearts", "quantity": 1}),
                            ("DELETE", path, None)]:
        status, data, _ = await bob.call(method, p, body)
        assert (status, data) == (404, {"message": "Deck not found"}), (method, p)
    assert (await bob.call("GET", "/api/decks"))[:2] == (200, [])
    status, still, _ = await alice.call("GET", path)
    assert status == 200 and still["size"] == 30 and still["cards"] == deck["cards"]


async def test_legality_and_deck_codes(browsers: Callable[[], Browser]) -> None:
    b = await signed_in(browsers, "Alice")
    await b.call("POST", "/api/collection/initialize")
    status, deck, _ = await b.call("POST", "/api/decks", {"name": "Legal", "list": legal_list()})
    assert status == 201, deck
    value = kr.Deck.parse(legal_list())
    assert deck["size"] == 30 and deck["isLegal"] is True and deck["problem"] is None
    assert deck["code"] == value.code() and kr.Deck.parse(deck["list"]) == value
    # The code imports the same deck.
    status, copy, _ = await b.call("POST", "/api/decks", {"name": "Copy", "code": deck["code"]})
    assert status == 201 and copy["cards"] == deck["cards"] and copy["isLegal"] is True
    # A mistyped code (one character changed) is refused, not read as another deck.
    code = deck["code"]
    typo = code[:5] + ("X" if code[5] != "X" else "Y") + code[6:]
    before = (await b.call("GET", "/api/decks"))[1]
    status, data, _ = await b.call("POST", "/api/decks", {"name": "Typo", "code": typo})
    assert (status, data) == (400, {"message": "Not a deck code"})
    assert (await b.call("GET", "/api/decks"))[1] == before
    # Removing a number card makes it illegal with the library's reason.
    status, data, _ = await b.call("PATCH", f"/api/decks/{deck['id']}/cards",
                                   {"cardRank": "A", "cardSuit": "hearts", "quantity": 0})
    smaller = kr.Deck(tuple((c, k) for c, k in value.entries if c.short != "AH"))
    assert data["isLegal"] is False and data["problem"] == kr.deck_problem(smaller)
    # A list asking for more than the collection holds is refused, nothing created.
    status, data, _ = await b.call("POST", "/api/decks", {"name": "Big", "list": "5 QH"})
    assert (status, data) == (
        400, {"message": "The deck holds 5 of QH but your collection has only 4"})
    status, data, _ = await b.call("POST", "/api/decks", {"name": "Bad", "list": "1 ZZ"})
    assert status == 400 and data["message"]
    assert len((await b.call("GET", "/api/decks"))[1]) == 2


async def test_only_administrators_update_a_collection(
    start_server: Callable[..., Awaitable[TestServer]],
) -> None:
    server = await start_server(admin_usernames=frozenset({"Root"}))
    player, admin = Browser(server), Browser(server)
    try:
        await player.register("Mallory")
        body: dict[str, Any] = {"cardRank": "Q", "cardSuit": "hearts", "quantity": 9}
        status, data, _ = await player.call("PATCH", "/api/collection/update", body)
        assert (status, data) == (403, {"message": "Only an administrator may change a "
                                                   "collection"})
        assert (await player.call("GET", "/api/collection"))[1] == []
        await admin.register("root")
        status, data, _ = await admin.call("PATCH", "/api/collection/update", body)
        assert status == 200 and data == [{"cardRank": "Q", "cardSuit": "hearts",
                                           "quantity": 9, "id": "hearts-Q",
                                           "name": "Queen of Hearts",
                                           "suitName": "Hearts", "cost": 2}]
        status, data, _ = await admin.call("PATCH", "/api/collection/update",
                                           {**body, "quantity": -1})
        assert (status, data) == (400, {"message": "quantity cannot be below 0"})
    finally:
        await player.http.close()
        await admin.http.close()


async def test_cross_origin_writes_are_refused(browsers: Callable[[], Browser]) -> None:
    b = await signed_in(browsers, "Alice")
    headers = {"Origin": "https://evil.example"}
    status, _, _ = await b.call("POST", "/api/collection/initialize", headers=headers)
    assert status == 403
    status, _, _ = await b.call("POST", "/api/decks", {"name": "x"}, headers=headers)
    assert status == 403
    assert (await b.call("GET", "/api/collection"))[1] == []
    assert (await b.call("GET", "/api/decks"))[1] == []


async def test_deleting_the_account_forgets_collection_and_decks(
    browsers: Callable[[], Browser],
) -> None:
    b = await signed_in(browsers, "Alice")
    await b.call("POST", "/api/collection/initialize")
    await b.call("POST", "/api/decks", {"name": "Legal", "list": legal_list()})
    status, data, _ = await b.call("DELETE", "/api/auth/user",
                                   {"password": "correct horse battery"})
    assert status in (200, 204), data
    again = await signed_in(browsers, "Alice")
    assert (await again.call("GET", "/api/collection"))[1] == []
    assert (await again.call("GET", "/api/decks"))[1] == []


# -- Constructed games over sockets ------------------------------------------------------------


class SignedClient(Client):
    """A socket.io client that connects with a browser's session cookie."""

    def __init__(self, url: str, name: str, cookie: str) -> None:
        super().__init__(url, name)
        self.cookie = cookie

    async def connect(self, transport: str = "websocket") -> Client:
        await self.sio.connect(self.url, transports=[transport], wait_timeout=5,
                               headers={"Cookie": f"{COOKIE}={self.cookie}"})
        return self


async def player_with_deck(
    server: TestServer, make: Callable[[], Browser], name: str
) -> tuple[Browser, SignedClient, dict[str, Any]]:
    b = await signed_in(make, name)
    await b.call("POST", "/api/collection/initialize")
    _, deck, _ = await b.call("POST", "/api/decks", {"name": f"{name}'s deck",
                                                      "list": legal_list()})
    token = b.token()
    assert token is not None
    client = SignedClient(str(server.make_url("/")), name, token)
    await client.connect()
    return b, client, deck


def finished(state: dict[str, Any]) -> bool:
    return bool(state["phase"] == "finished")


async def test_a_constructed_game_between_two_players_decks(
    server: TestServer, browsers: Callable[[], Browser], hub: Hub
) -> None:
    alice, ana, ana_deck = await player_with_deck(server, browsers, "Alice")
    bob, ben, ben_deck = await player_with_deck(server, browsers, "Bob")
    try:
        code = (await ana.ok("createRoom", {"constructed": True}))["roomCode"]
        assert ana.state["constructed"] is True and ana.state["setupType"] == "constructed"
        await ben.ok("joinRoom", {"roomCode": code})
        await ana.refused("startGame", None,
                          "Every player must choose a legal deck first: Alice")
        # Only one's own, legal deck.
        await ben.refused("chooseDeck", {"deckId": ana_deck["id"]}, "Deck not found")
        await ben.refused("chooseDeck", {"deckId": "nope"}, "Deck not found")
        _, empty, _ = await bob.call("POST", "/api/decks", {"name": "Empty"})
        await ben.refused("chooseDeck", {"deckId": empty["id"]}, empty["problem"])
        await ben.refused("chooseDeck", {}, None)
        assert await ana.ok("chooseDeck", {"deckId": ana_deck["id"]}) == {
            "success": True, "error": None, "deckName": "Alice's deck", "size": 30}
        await ana.refused("startGame", None, "Every player must choose a legal deck first: Bob")
        await ben.ok("chooseDeck", {"deckId": ben_deck["id"]})
        await ana.wait_state(lambda s: all(p["hasDeck"] for p in s["players"]),
                             what="both decks chosen")
        await ana.ok("startGame")
        for c in (ana, ben):
            await c.wait_state(lambda s: s["phase"] != "waiting", what="game start")
        state = ana.state
        assert state["setupType"] == "constructed"
        # Each seat draws from its own pile of its own deck's copies.
        assert all(isinstance(p["pileCount"], int) for p in state["players"])
        mine = [c["id"] for c in state["myHand"]]
        assert mine and all("@p1." in i for i in mine)
        await asyncio.gather(play_until(ana, finished, random.Random(1), timeout=120),
                             play_until(ben, finished, random.Random(2), timeout=120))
        final = await ana.wait_state(finished)
        assert final["outcome"]["winners"]
        # The game is stored with its setup: the log replays to the same state.
        room = hub.rooms.get(code)
        assert room is not None and room.state is not None and room.game_id is not None
        record = hub.storage.game_record(room.game_id)
        assert record is not None and isinstance(record.setup, kr.ConstructedSetup)
        assert record.setup == room.state.setup
        replayed = kr.replay(record.seed, record.player_count, record.mode, record.actions,
                             setup=record.setup)
        assert replayed.phase == room.state.phase and replayed.outcome == room.state.outcome
        # Each player's match history names it a Constructed game (a casual room, no ladder).
        for b in (alice, bob):
            _, me, _ = await b.call("GET", "/api/auth/user")
            status, history, _ = await b.call("GET", f"/api/matches/{me['id']}")
            assert status == 200 and len(history) == 1
            assert (history[0]["gameMode"], history[0]["format"]) == ("casual", "constructed")
            assert history[0]["ratingChange"] == 0 and history[0]["seasonId"] is None
    finally:
        await ana.close()
        await ben.close()


async def test_bots_bring_prebuilt_decks_and_guests_cannot_choose(
    server: TestServer, connect: Callable[..., Awaitable[Client]], hub: Hub
) -> None:
    guest = await connect("Guest")
    code = (await guest.ok("createRoom", {"playerName": "Gus", "constructed": True}))["roomCode"]
    await guest.ok("addBot", {})
    bot = guest.state["players"][1]
    assert bot["hasDeck"] is True and bot["deckName"] in kr.PREBUILT_DECKS
    await guest.refused("chooseDeck", {"deckId": "x"}, "Sign in to play your own deck")
    await guest.refused("startGame", None, "Every player must choose a legal deck first: Gus")
    room = hub.rooms.get(code)
    assert room is not None and room.state is None
    await guest.refused("createRoom", {"constructed": "yes"}, None)


async def test_a_constructed_room_and_game_survive_a_restart(
    start_server: Callable[..., Awaitable[TestServer]],
) -> None:
    from tests.server.test_restart import comparable

    first = await start_server()
    maker = Browser(first)
    try:
        await maker.register("Alice")
        await maker.call("POST", "/api/collection/initialize")
        _, deck, _ = await maker.call("POST", "/api/decks", {"name": "Mine", "list": legal_list()})
        token = maker.token()
        assert token is not None
        ana = await SignedClient(str(first.make_url("/")), "Alice", token).connect()
        seat = await ana.ok("createRoom", {"constructed": True})
        await ana.ok("addBot", {})
        await ana.ok("chooseDeck", {"deckId": deck["id"]})
        await ana.close()
    finally:
        await maker.http.close()
    await first.close()

    # The deck choices are stored with the room's seats.
    second = await start_server()
    back = await Client(str(second.make_url("/")), "again").connect()
    try:
        keys = {k: seat[k] for k in ("roomCode", "playerId", "reconnectToken")}
        await back.ok("rejoinRoom", keys)
        waiting = await back.wait_state(lambda s: s["phase"] == "waiting")
        assert [(p["hasDeck"], p["deckName"]) for p in waiting["players"]] == [
            (True, "Mine"), (True, waiting["players"][1]["deckName"])]
        await back.ok("startGame")
        await back.wait_state(lambda s: s["phase"] != "waiting")
        await play_until(back, lambda s: s["phase"] == "playing" and s["round"] >= 2,
                         random.Random(5))
        before = comparable(back.state)
        assert before["round"] >= 2 and before["players"][0]["pileCount"] < 30 - 4 - 2
    finally:
        await back.close()
    await second.close()

    # The game replays from its stored setup: the same decks, piles and revealed pairs.
    third = await start_server()
    again = await Client(str(third.make_url("/")), "third").connect()
    try:
        await again.ok("rejoinRoom", keys)
        state = await again.wait_state(lambda s: s["phase"] != "waiting")
        assert state["setupType"] == "constructed"
        assert comparable(state) == before
    finally:
        await again.close()


async def test_the_library_says_which_card_cannot_go_in(
    browsers: Callable[[], Browser],
) -> None:
    """A third Hero, a fifth copy, a 61st card: refused with the library's reason (R34), and
    the deck names every face that cannot take another copy (`refused`)."""
    b = await signed_in(browsers, "Alice")
    await b.call("POST", "/api/collection/initialize")
    _, deck, _ = await b.call("POST", "/api/decks", {"name": "Heroes"})
    path = f"/api/decks/{deck['id']}/cards"
    _, data, _ = await b.call(
        "PATCH", path, {"cardRank": "JOKER", "cardSuit": "red-joker", "quantity": 2})
    assert {(r["cardSuit"], r["reason"]) for r in data["refused"]} == {
        ("red-joker", "At most 2 Heroes in a deck (R34)"),
        ("black-joker", "At most 2 Heroes in a deck (R34)"),
    }
    status, refused, _ = await b.call(
        "PATCH", path, {"cardRank": "JOKER", "cardSuit": "black-joker", "quantity": 1})
    assert (status, refused) == (400, {"message": "At most 2 Heroes in a deck (R34)"})
    status, refused, _ = await b.call(
        "PATCH", path, {"cardRank": "JOKER", "cardSuit": "red-joker", "quantity": 3})
    assert (status, refused) == (400, {"message": "At most 2 Heroes in a deck (R34)"})
    # Every broken limit is listed, the first one is `problem`.
    assert data["problems"] == kr.deck_problems(kr.Deck.parse("2 RJ"), None)
    assert data["problem"] == data["problems"][0] and len(data["problems"]) == 2
    # The collection entries carry the library's words for each face.
    _, have, _ = await b.call("GET", "/api/collection")
    named = {(e["name"], e["suitName"], e["cost"]) for e in have}
    assert ("Red Hero", "Heroes", 4) in named and ("Queen of Hearts", "Hearts", 2) in named
    assert ("7 of Clubs", "Clubs", 0) in named
    # A full deck takes no more cards.
    for suit in ("hearts", "diamonds", "clubs", "spades"):
        for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "A", "J", "Q", "K"):
            if data["size"] >= 60:
                break
            quantity = min(4, 60 - data["size"])
            status, data, _ = await b.call(
                "PATCH", path, {"cardRank": rank, "cardSuit": suit, "quantity": quantity})
            assert status == 200, data
    assert data["size"] == 60
    status, refused, _ = await b.call(
        "PATCH", path, {"cardRank": "A", "cardSuit": "spades", "quantity": 1})
    assert (status, refused) == (400, {"message": "The deck is full: at most 60 cards (R34)"})
