"""PlayerView.determinize (for search bots): a full state consistent with what one player
sees (R32). Every card once, and that player's view of it is the view it was made from."""

from __future__ import annotations

import random

import kingdom_rules as kr
from tests.rules.helpers import assert_cards_once
from tests.rules.states import pool


def test_determinize_is_consistent_with_the_view() -> None:
    rng = random.Random(3)
    for s in pool()[::8]:
        for p in range(1, s.player_count + 1):
            v = kr.view(s, p)
            g = v.determinize(rng)
            assert_cards_once(g)
            want = v.to_json()
            got = kr.view(g, p).to_json()
            want.pop("lastDrawAction")
            got.pop("lastDrawAction")
            assert got == want
            # the hidden cards are exactly the other hands and the deck, reshuffled
            hidden = sorted(c.id for q in s.players if q.number != p for c in q.hand)
            hidden += [c.id for c in s.deck]
            hidden2 = sorted(c.id for q in g.players if q.number != p for c in q.hand)
            hidden2 += [c.id for c in g.deck]
            assert sorted(hidden) == sorted(hidden2)
