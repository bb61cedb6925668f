"""Test scaffolding for web/e2e/signedin.mjs and competitive.mjs: some finished 2-player
ranked matches between accounts (by user id), written into the e2e server's SQLite file the way
the server writes a finished match (`Results.write`: the match and its seats in the history,
the accounts' totals, the ratings through the ranked store), so that the leaderboards, profiles
and Recent Matches have rows.
Usage: python web/e2e/seed_ladder.py DB USER_ID:NAME USER_ID:NAME ..."""

import datetime as dt
import sys
import uuid

from kingdom_server.accounts import TABLES as ACCOUNT_TABLES
from kingdom_server.core.storage import Storage
from kingdom_server.ranked.service import RankedStore
from kingdom_server.stats import TABLES as STATS_TABLES
from kingdom_server.stats import RankedIn, Results
from kingdom_server.stats.service import MatchResult, SeatResult

db, players = sys.argv[1], [a.split(":", 1) for a in sys.argv[2:]]
storage = Storage(f"sqlite:///{db}")
store = RankedStore(storage.tables)
storage.tables.create(ACCOUNT_TABLES + STATS_TABLES)
results = Results(storage)
season = store.active_season()
assert season is not None, "no active season"


def rated(_db: object, result: MatchResult) -> dict[int, int]:
    seats = sorted(result.seats, key=lambda s: s.placement)
    key = f"seed:{result.match_id}"
    changes = store.apply_match(season.id, key, [s.user_id for s in seats],
                                [s.placement for s in seats])
    return {s.player_number: changes[s.user_id] for s in seats}


results.season_hooks.append(lambda result: RankedIn(str(season.id), "standard"))
results.rating_hooks.append(rated)
now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
game = 900_000
for n in range(7):  # enough matches for the first players to leave placement (5)
    for i in range(len(players) - 1):
        a, b = players[i], players[i + 1]
        winner, loser = (a, b) if (n + i) % 3 else (b, a)
        game += 1
        completed = now - dt.timedelta(minutes=n * 10 + i)
        seats = tuple(
            SeatResult(player_number=number, user_id=user[0], name=user[1], is_bot=False,
                       final_score=30 - 8 * place + n, placement=place, won=place == 1,
                       royals_played=3 + n % 4,
                       built={"dragon": n % 2, "horse": 1 + n % 3, "castle": n % 2})
            for number, (user, place) in enumerate(((winner, 1), (loser, 2)), start=1))
        with storage.db.atomic():
            results.write(MatchResult(
                match_id=str(uuid.uuid4()), game_id=game, room_code="SEED", ranked=True,
                constructed=False, match_type="match", player_count=2,
                started_at=completed - dt.timedelta(minutes=10), completed_at=completed,
                seats=seats))
storage.close()
