"""The ranked queue's matcher: a pure object, one per player count (2, 3 or 4).

Modelled on Lichess's pools and FAForever's ladder queue: players wait in a pool, and every
`WAVE_SECONDS` a wave forms matches of players whose ratings are close. Each waiting player
accepts opponents within an allowed gap that starts at `BASE_GAP` and widens by
`GAP_PER_SECOND` for every second they have waited (no upper bound: with few players online,
everyone is matched in the end). A group is acceptable when the spread of its ratings (highest
minus lowest) is within the allowed gap of every member, so both a newcomer and a long waiter
have to agree. Among the acceptable groups the wave takes the closest first (smallest spread;
equal spreads: the longer waiter first) and never uses a player twice.

At 4 players the match is 2 vs 2 and the matcher splits the four into the two teams whose
summed ratings are the most even; seats 1 and 3 form one team, seats 2 and 4 the other.

Time is passed in (`now`, seconds), never read from a clock, so the matcher can be tested and
benchmarked without waiting.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

import attrs

WAVE_SECONDS = 3.0
BASE_GAP = 100.0
GAP_PER_SECOND = 10.0
# How many rating neighbours (in rating order) a group may reach over, above its lowest member.
NEIGHBOURS = 8


def allowed_gap(waited: float) -> float:
    """The rating spread a player accepts after waiting `waited` seconds."""
    return BASE_GAP + GAP_PER_SECOND * max(0.0, waited)


@attrs.frozen
class Ticket:
    """A player in the queue: who, their displayed rating, and when they joined (seconds)."""

    user_id: str
    rating: int
    joined_at: float


@attrs.frozen
class Match:
    """Players matched by a wave, in seat order (at 4 players: seats 1 and 3 vs 2 and 4)."""

    tickets: tuple[Ticket, ...]
    made_at: float

    @property
    def user_ids(self) -> list[str]:
        return [t.user_id for t in self.tickets]

    @property
    def gap(self) -> int:
        """Highest rating minus lowest."""
        ratings = [t.rating for t in self.tickets]
        return max(ratings) - min(ratings)

    @property
    def team_gap(self) -> int:
        """At 4 players: the difference of the two teams' summed ratings; else 0."""
        if len(self.tickets) != 4:
            return 0
        t = self.tickets
        return abs(t[0].rating + t[2].rating - t[1].rating - t[3].rating)

    def waits(self) -> list[float]:
        return [self.made_at - t.joined_at for t in self.tickets]


def even_teams(group: Iterable[Ticket]) -> tuple[Ticket, ...]:
    """Four players in seat order so that seats 1+3 and 2+4 have the most even rating sums."""
    players = sorted(group, key=lambda t: (t.rating, t.joined_at, t.user_id))
    if len(players) != 4:
        raise ValueError("teams are formed from four players")
    first = players[0]
    best: tuple[int, tuple[Ticket, ...]] | None = None
    # The three ways to split four players in two pairs: the lowest with each of the others.
    for mate in players[1:]:
        side_a = [first, mate]
        side_b = [p for p in players if p not in side_a]
        diff = abs(sum(p.rating for p in side_a) - sum(p.rating for p in side_b))
        seats = (side_a[0], side_b[0], side_a[1], side_b[1])
        if best is None or diff < best[0]:
            best = (diff, seats)
    assert best is not None
    return best[1]


class Matcher:
    """The pool of one player count. `join`, `leave`, and `wave(now)` that forms matches."""

    def __init__(self, player_count: int, rng: random.Random | None = None) -> None:
        if player_count not in (2, 3, 4):
            raise ValueError("ranked matches have 2, 3 or 4 players")
        self.player_count = player_count
        self._tickets: dict[str, Ticket] = {}
        self._rng = rng or random.Random()

    def __contains__(self, user_id: object) -> bool:
        return user_id in self._tickets

    def __len__(self) -> int:
        return len(self._tickets)

    @property
    def tickets(self) -> list[Ticket]:
        return list(self._tickets.values())

    def join(self, ticket: Ticket) -> None:
        if ticket.user_id in self._tickets:
            raise ValueError("already in this queue")
        self._tickets[ticket.user_id] = ticket

    def leave(self, user_id: str) -> bool:
        """Take a player out of the pool; False when they were not in it."""
        return self._tickets.pop(user_id, None) is not None

    def acceptable(self, group: Iterable[Ticket], now: float) -> bool:
        """Whether every member of `group` accepts its rating spread at time `now`."""
        members = list(group)
        ratings = [t.rating for t in members]
        spread = max(ratings) - min(ratings)
        return all(spread <= allowed_gap(now - t.joined_at) for t in members)

    def wave(self, now: float) -> list[Match]:
        """Form every match this wave allows; the matched players leave the pool."""
        k = self.player_count
        pool = sorted(self._tickets.values(), key=lambda t: (t.rating, t.joined_at, t.user_id))
        candidates: list[tuple[int, float, int, tuple[Ticket, ...]]] = []
        order = 0
        for i, lowest in enumerate(pool):
            above = pool[i + 1 : i + 1 + NEIGHBOURS]
            for rest in itertools.combinations(above, k - 1):
                group = (lowest, *rest)
                if not self.acceptable(group, now):
                    continue
                spread = max(t.rating for t in group) - lowest.rating
                earliest = min(t.joined_at for t in group)
                candidates.append((spread, earliest, order, group))
                order += 1
        candidates.sort(key=lambda c: c[:3])
        used: set[str] = set()
        matches: list[Match] = []
        for _spread, _earliest, _order, group in candidates:
            if any(t.user_id in used for t in group):
                continue
            used.update(t.user_id for t in group)
            if k == 4:
                seats = even_teams(group)
            else:
                shuffled = list(group)
                self._rng.shuffle(shuffled)
                seats = tuple(shuffled)
            matches.append(Match(tickets=seats, made_at=now))
        for user_id in used:
            del self._tickets[user_id]
        return matches
