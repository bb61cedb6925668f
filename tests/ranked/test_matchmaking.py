"""The queue's matcher: gaps widening with waiting time, groups, even teams."""

from __future__ import annotations

import random

import pytest

from kingdom_server.ranked.matchmaking import (
    BASE_GAP,
    GAP_PER_SECOND,
    Matcher,
    Ticket,
    allowed_gap,
    even_teams,
)


def test_the_allowed_gap_widens_with_waiting() -> None:
    assert allowed_gap(0) == BASE_GAP
    assert allowed_gap(10) == BASE_GAP + 10 * GAP_PER_SECOND
    assert allowed_gap(30) > allowed_gap(10) > allowed_gap(0)


def test_a_far_pair_is_matched_only_after_waiting() -> None:
    m = Matcher(2, random.Random(1))
    m.join(Ticket("a", 1000, joined_at=0.0))
    m.join(Ticket("b", 1400, joined_at=0.0))
    needed = (400 - BASE_GAP) / GAP_PER_SECOND  # seconds until a 400-point gap is allowed
    assert m.wave(now=needed - 3) == []
    assert len(m) == 2
    [match] = m.wave(now=needed)
    assert sorted(match.user_ids) == ["a", "b"]
    assert match.gap == 400
    assert len(m) == 0


def test_both_players_must_have_waited() -> None:
    m = Matcher(2, random.Random(1))
    m.join(Ticket("old", 1000, joined_at=0.0))
    m.join(Ticket("new", 1300, joined_at=100.0))
    # The long waiter accepts 300 points, the newcomer not yet.
    assert m.wave(now=100.0) == []
    [match] = m.wave(now=100.0 + (300 - BASE_GAP) / GAP_PER_SECOND)
    assert sorted(match.user_ids) == ["new", "old"]


def test_closest_players_are_paired_first() -> None:
    m = Matcher(2, random.Random(1))
    for name, rating in [("a", 1000), ("b", 1010), ("c", 1090), ("d", 1500)]:
        m.join(Ticket(name, rating, joined_at=0.0))
    matches = m.wave(now=0.0)
    assert [sorted(x.user_ids) for x in matches] == [["a", "b"]]
    assert sorted(t.user_id for t in m.tickets) == ["c", "d"]


def test_a_newcomer_between_two_waiters_does_not_block_them() -> None:
    m = Matcher(2, random.Random(1))
    m.join(Ticket("low", 1000, joined_at=0.0))
    m.join(Ticket("high", 1300, joined_at=0.0))
    m.join(Ticket("mid", 1150, joined_at=60.0))
    [match] = m.wave(now=60.0)
    assert sorted(match.user_ids) == ["high", "low"]
    assert "mid" in m


def test_three_players() -> None:
    m = Matcher(3, random.Random(1))
    for i, rating in enumerate([1000, 1020, 1040, 1900]):
        m.join(Ticket(f"p{i}", rating, joined_at=0.0))
    [match] = m.wave(now=0.0)
    assert sorted(match.user_ids) == ["p0", "p1", "p2"]
    assert match.gap == 40


def test_four_players_make_the_most_even_teams() -> None:
    tickets = [Ticket(n, r, 0.0) for n, r in [("a", 1000), ("b", 1050), ("c", 1080), ("d", 1090)]]
    seats = even_teams(tickets)
    # a+d = 2090 against b+c = 2130 is the most even split (a+b/c+d: 140, a+c/b+d: 60).
    team_1 = {seats[0].user_id, seats[2].user_id}
    team_2 = {seats[1].user_id, seats[3].user_id}
    assert {frozenset(team_1), frozenset(team_2)} == {frozenset("ad"), frozenset("bc")}
    m = Matcher(4, random.Random(1))
    for t in tickets:
        m.join(t)
    [match] = m.wave(now=0.0)
    assert match.team_gap == 40


def test_join_twice_and_leave() -> None:
    m = Matcher(2)
    m.join(Ticket("a", 1000, 0.0))
    with pytest.raises(ValueError):
        m.join(Ticket("a", 1000, 1.0))
    assert m.leave("a") is True
    assert m.leave("a") is False
    assert m.wave(now=100.0) == []


def test_the_whole_pool_is_matched_in_the_end() -> None:
    rng = random.Random(7)
    m = Matcher(4, rng)
    for i in range(40):
        m.join(Ticket(f"p{i}", rng.randint(300, 2300), joined_at=0.0))
    made = []
    now = 0.0
    while len(m) and now < 600:
        made += m.wave(now)
        now += 3.0
    assert len(m) == 0
    assert len(made) == 10
    assert len({u for x in made for u in x.user_ids}) == 40
