"""Replays of finished games (docs/protocol.md, "Replays"): a game's record for bot authors, and
the table at each step of it for the replay screen.

A replay is the stored seed, setup and action log played again through `kingdom_rules.replay`
(one state per action), so it is exactly the game that was played. The game is over: each
step's view shows every hand (the screen reveals them seat by seat); the deck's order is never
sent. A game of a private room is replayed only for the signed-in people who played it; to
anyone else it does not exist (404, as a missing one).

    GET /api/matches/{matchId}/record          the record (seed, setup, moves, result)
    GET /api/matches/{matchId}/replay          players, moves, number of steps
    GET /api/matches/{matchId}/replay/{step}   the table after `step` moves (0: the deal)
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import attrs

import kingdom_rules as kr
from kingdom_server.core.rooms import replay_open_to
from kingdom_server.core.storage import GameRecord, Storage
from kingdom_server.stats import Results

NOT_FOUND = "Replay not found: no such finished game, or it was played in a private room"

CACHED_GAMES = 16
"""Replayed games whose states are kept (a replay screen asks for one step at a time)."""


@attrs.frozen
class Seat:
    number: int
    name: str
    is_bot: bool
    user_id: str | None
    placement: int
    final_score: int


@attrs.frozen
class Replay:
    match_id: str
    game: GameRecord
    seats: tuple[Seat, ...]
    ranked: bool
    completed_at: str


class Replays:
    def __init__(self, storage: Storage, results: Results) -> None:
        self.storage = storage
        self.results = results
        self._states: OrderedDict[str, list[kr.GameState]] = OrderedDict()

    def find(self, match_id: str, viewer: str | None) -> Replay | None:
        """The finished game of match `match_id` if `viewer` (a user id, None for a guest) may
        see it: a public or ranked room's game, or one the viewer played."""
        M, P = self.results.Match, self.results.Participant
        match = M.get_or_none(M.id == match_id[:36])
        if match is None:
            return None
        rows = list(P.select().where(P.match_id == match.id).order_by(P.player_number))
        seats = tuple(Seat(number=r.player_number, name=r.name, is_bot=bool(r.is_bot),
                           user_id=r.user_id, placement=r.placement, final_score=r.final_score)
                      for r in rows)
        public = match.game_mode == "ranked" or self.storage.room_is_public(match.room_code)
        if not replay_open_to(public, {s.user_id for s in seats}, viewer):
            return None
        game = self.storage.game_record(int(match.game_id))
        if game is None:
            return None
        return Replay(match_id=str(match.id), game=game, seats=seats,
                      ranked=match.game_mode == "ranked",
                      completed_at=match.completed_at.isoformat() + "Z")

    def states(self, replay: Replay) -> list[kr.GameState]:
        """The state after each move (index 0: the deal), replayed once and kept a while."""
        states = self._states.get(replay.match_id)
        if states is None:
            g = replay.game
            state = kr.new_game(player_count=g.player_count, seed=g.seed, mode=g.mode,
                                deck=g.deck, setup=g.setup)
            states = [state]
            for data in g.actions:
                state, _ = kr.apply(state, kr.action_from_json(data))
                states.append(state)
            self._states[replay.match_id] = states
            while len(self._states) > CACHED_GAMES:
                self._states.popitem(last=False)
        self._states.move_to_end(replay.match_id)
        return states


def record_json(replay: Replay) -> dict[str, Any]:
    """The game record (the fields `kingdom simulate --json` writes for each game, and the
    names): `kingdom_rules.replay_record(record)` gives its final state."""
    g = replay.game
    final = kr.replay_record({"seed": g.seed, "players": g.player_count, "mode": g.mode,
                              "setup": g.setup.to_json(), "deck": g.deck,
                              "actions": g.actions})
    outcome = final.outcome
    return {
        "matchId": replay.match_id,
        "seed": g.seed,
        "players": g.player_count,
        "mode": g.mode,
        "setup": g.setup.to_json(),
        "deck": g.deck,
        "actions": g.actions,
        "names": [s.name for s in replay.seats],
        "bots": [s.is_bot for s in replay.seats],
        "winners": list(outcome.winners) if outcome else [],
        "reason": outcome.reason if outcome else None,
        "scores": list(final.match_scores),
        "hands": len(final.hand_history),
        "startedAt": g.started_at.isoformat() + "Z",
        "completedAt": replay.completed_at,
    }


def players_of(replay: Replay, usernames: dict[str, str]) -> list[dict[str, Any]]:
    return [{"number": s.number, "name": s.name, "isBot": s.is_bot,
             "username": usernames.get(s.user_id or ""), "placement": s.placement,
             "finalScore": s.final_score} for s in replay.seats]


def step_view(replay: Replay, states: list[kr.GameState], step: int,
              usernames: dict[str, str]) -> dict[str, Any]:
    """The table after `step` moves as a spectator sees it (the engine's public part), with
    every hand (`hands`, by player number: the game is over) and the move that led there."""
    state = states[step]
    n = state.player_count
    out = kr.view(state, 1).public_json()
    seats = {s.number: s for s in replay.seats}
    for p in out["players"]:
        seat = seats.get(p["number"])
        if seat is not None:
            p.update(name=seat.name, isBot=seat.is_bot, connected=True, botControlled=False,
                     username=usernames.get(seat.user_id or ""), clock=None)
    out.update(
        myPlayerNumber=None, myHand=[], legalActions=[], lastDrawAction=None,
        hands={str(k): kr.view(state, k).to_json()["myHand"] for k in range(1, n + 1)},
        matchId=replay.match_id, step=step, steps=len(states) - 1,
        action=replay.game.actions[step - 1] if step > 0 else None,
        isRanked=replay.ranked, isReplay=True,
    )
    return out


