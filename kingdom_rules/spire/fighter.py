"""The runner's fighters in a Spire run: which bot plays the runner's hands.

A Spire fight is not won or lost like a normal hand: every point the enemy scores wounds the
runner, every 2 points the runner scores parry 1 (docs/spire.md, *Wounds*), so a hand won
narrowly can cost more HP than one lost by little. :class:`SpireSearchBot` is SearchBot
with a position value that counts those wounds, and a budget per decision small enough for
a whole run (about 16 fights) to cost seconds of processor time rather than a minute. It
changes nothing in SearchBot itself: normal hands keep SearchBot's own budget and value.

>>> from kingdom_rules.spire import Run
>>> run = Run.start(4).choose_suit("clubs")
>>> run = run.enter(run.accessible()[0])
>>> from kingdom_rules.spire.autoplay import play_fight
>>> state = play_fight(run.combat, spire_fighter("search"))
>>> run.finish_combat(state).phase in ("reward", "map", "lost")
True
"""

from __future__ import annotations

from typing import Final

from kingdom_rules.bots.base import Bot
from kingdom_rules.bots.heuristics import win_probability
from kingdom_rules.bots.registry import make_bot
from kingdom_rules.bots.rollouts import OWN, play_on
from kingdom_rules.bots.search import SearchBot
from kingdom_rules.scoring import hand_score
from kingdom_rules.state import GameState, kingdom_of

SPIRE_STEPS: Final = 400
"""Work units per decision of the Spire's SearchBot (SearchBot's own default is 1,400): a run
of about 16 fights then costs about 5 s of processor time (bench/RESULTS.md, issue 30)."""
SPIRE_HORIZON: Final = 3
"""Turns a rollout plays on before the position is scored."""
WOUND_SCALE: Final = 25.0
"""Wounds at which a position's wound term bottoms out (about half a starting HP pool)."""
WIN_WEIGHT: Final = 0.5
"""Share of a position's value that is winning the hand; the rest is the wound avoided."""
MIN_LOSS: Final = 5
"""A lost fight costs at least this much (R38): the rollout's loss counts it."""


def expected_wound(mine: int, theirs: int, won: bool) -> int:
    """The wound a fight ending ``mine``-``theirs`` deals before twists and relics: every
    point of the enemy's, less one per 2 of the runner's; a loss at least max(5, gap)."""
    raw = max(0, theirs - mine // 2)
    return raw if won else max(raw, MIN_LOSS, theirs - mine)


class SpireSearchBot(SearchBot):
    """SearchBot for the Spire's fights: a smaller budget (:data:`SPIRE_STEPS`) and a value
    that counts the wound as well as the win (see the module's text)."""

    name = "search"

    def __init__(self, steps: int = SPIRE_STEPS, horizon: int = SPIRE_HORIZON) -> None:
        super().__init__(steps=steps, horizon=horizon)

    def rollout(self, state: GameState, me: int, horizon: int | None) -> tuple[float, int]:
        """Play on (:func:`~kingdom_rules.bots.rollouts.play_on`: the runner in the style
        ``search.OWN``, the enemy as GreedyBot plays) for ``horizon`` turns or to the hand's
        end, then value the position: the chance of winning, and the wound its scores would
        deal."""
        hand = state.current_hand
        enemy = 3 - me
        state, steps, at_horizon = play_on(state, me, horizon, OWN)
        if at_horizon:
            mine = hand_score(kingdom_of(state, me))
            theirs = hand_score(kingdom_of(state, enemy))
            chance = win_probability(state, me)
            return _value(chance, expected_wound(mine, theirs, chance >= 0.5)), steps
        if state.hand_history and state.hand_history[-1].hand_number == hand:
            last = state.hand_history[-1]
            won = last.winner == me
            mine, theirs = last.scores[me - 1], last.scores[enemy - 1]
        else:
            mine = hand_score(kingdom_of(state, me))
            theirs = hand_score(kingdom_of(state, enemy))
            won = mine > theirs
        return _value(1.0 if won else 0.0, expected_wound(mine, theirs, won)), steps


def _value(chance: float, wound: int) -> float:
    return WIN_WEIGHT * chance + (1.0 - WIN_WEIGHT) * (1.0 - min(1.0, wound / WOUND_SCALE))


def spire_fighter(name: str) -> Bot:
    """The bot that plays the runner's fights for ``name``: ``search`` is
    :class:`SpireSearchBot`; any other name is the registry's bot (:func:`make_bot`)."""
    if name == "search":
        return SpireSearchBot()
    return make_bot(name)
