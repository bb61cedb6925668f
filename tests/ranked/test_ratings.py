"""Ranked ratings against openskill computed independently, tiers, placement and placements."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from kingdom_server.ranked.ratings import (
    CONSTRUCTED,
    STANDARD,
    Skill,
    legend_after,
    placements_from_scores,
    rate_match,
    tier_label,
    tier_ladder,
    tier_of,
)


def _ordinal(mu: float, sigma: float) -> float:
    # openskill's ordinal(z=3, alpha=24, target=1000): alpha * ((mu - z sigma) + target / alpha)
    return 24 * ((mu - 3 * sigma) + 1000 / 24)


def test_a_new_player_shows_1000() -> None:
    assert Skill().rating == 1000
    assert Skill().mu == pytest.approx(25.0)
    assert Skill().sigma == pytest.approx(25 / 3)


@pytest.mark.parametrize("count", [2, 3])
def test_free_for_all_matches_openskill(count: int) -> None:
    model = PlackettLuce(limit_sigma=True)
    skills = [Skill(mu=20 + 3 * i, sigma=8 - i) for i in range(count)]
    placements = list(range(count, 0, -1))  # the strongest wins
    expected = model.rate(
        [[model.rating(mu=s.mu, sigma=s.sigma)] for s in skills], ranks=placements
    )
    got = rate_match(skills, placements)
    for mine, theirs in zip(got, expected, strict=True):
        assert mine.mu == pytest.approx(theirs[0].mu)
        assert mine.sigma == pytest.approx(theirs[0].sigma)
        assert mine.rating == round(_ordinal(theirs[0].mu, theirs[0].sigma))


def test_teams_at_four_match_openskill() -> None:
    model = PlackettLuce(limit_sigma=True)
    skills = [Skill(mu=m, sigma=s) for m, s in [(24, 7), (26, 6), (30, 5), (22, 8)]]
    # Seats 1 and 3 (indexes 0, 2) against seats 2 and 4 (1, 3); the second team wins.
    placements = [2, 1, 2, 1]
    expected = model.rate(
        [
            [model.rating(mu=24, sigma=7), model.rating(mu=30, sigma=5)],
            [model.rating(mu=26, sigma=6), model.rating(mu=22, sigma=8)],
        ],
        ranks=[2, 1],
    )
    got = rate_match(skills, placements)
    pairs = [(0, expected[0][0]), (2, expected[0][1]), (1, expected[1][0]), (3, expected[1][1])]
    for seat, theirs in pairs:
        assert got[seat].mu == pytest.approx(theirs.mu)
        assert got[seat].sigma == pytest.approx(theirs.sigma)
    assert got[1].rating > skills[1].rating  # winners gain
    assert got[0].rating < skills[0].rating  # losers lose


def test_team_mates_must_share_a_placement() -> None:
    with pytest.raises(ValueError):
        rate_match([Skill()] * 4, [1, 2, 2, 1])


def test_a_loss_never_raises_a_rating() -> None:
    # limit_sigma: sigma never grows, so the loser's ordinal cannot go up.
    loser = Skill(mu=25, sigma=1.0)
    winner = Skill(mu=40, sigma=8.0)
    after = rate_match([winner, loser], [1, 2])
    assert after[1].rating <= loser.rating
    assert after[1].sigma <= loser.sigma


@pytest.mark.parametrize(
    ("rating", "tier"),
    [
        (-5, "bronze"), (0, "bronze"), (799, "bronze"), (800, "silver"), (1199, "silver"),
        (1200, "gold"), (1599, "gold"), (1600, "platinum"), (1999, "platinum"),
        (2000, "diamond"), (3100, "diamond"),
    ],
)
def test_tiers_at_their_thresholds(rating: int, tier: str) -> None:
    assert tier_of(rating) == tier


def test_placement_label_until_five_matches() -> None:
    assert tier_label(1400, 0, 5) == "Placement 0/5"
    assert tier_label(1400, 4, 5) == "Placement 4/5"
    assert tier_label(1400, 5, 5) == "Gold"
    assert tier_label(2000, 5, 5) == "Diamond"


def test_legend_enters_at_2400_after_placement_on_the_constructed_ladder_only() -> None:
    assert legend_after(CONSTRUCTED, 2400, 5, 5, was_legend=False)
    assert legend_after(CONSTRUCTED, 2950, 5, 5, was_legend=False)
    assert not legend_after(CONSTRUCTED, 2399, 5, 5, was_legend=False)
    # Not during placement, whatever the rating.
    assert not legend_after(CONSTRUCTED, 2600, 4, 5, was_legend=False)
    # Never on the standard ladder.
    assert not legend_after(STANDARD, 2600, 5, 5, was_legend=False)
    assert not legend_after(STANDARD, 2600, 5, 5, was_legend=True)


def test_a_legend_keeps_the_tier_until_below_2300() -> None:
    for rating in (2399, 2350, 2300):
        assert legend_after(CONSTRUCTED, rating, 5, 5, was_legend=True)
        assert not legend_after(CONSTRUCTED, rating, 5, 5, was_legend=False)
    assert not legend_after(CONSTRUCTED, 2299, 5, 5, was_legend=True)
    # Having fallen out, 2300-2399 is Diamond again until 2400 is reached once more.
    assert not legend_after(CONSTRUCTED, 2350, 5, 5, was_legend=False)


def test_legend_tier_and_label() -> None:
    assert tier_of(2100, legend=True) == "legend"
    assert tier_of(2450) == "diamond"
    assert tier_label(2450, 5, 5, legend=True) == "Legend"
    assert tier_label(2450, 5, 5) == "Diamond"
    assert tier_label(2450, 3, 5, legend=True) == "Placement 3/5"


@pytest.mark.parametrize("ladder", [STANDARD, CONSTRUCTED])
def test_the_tier_table_agrees_with_tier_of(ladder: str) -> None:
    """The table the screens show (GET /api/ranked/tiers) is the rule `tier_of` applies."""
    table = tier_ladder(ladder)
    rating_tiers = [t for t in table if t["tier"] != "legend"]
    assert rating_tiers[0]["from"] == 0 and rating_tiers[-1]["to"] is None
    for low, high in zip(rating_tiers, rating_tiers[1:], strict=False):
        assert high["from"] == low["to"] + 1
    for t in rating_tiers:
        assert tier_of(t["from"]) == t["tier"]
        assert tier_of(t["to"] if t["to"] is not None else 9999) == t["tier"]
        assert t["name"] == tier_label(t["from"], 5, 5)
    legend = [t for t in table if t["tier"] == "legend"]
    if ladder == STANDARD:
        assert legend == []
    else:
        (t,) = legend
        assert legend_after(ladder, t["from"], 5, 5, was_legend=False)
        assert not legend_after(ladder, t["from"] - 1, 5, 5, was_legend=False)
        assert legend_after(ladder, t["keptFrom"], 5, 5, was_legend=True)
        assert not legend_after(ladder, t["keptFrom"] - 1, 5, 5, was_legend=True)
        assert not legend_after(ladder, t["from"], 4, 5, was_legend=False)  # afterPlacement


def test_placements_from_scores() -> None:
    assert placements_from_scores(2, [10, 4]) == [1, 2]
    assert placements_from_scores(3, [3, 9, 3]) == [2, 1, 2]
    # Teams: seats 1+3 (5+6=11) against 2+4 (2+8=10).
    assert placements_from_scores(4, [5, 2, 6, 8]) == [1, 2, 1, 2]
    # Equal totals: more hands won places higher; equal again: a shared placement.
    assert placements_from_scores(2, [7, 7], hands_won=[0, 1]) == [2, 1]
    assert placements_from_scores(3, [7, 7, 1], hands_won=[1, 1, 0]) == [1, 1, 3]


def test_an_abandoner_places_last_whatever_the_score() -> None:
    assert placements_from_scores(2, [30, 4], abandoned=[0]) == [2, 1]
    assert placements_from_scores(3, [30, 4, 9], abandoned=[0]) == [3, 2, 1]
    assert placements_from_scores(4, [30, 0, 30, 0], abandoned=[2]) == [2, 1, 2, 1]
