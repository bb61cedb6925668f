"""The Spire's map generator: golden snapshots, and every rule of docs/spire.md over thousands of
seeds (a plain sweep) and over random seeds (hypothesis)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kingdom_rules.spire import BOSS_X, COLUMNS, FLOORS, ActMap, act_seed, generate_map
from kingdom_rules.spire.maps import (
    FIXED_FLOORS,
    NO_REST_ON,
    NO_REST_OR_ELITE_BELOW,
    RESTS_PER_FLOOR,
)

TREASURE = next(f for f, k in FIXED_FLOORS.items() if k == "treasure")

GOLDEN = Path(__file__).parent / "golden" / "maps.json"


def check_rules(m: ActMap) -> None:
    """Assert every rule of the map (raises AssertionError naming the broken one)."""
    nodes = m.nodes
    assert nodes[-1].kind == "boss" and nodes[-1].floor == FLOORS + 1 and nodes[-1].x == BOSS_X
    assert [n.kind for n in nodes].count("boss") == 1
    pos = {(n.floor, n.x): n for n in nodes}
    assert len(pos) == len(nodes), "one node per place"
    for n in nodes[:-1]:
        assert 1 <= n.floor <= FLOORS and 0 <= n.x < COLUMNS
        assert n.children, f"{n.id} leads nowhere"
        if n.floor == FLOORS:
            assert n.children == (BOSS_X,), "every last-floor node leads to the boss"
            continue
        for c in n.children:
            assert abs(c - n.x) <= 1, f"{n.id} steps more than one column"
            assert (n.floor + 1, c) in pos, f"{n.id} leads to an empty place"
    parents: dict[tuple[int, int], list[int]] = {}
    for n in nodes[:-1]:
        if n.floor < FLOORS:
            for c in n.children:
                parents.setdefault((n.floor + 1, c), []).append(n.x)
    for n in nodes[:-1]:
        if n.floor > 1:
            assert parents.get((n.floor, n.x)), f"{n.id} cannot be reached"
    # paths never cross
    for floor in range(1, FLOORS):
        edges = [(n.x, c) for n in m.floor(floor) for c in n.children]
        for a, b in edges:
            for c, d in edges:
                assert not (a < c and b > d), f"edges cross above floor {floor}"
    # two paths that meet do not meet again within 3 floors
    for (floor, x), ps in parents.items():
        for i, p in enumerate(ps):
            for q in ps[i + 1:]:
                shared = set(parents.get((floor - 1, p), ())) & set(parents.get((floor - 1, q), ()))
                assert not shared, f"paths meet again at {floor}-{x} two floors after parting"
    assert len(m.floor(1)) >= 2, "the second path starts where the first did not"
    # types
    for n in nodes[:-1]:
        if n.floor == 1:
            assert n.kind == "combat"
        elif n.floor == TREASURE:
            assert n.kind == "treasure"
        elif n.floor == FLOORS:
            assert n.kind == "rest"
        else:
            assert n.kind in ("combat", "elite", "rest", "shop", "event"), n.kind
        if n.floor < NO_REST_OR_ELITE_BELOW:
            assert n.kind not in ("rest", "elite"), f"{n.kind} below floor 4"
        if n.floor == NO_REST_ON:
            assert n.kind != "rest"
        if n.kind in ("rest", "shop", "elite", "treasure") and n.floor not in (TREASURE, FLOORS):
            for p in parents.get((n.floor, n.x), ()):
                assert pos[(n.floor - 1, p)].kind != n.kind, f"{n.kind} after {n.kind}"
    for n in nodes[:-1]:
        if n.floor + 1 in (TREASURE, FLOORS, FLOORS + 1):
            continue
        kinds = [pos[(n.floor + 1, c)].kind for c in n.children]
        others = [k for k in kinds if k != "combat"]
        assert len(set(others)) == len(others), f"children of {n.id} repeat a type"
    # rest sites spread: at most one per 3 rooms of a floor (the last floor is all rests)
    for floor in range(1, FLOORS):
        rooms = m.floor(floor)
        for kind in ("rest", "elite"):
            many = sum(n.kind == kind for n in rooms)
            assert many <= max(1, len(rooms) // RESTS_PER_FLOOR), f"{kind}s pile up on {floor}"


def test_golden_maps() -> None:
    golden = json.loads(GOLDEN.read_text())
    assert len(golden) >= 4
    for key, want in golden.items():
        seed, act = map(int, key.split(":"))
        m = generate_map(seed, act)
        assert m.render().splitlines() == want["render"], key
        assert m.to_json() == want["map"], key
        assert ActMap.from_json(m.to_json()) == m


def test_rules_over_thousands_of_seeds() -> None:
    kinds: dict[str, int] = {}
    for seed in range(1000):
        for act in (1, 2, 3):
            m = generate_map(seed, act)
            check_rules(m)
            for n in m.nodes:
                kinds[n.kind] = kinds.get(n.kind, 0) + 1
    # every type appears, in proportions near the bucket's
    other = sum(v for k, v in kinds.items() if k not in ("treasure", "boss"))
    assert 0.03 < kinds["shop"] / other < 0.09
    assert 0.15 < kinds["event"] / other < 0.30
    assert kinds["elite"] > 0 and kinds["rest"] > 0
    # rest sites spread over the floors that allow them: no floor is mostly rest sites
    for floor in range(NO_REST_OR_ELITE_BELOW, NO_REST_ON):
        rooms = [n for s in range(300) for n in generate_map(s, 1).floor(floor)]
        assert sum(n.kind == "rest" for n in rooms) / len(rooms) < 0.3, floor
        assert sum(n.kind == "elite" for n in rooms) / len(rooms) < 0.2, floor


@settings(max_examples=300)
@given(st.integers(min_value=-(2**62), max_value=2**62), st.sampled_from((1, 2, 3)))
def test_rules_hold_for_any_seed(seed: int, act: int) -> None:
    m = generate_map(seed, act)
    check_rules(m)
    assert generate_map(seed, act) == m


def test_acts_differ_and_seeds_derive() -> None:
    assert act_seed(7, 1) != act_seed(7, 2) != act_seed(7, 3)
    assert generate_map(7, 1) != generate_map(7, 2)
    assert generate_map(7, 1) != generate_map(8, 1)


def test_checker_catches_a_broken_map() -> None:
    """The rule checker itself fails on maps that break a rule (so the sweep can fail)."""
    import attrs

    m = generate_map(5, 1)
    first = m.floor(1)[0]
    broken = attrs.evolve(m, nodes=tuple(attrs.evolve(n, kind="rest") if n is first else n
                                         for n in m.nodes))
    with pytest.raises(AssertionError):
        check_rules(broken)
    crossed = [n for n in m.nodes if n.floor == 3]
    wide = attrs.evolve(crossed[0], children=(min(crossed[0].x + 3, COLUMNS - 1),))
    with pytest.raises(AssertionError):
        check_rules(attrs.evolve(m, nodes=tuple(wide if n is crossed[0] else n
                                                for n in m.nodes)))


def test_bad_act_is_refused() -> None:
    with pytest.raises(ValueError):
        generate_map(1, 4)
