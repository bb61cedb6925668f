"""The seat fields' layout inside state.py: every Player field has its one line in
SEAT_FIELDS, and states built from players read back the same players."""

from __future__ import annotations

import attrs

import kingdom_rules as kr
from kingdom_rules.state import SEAT_FIELDS, Player


def test_every_player_field_has_a_seat_field() -> None:
    named = {attr for attr, _, _ in SEAT_FIELDS}
    fields = {f.name for f in attrs.fields(Player)} - {"number"}
    assert named == fields
    assert len({key for _, key, _ in SEAT_FIELDS}) == len(SEAT_FIELDS)


def test_players_round_trip_through_the_seat_fields() -> None:
    deck = kr.PREBUILT_DECKS[sorted(kr.PREBUILT_DECKS)[0]]
    for setup in (kr.StandardSetup(), kr.ConstructedSetup(decks=(deck, deck))):
        state = kr.new_game(player_count=2, seed=3, mode="game", setup=setup)
        for action in kr.legal_actions(state, 1)[:1]:
            state, _ = kr.apply(state, action)
        players = state.players
        again = attrs.evolve(state, players=tuple(attrs.evolve(p) for p in players))
        assert again.players == players
        assert again.to_json() == state.to_json()
