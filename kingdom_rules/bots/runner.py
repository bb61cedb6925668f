"""Playing whole games between bots, and what a game leaves behind (for simulations).

>>> from kingdom_rules.bots import GreedyBot, RandomBot
>>> record = play_game([GreedyBot(), RandomBot()], seed=3)
>>> record.seed, len(record.scores), record.hands >= 1
(3, 2, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

from kingdom_rules.actions import Action, PlayCombination
from kingdom_rules.bots.base import Bot
from kingdom_rules.combinations import classify
from kingdom_rules.engine import apply, players_to_act
from kingdom_rules.errors import IllegalAction
from kingdom_rules.hands import CombatResult, combat_result, new_game
from kingdom_rules.scoring import team_of
from kingdom_rules.setups import STANDARD, Setup, SpireSetup
from kingdom_rules.view import view

MAX_DECISIONS = 20_000
"""A guard against a bot that never passes: the game is abandoned after this many actions."""


class BotError(RuntimeError):
    """A bot returned something that is not one of its legal actions, or failed."""


@attrs.frozen
class GameRecord:
    """One finished game, seat by seat (index 0 is player 1)."""

    seed: int
    players: int
    mode: str
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    """Winning player numbers (a team, a shared win, or none for a drawn game)."""
    reason: str
    scores: tuple[int, ...]
    """Total score of each player over the game's hands."""
    hands: int
    turns: int
    """Turns played over all hands (the hand length in turns is turns / hands)."""
    combinations: tuple[dict[str, int], ...]
    """Per seat: how many of each combination kind it built."""
    decisions: int
    decision_seconds: tuple[float, ...] = attrs.field(eq=False, repr=False, default=())
    """Wall-clock time of each decision of the timed seat, in order (empty unless asked
    for with ``time_decisions_of``)."""
    decision_cpu_seconds: tuple[float, ...] = attrs.field(eq=False, repr=False, default=())
    """The same decisions' processor time (unaffected by other processes on the machine)."""
    decision_choices: tuple[int, ...] = attrs.field(eq=False, repr=False, default=())
    """How many legal actions each timed decision had."""
    combat: CombatResult | None = None
    """A Spire combat's result for the runner, player 1 (R38); None in other setups."""
    setup: Setup = attrs.field(eq=False, repr=False, default=STANDARD)
    actions: tuple[dict[str, Any], ...] = attrs.field(eq=False, repr=False, default=())
    """Every action of the game in order (JSON): with the seed and setup, the whole game
    (`kingdom_rules.replay_record`)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "players": self.players, "mode": self.mode,
            "bots": list(self.bots), "winners": list(self.winners), "reason": self.reason,
            "scores": list(self.scores), "hands": self.hands, "turns": self.turns,
            "handLengthTurns": self.turns / max(self.hands, 1),
            "combinations": [dict(c) for c in self.combinations],
            "decisions": self.decisions,
            "teams": [team_of(i + 1, self.players) for i in range(self.players)],
            **({"combat": self.combat.to_json()} if self.combat else {}),
            "setup": self.setup.to_json(),
            "actions": list(self.actions),
        }


def seat_rng(seed: int, seat: int) -> random.Random:
    """Each seat's random source, from the game seed alone (so results never depend on the
    process that plays the game)."""
    return random.Random(f"kingdom-bot:{seed}:{seat}")


def play_game(bots: Sequence[Bot], seed: int, mode: str = "game", names: Sequence[str] = (),
              time_decisions_of: int | None = None, setup: Setup = STANDARD) -> GameRecord:
    """Play one game between ``bots`` (seat i is player i + 1) to its end; ``setup``: how the
    cards enter play (the standard deal, Constructed or a Spire combat).

    ``time_decisions_of``: a player number whose decision times are kept in the record.
    Raises :class:`BotError` when a bot returns an illegal action.
    """
    n = len(bots)
    state = new_game(player_count=n, seed=seed, mode=mode, setup=setup)
    rngs = [seat_rng(seed, i + 1) for i in range(n)]
    combos: list[dict[str, int]] = [{} for _ in range(n)]
    turns = 0
    decisions = 0
    timings: list[float] = []
    cpu_timings: list[float] = []
    choices: list[int] = []
    played: list[dict[str, Any]] = []
    clock = time.perf_counter
    cpu = time.process_time
    while state.phase != "finished":
        acting = players_to_act(state)
        if not acting or decisions >= MAX_DECISIONS:
            break
        p = acting[0]
        v = view(state, p)
        legal = v.legal_actions
        t0 = clock()
        c0 = cpu()
        try:
            action: Action = bots[p - 1].choose(v, legal, rngs[p - 1])
        except Exception as exc:  # a bot's crash is reported with its seat
            raise BotError(f"bot of player {p} failed: {exc!r}") from exc
        if time_decisions_of == p:
            timings.append(clock() - t0)
            cpu_timings.append(cpu() - c0)
            choices.append(len(legal))
        decisions += 1
        try:
            state, events = apply(state, action)
        except IllegalAction as exc:
            raise BotError(f"bot of player {p} chose an illegal action {action}: {exc}") from exc
        played.append(action.to_json())
        if isinstance(action, PlayCombination):
            kind = classify(action.cards) or "?"
            combos[p - 1][kind] = combos[p - 1].get(kind, 0) + 1
        for e in events:
            if e.type == "turnStarted":
                turns += 1
    outcome = state.outcome
    return GameRecord(
        seed=seed, players=n, mode=mode,
        bots=tuple(names) if names else tuple(type(b).__name__ for b in bots),
        winners=outcome.winners if outcome else (),
        reason=outcome.reason if outcome else "abandoned",
        scores=state.match_scores,
        hands=len(state.hand_history),
        turns=turns,
        combinations=tuple(combos),
        decisions=decisions,
        decision_seconds=tuple(timings),
        decision_cpu_seconds=tuple(cpu_timings),
        decision_choices=tuple(choices),
        combat=combat_result(state) if isinstance(setup, SpireSetup) else None,
        setup=setup,
        actions=tuple(played),
    )
