"""kingdom_rules.bots stays pure: the standard library, attrs and kingdom_rules only."""

from __future__ import annotations

from tests.rules.test_import_purity import _foreign, _loaded_modules

PLAY_WITH_BOTS = """
import kingdom_rules.bots as b
b.play_game([b.SearchBot(rollouts=4), b.GreedyBot(), b.RandomBot()], seed=2, mode="match")
b.make_bot("kingdom_rules.bots:GreedyBot")
"""


def test_bots_load_only_stdlib_attrs_and_the_engine() -> None:
    loaded = _loaded_modules(PLAY_WITH_BOTS)
    assert "kingdom_rules.bots.search" in loaded
    assert _foreign(loaded) == []
