"""The perft golden file: counts of legal action sequences from fixed positions
(tests/rules/golden/perft.json). When a count differs, either the engine changed what is
legal by mistake, or the rules changed on purpose: then regenerate with
``.venv/bin/python -m tests.rules.perft --write`` and review the diff."""

from __future__ import annotations

import json
from typing import Any

import pytest

import kingdom_rules as kr
from tests.rules.helpers import assert_cards_once
from tests.rules.perft import GOLDEN, perft, position_state

ENTRIES: list[dict[str, Any]] = json.loads(GOLDEN.read_text())["positions"]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_perft_matches_the_golden_file(entry: dict[str, Any]) -> None:
    state = position_state(entry)
    assert_cards_once(state)
    got = [perft(state, d) for d in range(1, entry["depth"] + 1)]
    assert got == entry["counts"], (
        f"perft of {entry['name']} changed: {got} != golden {entry['counts']}; if the rules "
        "changed on purpose, run `.venv/bin/python -m tests.rules.perft --write`"
    )


def test_perft_golden_file_covers_every_player_count_and_follow_ups() -> None:
    counts = {position_state(e).player_count for e in ENTRIES}
    assert counts == {2, 3, 4}
    assert all(e["depth"] >= 2 for e in ENTRIES)
    pending = {position_state(e).pending[0].type for e in ENTRIES if position_state(e).pending}
    assert {"flaming-salvo", "eating"} <= pending


def test_perft_depth_one_is_the_number_of_legal_actions() -> None:
    for e in ENTRIES:
        s = position_state(e)
        assert perft(s, 1) == sum(len(kr.legal_actions(s, p)) for p in kr.players_to_act(s))
