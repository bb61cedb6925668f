"""Spire over real HTTP and sockets on loopback: every /api/spire call and its refusals, a
fight on the real table applied to the run once, a run across a restart (also mid-fight),
guests' cookie and expiry, signed-in statistics."""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path
from typing import Any

from aiohttp.test_utils import TestServer

import kingdom_rules as kr
from kingdom_rules.spire import SUIT_PERKS
from kingdom_server.spire import GUEST_COOKIE
from tests.server.browsers import PASSWORD, Browser
from tests.server.play import play_until


async def start(b: Browser, suit: str = "hearts") -> dict[str, Any]:
    status, run, resp = await b.call("POST", "/api/spire/start-run")
    assert status == 200, run
    assert run["phase"] == "deck-selection" and "seed" not in run
    assert run["suitPerks"] == SUIT_PERKS  # the library's words (R39)
    status, run, _ = await b.call("POST", f"/api/spire/select-starter-deck/{run['id']}",
                                  {"suit": suit})
    assert status == 200, run
    return run


async def first_node(b: Browser, run_id: str) -> dict[str, Any]:
    status, m, _ = await b.call("GET", f"/api/spire/map/{run_id}")
    assert status == 200
    open_ = [n for n in m["nodes"] if n["isAccessible"]]
    assert open_ and all(n["floor"] == 1 and n["nodeType"] == "combat" for n in open_)
    return open_[0]


async def test_calls_and_refusals_change_nothing(server: TestServer) -> None:
    b = Browser(server)
    try:
        status, active, _ = await b.call("GET", "/api/spire/active-run")
        assert (status, active) == (200, None)
        status, stats, _ = await b.call("GET", "/api/spire/stats")
        assert stats == {"totalVictories": 0, "totalRuns": 0, "highestFloor": 0,
                         "highestScore": 0}
        status, run, resp = await b.call("POST", "/api/spire/start-run")
        assert status == 200
        cookie = resp.headers["Set-Cookie"]
        assert GUEST_COOKIE in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
        rid = run["id"]
        # A second run while one is active is refused.
        assert (await b.call("POST", "/api/spire/start-run"))[0] == 409
        # Entering a node before choosing a suit: refused, nothing changed.
        status, err, _ = await b.call("POST", f"/api/spire/enter-node/{rid}", {"nodeIndex": 0})
        assert status == 409 and err["message"]
        for bad in ({"suit": "stars"}, {}, {"suit": 3}):
            status, err, _ = await b.call("POST", f"/api/spire/select-starter-deck/{rid}", bad)
            assert status in (400, 409) and err["message"]
        assert (await b.call("GET", f"/api/spire/run/{rid}"))[1] == run
        status, run, _ = await b.call("POST", f"/api/spire/select-starter-deck/{rid}",
                                      {"suit": "clubs"})
        assert run["phase"] == "map" and run["maxHP"] == 60 and len(run["deck"]) == 6
        assert (await b.call("POST", f"/api/spire/select-starter-deck/{rid}",
                             {"suit": "hearts"}))[0] == 409
        # Wrong phase for rest, shop, reward, event; an unconnected node; bad bodies.
        for path, body in (("rest", {"action": "rest"}), ("shop", {"kind": "leave"}),
                           ("choose-reward", {"card": None}), ("answer-event", {"choice": 0}),
                           ("enter-node", {"nodeIndex": 10_000}), ("fight", None)):
            status, err, _ = await b.call("POST", f"/api/spire/{path}/{rid}", body)
            assert status == 409 and err["message"], (path, status, err)
        for path, body in (("enter-node", {"nodeIndex": "x"}), ("rest", {"action": "nap"}),
                           ("shop", {"kind": "steal"})):
            assert (await b.call("POST", f"/api/spire/{path}/{rid}", body))[0] == 400
        assert (await b.call("GET", f"/api/spire/run/{rid}"))[1] == run
        # Another person (another cookie) sees no such run.
        other = Browser(server)
        try:
            for method, path in (("GET", f"/api/spire/run/{rid}"), ("GET", f"/api/spire/map/{rid}"),
                                 ("POST", f"/api/spire/abandon-run/{rid}")):
                status, err, _ = await other.call(method, path)
                assert status == 404 and err == {"message": "Run not found"}
            assert (await other.call("GET", "/api/spire/active-run"))[1] is None
        finally:
            await other.http.close()
        assert (await b.call("GET", "/api/spire/active-run"))[1]["id"] == rid
        status, run, _ = await b.call("POST", f"/api/spire/abandon-run/{rid}")
        assert run["phase"] == "abandoned" and run["isOver"]
        assert (await b.call("POST", f"/api/spire/abandon-run/{rid}"))[0] == 409
        assert (await b.call("GET", "/api/spire/active-run"))[1] is None
        assert (await b.call("GET", "/api/spire/stats"))[1]["totalRuns"] == 0  # guests: none
    finally:
        await b.http.close()


async def play_fight(server: TestServer, connect_to: Any, fight: dict[str, Any]) -> None:
    c = await connect_to(server, "runner")
    await c.ok("rejoinRoom", {k: fight[k] for k in ("roomCode", "playerId", "reconnectToken")})
    await c.wait_state(lambda s: s["phase"] != "waiting")
    await play_until(c, lambda s: s["phase"] in ("finished", "handComplete"),
                     random.Random(5), timeout=90, skip=("readyForNextHand",))
    await c.close()


async def test_a_fight_on_the_table_is_applied_once_and_survives_restarts(
        start_server: Any, connect_to: Any, tmp_path: Path) -> None:
    first = await start_server()
    b = Browser(first)
    run = await start(b)
    rid = run["id"]
    node = await first_node(b, rid)
    status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}",
                                  {"nodeIndex": node["id"]})
    assert status == 200 and run["phase"] == "combat", run
    assert "seed" not in run["combat"] and "setup" not in run["combat"]
    fight = run["fight"]
    # While fighting, the map and other rooms are closed to the runner.
    assert (await b.call("POST", f"/api/spire/enter-node/{rid}", {"nodeIndex": 0}))[0] == 409
    cookies = {c.key: c.value for c in b.http.cookie_jar}
    await b.http.close()
    await first.close()

    # Restart mid-fight: the run still waits on the same room; a fresh seat key is given.
    second = await start_server()
    b = Browser(second)
    b.http.cookie_jar.update_cookies(cookies, second.make_url("/"))
    status, run, _ = await b.call("GET", f"/api/spire/run/{rid}")
    assert status == 200 and run["phase"] == "combat"
    status, again, _ = await b.call("POST", f"/api/spire/fight/{rid}")
    assert again["fight"]["roomCode"] == fight["roomCode"]
    await play_fight(second, connect_to, again["fight"])
    for _ in range(50):
        status, run, _ = await b.call("GET", f"/api/spire/run/{rid}")
        if run["phase"] != "combat":
            break
        await asyncio_sleep()
    assert run["phase"] in ("reward", "map", "lost"), run
    won = run["phase"] == "reward"
    assert run["fightsWon"] + run["fightsLost"] == 1
    if won:
        status, run, _ = await b.call("POST", f"/api/spire/choose-reward/{rid}", {"card": None})
        assert run["phase"] == "map"
    status, m, _ = await b.call("GET", f"/api/spire/map/{rid}")
    assert [n["id"] for n in m["nodes"] if n["isCompleted"]] == [node["id"]]
    assert m["currentNodeIndex"] == node["id"]
    after = run
    await b.http.close()
    await second.close()

    # A third start replays the finished hand and never applies its result again.
    third = await start_server()
    b = Browser(third)
    b.http.cookie_jar.update_cookies(cookies, third.make_url("/"))
    status, run, _ = await b.call("GET", f"/api/spire/run/{rid}")
    assert run == after
    await b.http.close()


async def asyncio_sleep() -> None:
    import asyncio
    await asyncio.sleep(0.1)


async def test_guest_runs_idle_for_seven_days_are_deleted(start_server: Any,
                                                          tmp_path: Path) -> None:
    srv = await start_server()
    b = Browser(srv)
    run = await start(b)
    rid = run["id"]
    from kingdom_server.core.keys import storage_key
    from kingdom_server.spire import SpireRun
    storage = srv.app[storage_key]
    R = storage.tables[SpireRun]
    R.update(updated_at=dt.datetime.now(dt.UTC).replace(tzinfo=None)
             - dt.timedelta(days=6, hours=23)).where(R.id == rid).execute()
    assert (await b.call("GET", f"/api/spire/run/{rid}"))[0] == 200
    R.update(updated_at=dt.datetime.now(dt.UTC).replace(tzinfo=None)
             - dt.timedelta(days=7, minutes=1)).where(R.id == rid).execute()
    assert (await b.call("GET", "/api/spire/active-run"))[1] is None
    status, err, _ = await b.call("GET", f"/api/spire/run/{rid}")
    assert status == 404 and err == {"message": "Run not found"}
    assert R.get_or_none(R.id == rid) is None
    await b.http.close()


async def test_signed_in_statistics(server: TestServer) -> None:
    b = Browser(server)
    try:
        await b.register("Runner")
        run = await start(b, "spades")
        assert len(run["deck"]) == 7
        status, stats, _ = await b.call("GET", "/api/spire/stats")
        assert stats["totalRuns"] == 1
        status, run, _ = await b.call("POST", f"/api/spire/abandon-run/{run['id']}")
        assert run["isOver"]
        stats = (await b.call("GET", "/api/spire/stats"))[1]
        assert stats == {"totalVictories": 0, "totalRuns": 1, "highestFloor": 0,
                         "highestScore": run["score"]}
        # Abandoning again writes nothing twice.
        assert (await b.call("POST", f"/api/spire/abandon-run/{run['id']}"))[0] == 409
        assert (await b.call("GET", "/api/spire/stats"))[1] == stats
        # A second run; deleting the account takes the runs and the totals with it.
        second = await start(b)
        from kingdom_server.core.keys import storage_key
        from kingdom_server.spire import SpireRun, SpireStats
        tables = server.app[storage_key].tables
        assert tables[SpireRun].select().count() == 2
        status, _, _ = await b.call("DELETE", "/api/auth/user", {"password": PASSWORD})
        assert status == 204
        assert tables[SpireRun].select().count() == 0
        assert tables[SpireStats].select().count() == 0
        assert (await b.call("GET", f"/api/spire/run/{second['id']}"))[0] == 404
    finally:
        await b.http.close()


def _put(srv: TestServer, rid: str, run: Any) -> None:
    """Place the stored run where a test needs it (reached by the library's own transitions)."""
    import json

    from kingdom_server.core.keys import storage_key
    from kingdom_server.spire import SpireRun
    R = srv.app[storage_key].tables[SpireRun]
    R.update(data=json.dumps(run.to_json()), phase=run.phase).where(R.id == rid).execute()


def _parent(run: Any, kind: str) -> tuple[int, int]:
    amap = run.map
    for p in range(len(amap.nodes)):
        for c in amap.children(p):
            if amap.nodes[c].kind == kind:
                return p, c
    raise AssertionError(kind)


async def test_shop_rest_event_and_reward_calls(server: TestServer) -> None:
    import attrs

    from kingdom_rules.cards import DECK
    from kingdom_rules.spire import Reward
    from kingdom_server.core.keys import storage_key
    from kingdom_server.spire import SpireRun

    b = Browser(server)
    try:
        run_json = await start(b, "hearts")
        rid = run_json["id"]
        R = server.app[storage_key].tables[SpireRun]
        from kingdom_server.spire import Spire
        stored = Spire.run_of(R.get(R.id == rid))

        # Shop: buy a card, a relic is refused without gold, remove a card, leave.
        p, shop = _parent(stored, "shop")
        _put(server, rid, attrs.evolve(stored, position=p, gold=200))
        status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}", {"nodeIndex": shop})
        assert status == 200 and run["phase"] == "shop", run
        cheapest = min(range(5), key=lambda i: run["shop"]["cards"][i]["price"])
        offer = run["shop"]["cards"][cheapest]
        status, after, _ = await b.call("POST", f"/api/spire/shop/{rid}",
                                        {"kind": "card", "index": cheapest})
        assert status == 200 and offer["item"] in after["deck"]
        assert after["gold"] == run["gold"] - offer["price"]
        assert (await b.call("POST", f"/api/spire/shop/{rid}",
                             {"kind": "card", "index": cheapest}))[0] == 409  # sold
        assert (await b.call("POST", f"/api/spire/shop/{rid}",
                             {"kind": "card", "index": 99}))[0] == 409
        unchanged = (await b.call("GET", f"/api/spire/run/{rid}"))[1]
        assert unchanged == after
        status, after, _ = await b.call("POST", f"/api/spire/shop/{rid}", {"kind": "leave"})
        assert after["phase"] == "map"
        status, m, _ = await b.call("GET", f"/api/spire/map/{rid}")
        assert m["nodes"][shop]["isCompleted"] and m["nodes"][shop]["isCurrent"]

        # Rest: heal 30% of max HP.
        stored = Spire.run_of(R.get(R.id == rid))
        p, rest = _parent(stored, "rest")
        _put(server, rid, attrs.evolve(stored, position=p, hp=20))
        status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}", {"nodeIndex": rest})
        assert run["phase"] == "rest"
        # A card the deck does not hold (the shop above may have sold any card).
        absent = next(c.id for c in kr.DECK if c.id not in run["deck"])
        assert (await b.call("POST", f"/api/spire/rest/{rid}",
                             {"action": "fortify", "card": absent}))[0] == 409
        status, run, _ = await b.call("POST", f"/api/spire/rest/{rid}", {"action": "rest"})
        assert run["phase"] == "map" and run["currentHP"] == 35

        # Event: its text and choices; an answer moves on.
        stored = Spire.run_of(R.get(R.id == rid))
        p, event = _parent(stored, "event")
        _put(server, rid, attrs.evolve(stored, position=p, gold=100))
        status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}", {"nodeIndex": event})
        assert run["phase"] == "event" and run["eventInfo"]["choices"]
        assert (await b.call("POST", f"/api/spire/answer-event/{rid}", {"choice": 99}))[0] == 409
        open_ = [i for i, c in enumerate(run["eventInfo"]["choices"]) if c["problem"] is None]
        status, run, _ = await b.call("POST", f"/api/spire/answer-event/{rid}",
                                      {"choice": open_[-1]})
        assert status == 200 and run["phase"] != "event", run

        # Reward: a face not offered is refused; an offered one joins the deck.
        stored = Spire.run_of(R.get(R.id == rid))
        offered = [c for c in DECK if c.is_number and c not in stored.deck][:3]
        _put(server, rid, attrs.evolve(stored, phase="reward", combat=None, shop=None,
                                       event=None, reward=Reward(15, tuple(offered), None,
                                                                 False)))
        status, err, _ = await b.call("POST", f"/api/spire/choose-reward/{rid}",
                                      {"card": stored.deck[0].id})
        assert status in (400, 409) and err["message"]
        status, run, _ = await b.call("POST", f"/api/spire/choose-reward/{rid}",
                                      {"card": offered[0].id})
        assert status == 200 and offered[0].id in run["deck"] and run["phase"] == "map"
    finally:
        await b.http.close()


async def test_a_fight_that_ended_before_its_result_was_applied_is_settled_at_startup(
        start_server: Any, connect_to: Any) -> None:
    from kingdom_server.core.hub import hub_key
    from kingdom_server.spire import spire_key

    first = await start_server()
    # As if the server died between the hand's end and the run's update: no hook runs.
    first.app[hub_key].games.finished_writes.remove(first.app[spire_key].combat_finished)
    b = Browser(first)
    run = await start(b)
    rid = run["id"]
    node = await first_node(b, rid)
    status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}",
                                  {"nodeIndex": node["id"]})
    await play_fight(first, connect_to, run["fight"])
    assert (await b.call("GET", f"/api/spire/run/{rid}"))[1]["phase"] == "combat"
    cookies = {c.key: c.value for c in b.http.cookie_jar}
    await b.http.close()
    await first.close()

    second = await start_server()
    b = Browser(second)
    b.http.cookie_jar.update_cookies(cookies, second.make_url("/"))
    status, run, _ = await b.call("GET", f"/api/spire/run/{rid}")
    assert run["phase"] in ("reward", "map", "lost") and run["fightsWon"] + run["fightsLost"] == 1
    await b.http.close()


async def _take_reward(server: TestServer, b: Browser, rid: str) -> tuple[str, str]:
    """Put the stored run on a card reward (reached by the library's own transitions) and
    take its first card over HTTP; the card's (rank, suit)."""
    card = _offer_reward(server, rid)
    status, run, _ = await b.call("POST", f"/api/spire/choose-reward/{rid}", {"card": card.id})
    assert status == 200 and card.id in run["deck"], run
    return card.rank, card.suit


def _offer_reward(server: TestServer, rid: str) -> Any:
    """Place the stored run on a card reward of 3 royals not in its deck; the first offered."""
    import attrs

    from kingdom_rules.cards import DECK
    from kingdom_rules.spire import Reward
    from kingdom_server.core.keys import storage_key
    from kingdom_server.spire import Spire, SpireRun

    R = server.app[storage_key].tables[SpireRun]
    stored = Spire.run_of(R.get(R.id == rid))
    offered = [c for c in DECK if c.is_royal and c not in stored.deck][:3]
    _put(server, rid, attrs.evolve(stored, phase="reward", reward=Reward(15, tuple(offered),
                                                                         None, False)))
    return offered[0]


async def test_cards_earned_in_a_signed_in_run_join_the_collection(server: TestServer) -> None:
    from kingdom_server.constructed.tables import CollectionEntry
    from kingdom_server.core.keys import storage_key

    entries = server.app[storage_key].tables[CollectionEntry]
    guest = Browser(server)
    b = Browser(server)
    try:
        # A guest's earned card adds nothing anywhere (R40).
        run = await start(guest)
        await _take_reward(server, guest, run["id"])
        assert entries.select().count() == 0

        await b.register("Collector")
        assert (await b.call("POST", "/api/collection/initialize"))[0] == 201
        before = {(e["cardRank"], e["cardSuit"]): e["quantity"]
                  for e in (await b.call("GET", "/api/collection"))[1]}
        # The starter deck is given, not earned: choosing the suit adds nothing.
        run = await start(b, "spades")
        status, after_start, _ = await b.call("GET", "/api/collection")
        assert {(e["cardRank"], e["cardSuit"]): e["quantity"] for e in after_start} == before
        rank, suit = await _take_reward(server, b, run["id"])
        now = {(e["cardRank"], e["cardSuit"]): e["quantity"]
               for e in (await b.call("GET", "/api/collection"))[1]}
        assert now[(rank, suit)] == before[(rank, suit)] + 1
        assert {k: v for k, v in now.items() if k != (rank, suit)} == {
            k: v for k, v in before.items() if k != (rank, suit)}
        # Taken once: a second answer is refused and the collection stays.
        assert (await b.call("POST", f"/api/spire/choose-reward/{run['id']}",
                             {"card": None}))[0] == 409
        assert {(e["cardRank"], e["cardSuit"]): e["quantity"]
                for e in (await b.call("GET", "/api/collection"))[1]} == now

        # An account without a collection gets the initial one with the earned card on top.
        c = Browser(server)
        try:
            await c.register("Newcomer")
            run = await start(c)
            rank, suit = await _take_reward(server, c, run["id"])
            got = {(e["cardRank"], e["cardSuit"]): e["quantity"]
                   for e in (await c.call("GET", "/api/collection"))[1]}
            assert got[(rank, suit)] == 5 and len(got) == 54
            assert set(got.values()) == {4, 5}
        finally:
            await c.http.close()
    finally:
        await guest.http.close()
        await b.http.close()


async def test_leaderboard_lists_signed_in_players_best_runs(server: TestServer) -> None:
    import attrs

    from kingdom_server.core.keys import storage_key
    from kingdom_server.spire import Spire, SpireRun

    R = server.app[storage_key].tables[SpireRun]
    people = {name: Browser(server) for name in ("Alice", "Bob", "Carol", "guest", "reader")}
    try:
        scores = {}
        for name, suit, hp in (("Alice", "hearts", 40), ("Bob", "clubs", 20),
                               ("guest", "hearts", 50)):
            b = people[name]
            if name != "guest":
                await b.register(name)
            run = await start(b, suit)
            _put(server, run["id"], attrs.evolve(Spire.run_of(R.get(R.id == run["id"])),
                                                 hp=hp))
            status, ended, _ = await b.call("POST", f"/api/spire/abandon-run/{run['id']}")
            assert status == 200 and ended["isOver"]
            scores[name] = ended["score"]
        assert scores["guest"] > scores["Alice"] > scores["Bob"] > 0
        await people["Carol"].register("Carol")
        await start(people["Carol"])  # a run not finished yet: not on the board

        # Public: a visitor with no session and no guest cookie reads it.
        status, board, resp = await people["reader"].call("GET", "/api/spire/leaderboard")
        assert status == 200, board
        assert [(e["rank"], e["username"], e["highestScore"]) for e in board] == [
            (1, "Alice", scores["Alice"]), (2, "Bob", scores["Bob"])]
        assert set(board[0]) == {"rank", "userId", "username", "totalVictories", "totalRuns",
                                 "highestFloor", "highestScore"}
        assert board[0]["totalRuns"] == 1 and board[0]["totalVictories"] == 0
        assert "set-cookie" not in {k.lower() for k in resp.headers}

        # A deleted account leaves the board with its totals.
        status, _, _ = await people["Alice"].call("DELETE", "/api/auth/user",
                                                  {"password": PASSWORD})
        assert status == 204
        board = (await people["reader"].call("GET", "/api/spire/leaderboard"))[1]
        assert [(e["rank"], e["username"]) for e in board] == [(1, "Bob")]
    finally:
        for b in people.values():
            await b.http.close()


async def test_a_failing_collection_write_leaves_the_run_as_it_was(server: TestServer) -> None:
    """The earned cards are written in the run's saving transaction: when that write fails,
    the run step is not saved either (and the collection is unchanged)."""
    from kingdom_server.spire import spire_key

    b = Browser(server)
    hooks = server.app[spire_key].cards_earned_hooks

    def broken(user_id: str, cards: list[Any]) -> None:
        raise RuntimeError("the disk is full")

    try:
        await b.register("Unlucky")
        assert (await b.call("POST", "/api/collection/initialize"))[0] == 201
        collection = (await b.call("GET", "/api/collection"))[1]
        run = await start(b)
        card = _offer_reward(server, run["id"])
        hooks.insert(0, broken)
        try:
            status, _, _ = await b.call("POST", f"/api/spire/choose-reward/{run['id']}",
                                        {"card": card.id})
        finally:
            hooks.remove(broken)
        assert status == 500
        status, after, _ = await b.call("GET", f"/api/spire/run/{run['id']}")
        assert status == 200 and after["phase"] == "reward", after
        assert after["deck"] == run["deck"]
        assert (await b.call("GET", "/api/collection"))[1] == collection
    finally:
        await b.http.close()


async def test_a_treasure_room_says_what_its_chest_gave(server: TestServer) -> None:
    import attrs

    from kingdom_rules.spire import RELICS
    from kingdom_server.core.keys import storage_key
    from kingdom_server.spire import Spire, SpireRun

    b = Browser(server)
    try:
        run_json = await start(b, "hearts")
        rid = run_json["id"]
        assert "treasure" not in run_json
        R = server.app[storage_key].tables[SpireRun]
        stored = Spire.run_of(R.get(R.id == rid))
        p, chest = _parent(stored, "treasure")

        # A relic from the chest: the one the run now holds last, named with its text.
        _put(server, rid, attrs.evolve(stored, position=p, gold=0))
        status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}", {"nodeIndex": chest})
        assert status == 200 and run["phase"] == "map", run
        found = run["treasure"]["relic"]
        assert found is not None and run["relics"][-1] == found, run
        assert found["name"] == RELICS[found["id"]].name
        mapped = 50 if found["id"] == "treasure-map" else 0
        purse = 100 if found["id"] == "coin-purse" else 0  # its own gold, on pickup
        assert run["treasure"]["gold"] == mapped and run["gold"] == mapped + purse
        assert found["name"] in run["notice"]
        again = (await b.call("GET", f"/api/spire/run/{rid}"))[1]
        assert again["treasure"] == run["treasure"]  # derived, the same when asked again

        # The Treasure Map adds 50 gold; the relic found is still said.
        _put(server, rid, attrs.evolve(stored, position=p, gold=0, relics=("treasure-map",)))
        status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}", {"nodeIndex": chest})
        assert run["treasure"]["relic"]["id"] not in ("treasure-map", None)
        purse = 100 if run["treasure"]["relic"]["id"] == "coin-purse" else 0
        assert run["treasure"]["gold"] == 50 and run["gold"] == 50 + purse

        # Every relic owned: the chest holds 50 gold and no relic, though the last relic
        # owned would look like a draw.
        everything = tuple(RELICS)
        _put(server, rid, attrs.evolve(stored, position=p, gold=0, relics=everything))
        status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}", {"nodeIndex": chest})
        assert run["treasure"] == {"relic": None, "gold": 100}, run  # Treasure Map owned too
        assert run["gold"] == 100 and len(run["relics"]) == len(RELICS)

        # Moving on: the next room has no treasure field.
        after = Spire.run_of(R.get(R.id == rid))
        nxt = after.map.children(chest)[0]
        status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}", {"nodeIndex": nxt})
        assert status == 200 and "treasure" not in run, run
    finally:
        await b.http.close()


def _table(view: dict[str, Any]) -> Any:
    """What a fight's table holds, as the runner sees it: hands, kingdoms, piles, scores."""
    return (view["myHand"], view["discardPile"], view["deckCount"], view["round"],
            [(p["kingdom"], p["score"], p["pileCount"], p["cardCount"])
             for p in view["players"]])


async def test_a_fight_left_mid_hand_is_resumed_not_dealt_again(
        server: TestServer, connect_to: Any) -> None:
    """A fight is dealt once: leaving it (leaveRoom) and asking /fight again gives the same
    game at the move it stood at, never a fresh deal of the same hand (docs/spire.md)."""
    b = Browser(server)
    try:
        run = await start(b)
        rid = run["id"]
        node = await first_node(b, rid)
        status, run, _ = await b.call("POST", f"/api/spire/enter-node/{rid}",
                                      {"nodeIndex": node["id"]})
        assert status == 200 and run["phase"] == "combat"
        fight = run["fight"]
        c = await connect_to(server, "runner")
        await c.ok("rejoinRoom", {k: fight[k] for k in ("roomCode", "playerId",
                                                        "reconnectToken")})
        await c.wait_state(lambda s: s["phase"] != "waiting")
        dealt = _table(c.state)
        # Play until the table moved on from the deal (several turns of both seats).
        await play_until(c, lambda s: (s["phase"] == "playing" and (s["round"] or 0) >= 3)
                         or s["phase"] in ("finished", "handComplete"),
                         random.Random(11), timeout=60, skip=("readyForNextHand",))
        assert c.state["phase"] == "playing"
        await asyncio_sleep()  # the enemy bot's answer, if it was still thinking
        await c.wait_state(lambda s: s["currentPlayerNumber"] == 1)
        left_at = _table(c.state)
        assert left_at != dealt
        await c.ok("leaveRoom", {})
        await c.close()

        status, run, _ = await b.call("GET", f"/api/spire/run/{rid}")
        assert run["phase"] == "combat" and run["fightsLost"] == 0
        status, again, _ = await b.call("POST", f"/api/spire/fight/{rid}")
        assert status == 200, again
        c = await connect_to(server, "runner")
        await c.ok("rejoinRoom", {k: again["fight"][k] for k in ("roomCode", "playerId",
                                                                 "reconnectToken")})
        await c.wait_state(lambda s: s["phase"] != "waiting")
        assert _table(c.state) == left_at  # the same game, where it was left
        assert _table(c.state) != dealt
        # ... and it is played to its end and applied to the run once.
        await play_until(c, lambda s: s["phase"] in ("finished", "handComplete"),
                         random.Random(12), timeout=90, skip=("readyForNextHand",))
        await c.close()
        for _ in range(50):
            status, run, _ = await b.call("GET", f"/api/spire/run/{rid}")
            if run["phase"] != "combat":
                break
            await asyncio_sleep()
        assert run["fightsWon"] + run["fightsLost"] == 1
    finally:
        await b.http.close()


async def test_a_guest_run_is_kept_on_signing_in(server: TestServer) -> None:
    """'Sign in to keep your runs': a guest's unfinished run becomes the account's when the
    guest signs up or in, with its progress, counted once in the account's totals."""
    b = Browser(server)
    try:
        run = await start(b, "clubs")
        node = await first_node(b, run["id"])
        status, run, _ = await b.call("POST", f"/api/spire/enter-node/{run['id']}",
                                      {"nodeIndex": node["id"]})
        assert status == 200 and run["phase"] == "combat"
        await b.register("Keeper")
        status, active, _ = await b.call("GET", "/api/spire/active-run")
        assert active is not None and active["id"] == run["id"]
        assert active["phase"] == "combat" and active["maxHP"] == run["maxHP"]
        assert (await b.call("GET", "/api/spire/stats"))[1]["totalRuns"] == 1
        assert (await b.call("GET", "/api/spire/stats"))[1]["totalRuns"] == 1  # once
        # The fight goes on under the account.
        status, again, _ = await b.call("POST", f"/api/spire/fight/{run['id']}")
        assert status == 200 and again["fight"]["roomCode"]
    finally:
        await b.http.close()
