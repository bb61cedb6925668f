"""Aggregating simulated games: wins with confidence intervals, scores, lengths, combinations.

Pure functions over the per-game records (``GameRecord.to_json()`` dicts), so the summary is
the same whatever the number of worker processes that played the games.
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

Json = dict[str, Any]


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def summarize(records: list[Json], bots: list[str]) -> Json:
    """Per seat and per team: wins (rate and 95% CI), mean score, combinations built."""
    n = len(records)
    players = len(bots)
    seats = []
    for i in range(players):
        number = i + 1
        wins = sum(1 for r in records if number in r["winners"])
        lo, hi = wilson(wins, n)
        combos: Counter[str] = Counter()
        for r in records:
            combos.update(r["combinations"][i])
        seats.append({
            "seat": number, "bot": bots[i], "wins": wins,
            "winRate": wins / n if n else 0.0, "ci95": [lo, hi],
            "meanScore": sum(r["scores"][i] for r in records) / n if n else 0.0,
            "combinations": dict(sorted(combos.items())),
        })
    teams = []
    if players == 4:
        for team, members in ((1, (1, 3)), (2, (2, 4))):
            wins = sum(1 for r in records if any(m in r["winners"] for m in members))
            lo, hi = wilson(wins, n)
            teams.append({
                "team": team, "players": list(members),
                "bots": [bots[m - 1] for m in members], "wins": wins,
                "winRate": wins / n if n else 0.0, "ci95": [lo, hi],
                "meanScore": sum(r["scores"][m - 1] for r in records for m in members) / n
                if n else 0.0,
            })
    hands = sum(r["hands"] for r in records)
    turns = sum(r["turns"] for r in records)
    reasons = Counter(r["reason"] for r in records)
    return {
        "games": n,
        "seats": seats,
        "teams": teams,
        "meanHandLengthTurns": turns / hands if hands else 0.0,
        "drawn": sum(1 for r in records if not r["winners"]),
        "reasons": dict(sorted(reasons.items())),
    }


def deal_interval(per_deal: list[float], z: float = 1.96, low: float = 0.0,
                  high: float = 1.0) -> tuple[float, float]:
    """The 95% interval of a mean over deals (each value: one deal's share of wins over its
    seat orders), kept within ``low`` and ``high`` (a difference of two win rates: -1 and 1).
    The games of one deal are not independent (two copies of the same bot may well play it
    alike), so the deals, not the games, are the samples.

    >>> [round(x, 3) for x in deal_interval([1.0, 0.5, 0.5, 0.0, 1.0, 0.5])]
    [0.282, 0.885]
    """
    n = len(per_deal)
    if n == 0:
        return 0.0, 0.0
    mean = sum(per_deal) / n
    var = sum((x - mean) ** 2 for x in per_deal) / (n - 1) if n > 1 else 0.0
    half = z * math.sqrt(var / n)
    return max(low, mean - half), min(high, mean + half)


def swapped_summary(records: list[Json], bots: list[str]) -> Json:
    """A ``--swap-seats`` run: every deal played once per seat order, so each bot sat in each
    seat equally often and what separates the seats is the seat itself.

    Per seat: wins, the win rate and the seat's edge, its win rate minus a fair share (the
    wins of all seats divided by the seats: 1/2 with 2 players and no drawn game, about 1/3
    with 3, 1/2 per seat with 4 where a team wins for both its seats). Per bot (its place in
    ``bots``): wins over all its seats, and as player 1. The 95% intervals are over deals
    (:func:`deal_interval`)."""
    n = len(records)
    players = len(bots)
    all_wins = sum(len(r["winners"]) for r in records)
    fair = all_wins / (n * players) if n else 0.0
    deals: dict[int, list[Json]] = {}
    for r in records:
        deals.setdefault(r["game"], []).append(r)

    def interval(won: Any) -> tuple[float, float]:
        return deal_interval([sum(1 for r in games if won(r)) / len(games)
                              for games in deals.values()])

    seats = []
    for number in range(1, players + 1):
        wins = sum(1 for r in records if number in r["winners"])
        lo, hi = interval(lambda r, s=number: s in r["winners"])
        rate = wins / n if n else 0.0
        seats.append({"seat": number, "wins": wins, "winRate": rate, "ci95": [lo, hi],
                      "edge": rate - fair, "edgeCi95": [lo - fair, hi - fair],
                      "meanScore": sum(r["scores"][number - 1] for r in records) / n
                      if n else 0.0})
    per_bot = []
    for b, name in enumerate(bots):
        wins = sum(1 for r in records if r["seatOfBot"][b] in r["winners"])
        first = [r for r in records if r["seatOfBot"][b] == 1]
        first_wins = sum(1 for r in first if 1 in r["winners"])
        lo, hi = interval(lambda r, b=b: r["seatOfBot"][b] in r["winners"])
        per_bot.append({
            "index": b, "bot": name, "wins": wins, "winRate": wins / n if n else 0.0,
            "ci95": [lo, hi],
            "meanScore": sum(r["scores"][r["seatOfBot"][b] - 1] for r in records) / n
            if n else 0.0,
            "asFirst": {"games": len(first), "wins": first_wins,
                        "winRate": first_wins / len(first) if first else 0.0},
        })
    orders = len({r["seatOrder"] for r in records})
    return {"deals": len(deals), "orders": orders, "fairShare": fair,
            "seats": seats, "bots": per_bot}
