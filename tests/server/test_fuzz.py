"""Hypothesis drives random payloads at every call: a clear error, no state change, and the
connection keeps working. The server runs on loopback in its own thread (hypothesis tests are
synchronous); clients are real socket.io clients on the server's loop."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kingdom_rules import DECK
from kingdom_server.core.hub import GAME_EVENTS
from kingdom_server.core.rooms import Room
from tests.server.helpers import Client, PrivacyChecker, ThreadServer, make_settings

SEATED_LOBBY = ["getPublicGames", "addBot", "toggleGameMode", "reorderPlayers", "startGame",
                "startTutorialGame", "resumeTutorialBot"]
MOVING_LOBBY = ["createRoom", "createPublicRoom", "joinRoom", "joinPublicRoom", "rejoinRoom"]
FIELDS = ["playerName", "roomCode", "isTutorial", "desiredPlayerCount", "gameMode", "playerOrder",
          "kind", "name", "playerId", "reconnectToken", "cardId", "source", "resourceToUseId",
          "resourceToRotateId", "resourceToUseIds", "cardIds", "targetPlayerNumber", "targetType",
          "characterId", "beastIndex", "castleIndex", "cathedralIndex", "horseIndex", "royalId",
          "characterType", "dragonIndex", "player", "type"]
WORDS = [c.id for c in DECK] + ["deck", "revealed1", "revealed2", "royal", "beast", "castle",
                                "game", "match", "GreedyBot", "RandomBot", "", " ", "\x00", "💥"]

scalars = (
    st.none() | st.booleans() | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
    | st.sampled_from(WORDS) | st.integers(-2, 6)
)
values = st.recursive(
    scalars,
    lambda kids: st.lists(kids, max_size=4)
    | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), kids, max_size=4),
    max_leaves=12,
)
payloads = (
    st.dictionaries(st.sampled_from(FIELDS), values, max_size=5)
    | values
    | st.builds(lambda f: {f: "x" * 10_240}, st.sampled_from(FIELDS))
)


class World:
    def __init__(self, tmp: Path, playing: bool = False) -> None:
        self.server = ThreadServer(make_settings(tmp)).start()
        self.privacy = PrivacyChecker()
        self.server.hub.push_observers.append(self.privacy)
        self.clients: dict[str, Client] = {}
        self.server.run(self._setup())
        if playing:
            self.server.run(self._to_playing())

    async def _to_playing(self) -> None:
        """Both players chose their starting resource and the player to move has drawn: the
        payloads then meet the play rules, not only the draw rule."""
        for name in ("ana", "ben"):
            c = self.clients[name]
            action = c.state["legalActions"][0]
            await c.ok(action["type"], {"cardId": action["cardId"]})
        state = await self.clients["ana"].wait_state(lambda s: s["phase"] == "playing")
        mover = "ana" if state["currentPlayerNumber"] == 1 else "ben"
        await self.clients[mover].ok("drawCard", {"source": "deck"})

    async def _setup(self) -> None:
        for name in ("ana", "ben", "wendy", "walt", "outsider"):
            self.clients[name] = await Client(self.server.url, name).connect()
        c = self.clients
        game = (await c["ana"].ok("createRoom", {"playerName": "Ana"}))["roomCode"]
        await c["ben"].ok("joinRoom", {"playerName": "Ben", "roomCode": game})
        await c["ana"].ok("startGame")
        lobby = (await c["wendy"].ok("createPublicRoom", {"playerName": "Wendy"}))["roomCode"]
        await c["walt"].ok("joinPublicRoom", {"playerName": "Walt", "roomCode": lobby})
        self.codes = {"game": game, "lobby": lobby}

    def snapshot(self) -> Any:
        def room(r: Room) -> Any:
            return (id(r.state), r.action_count, r.host_id, r.game_mode, r.closed,
                    [(s.player_id, s.name, s.is_bot, s.left, s.sid) for s in r.seats])

        return {code: room(r) for code, r in self.server.hub.rooms.items()}

    def call(self, who: str, event: str, payload: Any) -> Any:
        return self.server.run(self.clients[who].call(event, payload))

    def close(self) -> None:
        async def close_all() -> None:
            for c in self.clients.values():
                await c.close()

        self.server.run(close_all())
        self.server.stop()


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    w = World(tmp_path_factory.mktemp("fuzz"))
    yield w
    w.close()
    assert not w.privacy.failures, w.privacy.failures[:3]


def check(world: World, who: str, event: str, payload: Any) -> None:
    before = world.snapshot()
    ack = world.call(who, event, payload)
    assert isinstance(ack, dict) and isinstance(ack.get("success"), bool), ack
    if not ack["success"]:
        assert isinstance(ack["error"], str) and 0 < len(ack["error"]) < 300, ack
        assert ack["error"] != "Internal server error", (event, payload)
        assert world.snapshot() == before, (event, payload, ack)
    # The connection keeps working.
    assert world.call(who, "getPublicGames", None)["success"] is True


@given(
    who=st.sampled_from(["ana", "ben", "wendy", "walt"]),
    event=st.sampled_from([*GAME_EVENTS, *SEATED_LOBBY, "noSuchCall", "gameState"]),
    payload=payloads,
)
def test_random_payloads_at_seated_calls(world: World, who: str, event: str,
                                         payload: Any) -> None:
    check(world, who, event, payload)


@pytest.fixture(scope="module")
def playing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[World]:
    w = World(tmp_path_factory.mktemp("fuzz-playing"), playing=True)
    yield w
    w.close()
    assert not w.privacy.failures, w.privacy.failures[:3]


def card_ids_in_play(world: World) -> list[str]:
    """Ids a real client could name: its hand, every kingdom, the revealed cards."""
    from tests.server.helpers import card_ids

    state = world.clients["ana"].states[-1] if world.clients["ana"].states else {}
    return sorted(card_ids(state))


#: Each game call's own fields (CONTRACT.md); the payloads below mostly carry these.
EVENT_FIELDS = {
    "chooseStartingResource": ["cardId"],
    "drawCard": ["source"],
    "playResource": ["cardId", "resourceToUseId"],
    "rotateResource": ["cardId", "resourceToRotateId"],
    "playRoyal": ["cardId", "resourceToUseIds"],
    "playCombination": ["cardIds", "resourceToUseIds"],
    "playHailOfArrows": ["cardIds"],
    "destroyWithHail": ["targetPlayerNumber", "targetType", "characterId", "beastIndex",
                        "castleIndex"],
    "mountHorse": ["horseIndex", "royalId"],
    "transferToPartner": ["beastIndex"],
    "eatCharacter": ["targetPlayerNumber", "characterType", "characterId", "beastIndex"],
    "demolishCastle": ["targetPlayerNumber", "castleIndex"],
    "demolishCathedral": ["targetPlayerNumber", "cathedralIndex"],
    "eatFreedRoyal": ["royalId"],
    "slayDragon": ["targetPlayerNumber", "dragonIndex"],
    "resurrectRoyal": ["royalId"],
    "placeRoyalInCastle": ["royalId", "castleIndex"],
}


@given(
    who=st.sampled_from(["ana", "ben"]),
    event=st.sampled_from(GAME_EVENTS),
    data=st.data(),
)
def test_random_payloads_during_play(playing: World, who: str, event: str,
                                     data: st.DataObject) -> None:
    ids = card_ids_in_play(playing) or ["hearts-5"]
    # The cards in play change when a random payload is accepted (a draw, say), so the
    # strategy's shape must not depend on them: draw a fixed-range number, then map it.
    card = st.integers(0, 53).map(lambda i: ids[i % len(ids)])
    fields = {
        "cardId": card, "royalId": card, "characterId": card,
        "resourceToUseId": card, "resourceToRotateId": card,
        "cardIds": st.lists(card, max_size=4, unique=True),
        "resourceToUseIds": st.lists(card, max_size=4, unique=True),
        "source": st.sampled_from(["deck", "revealed1", "revealed2", "x"]),
        "targetPlayerNumber": st.integers(-1, 5),
        "targetType": st.sampled_from(["royal", "beast", "castle", "dragon"]),
        "characterType": st.sampled_from(["royal", "beast", "x"]),
        "beastIndex": st.integers(-2, 4), "castleIndex": st.integers(-2, 4),
        "cathedralIndex": st.integers(-2, 4), "horseIndex": st.integers(-2, 4),
        "dragonIndex": st.integers(-2, 4),
    }
    own = EVENT_FIELDS.get(event, [])
    payload = {f: data.draw(fields[f]) for f in own}
    if own and data.draw(st.integers(0, 3)) == 0:
        del payload[data.draw(st.sampled_from(own))]  # a field missing
    if data.draw(st.integers(0, 3)) == 0:
        # a field of the wrong type, or one that belongs to another call
        payload[data.draw(st.sampled_from(sorted(fields)))] = data.draw(values | card)
    check(playing, who, event, payload)


@given(event=st.sampled_from([*MOVING_LOBBY, *GAME_EVENTS]), payload=payloads)
def test_random_payloads_at_room_calls(world: World, event: str, payload: Any) -> None:
    check(world, "outsider", event, payload)
