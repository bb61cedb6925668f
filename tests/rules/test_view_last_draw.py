"""R32: another player's deck draw is hidden in the view object too, not only in its JSON."""

import kingdom_rules as kr


def test_r32_view_object_hides_another_players_deck_draw() -> None:
    s = kr.new_game(player_count=2, seed=1)
    for p in (1, 2):
        s, _ = kr.apply(s, kr.legal_actions(s, p)[0])
    s, _ = kr.apply(s, kr.DrawCard(1, "deck"))
    drawn = s.last_draw.card if s.last_draw else None
    assert drawn is not None
    assert kr.view(s, 1).last_draw is not None and kr.view(s, 1).last_draw.card is drawn
    other = kr.view(s, 2).last_draw
    assert other is not None and other.card is None and other.source == "deck"
    assert drawn.id not in str(kr.view(s, 2).to_json())
