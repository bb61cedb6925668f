"""The seat fields' layout inside state.py: every Player field has its one line in
SEAT_FIELDS, and states built from players read back the same players."""

from __future__ import annotations

import attrs

import kingdom_rules as kr
from kingdom_rules.state import SEAT_FIELDS, Player, public_seats_of
from kingdom_rules.view import PublicPlayer


def test_every_player_field_has_a_seat_field() -> None:
    named = {f.attr for f in SEAT_FIELDS}
    fields = {f.name for f in attrs.fields(Player)} - {"number"}
    assert named == fields
    assert len({f.key for f in SEAT_FIELDS}) == len(SEAT_FIELDS)


def test_every_public_player_field_has_a_seat_field() -> None:
    shown = {f.public for f in SEAT_FIELDS}
    assert shown == {f.name for f in attrs.fields(PublicPlayer)} - {"number"}
    assert len(shown) == len(SEAT_FIELDS)


def test_the_public_seat_read_is_the_players_public_part() -> None:
    deck = kr.PREBUILT_DECKS[sorted(kr.PREBUILT_DECKS)[0]]
    for setup in (kr.StandardSetup(), kr.ConstructedSetup(decks=(deck, deck))):
        state = kr.new_game(player_count=2, seed=5, mode="game", setup=setup)
        for _ in range(12):
            p = kr.players_to_act(state)[0]
            state, _ = kr.apply(state, kr.legal_actions(state, p)[-1])
        for seat, player in zip(public_seats_of(state), state.players, strict=True):
            assert seat["number"] == player.number
            for f in SEAT_FIELDS:
                value = getattr(player, f.attr)
                assert seat[f.public] == (len(value) if f.counted else value), f.attr


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
