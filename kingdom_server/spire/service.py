"""Spire on the server (docs/spire.md, R36-R40): runs stored in `spire_runs` (the run's value as
JSON, `kingdom_rules.spire.Run`) and each signed-in player's statistics (`spire_stats`); the
/api/spire calls (their database work in the database threads, `core.http.database`); fights
hosted as rooms of one human and one bot with the run's `kr.SpireSetup` (opened on the event
loop, where the rooms live).

- Owner: a signed-in user, or a guest's anonymous cookie (HttpOnly, SameSite=Lax, a random
  token stored only as its sha256). Guest runs have no statistics and are deleted after 7
  days idle (R40). A run that is not the caller's answers 404, as a missing one.
- Every transition is the library's: a refused one (`RunRefused`) answers 409 with its
  message and changes nothing. A run row is written only if it still holds the version read
  (a compare-and-set), so a result is applied exactly once, also when calls race.
- A fight: entering a fight node creates the room and starts the hand; when the hand ends the
  games' finished hook applies `Run.finish_combat` (and at startup, for a hand that ended
  before a crash). A fight is dealt once: a room left or closed mid-hand is opened again on
  `fight` from its stored action log, at the move it stood at (docs/spire.md).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import json
import logging
import secrets
import uuid
from collections.abc import Callable
from typing import Any, Final

import peewee as pw
from aiohttp import web

import kingdom_rules as kr
from kingdom_rules.cards import Card
from kingdom_rules.spire import RELICS, SUIT_PERKS, Run, RunRefused
from kingdom_server import accounts
from kingdom_server.core import bots as botlib
from kingdom_server.core.http import Refused, database
from kingdom_server.core.hub import Hub
from kingdom_server.core.rooms import (
    Room,
    Seat,
    hash_token,
    new_player_id,
    new_reconnect_token,
)
from kingdom_server.core.storage import Storage
from kingdom_server.core.tables import now
from kingdom_server.spire.tables import SpireRun, SpireStats

log = logging.getLogger(__name__)

GUEST_COOKIE: Final = "kingdom_spire_guest"
GUEST_IDLE: Final = dt.timedelta(days=7)
NOT_FOUND: Final = "Run not found"
LEADERBOARD_SIZE: Final = 100

CardsEarnedHook = Callable[[str, list[Card]], None]
"""(user id, cards) called inside the transaction that saves a signed-in run whose deck gained
cards (R40): the Constructed collection (`user_card_collection`) registers itself here
(`Constructed.add_earned`, in app.py). A hook that raises rolls the whole save back."""


def _sha(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()



class Owner:
    def __init__(self, user_id: str | None, guest_hash: str | None,
                 new_cookie: str | None = None) -> None:
        self.user_id = user_id
        self.guest_hash = guest_hash
        self.new_cookie = new_cookie


def public_run(row_id: str, run: Run) -> dict[str, Any]:
    """The run as the player may see it: no seeds (they would deal every coming hand)."""
    data = run.to_json()
    data.pop("seed", None)
    combat = data.get("combat")
    if combat is not None:
        data["combat"] = {k: combat[k] for k in ("kind", "enemy", "bot", "perk", "fromEvent")}
    data["id"] = row_id
    data["isOver"] = run.over
    data["floor"] = run.floor
    data["removalPrice"] = run.removal_price()
    data["suitPerks"] = dict(SUIT_PERKS)  # the library's words (R39)
    # What the screens show, in the library's words (docs/spire.md): the map's legend, the
    # deck's rules, a fight's stakes, and at the end the run's summary.
    if run.phase != "deck-selection":
        data["legend"] = run.legend()
        data["deckRules"] = run.deck_rules()
    data["stakes"] = run.stakes()
    if data.get("shop"):
        for offer in data["shop"]["relics"]:
            relic = RELICS.get(offer["item"])
            if relic is not None:
                offer.update(name=relic.name, text=relic.text)
    data["relics"] = [_relic_json(r) for r in run.relics if r in RELICS]
    chest = run.chest()
    if chest is not None:
        found, gold = chest
        data["treasure"] = {
            "relic": None if found is None else _relic_json(found),
            "gold": gold,
        }
    info = run.event_info()
    if info is not None:
        data["eventInfo"] = {
            "id": info.id, "title": info.title, "text": info.text,
            "choices": [{"label": c.label, "problem": run.choice_problem(i)}
                        for i, c in enumerate(info.choices)],
        }
    return data


def map_nodes(run: Run) -> list[dict[str, Any]]:
    amap = run.map
    open_ = set(run.accessible())
    done = set(run.completed)
    return [
        {"id": i, "floor": n.floor, "x": n.x, "nodeType": n.kind,
         "isCompleted": i in done, "isAccessible": i in open_,
         "isCurrent": i == run.position, "children": list(amap.children(i))}
        for i, n in enumerate(amap.nodes)
    ]


class Spire:
    def __init__(self, storage: Storage, hub: Hub | None) -> None:
        self.storage = storage
        self.hub = hub
        self.Runs = storage.tables[SpireRun]
        self.Stats = storage.tables[SpireStats]
        self.cards_earned_hooks: list[CardsEarnedHook] = []
        self._opening: dict[str, tuple[asyncio.Lock, int]] = {}
        """One opening of a run's fight at a time (by run id): its lock and how many use it."""

    # -- owners ----------------------------------------------------------------------------

    async def owner(self, request: web.Request, *, create: bool = False) -> Owner:
        user = await accounts.current_user(request)
        if user is not None:
            owner = Owner(str(user.id), None)
            token = request.cookies.get(GUEST_COOKIE)
            if token and 16 <= len(token) <= 128:
                await database(request, self.adopt, owner, _sha(token))
            return owner
        token = request.cookies.get(GUEST_COOKIE)
        if token and 16 <= len(token) <= 128:
            return Owner(None, _sha(token))
        if create:
            token = secrets.token_urlsafe(32)
            return Owner(None, _sha(token), new_cookie=token)
        return Owner(None, None)

    def adopt(self, owner: Owner, guest_hash: str) -> None:
        """A guest who signs in keeps their runs ('Sign in to keep your runs'): the guest
        cookie's unfinished run becomes the account's, unless the account has one of its own
        (then the guest run stays the guest's). Counted in the account's totals once."""
        assert owner.user_id is not None
        R = self.Runs
        with self.storage.db.atomic():
            guest = (R.select().where((R.guest_hash == guest_hash) & R.user_id.is_null()
                                      & R.phase.not_in(("won", "lost", "abandoned"))
                                      & (R.updated_at >= now() - GUEST_IDLE))
                     .order_by(R.updated_at.desc()).first())
            if guest is None or self.active(owner) is not None:
                return
            n = (R.update(user_id=owner.user_id, guest_hash=None)
                 .where((R.id == guest.id) & R.user_id.is_null()).execute())
            if n:
                self._bump_stats(owner.user_id, total_runs=1)

    def _mine(self, owner: Owner) -> Any:
        R = self.Runs
        if owner.user_id is not None:
            return R.user_id == owner.user_id
        if owner.guest_hash is not None:
            return (R.guest_hash == owner.guest_hash) & R.user_id.is_null()
        return None

    def row(self, owner: Owner, run_id: str) -> SpireRun:
        where = self._mine(owner)
        if where is None or len(run_id) > 36:
            raise Refused(404, NOT_FOUND)
        row = self.Runs.get_or_none((self.Runs.id == run_id) & where)
        if row is None:
            raise Refused(404, NOT_FOUND)
        if row.user_id is None and row.updated_at < now() - GUEST_IDLE:
            self._delete(row.id)
            raise Refused(404, NOT_FOUND)
        return row

    @staticmethod
    def run_of(row: SpireRun) -> Run:
        return Run.from_json(json.loads(row.data))

    def active(self, owner: Owner) -> SpireRun | None:
        where = self._mine(owner)
        if where is None:
            return None
        rows = (self.Runs.select().where(where & self.Runs.phase.not_in(("won", "lost",
                                                                          "abandoned")))
                .order_by(self.Runs.updated_at.desc()))
        for row in rows:
            if row.user_id is None and row.updated_at < now() - GUEST_IDLE:
                continue
            return row
        return None

    # -- writing ---------------------------------------------------------------------------

    def _fields(self, run: Run, room_code: str | None) -> dict[str, Any]:
        return {"data": json.dumps(run.to_json()), "phase": run.phase, "act": run.act,
                "node_index": run.position, "max_hp": run.max_hp, "current_hp": run.hp,
                "gold": run.gold, "floor": run.floors_climbed, "score": run.score,
                "room_code": room_code, "updated_at": now()}

    def create(self, owner: Owner, run: Run) -> str:
        run_id = str(uuid.uuid4())
        with self.storage.db.atomic():
            self.Runs.create(id=run_id, user_id=owner.user_id,
                             guest_hash=owner.guest_hash if owner.user_id is None else None,
                             version=0, **self._fields(run, None))
            if owner.user_id is not None:
                self._bump_stats(owner.user_id, total_runs=1)
        return run_id

    def save(self, row: SpireRun, before: Run, after: Run, room_code: str | None) -> None:
        """Write `after` if the row still holds the version `before` was read from (else 409,
        nothing changed); statistics and earned cards in the same transaction."""
        with self.storage.db.atomic():
            n = (self.Runs.update(version=row.version + 1, **self._fields(after, room_code))
                 .where((self.Runs.id == row.id) & (self.Runs.version == row.version))
                 .execute())
            if n != 1:
                raise Refused(409, "The run changed meanwhile; reload it")
            if row.user_id is not None:
                ended = after.over and not before.over
                self._bump_stats(row.user_id, victories=int(ended and after.phase == "won"),
                                 floor=after.floors_climbed,
                                 score=after.score if ended else 0)
                # Earned: cards the deck gained (rewards, shops, events); the starter deck
                # chosen on deck selection is given, not earned.
                gained = list(after.deck) if before.phase != "deck-selection" else []
                for card in before.deck:
                    if card in gained:
                        gained.remove(card)
                if gained:
                    for hook in self.cards_earned_hooks:
                        hook(row.user_id, gained)
        row.version += 1

    def _bump_stats(self, user_id: str, *, total_runs: int = 0, victories: int = 0,
                    floor: int = 0, score: int = 0) -> None:
        S = self.Stats
        S.insert(user_id=user_id).on_conflict_ignore().execute()
        S.update(total_runs=S.total_runs + total_runs,
                 total_victories=S.total_victories + victories,
                 highest_floor=pw.Case(None, [(S.highest_floor < floor, floor)], S.highest_floor),
                 highest_score=pw.Case(None, [(S.highest_score < score, score)],
                                       S.highest_score),
                 ).where(S.user_id == user_id).execute()

    def _delete(self, run_id: str) -> None:
        with self.storage.db.atomic():
            self.Runs.delete().where(self.Runs.id == run_id).execute()

    def forget_user(self, db: pw.Database, user_id: str) -> None:
        """(accounts' delete hook, in the deleting transaction) The user's runs and totals."""
        self.Runs.delete().where(self.Runs.user_id == user_id).execute()
        self.Stats.delete().where(self.Stats.user_id == user_id).execute()

    def purge_guests(self) -> int:
        """Delete guest runs idle for 7 days (R40)."""
        stale = [r.id for r in self.Runs.select(self.Runs.id).where(
            self.Runs.user_id.is_null() & (self.Runs.updated_at < now() - GUEST_IDLE))]
        for run_id in stale:
            self._delete(run_id)
        return len(stale)

    def stats(self, owner: Owner) -> dict[str, int]:
        row = (self.Stats.get_or_none(self.Stats.user_id == owner.user_id)
               if owner.user_id is not None else None)
        return {"totalVictories": row.total_victories if row else 0,
                "totalRuns": row.total_runs if row else 0,
                "highestFloor": row.highest_floor if row else 0,
                "highestScore": row.highest_score if row else 0}

    def leaderboard(self, limit: int = LEADERBOARD_SIZE) -> list[dict[str, Any]]:
        """Signed-in players with a finished run, best score first (then more victories, a
        higher floor, fewer runs). Guests have no statistics, so they never appear; a deleted
        account's totals are deleted with it."""
        S, U = self.Stats, self.storage.tables[accounts.User]
        rows: Any = (S.select(S, U.username).join(U, on=(U.id == S.user_id))
                .where((S.highest_score > 0) | (S.highest_floor > 0))
                .order_by(S.highest_score.desc(), S.total_victories.desc(),
                          S.highest_floor.desc(), S.total_runs, S.user_id)
                .limit(limit).dicts())
        return [{"rank": i + 1, "userId": r["user_id"], "username": r["username"],
                 "totalVictories": r["total_victories"], "totalRuns": r["total_runs"],
                 "highestFloor": r["highest_floor"], "highestScore": r["highest_score"]}
                for i, r in enumerate(rows)]

    # -- transitions -----------------------------------------------------------------------

    def step(self, row: SpireRun, change: Callable[[Run], Run]) -> Run:
        before = self.run_of(row)
        try:
            after = change(before)
        except RunRefused as e:
            raise Refused(409, str(e)) from e
        self.save(row, before, after, row.room_code if after.phase == "combat" else None)
        return after

    # -- fights ----------------------------------------------------------------------------

    async def open_fight(self, row: SpireRun, run: Run, name: str) -> dict[str, Any]:
        """The fight's room (created and dealt if missing) and a fresh seat key for it. One
        opening of a run's fight at a time; the database work runs in the database threads,
        the rooms' writes through each room's ordered writer (Storage.write)."""
        if run.phase != "combat" or run.combat is None:
            raise Refused(409, "There is no fight to play")
        if self.hub is None:
            raise Refused(503, "Fights are not available")
        key = str(row.id)
        lock, users = self._opening.get(key) or (asyncio.Lock(), 0)
        self._opening[key] = (lock, users + 1)
        try:
            async with lock:
                return await self._open_fight(self.hub, row, run, name)
        finally:
            lock, users = self._opening[key]
            if users <= 1:
                del self._opening[key]
            else:
                self._opening[key] = (lock, users - 1)

    async def _open_fight(self, hub: Hub, row: SpireRun, run: Run, name: str) -> dict[str, Any]:
        assert run.combat is not None
        # Another opening may have made the room while this one waited for the lock.
        code = await self.storage.run(self._room_code_of, str(row.id))
        row.room_code = code
        room = hub.room_list.get(code) if code else None
        if room is not None and room.closed:
            room = None
        token = new_reconnect_token()
        if room is None:
            combat = run.combat
            # A fight is dealt once (docs/spire.md, "A fight is dealt once"): a room that was
            # left or closed mid-hand is opened again at the very move it stood at.
            first = await self._played_so_far(row, run)
            room = Room(code=await hub.lobby.new_code(), host_id=None, is_public=False,
                        desired_player_count=2, is_tutorial=False)
            human = Seat(player_id=new_player_id(), name=name[:20] or "Runner",
                         reconnect_token=hash_token(token), user_id=row.user_id)
            bot = Seat(player_id=new_player_id(), is_bot=True,
                       bot_kind=botlib.ALIASES.get(combat.bot, combat.bot),
                       name=combat.enemy[:64])
            room.seats = [human, bot]
            room.host_id = human.player_id
            await self.storage.store_room(room)  # a new room: nothing to undo if this fails
            hub.room_list.add(room)
            async with room.lock:
                try:
                    await hub.lobby.deal(room, room.snapshot(), seed=combat.seed,
                                         setup=combat.setup, first=first)
                except Exception:
                    await hub.lobby.close(room)
                    raise
            await self.storage.run(self._set_room_code, str(row.id), room.code)
            row.room_code = room.code
            hub.lobby.start_absence(room, human)
            hub.lobby.watch_attendance(room)
            if first:
                await self.settle_later(room)  # a hand that ended before its result was applied
        else:
            human = room.seats[0]
            async with room.lock:
                undo = room.snapshot()
                human.reconnect_token = hash_token(token)
                await hub.lobby.save(room, undo)
            await self.settle_later(room)
        return {"roomCode": room.code, "playerId": human.player_id, "reconnectToken": token,
                "playerNumber": 1}

    def _room_code_of(self, run_id: str) -> str | None:
        found = self.Runs.get_or_none(self.Runs.id == run_id)
        return None if found is None or not found.room_code else str(found.room_code)

    def _set_room_code(self, run_id: str, code: str) -> None:
        self.Runs.update(room_code=code).where(self.Runs.id == run_id).execute()

    async def _played_so_far(self, row: SpireRun, run: Run) -> list[kr.Action]:
        """The actions already played in this run's fight, from the stored game of the room it
        was last played in (none when it never started there): read in the database threads,
        after every write of that room asked for before (its ordered writer)."""
        combat = run.combat
        if combat is None or not row.room_code:
            return []
        code = str(row.room_code)
        record = await self.storage.write(code, self.storage.last_game_of, code)
        if record is None or record.seed != combat.seed or record.setup != combat.setup:
            return []
        return [kr.action_from_json(a) for a in record.actions]

    async def settle_later(self, room: Room) -> None:
        """:meth:`settle` in the database threads, after the room's writes asked for before."""
        await self.storage.write(room.code, self.settle, room)

    def combat_finished(self, room: Room) -> None:
        """(games' finished hook, lock held) Apply a Spire fight's result to its run, once."""
        if room.state is None or not isinstance(room.state.setup, kr.SpireSetup):
            return
        try:
            self.settle(room)
        except Exception:
            log.exception("room %s: the Spire fight's result was not applied", room.code)

    def settle(self, room: Room) -> bool:
        state = room.state
        if state is None or state.phase != "finished":
            return False
        row = self.Runs.get_or_none((self.Runs.room_code == room.code)
                                    & (self.Runs.phase == "combat"))
        if row is None:
            return False
        before = self.run_of(row)
        try:
            after = before.finish_combat(state)
        except RunRefused:
            return False
        try:
            self.save(row, before, after, None)
        except Refused:
            return False
        return True

    def settle_all(self) -> None:
        """At startup: fights whose hand ended before the server stopped."""
        if self.hub is None:
            return
        for row in self.Runs.select().where((self.Runs.phase == "combat")
                                            & self.Runs.room_code.is_null(False)):
            room = self.hub.room_list.get(str(row.room_code))
            if room is not None:
                self.settle(room)


spire_key: Final = web.AppKey("spire", Spire)


def _relic_json(relic_id: str) -> dict[str, str]:
    """A relic as the web app shows it: its name, its effect's words and whether it changes
    a rule of play (``play``: ``rules``, ``setup`` or empty; docs/spire.md)."""
    r = RELICS[relic_id]
    return {"id": r.id, "name": r.name, "text": r.text, "play": r.to_json()["play"]}
