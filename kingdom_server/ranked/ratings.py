"""Ranked ratings: openskill's Plackett-Luce model, the displayed rating, tiers and placement.

Pure functions over plain values (no database): `rate_match` takes each participant's current
`Skill` and the match's outcome and gives each one's new `Skill`.

- 2 and 3 players play free-for-all, ranked by their final placement (1 = first; equal
  placements are ties).
- 4 players play 2 vs 2: seats 1 and 3 against seats 2 and 4 (team scores add players 1
  and 3, and players 2 and 4: docs/rules.md, "Playing in teams (4 players)"); the team's
  placement is each member's placement.
- The displayed rating is `ordinal(z=3, alpha=24, target=1000)`: 24 * (mu - 3 sigma) + 1000, so
  a new player (mu 25, sigma 25/3) shows 1000, the starting rating (docs/protocol.md,
  "Ranked"). `limit_sigma=True`: sigma never grows, so a loss never raises a displayed rating.

Two ladders share this machinery: 'standard' (the Ranked screen's) and 'constructed' (the
Constructed ladder: each player brings their own deck). A player's rating on one is separate
from the other. The Constructed ladder has one tier above Diamond, Legend (`legend_after`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from openskill.models import PlackettLuce

STARTING_RATING = 1000
PLACEMENT_MATCHES = 5
ORDINAL_Z = 3.0
ORDINAL_ALPHA = 24.0

# (lowest displayed rating, tier), highest first (docs/protocol.md, "Ranked", "HTTP").
TIERS: tuple[tuple[int, str], ...] = (
    (2000, "diamond"),
    (1600, "platinum"),
    (1200, "gold"),
    (800, "silver"),
    (0, "bronze"),
)
TIER_NAMES = {"bronze": "Bronze", "silver": "Silver", "gold": "Gold", "platinum": "Platinum",
              "diamond": "Diamond", "legend": "Legend"}

STANDARD = "standard"
CONSTRUCTED = "constructed"
BOTS = "bots"
"""The bot ladder: bot accounts (`kingdom user bot NAME`) only, the standard deal."""
LADDERS = (STANDARD, CONSTRUCTED, BOTS)


def ladders_for(bot_account: bool) -> tuple[str, ...]:
    """The ladders an account may play: the bot ladder for bot accounts (`kingdom user bot`),
    the people's ladders for everyone else."""
    return (BOTS,) if bot_account else (STANDARD, CONSTRUCTED)
"""The ladders, each with its own ratings, leaderboard and queue (per season)."""
LADDER_NAMES = "'standard', 'constructed' or 'bots'"

LEGEND_FLOOR = 2400
"""A Constructed rating from which a player who finished placement becomes Legend."""
LEGEND_KEEP = 2300
"""A Legend stays Legend until their Constructed rating falls below this."""

MODEL = PlackettLuce(limit_sigma=True)
DEFAULT_MU: float = MODEL.mu
DEFAULT_SIGMA: float = MODEL.sigma


@attrs.frozen
class Skill:
    """One player's rating in one season: openskill's mu and sigma."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def rating(self) -> int:
        """The displayed rating (MMR), rounded to a whole number."""
        return round(displayed(self.mu, self.sigma))


def displayed(mu: float, sigma: float) -> float:
    """`ordinal(z=3, alpha=24, target=1000)` of openskill, unrounded."""
    rating: Any = MODEL.rating(mu=mu, sigma=sigma)
    value: float = rating.ordinal(z=ORDINAL_Z, alpha=ORDINAL_ALPHA, target=STARTING_RATING)
    return value


def tier_of(rating: int, legend: bool = False) -> str:
    """'bronze' .. 'diamond' for a displayed rating (below 0 is still bronze); 'legend' for a
    ranking that holds Legend (see `legend_after`)."""
    if legend:
        return "legend"
    for floor, name in TIERS:
        if rating >= floor:
            return name
    return "bronze"


def tier_label(
    rating: int, placement_done: int, placement_required: int, legend: bool = False
) -> str:
    """What a ranking shows as its tier: 'Placement n/5' until placement is over, else 'Gold'
    (or 'Legend')."""
    if placement_done < placement_required:
        return f"Placement {placement_done}/{placement_required}"
    return TIER_NAMES[tier_of(rating, legend)]


def legend_after(
    ladder: str, rating: int, placement_done: int, placement_required: int, was_legend: bool
) -> bool:
    """Whether a ranking holds Legend after a rated match (docs/rules.md, "The Constructed
    ladder and its Legend tier"): only on the Constructed ladder and only after placement, a
    rating of LEGEND_FLOOR (2400) or more makes a player Legend, and a Legend keeps the tier
    while the rating stays at LEGEND_KEEP (2300) or more; below it they are Diamond (or lower)
    again and need 2400 once more."""
    if ladder != CONSTRUCTED or placement_done < placement_required:
        return False
    if was_legend:
        return rating >= LEGEND_KEEP
    return rating >= LEGEND_FLOOR


def tier_ladder(ladder: str) -> list[dict[str, Any]]:
    """The tiers of a ladder, lowest first, as `GET /api/ranked/tiers` answers them: each
    `{tier, name, from, to}` (`to` null for the top rating tier); on the Constructed ladder
    Legend follows with `from` LEGEND_FLOOR, `keptFrom` LEGEND_KEEP and `afterPlacement`."""
    floors = sorted(TIERS)
    out: list[dict[str, Any]] = []
    for i, (floor, tier) in enumerate(floors):
        top = floors[i + 1][0] - 1 if i + 1 < len(floors) else None
        out.append({"tier": tier, "name": TIER_NAMES[tier], "from": floor, "to": top})
    if ladder == CONSTRUCTED:
        out.append({"tier": "legend", "name": TIER_NAMES["legend"], "from": LEGEND_FLOOR,
                    "to": None, "keptFrom": LEGEND_KEEP, "afterPlacement": True})
    return out


def teams_of(player_count: int) -> list[list[int]]:
    """The sides of a ranked match as lists of seat indexes (0-based)."""
    if player_count == 4:
        return [[0, 2], [1, 3]]
    if player_count in (2, 3):
        return [[seat] for seat in range(player_count)]
    raise ValueError(f"ranked matches have 2, 3 or 4 players, not {player_count}")


def rate_match(skills: Sequence[Skill], placements: Sequence[int]) -> list[Skill]:
    """New skills, seat by seat, after a match.

    `skills[i]` and `placements[i]` belong to seat i; placements are 1 for first. At 4 players
    the two members of a team must share a placement.
    """
    count = len(skills)
    if len(placements) != count:
        raise ValueError("one placement per player")
    sides = teams_of(count)
    ranks: list[float] = []
    for side in sides:
        side_places = {placements[seat] for seat in side}
        if len(side_places) != 1:
            raise ValueError("team mates share a placement")
        ranks.append(float(side_places.pop()))
    teams = [[MODEL.rating(mu=skills[s].mu, sigma=skills[s].sigma) for s in side] for side in sides]
    rated: Any = MODEL.rate(teams, ranks=ranks)
    new: list[Skill] = [Skill()] * count
    for side, team in zip(sides, rated, strict=True):
        for seat, player in zip(side, team, strict=True):
            new[seat] = Skill(mu=float(player.mu), sigma=float(player.sigma))
    return new


def placements_from_scores(
    player_count: int,
    scores: Sequence[int],
    abandoned: Sequence[int] = (),
    hands_won: Sequence[int] | None = None,
) -> list[int]:
    """Each seat's placement from its match score (team score at 4 players): 1 = highest.

    `scores[i]` is seat i's own match total; at 4 players the team totals are summed here.
    Equal totals are split by hands won (`hands_won[i]`, a side's hands summed, as the engine
    decides a match), and share a placement when that is equal too (1, 1, 3). A side with a
    seat in `abandoned` (a player who left the match or stayed away past the takeover time)
    places below every side without one, whatever its score.
    """
    sides = teams_of(player_count)
    left = set(abandoned)
    won = list(hands_won) if hands_won is not None else [0] * player_count
    keys = [
        (
            any(seat in left for seat in side),
            -sum(scores[seat] for seat in side),
            -sum(won[seat] for seat in side),
        )
        for side in sides
    ]
    placement = [0] * player_count
    for side, key in zip(sides, keys, strict=True):
        place = 1 + sum(1 for other in keys if other < key)
        for seat in side:
            placement[seat] = place
    return placement
