"""Shared helpers for the rules tests: building exact positions, checking invariants, and an
independent scorer written from the rulings (R27, R29, R30), not from kingdom_rules.scoring.

Positions are plain data: :func:`position` builds a ``GameState`` in the ``playing`` phase
with given hands and kingdoms and puts every other card in the deck (top first, canonical
order unless given), so the 54 cards are always accounted for.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import kingdom_rules as kr
from kingdom_rules.cards import DECK, Card
from kingdom_rules.state import Combination, GameState, Kingdom, Pending, Player, Resource, evolve

# --- cards ---------------------------------------------------------------------------------


def c(text: str) -> Card:
    """A card from its short name (QH, 10S, TS, RJ, BJ) or id (hearts-Q)."""
    return Card.parse(text)


def cs(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from a space separated list of short names."""
    parts = text.split() if isinstance(text, str) else list(text)
    return tuple(c(t) for t in parts)


ALL_IDS = [card.id for card in DECK]


# --- positions -----------------------------------------------------------------------------


def combo(kind: str, cards: str, rider: str | None = None, inside: str = "") -> Combination:
    return Combination(kind, cs(cards), c(rider) if rider else None, cs(inside))


def kingdom(
    ready: str = "",
    used: str = "",
    royals: str = "",
    combos: Sequence[Combination] = (),
) -> Kingdom:
    """A kingdom. ``royals`` are the royals on foot; riders and sheltered royals are added to
    ``Kingdom.royals`` from the combinations automatically."""
    resources = tuple(Resource(x, True) for x in cs(ready)) + tuple(
        Resource(x, False) for x in cs(used)
    )
    all_royals = list(cs(royals))
    for cb in combos:
        if cb.rider is not None:
            all_royals.append(cb.rider)
        all_royals.extend(cb.protected)
    return Kingdom(resources, tuple(all_royals), tuple(combos))


def position(
    n: int = 2,
    *,
    hands: dict[int, str] | None = None,
    kingdoms: dict[int, Kingdom] | None = None,
    current: int = 1,
    drawn: bool = True,
    discard: str = "",
    revealed: str | None = None,
    deck: str | None = None,
    rest_to: str = "deck",
    pending: Sequence[Pending] = (),
    mode: str = "game",
    first: int = 1,
    round: int = 1,
    seed: int = 0,
    royal_reward: dict[int, int] | None = None,
    current_hand: int = 1,
    match_scores: Sequence[int] | None = None,
    hand_history: Sequence[kr.HandResult] = (),
    allow_family: bool = False,
) -> GameState:
    """A ``playing`` state. Cards not placed explicitly go to the deck (or to the discard pile
    with ``rest_to="discard"``, or nowhere-but-deck order given by ``deck``). With
    ``revealed=None`` the two revealed cards are the first two leftover cards."""
    hands = hands or {}
    kingdoms = kingdoms or {}
    royal_reward = royal_reward or {}
    players = []
    placed: list[Card] = []
    for i in range(1, n + 1):
        h = cs(hands.get(i, ""))
        k = kingdoms.get(i, Kingdom())
        placed.extend(h)
        placed.extend(k.cards())
        players.append(
            Player(
                i,
                h,
                k,
                starting_resource_chosen=True,
                has_drawn_this_turn=drawn if i == current else False,
                royal_reward=royal_reward.get(i, 0),
            )
        )
    disc = cs(discard)
    placed.extend(disc)
    leftover = [x for x in DECK if x not in set(placed)]
    if revealed is None:
        rev: list[Card | None] = list(leftover[:2])
        while len(rev) < 2:
            rev.append(None)
    else:
        rev = [None if t == "-" else c(t) for t in revealed.split()]
        assert len(rev) == 2
    placed.extend(x for x in rev if x is not None)
    leftover = [x for x in DECK if x not in set(placed)]
    if deck is not None:
        top = list(cs(deck))
        deck_cards = top + [x for x in leftover if x not in set(top)]
    else:
        deck_cards = leftover
    if rest_to == "discard":
        disc = disc + tuple(deck_cards)
        deck_cards = []
    elif rest_to.startswith("hand:"):
        k = int(rest_to[5:])
        pl = players[k - 1]
        players[k - 1] = evolve(pl, hand=pl.hand + tuple(deck_cards))
        deck_cards = []
    if not allow_family:
        for p in players:
            assert not my_family(p.kingdom.to_json()), f"player {p.number} already has a family"
    state = GameState(
        player_count=n,
        mode=mode,
        seed=seed,
        players=tuple(players),
        phase="playing",
        current_hand=current_hand,
        total_hands=n if mode == "match" else 1,
        first_player=first,
        current_player=current,
        deck=tuple(deck_cards),
        revealed=tuple(rev),
        discard_pile=disc,
        pending=tuple(pending),
        round=round,
        match_scores=tuple(match_scores) if match_scores is not None else (0,) * n,
        hand_history=tuple(hand_history),
    )
    assert_cards_once(state)
    return state


# --- applying ------------------------------------------------------------------------------


def act(state: GameState, wire: dict[str, Any]) -> tuple[GameState, list[kr.Event]]:
    """Apply an action given as wire JSON (through action_from_json)."""
    return kr.apply(state, kr.action_from_json(wire))


def do(state: GameState, *wires: dict[str, Any]) -> GameState:
    for w in wires:
        state, _ = act(state, w)
    return state


def rejected(
    state: GameState, wire: dict[str, Any] | kr.Action, headline: str, rule: str | None
) -> kr.IllegalAction:
    """Assert the action is refused with that headline and rule, and the state is unchanged."""
    before = state.to_json()
    action = kr.action_from_json(wire) if isinstance(wire, dict) else wire
    with pytest.raises(kr.IllegalAction) as info:
        kr.apply(state, action)
    err = info.value
    assert str(err).startswith(headline), f"{str(err)!r} does not start with {headline!r}"
    if rule is not None:
        assert err.rule == rule, f"rule {err.rule!r} != {rule!r} ({err})"
        assert f"({rule})" in str(err)
    assert state.to_json() == before
    return err


def legal_json(state: GameState, p: int | None = None) -> list[dict[str, Any]]:
    p = state.current_player if p is None else p
    return [a.to_json() for a in kr.legal_actions(state, p)]


def pending_types(state: GameState) -> list[str]:
    return [x.type for x in state.pending]


def head(state: GameState) -> str | None:
    """The follow-up offered now (the head of the queue), or None."""
    return state.pending[0].type if state.pending else None


def ids(cards: Iterable[Card]) -> list[str]:
    return [x.id for x in cards]


# --- invariants ----------------------------------------------------------------------------


def all_state_cards(d: dict[str, Any]) -> list[str]:
    """Every card id placed somewhere in a state's JSON (hands, deck, revealed, kingdoms,
    discard). Riders and sheltered royals are references to ``kingdom.royals``."""
    out: list[str] = []
    for p in d["players"]:
        out += [x["id"] for x in p["hand"]]
        k = p["kingdom"]
        out += [r["card"]["id"] for r in k["resources"]]
        out += [x["id"] for x in k["royals"]]
        for cb in k["combinations"]:
            out += [x["id"] for x in cb["cards"]]
        out += [x["id"] for x in p.get("pile", [])]  # own piles (R35, R36)
        out += [x["id"] for x in p.get("revealedCards", []) if x is not None]
    out += [x["id"] for x in d["deck"]]
    out += [x["id"] for x in d["revealedCards"] if x is not None]
    out += [x["id"] for x in d["discardPile"]]
    return out


def expected_ids(state: GameState) -> list[str]:
    """The card ids a state holds: the 54 faces, or in Constructed each seat's instances of
    its deck (R33: ``<face>@p<seat>.<copy>``)."""
    setup = state.setup
    if not isinstance(setup, kr.ConstructedSetup):
        return list(ALL_IDS)
    out = []
    for seat, deck in enumerate(setup.decks, 1):
        for face, count in deck.entries:
            out += [f"{face.id}@p{seat}.{k}" for k in range(1, count + 1)]
    assert sorted(out) == sorted(c.id for c in setup.cards())
    return out


def assert_cards_once(state: GameState) -> None:
    d = state.to_json()
    found = all_state_cards(d)
    assert sorted(found) == sorted(expected_ids(state)), _diff(found)
    # references: riders and sheltered royals are royals of the same kingdom, at most once
    for p in d["players"]:
        k = p["kingdom"]
        royal_ids = {x["id"] for x in k["royals"]}
        refs: list[str] = []
        for cb in k["combinations"]:
            if cb["ridingRoyalId"] is not None:
                refs.append(cb["ridingRoyalId"])
                assert cb["type"] in ("horse", "dragon"), cb
            refs += cb["protectedRoyalIds"]
            if cb["protectedRoyalIds"]:
                assert cb["type"] in ("castle", "cathedral"), cb
        assert len(refs) == len(set(refs)), refs
        assert set(refs) <= royal_ids, (refs, royal_ids)


def _diff(found: list[str]) -> str:
    from collections import Counter

    cnt = Counter(found)
    dup = [k for k, v in cnt.items() if v > 1]
    missing = [k for k in ALL_IDS if k not in cnt]
    extra = [k for k in cnt if k not in ALL_IDS]
    return f"duplicated {dup}, missing {missing}, unknown {extra}"


def _ids_in(obj: Any) -> set[str]:
    """Every string in a JSON value."""
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            stack.extend(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
        elif isinstance(x, str):
            out.add(x)
    return out


def _keys_in(obj: Any) -> set[str]:
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            out.update(x.keys())
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


def assert_views_hide(state: GameState) -> None:
    """R32: a player's view holds no card of another player's hand, nothing of the deck, and
    no seed. The only exception is the card another player just took from the revealed row
    (``lastDrawAction.drawnCard``), which everyone saw face up."""
    for p in range(1, state.player_count + 1):
        v = kr.view(state, p)
        d = v.to_json()
        text = json.dumps(d)
        json.loads(text)
        assert "seed" not in _keys_in(d)
        assert "deck" not in d
        assert d["deckCount"] == len(state.deck)
        assert [x["id"] for x in d["myHand"]] == ids(state.player(p).hand)
        public_draw = None
        last = d["lastDrawAction"]
        if last is not None and last["playerNumber"] != p:
            if last["source"] == "deck":
                assert last["drawnCard"] is None and last["selectedCardId"] is None
            else:
                public_draw = last["drawnCard"]["id"]
        strings = _ids_in({k: v2 for k, v2 in d.items() if k != "lastDrawAction"})
        if last is not None:
            strings |= _ids_in(
                {k: v2 for k, v2 in last.items() if k not in ("drawnCard", "selectedCardId")}
            )
        hidden = {x.id for x in state.deck}
        for q in state.players:
            hidden |= {x.id for x in q.pile}  # every own pile, the viewer's too (R35, R36)
            if q.number != p:
                hidden |= {x.id for x in q.hand}
        leaked = strings & hidden
        assert not leaked, f"view of player {p} shows hidden cards {sorted(leaked)}"
        if last is not None and last["drawnCard"] is not None and last["playerNumber"] != p:
            assert last["drawnCard"]["id"] == public_draw
        for q in d["players"]:
            assert "hand" not in q
            assert q["cardCount"] == len(state.player(q["number"]).hand)
            assert q["pileCount"] == len(state.player(q["number"]).pile)
        # legal actions are the viewer's own
        for a in d["legalActions"]:
            assert a["player"] == p


# --- an independent scorer (R27, R29) --------------------------------------------------------

COMBO_POINTS = {
    "horse": 1,
    "unicorn": 1,
    "dragon": 1,
    "golden-dragon": 1,
    "silver-dragon": 1,
    "divine-dragon": 2,
    "castle": 1,
    "cathedral": 3,
}


def my_family(kingdom_json: dict[str, Any]) -> bool:
    """R27 with R11: J, Q and K, Heroes filling gaps, wherever the royals stand."""
    ranks = [x["rank"] for x in kingdom_json["royals"]]
    heroes = ranks.count("JOKER")
    missing = sum(1 for r in ("J", "Q", "K") if r not in ranks)
    return missing <= heroes


def my_score(kingdom_json: dict[str, Any], bonus: bool) -> int:
    """R29: 3 per royal, 1 per resource, each combination's points, 3 for the family."""
    s = 3 * len(kingdom_json["royals"]) + len(kingdom_json["resources"])
    for cb in kingdom_json["combinations"]:
        s += COMBO_POINTS[cb["kind"]]
    return s + (3 if bonus else 0)


def my_team(p: int, n: int) -> int | None:
    return (1 if p % 2 == 1 else 2) if n == 4 else None


def check_hand_result(before: GameState, after: GameState, events: list[kr.Event]) -> None:
    """The hand that just ended was scored as R27-R29 say (recomputed from ``after``'s
    kingdoms, which stay on the table until the next deal)."""
    assert len(after.hand_history) == len(before.hand_history) + 1
    h = after.hand_history[-1].to_json()
    d = after.to_json()
    n = after.player_count
    assert h["handNumber"] == before.current_hand
    families = [p["number"] for p in d["players"] if my_family(p["kingdom"])]
    if h["reason"] == "family":
        w = h["winnerPlayerNumber"]
        assert w in families, (w, families)
        assert any(e.type == "royalFamilyCompleted" and e.data["player"] == w for e in events)
        expected = {
            str(p["number"]): my_score(p["kingdom"], p["number"] == w) for p in d["players"]
        }
    else:
        assert h["reason"] in ("stalled", "round-limit")
        assert not families
        expected = {str(p["number"]): my_score(p["kingdom"], False) for p in d["players"]}
        best = max(expected.values())
        tops = [int(k) for k, v in expected.items() if v == best]
        sides = {my_team(t, n) or t for t in tops}
        if len(sides) == 1:
            assert h["winnerPlayerNumber"] in tops
        else:
            assert h["winnerPlayerNumber"] is None
        if h["reason"] == "round-limit":
            assert before.round == 60
    assert h["playerScores"] == expected, (h, expected)
    prev = before.match_scores
    assert list(after.match_scores) == [prev[i] + expected[str(i + 1)] for i in range(n)]
    if after.phase == "finished":
        check_outcome(after)


def check_outcome(state: GameState) -> None:
    """R30 recomputed: one hand decides a game; a match goes to the best cumulative total
    (team sums with 4 players), ties broken by hands won, then shared."""
    n = state.player_count
    out = state.outcome
    assert out is not None
    hist = [h.to_json() for h in state.hand_history]
    if state.mode == "game":
        assert len(hist) == 1
        w = hist[0]["winnerPlayerNumber"]
        if w is None:
            assert list(out.winners) == []
        else:
            side = [w, (w + 1) % 4 + 1] if n == 4 else [w]
            assert sorted(out.winners) == sorted(side)
        return
    assert len(hist) == n
    sides = [(1, 3), (2, 4)] if n == 4 else [(p,) for p in range(1, n + 1)]
    totals = {s: sum(sum(h["playerScores"][str(p)] for h in hist) for p in s) for s in sides}
    won = {s: sum(1 for h in hist if h["winnerPlayerNumber"] in s) for s in sides}
    best = max(totals.values())
    leaders = [s for s in sides if totals[s] == best]
    if len(leaders) > 1:
        most = max(won[s] for s in leaders)
        leaders = [s for s in leaders if won[s] == most]
    expected = sorted(p for s in leaders for p in s)
    assert sorted(out.winners) == expected, (out, totals, won)


# --- random playouts -----------------------------------------------------------------------


def random_step(
    state: GameState, rng: random.Random
) -> tuple[kr.Action, GameState, list[kr.Event]]:
    p = rng.choice(kr.players_to_act(state))
    acts = kr.legal_actions(state, p)
    a = acts[rng.randrange(len(acts))]
    new, events = kr.apply(state, a)
    return a, new, events


def biased_step(
    state: GameState, rng: random.Random
) -> tuple[kr.Action, GameState, list[kr.Event]]:
    """A random step that picks the kind of action first (uniformly among the kinds listed,
    passing and skipping rarely), so combinations and their follow-ups (eating,
    demolishing, slaying, volleys, transfers) happen often."""
    p = rng.choice(kr.players_to_act(state))
    acts = kr.legal_actions(state, p)
    groups: dict[type, list[kr.Action]] = {}
    for a in acts:
        groups.setdefault(type(a), []).append(a)
    kinds = list(groups)
    rare = (kr.PassTurn, kr.SkipPendingAction, kr.SkipDemolitionEat)
    if len(kinds) > 1 and rng.random() < 0.9:
        kinds = [k for k in kinds if k not in rare] or kinds
    # royals end hands quickly (R27): hold them back most of the time so kingdoms grow
    if len(kinds) > 1 and kr.PlayRoyal in kinds and rng.random() < 0.8:
        kinds.remove(kr.PlayRoyal)
    # resources and rotations are many; prefer combinations and volleys when there are some
    big = [k for k in kinds if k in (kr.PlayCombination, kr.PlayHailOfArrows)]
    if big and rng.random() < 0.7:
        kinds = big
    a = rng.choice(groups[rng.choice(kinds)])
    new, events = kr.apply(state, a)
    return a, new, events


def w(type_: str, player: int = 1, **payload: Any) -> dict[str, Any]:
    """A wire action: ``w("playRoyal", 1, cardId="hearts-Q", resourceToUseIds=[...])``.
    Card fields may be given as short names (QH); they are turned into ids."""
    out: dict[str, Any] = {"type": type_, "player": player}
    for k, v in payload.items():
        if isinstance(v, str) and k.endswith("Id") and k != "source":
            v = c(v).id
        elif isinstance(v, str) and k.endswith("Ids"):
            v = [x.id for x in cs(v)]
        out[k] = v
    # the canonical JSON of the action (card lists in the engine's order)
    return kr.action_from_json(out).to_json()


# --- what each action does, checked along playouts -------------------------------------------


def drawable_count(state: GameState, p: int) -> int:
    """How many cards player ``p`` could draw from the deck side now (not the revealed cards):
    the deck and the discard pile (R6); in Constructed the own pile and the player's own cards
    in the discard pile (R35); for the Spire runner the own pile as well (R36)."""
    me = state.player(p)
    if state.setup.kind == "constructed":
        return len(me.pile) + sum(1 for x in state.discard_pile if x.owner == p)
    return len(state.deck) + len(state.discard_pile) + (len(me.pile) if p == 1 else 0)


def can_draw_now(state: GameState, p: int) -> bool:
    """Whether player ``p`` can draw anything (R6, R35, R36)."""
    shown = state.player(p).revealed if state.setup.kind == "constructed" else state.revealed
    return drawable_count(state, p) > 0 or any(x is not None for x in shown)


def check_effects(
    before: GameState, action: kr.Action, after: GameState, events: list[kr.Event]
) -> None:
    """The visible effect of ``action`` as the rulings describe it (R5-R26), recomputed from
    the states' plain data. Used after every step of the playouts."""
    from tests.rules.oracle import COMBO_COST, COST, RANK_VALUE, my_classify

    p = action.player
    b, a = before.player(p), after.player(p)
    ended = after.phase != "playing"
    drawable = drawable_count(before, p)
    if isinstance(action, kr.DrawCard):
        assert len(a.hand) == len(b.hand) + 1 and a.has_drawn_this_turn
        if action.source != "deck":
            shown = b.revealed if before.setup.kind == "constructed" else before.revealed
            taken = shown[0 if action.source == "revealed1" else 1]
            assert a.hand[-1] is taken
        return
    if isinstance(action, kr.PlayResource):
        res = {r.card: r.ready for r in a.kingdom.resources}
        assert res[action.card] is False and res[action.resource] is False
        assert len(a.kingdom.resources) == len(b.kingdom.resources) + 1
        assert action.card not in a.hand
        return
    if isinstance(action, kr.RotateResource):
        res = {r.card: r.ready for r in a.kingdom.resources}
        assert res[action.card] is False and action.resource not in res
        assert action.resource in a.hand and action.card not in a.hand
        return
    if isinstance(action, kr.PlayRoyal):
        card = action.card
        assert card in a.kingdom.royals and card not in a.hand
        assert len(action.resources) == COST[card.rank]
        res = {r.card: r.ready for r in a.kingdom.resources}
        assert all(res[r] is False for r in action.resources)
        draws = min(1, drawable) if card.rank in ("J", "Q") else 0
        assert len(a.hand) == len(b.hand) - 1 + draws
        if not ended and card.rank in ("K", "JOKER") and after.pending:
            assert after.pending[0].type in ("slaying", "mounting", "castle-placement")
        return
    if isinstance(action, kr.PlayCombination):
        kind = my_classify(action.cards)
        assert kind is not None and len(action.resources) == COMBO_COST[kind]
        assert (
            after.player(p).kingdom.combinations[-1].kind == kind
            or ended
            or any(
                cb.kind == kind and set(cb.cards) == set(action.cards)
                for q in after.players
                for cb in q.kingdom.combinations
            )
        )
        n = len(action.cards)
        draws = {
            "horse": 1,
            "unicorn": 3,
            "dragon": 2,
            "golden-dragon": 2,
            "castle": 2,
            "cathedral": 3,
        }.get(kind, n - 1)
        assert len(a.hand) == len(b.hand) - n + min(draws, drawable)
        return
    if isinstance(action, kr.PlayHailOfArrows):
        assert {RANK_VALUE[c.rank] for c in action.cards} == {1, 10}
        assert set(action.cards) <= set(after.discard_pile)
        assert after.last_hail_was_flaming_salvo == (action.cards[0].suit == action.cards[1].suit)
        return
    if isinstance(action, kr.PassTurn):
        assert after.pending == ()
        assert a.royal_reward == 0
        if not ended:
            nxt = after.current_player
            assert nxt == p % before.player_count + 1
            assert all(r.ready for r in after.player(nxt).kingdom.resources)  # R5
            assert after.player(nxt).has_drawn_this_turn == (
                not can_draw_now(after, nxt)
            )  # R6, R35, R36
        return
    if isinstance(action, (kr.EatCharacter, kr.EatFreedRoyal)) or (
        isinstance(action, kr.DestroyWithHail) and action.target_type == "royal"
    ):
        victim = getattr(action, "character", None) or getattr(action, "royal", None)
        if victim is not None and getattr(action, "character_type", "royal") == "royal":
            assert (
                victim in after.discard_pile
                and victim.rank != "JOKER"
                or isinstance(action, kr.DestroyWithHail)
            )
            assert all(victim not in q.kingdom.royals for q in after.players)
        return
    if isinstance(action, kr.SlayDragon):
        gone = before.player(action.target_player).kingdom.combinations[action.dragon_index]
        assert set(gone.cards) <= set(after.discard_pile)
        if gone.rider is not None:
            assert gone.rider in after.player(action.target_player).kingdom.royals  # R24
        assert a.royal_reward == b.royal_reward + len(gone.cards) - 1 or ended
        return
    if isinstance(action, kr.ResurrectRoyal):
        assert action.royal in a.kingdom.royals and action.royal not in after.discard_pile
        return


def same(got: Iterable[Any], want: Iterable[Any]) -> bool:
    """The same items, in any order (legal_actions' order is deterministic but not ruled)."""

    def key(x: Any) -> str:
        return json.dumps(x, sort_keys=True)

    return sorted(map(key, got)) == sorted(map(key, want))
