"""The games of the open rooms: every game call through the engine, the score screen between
hands, the bots.

Nothing here decides a rule. A game call becomes `kingdom_rules.action_from_json(...)` and
`kingdom_rules.apply(...)` under the room's lock; the engine's exception text is the answer.
Every accepted action is appended to the game's log in the store before the acknowledgement.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import kingdom_rules as kr
from kingdom_rules.actions import BY_WIRE as ACTION_WIRE_NAMES
from kingdom_server.core import bots as botlib
from kingdom_server.core import clocks
from kingdom_server.core.actionlog import ActionLog
from kingdom_server.core.answers import Ack, Call, CallError, Payload, ok
from kingdom_server.core.background import Background
from kingdom_server.core.botpool import BotPool
from kingdom_server.core.pushes import Pushes, loop_time
from kingdom_server.core.rooms import Room, Rooms, Seat, epoch_ms
from kingdom_server.core.settings import Settings
from kingdom_server.core.storage import GameRecord, Storage, seat_clocks

log = logging.getLogger(__name__)

#: Game calls (docs/protocol.md, "Game calls"): the engine's wire names, so a
#: new engine action is a new call without a second list to keep in step.
GAME_EVENTS = tuple(ACTION_WIRE_NAMES)

class Lesson(Protocol):
    """A guide that watches tutorial rooms' moves (the tutorial feature provides one)."""

    def refusal(self, room: Room, action: kr.Action, before: kr.GameState,
                after: kr.GameState) -> str | None:
        """A hint refusing a learner's move the engine accepted, or None to let it be."""
        ...

    def steps(self, room: Room, action: kr.Action, before: kr.GameState, after: kr.GameState,
              events: Sequence[kr.Event]) -> list[dict[str, Any]]:
        """The `advanceTutorialStep` pushes an accepted move brings."""
        ...

    def bot_paused(self, room: Room, seat: Seat) -> bool:
        """Whether the seat's bot waits for the learner."""
        ...

    def end(self, room: Room) -> None:
        """The lesson is over (skipped, finished, or the server restarted): no pause, no
        guard."""
        ...


class Games:
    """The engine's actions, applied one at a time per room; bots and the score screen."""

    def __init__(
        self,
        settings: Settings,
        storage: Storage,
        rooms: Rooms,
        pushes: Pushes,
        background: Background,
        stats: dict[str, int],
    ) -> None:
        self.settings = settings
        self.storage = storage
        self.rooms = rooms
        self.pushes = pushes
        self.background = background
        self.stats = stats
        self.action_log = ActionLog(storage, flush_seconds=settings.action_flush_seconds)
        """Accepted actions' rows, durable before their acknowledgement, committed in groups."""
        self.rng = secrets.SystemRandom()
        self.bots: dict[tuple[str, str], Any] = {}
        """(room code, player id) -> bot instance playing that seat."""
        self.pool = BotPool(settings.bot_workers)
        """Where slow bots (SearchBot) think: worker processes."""
        self.finished_writes: list[Callable[[Room], None]] = []
        """Called in turn (lock held), in one job of the room's ordered writer in a database
        thread, when a room's game has just finished, after its last action was written: the
        features' results (statistics, ratings, a Spire fight's outcome)."""
        self.finished_hooks: list[Callable[[Room], None]] = []
        """Called (lock held) on the event loop after the finished writes."""
        self.timeout_hooks: list[Callable[[Room, Seat], Awaitable[None]]] = []
        """Awaited (lock held) when a seat's clock has run out for the last time allowed
        (clocks.MAX_TIMEOUTS): the lobby treats it as the person leaving the game."""
        self.lesson: Lesson | None = None
        """The tutorial rooms' guide (None: tutorial rooms are played unguided)."""

    # -- calls -----------------------------------------------------------------------------

    def call(self, event: str) -> Call:
        """The handler of game call `event` (one of GAME_EVENTS)."""

        async def call(sid: str, payload: Payload) -> Ack:
            room, seat = self.rooms.seat_of(sid)  # a spectator: 'Spectators cannot act'
            async with room.lock:
                if room.closed or seat.sid != sid:
                    raise CallError("You are not in a room")
                if room.state is None:
                    raise CallError("The game has not started yet")
                number = room.number_of(seat)
                clock = seat.clock
                if clock is not None and clock.running and clock.remaining(clocks.now()) <= 0:
                    # The clock ran out before this move: the timeout wins (its timer may
                    # not have woken yet), the move is refused.
                    await self._time_out(room, number)
                    raise CallError(clocks.TIME_RAN_OUT)
                try:
                    # type and player last: a payload cannot act for someone else.
                    action = kr.action_from_json({**payload, "type": event, "player": number})
                    await self.apply(room, action, guarded=True)
                except kr.IllegalAction as e:
                    if clock is not None and clock.played_for:
                        raise CallError(clocks.TIME_RAN_OUT) from e
                    raise CallError(str(e)) from e
                if clock is not None:
                    clock.played_for = False
            return ok()

        return call

    # -- a game's life ---------------------------------------------------------------------

    def resume(self, room: Room, game: GameRecord) -> None:
        """The room's game rebuilt from its stored log (at startup). Raises what replay raises."""
        actions = [kr.action_from_json(a) for a in game.actions]
        room.state = kr.replay(
            seed=game.seed,
            player_count=game.player_count,
            mode=game.mode,
            actions=actions,
            deck=game.deck,
            setup=game.setup,
        )
        room.game_id = game.id
        room.action_count = len(actions)
        room.game_start_time = epoch_ms(game.started_at)
        for seat in room.seats:  # nobody is away after a restart until the absence limit again
            if seat.away and seat.away[-1][1] is None:
                seat.away = (*seat.away[:-1], (seat.away[-1][0], room.action_count))

    async def apply(self, room: Room, action: kr.Action, *, guarded: bool = False) -> None:
        """Apply one action (lock held): engine, then the log, then pushes. Raises IllegalAction.

        `guarded`: a person's call, which in a tutorial lesson may also be refused with a hint
        (`Lesson.refusal`); bots playing for someone are never refused."""
        before = room.state
        assert before is not None and room.game_id is not None
        state, events = kr.apply(before, action)
        if guarded and room.is_tutorial and room.tutorial_guided:
            # A move that would make a later lesson step impossible: refused, nothing changes.
            hint = self.lesson.refusal(room, action, before, state) if self.lesson else None
            if hint is not None:
                raise kr.IllegalAction(hint)
        seq = room.action_count

        def committed() -> None:
            # Run by the action log right after the row's commit, even if this task is
            # cancelled meanwhile: the room's state always matches its log.
            room.action_count = seq + 1
            room.state = state

        # Written (group commit with other rooms' actions) before the pushes and the ack.
        await self.action_log.append(room.game_id, seq, action.to_json(), committed)
        self.stats["actions"] += 1
        if state.phase == "finished":
            # Only a timestamp (the log already says the game is over): not waited for.
            self.storage.later(room.code, "finish_game failed", self.storage.finish_game,
                               room.game_id)
            if self.finished_writes:
                try:
                    await self.storage.write(room.code, self._finished_writes, room)
                except Exception:  # each subscriber logs its own; this is the pool's failure
                    log.exception("room %s: the finished game's writes failed", room.code)
            for hook in self.finished_hooks:
                hook(room)
        self.sync_score_screen(room)
        self.sync_clocks(room)
        await self.pushes.room(room)
        for event in events:
            kind = event.type
            data = event.to_json()
            if kind == "royalFamilyCompleted":
                number = data.get("player")
                name = self._name_of(room, number)
                await self.pushes.event(
                    room, "royalFamilyCompleted", {"playerName": name, "playerNumber": number}
                )
            elif kind == "drawPhaseSkipped":
                await self.pushes.event(
                    room,
                    "drawPhaseSkipped",
                    {"message": data.get("message", ""), "playerNumber": data.get("player")},
                )
        if room.is_tutorial and self.lesson is not None:
            for step in self.lesson.steps(room, action, before, state, events):
                await self.pushes.event(room, "advanceTutorialStep", step)
        self.kick_bots(room)

    def _name_of(self, room: Room, number: Any) -> str:
        if isinstance(number, int) and 1 <= number <= len(room.seats):
            return room.seat_of_number(number).name
        return ""

    def forget(self, room: Room) -> None:
        """The room is closed: its bots go."""
        for seat in room.seats:
            self.bots.pop((room.code, seat.player_id), None)

    # -- turn clocks (kingdom_server/core/clocks.py, docs/rules.md "Turn clocks") ---------------

    def clock_limits(self, room: Room) -> tuple[float, float] | None:
        """(seconds per turn, bank) of the room's clock; None: not clocked."""
        if room.is_tutorial:
            return None
        return self.settings.turn_clocks.get(room.turn_clock)

    def start_clocks(self, room: Room) -> None:
        """(lock held, a new game) Each person's seat gets a full clock (bots none)."""
        limits = self.clock_limits(room)
        for seat in room.seats:
            seat.clock = None
            if limits is not None and not seat.is_bot:
                seat.clock = clocks.SeatClock(bank=limits[1])
        self.sync_clocks(room, save=False)  # saved with the new game's room row

    def sync_clocks(self, room: Room, *, save: bool = True) -> None:
        """(lock held) After any change of the game or of who plays a seat: the clock of each
        person who must act runs, every other one stands; what changed is stored."""
        limits = self.clock_limits(room)
        state = room.state
        if limits is None or state is None or room.closed:
            return
        now = clocks.now()
        acting: set[int] = set()
        if state.phase not in ("handComplete", "finished") and not room.paused:
            acting = set(kr.players_to_act(state))
        key = clocks.turn_key(state)
        changed = False
        for number, seat in enumerate(room.seats, 1):
            clock = seat.clock
            if clock is None:
                continue
            runs = number in acting and seat.is_human and not seat.bot_controlled
            if clock.running and (not runs or clock.turn != key):
                clock.stop(now)
                changed = True
            if runs and not clock.running:
                clock.start(now, key, limits[0])
                changed = True
        if changed and save:
            # If refused, the next change or checkpoint writes them.
            self._save_clocks(room, "the clocks were not stored")
        self._schedule_clock(room)

    def _finished_writes(self, room: Room) -> None:
        for write in self.finished_writes:
            write(room)

    def _save_clocks(self, room: Room, failed: str) -> None:
        """The seats' clocks as they are now, written through the room's ordered writer in the
        database threads (not waited for; `failed` is logged if refused)."""
        self.storage.later(room.code, failed, self.storage.write_clocks, room.code,
                           seat_clocks(room))

    def _schedule_clock(self, room: Room) -> None:
        """(lock held) The room's clock timer wakes at the new earliest deadline."""
        me = asyncio.current_task()
        task = room.clock_task
        if task is not None and task is me:
            return  # the timer itself: it looks again before it sleeps
        if task is not None:
            task.cancel()
            room.clock_task = None
        if any(s.clock is not None and s.clock.running for s in room.seats):
            room.clock_task = self.background.spawn(self._clock_timer(room))

    async def _clock_timer(self, room: Room) -> None:
        me = asyncio.current_task()
        saved = clocks.now()
        every = self.settings.clock_checkpoint_seconds
        while True:
            async with room.lock:
                if room.closed or room.clock_task is not me:
                    return
                now = clocks.now()
                for number in clocks.due(((i, s.clock) for i, s in enumerate(room.seats, 1)),
                                         now):
                    await self._time_out(room, number)
                    if room.closed or room.clock_task is not me:
                        return
                now = clocks.now()
                deadlines = [d for s in room.seats if s.clock is not None
                             and (d := s.clock.deadline()) is not None]
                if not deadlines:
                    room.clock_task = None
                    return
                if now - saved >= every:
                    saved = now
                    self._save_clocks(room, "clock checkpoint not stored")
                wait = min(min(deadlines) - now, saved + every - now)
            await asyncio.sleep(max(0.0, wait) + 0.001)

    async def _time_out(self, room: Room, number: int) -> None:
        """(lock held) Seat `number`'s clock ran out: the server plays the rest of its turn as
        a bot plays an absent seat, counts a timeout and tells the table; the last timeout
        allowed counts as leaving the game."""
        seat = room.seat_of_number(number)
        clock = seat.clock
        if clock is None or room.state is None:
            return
        turn = clock.turn
        clock.timeouts += 1
        clock.stop(clocks.now())
        clock.played_for = True
        for _ in range(100):  # a turn has far fewer steps; never loop forever
            state = room.state
            if (
                state is None
                or state.phase in ("handComplete", "finished")
                or number not in kr.players_to_act(state)
                or clocks.turn_key(state) != turn
            ):
                break
            _, bot = self._bot_of(room, seat)
            legal = kr.legal_actions(state, number)
            if not legal:
                break
            if botlib.is_fast(bot):
                action = self._fast_choice(room, bot, state, number)
            else:
                action = legal[self.rng.randrange(len(legal))]
            await self._play(room, number, action)
        if seat.clock is not None:
            self.sync_clocks(room)
        abandoned = clock.timeouts >= clocks.MAX_TIMEOUTS
        log.info("room %s: seat %d ran out of time (%d)", room.code, number, clock.timeouts)
        await self.pushes.event(room, "turnTimedOut", {
            "playerNumber": number,
            "playerName": seat.name,
            "timeouts": clock.timeouts,
            "abandoned": abandoned,
        })
        if abandoned:
            for hook in self.timeout_hooks:
                await hook(room, seat)

    # -- score screen (match mode, R31) ----------------------------------------------------

    def sync_score_screen(self, room: Room) -> None:
        """The score screen's countdown runs while the hand is over and the room not paused
        (after a pause it starts again from the full length)."""
        if room.state is not None and room.state.phase == "handComplete" and not room.paused:
            if room.score_task is None:
                room.score_deadline = loop_time() + self.settings.score_screen_seconds
                room.score_task = self.background.spawn(self._score_screen(room))
        else:
            room.score_deadline = None
            task, room.score_task = room.score_task, None
            if task is not None and task is not asyncio.current_task():
                task.cancel()

    async def _score_screen(self, room: Room) -> None:
        while True:
            deadline = room.score_deadline
            if deadline is None:
                return
            remaining = deadline - loop_time()
            if remaining <= 0:
                break
            # Wake on each whole second of the countdown and push the new value.
            step = remaining - int(remaining) or 1.0
            await asyncio.sleep(step)
            async with room.lock:
                if room.closed or room.score_task is not asyncio.current_task():
                    return
                if loop_time() < deadline - 0.01:
                    await self.pushes.room(room)
        async with room.lock:
            if room.closed or room.score_task is not asyncio.current_task():
                return
            room.score_task = None
            while room.state is not None and room.state.phase == "handComplete":
                waiting = list(kr.players_to_act(room.state))
                if not waiting:
                    break
                action = kr.ReadyForNextHand(player=waiting[0])
                try:
                    await self.apply(room, action)
                except kr.IllegalAction:
                    log.exception("room %s: readyForNextHand at 0 refused", room.code)
                    break

    # -- bots ------------------------------------------------------------------------------

    def kick_bots(self, room: Room) -> None:
        """Make sure a bot task runs if a bot-controlled seat may act (call with lock held)."""
        if room.closed or room.state is None or room.paused:
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        if self._next_bot(room) is None:
            return
        room.bot_task = self.background.spawn(self._run_bots(room))

    def _next_bot(self, room: Room) -> tuple[Seat, int] | None:
        if room.state is None or room.closed or room.paused:
            return None
        for number in kr.players_to_act(room.state):
            seat = room.seat_of_number(number)
            if seat.bot_controlled and not (self.lesson and self.lesson.bot_paused(room, seat)):
                return seat, number
        return None

    async def _run_bots(self, room: Room) -> None:
        me = asyncio.current_task()
        try:
            while True:
                async with room.lock:
                    nxt = self._next_bot(room)
                    if nxt is None:
                        if room.bot_task is me:
                            room.bot_task = None
                        return
                    quick = room.phase in ("handComplete", "choosing_resources")
                delay = self.settings.bot_delay
                await asyncio.sleep(0 if quick or delay <= 0 else delay)
                async with room.lock:
                    nxt = self._next_bot(room)
                    if nxt is None or room.state is None:
                        continue
                    seat, number = nxt
                    state = room.state
                    kind, bot = self._bot_of(room, seat)
                    if botlib.is_fast(bot):
                        await self._play(room, number, self._fast_choice(room, bot, state, number))
                        continue
                # A slow bot thinks in the pool without holding the room: the room's people
                # are answered meanwhile, and the move is played only if the game is still
                # where it was (else the bot thinks again).
                action = await self._slow_choice(room, kind, state, number)
                async with room.lock:
                    if room.state is state and self._next_bot(room) == (seat, number):
                        await self._play(room, number, action)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: bot loop stopped", room.code)
            if room.bot_task is me:
                room.bot_task = None

    def _bot_of(self, room: Room, seat: Seat) -> tuple[str | None, Any]:
        """The kind of bot that plays `seat` and its instance (seats of absent or departed
        people: the default bot)."""
        kind = seat.bot_kind if seat.is_bot else None
        if room.is_tutorial and seat.is_bot:
            kind = "TutorialBot"
        key = (room.code, seat.player_id)
        bot = self.bots.get(key)
        if bot is None:
            bot = self.bots[key] = botlib.make_bot(kind)
        return kind, bot

    def _fast_choice(self, room: Room, bot: Any, state: kr.GameState, number: int) -> kr.Action:
        legal = kr.legal_actions(state, number)
        try:
            action: kr.Action = bot.choose(kr.view(state, number), legal, self.rng)
            return action
        except Exception:
            log.exception("room %s: %s failed to choose", room.code, type(bot).__name__)
            return legal[self.rng.randrange(len(legal))]

    async def _slow_choice(
        self, room: Room, kind: str | None, state: kr.GameState, number: int
    ) -> kr.Action:
        try:
            return await self.pool.choose(kind, state, number, self.rng.randrange(2**62))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: the %s bot failed to choose", room.code, kind)
            legal = kr.legal_actions(state, number)
            return legal[self.rng.randrange(len(legal))]

    async def _play(self, room: Room, number: int, action: kr.Action) -> None:
        """(lock held) A bot's move; should the engine refuse it, a random legal one."""
        try:
            await self.apply(room, action)
        except kr.IllegalAction as e:
            assert room.state is not None
            log.error("room %s: bot action %r refused: %s", room.code, action, e)
            legal = kr.legal_actions(room.state, number)
            if legal:
                await self.apply(room, legal[self.rng.randrange(len(legal))])
