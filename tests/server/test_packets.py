"""The packet JSON: the same text whether orjson is installed or not."""

from __future__ import annotations

import json

import kingdom_rules as kr
from kingdom_server.core.wire import JsonPacket, _Json, ack_text, encode_event


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


def test_encode_event_writes_what_the_packet_class_writes() -> None:
    state = kr.new_game(player_count=3, seed=5)
    for data in (kr.view(state, 2).to_json(), {"message": "é ✓", "n": [1, 2.5, None]}, [2**70]):
        assert encode_event("gameState", data) == JsonPacket(
            2, namespace="/", data=["gameState", data]
        ).encode()


def test_ack_text_writes_what_the_packet_class_writes() -> None:
    for ack_id, args in ((0, [{"success": True, "error": None}]), (17, []),
                         (12345, [{"success": False, "error": "Räume ✓"}, 2]), (3, [[2**70]])):
        assert ack_text(ack_id, args) == JsonPacket(
            3, namespace="/", id=ack_id, data=args
        ).encode()


def test_incoming_packets_decode_as_engine_io_decodes_them() -> None:
    import engineio.json
    import pytest

    for text in ('["playRoyal",{"cardId":"hearts-Q","n":[1,2.5,null,true]}]', '"x"', "[]",
                 '{"a":"\\u00e9\\ud800"}'):
        assert _Json.loads(text) == engineio.json.loads(text)
    with pytest.raises(ValueError, match="Integer is too large"):
        _Json.loads("[" + "9" * 101 + "]")
