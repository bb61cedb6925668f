"""Where SearchBot's search departs from its own style, and whether it was right to.

Plays seeded SearchBot-against-GreedyBot games (each deal in both seats). At every decision
of SearchBot where the search chooses another move than its own greedy style
(``search.STANDARD``, the move it must beat), both moves are played on from the *real* state to
the end of the hand by the rollout policy (both sides' greedy rules; the deck, which no one
sees, reshuffled for each rollout and shared by the two moves), ``--rollouts`` times each.
The mean difference in hands won (search's move minus the style's) is that departure's
regret estimate. Departures are grouped by kind (the style's move and the search's: a draw
of a number card from the deck or the revealed cards, a resource, a combination, a royal, a
pass, a follow-up answer, ...), so the kinds the search gets wrong stand out.

    nice -n 10 python bench/search_regret.py --games 40 --seed 4200000 --rollouts 48 \\
        --json regret.json
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from kingdom_rules.actions import (
    Action,
    ChooseStartingResource,
    DrawCard,
    PassTurn,
    PlayCombination,
    PlayHailOfArrows,
    PlayResource,
    PlayRoyal,
)
from kingdom_rules.bots import GreedyBot, SearchBot, search
from kingdom_rules.bots.greedy import Style, choose_greedy
from kingdom_rules.bots.heuristics import Table
from kingdom_rules.bots.runner import seat_rng
from kingdom_rules.bots.search import candidates, rollout
from kingdom_rules.combinations import classify
from kingdom_rules.engine import apply, players_to_act
from kingdom_rules.hands import new_game
from kingdom_rules.state import GameState, evolve
from kingdom_rules.view import PlayerView, view


def kind(action: Action, table: Table) -> str:
    """A short name for the kind of a move."""
    if isinstance(action, DrawCard):
        if action.source == "deck":
            return "draw-deck"
        card = table.revealed[0 if action.source == "revealed1" else 1]
        if card is None:
            return "draw-revealed"
        return "draw-revealed-royal" if card.is_royal else "draw-revealed-number"
    if isinstance(action, PlayResource):
        return "resource"
    if isinstance(action, PlayCombination):
        return f"combo-{classify(action.cards) or '?'}"
    if isinstance(action, PlayRoyal):
        return "royal"
    if isinstance(action, PassTurn):
        return "pass"
    if isinstance(action, PlayHailOfArrows):
        return "hail"
    if isinstance(action, ChooseStartingResource):
        return "start"
    if table.pending:
        return "followup-" + type(action).__name__
    return type(action).__name__


def outcome(state: GameState, me: int, deck_seed: int) -> float:
    """1 if ``me`` wins the hand played on from ``state`` (the deck reshuffled by
    ``deck_seed``, the same for every move compared), else 0."""
    deck = list(state.deck)
    random.Random(deck_seed).shuffle(deck)
    state = evolve(state, deck=tuple(deck), seed=deck_seed)
    value, _ = rollout(state, me, None, search.STANDARD)
    return 1.0 if value >= 0.85 else 0.0


class Recorder(SearchBot):
    """SearchBot that, given the real state, records its departures from the style."""

    def __init__(self, rollouts: int, out: list[dict[str, Any]], seed: int) -> None:
        super().__init__()
        self.real: GameState | None = None
        self.k = rollouts
        self.out = out
        self.seed = seed

    def choose(self, v: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        chosen = super().choose(v, legal, rng)
        table = Table.of_view(v)
        style = choose_greedy(table, legal, search.STANDARD)
        state = self.real
        assert state is not None
        n_cands = len(candidates(table, legal, search.KEEP_PLAYS and v.setup_kind == "standard",
                                 search.STANDARD)) if len(legal) > 1 else 1
        entry: dict[str, Any] = {"seed": self.seed, "player": v.player, "round": v.round,
                                 "style": kind(style, table), "search": kind(chosen, table),
                                 "candidates": n_cands, "phase": v.phase,
                                 "pending": bool(v.pending)}
        if chosen != style:
            diffs = []
            for i in range(self.k):
                ds = hash((self.seed, v.player, len(self.out), i)) & 0x7FFFFFFF
                a = outcome(apply(state, chosen)[0], v.player, ds)
                b = outcome(apply(state, style)[0], v.player, ds)
                diffs.append(a - b)
            entry["regret"] = statistics.mean(diffs)
        self.out.append(entry)
        return chosen


def play(seed: int, seat: int, k: int, out: list[dict[str, Any]]) -> bool:
    bot = Recorder(k, out, seed)
    bots: list[Any] = [bot, GreedyBot()] if seat == 1 else [GreedyBot(), bot]
    state = new_game(player_count=2, seed=seed, mode="game")
    rngs = [seat_rng(seed, 1), seat_rng(seed, 2)]
    while state.phase != "finished":
        acting = players_to_act(state)
        if not acting:
            break
        p = acting[0]
        v = view(state, p)
        bot.real = state
        action = bots[p - 1].choose(v, v.legal_actions, rngs[p - 1])
        state, _ = apply(state, action)
    return bool(state.outcome and seat in state.outcome.winners)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games (deals x 2 seats)")
    parser.add_argument("--seed", type=int, default=4200000)
    parser.add_argument("--rollouts", type=int, default=48)
    parser.add_argument("--json")
    parser.add_argument("--own-style", default="",
                        help="search.STANDARD changed by these fields of greedy.Style (JSON)")
    parser.add_argument("--weights", default="",
                        help="search.STANDARD_WEIGHTS as a JSON list (the standard deal's "
                             "evaluation weights; default heuristics.WIN_WEIGHTS)")
    args = parser.parse_args(argv)
    if args.weights:
        search.STANDARD_WEIGHTS = tuple(float(w) for w in json.loads(args.weights))
    if args.own_style:
        search.STANDARD = Style(**{**search.STANDARD._asdict(), **json.loads(args.own_style)})
    out: list[dict[str, Any]] = []
    wins = 0
    t0 = time.process_time()
    games = []
    for i in range(args.games):
        seed, seat = args.seed + i // 2, 1 + i % 2
        won = play(seed, seat, args.rollouts, out)
        wins += won
        games.append({"seed": seed, "seat": seat, "won": won})
        if args.json:  # after every game, so a run cut short still leaves its data
            with open(args.json, "w") as f:
                json.dump({"decisions": out, "games": games}, f)
    groups: dict[str, list[float]] = {}
    for e in out:
        if "regret" in e:
            groups.setdefault(f"{e['style']} -> {e['search']}", []).append(e["regret"])
    rows = []
    for key, vals in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        se = statistics.stdev(vals) / len(vals) ** 0.5 if len(vals) > 1 else float("nan")
        rows.append({"kind": key, "n": len(vals), "mean": round(statistics.mean(vals), 4),
                     "se": round(se, 4)})
    searched = sum(1 for e in out if e["candidates"] > 1)
    departures = [e["regret"] for e in out if "regret" in e]
    summary = {"games": args.games, "wins": wins, "decisions": len(out),
               "searched": searched, "departures": len(departures),
               "mean_regret": round(statistics.mean(departures), 4) if departures else 0,
               "cpu_seconds": round(time.process_time() - t0, 1), "by_kind": rows}
    print(json.dumps(summary, indent=1))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"summary": summary, "decisions": out, "games": games}, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
