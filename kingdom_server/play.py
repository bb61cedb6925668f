"""Game calls: every action through the engine, the score screen between hands, the bots.

A mixin of the hub (kingdom_server/realtime.py): `self` is the `Hub`.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable
from typing import Any

from kingdom_server import bots as botlib
from kingdom_server import tutorial as lessons
from kingdom_server import validation as v
from kingdom_server.calls import (
    Ack,
    CallError,
    HubParts,
    _engine,
    ok,
)
from kingdom_server.rooms import (
    Room,
    Seat,
)

log = logging.getLogger(__name__)


class GameCalls(HubParts):
    """The engine's actions, applied one at a time per room; bots and the score screen."""

    def _game_call(self, event: str) -> Callable[[str, Any], Awaitable[Ack]]:
        async def call(sid: str, data: Any) -> Ack:
            payload = v.as_object(data)
            room, seat = self.seat_of(sid)
            kr = _engine()
            async with room.lock:
                if room.closed or seat.sid != sid:
                    raise CallError("You are not in a room")
                if room.state is None:
                    raise CallError("The game has not started yet")
                number = room.number_of(seat)
                try:
                    # type and player last: a payload cannot act for someone else.
                    action = kr.action_from_json({**payload, "type": event, "player": number})
                    await self.apply(room, action)
                except kr.IllegalAction as e:
                    raise CallError(str(e)) from e
            return ok()

        return call

    async def apply(self, room: Room, action: Any) -> None:
        """Apply one action (lock held): engine, then the log, then pushes. Raises IllegalAction."""
        kr = _engine()
        before = room.state
        state, events = kr.apply(room.state, action)
        assert room.game_id is not None
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
            self.storage.finish_game(room.game_id)
            for seat in room.seats:
                self._start_absence(room, seat)
        self._sync_score_screen(room)
        await self.push_room(room)
        for event in events:
            kind = event.type
            data = event.to_json()
            if kind == "royalFamilyCompleted":
                number = data.get("player")
                name = self._name_of(room, number)
                await self.push_event(
                    room, "royalFamilyCompleted", {"playerName": name, "playerNumber": number}
                )
            elif kind == "drawPhaseSkipped":
                await self.push_event(
                    room,
                    "drawPhaseSkipped",
                    {"message": data.get("message", ""), "playerNumber": data.get("player")},
                )
        if room.is_tutorial:
            mode = room.tutorial_mode or "basics"
            for step in lessons.completed_steps(mode, action, before, state, events):
                await self.push_event(room, "advanceTutorialStep", {"stepId": step})
        self.kick_bots(room)

    def _name_of(self, room: Room, number: Any) -> str:
        if isinstance(number, int) and 1 <= number <= len(room.seats):
            return room.seat_of_number(number).name
        return ""

    # -- score screen (match mode, R31) ----------------------------------------------------

    def _sync_score_screen(self, room: Room) -> None:
        if room.state is not None and room.state.phase == "handComplete":
            if room.score_task is None:
                room.score_deadline = self._loop_time() + self.settings.score_screen_seconds
                room.score_task = self.spawn(self._score_screen(room))
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
            remaining = deadline - self._loop_time()
            if remaining <= 0:
                break
            # Wake on each whole second of the countdown and push the new value.
            step = remaining - int(remaining) or 1.0
            await asyncio.sleep(step)
            async with room.lock:
                if room.closed or room.score_task is not asyncio.current_task():
                    return
                if self._loop_time() < deadline - 0.01:
                    await self.push_room(room)
        kr = _engine()
        async with room.lock:
            if room.closed or room.score_task is not asyncio.current_task():
                return
            room.score_task = None
            while room.state is not None and room.state.phase == "handComplete":
                waiting = list(kr.players_to_act(room.state))
                if not waiting:
                    break
                action = kr.action_from_json({"type": "readyForNextHand", "player": waiting[0]})
                try:
                    await self.apply(room, action)
                except kr.IllegalAction:
                    log.exception("room %s: readyForNextHand at 0 refused", room.code)
                    break

    # -- bots ------------------------------------------------------------------------------

    def kick_bots(self, room: Room) -> None:
        """Make sure a bot task runs if a bot-controlled seat may act (call with lock held)."""
        if room.closed or room.state is None:
            return
        if room.bot_task is not None and not room.bot_task.done():
            return
        if self._next_bot(room) is None:
            return
        room.bot_task = self.spawn(self._run_bots(room))

    def _next_bot(self, room: Room) -> tuple[Seat, int] | None:
        if room.state is None or room.closed:
            return None
        kr = _engine()
        for number in kr.players_to_act(room.state):
            seat = room.seat_of_number(number)
            if seat.bot_controlled and not self._tutorial_paused(room, seat):
                return seat, number
        return None

    async def _run_bots(self, room: Room) -> None:
        kr = _engine()
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
                    if nxt is None:
                        continue
                    seat, number = nxt
                    action = await self._bot_choice(room, seat, number)
                    try:
                        await self.apply(room, action)
                    except kr.IllegalAction as e:
                        log.error("room %s: bot action %r refused: %s", room.code, action, e)
                        legal = list(kr.legal_actions(room.state, number))
                        if not legal:
                            return
                        await self.apply(room, self.rng.choice(legal))
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: bot loop stopped", room.code)
            if room.bot_task is me:
                room.bot_task = None

    async def _bot_choice(self, room: Room, seat: Seat, number: int) -> Any:
        """(lock held) The bot's action. Fast bots choose inline; slow ones (a search) think in
        a worker thread so that the other rooms' calls keep being answered meanwhile."""
        kr = _engine()
        state = room.state
        legal = kr.legal_actions(state, number)
        key = (room.code, seat.player_id)
        bot = self.bots.get(key)
        if bot is None:
            kind = seat.bot_kind if seat.is_bot else None
            if room.is_tutorial and seat.is_bot:
                kind = "TutorialBot"
            bot = botlib.make_bot(kind)
            self.bots[key] = bot
        view = kr.view(state, number)
        try:
            if botlib.is_fast(bot):
                return bot.choose(view, legal, self.rng)
            rng = random.Random(self.rng.random())
            return await asyncio.to_thread(bot.choose, view, legal, rng)
        except Exception:
            log.exception("room %s: %s failed to choose", room.code, type(bot).__name__)
            return legal[self.rng.randrange(len(legal))]
