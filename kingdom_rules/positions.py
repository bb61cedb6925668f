"""Positions for bot authors: a short text form of a game state (as chess has FEN), and the
check that refuses impossible states.

The text form is one line of space-separated tokens. The first four are fixed: the player
count, the mode, the phase and the current player; the others are ``key=value`` (or a bare
flag) and may come in any order; those left out keep their defaults (round 1, empty piles,
nothing pending, ...). Cards are named as ``Card.parse`` reads them (``QH``, ``10S``, ``RJ``
or ``hearts-Q``) and listed with commas.

- ``2p``: the player count (2 to 4); ``game`` or ``match``: the mode; the phase
  (``choosing_resources``, ``playing``, ``handComplete``, ``finished``); ``turn=1``: the
  current player. These four come first, in this order.
- ``N.hand=QH,5S``: player N's hand.
- ``N.res=3H,4C*``: player N's resources in order; ``*`` marks a used (turned) one.
- ``N.royals=QS,KS``: every royal of player N's kingdom in order, riders and sheltered ones too.
- ``N.combos=...``: player N's beasts and structures in order, comma separated, each
  ``kind:cards`` with ``+`` between the cards, ``@QD`` for its rider and ``[JC+QD]`` for the
  royals inside: ``horse:6H+6S@KS``, ``castle:5H+5D+5C[JC+QD]``.
- ``N.chosen``: player N has chosen a starting resource; ``N.drawn``: has drawn this turn;
  ``N.drew``: drew a royal reward this turn; ``N.ready``: ready for the next hand.
- ``N.reward=2``: cards a slain dragon still owes player N.
- ``deck=2C,9D``: the deck, top card first; ``revealed=8H,-``: the two revealed cards (``-``:
  an empty place); ``discard=AS,KC``: the discard pile, top card last.
- ``first=2``: the player who began the hand (default 1); ``round=3`` (default 1);
  ``hand=2/3``: the hand of the match and the number of hands (default 1/1).
- ``seed=7``: the seed a rebuilt deck is shuffled from (default 0); ``shuffles=1``: the
  shuffles this hand has made; ``quiet=1``: turns in a row without a play while nothing can
  be drawn; ``played``: the current player has played this turn; ``salvo``: the last volley
  was a Flaming Salvo; ``winner=2``: the winner of the last hand.
- ``pending=...``: open follow-ups, comma separated, each ``type/context`` then ``/key:value``
  parts: ``royal``, ``beast``, ``structure`` (cards), ``kind``, ``eat`` (characters left to
  eat), ``target`` (a player), ``freed`` (cards joined by ``+``), and the flags ``castles`` /
  ``cathedrals`` (may demolish them): ``pending=eating/after-beast/beast:3H/kind:dragon/eat:1``.
- ``last=2/revealed1/QH/5C``: the last draw: player, source, card, and the card that replaced
  it.
- ``scores=12,8``: the match scores; ``history=1/2/12+8/family``: finished hands (number,
  winner or ``-``, scores, reason, and optionally each seat's points by kind joined by
  ``+``, ``resources.royals.combinations.bonus``: ``1/2/12+8/family/4.6.2.0+2.3.0.3``),
  comma separated; ``outcome=1+3/family``: the winners (``-``:
  none) and the reason.

Every card must be somewhere exactly once: :func:`parse_position` refuses a text that leaves a
card out, unless ``rest=deck`` (the cards not placed go to the bottom of the deck in the
canonical order) is given; :func:`format_position` always writes every card.

>>> import kingdom_rules as kr
>>> state = kr.parse_position(
...     "2p game playing turn=1 1.hand=QH,5S 1.res=2H,3H 1.chosen 1.drawn "
...     "2.hand=KC 2.res=9S 2.combos=horse:6H+6S 2.chosen revealed=8H,- rest=deck")
>>> [str(a) for a in kr.legal_actions(state, 1)][-2:]
['playRoyal(cardId=QH, resourceToUseIds=[2H 3H])', 'passTurn']
>>> text = kr.format_position(state)
>>> text.split(" deck=")[0].split(" 2.")
['2p game playing turn=1 1.hand=QH,5S 1.res=2H,3H 1.chosen 1.drawn', 'hand=KC', 'res=9S', \
'combos=horse:6H+6S', 'chosen']
>>> text.split(" deck=")[1][:12], text.endswith("revealed=8H,-")
('AH,4H,5H,7H,', True)
>>> kr.parse_position(text) == state and kr.format_position(kr.parse_position(text)) == text
True
>>> kr.parse_position("2p game playing turn=1 2.combos=horse:6H+7H rest=deck")
Traceback (most recent call last):
...
kingdom_rules.errors.InvalidState: player 2's horse 6H+7H is not a horse (R14)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, TypeVar

from kingdom_rules.cards import DECK, Card, UnknownCard
from kingdom_rules.combinations import BEASTS, RULES, STRUCTURES, matches
from kingdom_rules.errors import InvalidState
from kingdom_rules.followups import ride_refusal, shelter_refusal
from kingdom_rules.kinds import (
    COMBINATION_KINDS,
    FOLLOW_UP_CONTEXTS,
    FOLLOW_UP_KINDS,
    HAND_END_REASONS,
    OUTCOME_REASONS,
)
from kingdom_rules.state import (
    MODES,
    PHASES,
    Combination,
    GameState,
    HandResult,
    Kingdom,
    LastDraw,
    Outcome,
    Pending,
    Player,
    check_on_load,
    resource,
)

__all__ = ["InvalidState", "check_state", "format_position", "parse_position"]

PENDING_TYPES: Final = frozenset(FOLLOW_UP_KINDS)
PENDING_CONTEXTS: Final = frozenset(FOLLOW_UP_CONTEXTS)
DRAW_SOURCES = ("deck", "revealed1", "revealed2")
K = TypeVar("K", bound=str)


# --- the check -----------------------------------------------------------------------------


@check_on_load
def check_state(state: GameState) -> None:
    """Raise :class:`InvalidState` naming the first thing that no game can reach: a seat or
    phase out of range, a card missing or in two places, a combination whose cards do not
    form its kind (R14), a rider or a sheltered royal that is not a royal of that kingdom or
    breaks R18 / R19, a follow-up of an unknown type."""
    for name in _WHOLE_NUMBERS:
        v = getattr(state, name)
        if type(v) is not int:
            raise InvalidState(f"{name.replace('_', ' ')} must be a whole number, not {v!r}")
    for name in _FLAGS:
        if type(getattr(state, name)) is not bool:
            raise InvalidState(f"{name.replace('_', ' ')} must be true or false")
    try:
        _check(state)
    except (TypeError, AttributeError, IndexError, KeyError) as exc:
        raise InvalidState(f"not a game state: {exc!r}") from None


_WHOLE_NUMBERS = ("player_count", "seed", "current_hand", "total_hands", "first_player",
                  "current_player", "round", "quiet_turns", "shuffles")
_FLAGS = ("played_this_turn", "last_hail_was_flaming_salvo")


def _check(state: GameState) -> None:
    n = state.player_count
    if type(n) is not int or not 2 <= n <= 4:
        raise InvalidState(f"a game has 2 to 4 players, not {n!r}")
    if state.mode not in MODES:
        raise InvalidState(f"the mode is 'game' or 'match', not {state.mode!r}")
    if state.phase not in PHASES:
        raise InvalidState(f"unknown phase {state.phase!r}")
    players = state.players
    if len(players) != n:
        raise InvalidState(f"{len(players)} players listed for a {n}-player game")
    for i, p in enumerate(players):
        if p.number != i + 1:
            raise InvalidState(f"seat {i + 1} holds player {p.number!r}")
        if type(p.royal_reward) is not int or p.royal_reward < 0:
            raise InvalidState(f"player {i + 1}'s royal reward must be a whole number >= 0")
        for flag in ("starting_resource_chosen", "has_drawn_this_turn",
                     "has_drawn_royal_reward", "ready_for_next_hand"):
            if type(getattr(p, flag)) is not bool:
                raise InvalidState(f"player {i + 1}'s {flag.replace('_', ' ')} must be true "
                                   "or false")
    for name in ("current_player", "first_player"):
        v = getattr(state, name)
        if type(v) is not int or not 1 <= v <= n:
            raise InvalidState(f"{name.replace('_', ' ')} {v!r} is no seat of the game")
    if state.round < 1 or state.quiet_turns < 0 or state.shuffles < 0:
        raise InvalidState("round, quiet turns and shuffles must be counted from 1, 0 and 0")
    if not 1 <= state.current_hand <= state.total_hands:
        raise InvalidState(f"hand {state.current_hand} of {state.total_hands}")
    if len(state.revealed) != 2:
        raise InvalidState("there are two revealed places")
    if len(state.match_scores) != n or any(type(x) is not int for x in state.match_scores):
        raise InvalidState(f"{len(state.match_scores)} match scores for {n} players")
    if state.winner is not None and not 1 <= state.winner <= n:
        raise InvalidState(f"winner {state.winner!r} is no seat of the game")
    _check_cards(state)
    for p in players:
        _check_kingdom(p.number, p.kingdom)
    if state.phase == "playing" and not all(p.starting_resource_chosen for p in players):
        raise InvalidState("play has begun but a starting resource is not chosen (R3)")
    if state.pending and state.phase != "playing":
        raise InvalidState("follow-ups are open only while playing")
    for pending in state.pending:
        if pending.type not in PENDING_TYPES:
            raise InvalidState(f"unknown follow-up {pending.type!r}")
        if pending.context not in PENDING_CONTEXTS:
            raise InvalidState(f"unknown follow-up context {pending.context!r}")
    last = state.last_draw
    if last is not None and (not 1 <= last.player <= n or last.source not in DRAW_SOURCES):
        raise InvalidState("the last draw names no seat or no place to draw from")
    for h in state.hand_history:
        if len(h.scores) != n:
            raise InvalidState(f"hand {h.hand_number} of the history scores {len(h.scores)} "
                               f"players, not {n}")


def _check_cards(state: GameState) -> None:
    where: dict[Card, str] = {}

    def put(cards: Iterable[Any], place: str) -> None:
        for c in cards:
            if c.__class__ is not Card:
                raise InvalidState(f"{place} holds {c!r}, not a card")
            if c in where:
                raise InvalidState(f"{c.short} is both in {where[c]} and in {place}")
            where[c] = place

    for p in state.players:
        put(p.hand, f"player {p.number}'s hand")
        put(p.kingdom.cards(), f"player {p.number}'s kingdom")
        put(p.pile, f"player {p.number}'s own pile")
        put([c for c in p.revealed if c is not None], f"player {p.number}'s revealed cards")
    put(state.deck, "the deck")
    put([c for c in state.revealed if c is not None], "the revealed cards")
    put(state.discard_pile, "the discard pile")
    expected = state.setup.cards()
    missing = [c.short for c in expected if c not in where]
    if missing:
        raise InvalidState(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} "
                           "nowhere: every card is in a hand, the deck, the revealed cards, "
                           "an own pile, a kingdom or the discard pile")
    extra = set(where) - set(expected)
    if extra:
        card = min(extra)
        raise InvalidState(f"{card.id} is in {where[card]} but not in this game's cards")


def _check_kingdom(n: int, kingdom: Kingdom) -> None:
    who = f"player {n}'s"
    for res in kingdom.resources:
        if not res.card.is_number:
            raise InvalidState(f"{who} resource {res.card.short} is not a number card (R8)")
    for card in kingdom.royals:
        if not card.is_royal:
            raise InvalidState(f"{who} royal {card.short} is not a royal")
    placed: set[Card] = set()
    for combo in kingdom.combinations:
        label = f"{who} {combo.kind} {'+'.join(c.short for c in combo.cards)}"
        if combo.kind not in RULES:
            raise InvalidState(f"{label}: unknown kind")
        if not matches(combo.kind, combo.cards):
            raise InvalidState(f"{label} is not a {RULES[combo.kind].name.lower()} (R14)")
        inside = ([combo.rider] if combo.rider is not None else []) + list(combo.protected)
        if combo.rider is not None and combo.kind not in BEASTS:
            raise InvalidState(f"{label} cannot carry a rider (R18)")
        if combo.protected and combo.kind not in STRUCTURES:
            raise InvalidState(f"{label} cannot shelter royals (R19)")
        for r in inside:
            if r not in kingdom.royals:
                raise InvalidState(f"{label} holds {r.short}, not a royal of that kingdom")
            if r in placed:
                raise InvalidState(f"{r.short} stands in two places of {who} kingdom")
            placed.add(r)
        if combo.rider is not None:
            refusal = ride_refusal(Combination(combo.kind, combo.cards), combo.rider)
            if refusal is not None:
                raise InvalidState(f"{label}: {refusal[0]} ({refusal[1]})")
        for i, r in enumerate(combo.protected):
            refusal = shelter_refusal(Combination(combo.kind, combo.cards, None,
                                                  combo.protected[:i]), r)
            if refusal is not None:
                raise InvalidState(f"{label}: {refusal[0]} ({refusal[1]})")


# --- the text form -----------------------------------------------------------------------


def format_position(state: GameState) -> str:
    """The state as one line of text (see the module's docstring); :func:`parse_position`
    reads it back to an equal state."""
    out = [f"{state.player_count}p", state.mode, state.phase, f"turn={state.current_player}"]
    for p in state.players:
        k = p.kingdom
        n = p.number
        if p.hand:
            out.append(f"{n}.hand={_cards(p.hand)}")
        if k.resources:
            out.append(f"{n}.res=" + ",".join(
                r.card.short + ("" if r.ready else "*") for r in k.resources))
        if k.royals:
            out.append(f"{n}.royals={_cards(k.royals)}")
        if k.combinations:
            out.append(f"{n}.combos=" + ",".join(_combo(c) for c in k.combinations))
        for flag, on in (("chosen", p.starting_resource_chosen), ("drawn", p.has_drawn_this_turn),
                         ("drew", p.has_drawn_royal_reward), ("ready", p.ready_for_next_hand)):
            if on:
                out.append(f"{n}.{flag}")
        if p.royal_reward:
            out.append(f"{n}.reward={p.royal_reward}")
    if state.deck:
        out.append(f"deck={_cards(state.deck)}")
    out.append("revealed=" + ",".join(c.short if c else "-" for c in state.revealed))
    if state.discard_pile:
        out.append(f"discard={_cards(state.discard_pile)}")
    if state.first_player != 1:
        out.append(f"first={state.first_player}")
    if state.round != 1:
        out.append(f"round={state.round}")
    if (state.current_hand, state.total_hands) != (1, 1):
        out.append(f"hand={state.current_hand}/{state.total_hands}")
    for key, value in (("seed", state.seed), ("shuffles", state.shuffles),
                       ("quiet", state.quiet_turns)):
        if value:
            out.append(f"{key}={value}")
    if state.played_this_turn:
        out.append("played")
    if state.last_hail_was_flaming_salvo:
        out.append("salvo")
    if state.winner is not None:
        out.append(f"winner={state.winner}")
    if state.pending:
        out.append("pending=" + ",".join(_pending(p) for p in state.pending))
    last = state.last_draw
    if last is not None:
        parts = [str(last.player), last.source, last.card.short if last.card else "-"]
        if last.replacement is not None:
            parts.append(last.replacement.short)
        out.append("last=" + "/".join(parts))
    if any(state.match_scores):
        out.append("scores=" + ",".join(str(s) for s in state.match_scores))
    if state.hand_history:
        out.append("history=" + ",".join(_format_result(h) for h in state.hand_history))
    if state.outcome is not None:
        winners = "+".join(str(w) for w in state.outcome.winners) or "-"
        out.append(f"outcome={winners}/{state.outcome.reason}")
    return " ".join(out)


def _cards(cards: Iterable[Card]) -> str:
    return ",".join(c.short for c in cards)


def _combo(c: Combination) -> str:
    text = f"{c.kind}:{'+'.join(x.short for x in c.cards)}"
    if c.rider is not None:
        text += f"@{c.rider.short}"
    if c.protected:
        text += f"[{'+'.join(x.short for x in c.protected)}]"
    return text


def _pending(p: Pending) -> str:
    parts: list[str] = [p.type, p.context]
    for key, card in (("royal", p.royal), ("beast", p.beast), ("structure", p.structure)):
        if card is not None:
            parts.append(f"{key}:{card.short}")
    if p.kind is not None:
        parts.append(f"kind:{p.kind}")
    if p.eat_count:
        parts.append(f"eat:{p.eat_count}")
    if p.can_demolish_castles:
        parts.append("castles")
    if p.can_demolish_cathedrals:
        parts.append("cathedrals")
    if p.target_player:
        parts.append(f"target:{p.target_player}")
    if p.freed:
        parts.append(f"freed:{'+'.join(c.short for c in p.freed)}")
    return "/".join(parts)


def parse_position(text: str) -> GameState:
    """The state a position text describes (see the module's docstring). Raises
    :class:`InvalidState` for a text that is not one, or for an impossible state
    (:func:`check_state`)."""
    if not isinstance(text, str):
        raise InvalidState("a position is a text")
    words = text.split()
    if len(words) < 4:
        raise InvalidState("a position starts with the player count, the mode, the phase and "
                           "turn=N: '2p game playing turn=1 ...'")
    head, mode, phase, turn = words[:4]
    if not (head.endswith("p") and head[:-1].isdigit()):
        raise InvalidState(f"the position starts with the player count, like '2p', not {head!r}")
    n = int(head[:-1])
    if not 2 <= n <= 4:
        raise InvalidState(f"a game has 2 to 4 players, not {n}")
    if not turn.startswith("turn="):
        raise InvalidState(f"the fourth word is turn=N, not {turn!r}")
    seats: list[dict[str, Any]] = [
        {"hand": (), "res": (), "royals": (), "combos": (), "chosen": False, "drawn": False,
         "drew": False, "ready": False, "reward": 0}
        for _ in range(n)
    ]
    game: dict[str, Any] = {
        "player_count": n, "mode": mode, "phase": phase,
        "current_player": _int(turn[5:], "turn"),
        "revealed": (None, None), "match_scores": (0,) * n, "seed": 0,
    }
    rest = False
    seen: set[str] = set()
    for word in words[4:]:
        key, eq, value = word.partition("=")
        if key in seen:
            raise InvalidState(f"{key} is given twice")
        seen.add(key)
        seat, dot, field = key.partition(".")
        if dot:
            if not seat.isdigit() or not 1 <= int(seat) <= n:
                raise InvalidState(f"{word!r}: there is no player {seat} in a {n}-player game")
            _seat_token(seats[int(seat) - 1], field, value if eq else None, word)
        elif key == "rest" and value == "deck":
            rest = True
        else:
            _game_token(game, key, value if eq else None, n, word)
    players = []
    for i, s in enumerate(seats):
        kingdom = Kingdom(s["res"], s["royals"], s["combos"])
        players.append(Player(i + 1, s["hand"], kingdom, s["chosen"], s["drawn"], s["reward"],
                              s["drew"], s["ready"]))
    if rest:
        placed: set[Card] = set(game.get("deck", ()))
        placed.update(c for c in game["revealed"] if c is not None)
        placed.update(game.get("discard_pile", ()))
        for p in players:
            placed.update(p.hand)
            placed.update(p.kingdom.cards())
        game["deck"] = tuple(game.get("deck", ())) + tuple(c for c in DECK if c not in placed)
    try:
        state = GameState(players=tuple(players), **game)
    except (TypeError, ValueError) as exc:
        raise InvalidState(f"not a position: {exc}") from None
    check_state(state)
    return state


def _int(text: str, what: str) -> int:
    if not text.isdigit():
        raise InvalidState(f"{what} must be a whole number, not {text!r}")
    return int(text)


def _card(text: str, where: str) -> Card:
    try:
        return Card.parse(text)
    except UnknownCard:
        raise InvalidState(f"{where}: no such card {text!r}") from None


def _card_list(text: str | None, where: str, sep: str = ",") -> tuple[Card, ...]:
    if not text:
        raise InvalidState(f"{where}: list the cards, like {where}=QH,5S")
    return tuple(_card(t, where) for t in text.split(sep))


def _seat_token(seat: dict[str, Any], field: str, value: str | None, word: str) -> None:
    if field in ("chosen", "drawn", "drew", "ready"):
        if value is not None:
            raise InvalidState(f"{word!r}: {field} is a flag without a value")
        seat[field] = True
    elif value is None:
        raise InvalidState(f"{word!r}: unknown flag")
    elif field == "hand":
        seat["hand"] = _card_list(value, word)
    elif field == "royals":
        seat["royals"] = _card_list(value, word)
    elif field == "res":
        out = []
        for t in value.split(","):
            used = t.endswith("*")
            out.append(resource(_card(t.rstrip("*"), word), not used))
        seat["res"] = tuple(out)
    elif field == "combos":
        seat["combos"] = tuple(_parse_combo(t, word) for t in value.split(","))
    elif field == "reward":
        seat["reward"] = _int(value, word)
    else:
        raise InvalidState(f"{word!r}: a seat has hand, res, royals, combos, reward and the "
                           "flags chosen, drawn, drew, ready")


def _parse_combo(text: str, word: str) -> Combination:
    kind, colon, rest = text.partition(":")
    if not colon or kind not in RULES:
        raise InvalidState(f"{word!r}: a combination is kind:cards, like horse:6H+6S; kinds: "
                           + ", ".join(RULES))
    protected: tuple[Card, ...] = ()
    if rest.endswith("]") and "[" in rest:
        rest, _, inside = rest[:-1].partition("[")
        protected = _card_list(inside, word, "+")
    rider = None
    if "@" in rest:
        rest, _, who = rest.partition("@")
        rider = _card(who, word)
    return Combination(kind, _card_list(rest, word, "+"), rider, protected)


def _game_token(game: dict[str, Any], key: str, value: str | None, n: int, word: str) -> None:
    flags = {"played": "played_this_turn", "salvo": "last_hail_was_flaming_salvo"}
    if key in flags:
        if value is not None:
            raise InvalidState(f"{word!r}: {key} is a flag without a value")
        game[flags[key]] = True
        return
    if value is None:
        raise InvalidState(f"{word!r}: unknown flag")
    numbers = {"first": "first_player", "round": "round", "seed": "seed",
               "shuffles": "shuffles", "quiet": "quiet_turns", "winner": "winner"}
    if key in numbers:
        game[numbers[key]] = _int(value, word)
    elif key == "deck":
        game["deck"] = _card_list(value, word)
    elif key == "discard":
        game["discard_pile"] = _card_list(value, word)
    elif key == "revealed":
        places = value.split(",")
        if len(places) != 2:
            raise InvalidState(f"{word!r}: two revealed places, like revealed=8H,-")
        game["revealed"] = tuple(None if t == "-" else _card(t, word) for t in places)
    elif key == "hand":
        current, slash, total = value.partition("/")
        game["current_hand"] = _int(current, word)
        game["total_hands"] = _int(total, word) if slash else 1
    elif key == "pending":
        game["pending"] = tuple(_parse_pending(t, word) for t in value.split(","))
    elif key == "last":
        parts = value.split("/")
        if len(parts) not in (3, 4):
            raise InvalidState(f"{word!r}: last=player/source/card[/replacement]")
        card = None if parts[2] == "-" else _card(parts[2], word)
        replacement = _card(parts[3], word) if len(parts) == 4 else None
        game["last_draw"] = LastDraw(_int(parts[0], word), parts[1], card, replacement)
    elif key == "scores":
        scores = tuple(_int(t, word) for t in value.split(","))
        if len(scores) != n:
            raise InvalidState(f"{word!r}: one score per player")
        game["match_scores"] = scores
    elif key == "history":
        game["hand_history"] = tuple(_parse_result(t, word) for t in value.split(","))
    elif key == "outcome":
        winners, slash, reason = value.partition("/")
        if not slash:
            raise InvalidState(f"{word!r}: outcome=winners/reason, like outcome=1/family")
        game["outcome"] = Outcome(_numbers(winners, word), _one_of(reason, OUTCOME_REASONS, word))
    else:
        raise InvalidState(f"{word!r}: unknown word of a position")


def _one_of(value: str, allowed: tuple[K, ...], word: str) -> K:
    """``value`` as one of the kinds ``allowed`` (:mod:`kingdom_rules.kinds`)."""
    for kind in allowed:
        if value == kind:
            return kind
    raise InvalidState(f"{word!r}: {value!r} is not one of {', '.join(allowed)}")


def _numbers(text: str, word: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(_int(t, word) for t in text.split("+"))


_KINDS = ("resources", "royals", "combinations", "familyBonus")


def _format_result(h: HandResult) -> str:
    text = f"{h.hand_number}/{h.winner or '-'}/{'+'.join(str(s) for s in h.scores)}/{h.reason}"
    if h.by_kind:
        text += "/" + "+".join(".".join(str(k[name]) for name in _KINDS) for k in h.by_kind)
    return text


def _parse_result(text: str, word: str) -> HandResult:
    parts = text.split("/")
    if len(parts) not in (4, 5):
        raise InvalidState(f"{word!r}: a finished hand is number/winner/scores/reason[/parts]")
    winner = None if parts[1] == "-" else _int(parts[1], word)
    by_kind: tuple[dict[str, int], ...] = ()
    if len(parts) == 5:
        seats = [seat.split(".") for seat in parts[4].split("+")]
        if any(len(seat) != len(_KINDS) for seat in seats):
            raise InvalidState(
                f"{word!r}: each seat's parts are resources.royals.combinations.bonus"
            )
        by_kind = tuple(
            {k: _int(v, word) for k, v in zip(_KINDS, seat, strict=True)} for seat in seats
        )
    return HandResult(_int(parts[0], word), winner, _numbers(parts[2], word),
                      _one_of(parts[3], HAND_END_REASONS, word), by_kind)


def _parse_pending(text: str, word: str) -> Pending:
    parts = text.split("/")
    if len(parts) < 2:
        raise InvalidState(f"{word!r}: a follow-up is type/context[/key:value...]")
    fields: dict[str, Any] = {}
    for part in parts[2:]:
        key, colon, value = part.partition(":")
        if not colon:
            if part == "castles":
                fields["can_demolish_castles"] = True
            elif part == "cathedrals":
                fields["can_demolish_cathedrals"] = True
            else:
                raise InvalidState(f"{word!r}: unknown follow-up flag {part!r}")
        elif key in ("royal", "beast", "structure"):
            fields[key] = _card(value, word)
        elif key == "kind":
            fields["kind"] = _one_of(value, COMBINATION_KINDS, word)
        elif key == "eat":
            fields["eat_count"] = _int(value, word)
        elif key == "target":
            fields["target_player"] = _int(value, word)
        elif key == "freed":
            fields["freed"] = _card_list(value, word, "+")
        else:
            raise InvalidState(f"{word!r}: unknown follow-up part {part!r}")
    return Pending(_one_of(parts[0], FOLLOW_UP_KINDS, word),
                   _one_of(parts[1], FOLLOW_UP_CONTEXTS, word), **fields)

