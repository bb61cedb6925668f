"""Search rollouts: the greedy rules played on from a full game state, for every seat, and
the position or the hand's result scored for one side.

SearchBot (:mod:`kingdom_rules.bots.search`) compares its candidate moves by these
rollouts, on samples of the cards it cannot see; the Spire's runner plays on with them too.
Compiled by mypyc with the engine and the greedy rules where the install can
(``kingdom_rules.native``): a search spends nearly all its time here.
"""

from __future__ import annotations

from kingdom_rules.actions import Action
from kingdom_rules.bots.greedy_rules import GREEDY, Style, choose_greedy, play_turn
from kingdom_rules.bots.heuristics import Table, win_probability
from kingdom_rules.engine import apply, players_to_act
from kingdom_rules.legal import legal_actions
from kingdom_rules.scoring import are_opponents, hand_score
from kingdom_rules.state import GameState, has_drawn

ROLLOUT_LIMIT = 600
"""Actions a rollout may take before it is cut short and scored as it stands."""
OWN = Style(growth=4, keep=3, revealed_numbers=False)
"""The greedy rules as the search's own side plays them, in rollouts and as the move to
beat: resources first only up to 4 (not 6), the last 3 number cards kept in hand rather
than played as spare resources, number cards drawn from the deck rather than from the
revealed cards. Played alone by these rules, the side wins 57.3% of 16,000 games against
GreedyBot (seeds 900000+: ``python bench/bots.py greedy greedy --games 16000 --seed
900000 --style own``)."""


def policy(state: GameState, p: int, style: Style = GREEDY) -> Action:
    """The greedy policy straight from a full state (the rollouts' hot path: the turn's
    plays are built from the table, not by walking every legal action)."""
    if state.phase == "playing" and has_drawn(state, p) and not state.pending:
        return play_turn(Table.of_state(state, p), style)
    return choose_greedy(Table.of_state(state, p), legal_actions(state, p), style)


def play_on(state: GameState, me: int, horizon: int | None = None,
            own: Style = OWN) -> tuple[GameState, int, bool]:
    """Play on with the greedy policy for every seat (``me``'s side in the style ``own``, the
    others as GreedyBot plays) to the end of the hand, or until ``horizon`` more turns have
    started: the state reached, the actions played, and whether the horizon stopped it.
    A rollout is also cut short after :data:`ROLLOUT_LIMIT` actions, and when a sample dealt
    the player who must choose a starting resource no number card."""
    hand = state.current_hand
    n = state.player_count
    styles = [GREEDY if are_opponents(me, q, n) else own for q in range(n + 1)]
    steps = 0
    turns = 0
    turn = (state.round, state.current_player)
    while state.current_hand == hand and steps < ROLLOUT_LIMIT:
        if state.phase == "playing":
            p = state.current_player
        elif state.phase == "choosing_resources":
            p = players_to_act(state)[0]
            if not legal_actions(state, p):
                break  # a sample dealt this player no number card: score it as it stands
        else:
            break
        state, _ = apply(state, policy(state, p, styles[p]))
        steps += 1
        if horizon is not None and (state.round, state.current_player) != turn:
            turn = (state.round, state.current_player)
            turns += 1
            if turns >= horizon and state.phase == "playing":
                return state, steps, True
    return state, steps, False


def rollout(state: GameState, me: int, horizon: int | None = None, own: Style = OWN,
            weights: tuple[float, ...] | None = None) -> tuple[float, int]:
    """Play on (:func:`play_on`) and score the result for ``me``'s side:
    about 1 for a won hand and 0 for a lost one (a little credit for the score margin).
    With a ``horizon``, stop once that many more turns have started and score the position
    by :func:`win_probability` instead: smoother, and several times cheaper."""
    hand = state.current_hand
    state, steps, at_horizon = play_on(state, me, horizon, own)
    if at_horizon:
        return win_probability(state, me, weights), steps
    n = state.player_count
    if state.hand_history and state.hand_history[-1].hand_number == hand:
        last = state.hand_history[-1]
        won = last.winner is not None and not are_opponents(me, last.winner, n)
        scores = last.scores
    else:  # cut short: score the kingdoms as they stand
        won = False
        scores = tuple(hand_score(p.kingdom) for p in state.players)
    mine = max(s for i, s in enumerate(scores) if not are_opponents(me, i + 1, n))
    theirs = max(s for i, s in enumerate(scores) if are_opponents(me, i + 1, n))
    margin = max(-1.0, min(1.0, (mine - theirs) / 30.0))
    return (0.85 if won else 0.0) + 0.075 * (margin + 1.0), steps


__all__ = ["OWN", "ROLLOUT_LIMIT", "play_on", "policy", "rollout"]
