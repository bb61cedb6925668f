"""One ranked queue for every process of the service (kingdom_server/ranked/shared.py):
players whose sockets are held by different processes are matched, seated in one room and
play the match to its rating; one account queues once across the service."""

from __future__ import annotations

from tests.cluster.services import Services
from tests.server.ranked_clients import Player, get_json, matched, play_to_the_end

ALREADY_QUEUED = "You are already in the ranked queue"


async def test_a_ranked_match_of_players_on_different_processes(services: Services) -> None:
    one, two = services.start_servers(2)
    ana = await Player(one.url, "Ana").sign_up()
    ben = await Player(two.url, "Ben").sign_up()
    try:
        for p in (ana, ben):
            await p.connect()
        found = await matched([ana, ben], {"playerCount": 2}, timeout=60)
        assert found[0]["roomCode"] == found[1]["roomCode"]
        assert sorted(f["playerNumber"] for f in found) == [1, 2]
        assert {f["ladder"] for f in found} == {"standard"}
        # Both see the same match: each other's names in their seats.
        names = {p["name"] for p in ana.state["players"]}
        assert names == {"Ana", "Ben"} == {p["name"] for p in ben.state["players"]}
        await play_to_the_end([ana, ben])
        for p in (ana, ben):
            for url in (one.url, two.url):
                ranking = await get_json(url, f"/api/ranked/ranking/{p.user['id']}")
                assert ranking["rankedGamesPlayed"] == 1
    finally:
        for p in (ana, ben):
            await p.close()


async def test_the_matchers_own_player_is_seated_in_the_match_it_dealt(
        services: Services) -> None:
    # Waves every 0.1 s: each process's own wave runs several times between the matcher
    # dealing a match and the seat's pickup (every 0.25 s), where it once took the player on
    # the matcher's process out of the queue, their seat never taken.
    servers = services.start_servers(2, KINGDOM_RANKED_WAVE_SECONDS="0.1")
    for round_ in range(3):
        players = [await Player(s.url, f"P{round_}{i}").sign_up()
                   for i, s in enumerate(servers)]
        try:
            for p in players:
                await p.connect()
            found = await matched(players, {"playerCount": 2}, timeout=20)
            assert found[0]["roomCode"] == found[1]["roomCode"]
        finally:
            for p in players:
                await p.close()


async def test_an_account_queues_once_across_processes(services: Services) -> None:
    one, two = services.start_servers(2)
    ana = await Player(one.url, "Ana").sign_up()
    other_tab = ana.signed_in_at(two.url)
    try:
        await ana.connect()
        await other_tab.connect()
        await ana.ok("joinRankedQueue", {"playerCount": 3})
        await other_tab.refused("joinRankedQueue", {"playerCount": 3}, ALREADY_QUEUED)
        assert (await ana.ok("leaveRankedQueue"))["left"] is True
        await other_tab.ok("joinRankedQueue", {"playerCount": 3})
        await ana.refused("joinRankedQueue", {"playerCount": 2}, ALREADY_QUEUED)
        # The socket that queued goes: its ticket goes with it.
        await other_tab.close()
        await ana.wait_for(lambda c: True, 1)
        for _ in range(50):
            ack = await ana.call("joinRankedQueue", {"playerCount": 2})
            if ack["success"]:
                break
            assert ack["error"] == ALREADY_QUEUED
            await ana.sio.sleep(0.2)
        else:
            raise AssertionError("the closed socket's ticket stayed in the queue")
    finally:
        await ana.close()
        await other_tab.close()
