"""Ranked queue benchmark (issue 17): simulated players of known strength queueing for matches.

Each of `--players` simulated people has a hidden true strength (openskill mu, drawn from a
normal distribution around 25 with spread `--spread`). They come online at random times in the
first ten minutes, queue, and play when matched: the match lasts `--match-minutes` (give or
take a third), its outcome comes from each player's performance (true strength plus noise of
openskill's beta, 25/6; teams add their members' performances), and the ratings move as the
server moves them (`kingdom_server.ranked.ratings.rate_match`). After a match a person rests
for an exponential pause (mean `--rest-minutes`) and queues again. The matcher
(`kingdom_server.ranked.matchmaking.Matcher`) runs a wave every WAVE_SECONDS of simulated time.

Prints, per player count: matches made, median and 90th percentile wait, median and 90th
percentile rating gap of the matches (highest minus lowest displayed rating), at 4 players the
median difference of the two teams' summed ratings, and how well the final displayed ratings
order the players by true strength (Spearman's rank correlation, over players with 5+ games).
Simulated time, so the run takes a few seconds of processor time per player count.

    python bench/ranked_queue.py                       # 1,000 players, 2, 3 and 4 players
    python bench/ranked_queue.py --counts 2 --hours 6 --seed 3
"""

from __future__ import annotations

import argparse
import heapq
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kingdom_server.ranked.matchmaking import WAVE_SECONDS, Matcher, Ticket  # noqa: E402
from kingdom_server.ranked.ratings import (  # noqa: E402
    Skill,
    placements_from_scores,
    rate_match,
)

BETA = 25 / 6


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _spearman(xs: list[float], ys: list[float]) -> float:
    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        out = [0.0] * len(values)
        for rank, i in enumerate(order):
            out[i] = float(rank)
        return out

    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    if n < 2:
        return float("nan")
    d2 = sum((a - b) ** 2 for a, b in zip(rx, ry, strict=True))
    return 1 - 6 * d2 / (n * (n * n - 1))


def simulate(count: int, args: argparse.Namespace) -> dict[str, float]:
    rng = random.Random(args.seed * 10 + count)
    n = args.players
    true_mu = [rng.gauss(25.0, args.spread) for _ in range(n)]
    skills = [Skill() for _ in range(n)]
    games = [0] * n
    matcher = Matcher(count, random.Random(args.seed))
    # Events: (time, player) when a player comes back to the queue.
    returns: list[tuple[float, int]] = [(rng.uniform(0, 600), p) for p in range(n)]
    heapq.heapify(returns)
    waits: list[float] = []
    gaps: list[int] = []
    team_gaps: list[int] = []
    end = args.hours * 3600
    now = 0.0
    made = 0
    while now < end:
        while returns and returns[0][0] <= now:
            _t, p = heapq.heappop(returns)
            matcher.join(Ticket(str(p), skills[p].rating, joined_at=now))
        for match in matcher.wave(now):
            made += 1
            seats = [int(u) for u in match.user_ids]
            waits.extend(match.waits())
            gaps.append(match.gap)
            if count == 4:
                team_gaps.append(match.team_gap)
            performance = [rng.gauss(true_mu[p], BETA) for p in seats]
            # Each seat's score is its performance; at 4 players the team totals decide.
            scores = [round(perf * 1000) for perf in performance]
            placements = placements_from_scores(count, scores)
            new = rate_match([skills[p] for p in seats], placements)
            length = args.match_minutes * 60 * rng.uniform(2 / 3, 4 / 3)
            for p, skill in zip(seats, new, strict=True):
                skills[p] = skill
                games[p] += 1
                back = now + length + rng.expovariate(1 / (args.rest_minutes * 60))
                heapq.heappush(returns, (back, p))
        now += WAVE_SECONDS
    rated = [p for p in range(n) if games[p] >= 5]
    return {
        "matches": made,
        "wait_p50": _pct(waits, 0.5),
        "wait_p90": _pct(waits, 0.9),
        "gap_p50": _pct([float(g) for g in gaps], 0.5),
        "gap_p90": _pct([float(g) for g in gaps], 0.9),
        "team_gap_p50": _pct([float(g) for g in team_gaps], 0.5) if team_gaps else 0.0,
        "spearman": _spearman([true_mu[p] for p in rated], [skills[p].rating for p in rated]),
        "rated_players": len(rated),
        "median_games": statistics.median(games),
        "rating_p10": _pct([float(skills[p].rating) for p in range(n)], 0.1),
        "rating_p90": _pct([float(skills[p].rating) for p in range(n)], 0.9),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--counts", default="2,3,4", help="player counts to run, e.g. 2,4")
    parser.add_argument("--hours", type=float, default=8.0, help="simulated hours")
    parser.add_argument("--match-minutes", type=float, default=12.0)
    parser.add_argument("--rest-minutes", type=float, default=10.0)
    parser.add_argument("--spread", type=float, default=5.0, help="sd of true strength (mu)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"{args.players} players, {args.hours:g} simulated hours, waves every {WAVE_SECONDS:g} s,"
        f" matches {args.match_minutes:g} min, rest {args.rest_minutes:g} min, seed {args.seed}"
    )
    print(
        "players | matches | wait p50 s | wait p90 s | gap p50 | gap p90 | team gap p50 |"
        " spearman | median games | rating p10-p90 | CPU s"
    )
    for count in [int(c) for c in args.counts.split(",")]:
        started = time.process_time()
        r = simulate(count, args)
        cpu = time.process_time() - started
        print(
            f"{count} | {r['matches']:.0f} | {r['wait_p50']:.0f} | {r['wait_p90']:.0f} |"
            f" {r['gap_p50']:.0f} | {r['gap_p90']:.0f} | {r['team_gap_p50']:.0f} |"
            f" {r['spearman']:.3f} | {r['median_games']:.0f} |"
            f" {r['rating_p10']:.0f}-{r['rating_p90']:.0f} | {cpu:.1f}"
        )


if __name__ == "__main__":
    main()
