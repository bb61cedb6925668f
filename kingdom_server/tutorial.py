"""Tutorial rooms: the scripted game, the tutorial bots, their pauses and the step pushes.

A tutorial room is a private, unlisted room (seed 000 section 4, 'Tutorial flow'):

- ``createRoom {playerName, isTutorial: true, tutorialMode?}`` makes it; the mode (default
  ``basics``) picks the scripted deal of ``kingdom_rules.tutorial``;
- ``addBot`` seats the lesson's bots (one in a two-player lesson, three in ``multiplayer``);
- ``startTutorialGame {guided?}`` (or ``startGame``) starts ``new_tutorial_game(mode)`` and
  chooses the learner's scripted starting resource, so the game reaches its first turn;
- in ``basics`` the bot waits at the start of its first two turns until ``resumeTutorialBot``
  (``{all: true}``: and never waits again; ``guided: false`` at the start: it never waits);
- when something a lesson step watches for happens, the room gets ``advanceTutorialStep
  {stepId}`` naming the step that it completes (the client ignores ids that are not current).

Every move still goes through the engine (``Hub.apply``): this module decides no rule, it only
says which lesson step a move completes. The mode and the resumed pauses are stored in a small
table of their own, so a restarted server resumes tutorial rooms like any other room.
"""

from __future__ import annotations

import json
import logging
from typing import TYPE_CHECKING, Any

import attrs
import peewee as pw

import kingdom_rules as kr
from kingdom_rules import tutorial as lessons
from kingdom_server import validation as v
from kingdom_server.rooms import Seat, epoch_ms, new_player_id, now_utc

if TYPE_CHECKING:
    from kingdom_server.realtime import Ack, Hub
    from kingdom_server.rooms import Room

log = logging.getLogger(__name__)

BOT_KIND = "TutorialBot"
BOT_NAMES = {2: "Tutorial Bot"}
"""Seat number -> bot name: the two-player lessons, then the four-seat one."""
FOUR_SEAT_NAMES = {2: "Rival Bot", 3: "Partner Bot", 4: "Rival Bot 2"}


@attrs.define
class Lesson:
    """What the server keeps about one tutorial room."""

    mode: str
    resumed: set[int] = attrs.Factory(set)
    """Pause rounds the learner has released the bot from."""
    unpaused: bool = False
    """The bot never waits again (resumeTutorialBot {all: true}, or an unguided start)."""


class Tutorials:
    """The tutorial side of the hub: called by `Hub` for tutorial rooms only."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        db = hub.storage.db

        class TutorialRoom(pw.Model):
            code = pw.CharField(primary_key=True, max_length=8)
            mode = pw.CharField(max_length=32)
            resumed = pw.TextField(default="[]")  # JSON list of rounds
            unpaused = pw.BooleanField(default=False)

            class Meta:
                database = db
                table_name = "tutorial_rooms"

        self.table = TutorialRoom
        db.create_tables([TutorialRoom], safe=True)
        self.by_code: dict[str, Lesson] = {}

    # -- the stored lesson of a room --------------------------------------------------------

    def lesson(self, room: Room) -> Lesson:
        lesson = self.by_code.get(room.code)
        if lesson is None:
            row = self.table.get_or_none(self.table.code == room.code)
            if row is None:
                lesson = Lesson(mode="basics")
            else:
                lesson = Lesson(
                    mode=row.mode, resumed=set(json.loads(row.resumed)), unpaused=row.unpaused
                )
            self.by_code[room.code] = lesson
        return lesson

    def save(self, room: Room, lesson: Lesson) -> None:
        self.by_code[room.code] = lesson
        self.table.insert(
            code=room.code,
            mode=lesson.mode,
            resumed=json.dumps(sorted(lesson.resumed)),
            unpaused=lesson.unpaused,
        ).on_conflict_replace().execute()

    def mode_of(self, room: Room) -> str:
        return self.lesson(room).mode

    def in_tutorial(self, sid: str) -> bool:
        """Whether the socket sits in a tutorial room (its lobby calls come here)."""
        ref = self.hub.sessions.get(sid)
        room = self.hub.rooms.get(ref[0]) if ref else None
        return room is not None and room.is_tutorial

    # -- calls --------------------------------------------------------------------------------

    async def create_room(self, sid: str, payload: dict[str, Any], name: str) -> Ack:

        mode = v.field(payload, "tutorialMode", str, required=False, default="basics")
        if mode not in lessons.MODES:
            shown = mode if len(mode) <= 40 else mode[:40] + "..."
            raise v.PayloadError(
                f"Unknown tutorial mode: {shown} (one of {', '.join(lessons.MODES)})"
            )
        hub = self.hub
        ack = await hub._create(  # noqa: SLF001 - the tutorial is part of the hub
            sid, name, is_public=False, desired=lessons.player_count(mode), is_tutorial=True
        )
        room = hub.rooms.get(ack["roomCode"])
        if room is not None:
            async with room.lock:
                self.save(room, Lesson(mode=mode))
                await hub.push_room(room)  # again, now naming the mode
        return {**ack, "tutorialMode": mode}

    async def add_bot(self, sid: str, data: Any) -> Ack:
        """Seat the lesson's bots (all of them: one, or three in the multiplayer lesson)."""

        from kingdom_server.realtime import CallError, ok

        v.as_object(data)
        hub = self.hub
        room, _ = hub._host_seat(sid, "add bots")  # noqa: SLF001
        async with room.lock:
            if room.started:
                raise CallError("Game already in progress")
            wanted = lessons.player_count(self.mode_of(room))
            if len(room.seats) >= wanted:
                raise CallError("The tutorial table is full")
            names = BOT_NAMES if wanted == 2 else FOUR_SEAT_NAMES
            ids = []
            while len(room.seats) < wanted:
                number = len(room.seats) + 1
                seat = Seat(
                    player_id=new_player_id(), name=names[number], is_bot=True, bot_kind=BOT_KIND
                )
                room.seats.append(seat)
                ids.append(seat.player_id)
            hub.persist_room(room)
            await hub.push_room(room)
        return ok(playerId=ids[0], playerIds=ids)

    async def start_game(self, sid: str, data: Any) -> Ack:
        """Start the scripted game and choose the learner's starting resource (so the game
        opens on the learner's first turn once the bots have chosen theirs)."""

        from kingdom_server.realtime import CallError, ok

        p = v.as_object(data)
        guided = v.field(p, "guided", bool, required=False, default=True)
        hub = self.hub
        room, seat = hub.seat_of(sid)
        if not room.is_tutorial:
            raise CallError("This is not a tutorial room")
        if seat.player_id != room.host_id:
            raise CallError("Only the host can start the game")
        async with room.lock:
            if room.started:
                raise CallError("Game already in progress")
            lesson = self.lesson(room)
            wanted = lessons.player_count(lesson.mode)
            if len(room.seats) < wanted:
                raise CallError("Add the tutorial bot first")
            if room.number_of(seat) != lessons.LEARNER or any(
                s.bot_kind != BOT_KIND for s in room.seats[1:]
            ):
                raise CallError("Only the learner and the tutorial bots can play a tutorial")
            deck = lessons.tutorial_deck(lesson.mode)
            state = lessons.new_tutorial_game(lesson.mode)
            lesson.unpaused = not guided
            lesson.resumed = set()
            self.save(room, lesson)
            started = now_utc()
            # The game row first, as the hub does: a crash in between leaves a waiting room.
            game_id = hub.storage.start_game(
                code=room.code,
                seed=state.seed,
                player_count=len(room.seats),
                mode=state.mode,
                deck=deck,
                started_at=started,
            )
            room.state = state
            room.game_id = game_id
            hub.persist_room(room)
            room.action_count = 0
            room.game_start_time = epoch_ms(started)
            for s in room.seats:
                s.absent = False
                hub._start_absence(room, s)  # noqa: SLF001
            first = kr.ChooseStartingResource(
                lessons.LEARNER, lessons.STARTING_RESOURCE[lesson.mode]
            )
            await hub.apply(room, first)
        return ok(tutorialMode=lesson.mode)

    async def resume_bot(self, sid: str, data: Any) -> Ack:
        """Release the bot from the pause it waits at (or the next one, if it is not waiting
        yet); ``{all: true}`` releases every pause of this game."""

        from kingdom_server.realtime import CallError, ok

        p = v.as_object(data)
        everything = v.field(p, "all", bool, required=False, default=False)
        hub = self.hub
        room, _ = hub.seat_of(sid)
        if not room.is_tutorial:
            raise CallError("This is not a tutorial game")
        async with room.lock:
            if room.state is None:
                raise CallError("The tutorial game has not started yet")
            lesson = self.lesson(room)
            pauses = lessons.BOT_PAUSES.get(lesson.mode, ())
            upcoming = [r for r in pauses if r >= room.state.round and r not in lesson.resumed]
            released: int | None = None
            if everything:
                lesson.unpaused = True
            elif upcoming and not lesson.unpaused:
                released = upcoming[0]
                lesson.resumed.add(released)
            self.save(room, lesson)
            hub.kick_bots(room)
        return ok(resumedRound=released, paused=False)

    # -- hooks called by the hub ------------------------------------------------------------

    def holds(self, room: Room, number: int) -> bool:
        """Whether the tutorial bot of seat `number` must wait for the learner now."""
        if not room.is_tutorial or room.state is None:
            return False

        state = room.state
        if state.phase != "playing" or number == lessons.LEARNER or state.current_player != number:
            return False
        lesson = self.lesson(room)
        if lesson.unpaused or state.round not in lessons.BOT_PAUSES.get(lesson.mode, ()):
            return False
        if state.round in lesson.resumed:
            return False
        # Only at the very start of its turn: once it has begun it finishes.
        return not (state.player(number).has_drawn_this_turn or state.played_this_turn)

    def make_bot(self, seat: Seat) -> Any:
        """A TutorialBot for the tutorial's bot seats, else None (the hub picks)."""
        if seat.is_bot and seat.bot_kind == BOT_KIND:
            from kingdom_rules.tutorial import TutorialBot

            return TutorialBot()
        return None

    async def after_apply(
        self, room: Room, action: Any, before: Any, after: Any, events: list[Any]
    ) -> None:
        """Push advanceTutorialStep for each lesson step the action completed (lock held)."""
        if not room.is_tutorial:
            return
        for step in completed_steps(self.mode_of(room), action, before, after, events):
            await self.hub.push_event(room, "advanceTutorialStep", {"stepId": step})


def completed_steps(
    mode: str, action: Any, before: Any, after: Any, events: list[Any]
) -> list[str]:
    """Ids of the lesson steps (web/src/tutorial/steps.ts) that this action completes.

    Only the learner's own moves, and the learner's turn coming back after the bots played,
    complete steps; which step depends on the kind of move and, where a lesson repeats one,
    on the round it happened in.
    """

    steps: list[str] = []
    me = lessons.LEARNER
    back = action.player != me and any(
        e.type == "turnStarted" and e.data.get("player") == me for e in events
    )
    rnd = before.round

    def kind_of(a: Any) -> str | None:
        if isinstance(a, kr.PlayCombination):
            return kr.classify(a.cards)
        return None

    skipped = None
    if isinstance(action, kr.SkipPendingAction) and before.pending:
        skipped = before.pending[0].type
    mine = action.player == me

    if mode == "basics":
        if back:
            steps += {2: ["opponent-turn-watching"], 3: ["opponent-queen"]}.get(after.round, [])
        if not mine:
            return steps
        if isinstance(action, kr.DrawCard) and rnd == 1:
            steps.append("draw-card")
        elif isinstance(action, kr.PlayResource):
            steps.append("play-resource")
        elif isinstance(action, kr.PassTurn):
            steps.append({1: "pass-turn", 2: "pass-turn-2"}.get(rnd, "pass-turn-3"))
        elif isinstance(action, kr.PlayRoyal):
            steps.append("play-royal")
        elif isinstance(action, kr.RotateResource):
            steps.append("crop-rotation")
        elif isinstance(action, kr.PlayCombination):
            kind = kind_of(action)
            if kind == "horse":
                steps.append("play-horse")
            elif kind is not None and kind.endswith("dragon"):
                steps.append("play-dragon")
        elif isinstance(action, kr.MountBeast):
            steps.append("mount-queen")
        elif isinstance(action, kr.EatCharacter) or skipped == "eating":
            steps.append("eat-royal")
    elif mode == "multiplayer":
        if back:
            steps += {2: ["mp-others-turn"], 3: ["mp-others-turn-2"]}.get(after.round, [])
        if not mine:
            return steps
        if isinstance(action, kr.DrawCard) and rnd == 1:
            steps.append("mp-draw")
        elif isinstance(action, kr.PlayResource):
            steps.append("mp-play-resource")
        elif isinstance(action, kr.PassTurn) and rnd in (1, 2):
            steps.append("mp-pass" if rnd == 1 else "mp-pass-2")
        elif isinstance(action, kr.PlayRoyal):
            steps.append("mp-play-queen")
        elif isinstance(action, kr.PlayCombination) and kind_of(action) in ("horse", "unicorn"):
            steps.append("mp-horse")
        elif isinstance(action, kr.MountBeast):
            steps.append("mp-mount")
        elif isinstance(action, kr.TransferToPartner) or skipped == "partner-transfer":
            steps.append("mp-transfer")
    elif mode == "advanced-combos":
        if back and len(after.player(me).kingdom.resources) >= 3:
            steps.append("adv-grow")
        if not mine:
            return steps
        if isinstance(action, kr.PlayCombination):
            kind = kind_of(action)
            if kind is not None and kind.endswith("dragon"):
                steps.append("adv-dragon")
        elif isinstance(action, kr.EatCharacter) or skipped == "eating":
            steps.append("adv-eat")
        elif isinstance(action, kr.DestroyWithHail):
            steps.append("adv-hail")
    return steps
