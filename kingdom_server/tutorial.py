"""The tutorial lessons' side of the server: which lesson step a move completes, and the bot's
pauses being released for good.

The lobby (kingdom_server/lobby.py) keeps tutorial rooms: ``createRoom {isTutorial,
tutorialMode}``, ``startTutorialGame`` with the scripted deal of ``kingdom_rules.tutorial``, the
bot's pauses in the basics lesson and ``resumeTutorialBot``. This module adds what the lessons
need on top (seed 000 section 4, 'Tutorial flow'):

- ``completed_steps``: after each accepted move the room gets ``advanceTutorialStep {stepId}``
  for every lesson step (web/src/tutorial/steps.ts) that the move completes; the client ignores
  ids that are not current (and skips an automatic step that is already done when it gets there);
- ``release_all``: ``resumeTutorialBot {all: true}`` (the learner skipped or finished the lesson)
  and ``startTutorialGame {guided: false}`` (tutorialCompleted is set) mean the bot never waits.

Nothing here decides a rule: the moves were accepted by the engine before they are looked at.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

import kingdom_rules as kr
from kingdom_rules import tutorial as lessons

if TYPE_CHECKING:
    from kingdom_server.rooms import Room, Seat


def release_all(room: Room) -> None:
    """The tutorial bot of this room never waits for the learner again."""
    room.tutorial_resumed.update(lessons.BOT_PAUSES.get(room.tutorial_mode or "basics", ()))


def bot_paused(room: Room, seat: Seat) -> bool:
    """The basics lesson's bot waits at the start of some rounds until resumeTutorialBot."""
    state = room.state
    if not room.is_tutorial or state is None or not seat.is_bot:
        return False
    pauses = lessons.BOT_PAUSES.get(room.tutorial_mode or "basics", ())
    return (
        state.phase == "playing"
        and state.round in pauses
        and state.round not in room.tutorial_resumed
        and not state.player(room.number_of(seat)).has_drawn_this_turn
    )


DRAGON_READY = "dragon-ready"
"""Not a step: the learner now holds a run of three, so the dragon lesson can be offered."""


def holds_run(hand: Any) -> bool:
    """Whether three of these cards make a dragon (the engine's classify decides)."""
    numbers = [c for c in hand if c.is_number]
    return any(
        (kind := kr.classify(trio)) is not None and kind.endswith("dragon")
        for trio in itertools.combinations(numbers, 3)
    )


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
        if holds_run(after.player(me).hand) and not holds_run(before.player(me).hand):
            steps.append(DRAGON_READY)
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
