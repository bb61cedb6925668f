"""What one player may see (R32): their own hand; of others only the card count. The deck is
face down (count only); revealed cards, kingdoms and the discard pile are public. A view
carries no seed, so the deck order cannot be recomputed from it.

>>> import kingdom_rules as kr
>>> v = kr.view(kr.new_game(player_count=2, seed=3), 1)
>>> len(v.hand), v.players[1].card_count, "deck" in v.to_json(), "seed" in v.to_json()
(4, 4, False, False)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import attrs

from kingdom_rules.actions import DestroyWithHail, PlayHailOfArrows, action_from_json
from kingdom_rules.cards import DECK, INSTANCES, Card
from kingdom_rules.engine import apply
from kingdom_rules.errors import NoSuchPlayer
from kingdom_rules.followups import index_of
from kingdom_rules.legal import LegalActions, legal_actions
from kingdom_rules.scoring import family_complete, hand_score, team_of, team_scores
from kingdom_rules.setups import STANDARD, ConstructedSetup, Setup, SpireSetup
from kingdom_rules.state import (
    SEAT_FIELDS,
    GameState,
    HandResult,
    Kingdom,
    LastDraw,
    Outcome,
    Pending,
    Player,
    hand_of,
    kingdom_of,
    public_seats_of,
)

Json = dict[str, Any]


@attrs.frozen(slots=False)
class PublicPlayer:
    """What everyone may see of a seat."""

    number: int
    card_count: int
    kingdom: Kingdom
    starting_resource_chosen: bool
    has_drawn_this_turn: bool
    royal_reward: int
    has_drawn_royal_reward: bool
    ready_for_next_hand: bool
    pile_count: int = 0
    """Cards in the seat's own pile (Constructed, the Spire runner); its order stays hidden."""
    revealed: tuple[Card | None, ...] = ()
    """The seat's own revealed pair, public (Constructed, R35); empty otherwise."""

    @property
    def score(self) -> int:
        return hand_score(self.kingdom)

    def to_json(self, player_count: int) -> Json:
        kingdom = self.kingdom
        return _public_player_json(
            self.__dict__, (kingdom.to_json(), hand_score(kingdom), family_complete(kingdom)),
            player_count,
        )


def _public_player_json(
    seat: Mapping[str, Any], kingdom: tuple[Json, int, bool], player_count: int
) -> Json:
    """:meth:`PublicPlayer.to_json` from the seat's fields by name (a ``PublicPlayer``'s, or
    :func:`kingdom_rules.state.public_seats_of`'s), the one home of its form; ``kingdom``:
    the kingdom's JSON, hand score and whether its family is complete."""
    kingdom_json, score, complete = kingdom
    number = seat["number"]
    return {
        "number": number,
        "cardCount": seat["card_count"],
        "team": team_of(number, player_count),
        "kingdom": kingdom_json,
        "startingResourceChosen": seat["starting_resource_chosen"],
        "hasDrawnThisTurn": seat["has_drawn_this_turn"],
        "royalReward": seat["royal_reward"],
        "hasDrawnRoyalReward": seat["has_drawn_royal_reward"],
        "score": score,
        "readyForNextHand": seat["ready_for_next_hand"],
        "familyComplete": complete,
        "pileCount": seat["pile_count"],
        "revealedCards": _card_list(seat["revealed"]),
    }


def _card_list(cards: Sequence[Card | None]) -> list[Json | None]:
    return [c.to_json() if c is not None else None for c in cards]


@attrs.frozen(slots=False)
class PlayerView:
    """One player's view of a game, with that player's legal actions."""

    player: int
    phase: str
    mode: str
    player_count: int
    current_hand: int
    total_hands: int
    first_player: int
    current_player: int
    round: int
    quiet_turns: int
    played_this_turn: bool
    hand: tuple[Card, ...]
    players: tuple[PublicPlayer, ...]
    deck_count: int
    revealed: tuple[Card | None, ...]
    discard_pile: tuple[Card, ...]
    pending: tuple[Pending, ...]
    last_draw: LastDraw | None
    last_draw_visible: bool
    last_hail_was_flaming_salvo: bool
    winner: int | None
    match_scores: tuple[int, ...]
    hand_history: tuple[HandResult, ...]
    outcome: Outcome | None
    legal_actions: LegalActions = attrs.field(eq=False, repr=False)
    setup_kind: str = "standard"
    """standard, constructed or spire (R33-R37): where each seat's draws come from."""
    hails_without_target: tuple[tuple[Card, ...], ...] = ()
    """The cards of each legal Hail of Arrows or Flaming Salvo (R15) that would find nothing
    to destroy now (R25, R26): played, it only discards its Ace and 10."""

    def kingdom(self, number: int) -> Kingdom:
        return self.players[number - 1].kingdom

    def to_json(self) -> Json:
        """The view as plain JSON: :meth:`public_json` and :meth:`seat_json` together."""
        return {**self.public_json(), **self.seat_json()}

    def seat_json(self) -> Json:
        """The part of the JSON that differs from one seat to another: the player's number,
        hand, their legal actions, and the last draw (another player's deck draw is hidden)."""
        return _seat_json(
            self.player, self.hand, self.last_draw, self.last_draw_visible, self.legal_actions,
            self.hails_without_target,
        )

    def public_json(self) -> Json:
        """The part of the JSON every player of the game sees alike (R32: public)."""
        n = self.player_count
        return _public_json(
            phase=self.phase,
            mode=self.mode,
            player_count=n,
            current_hand=self.current_hand,
            total_hands=self.total_hands,
            first_player=self.first_player,
            current_player=self.current_player,
            round_=self.round,
            quiet_turns=self.quiet_turns,
            played_this_turn=self.played_this_turn,
            players=[p.to_json(n) for p in self.players],
            current_kingdom=self.players[self.current_player - 1].kingdom,
            deck_count=self.deck_count,
            discard_pile=self.discard_pile,
            revealed=self.revealed,
            winner=self.winner,
            match_scores=self.match_scores,
            hand_history=self.hand_history,
            last_hail_was_flaming_salvo=self.last_hail_was_flaming_salvo,
            pending=self.pending,
            outcome=self.outcome,
            setup_kind=self.setup_kind,
        )

    @staticmethod
    def from_json(d: Json) -> PlayerView:
        """The view that :meth:`to_json` (or a server's ``gameState`` push, which adds its own
        fields beside these) describes, with its legal actions: so a bot playing from another
        machine (`kingdom connect --bot`) gets the same object as one playing in-process.
        Raises ``KeyError`` / ``ValueError`` for JSON that is not a started game's view."""
        me = d["myPlayerNumber"]

        def cards(items: Any) -> tuple[Card, ...]:
            return tuple(Card.from_json(c) for c in items)

        def maybe_cards(items: Any) -> tuple[Card | None, ...]:
            return tuple(Card.from_json(c) if c is not None else None for c in items)

        players = tuple(
            PublicPlayer(
                p["number"], p["cardCount"], Kingdom.from_json(p["kingdom"]),
                p["startingResourceChosen"], p["hasDrawnThisTurn"], p["royalReward"],
                p["hasDrawnRoyalReward"], p["readyForNextHand"], p.get("pileCount", 0),
                maybe_cards(p.get("revealedCards") or ()),
            )
            for p in d["players"]
        )
        last_json = d.get("lastDrawAction")
        last = None
        visible = False
        if last_json:
            drawn = last_json.get("selectedCardId")
            rep = last_json.get("replacementCard")
            last = LastDraw(last_json["playerNumber"], last_json["source"],
                            Card.from_json(drawn) if drawn else None,
                            Card.from_json(rep) if rep else None)
            visible = last.player == me or last.source != "deck"
        pending_json = d.get("pendingActions")
        if pending_json is None:  # a view from before the full queue was sent
            pending_json = [d["pendingAction"]] if d.get("pendingAction") else []
        scores = d.get("matchScores") or {}
        outcome = d.get("outcome")
        actions = [action_from_json({**a, "player": a.get("player", me)})
                   for a in d.get("legalActions") or ()]
        return PlayerView(
            player=me,
            phase=d["phase"],
            mode=d["gameMode"],
            player_count=d["playerCount"],
            current_hand=d["currentHand"],
            total_hands=d["totalHands"],
            first_player=d["firstPlayerNumber"],
            current_player=d["currentPlayerNumber"],
            round=d["round"],
            quiet_turns=d.get("quietTurns", 0),
            played_this_turn=d.get("playedThisTurn", False),
            hand=cards(d["myHand"]),
            players=players,
            deck_count=d["deckCount"],
            revealed=maybe_cards(d["revealedCards"]),
            discard_pile=cards(d["discardPile"]),
            pending=tuple(Pending.from_json(p) for p in pending_json),
            last_draw=last,
            last_draw_visible=visible,
            last_hail_was_flaming_salvo=d.get("lastHailWasFlamingSalvo", False),
            winner=d.get("winner"),
            match_scores=tuple(scores[str(i + 1)] for i in range(len(scores))),
            hand_history=tuple(HandResult.from_json(h) for h in d.get("handHistory") or ()),
            outcome=Outcome.from_json(outcome) if outcome else None,
            legal_actions=LegalActions(me, [actions]),
            setup_kind=d.get("setupType", "standard"),
            hails_without_target=tuple(
                cards(pair) for pair in d.get("hailsWithoutTarget") or ()
            ),
        )

    def determinize(self, rng: random.Random) -> GameState:
        """A full game state consistent with this view: the cards this player cannot see are
        dealt at random to the other hands and the deck. For search bots (information-set
        Monte Carlo); the real game is not reachable from a view.

        With own piles: in a Spire combat the unseen faces fill the hands, the runner's pile
        (its count) and the shared deck; in Constructed, where the view does not tell the
        decks, each seat's hand and pile are filled with unseen instances it owns, faces at
        random."""
        seen: set[Card] = set(self.hand)
        seen.update(c for c in self.revealed if c is not None)
        seen.update(self.discard_pile)
        for p in self.players:
            seen.update(p.kingdom.cards())
            seen.update(c for c in p.revealed if c is not None)
        constructed = self.setup_kind == "constructed"
        unknown = [c for c in DECK if c not in seen] if not constructed else []
        rng.shuffle(unknown)
        players = []
        for p in self.players:
            if constructed:
                unknown = [c for c in INSTANCES if c.owner == p.number and c not in seen]
                rng.shuffle(unknown)
            if p.number == self.player:
                hand = self.hand
            else:
                hand, unknown = tuple(unknown[: p.card_count]), unknown[p.card_count :]
            pile, unknown = tuple(unknown[: p.pile_count]), unknown[p.pile_count :]
            shown = p.__dict__
            players.append(Player(
                number=p.number, hand=hand, pile=pile,
                **{f.attr: shown[f.public] for f in SEAT_FIELDS if not f.counted},
            ))
        setup: Setup = STANDARD
        if constructed:
            unknown = []
            setup = ConstructedSetup(())
        elif self.setup_kind == "spire":
            setup = SpireSetup(players[0].pile)
        return GameState(
            player_count=self.player_count,
            mode=self.mode,
            seed=rng.randrange(2**31),
            players=tuple(players),
            phase=self.phase,
            current_hand=self.current_hand,
            total_hands=self.total_hands,
            first_player=self.first_player,
            current_player=self.current_player,
            deck=tuple(unknown),
            revealed=self.revealed,
            discard_pile=self.discard_pile,
            pending=self.pending,
            round=self.round,
            quiet_turns=self.quiet_turns,
            played_this_turn=self.played_this_turn,
            last_draw=None,
            last_hail_was_flaming_salvo=self.last_hail_was_flaming_salvo,
            winner=self.winner,
            match_scores=self.match_scores,
            hand_history=self.hand_history,
            outcome=self.outcome,
            setup=setup,
        )


def view(state: GameState, player: int) -> PlayerView:
    """What ``player`` may see of ``state`` (R32), with their legal actions."""
    return PlayerView(
        phase=state.phase,
        mode=state.mode,
        player_count=state.player_count,
        current_hand=state.current_hand,
        total_hands=state.total_hands,
        first_player=state.first_player,
        current_player=state.current_player,
        round=state.round,
        quiet_turns=state.quiet_turns,
        played_this_turn=state.played_this_turn,
        players=tuple(PublicPlayer(**seat) for seat in public_seats_of(state)),
        setup_kind=state.setup.kind,
        deck_count=len(state.deck),
        revealed=state.revealed,
        discard_pile=state.discard_pile,
        pending=state.pending,
        last_hail_was_flaming_salvo=state.last_hail_was_flaming_salvo,
        winner=state.winner,
        match_scores=state.match_scores,
        hand_history=state.hand_history,
        outcome=state.outcome,
        **_seat_fields(state, player),
    )


def _public_json(
    *,
    phase: str,
    mode: str,
    player_count: int,
    current_hand: int,
    total_hands: int,
    first_player: int,
    current_player: int,
    round_: int,
    quiet_turns: int,
    played_this_turn: bool,
    players: list[Json],
    current_kingdom: Kingdom,
    deck_count: int,
    discard_pile: Sequence[Card],
    revealed: Sequence[Card | None],
    winner: int | None,
    match_scores: Sequence[int],
    hand_history: Sequence[HandResult],
    last_hail_was_flaming_salvo: bool,
    pending: Sequence[Pending],
    outcome: Outcome | None,
    setup_kind: str,
) -> Json:
    """:meth:`PlayerView.public_json` from its fields (the one home of its form)."""
    first = pending[0] if pending else None
    demolition = None
    if first is not None and first.context == "freed-royal":
        demolition = {
            "targetPlayerNumber": first.target_player,
            "freedRoyalIds": [c.id for c in first.freed],
        }
    pending_json = None
    if first is not None:
        # The offered follow-up, with the positions of its beast and structure in the
        # current player's kingdom, as the answers' beastIndex / castleIndex name them.
        pending_json = {
            **first.to_json(),
            "beastIndex": index_of(current_kingdom, first.beast) if first.beast else None,
            "castleIndex": (
                index_of(current_kingdom, first.structure) if first.structure else None
            ),
        }
    return {
        "phase": phase,
        "gameMode": mode,
        "playerCount": player_count,
        "currentHand": current_hand,
        "totalHands": total_hands,
        "firstPlayerNumber": first_player,
        "currentPlayerIndex": current_player - 1,
        "currentPlayerNumber": current_player,
        "round": round_,
        "quietTurns": quiet_turns,
        "playedThisTurn": played_this_turn,
        "players": players,
        "deckCount": deck_count,
        "discardPile": _card_list(discard_pile),
        "discardCount": len(discard_pile),
        "revealedCards": _card_list(revealed),
        "winner": winner,
        "matchScores": {str(i + 1): s for i, s in enumerate(match_scores)},
        "teamScores": team_scores(match_scores),
        "handHistory": [h.to_json() for h in hand_history],
        "lastHailWasFlamingSalvo": last_hail_was_flaming_salvo,
        "pendingAction": pending_json,
        "pendingActions": [p.to_json() for p in pending],
        "pendingDemolitionEat": demolition,
        "outcome": outcome.to_json() if outcome else None,
        "setupType": setup_kind,
    }


def _kingdom_part(kingdom: Kingdom) -> tuple[Json, int, bool]:
    """The kingdom's JSON, hand score and family completeness, kept for the (immutable)
    kingdom: a move changes one or two kingdoms, and the others are the same objects in the
    next state, so a server's pushes build each kingdom's JSON once. Shared by every view that
    shows the kingdom, hence only for :func:`views_json` / :func:`view_parts` (read-only);
    :meth:`Kingdom.to_json` and :meth:`PlayerView.to_json` still give fresh dictionaries."""
    kept = _KINGDOM_PARTS.get(id(kingdom))
    # The entry holds the kingdom itself: an id is only unique while its object lives.
    if kept is not None and kept[0] is kingdom:
        return kept[1]
    part = (kingdom.to_json(), hand_score(kingdom), family_complete(kingdom))
    if len(_KINGDOM_PARTS) >= _KINGDOM_PARTS_KEPT:
        _KINGDOM_PARTS.clear()
    _KINGDOM_PARTS[id(kingdom)] = (kingdom, part)
    return part


_KINGDOM_PARTS: dict[int, tuple[Kingdom, tuple[Json, int, bool]]] = {}
""":func:`_kingdom_part`'s answers by the kingdom's id (a kingdom is a native class of the
compiled engine, without an instance dictionary to keep it in)."""
_KINGDOM_PARTS_KEPT = 4096


def _state_public_json(state: GameState) -> Json:
    """``view(state, n).public_json()`` (the same for every n) read from the state, without
    building a PlayerView and its players."""
    return _public_json(
        phase=state.phase,
        mode=state.mode,
        player_count=state.player_count,
        current_hand=state.current_hand,
        total_hands=state.total_hands,
        first_player=state.first_player,
        current_player=state.current_player,
        round_=state.round,
        quiet_turns=state.quiet_turns,
        played_this_turn=state.played_this_turn,
        players=[
            _public_player_json(seat, _kingdom_part(seat["kingdom"]), state.player_count)
            for seat in public_seats_of(state)
        ],
        current_kingdom=kingdom_of(state, state.current_player),
        deck_count=len(state.deck),
        discard_pile=state.discard_pile,
        revealed=state.revealed,
        winner=state.winner,
        match_scores=state.match_scores,
        hand_history=state.hand_history,
        last_hail_was_flaming_salvo=state.last_hail_was_flaming_salvo,
        pending=state.pending,
        outcome=state.outcome,
        setup_kind=state.setup.kind,
    )


def _seat_fields(state: GameState, player: int) -> dict[str, Any]:
    """What differs from one seat's view to another's: the player, their hand and legal
    actions, and the last draw (another player's deck draw hidden, R32)."""
    if type(player) is not int or not 1 <= player <= state.player_count:
        raise NoSuchPlayer(player)
    last = state.last_draw
    visible = last is not None and (last.player == player or last.source != "deck")
    if last is not None and not visible:
        last = LastDraw(last.player, last.source, None, last.replacement)
    legal = legal_actions(state, player)
    return {
        "player": player,
        "hand": hand_of(state, player),
        "last_draw": last,
        "last_draw_visible": visible,
        "legal_actions": legal,
        "hails_without_target": _hails_without_target(state, player, legal),
    }


def _hails_without_target(
    state: GameState, player: int, legal: LegalActions
) -> tuple[tuple[Card, ...], ...]:
    """The cards of each legal Hail of Arrows / Flaming Salvo of ``player`` after which no
    target is open (R25, R26), found by playing it: the follow-up's legal answers are the one
    home of what it may destroy."""
    if state.phase != "playing" or player != state.current_player or state.pending:
        return ()
    hand = hand_of(state, player)
    aces = [c for c in hand if c.is_number and c.value == 1]
    tens = [c for c in hand if c.is_number and c.value == 10]
    if not aces or not tens:
        return ()
    out: list[tuple[Card, ...]] = []
    for a in aces:
        for t in tens:
            play = PlayHailOfArrows(player, (a, t))
            if play not in legal:
                continue
            after, _ = apply(state, play)
            if not any(type(x) is DestroyWithHail for x in legal_actions(after, player)):
                out.append(play.cards)
    return tuple(out)


def views_json(state: GameState, players: Sequence[int]) -> list[Json]:
    """``view(state, n).to_json()`` for each player number in ``players``, the public part
    built once (a server pushes every seat's view after each action). The dictionaries share
    their public values: treat them as read-only."""
    public, own = view_parts(state, players)
    return [{**public, **o} for o in own]


def view_parts(state: GameState, players: Sequence[int]) -> tuple[Json, list[Json]]:
    """The two parts of :func:`views_json`: the public part, the same for every seat
    (:meth:`PlayerView.public_json`), and each seat's own part (:meth:`PlayerView.seat_json`),
    in the order of ``players``; their keys never overlap. For a server that writes the public
    part's JSON once for all seats. The parts, and the public part's players, are new
    dictionaries on each call (a server may add its own fields to them); the values inside
    them may be shared with other views: read-only, as :func:`views_json`."""
    if not players:
        return {}, []
    # No PlayerView: both parts are read from the state (tests check them equal to the views).
    own = [_seat_json(**_seat_fields(state, n)) for n in players]
    return _state_public_json(state), own


def _seat_json(
    player: int,
    hand: Sequence[Card],
    last_draw: LastDraw | None,
    last_draw_visible: bool,
    legal_actions: LegalActions,
    hails_without_target: Sequence[Sequence[Card]] = (),
) -> Json:
    """:meth:`PlayerView.seat_json` from the seat's fields (see :func:`_seat_fields`)."""
    return {
        "myPlayerNumber": player,
        "myHand": _card_list(hand),
        "lastDrawAction": last_draw.to_json(last_draw_visible) if last_draw else None,
        "legalActions": legal_actions.to_json(),
        "hailsWithoutTarget": [[c.id for c in pair] for pair in hails_without_target],
    }
