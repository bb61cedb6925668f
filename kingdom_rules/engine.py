"""The turn: who acts, what they may do, and what an action does (R3-R31).

``apply`` checks an action against the rules and returns the next state and its events; it
raises :class:`IllegalAction` and changes nothing when the action is not allowed. Follow-ups
(mount, eat, slay, ...) are in :mod:`kingdom_rules.followups`; the plays themselves in
:mod:`kingdom_rules.plays`; the end of a hand and of a match in :mod:`kingdom_rules.hands`.
"""

from __future__ import annotations

from kingdom_rules import followups, hands, plays
from kingdom_rules.actions import (
    Action,
    ChooseStartingResource,
    DrawCard,
    DrawRoyalReward,
    PassTurn,
    PlayCombination,
    PlayHailOfArrows,
    PlayResource,
    PlayRoyal,
    ReadyForNextHand,
    RotateResource,
    SkipDemolitionEat,
    SkipPendingAction,
    shape_problem,
)
from kingdom_rules.cards import Card
from kingdom_rules.errors import IllegalAction, MalformedAction
from kingdom_rules.events import Event, shared
from kingdom_rules.state import (
    GameState,
    derive,
    evolve,
    holds,
    last_draw,
    own_revealed_of,
    played,
    put,
    ready_all,
    resource,
    with_pending,
    with_resources,
)
from kingdom_rules.table import (
    can_draw,
    draw_into_hand,
    take,
    take_from_deck,
    with_own_revealed,
)

HEADLINES: dict[type, str] = {
    ChooseStartingResource: "Failed to choose starting resource",
    DrawCard: "Failed to draw card",
    PlayResource: "Cannot play that resource",
    RotateResource: "Cannot rotate that resource",
    PlayRoyal: "Cannot play that royal",
    PlayCombination: "Cannot play that combination",
    PlayHailOfArrows: "Cannot play Hail of Arrows",
    PassTurn: "Failed to pass turn",
    DrawRoyalReward: "Failed to draw card",
    SkipPendingAction: "Nothing to skip",
    SkipDemolitionEat: "Nothing to skip",
    ReadyForNextHand: "Failed to mark ready",
}


def headline(action: Action) -> str:
    return HEADLINES.get(type(action)) or followups.HEADLINES.get(type(action), "Not allowed")


def players_to_act(state: GameState) -> list[int]:
    """Player numbers who may act now: every player still choosing a starting resource or not
    yet ready between hands; otherwise the current player; nobody once the game is over."""
    phase = state.phase
    if phase == "playing":
        return [state.current_player]
    if phase == "choosing_resources":
        done = state._chosen
    elif phase == "handComplete":
        done = state._ready
    else:
        return []
    return [i + 1 for i in range(state.player_count) if not done >> i & 1]


def apply(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """The state after ``action`` and what happened, or :class:`IllegalAction`.

    The input state is never changed.
    """
    events: list[Event] = []
    try:
        new = _apply(state, action, events)
    except IllegalAction as exc:
        if exc.message.startswith(headline(action)):
            raise
        raise type(exc)(f"{headline(action)}: {exc.message}", exc.rule) from None
    except (AttributeError, TypeError) as exc:
        problem = shape_problem(action)
        if problem is None:
            raise
        raise MalformedAction(f"{headline(action)}: {problem}") from exc
    return new, events


def _apply(state: GameState, action: Action, events: list[Event]) -> GameState:
    phase = state.phase
    n = action.player
    if type(n) is not int or not 1 <= n <= state.player_count:
        raise IllegalAction(f"There is no player {n!r} in this game")
    kind = type(action)
    if phase == "playing":
        if n != state.current_player:
            raise IllegalAction("It is not your turn", "R7")
        if kind is DrawCard:
            return _draw(state, action, events)  # type: ignore[arg-type]
        if not state._drawn >> (n - 1) & 1:
            raise IllegalAction("Draw a card first: no play is legal before the draw", "R6")
        if kind is PassTurn:
            return _pass(state, events)
        if state.pending:
            return _answer_followup(state, action, events)
        if kind is DrawRoyalReward:
            if not state._rewards[n - 1]:
                raise IllegalAction("No royal reward is owed", "R24")
            return _settle(_draw_reward(state, n), events)
        play = plays.PLAYS.get(kind)
        if play is None:
            if kind in followups.HEADLINES or kind in (SkipPendingAction, SkipDemolitionEat):
                raise IllegalAction("There is no follow-up to answer now", "R13")
            if kind is ChooseStartingResource:
                raise IllegalAction("Starting resources are chosen before play begins", "R3")
            raise IllegalAction("The ready step comes between hands of a match", "R31")
        state = play(state, action, events)
        # Only plays that open follow-ups can add a royal, so only they can end the hand.
        return _settle(state, events) if state.pending else state
    if phase == "choosing_resources":
        if kind is not ChooseStartingResource:
            raise IllegalAction("Every player first chooses a starting resource", "R3")
        return _choose_start(state, action, events)  # type: ignore[arg-type]
    if phase == "handComplete":
        if kind is not ReadyForNextHand:
            raise IllegalAction("The hand is over: get ready for the next one", "R31")
        return hands.ready(state, n, events)
    raise IllegalAction("The game is over", "R30")


# --- starting resource (R3, R4) -----------------------------------------------------------


def _choose_start(
    state: GameState, action: ChooseStartingResource, events: list[Event]
) -> GameState:
    i = action.player - 1
    if state._chosen >> i & 1:
        raise IllegalAction("You have already chosen your starting resource", "R3")
    card = action.card
    hand = state._hands[i]
    if not holds(hand, card):
        raise IllegalAction("That card is not in your hand", "R3")
    if not card.is_number:
        raise IllegalAction("The starting resource must be a number card (A to 10)", "R3")
    new = derive(state)
    new._put_hands(put(state._hands, i, tuple([c for c in hand if c is not card])))
    kingdom = state._kingdoms[i]
    kingdom = with_resources(kingdom, kingdom.resources + (resource(card, True),))
    new._put_kingdoms(put(state._kingdoms, i, kingdom))
    chosen = state._chosen | 1 << i
    new._put_chosen(chosen)
    state = new
    if chosen == (1 << state.player_count) - 1:
        state = start_turn(state, events, state.first_player, state.round, state.quiet_turns,
                           phase="playing")
    return state


# --- the turn (R5-R7) ----------------------------------------------------------------------


def start_turn(
    state: GameState, events: list[Event], n: int, rnd: int, quiet: int,
    drawable: bool | None = None, phase: str | None = None,
) -> GameState:
    """Player ``n``'s turn begins, in round ``rnd`` after ``quiet`` quiet turns (R28): ready
    their kingdom (R5); skip the draw if nothing can be drawn (R6). ``drawable``: whether the
    player can draw, when the caller knows it already (:func:`can_draw` otherwise);
    ``phase``: the game's phase changes to it in the same step."""
    i = n - 1
    bit = 1 << i
    new = derive(state)
    kingdoms = state._kingdoms
    kingdom = kingdoms[i]
    for r in kingdom.resources:
        if not r.ready:
            kingdom = with_resources(kingdom, ready_all(kingdom.resources))
            new._put_kingdoms(put(kingdoms, i, kingdom))
            break
    if drawable is None:
        drawable = can_draw(state, n)
    drawn = state._drawn
    new._put_drawn(drawn & ~bit if drawable else drawn | bit)
    new._put_drew_reward(state._drew_reward & ~bit)
    new._put_played(False, quiet)
    new._put_pending(())
    new._put_turn(n, rnd, quiet)
    if phase is not None:
        new._put_phase(phase)
    events.append(_TURN_STARTED[n])
    if not drawable:
        events.append(Event("drawPhaseSkipped", {"player": n, "message": DRAW_SKIPPED}))
    return new


DRAW_SKIPPED = "No cards left to draw: draw skipped"
_SEATS = range(1, 5)
_TURN_STARTED = {n: shared("turnStarted", player=n) for n in _SEATS}
_CARD_DRAWN = {
    (n, source): shared("cardDrawn", player=n, source=source)
    for n in _SEATS
    for source in DrawCard.SOURCES
}


def _draw(state: GameState, action: DrawCard, events: list[Event]) -> GameState:
    n = action.player
    i = n - 1
    if state._drawn >> i & 1:
        raise IllegalAction("You have already drawn this turn", "R6")
    if state.setup.own_piles:
        return _draw_own(state, action, events)
    source = action.source
    if source == "deck":
        deck = state.deck
        if deck:
            card = deck[0]
            new = derive(state)
            new._put_deck(deck[1:])
        else:
            new, drawn = take_from_deck(state, 1)  # a draft of its own
            if not drawn:
                raise IllegalAction("The deck and the discard pile are empty", "R6")
            card = drawn[0]
        new._put_last_draw(last_draw(n, source, card, None))
    elif source == "revealed1" or source == "revealed2":
        slot = 0 if source == "revealed1" else 1
        revealed_card = state.revealed[slot]
        if revealed_card is None:
            raise IllegalAction("There is no card in that place", "R6")
        card = revealed_card
        new, refill = take_from_deck(state, 1)  # a draft of its own
        replacement = refill[0] if refill else None
        new._put_revealed(put(state.revealed, slot, replacement))
        new._put_last_draw(last_draw(n, source, card, replacement))
    else:
        raise IllegalAction("Draw from the deck, revealed1 or revealed2", "R6")
    hands = state._hands
    new._put_hands(put(hands, i, hands[i] + (card,)))
    new._put_drawn(state._drawn | 1 << i)
    events.append(_CARD_DRAWN[n, source])
    return new


def _draw_own(state: GameState, action: DrawCard, events: list[Event]) -> GameState:
    """R6 with own piles: ``deck`` is the player's own pile (Constructed, R35) or the runner's
    own pile, then the shared deck (Spire, R36); the revealed cards are the player's own pair
    (Constructed), refilled from their own pile, or the shared pair (Spire)."""
    n = action.player
    i = n - 1
    source = action.source
    constructed = state.setup.kind == "constructed"
    replacement: Card | None = None
    if source == "deck":
        state, drawn = take(state, n, 1)
        if not drawn:
            if constructed:
                raise IllegalAction(
                    "Your pile is empty and none of your cards is in the discard pile", "R35"
                )
            raise IllegalAction("The deck and the discard pile are empty", "R6")
        card = drawn[0]
    elif source == "revealed1" or source == "revealed2":
        slot = 0 if source == "revealed1" else 1
        shown = (own_revealed_of(state, n) or (None, None)) if constructed else state.revealed
        revealed_card = shown[slot]
        if revealed_card is None:
            raise IllegalAction("There is no card in that place", "R6")
        card = revealed_card
        if constructed:
            state, refill = take(state, n, 1)
            replacement = refill[0] if refill else None
            state = with_own_revealed(state, n, put(shown, slot, replacement))
        else:
            state, refill = take_from_deck(state, 1)
            replacement = refill[0] if refill else None
            state = evolve(state, revealed=put(shown, slot, replacement))
    else:
        raise IllegalAction("Draw from the deck, revealed1 or revealed2", "R6")
    new = state  # a draft of its own (from take, with_own_revealed or evolve)
    new._put_last_draw(last_draw(n, source, card, replacement))
    hands = state._hands
    new._put_hands(put(hands, i, hands[i] + (card,)))
    new._put_drawn(state._drawn | 1 << i)
    events.append(_CARD_DRAWN[n, source])
    return new


def _pass(state: GameState, events: list[Event]) -> GameState:
    n = state.current_player
    if state._rewards[n - 1]:
        state = _draw_reward(state, n)
    # With the standard deal anybody can draw exactly when the next player can (R6): the
    # answer serves both questions. Own piles ask per seat (R35, R36).
    shared = not state.setup.own_piles
    drawable = can_draw(state) if shared or not state.played_this_turn else None
    quiet = state.quiet_turns + 1 if not state.played_this_turn and not drawable else 0
    if quiet >= state.player_count:
        return hands.end_hand(evolve(state, quiet_turns=quiet), None, "stalled", events)
    nxt = n % state.player_count + 1
    rnd = state.round
    if nxt == state.first_player:
        if rnd >= hands.MAX_ROUNDS:
            return hands.end_hand(evolve(state, quiet_turns=quiet), None, "round-limit", events)
        rnd += 1
    return start_turn(state, events, nxt, rnd, quiet, drawable if shared else None)


def _draw_reward(state: GameState, n: int) -> GameState:
    """Player ``n`` draws the cards a slain dragon owes (R24)."""
    i = n - 1
    state = draw_into_hand(state, n, state._rewards[i])
    new = derive(state)
    new._put_rewards(put(state._rewards, i, 0))
    new._put_drew_reward(state._drew_reward | 1 << i)
    return new


# --- follow-ups ------------------------------------------------------------------------------


def _answer_followup(state: GameState, action: Action, events: list[Event]) -> GameState:
    head = state.pending[0]
    kind = type(action)
    if kind is SkipPendingAction or (kind is SkipDemolitionEat and head.context == "freed-royal"):
        return _settle(with_pending(state, state.pending[1:]), events)
    if kind is SkipDemolitionEat:
        raise IllegalAction("There is no freed royal to eat", "R23")
    state = followups.answer(state, head, action, events)
    return _settle(played(state), events)


def _settle(state: GameState, events: list[Event]) -> GameState:
    """Drop follow-ups that offer no choice, then end the hand if a family is complete."""
    pending = state.pending
    while pending and not followups.options(state, pending[0]):
        pending = pending[1:]
    if pending is not state.pending:
        state = with_pending(state, pending)
    return hands.check_family(state, events)
