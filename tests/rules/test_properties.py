"""Property tests (hypothesis) of the engine's contract:

- random and malformed actions (random JSON payloads for every wire type, random cards,
  indices and players) are rejected with IllegalAction / MalformedAction, never another
  exception, and leave the state unchanged;
- every listed legal action applies;
- legal_actions is sound and complete on sampled states: for candidate actions built from
  the state's cards and indices, ``apply`` succeeds iff the action is listed, or an action
  leading to the very same state is listed (the contract lets such choices be listed once:
  skipPendingAction and skipDemolitionEat at a freed royal);
- state JSON and action JSON round-trip; replay(seed, actions) reproduces a game.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import kingdom_rules as kr
from kingdom_rules.cards import DECK
from tests.rules.helpers import ALL_IDS, random_step
from tests.rules.states import pool

WIRES = [cls.WIRE for cls in kr.ACTION_TYPES]
FIELDS: dict[str, list[tuple[str, str]]] = {
    cls.WIRE: [(name, kind) for _, name, kind in cls._FIELDS] for cls in kr.ACTION_TYPES
}
ENUMS = ["deck", "revealed1", "revealed2", "royal", "beast", "castle", "cathedral", "dragon", ""]

states = st.sampled_from(range(10**6)).map(lambda i: pool()[i % len(pool())])


def _json_leaf() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 1200),
        st.floats(allow_nan=True),
        st.text(max_size=6),
        st.sampled_from(ALL_IDS),
        st.sampled_from(ENUMS),
        st.sampled_from(["QH", "10S", "hearts-1", "hearts-11", "HEARTS-Q", "red joker"]),
    )


json_values = st.recursive(
    _json_leaf(),
    lambda ch: st.lists(ch, max_size=4) | st.dictionaries(st.text(max_size=4), ch, max_size=3),
    max_leaves=6,
)


def _field_value(kind: str) -> st.SearchStrategy[Any]:
    base = kind.rstrip("?")
    plausible: st.SearchStrategy[Any]
    if base == "card":
        plausible = st.sampled_from(ALL_IDS)
    elif base == "cards":
        plausible = st.lists(st.sampled_from(ALL_IDS), min_size=0, max_size=6)
    elif base == "int":
        plausible = st.integers(0, 8)
    else:
        plausible = st.sampled_from(ENUMS)
    return st.one_of(plausible, plausible, json_values)


@st.composite
def wire_payloads(draw: st.DrawFn) -> Any:
    """A JSON value shaped like an action, often almost right, often broken."""
    if draw(st.integers(0, 30)) == 0:
        return draw(json_values)
    wire = draw(st.sampled_from(WIRES))
    d: dict[str, Any] = {}
    t = draw(st.integers(0, 20))
    d["type"] = wire if t > 1 else draw(json_values)
    if draw(st.integers(0, 15)) > 0:
        d["player"] = draw(st.one_of(st.integers(1, 4), st.integers(1, 4), json_values))
    for name, kind in FIELDS[wire]:
        r = draw(st.integers(0, 12))
        if r == 0:
            continue  # missing
        d[name] = draw(_field_value(kind))
    if draw(st.integers(0, 8)) == 0:
        d[draw(st.text(max_size=5))] = draw(json_values)
    return d


# --- random and malformed actions ---------------------------------------------------------------


@settings(max_examples=250, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states, payload=wire_payloads())
def test_random_and_malformed_actions_are_rejected_without_change(
    state: kr.GameState, payload: Any
) -> None:
    before = state.to_json()
    try:
        action = kr.action_from_json(payload)
    except kr.MalformedAction as exc:
        assert str(exc)
        return
    assert isinstance(action, kr.ACTION_TYPES)
    # a well-formed action: legal (and then listed, up to an equivalent) or refused
    try:
        new, events = kr.apply(state, action)
    except kr.IllegalAction as exc:
        assert str(exc)
        assert state.to_json() == before
        return
    assert state.to_json() == before
    assert_listed_or_equivalent(state, action, new)


@pytest.mark.parametrize(
    "payload",
    [
        None,
        [],
        "drawCard",
        7,
        {"type": "drawCard"},
        {"type": "nope", "player": 1},
        {"player": 1},
        {"type": "drawCard", "player": True, "source": "deck"},
        {"type": "drawCard", "player": 1.0, "source": "deck"},
        {"type": "playRoyal", "player": 1, "cardId": "hearts-Q", "resourceToUseIds": "hearts-2"},
        {
            "type": "playRoyal",
            "player": 1,
            "cardId": "hearts-Q",
            "resourceToUseIds": ["hearts-2", "hearts-2"],
        },
        {"type": "mountHorse", "player": 1, "horseIndex": -1, "royalId": "hearts-Q"},
        {"type": "mountHorse", "player": 1, "horseIndex": True, "royalId": "hearts-Q"},
        {"type": "playResource", "player": 5, "cardId": "hearts-2", "resourceToUseId": "hearts-3"},
    ],
)
def test_malformed_payloads_raise_malformed_action(payload: Any) -> None:
    with pytest.raises(kr.MalformedAction):
        kr.action_from_json(payload)
    assert issubclass(kr.MalformedAction, kr.IllegalAction)


# --- candidates built from a state ----------------------------------------------------------------


def candidates(
    state: kr.GameState, p: int, rng: random.Random, budget: int = 250
) -> list[kr.Action]:
    """Well-formed actions of player ``p`` built from the cards and indices of ``state``:
    most are plausible, many are wrong in one detail."""
    n = state.player_count
    me = state.player(p)
    hand = list(me.hand)
    res = [r.card for r in me.kingdom.resources]
    my_royals = list(me.kingdom.royals)
    all_royals = (
        [r for q in state.players for r in q.kingdom.royals]
        + [x for x in state.discard_pile if x.is_royal]
        + [x for x in hand if x.is_royal]
    )
    some = hand + res + all_royals + [rng.choice(DECK) for _ in range(3)]
    others = list(range(0, n + 2))
    out: list[kr.Action] = [
        kr.PassTurn(p),
        kr.SkipPendingAction(p),
        kr.SkipDemolitionEat(p),
        kr.DrawRoyalReward(p),
        kr.ReadyForNextHand(p),
    ]
    out += [kr.DrawCard(p, s) for s in ("deck", "revealed1", "revealed2", "discard")]
    out += [kr.ChooseStartingResource(p, x) for x in hand + [rng.choice(DECK)]]
    for x in hand + res[:1]:
        for r in res + [rng.choice(DECK)]:
            out.append(kr.PlayResource(p, x, r))
            out.append(kr.RotateResource(p, x, r))
    pool_cards = list(dict.fromkeys(res + [rng.choice(DECK)]))
    for x in [y for y in hand if y.is_royal] + [rng.choice(DECK)]:
        for k in range(max(0, x.cost - 1), x.cost + 2):
            for _ in range(4):
                if len(pool_cards) >= k:
                    out.append(kr.PlayRoyal(p, x, tuple(rng.sample(pool_cards, k))))
    ready = [r.card for r in me.kingdom.resources if r.ready]
    numbers = [y for y in hand if y.is_number]
    for size in range(2, min(6, len(numbers)) + 1):
        combos = list(itertools.combinations(numbers, size))
        rng.shuffle(combos)
        for cards in combos[:12]:
            kind = kr.classify(cards)
            cost = kr.RULES[kind].resources if kind else rng.choice((2, 3, 4))
            for k in (cost, cost, cost - 1, cost + 1):
                src = ready if rng.random() < 0.8 else pool_cards
                if len(src) >= k:
                    out.append(kr.PlayCombination(p, cards, tuple(rng.sample(src, k))))
    # near misses: listed actions with one field changed
    listed = list(kr.legal_actions(state, p))
    for a in rng.sample(listed, min(30, len(listed))):
        out.append(a)
        out.extend(_mutations(a, state, rng))
    for a, b in itertools.combinations(hand, 2):
        out.append(kr.PlayHailOfArrows(p, (a, b)))
    for o in others:
        k = state.player(o).kingdom if 1 <= o <= n else kr.Kingdom()
        idx = list(range(len(k.combinations) + 1))
        roy = list(k.royals) + [rng.choice(all_royals or list(DECK))]
        for i in idx:
            out += [
                kr.EatCharacter(p, o, "beast", beast_index=i),
                kr.SlayDragon(p, o, i),
                kr.DemolishCastle(p, o, i),
                kr.DemolishCathedral(p, o, i),
                kr.DestroyWithHail(p, o, "beast", beast_index=i),
                kr.DestroyWithHail(p, o, "castle", castle_index=i),
                kr.DestroyWithHail(p, o, "royal", beast_index=i),
                kr.EatCharacter(p, o, "royal", beast_index=i),
            ]
        for r in roy:
            out += [
                kr.EatCharacter(p, o, "royal", character=r),
                kr.DestroyWithHail(p, o, "royal", character=r),
                kr.EatCharacter(p, o, "beast", character=r),
                kr.DestroyWithHail(p, o, "castle", character=r),
            ]
    for i in range(len(me.kingdom.combinations) + 2):
        out.append(kr.TransferToPartner(p, i))
        for r in my_royals + [rng.choice(all_royals or list(DECK))]:
            out.append(kr.MountBeast(p, i, r))
            out.append(kr.PlaceRoyalInCastle(p, r, i))
    for r in all_royals + some[:2]:
        out.append(kr.ResurrectRoyal(p, r))
        out.append(kr.EatFreedRoyal(p, r))
    rng.shuffle(out)
    return out[:budget]


def _mutations(a: kr.Action, state: kr.GameState, rng: random.Random) -> list[kr.Action]:
    import attrs

    out: list[kr.Action] = []
    for f in attrs.fields(type(a)):
        v = getattr(a, f.name)
        if f.name == "player":
            continue
        if isinstance(v, int) and not isinstance(v, bool):
            for d in (-1, 1, 2):
                if v + d >= 0:
                    out.append(attrs.evolve(a, **{f.name: v + d}))
        elif isinstance(v, tuple) and v:
            swapped = list(v)
            swapped[rng.randrange(len(v))] = rng.choice(DECK)
            if len(set(swapped)) == len(swapped):
                out.append(attrs.evolve(a, **{f.name: tuple(swapped)}))
            out.append(attrs.evolve(a, **{f.name: v[:-1]}))
        elif v is not None and hasattr(v, "is_royal"):
            out.append(attrs.evolve(a, **{f.name: rng.choice(DECK)}))
        elif isinstance(v, str):
            for alt in ("royal", "beast", "castle", "deck", "revealed2"):
                if alt != v:
                    out.append(attrs.evolve(a, **{f.name: alt}))
    return out


def assert_listed_or_equivalent(state: kr.GameState, action: kr.Action, new: kr.GameState) -> None:
    listed = list(kr.legal_actions(state, action.player))
    if action in listed:
        return
    target = new.to_json()
    same = [a for a in listed if kr.apply(state, a)[0].to_json() == target]
    assert same, (
        f"{action.to_json()} applies but is not listed (and no listed action does the same)"
    )


@settings(max_examples=120, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states, seed=st.integers(0, 2**32 - 1))
def test_legal_actions_are_sound_and_complete(state: kr.GameState, seed: int) -> None:
    rng = random.Random(seed)
    before = state.to_json()
    players = list(range(1, state.player_count + 1))
    for p in players:
        listed = list(kr.legal_actions(state, p))
        listed_set = set(listed)
        for a in candidates(state, p, rng, budget=120 if p in kr.players_to_act(state) else 25):
            try:
                new, _ = kr.apply(state, a)
            except kr.IllegalAction as exc:
                assert a not in listed_set, f"listed but refused: {a.to_json()}: {exc}"
                assert exc.rule is None or exc.rule.startswith("R"), exc.rule
                continue
            except Exception as exc:  # noqa: BLE001 - any other exception is an engine bug
                raise AssertionError(f"{a!r} raised {exc!r} instead of IllegalAction") from exc
            assert_listed_or_equivalent(state, a, new)
    assert state.to_json() == before


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states)
def test_every_listed_action_applies(state: kr.GameState) -> None:
    before = state.to_json()
    to_act = kr.players_to_act(state)
    for p in range(1, state.player_count + 1):
        acts = kr.legal_actions(state, p)
        listed = list(acts)
        assert len(acts) == len(listed) == acts.count()
        assert bool(acts) == bool(listed) == (p in to_act)
        assert len(set(listed)) == len(listed), "an action is listed twice"
        assert listed == list(kr.legal_actions(state, p)), "the order is not deterministic"
        if listed:
            assert acts[0] == listed[0] and acts[-1] == listed[-1]
            assert acts[1:3] == listed[1:3]
        step = max(1, len(listed) // 40)
        for a in listed[::step]:
            assert a.player == p
            assert a in acts
            new, events = kr.apply(state, a)
            assert all(isinstance(e, kr.Event) for e in events)
            assert kr.action_from_json(a.to_json()) == a
    assert state.to_json() == before


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states)
def test_state_json_round_trips(state: kr.GameState) -> None:
    d = state.to_json()
    back = kr.GameState.from_json(d)
    assert back.to_json() == d
    assert back == state
    import json

    assert kr.GameState.from_json(json.loads(json.dumps(d))).to_json() == d
    for p in kr.players_to_act(state):
        assert list(kr.legal_actions(back, p)) == list(kr.legal_actions(state, p))


@settings(max_examples=150, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states, seed=st.integers(0, 2**32 - 1))
def test_action_json_round_trips(state: kr.GameState, seed: int) -> None:
    rng = random.Random(seed)
    for p in range(1, state.player_count + 1):
        for a in candidates(state, p, rng, budget=60):
            j = a.to_json()
            assert j["type"] == type(a).WIRE and j["player"] == p
            assert kr.action_from_json(j) == a
            import json

            assert kr.action_from_json(json.loads(json.dumps(j))) == a


@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(
    seed=st.integers(0, 10**6),
    n=st.integers(2, 4),
    mode=st.sampled_from(["game", "match"]),
    play=st.integers(0, 2**32 - 1),
    cut=st.integers(0, 400),
)
def test_replay_reproduces_the_game(seed: int, n: int, mode: str, play: int, cut: int) -> None:
    rng = random.Random(play)
    s = kr.new_game(player_count=n, seed=seed, mode=mode)
    actions = []
    while s.phase != "finished" and len(actions) < cut:
        a, s, _ = random_step(s, rng)
        actions.append(a.to_json())
    assert kr.replay(seed=seed, player_count=n, mode=mode, actions=actions).to_json() == s.to_json()


def test_players_who_may_not_act_are_refused() -> None:
    for state in pool()[::5]:
        to_act = kr.players_to_act(state)
        for p in range(1, state.player_count + 1):
            if p in to_act:
                continue
            assert kr.legal_actions(state, p).count() == 0
            for a in (kr.PassTurn(p), kr.DrawCard(p, "deck"), kr.ReadyForNextHand(p)):
                with pytest.raises(kr.IllegalAction):
                    kr.apply(state, a)


@settings(max_examples=80, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states, seed=st.integers(0, 2**32 - 1))
def test_every_refusal_names_its_rule(state: kr.GameState, seed: int) -> None:
    """An illegal action raises IllegalAction with the rule number (for the actions
    of players of this game)."""
    rng = random.Random(seed)
    for p in range(1, state.player_count + 1):
        for a in candidates(state, p, rng, budget=80):
            try:
                kr.apply(state, a)
            except kr.IllegalAction as exc:
                assert exc.rule is not None and exc.rule.startswith("R"), f"{a.to_json()}: {exc}"


def test_actions_of_another_phase_name_their_rule() -> None:
    """A starting-resource choice or a ready step offered in the middle of play."""
    from tests.rules.helpers import position

    s = position(hands={1: "5C"})
    for action, rule in (
        (kr.ChooseStartingResource(1, DECK[4]), "R3"),
        (kr.ReadyForNextHand(1), "R31"),
    ):
        with pytest.raises(kr.IllegalAction) as info:
            kr.apply(s, action)
        assert info.value.rule == rule, str(info.value)


def _mutate(doc: Any, rng: random.Random, value: Any) -> Any:
    """A copy of a JSON document with one node replaced, dropped or retyped."""
    import copy

    doc = copy.deepcopy(doc)
    parent, key = None, None
    node = doc
    for _ in range(rng.randrange(1, 7)):
        if isinstance(node, dict) and node:
            parent, key = node, rng.choice(sorted(node))
        elif isinstance(node, list) and node:
            parent, key = node, rng.randrange(len(node))
        else:
            break
        node = parent[key]
    if parent is None:
        return value
    if isinstance(parent, dict) and rng.random() < 0.3:
        del parent[key]
    else:
        parent[key] = value
    return doc


@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states, seed=st.integers(0, 2**32 - 1), value=json_values)
def test_broken_state_json_raises_value_error(state: kr.GameState, seed: int, value: Any) -> None:
    """GameState.from_json: a state back, or ValueError for a broken document (nothing else)."""
    doc = _mutate(state.to_json(), random.Random(seed), value)
    try:
        back = kr.GameState.from_json(doc)
    except ValueError:
        return
    assert isinstance(back, kr.GameState)


cards_st = st.sampled_from(DECK)
ints = st.one_of(st.integers(-3, 8), st.integers(-(10**9), 10**9))


@st.composite
def built_actions(draw: st.DrawFn) -> kr.Action:
    """Actions built directly (as a bot would), with any integers for players and indices."""
    p = draw(st.one_of(st.integers(1, 4), ints))
    k = draw(st.integers(0, 24))
    if k < 12:
        c1 = draw(cards_st)
        simple = [
            lambda: kr.ChooseStartingResource(p, c1),
            lambda: kr.DrawCard(p, draw(st.sampled_from(ENUMS))),
            lambda: kr.PlayResource(p, c1, draw(cards_st)),
            lambda: kr.RotateResource(p, c1, draw(cards_st)),
            lambda: kr.PlayRoyal(p, c1, tuple(draw(st.lists(cards_st, max_size=5, unique=True)))),
            lambda: kr.PlayCombination(
                p,
                tuple(draw(st.lists(cards_st, max_size=5, unique=True))),
                tuple(draw(st.lists(cards_st, max_size=5, unique=True))),
            ),
            lambda: kr.PlayHailOfArrows(
                p, tuple(draw(st.lists(cards_st, max_size=3, unique=True)))
            ),
            lambda: kr.PassTurn(p),
            lambda: kr.SkipPendingAction(p),
            lambda: kr.SkipDemolitionEat(p),
            lambda: kr.DrawRoyalReward(p),
            lambda: kr.ReadyForNextHand(p),
        ]
        return simple[k]()
    o, i, c1 = draw(ints), draw(ints), draw(cards_st)
    kind = draw(st.sampled_from(["royal", "beast", "castle", "x"]))
    targeted = [
        lambda: kr.MountBeast(p, i, c1),
        lambda: kr.TransferToPartner(p, i),
        lambda: kr.EatCharacter(p, o, kind, character=c1),
        lambda: kr.EatCharacter(p, o, kind, beast_index=i),
        lambda: kr.DemolishCastle(p, o, i),
        lambda: kr.DemolishCathedral(p, o, i),
        lambda: kr.EatFreedRoyal(p, c1),
        lambda: kr.SlayDragon(p, o, i),
        lambda: kr.ResurrectRoyal(p, c1),
        lambda: kr.PlaceRoyalInCastle(p, c1, i),
        lambda: kr.DestroyWithHail(p, o, kind, character=c1),
        lambda: kr.DestroyWithHail(p, o, kind, beast_index=i),
        lambda: kr.DestroyWithHail(p, o, kind, castle_index=i),
    ]
    return targeted[k - 12]()


@settings(max_examples=250, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(state=states, action=built_actions())
def test_built_actions_with_any_numbers_are_refused_or_listed(
    state: kr.GameState, action: kr.Action
) -> None:
    before = state.to_json()
    try:
        new, _ = kr.apply(state, action)
    except kr.IllegalAction:
        assert state.to_json() == before
        return
    assert state.to_json() == before
    assert_listed_or_equivalent(state, action, new)


def test_negative_indexes_in_built_actions_are_refused() -> None:
    """A bot may build actions directly; a negative index is refused like a missing one."""
    from tests.rules.helpers import c, do, kingdom, position, w

    s = position(hands={1: "9H 9C 9D"}, kingdoms={1: kingdom(ready="2C 3C 4C", royals="JD")})
    s = do(s, w("playCombination", 1, cardIds="9H 9C 9D", resourceToUseIds="2C 3C 4C"))
    h = position(hands={1: "AS 10H"}, kingdoms={2: kingdom(royals="JC")})
    h = do(h, w("playHailOfArrows", 1, cardIds="AS 10H"))
    for state, action in (
        (s, kr.PlaceRoyalInCastle(1, c("JD"), -2)),
        (s, kr.PlaceRoyalInCastle(1, c("JD"), -1)),
        (h, kr.DestroyWithHail(1, 2, "beast", beast_index=-3)),
        (h, kr.DestroyWithHail(1, 2, "castle", castle_index=-1)),
    ):
        before = state.to_json()
        with pytest.raises(kr.IllegalAction):
            kr.apply(state, action)
        assert state.to_json() == before


def test_replay_refuses_an_illegal_or_malformed_action() -> None:
    with pytest.raises(kr.IllegalAction):
        kr.replay(seed=1, player_count=2, mode="game", actions=[{"type": "passTurn", "player": 1}])
    with pytest.raises(kr.MalformedAction):
        kr.replay(seed=1, player_count=2, mode="game", actions=[{"type": "fly", "player": 1}])
    s = kr.new_game(player_count=2, seed=1)
    first = kr.legal_actions(s, 2)[0]
    assert kr.replay(seed=1, player_count=2, actions=[first.to_json()]).to_json() == (
        kr.apply(s, first)[0].to_json()
    )
