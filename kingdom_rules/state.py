"""The game's state as immutable values, and their JSON (field names of docs/protocol.md,
"gameState").

Values are frozen attrs classes; the old state is never touched. The engine builds the next
state from a *draft* (:func:`derive`): a copy that it changes in place, through the writers of
this module, before handing it out. Compiled (:mod:`kingdom_rules.native`), ``GameState`` is
a native class: its fields, and the seat fields below, are members of a C struct that the
compiled engine reads and writes directly.

Immutable outside, flat inside: a state keeps its seats' fields in per-seat tuples (hands,
kingdoms, royal rewards) and bit masks (the four flags), the *seat fields*, as private members
(:class:`_Seats`: ``_hands``, ``_kingdoms``, ...; their names are HANDS, KINGDOMS, ... below).
Only this module and the engine's two hot paths (``engine.py`` and ``legal.py``, where a
function call would cost more than the read) read those members; every other module asks the
named accessors below (:func:`hand_of`, :func:`kingdom_of`, :func:`has_drawn`,
:func:`reward_of`, :func:`table_of`, ...) and changes a seat with :func:`with_hand`,
:func:`with_kingdom`, :func:`add_reward`. So a step copies one flat record instead of
rebuilding ``Player`` values and the players tuple. ``state.players`` is built from the seat
fields the first time it is read (:func:`players_of`); the constructor (and so
``attrs.evolve``) computes the seat fields from ``players``. The two never disagree: the
engine changes seats either in a draft from :func:`derive` (which leaves ``players`` out) or
with ``evolve(state, players=...)`` (which writes both).

Each card is in exactly one place: a hand, the deck, the revealed cards, a kingdom
(resource, royal or combination card) or the discard pile (:func:`GameState.from_json` refuses
a document where it is not: :func:`kingdom_rules.positions.check_state`). Riders and royals
inside structures are listed in ``Kingdom.royals`` and referenced by id from the combination.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import partialmethod
from typing import Any, Final, NamedTuple, TypeVar

import attr
import attrs

from kingdom_rules.cards import ALL_CARDS, Card
from kingdom_rules.combinations import BEASTS, DRAGONS
from kingdom_rules.errors import InvalidState
from kingdom_rules.kinds import (
    CombinationKind,
    FollowUpContext,
    FollowUpKind,
    HandEndReason,
    OutcomeReason,
)
from kingdom_rules.kingdoms import EMPTY_KINGDOM as EMPTY_KINGDOM
from kingdom_rules.kingdoms import Combination as Combination
from kingdom_rules.kingdoms import Kingdom as Kingdom
from kingdom_rules.kingdoms import Resource as Resource
from kingdom_rules.kingdoms import ready_all as ready_all
from kingdom_rules.kingdoms import resource as resource
from kingdom_rules.scoring import family_complete, hand_score, team_scores
from kingdom_rules.setups import STANDARD, Setup, setup_from_json

T = TypeVar("T")
Json = dict[str, Any]

PHASES: Final = ("choosing_resources", "playing", "handComplete", "finished")
MODES: Final = ("game", "match")
"""A single hand, or a match of as many hands as there are players (R30)."""
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
PLAYER_COUNTS: Final = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
"""How many players a game may have (2 to 4; 2 vs 2 at four)."""


def total_hands(player_count: int, mode: str) -> int:
    """How many hands a game of ``mode`` lasts: one, or one per player in a match (R30)."""
    return player_count if mode == "match" else 1

MAX_ROUNDS: Final = 60
"""A hand ends after this many rounds (R28)."""
HAND_SIZE: Final = 4
REVEALED: Final = 2


def evolve(obj: T, **changes: Any) -> T:
    """A copy of a frozen value with some fields replaced (the fast path of attrs.evolve; a
    GameState's by :func:`derive`, its seat fields following ``players`` when given)."""
    if isinstance(obj, GameState):
        new = derive(obj)
        for name, value in changes.items():
            if name == "players":
                new._seats_from(value)
            new._put(name, value)
        return new  # type: ignore[return-value]
    d = getattr(obj, "__dict__", None)
    if d is None:  # a native class (kingdoms.py)
        return attrs.evolve(obj, **changes)  # type: ignore[misc]
    fresh = _new(obj.__class__)
    _set(fresh, "__dict__", {**d, **changes})
    return fresh


_new = object.__new__
_set = object.__setattr__


@attrs.frozen(slots=False)
class Player:
    """One seat of the hand in progress."""

    number: int
    hand: tuple[Card, ...] = ()
    kingdom: Kingdom = EMPTY_KINGDOM
    starting_resource_chosen: bool = False
    has_drawn_this_turn: bool = False
    royal_reward: int = 0
    """Cards still owed by a slain dragon (R24); drawn on drawRoyalReward or on pass."""
    has_drawn_royal_reward: bool = False
    ready_for_next_hand: bool = False
    pile: tuple[Card, ...] = ()
    """The seat's own pile, top card first (Constructed R35, the Spire runner R36); empty in
    the standard game."""
    revealed: tuple[Card | None, ...] = ()
    """The seat's own revealed pair (Constructed, R35); empty otherwise."""

    def to_json(self, hand: bool = True) -> Json:
        d: Json = {"number": self.number}
        if hand:
            d["hand"] = [c.to_json() for c in self.hand]
        d.update(
            cardCount=len(self.hand),
            kingdom=self.kingdom.to_json(),
            startingResourceChosen=self.starting_resource_chosen,
            hasDrawnThisTurn=self.has_drawn_this_turn,
            royalReward=self.royal_reward,
            hasDrawnRoyalReward=self.has_drawn_royal_reward,
            score=hand_score(self.kingdom),
            readyForNextHand=self.ready_for_next_hand,
            familyComplete=family_complete(self.kingdom),
        )
        if self.pile or self.revealed:  # only in setups with own piles (R35, R36)
            d["pile"] = [c.to_json() for c in self.pile]
            d["revealedCards"] = [c.to_json() if c else None for c in self.revealed]
        return d

    @staticmethod
    def from_json(d: Json) -> Player:
        return Player(
            d["number"],
            tuple(Card.from_json(c) for c in d["hand"]),
            Kingdom.from_json(d["kingdom"]),
            d["startingResourceChosen"],
            d["hasDrawnThisTurn"],
            d["royalReward"],
            d["hasDrawnRoyalReward"],
            d["readyForNextHand"],
            tuple(Card.from_json(c) for c in d.get("pile", ())),
            tuple(Card.from_json(c) if c else None for c in d.get("revealedCards", ())),
        )


@attr.s(auto_attribs=True, frozen=True, init=False)
class Pending:
    """A follow-up the current player may take or skip (docs/rules.md, "Follow-ups"; R13-R26).

    ``type`` is one of the pending action types of docs/protocol.md. (A native class of the
    compiled engine, as :class:`GameState`.)
    """

    type: FollowUpKind
    context: FollowUpContext
    royal: Card | None = None
    """The royal just played (after-royal)."""
    beast: Card | None = None
    """First card of the own beast concerned (the eating dragon, the beast to mount or send)."""
    structure: Card | None = None
    """First card of the structure just built (after-structure)."""
    kind: CombinationKind | None = None
    """Kind of the beast concerned (dragonType / beastType)."""
    eat_count: int = 0
    """Characters still to eat."""
    can_demolish_castles: bool = False
    can_demolish_cathedrals: bool = False
    target_player: int = 0
    """Owner of the freed royals (freed-royal)."""
    freed: tuple[Card, ...] = ()

    def __init__(
        self,
        type: FollowUpKind,
        context: FollowUpContext,
        royal: Card | None = None,
        beast: Card | None = None,
        structure: Card | None = None,
        kind: CombinationKind | None = None,
        eat_count: int = 0,
        can_demolish_castles: bool = False,
        can_demolish_cathedrals: bool = False,
        target_player: int = 0,
        freed: tuple[Card, ...] = (),
    ) -> None:
        object.__setattr__(self, "type", type)
        object.__setattr__(self, "context", context)
        object.__setattr__(self, "royal", royal)
        object.__setattr__(self, "beast", beast)
        object.__setattr__(self, "structure", structure)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "eat_count", eat_count)
        object.__setattr__(self, "can_demolish_castles", can_demolish_castles)
        object.__setattr__(self, "can_demolish_cathedrals", can_demolish_cathedrals)
        object.__setattr__(self, "target_player", target_player)
        object.__setattr__(self, "freed", freed)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (Pending, (self.type, self.context, self.royal, self.beast, self.structure,
                          self.kind, self.eat_count, self.can_demolish_castles,
                          self.can_demolish_cathedrals, self.target_player, self.freed))

    def to_json(self) -> Json:
        return {
            "type": self.type,
            "context": self.context,
            "royalId": self.royal.id if self.royal else None,
            "beastCardId": self.beast.id if self.beast else None,
            "structureCardId": self.structure.id if self.structure else None,
            "kind": self.kind,
            "dragonType": self.kind if self.kind in DRAGONS else None,
            "beastType": self.kind if self.kind in BEASTS else None,
            "canEatCount": self.eat_count,
            "isSuited": self.type == "flaming-salvo",
            "canDemolishCastles": self.can_demolish_castles,
            "canDemolishCathedrals": self.can_demolish_cathedrals,
            "targetPlayerNumber": self.target_player or None,
            "freedRoyalIds": [c.id for c in self.freed],
        }

    @staticmethod
    def from_json(d: Json) -> Pending:
        return Pending(
            d["type"],
            d["context"],
            _card_or_none(d, "royalId"),
            _card_or_none(d, "beastCardId"),
            _card_or_none(d, "structureCardId"),
            d.get("kind"),
            d["canEatCount"],
            d["canDemolishCastles"],
            d["canDemolishCathedrals"],
            d.get("targetPlayerNumber") or 0,
            tuple(Card.parse(i) for i in d["freedRoyalIds"]),
        )


def _card_or_none(d: Json, key: str) -> Card | None:
    """The card named under ``key``, or None (a pending action's optional cards)."""
    return Card.parse(d[key]) if d.get(key) else None


@attr.s(auto_attribs=True, frozen=True, init=False)
class LastDraw:
    """The latest draw, for the draw animation. Cards here are copies of cards placed elsewhere.
    (A native class of the compiled engine, as :class:`GameState`.)"""

    player: int
    source: str
    card: Card | None
    """The card drawn; None in the view of another player when it came from the deck (R32)."""
    replacement: Card | None

    def __init__(
        self, player: int, source: str, card: Card | None, replacement: Card | None
    ) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "replacement", replacement)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (LastDraw, (self.player, self.source, self.card, self.replacement))

    def to_json(self, visible: bool = True) -> Json:
        return {
            "playerNumber": self.player,
            "source": self.source,
            "drawnCard": self.card.to_json() if visible and self.card else None,
            "replacementCard": self.replacement.to_json() if self.replacement else None,
            "selectedCardId": self.card.id if visible and self.card else None,
        }

    @staticmethod
    def from_json(d: Json) -> LastDraw:
        rep = d.get("replacementCard")
        return LastDraw(
            d["playerNumber"],
            d["source"],
            Card.from_json(d["selectedCardId"]),
            Card.from_json(rep) if rep else None,
        )


@attrs.frozen(slots=False, eq=False)
class HandResult:
    """One finished hand of a match: its number, winner and every player's score (R29).

    Equal to another when all but ``by_kind`` are (written out rather than with
    ``attrs.field(eq=False)``, which mypyc cannot compile in a class body)."""

    hand_number: int
    winner: int | None
    scores: tuple[int, ...]
    """Hand score of each player, in seat order."""
    reason: HandEndReason
    """family (R27), stalled or round-limit (R28)."""
    by_kind: tuple[Mapping[str, int], ...] = ()
    """Each player's score in its parts (:func:`kingdom_rules.scoring.score_by_kind`), in seat
    order; empty for a result read from a position (a detail for the score screen, not part
    of the result's identity)."""

    def _identity(self) -> tuple[object, ...]:
        return (self.hand_number, self.winner, self.scores, self.reason)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._identity() == other._identity()

    def __hash__(self) -> int:
        return hash(self._identity())

    def to_json(self) -> Json:
        d: Json = {
            "handNumber": self.hand_number,
            "winnerPlayerNumber": self.winner,
            "playerScores": {str(i + 1): s for i, s in enumerate(self.scores)},
            "reason": self.reason,
        }
        if self.by_kind:
            d["scoresByKind"] = {str(i + 1): dict(k) for i, k in enumerate(self.by_kind)}
        return d

    @staticmethod
    def from_json(d: Json) -> HandResult:
        scores = d["playerScores"]
        kinds = d.get("scoresByKind") or {}
        return HandResult(
            d["handNumber"],
            d["winnerPlayerNumber"],
            tuple(scores[str(i + 1)] for i in range(len(scores))),
            d["reason"],
            tuple(dict(kinds[str(i + 1)]) for i in range(len(kinds))),
        )


@attrs.frozen(slots=False)
class Outcome:
    """How a game or match ended: the winning player numbers (a team, a shared win, or none)."""

    winners: tuple[int, ...]
    reason: OutcomeReason
    """family, stalled or round-limit for a game (drawn without a winner); cumulative,
    hands-won or shared for a match."""

    def to_json(self) -> Json:
        return {"winners": list(self.winners), "reason": self.reason}

    @staticmethod
    def from_json(d: Json) -> Outcome:
        return Outcome(tuple(d["winners"]), d["reason"])


_NOTHING_SHOWN: Final[tuple[Card | None, ...]] = (None, None)
_STANDARD: Final[Setup] = STANDARD
"""(Defaults of GameState's constructor as names: compiled, a literal tuple would be built
again, and a name of another module looked up again, on every call, drafts included.)"""


class _Seats:
    """The seat fields of a :class:`GameState` (see the module's docstring): each seat's hand,
    kingdom and royal reward in per-seat tuples, the four flags as bit masks (bit
    ``number - 1``), and the own piles and own revealed pairs (empty tuples while every
    seat's is empty: the standard game). A base class of GameState so that attrs does not
    take them for fields; compiled, they are members of the same C struct. Written only here,
    by the methods below (a draft from :func:`derive`), and read through the named accessors
    of this module (``engine.py`` and ``legal.py`` read them directly)."""

    _hands: tuple[tuple[Card, ...], ...]
    _kingdoms: tuple[Kingdom, ...]
    _rewards: tuple[int, ...]
    _chosen: int
    _drawn: int
    _drew_reward: int
    _ready: int
    _piles: tuple[tuple[Card, ...], ...]
    _own_revealed: tuple[tuple[Card | None, ...], ...]

    def _seats_like(self, other: _Seats) -> None:
        object.__setattr__(self, "_hands", other._hands)
        object.__setattr__(self, "_kingdoms", other._kingdoms)
        object.__setattr__(self, "_rewards", other._rewards)
        object.__setattr__(self, "_chosen", other._chosen)
        object.__setattr__(self, "_drawn", other._drawn)
        object.__setattr__(self, "_drew_reward", other._drew_reward)
        object.__setattr__(self, "_ready", other._ready)
        object.__setattr__(self, "_piles", other._piles)
        object.__setattr__(self, "_own_revealed", other._own_revealed)

    def _seats_from(self, players: tuple[Player, ...]) -> None:
        for key, value in _seats_from_players(players).items():
            object.__setattr__(self, key, value)

    def _put_hands(self, hands: tuple[tuple[Card, ...], ...]) -> None:
        object.__setattr__(self, "_hands", hands)

    def _put_kingdoms(self, kingdoms: tuple[Kingdom, ...]) -> None:
        object.__setattr__(self, "_kingdoms", kingdoms)

    def _put_rewards(self, rewards: tuple[int, ...]) -> None:
        object.__setattr__(self, "_rewards", rewards)

    def _put_chosen(self, mask: int) -> None:
        object.__setattr__(self, "_chosen", mask)

    def _put_drawn(self, mask: int) -> None:
        object.__setattr__(self, "_drawn", mask)

    def _put_drew_reward(self, mask: int) -> None:
        object.__setattr__(self, "_drew_reward", mask)

    def _put_piles(self, piles: tuple[tuple[Card, ...], ...]) -> None:
        object.__setattr__(self, "_piles", piles)

    def _put_own_revealed(self, shown: tuple[tuple[Card | None, ...], ...]) -> None:
        object.__setattr__(self, "_own_revealed", shown)


@attr.s(auto_attribs=True, frozen=True, init=False)
class GameState(_Seats):
    """Everything about a game. Build the first one with :func:`kingdom_rules.new_game`.

    An attrs value (``attrs.fields``, ``attrs.evolve``, equality, ``repr``, frozen) that the
    compiled engine (:mod:`kingdom_rules.native`) makes a native class: its fields are C
    struct members, read and written directly. Hence the ``attr.s`` spelling and the
    constructor written out (see :mod:`kingdom_rules.kingdoms`). ``players`` is built from
    the seat fields when first read (:func:`players_of`)."""

    player_count: int
    mode: str
    seed: int
    players: tuple[Player, ...]
    phase: str = "choosing_resources"
    current_hand: int = 1
    total_hands: int = 1
    first_player: int = 1
    """Player who begins the current hand (R4)."""
    current_player: int = 1
    deck: tuple[Card, ...] = ()
    """Face-down draw pile, top card first."""
    revealed: tuple[Card | None, ...] = (None, None)
    discard_pile: tuple[Card, ...] = ()
    """Public discard pile; the last card is the top."""
    pending: tuple[Pending, ...] = ()
    """Follow-ups still open for the current player; the first is offered now."""
    round: int = 1
    quiet_turns: int = 0
    """Consecutive turns without a play while no card can be drawn (R28)."""
    played_this_turn: bool = False
    shuffles: int = 0
    """How many shuffles this hand has made; it seeds the next one."""
    last_draw: LastDraw | None = None
    last_hail_was_flaming_salvo: bool = False
    winner: int | None = None
    """Winner of the last finished hand, while the score screen or final result shows."""
    match_scores: tuple[int, ...] = ()
    hand_history: tuple[HandResult, ...] = ()
    outcome: Outcome | None = None
    setup: Setup = STANDARD
    """How the hand's cards enter play (R33-R37): the standard deal, Constructed or Spire."""

    def __init__(
        self,
        player_count: int,
        mode: str,
        seed: int,
        players: tuple[Player, ...],
        phase: str = "choosing_resources",
        current_hand: int = 1,
        total_hands: int = 1,
        first_player: int = 1,
        current_player: int = 1,
        deck: tuple[Card, ...] = (),
        revealed: tuple[Card | None, ...] = _NOTHING_SHOWN,
        discard_pile: tuple[Card, ...] = (),
        pending: tuple[Pending, ...] = (),
        round: int = 1,
        quiet_turns: int = 0,
        played_this_turn: bool = False,
        shuffles: int = 0,
        last_draw: LastDraw | None = None,
        last_hail_was_flaming_salvo: bool = False,
        winner: int | None = None,
        match_scores: tuple[int, ...] = (),
        hand_history: tuple[HandResult, ...] = (),
        outcome: Outcome | None = None,
        setup: Setup = _STANDARD,
        *,
        _like: GameState | None = None,
    ) -> None:
        if _like is not None:  # a draft (derive): the same fields, players left to build
            self._like(_like)
            return
        object.__setattr__(self, "player_count", player_count)
        object.__setattr__(self, "mode", mode)
        object.__setattr__(self, "seed", seed)
        object.__setattr__(self, "players", players)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "current_hand", current_hand)
        object.__setattr__(self, "total_hands", total_hands)
        object.__setattr__(self, "first_player", first_player)
        object.__setattr__(self, "current_player", current_player)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "revealed", revealed)
        object.__setattr__(self, "discard_pile", discard_pile)
        object.__setattr__(self, "pending", pending)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "quiet_turns", quiet_turns)
        object.__setattr__(self, "played_this_turn", played_this_turn)
        object.__setattr__(self, "shuffles", shuffles)
        object.__setattr__(self, "last_draw", last_draw)
        object.__setattr__(self, "last_hail_was_flaming_salvo", last_hail_was_flaming_salvo)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "match_scores", match_scores)
        object.__setattr__(self, "hand_history", hand_history)
        object.__setattr__(self, "outcome", outcome)
        object.__setattr__(self, "setup", setup)
        self._seats_from(players)

    def _like(self, other: GameState) -> None:
        object.__setattr__(self, "player_count", other.player_count)
        object.__setattr__(self, "mode", other.mode)
        object.__setattr__(self, "seed", other.seed)
        object.__setattr__(self, "phase", other.phase)
        object.__setattr__(self, "current_hand", other.current_hand)
        object.__setattr__(self, "total_hands", other.total_hands)
        object.__setattr__(self, "first_player", other.first_player)
        object.__setattr__(self, "current_player", other.current_player)
        object.__setattr__(self, "deck", other.deck)
        object.__setattr__(self, "revealed", other.revealed)
        object.__setattr__(self, "discard_pile", other.discard_pile)
        object.__setattr__(self, "pending", other.pending)
        object.__setattr__(self, "round", other.round)
        object.__setattr__(self, "quiet_turns", other.quiet_turns)
        object.__setattr__(self, "played_this_turn", other.played_this_turn)
        object.__setattr__(self, "shuffles", other.shuffles)
        object.__setattr__(self, "last_draw", other.last_draw)
        object.__setattr__(self, "last_hail_was_flaming_salvo", other.last_hail_was_flaming_salvo)
        object.__setattr__(self, "winner", other.winner)
        object.__setattr__(self, "match_scores", other.match_scores)
        object.__setattr__(self, "hand_history", other.hand_history)
        object.__setattr__(self, "outcome", other.outcome)
        object.__setattr__(self, "setup", other.setup)
        self._seats_like(other)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (GameState, tuple([getattr(self, f.name) for f in attrs.fields(GameState)]))

    # The writers of a draft from :func:`derive` (the engine's, before it hands the state out).

    def _put_players(self, players: tuple[Player, ...]) -> None:
        object.__setattr__(self, "players", players)

    def _put(self, name: str, value: Any) -> None:
        object.__setattr__(self, name, value)

    def _put_phase(self, phase: str) -> None:
        object.__setattr__(self, "phase", phase)

    def _put_deck(self, deck: tuple[Card, ...]) -> None:
        object.__setattr__(self, "deck", deck)

    def _put_revealed(self, revealed: tuple[Card | None, ...]) -> None:
        object.__setattr__(self, "revealed", revealed)

    def _put_discard_pile(self, pile: tuple[Card, ...]) -> None:
        object.__setattr__(self, "discard_pile", pile)

    def _put_shuffles(self, shuffles: int) -> None:
        object.__setattr__(self, "shuffles", shuffles)

    def _put_pending(self, pending: tuple[Pending, ...]) -> None:
        object.__setattr__(self, "pending", pending)

    def _put_last_draw(self, draw: LastDraw | None) -> None:
        object.__setattr__(self, "last_draw", draw)

    def _put_turn(self, current_player: int, round: int, quiet_turns: int) -> None:
        object.__setattr__(self, "current_player", current_player)
        object.__setattr__(self, "round", round)
        object.__setattr__(self, "quiet_turns", quiet_turns)

    def _put_played(self, played: bool, quiet_turns: int) -> None:
        object.__setattr__(self, "played_this_turn", played)
        object.__setattr__(self, "quiet_turns", quiet_turns)

    @property
    def is_over(self) -> bool:
        return self.phase == "finished"

    def player(self, number: int) -> Player:
        return players_of(self)[number - 1]

    def to_json(self) -> Json:
        return {
            "playerCount": self.player_count,
            "gameMode": self.mode,
            "seed": self.seed,
            "players": [p.to_json() for p in players_of(self)],
            "phase": self.phase,
            "currentHand": self.current_hand,
            "totalHands": self.total_hands,
            "firstPlayerNumber": self.first_player,
            "currentPlayerIndex": self.current_player - 1,
            "currentPlayerNumber": self.current_player,
            "deck": [c.to_json() for c in self.deck],
            "revealedCards": [c.to_json() if c else None for c in self.revealed],
            "discardPile": [c.to_json() for c in self.discard_pile],
            "pendingActions": [p.to_json() for p in self.pending],
            "round": self.round,
            "quietTurns": self.quiet_turns,
            "playedThisTurn": self.played_this_turn,
            "shuffles": self.shuffles,
            "lastDrawAction": self.last_draw.to_json() if self.last_draw else None,
            "lastHailWasFlamingSalvo": self.last_hail_was_flaming_salvo,
            "winner": self.winner,
            "matchScores": {str(i + 1): s for i, s in enumerate(self.match_scores)},
            "teamScores": team_scores(self.match_scores),
            "handHistory": [h.to_json() for h in self.hand_history],
            "outcome": self.outcome.to_json() if self.outcome else None,
            **({"setup": self.setup.to_json()} if self.setup.own_piles else {}),
        }

    @staticmethod
    def from_json(d: Json) -> GameState:
        """The state back from :meth:`to_json`. Raises :class:`InvalidState` (a ``ValueError``)
        for a broken document or a state no game can reach (a card missing or twice, a
        "horse" of a 6 and a 7, a rider that is not in the kingdom: see
        :func:`kingdom_rules.positions.check_state`, registered with :func:`check_on_load`)."""
        try:
            state = _state_from_json(d)
        except (KeyError, TypeError, AttributeError, IndexError, ValueError) as exc:
            raise InvalidState(f"not a game state: {exc!r}") from exc
        if not _LOAD_CHECKS:
            raise RuntimeError("no state check registered: import kingdom_rules, not its parts")
        for check in _LOAD_CHECKS:
            check(state)
        return state


_LOAD_CHECKS: Final[list[Callable[[GameState], None]]] = []


def check_on_load(check: Callable[[GameState], None]) -> Callable[[GameState], None]:
    """Make :meth:`GameState.from_json` pass every state it reads to ``check`` (which raises
    :class:`InvalidState`). The checks of a reachable state need the rules of play, which
    depend on this module: :mod:`kingdom_rules.positions` registers its ``check_state`` here
    when the package is imported, so this module imports none of them."""
    _LOAD_CHECKS.append(check)
    return check


def _state_from_json(d: Json) -> GameState:
    n = d["playerCount"]
    last = d.get("lastDrawAction")
    outcome = d.get("outcome")
    ms = d["matchScores"]
    return GameState(
        player_count=n,
        mode=d["gameMode"],
        seed=d["seed"],
        players=tuple(Player.from_json(p) for p in d["players"]),
        phase=d["phase"],
        current_hand=d["currentHand"],
        total_hands=d["totalHands"],
        first_player=d["firstPlayerNumber"],
        current_player=d["currentPlayerNumber"],
        deck=tuple(Card.from_json(c) for c in d["deck"]),
        revealed=tuple(Card.from_json(c) if c else None for c in d["revealedCards"]),
        discard_pile=tuple(Card.from_json(c) for c in d["discardPile"]),
        pending=tuple(Pending.from_json(p) for p in d["pendingActions"]),
        round=d["round"],
        quiet_turns=d["quietTurns"],
        played_this_turn=d["playedThisTurn"],
        shuffles=d["shuffles"],
        last_draw=LastDraw.from_json(last) if last else None,
        last_hail_was_flaming_salvo=d["lastHailWasFlamingSalvo"],
        winner=d["winner"],
        match_scores=tuple(ms[str(i + 1)] for i in range(len(ms))),
        hand_history=tuple(HandResult.from_json(h) for h in d["handHistory"]),
        outcome=Outcome.from_json(outcome) if outcome else None,
        setup=setup_from_json(d.get("setup")),
    )


# --- the seat fields: flat inside ------------------------------------------------------------

HANDS: Final = "_hands"
"""Each seat's hand (a tuple of tuples of cards, seat 1 first); the other per-seat tuples are
KINGDOMS and REWARDS (royal_reward). These are the names of :class:`_Seats`' members."""
KINGDOMS: Final = "_kingdoms"
REWARDS: Final = "_rewards"
CHOSEN: Final = "_chosen"
"""Bit mask of the seats whose starting resource is chosen (bit ``number - 1``); DRAWN
(has_drawn_this_turn), DREW_REWARD (has_drawn_royal_reward) and READY (ready_for_next_hand)
are the other flags."""
PILES: Final = "_piles"
"""Each seat's own pile (Player.pile); OWN_REVEALED: each seat's own revealed pair. Both are
an empty tuple while every seat's is empty (the standard game): read them with
:func:`pile_of` / :func:`own_revealed_of`, write them with :func:`set_pile` /
:func:`set_own_revealed`."""
OWN_REVEALED: Final = "_own_revealed"
DRAWN: Final = "_drawn"
DREW_REWARD: Final = "_drew_reward"
READY: Final = "_ready"


NATIVE: Final = not GameState.__dictoffset__
"""Whether GameState is a native class (compiled by mypyc, :mod:`kingdom_rules.native`): its
instances have no instance dictionary."""


def players_of(state: GameState) -> tuple[Player, ...]:
    """``state.players``: built from the seat fields the first time it is read on a state
    the engine made, and kept (the compiled modules ask this, never the attribute)."""
    try:
        return state.players
    except AttributeError:  # compiled: the member is not set yet
        return _players_kept(state)


def _players_kept(state: GameState) -> tuple[Player, ...]:
    players = _players_from_seats(state)
    state._put_players(players)
    return players


def _missing(state: GameState, name: str) -> Any:
    """Compiled, ``GameState.__getattr__``: asked only for what the instance lacks, which is
    ``players`` of a state the engine made. (Set on the class rather than written in it: a
    ``__getattr__`` in the body would make a type checker accept any attribute of a state.)"""
    if name == "players":
        return _players_kept(state)
    raise AttributeError(f"'GameState' object has no attribute '{name}'")


class _Players:
    """The Python source's ``GameState.players`` when the instance dictionary has none: a
    class attribute that only answers then (a ``__getattr__`` would slow down the reads of
    every other attribute of a state there: the interpreter specialises them only without
    one)."""

    def __get__(self, state: GameState | None, owner: type | None = None) -> Any:
        if state is None:
            return self
        return _players_kept(state)


if NATIVE:
    # (partialmethod: compiled, ``_missing`` is a builtin function, which binds to nothing)
    setattr(GameState, "__getattr__", partialmethod(_missing))  # noqa: B010
else:
    setattr(GameState, "players", _Players())  # noqa: B010 (mypy: the field is declared)


def derive(state: GameState) -> GameState:
    """A draft of the next state: a copy of ``state`` (its ``players`` left to be built again
    when read) that the engine changes in place by its ``_put...`` writers and the functions
    below, before it hands it out. Flat and mutable inside, copied only here: a draft is
    never shown to anybody before it is finished, and never changed after."""
    if NATIVE:  # compiled: the fields are struct members, copied by the native constructor
        return GameState(0, "", 0, (), _like=state)
    # The Python source: the fields are the instance dictionary's, copied in one call.
    fields = state.__dict__.copy()
    fields.pop("players", None)
    draft = _new(GameState)
    _set(draft, "__dict__", fields)
    return draft


# The accessors: every module outside the engine's two hot paths (``engine.py``, ``legal.py``,
# which read the seat fields directly because a call would cost more than the read) asks a
# seat's fields through these, never through their names.


def kingdom_of(state: GameState, n: int) -> Kingdom:
    """Player ``n``'s kingdom (``state.players[n - 1].kingdom`` without building the players)."""
    return state._kingdoms[n - 1]


def hand_of(state: GameState, n: int) -> tuple[Card, ...]:
    """Player ``n``'s hand."""
    return state._hands[n - 1]


def pile_of(state: GameState, n: int) -> tuple[Card, ...]:
    """Player ``n``'s own pile, top first (empty in the standard game)."""
    piles = state._piles
    return piles[n - 1] if piles else ()


def own_revealed_of(state: GameState, n: int) -> tuple[Card | None, ...]:
    """Player ``n``'s own revealed pair (Constructed); empty otherwise."""
    shown = state._own_revealed
    return shown[n - 1] if shown else ()


def set_pile(draft: GameState, n: int, pile: tuple[Card, ...]) -> None:
    """Replace player ``n``'s own pile in ``draft`` (from :func:`derive`)."""
    piles = draft._piles or ((),) * len(draft._hands)
    draft._put_piles(put(piles, n - 1, pile))


def set_own_revealed(draft: GameState, n: int, revealed: tuple[Card | None, ...]) -> None:
    """Replace player ``n``'s own revealed pair in ``draft`` (from :func:`derive`)."""
    shown = draft._own_revealed or ((),) * len(draft._hands)
    draft._put_own_revealed(put(shown, n - 1, revealed))


def kingdoms_of(state: GameState) -> tuple[Kingdom, ...]:
    """Every seat's kingdom, seat 1 first."""
    return state._kingdoms


def reward_of(state: GameState, n: int) -> int:
    """Cards a slain dragon still owes player ``n`` (R24; ``Player.royal_reward``)."""
    return state._rewards[n - 1]


def has_drawn(state: GameState, n: int) -> bool:
    """Whether player ``n`` has drawn this turn (``Player.has_drawn_this_turn``)."""
    return bool(state._drawn >> (n - 1) & 1)


def public_seats_of(state: GameState) -> list[dict[str, Any]]:
    """What everyone may see of each seat, seat 1 first, by the names of
    ``view.PublicPlayer``'s fields (:data:`SEAT_FIELDS` says which seat field shows as
    which, a hand or a pile by its count), without building the players."""
    seats: list[dict[str, Any]] = [{"number": i + 1} for i in range(len(state._hands))]
    for field in SEAT_FIELDS:
        values: Any = getattr(state, field.key)
        name = field.public
        if field.how == "bits":
            for i, seat in enumerate(seats):
                seat[name] = _BOOL[values >> i & 1]
        elif not values:  # an optional field every seat has empty
            for seat in seats:
                seat[name] = 0 if field.counted else ()
        elif field.counted:
            for seat, value in zip(seats, values, strict=True):
                seat[name] = len(value)
        else:
            for seat, value in zip(seats, values, strict=True):
                seat[name] = value
    return seats


def table_of(state: GameState) -> tuple[tuple[tuple[Card, ...], ...], tuple[Kingdom, ...],
                                        tuple[int, ...]]:
    """Every seat's hand, kingdom and royal reward in one call (the bots' rollouts read them
    on every step)."""
    return state._hands, state._kingdoms, state._rewards


def with_hand(state: GameState, n: int, hand: tuple[Card, ...]) -> GameState:
    """The state with player ``n``'s hand replaced."""
    new = derive(state)
    new._put_hands(put(state._hands, n - 1, hand))
    return new


def with_kingdom(
    state: GameState, n: int, kingdom: Kingdom, hand: tuple[Card, ...] | None = None,
    played: bool = False,
) -> GameState:
    """The state with player ``n``'s kingdom (and hand, if given) replaced; ``played``: this is
    a play of the turn (it ends a run of quiet turns, R28)."""
    new = derive(state)
    new._put_kingdoms(put(state._kingdoms, n - 1, kingdom))
    if hand is not None:
        new._put_hands(put(state._hands, n - 1, hand))
    if played:
        new._put_played(True, 0)
    return new


def add_reward(state: GameState, n: int, cards: int) -> GameState:
    """Player ``n`` is owed ``cards`` more cards (R24: a slain dragon's reward)."""
    new = derive(state)
    rewards = state._rewards
    new._put_rewards(put(rewards, n - 1, rewards[n - 1] + cards))
    return new


def with_pending(state: GameState, pending: tuple[Pending, ...], played: bool = False) -> GameState:
    """The state with other follow-ups open (``evolve(state, pending=...)``); ``played``: and
    this is a play of the turn (it ends a run of quiet turns, R28)."""
    new = derive(state)
    new._put_pending(pending)
    if played:
        new._put_played(True, 0)
    return new


def played(state: GameState) -> GameState:
    """The state after a play of the turn (it ends a run of quiet turns, R28)."""
    new = derive(state)
    new._put_played(True, 0)
    return new


def with_resources(kingdom: Kingdom, resources: tuple[Resource, ...]) -> Kingdom:
    """The kingdom with other resources (``evolve`` without the keyword arguments: the
    commonest change of a step)."""
    return Kingdom(resources, kingdom.royals, kingdom.combinations)


def holds(cards: Iterable[object], card: object) -> bool:
    """``card in cards`` for cards: by identity, which is their equality (cards are
    singletons), without the comparison protocol that ``Card``'s ordering brings to ``==``
    (a rich comparison through Python for every other card passed over)."""
    for c in cards:  # noqa: SIM110 (a loop: no generator in the pure-Python fallback)
        if c is card:
            return True
    return False


def put(items: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``items`` with item ``i`` replaced."""
    out = list(items)
    out[i] = value
    return tuple(out)


class SeatField(NamedTuple):
    """One line of :data:`SEAT_FIELDS`."""

    attr: str
    """The field of :class:`Player`."""
    key: str
    """The member of the state (:class:`_Seats`) holding it for every seat."""
    how: str
    """``tuple`` (one item per seat, seat 1 first), ``bits`` (a bit mask, bit ``number - 1``)
    or ``optional`` (a tuple, empty while every seat's value is empty)."""
    public: str
    """The field of ``view.PublicPlayer`` that shows it to everyone."""
    counted: bool = False
    """Shown by its length only (a hand, a pile: their cards stay hidden, R32)."""


SEAT_FIELDS: Final[tuple[SeatField, ...]] = (
    SeatField("hand", HANDS, "tuple", "card_count", counted=True),
    SeatField("kingdom", KINGDOMS, "tuple", "kingdom"),
    SeatField("royal_reward", REWARDS, "tuple", "royal_reward"),
    SeatField("starting_resource_chosen", CHOSEN, "bits", "starting_resource_chosen"),
    SeatField("has_drawn_this_turn", DRAWN, "bits", "has_drawn_this_turn"),
    SeatField("has_drawn_royal_reward", DREW_REWARD, "bits", "has_drawn_royal_reward"),
    SeatField("ready_for_next_hand", READY, "bits", "ready_for_next_hand"),
    SeatField("pile", PILES, "optional", "pile_count", counted=True),
    SeatField("revealed", OWN_REVEALED, "optional", "revealed"),
)
"""Every field of :class:`Player` but ``number``: the state key that holds it for all seats,
how, and the public field that shows it. The state's layout, the players built from it, the
public seat read (:func:`public_seats_of`), the views and ``PlayerView.determinize`` all go
by these names. Adding a field to ``Player`` is adding its line here
(``tests/rules/test_state_layout.py`` checks that every field of ``Player`` and of
``PublicPlayer`` has one)."""


_TUPLES: Final = tuple((f.attr, f.key) for f in SEAT_FIELDS if f.how == "tuple")
_BITS: Final = tuple((f.attr, f.key) for f in SEAT_FIELDS if f.how == "bits")
_OPTIONAL: Final = tuple((f.attr, f.key) for f in SEAT_FIELDS if f.how == "optional")


def _seats_from_players(players: tuple[Player, ...]) -> dict[str, Any]:
    seats: dict[str, Any] = {}
    for attr_name, key in _TUPLES:
        seats[key] = tuple([getattr(p, attr_name) for p in players])
    for attr_name, key in _BITS:
        mask = 0
        for i, p in enumerate(players):
            if getattr(p, attr_name):
                mask |= 1 << i
        seats[key] = mask
    for attr_name, key in _OPTIONAL:
        values = tuple([getattr(p, attr_name) for p in players])
        seats[key] = values if any(values) else ()
    return seats


def _players_from_seats(state: GameState) -> tuple[Player, ...]:
    # Built like evolve builds (no attrs __init__): the values come from valid states.
    tuples = [(attr_name, getattr(state, key)) for attr_name, key in _TUPLES]
    bits = [(attr_name, getattr(state, key)) for attr_name, key in _BITS]
    optional = [(attr_name, getattr(state, key)) for attr_name, key in _OPTIONAL]
    out = []
    for i in range(len(state._hands)):
        fields: dict[str, Any] = {"number": i + 1}
        for attr_name, values in tuples:
            fields[attr_name] = values[i]
        for attr_name, mask in bits:
            fields[attr_name] = _BOOL[mask >> i & 1]
        for attr_name, maybe in optional:
            fields[attr_name] = maybe[i] if maybe else ()
        player = _new(Player)
        _set(player, "__dict__", fields)
        out.append(player)
    return tuple(out)


_BOOL: Final = (False, True)


def last_draw(player: int, source: str, card: Card | None, replacement: Card | None) -> LastDraw:
    """``LastDraw(player, source, card, replacement)``; the draws from the deck (one on
    most steps) are made once."""
    if replacement is None and card is not None and source == "deck":
        return _DECK_DRAWS[player - 1][card.order]
    return LastDraw(player, source, card, replacement)


_DECK_DRAWS: Final = tuple(
    tuple(LastDraw(n, "deck", c, None) for c in ALL_CARDS) for n in range(1, 5)
)
