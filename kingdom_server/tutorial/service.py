"""The tutorial lessons' side of the server: which lesson step a move completes, and the bot's
pauses being released for good.

The lobby (kingdom_server/core/lobby.py) keeps tutorial rooms: ``createRoom {isTutorial,
tutorialMode}``, ``startTutorialGame`` with the scripted deal of ``kingdom_rules.tutorial``, the
bot's pauses in the basics lesson and ``resumeTutorialBot``. This module adds what the lessons
need on top (docs/protocol.md, "Tutorial games"):

- ``completed_steps``: after each accepted move the room gets ``advanceTutorialStep {stepId}``
  for every lesson step (web/src/tutorial/steps.ts) that the move completes; the client ignores
  ids that are not current (and skips an automatic step that is already done when it gets there);
- ``release_all``: ``resumeTutorialBot {all: true}`` (the learner skipped or finished the lesson)
  and ``startTutorialGame {guided: false}`` (tutorialCompleted is set) mean the bot never waits;
  ``end_lesson`` also lifts the guard below;
- ``refusal``: while the lesson is shown, a learner's move that would make a later step
  impossible (the 6s of the Horse, the run of the Dragon, the Ace and the 10 of the Hail of
  Arrows leave the hand some other way; the basics Queen of hearts loses her red resources) is
  refused with a hint saying what to do instead, and nothing changes;
- ``impossible_steps``: steps whose cards can no longer be had (the guard was lifted, or the
  lesson was picked again from the dropdown); they are pushed as
  ``advanceTutorialStep {stepId, impossible: true}`` so the lesson never stops on them.

Nothing here decides a rule of the game: the engine judges every move first; this module only
compares the game before and after a move the engine accepted.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from typing import TYPE_CHECKING, Any, Final

import kingdom_rules as kr
from kingdom_rules import tutorial as lessons

if TYPE_CHECKING:
    from kingdom_server.core.rooms import Room, Seat


def release_all(room: Room) -> None:
    """The tutorial bot of this room never waits for the learner again."""
    room.tutorial_resumed.update(lessons.BOT_PAUSES.get(room.tutorial_mode or "basics", ()))


def end_lesson(room: Room) -> None:
    """The learner skipped or finished the lesson (or never sees one): no pause, no guard."""
    release_all(room)
    room.tutorial_guided = False


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


# -- what later steps need ---------------------------------------------------------------------

_RANKS = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


def card_name(card: Any) -> str:
    """'6 of Hearts', 'Queen of Hearts' (the words a learner reads)."""
    return f"{_RANKS.get(card.rank, card.rank)} of {card.suit.capitalize()}"


def _built(state: Any, me: int, kinds: tuple[str, ...]) -> bool:
    return any(
        c.kind in kinds or c.kind.endswith(kinds) for c in state.player(me).kingdom.combinations
    )


def _sixes(cards: Any) -> list[Any]:
    return [c for c in cards if c is not None and c.rank == "6"]


def _reachable(state: Any, me: int) -> list[Any]:
    """Cards the learner holds or may still draw (their hand, the deck, the revealed cards)."""
    learner = state.player(me)
    return [
        c
        for c in (*learner.hand, *state.deck, *state.revealed, *learner.pile, *learner.revealed)
        if c is not None
    ]


def _is_beast(action: Any, kinds: tuple[str, ...]) -> bool:
    if not isinstance(action, kr.PlayCombination):
        return False
    kind = kr.classify(action.cards)
    return kind is not None and (kind in kinds or kind.endswith(kinds))


def _instead(action: Any, what: str, keep: str) -> str:
    """What to do instead, in the words of the refused call."""
    if isinstance(action, kr.RotateResource):
        return f"Rotate a number card that is not {what} instead."
    if isinstance(action, kr.PlayResource):
        return f"Play a number card that is not {what} as your resource instead."
    return f"Choose a move that keeps {keep} in your hand instead."


HORSE_STEP: Final = {"basics": "the Build a Horse step", "multiplayer": "the Build a Horse step"}
"""Lessons whose later step builds a Horse from the learner's pair of 6s."""


def _of_rank(cards: Any, rank: str) -> list[Any]:
    return [c for c in cards if c is not None and c.rank == rank]


HAIL_NEEDS: Final = "the Hail of Arrows step needs an Ace and a 10. "


def refusal(
    mode: str, action: Any, before: Any, after: Any, done: Collection[str] = ()
) -> str | None:
    """A hint if this learner's move (accepted by the engine: `after`) would make a later step
    of the lesson impossible; None when the move may be played. `done`: the lesson steps the
    room has already announced (``Room.tutorial_told``).

    Every lesson, step by step, and the cards its later steps need:

    - basics: the pair of 6s of play-horse: until a Horse stands, a move other than the Horse
      itself may not take the learner below two 6s in hand. The Queen of hearts of play-royal
      (and mount-queen) needs two red resources: the bot waits at the start of rounds 1 and 2
      until the learner has read the steps after play-resource and play-royal, so a turn that
      ended without them would leave the lesson stuck. In round 1 passing before a red
      resource is played, or playing or rotating in a card that leaves fewer than two red
      resources, is refused (the 8 of diamonds is the one to play); in round 2, once the Queen
      can be played, a move that takes that away (passing, spending a red resource) is
      refused. The Dragon branch is optional (it waits until a run is drawn): no guard.
    - multiplayer: the same pair of 6s (mp-horse, then mp-mount and mp-transfer ride on it).
      No bot waits in this lesson: a Queen of hearts played a turn late is only late.
    - advanced combos: until the Dragon is built (adv-dragon), a move other than a Dragon may
      not break the run of three; until the Hail of Arrows has been shot (adv-hail), a move
      other than the Hail may not take the learner's last Ace or last 10 out of the hand
      (played or rotated as a resource, or spent in a combination), and the Hail itself waits
      for the Dragon: shot earlier, it would use up the Ace and the 10 and kill the Queen of
      spades that adv-eat's Dragon is to eat.
    - constructed and quest: explanations only, nothing to guard.
    """
    me = lessons.LEARNER
    if action.player != me:
        return None
    if mode in HORSE_STEP and not _built(before, me, ("horse", "unicorn")):
        if _is_beast(action, ("horse", "unicorn")):
            return None
        kept = _sixes(after.player(me).hand)
        lost = [c for c in _sixes(before.player(me).hand) if c not in kept]
        if lost and len(kept) < 2:
            return (
                f"Keep the {card_name(lost[0])}: {HORSE_STEP[mode]} needs your pair of 6s. "
                + _instead(action, "a 6", "your pair of 6s")
            )
    if mode == "basics":
        return _queen_refusal(action, before, after, done)
    if mode == "advanced-combos":
        return _advanced_refusal(action, before, after, done)
    return None


QUEEN: Final = "QH"
QUEEN_NEEDS: Final = (
    "the Play Your Queen step needs two red resources ready for the Queen of hearts."
)


def _red_resources(state: Any, me: int) -> int:
    return sum(1 for r in state.player(me).kingdom.resources if r.card.color == "red")


def _queen_legal(state: Any, me: int) -> bool:
    return any(
        isinstance(a, kr.PlayRoyal) and a.card.short == QUEEN for a in kr.legal_actions(state, me)
    )


def _red_resource_play(state: Any, me: int) -> Any:
    """A legal resource play of a red number card, if the learner has one."""
    for a in kr.legal_actions(state, me):
        if isinstance(a, kr.PlayResource) and a.card.color == "red" and a.card.rank != "6":
            return a
    return None


def _queen_refusal(action: Any, before: Any, after: Any, done: Collection[str]) -> str | None:
    """The basics lesson's Queen of hearts: the bot waits at the start of rounds 1 and 2 until
    the learner has read the steps after play-resource and play-royal, so a turn that ends
    without them would leave the lesson stuck. Round 1 adds a red resource (the 8 of diamonds),
    round 2 plays the Queen on the two red resources."""
    me = lessons.LEARNER
    learner = before.player(me)
    if "play-royal" in done or not any(c.short == QUEEN for c in learner.hand):
        return None
    if before.round == 1 and _red_resources(before, me) < 2:
        red = _red_resource_play(before, me)
        if red is None:
            return None  # nothing red to play: the guard cannot ask for it
        play = f"Play the {card_name(red.card)} as your resource"
        if isinstance(action, kr.PassTurn):
            return f"Not yet: {QUEEN_NEEDS} {play} first."
        if (
            isinstance(action, (kr.PlayResource, kr.RotateResource))
            and _red_resources(after, me) < 2
        ):
            return f"Keep your resources red: {QUEEN_NEEDS} {play} instead."
    if (
        before.round == 2
        and not isinstance(action, kr.PlayRoyal)
        and _queen_legal(before, me)
        and not _queen_legal(after, me)
    ):
        return f"Not yet: {QUEEN_NEEDS} Select the Queen of hearts and press Play Royal instead."
    return None


def _advanced_refusal(action: Any, before: Any, after: Any, done: Collection[str]) -> str | None:
    me = lessons.LEARNER
    dragon = "adv-dragon" in done or _built(before, me, ("dragon",))
    if "adv-hail" not in done:
        if isinstance(action, kr.PlayHailOfArrows):
            if not dragon:
                return (
                    "Keep your Ace and 10 for now: the Hail of Arrows step comes after your "
                    "Dragon has eaten the Queen of spades. Build the Dragon first."
                )
        else:
            hand, kept = before.player(me).hand, after.player(me).hand
            for rank, what, keep in (("A", "an Ace", "your Ace"), ("10", "a 10", "your 10")):
                held = _of_rank(hand, rank)
                if held and not _of_rank(kept, rank):
                    return f"Keep the {card_name(held[0])}: {HAIL_NEEDS}" + _instead(
                        action, what, keep
                    )
    if (
        not dragon
        and not _is_beast(action, ("dragon",))
        and holds_run(before.player(me).hand)
        and not holds_run(after.player(me).hand)
    ):
        return (
            "Keep your 4, 5 and 6: the Build the Dragon step needs that run of three. "
            + _instead(action, "part of your run", "your run")
        )
    return None


HORSE_STEPS: Final = {
    "basics": ("play-horse", "mount-queen"),
    "multiplayer": ("mp-horse", "mp-mount", "mp-transfer"),
}
"""Per lesson, the automatic steps that need the learner's Horse."""

DRAGON_STEPS: Final = ("adv-dragon", "adv-eat")
"""The advanced lesson's automatic steps that need the learner's Dragon."""

HAIL_STEPS: Final = ("adv-hail",)
"""The advanced lesson's automatic step that needs an Ace and a 10 of different suits."""


def _hail_possible(cards: list[Any]) -> bool:
    return any(a.suit != t.suit for a in _of_rank(cards, "A") for t in _of_rank(cards, "10"))


def impossible_steps(mode: str, state: Any, done: Collection[str] = ()) -> list[str]:
    """Steps of the lesson that can no longer be done in this game, from the cards left in the
    learner's hand, the deck and the revealed cards: basics and multiplayer, no Horse stands
    and fewer than two 6s are left; advanced combos, no Dragon stands and no run of three can
    be made of them, or no Hail of Arrows has been shot and no Ace and 10 of different suits
    are left. `done`: steps already announced (they are never lost)."""
    if state.phase != "playing":
        return []
    me = lessons.LEARNER
    reachable = _reachable(state, me)
    lost: list[str] = []
    needs = HORSE_STEPS.get(mode)
    if needs is not None:
        if not _built(state, me, ("horse", "unicorn")) and len(_sixes(reachable)) < 2:
            lost += needs
    elif mode == "advanced-combos":
        # Cheapest first: a run in the hand (it comes first in `reachable`) ends the search.
        if (
            not set(DRAGON_STEPS) <= set(done)
            and not _built(state, me, ("dragon",))
            and not holds_run(reachable)
        ):
            lost += DRAGON_STEPS
        if not set(HAIL_STEPS) <= set(done) and not _hail_possible(reachable):
            lost += HAIL_STEPS
    return [step for step in lost if step not in done]


class Lessons:
    """The tutorial rooms' guide the games consult (`kingdom_server.core.games.Lesson`)."""

    def refusal(self, room: Room, action: kr.Action, before: kr.GameState,
                after: kr.GameState) -> str | None:
        return refusal(room.tutorial_mode or "basics", action, before, after, room.tutorial_told)

    def steps(self, room: Room, action: kr.Action, before: kr.GameState, after: kr.GameState,
              events: Sequence[kr.Event]) -> list[dict[str, Any]]:
        mode = room.tutorial_mode or "basics"
        pushes: list[dict[str, Any]] = []
        for step in completed_steps(mode, action, before, after, list(events)):
            room.tutorial_told.add(step)
            pushes.append({"stepId": step})
        for step in impossible_steps(mode, after, room.tutorial_told):
            if step not in room.tutorial_told:
                room.tutorial_told.add(step)
                pushes.append({"stepId": step, "impossible": True})
        return pushes

    def bot_paused(self, room: Room, seat: Seat) -> bool:
        return bot_paused(room, seat)

    def end(self, room: Room) -> None:
        end_lesson(room)
