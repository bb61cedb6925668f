"""Test scaffolding for web/e2e/signedin.mjs and competitive.mjs: rate some 2-player matches between accounts (by
user id) in the e2e server's SQLite file through the server's own ranked store, and write them
to the match history, so that the leaderboards and Recent Matches have rows.
Usage: python web/e2e/seed_ladder.py DB USER_ID:NAME USER_ID:NAME ..."""

import datetime as dt
import sys
import uuid

from kingdom_server.core.storage import Storage
from kingdom_server.ranked.service import RankedStore
from kingdom_server.stats import TABLES as STATS_TABLES
from kingdom_server.stats import Match, MatchParticipant

db, players = sys.argv[1], [a.split(":", 1) for a in sys.argv[2:]]
storage = Storage(f"sqlite:///{db}")
store = RankedStore(storage.tables)
storage.tables.create(STATS_TABLES)
matches, seats = storage.tables[Match], storage.tables[MatchParticipant]
season = store.active_season()
assert season is not None, "no active season"
now = dt.datetime.now(dt.UTC).replace(tzinfo=None)
game = 900_000
for n in range(7):  # enough matches for the first players to leave placement (5)
    for i in range(len(players) - 1):
        a, b = players[i], players[i + 1]
        winner, loser = (a, b) if (n + i) % 3 else (b, a)
        key = f"seed:{n}:{i}"
        changes = store.apply_match(season.id, key, [winner[0], loser[0]], [1, 2])
        game += 1
        match_id = str(uuid.uuid4())
        matches.create(id=match_id, game_id=game, room_code="SEED", game_mode="ranked",
                       format="standard", season_id=str(season.id), player_count=2,
                       match_type="match", started_at=now - dt.timedelta(minutes=20),
                       completed_at=now - dt.timedelta(minutes=n * 10 + i), duration_seconds=600)
        for number, (user, place) in enumerate(((winner, 1), (loser, 2)), start=1):
            seats.create(match_id=match_id, user_id=user[0], player_number=number, name=user[1],
                         final_score=30 - 8 * place + n, placement=place, won=place == 1,
                         royals_played=3 + n % 4, dragons_created=n % 2,
                         rating_change=changes[user[0]])
storage.close()
