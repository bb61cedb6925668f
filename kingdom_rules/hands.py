"""Hands and matches: the deal (R3, R4), the end of a hand (R27, R28), scoring (R29), the
match and its ready step between hands (R30, R31), and a Spire combat's result (R38)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attrs

from kingdom_rules.cards import DECK, Card
from kingdom_rules.errors import IllegalAction
from kingdom_rules.events import Event
from kingdom_rules.kinds import HandEndReason
from kingdom_rules.scoring import family_complete, partner, score_by_kind, team_of
from kingdom_rules.setups import STANDARD, ConstructedSetup, Setup, SpireSetup, StandardSetup
from kingdom_rules.state import (
    HAND_SIZE,
    MAX_ROUNDS,
    MODES,
    PLAYER_COUNTS,
    REVEALED,
    GameState,
    HandResult,
    Kingdom,
    Outcome,
    Player,
    evolve,
    kingdoms_of,
    players_of,
    resource,
    total_hands,
)
from kingdom_rules.table import replace_player, shuffle

__all__ = ["MAX_ROUNDS", "new_game", "deal", "check_family", "end_hand", "ready"]


def new_game(
    player_count: int | object = 2,
    seed: int | object = 0,
    mode: str | object = "game",
    deck: Sequence[str | Card] | None = None,
    setup: Setup = STANDARD,
) -> GameState:
    """A new game, dealt and waiting for every player's starting resource.

    ``deck`` fixes the order of the first hand's deck (top first), for scripted deals such
    as the tutorial, as cards, card ids (``hearts-Q``) or short names (``QH``); later hands
    are shuffled from the seed. ``setup``: how the cards enter play
    (:mod:`kingdom_rules.setups`: the standard deal, Constructed or a Spire combat).

    >>> state = new_game(player_count=3, seed=7, mode="match")
    >>> state.phase, state.total_hands, [len(p.hand) for p in state.players]
    ('choosing_resources', 3, [4, 4, 4])
    """
    # (``int | object``, ``str | object``: compiled by mypyc, kingdom_rules.native, an int or
    # str parameter would refuse a wrong type with a TypeError of its own before these checks)
    if type(player_count) is not int or player_count not in PLAYER_COUNTS:
        raise ValueError("A game has 2 to 4 players")
    if not isinstance(mode, str) or mode not in MODES:
        raise ValueError("The mode is 'game' or 'match'")
    if type(seed) is not int:
        raise ValueError("The seed is a whole number")
    if not isinstance(setup, StandardSetup | ConstructedSetup | SpireSetup):
        raise ValueError("The setup is a StandardSetup, ConstructedSetup or SpireSetup")
    setup.check(player_count, mode)
    preset = None
    if deck is not None and setup.own_piles:
        raise ValueError("A preset deck is for the standard deal only")
    if deck is not None:
        preset = tuple(c if isinstance(c, Card) else Card.parse(c) for c in deck)
        if sorted(c.order for c in preset) != list(range(len(DECK))):
            raise ValueError("A preset deck holds each of the 54 cards exactly once")
    state = GameState(
        player_count=player_count,
        mode=mode,
        seed=seed,
        players=tuple(Player(i + 1) for i in range(player_count)),
        total_hands=total_hands(player_count, mode),
        match_scores=(0,) * player_count,
        setup=setup,
    )
    return deal(state, 1, preset)


def deal(state: GameState, hand_number: int, preset: tuple[Card, ...] | None = None) -> GameState:
    """Shuffle, deal 4 cards each and reveal 2 (R3). A hand without a number card goes back
    into the deck, which is shuffled again before that player is dealt anew. Setups with own
    piles are dealt by :func:`_deal_constructed` and :func:`_deal_spire`."""
    setup = state.setup
    if setup.own_piles:
        if isinstance(setup, SpireSetup):
            return _deal_spire(state, setup, hand_number)
        if isinstance(setup, ConstructedSetup):
            return _deal_constructed(state, setup, hand_number)
    n = state.player_count
    shuffles = 0
    cards = list(preset) if preset is not None else list(DECK)
    if preset is None:
        shuffle(cards, state.seed, hand_number, shuffles)
        shuffles += 1
    hands = [cards[i * HAND_SIZE : (i + 1) * HAND_SIZE] for i in range(n)]
    rest = cards[n * HAND_SIZE :]
    for i in range(n):
        while not any(c.is_number for c in hands[i]):
            rest += hands[i]
            shuffle(rest, state.seed, hand_number, shuffles)
            shuffles += 1
            hands[i], rest = rest[:HAND_SIZE], rest[HAND_SIZE:]
    players = tuple(Player(i + 1, tuple(hands[i])) for i in range(n))
    return _begin(state, hand_number, players, deck=tuple(rest[REVEALED:]),
                  revealed=tuple(rest[:REVEALED]), shuffles=shuffles)


def _begin(
    state: GameState, hand_number: int, players: tuple[Player, ...], **changes: Any
) -> GameState:
    first = (hand_number - 1) % state.player_count + 1
    return evolve(
        state,
        players=players,
        phase="choosing_resources",
        current_hand=hand_number,
        first_player=first,
        current_player=first,
        discard_pile=(),
        pending=(),
        round=1,
        quiet_turns=0,
        played_this_turn=False,
        last_draw=None,
        last_hail_was_flaming_salvo=False,
        winner=None,
        **changes,
    )


def _deal_constructed(state: GameState, setup: ConstructedSetup, hand_number: int) -> GameState:
    """R35: each seat's deck, as instances it owns (R33), shuffled with the hand's seed is its
    own pile; 4 cards dealt from it (R3's redeal from it too), then its own revealed pair."""
    shuffles = 0
    players = []
    cards = setup.cards()
    for n in range(1, len(setup.decks) + 1):
        pile = [c for c in cards if c.owner == n]
        while True:
            shuffle(pile, state.seed, hand_number, shuffles)
            shuffles += 1
            if any(c.is_number for c in pile[:HAND_SIZE]):
                break
        hand = tuple(pile[:HAND_SIZE])
        revealed = tuple(pile[HAND_SIZE : HAND_SIZE + REVEALED])
        players.append(
            Player(n, hand, pile=tuple(pile[HAND_SIZE + REVEALED :]), revealed=revealed)
        )
    return _begin(state, hand_number, tuple(players), deck=(), revealed=(None, None),
                  shuffles=shuffles)


def _deal_spire(state: GameState, setup: SpireSetup, hand_number: int) -> GameState:
    """R36, R37: the run deck is the runner's own pile, shuffled, fortified cards on top; the
    rest of the 54, but the starting kingdoms' cards, is the shared deck and its 2 revealed
    cards. The runner is dealt from their own pile, then the shared deck; the enemy from the
    shared deck. R3's redeal puts the hand back where its cards came from, shuffles both
    piles (the fortified cards keep no place) and deals again the same way."""
    seed = state.seed
    kingdom_cards = {c for k in setup.kingdoms for c in k.cards()}
    run = set(setup.run_deck)
    shared = [c for c in DECK if c not in run and c not in kingdom_cards]
    shuffle(shared, seed, hand_number, 0)
    fortified = list(setup.fortified)
    shuffle(fortified, seed, hand_number, 1)
    rest = [c for c in setup.run_deck if c not in setup.fortified]
    shuffle(rest, seed, hand_number, 2)
    pile = fortified + rest
    shuffles = 3
    hands: list[list[Card]] = [[], []]
    for i, size in enumerate(setup.hand_sizes):
        while True:
            if i == 0:
                hand, pile = pile[:size], pile[size:]
            else:
                hand = []
            hand, shared = hand + shared[: size - len(hand)], shared[size - len(hand) :]
            if any(c.is_number for c in hand):
                break
            pile += [c for c in hand if c in run]
            shared += [c for c in hand if c not in run]
            shuffle(pile, seed, hand_number, shuffles)
            shuffle(shared, seed, hand_number, shuffles + 1)
            shuffles += 2
        hands[i] = hand
    players = tuple(
        Player(
            i + 1,
            tuple(hands[i]),
            Kingdom(tuple(resource(c, True) for c in k.resources), k.royals),
            pile=tuple(pile) if i == 0 else (),
        )
        for i, k in enumerate(setup.kingdoms)
    )
    return _begin(state, hand_number, players, deck=tuple(shared[REVEALED:]),
                  revealed=tuple(shared[:REVEALED]), shuffles=shuffles)


def check_family(state: GameState, events: list[Event]) -> GameState:
    """End the hand the moment a kingdom holds J, Q and K, Heroes filling gaps (R27).
    The current player is checked first."""
    if state.phase != "playing":
        return state
    n = state.player_count
    cur = state.current_player
    kingdoms = kingdoms_of(state)
    for k in range(n):
        number = (cur - 1 + k) % n + 1
        if family_complete(kingdoms[number - 1]):
            events.append(Event("royalFamilyCompleted", {"player": number}))
            return end_hand(state, number, "family", events)
    return state


def _hand_winner(state: GameState, scores: Sequence[int]) -> int | None:
    """R28: the highest hand score; nobody when it is shared across teams (or players)."""
    best = max(scores)
    tops = [i + 1 for i, s in enumerate(scores) if s == best]
    teams = {team_of(p, state.player_count) or p for p in tops}
    return tops[0] if len(teams) == 1 else None


def end_hand(
    state: GameState, winner: int | None, reason: HandEndReason, events: list[Event]
) -> GameState:
    """Score the hand (R29) and move to the score screen or the end of the game (R30)."""
    by_kind = tuple(
        score_by_kind(p.kingdom, family_bonus=(p.number == winner)) for p in players_of(state)
    )
    scores = tuple(sum(k.values()) for k in by_kind)
    if winner is None:
        winner = _hand_winner(state, scores)
    result = HandResult(state.current_hand, winner, scores, reason, by_kind)
    match_scores = tuple(a + b for a, b in zip(state.match_scores, scores, strict=True))
    state = evolve(
        state,
        winner=winner,
        match_scores=match_scores,
        hand_history=state.hand_history + (result,),
        pending=(),
    )
    events.append(
        Event(
            "handComplete", {"handNumber": state.current_hand, "winner": winner, "reason": reason}
        )
    )
    if state.mode == "game" or state.current_hand >= state.total_hands:
        outcome = _outcome(state, result)
        events.append(Event("gameFinished", {"winners": list(outcome.winners)}))
        return evolve(state, phase="finished", outcome=outcome)
    players = tuple(evolve(p, ready_for_next_hand=False) for p in players_of(state))
    return evolve(state, phase="handComplete", players=players)


def _side(state: GameState, number: int) -> tuple[int, ...]:
    mate = partner(number, state.player_count)
    return tuple(sorted((number, mate))) if mate else (number,)


def _outcome(state: GameState, last: HandResult) -> Outcome:
    if state.mode == "game":
        if last.winner is None:
            return Outcome((), "drawn")
        return Outcome(_side(state, last.winner), last.reason)
    sides = sorted({_side(state, p.number) for p in players_of(state)})
    totals = {s: sum(state.match_scores[p - 1] for p in s) for s in sides}
    wins = {s: sum(1 for h in state.hand_history if h.winner in s) for s in sides}
    best = max(totals.values())
    leaders = [s for s in sides if totals[s] == best]
    if len(leaders) == 1:
        return Outcome(leaders[0], "cumulative")
    most = max(wins[s] for s in leaders)
    leaders = [s for s in leaders if wins[s] == most]
    if len(leaders) == 1:
        return Outcome(leaders[0], "hands-won")
    return Outcome(tuple(sorted(p for s in leaders for p in s)), "shared")


def ready(state: GameState, number: int, events: list[Event]) -> GameState:
    """R31: a player readies; when all are, the next hand is dealt."""
    player = players_of(state)[number - 1]
    if player.ready_for_next_hand:
        raise IllegalAction("You are already ready", "R31")
    state = replace_player(state, evolve(player, ready_for_next_hand=True))
    if all(p.ready_for_next_hand for p in players_of(state)):
        state = deal(state, state.current_hand + 1)
        events.append(Event("nextHandStarted", {"handNumber": state.current_hand}))
    return state


@attrs.frozen
class CombatResult:
    """How a Spire combat ended for the runner (R38)."""

    won: bool
    hp_lost: int
    runner_score: int
    enemy_score: int

    def to_json(self) -> dict[str, Any]:
        return {
            "won": self.won,
            "hpLost": self.hp_lost,
            "runnerScore": self.runner_score,
            "enemyScore": self.enemy_score,
        }


MIN_HP_LOSS: Final = 5


def combat_result(state: GameState) -> CombatResult | None:
    """The result of a Spire combat (R38), or None while its hand is not over. The runner wins
    by completing the Royal Family, or by the higher score when the hand ends by R28 (a tie
    loses); a loss costs max(5, enemy score - runner score) HP. Raises ``ValueError`` for a
    game that is not a Spire combat."""
    if not isinstance(state.setup, SpireSetup):
        raise ValueError("Not a Spire combat")
    if not state.hand_history:
        return None
    last = state.hand_history[-1]
    runner, enemy = last.scores[0], last.scores[1]
    won = last.winner == 1
    return CombatResult(won, 0 if won else max(MIN_HP_LOSS, enemy - runner), runner, enemy)
