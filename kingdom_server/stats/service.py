"""Statistics and match history: `matches`, `match_participants` and `user_stats`
(docs/protocol.md, "HTTP API: accounts, statistics and match history"), written once per
finished casual game (mode game) or whole match (mode match).

`Results.record(room)` runs when a room's game finishes (and again for every finished game
found at startup, in case the server died between the last action and this write). All rows
of one game are written in one transaction keyed on the stored game's id (`matches.game_id`
is unique), so a replayed end never counts twice and a crash never counts half.

What a seat built comes from the engine's events (`royalPlayed`, `combinationBuilt`) over the
game's stored log; places come from the engine's outcome and final scores, partners sharing
their team's place. Tutorials and Spire combats are not counted.

A player who left the game before its end (`Seat.left_at`), or abandoned a ranked match (the
hooks of `Results.leaver_hooks`), places last with their team and does not win, whatever the
score their bot reached: the record, the statistics and the rating tell the same story. What
the seat built after the person left, or while a bot stood in for them when they were away
(`Seat.away`), is the bot's and is not counted for the person.

Ranked (or any later mode) adds rating changes inside the same transaction by appending a
`RatingHook` to `Results.rating_hooks`: it gets the database and the `MatchResult` and answers
each seat's rating change by player number.
"""

from __future__ import annotations

import logging
import os
import signal
import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Set
from typing import Any, NamedTuple

import attrs
import peewee as pw

import kingdom_rules as kr
from kingdom_server.accounts import User
from kingdom_server.core.rooms import Room
from kingdom_server.core.storage import GameRecord, Storage
from kingdom_server.core.tables import now
from kingdom_server.stats.tables import (
    CONSTRUCTED_FORMAT,
    STANDARD_FORMAT,
    Match,
    MatchParticipant,
    UserStats,
)

log = logging.getLogger(__name__)

DELETED_PLAYER = "Deleted player"
HISTORY_LENGTH = 20
DRAGON_KINDS = ("dragon", "golden-dragon", "silver-dragon", "divine-dragon")


# -- what a finished game amounts to ---------------------------------------------------------


@attrs.frozen
class SeatResult:
    player_number: int
    user_id: str | None
    name: str
    is_bot: bool
    final_score: int
    placement: int
    won: bool
    royals_played: int
    built: Mapping[str, int]
    """combinationBuilt counts by kind (horse, unicorn, dragon, golden-dragon, ...)."""
    left: bool = False
    """The person left before the end: placed last, and the counts are their own part."""

    @property
    def dragons(self) -> int:
        return sum(self.built.get(k, 0) for k in DRAGON_KINDS)


@attrs.frozen
class MatchResult:
    """What `Results.record` writes, and what a rating hook receives."""

    match_id: str
    game_id: int
    room_code: str
    ranked: bool
    constructed: bool
    match_type: str
    player_count: int
    started_at: Any
    completed_at: Any
    seats: tuple[SeatResult, ...]


RatingHook = Callable[[pw.Database, MatchResult], Mapping[int, int]]
LeaverHook = Callable[[Room], set[int]]
"""Player numbers of a room's finished game who abandoned it in a way the room's seats do not
show (ranked: stayed away past the takeover time)."""
class RankedIn(NamedTuple):
    """Where a ranked match counts: its season and its ladder (`matches.format` of a ranked
    match is its ladder)."""

    season_id: str
    ladder: str


SeasonHook = Callable[[MatchResult], RankedIn | None]
"""The ranked season and ladder a match was played in (None: not a ranked match, or not this
hook's)."""


def placements(state: kr.GameState, left: Set[int] = frozenset()) -> dict[int, int]:
    """Place of each player number: 1 for the winners, then by final score (partners share
    their team's place and total); equal totals share a place. A side with a player in `left`
    (who left before the end) places below every side without one."""
    return standings(state, left)[0]


def standings(state: kr.GameState, left: Set[int] = frozenset()) -> tuple[dict[int, int],
                                                                        set[int]]:
    """(place of each player number, the player numbers who won): see :func:`placements`.
    The engine's winners win unless they left; when every winning side has a leaver, the
    sides placed first among the others win instead (a game without winners keeps none)."""
    n = state.player_count
    scores = state.match_scores
    winners = set(state.outcome.winners if state.outcome is not None else ())
    sides: dict[int, tuple[int, ...]] = {}
    for p in range(1, n + 1):
        mate = kr.partner(p, n)
        sides[p] = tuple(sorted((p, mate))) if mate else (p,)
    totals = {side: sum(scores[q - 1] for q in side) for side in set(sides.values())}
    won = {side for side in totals if winners & set(side)}
    gone = {side for side in totals if left & set(side)}
    # Smaller is better: no leaver, then the engine's winners (all equal), then the total.
    keys = {side: (side in gone, side not in won, 0 if side in won else -totals[side])
            for side in totals}
    places = {p: 1 + sum(1 for k in keys.values() if k < keys[side]) for p, side in sides.items()}
    if won - gone or not won:
        winning = won - gone
    else:  # every winning side left: the best placed of the others win
        winning = {side for side in set(totals) - gone if places[side[0]] == 1}
    return places, {p for side in winning for p in side}


def summarize(
    room: Room, game: GameRecord, match_id: str, abandoned: Set[int] = frozenset()
) -> MatchResult | None:
    """The result of a finished game from its stored log (None if it did not finish).
    `abandoned`: player numbers who abandoned it besides the seats left before the end."""
    if len(room.seats) != game.player_count:
        return None
    state = kr.new_game(player_count=game.player_count, seed=game.seed, mode=game.mode,
                        deck=game.deck, setup=game.setup)
    # When each seat was its bot's: after its person left, and while they were away.
    own_until = {i + 1: seat.left_at for i, seat in enumerate(room.seats)
                 if seat.left_at is not None}
    away = {i + 1: seat.away for i, seat in enumerate(room.seats) if seat.away}
    royals: Counter[int] = Counter()
    built: dict[int, Counter[str]] = {p: Counter() for p in range(1, game.player_count + 1)}
    for seq, data in enumerate(game.actions):
        state, events = kr.apply(state, kr.action_from_json(data))
        for event in events:
            if event.type not in ("royalPlayed", "combinationBuilt"):
                continue
            player = int(event.data["player"])
            if seq >= own_until.get(player, seq + 1) or any(
                start <= seq and (end is None or seq < end) for start, end in away.get(player, ())
            ):
                continue  # the bot's doing, not the person's
            if event.type == "royalPlayed":
                royals[player] += 1
            else:
                built[player][str(event.data["kind"])] += 1
    if state.phase != "finished":
        return None
    left = set(own_until) | set(abandoned)
    places, winners = standings(state, left)
    completed = now()
    seats = tuple(
        SeatResult(
            player_number=i + 1,
            user_id=None if seat.is_bot else seat.user_id,
            name=seat.name,
            is_bot=seat.is_bot,
            final_score=int(state.match_scores[i]),
            placement=places[i + 1],
            won=(i + 1) in winners,
            royals_played=royals[i + 1],
            built=dict(built[i + 1]),
            left=(i + 1) in left,
        )
        for i, seat in enumerate(room.seats)
    )
    return MatchResult(
        match_id=match_id,
        game_id=game.id,
        room_code=room.code,
        ranked=room.is_ranked,
        constructed=room.constructed,
        match_type=game.mode,
        player_count=game.player_count,
        started_at=game.started_at,
        completed_at=completed,
        seats=seats,
    )


def _failpoint(name: str) -> None:
    """Crash tests (tests/server/test_stats_restart.py): KINGDOM_FAILPOINT=<name> kills the
    process with SIGKILL at that point, as a power cut would."""
    if os.environ.get("KINGDOM_FAILPOINT") == name:
        os.kill(os.getpid(), signal.SIGKILL)


class Results:
    """Writes finished games' results (one app, one database)."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.db = storage.db
        self.Match = storage.tables[Match]
        self.Participant = storage.tables[MatchParticipant]
        self.UserStats = storage.tables[UserStats]
        self.User = storage.tables[User]
        self.rating_hooks: list[RatingHook] = []
        self.season_hooks: list[SeasonHook] = []
        self.leaver_hooks: list[LeaverHook] = []
        """Ranked's hook(s): called inside the writing transaction, answer {player number:
        rating change}; a seat no hook names gets 0."""

    def counted(self, room: Room) -> bool:
        state = room.state
        return (
            state is not None
            and state.phase == "finished"
            and room.game_id is not None
            and not room.is_tutorial
            and not isinstance(state.setup, kr.SpireSetup)
        )

    def match_id_of(self, game_id: int) -> str | None:
        """The id of the match written for stored game `game_id` (its replay's id)."""
        row = self.Match.get_or_none(self.Match.game_id == game_id)
        return str(row.id) if row is not None else None

    def written(self, game_id: int) -> bool:
        return bool(self.Match.select().where(self.Match.game_id == game_id).exists())

    def game_finished(self, room: Room) -> None:
        """(lock held) A game just finished: its statistics, once. A failure is logged; the
        game's end is written, so the next start writes the result instead."""
        try:
            self.record(room)
            if room.game_id is not None:
                room.match_id = self.match_id_of(room.game_id)  # replays, score screen
        except Exception:
            log.exception("room %s: the result of game %s was not written", room.code,
                          room.game_id)

    def rooms_loaded(self, rooms: Iterable[Room]) -> None:
        """At start: the results of finished games the server may have died before writing."""
        for room in rooms:
            if room.phase == "finished":
                self.game_finished(room)

    def record(self, room: Room) -> bool:
        """Write the room's finished game once: True if written now, False if it was already
        written or is not counted. Raises if the store fails (nothing is then written)."""
        if not self.counted(room):
            return False
        assert room.game_id is not None
        if self.written(room.game_id):
            return False
        game = self.storage.game_record(room.game_id)
        if game is None:
            return False
        abandoned = {n for hook in self.leaver_hooks for n in hook(room)}
        result = summarize(room, game, str(uuid.uuid4()), abandoned)
        if result is None:
            return False
        _failpoint("before-result")
        try:
            with self.db.atomic():
                self.write(result)
        except pw.IntegrityError:
            if self.written(room.game_id):  # written meanwhile by another writer
                return False
            raise
        _failpoint("after-result")
        return True

    def write(self, result: MatchResult) -> None:
        """(in the caller's transaction) Write one finished match: its row, each seat, the
        hooks' ratings and season, the accounts' totals. `record` is the way a finished room's
        result gets here."""
        completed = result.completed_at
        started = result.started_at
        ranked_in = next((r for r in (hook(result) for hook in self.season_hooks)
                          if r is not None), None)
        played_with = CONSTRUCTED_FORMAT if result.constructed else STANDARD_FORMAT
        self.Match.create(
            id=result.match_id,
            game_id=result.game_id,
            room_code=result.room_code,
            game_mode="ranked" if result.ranked else "casual",
            format=ranked_in.ladder if ranked_in is not None else played_with,
            season_id=ranked_in.season_id if ranked_in is not None else None,
            player_count=result.player_count,
            match_type=result.match_type,
            started_at=started,
            completed_at=completed,
            duration_seconds=max(0, int((completed - started).total_seconds())),
        )
        changes: dict[int, int] = {}
        for hook in self.rating_hooks:
            changes.update(hook(self.db, result))
        user_ids = {s.user_id for s in result.seats if s.user_id}
        existing = {
            u.id for u in self.User.select(self.User.id).where(self.User.id.in_(list(user_ids)))
        } if user_ids else set()
        counted: set[str] = set()
        for seat in result.seats:
            user_id = seat.user_id if seat.user_id in existing else None
            deleted = seat.user_id is not None and user_id is None
            self.Participant.create(
                match_id=result.match_id,
                user_id=user_id,
                player_number=seat.player_number,
                name=DELETED_PLAYER if deleted else seat.name[:64],
                is_bot=seat.is_bot,
                final_score=seat.final_score,
                placement=seat.placement,
                won=seat.won,
                royals_played=seat.royals_played,
                dragons_created=seat.dragons,
                divine_dragons_created=seat.built.get("divine-dragon", 0),
                golden_dragons_created=seat.built.get("golden-dragon", 0),
                silver_dragons_created=seat.built.get("silver-dragon", 0),
                unicorns_created=seat.built.get("unicorn", 0),
                horses_created=seat.built.get("horse", 0),
                castles_created=seat.built.get("castle", 0),
                cathedrals_created=seat.built.get("cathedral", 0),
                rating_change=int(changes.get(seat.player_number, 0)),
                left=seat.left,
            )
            if user_id is not None and user_id not in counted:
                counted.add(user_id)
                self._add_to_stats(user_id, seat)

    def _add_to_stats(self, user_id: str, seat: SeatResult) -> None:
        row = self.UserStats.get_or_none(self.UserStats.user_id == user_id)
        if row is None:
            row = self.UserStats(user_id=user_id)
            fresh = True
        else:
            fresh = False
        row.total_games += 1
        if seat.won:
            row.total_wins += 1
            row.current_win_streak += 1
            row.best_win_streak = max(row.best_win_streak, row.current_win_streak)
        else:
            row.total_losses += 1
            row.current_win_streak = 0
        row.highest_score = max(row.highest_score, seat.final_score)
        row.total_score += seat.final_score
        row.average_score = row.total_score / row.total_games
        row.total_divine_dragons += seat.built.get("divine-dragon", 0)
        row.total_golden_dragons += seat.built.get("golden-dragon", 0)
        row.total_silver_dragons += seat.built.get("silver-dragon", 0)
        row.total_unicorns += seat.built.get("unicorn", 0)
        row.total_castles += seat.built.get("castle", 0)
        row.total_cathedrals += seat.built.get("cathedral", 0)
        row.total_horses += seat.built.get("horse", 0)
        row.updated_at = now()
        row.save(force_insert=fresh)

    # -- account deletion ------------------------------------------------------------------

    def forget_user(self, db: pw.Database, user_id: str) -> None:
        """(in the deleting transaction) Totals go; past matches stay, as 'Deleted player'."""
        self.UserStats.delete().where(self.UserStats.user_id == user_id).execute()
        self.Participant.update(user_id=None, name=DELETED_PLAYER).where(
            self.Participant.user_id == user_id
        ).execute()

    # -- reads -----------------------------------------------------------------------------

    def stats_json(self, user_id: str) -> dict[str, Any]:
        row = self.UserStats.get_or_none(self.UserStats.user_id == user_id)
        row = row if row is not None else UserStats(user_id=user_id)
        return {
            "totalGames": row.total_games,
            "totalWins": row.total_wins,
            "totalLosses": row.total_losses,
            "highestScore": row.highest_score,
            "currentWinStreak": row.current_win_streak,
            "bestWinStreak": row.best_win_streak,
            "averageScore": round(float(row.average_score), 4),
            "totalDivineDragons": row.total_divine_dragons,
            "totalGoldenDragons": row.total_golden_dragons,
            "totalSilverDragons": row.total_silver_dragons,
            "totalUnicorns": row.total_unicorns,
            "totalCastles": row.total_castles,
            "totalCathedrals": row.total_cathedrals,
            "totalHorses": row.total_horses,
        }

    def history_json(self, user_id: str, limit: int = HISTORY_LENGTH) -> list[dict[str, Any]]:
        """The user's last `limit` matches, newest first."""
        P, M = self.Participant, self.Match
        mine = list(
            P.select(P)
            .join(M, on=(P.match_id == M.id))
            .where(P.user_id == user_id)
            .order_by(M.completed_at.desc(), P.id.desc())
            .limit(limit)
        )
        if not mine:
            return []
        matches = {m.id: m for m in M.select().where(M.id.in_([p.match_id for p in mine]))}
        everyone: dict[str, list[Any]] = {}
        for row in P.select().where(P.match_id.in_([m.match_id for m in mine])).order_by(
            P.player_number
        ):
            everyone.setdefault(row.match_id, []).append(row)
        out = []
        for p in mine:
            m = matches[p.match_id]
            out.append(
                {
                    "id": m.id,
                    "placement": p.placement,
                    "finalScore": p.final_score,
                    "royalsPlayed": p.royals_played,
                    "dragonsCreated": p.dragons_created,
                    "divineDragonsCreated": p.divine_dragons_created,
                    "goldenDragonsCreated": p.golden_dragons_created,
                    "silverDragonsCreated": p.silver_dragons_created,
                    "ratingChange": p.rating_change,
                    "won": bool(p.won),
                    "left": bool(p.left),
                    "playerNumber": p.player_number,
                    "playerCount": m.player_count,
                    "gameMode": m.game_mode,
                    "format": m.format,
                    "seasonId": m.season_id,
                    "matchType": m.match_type,
                    "roomCode": m.room_code,
                    "completedAt": m.completed_at.isoformat() + "Z",
                    "durationSeconds": m.duration_seconds,
                    "players": [
                        {
                            "playerNumber": o.player_number,
                            "name": o.name,
                            "isBot": bool(o.is_bot),
                            "finalScore": o.final_score,
                            "placement": o.placement,
                            "won": bool(o.won),
                            "left": bool(o.left),
                        }
                        for o in everyone.get(m.id, [])
                    ],
                }
            )
        return out

