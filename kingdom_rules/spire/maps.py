"""The Spire's maps, after Slay the Spire's generator (docs/spire.md).

Per act a grid of 7 columns x 10 floors. Six paths are walked from floor 1 upward, each step
to the column left, the same column or right; the second path never starts where the first
did; paths never cross (a step is clamped between the edges of its neighbours); two paths
that meet do not meet again within 3 floors. Every floor-10 node leads to the boss above.

Slay the Spire's floor rules scaled to 10 floors: floor 1 is all fights, floor 6 all
treasure, floor 10 all rest sites. The other nodes draw from a shuffled bucket (shop 5%,
rest 12%, event 22%, elite 8%, the rest fights), taking the first type that passes the
rules: no rest or elite below floor 4, no rest on floor 9, at most one rest and one elite
per 3 rooms of a floor; rest, shop, elite and treasure never follow a parent of the same type;
children of one parent differ. When nothing in the bucket passes, the node is a fight.

>>> m = generate_map(7, 1)
>>> m == generate_map(7, 1), m.boss.kind, {n.kind for n in m.floor(1)}
(True, 'boss', {'combat'})
>>> all(n.children == (BOSS_X,) for n in m.floor(FLOORS))
True
"""

from __future__ import annotations

import random
from typing import Any, Final

import attrs

COLUMNS: Final = 7
FLOORS: Final = 10
PATHS: Final = 6
BOSS_FLOOR: Final = FLOORS + 1
BOSS_X: Final = COLUMNS // 2
MIN_ANCESTOR_GAP: Final = 3
"""Two paths that meet (at a common ancestor) meet again at the earliest this many floors
above it."""
MAX_ANCESTOR_DEPTH: Final = 5

KINDS: Final = ("combat", "elite", "rest", "shop", "treasure", "event", "boss")
FIXED_FLOORS: Final = {1: "combat", 6: "treasure", FLOORS: "rest"}
BUCKET: Final = (("shop", 0.05), ("rest", 0.12), ("event", 0.22), ("elite", 0.08))
"""The bucket's shares; fights fill the rest."""
NO_REST_OR_ELITE_BELOW: Final = 4
NO_REST_ON: Final = FLOORS - 1
RESTS_PER_FLOOR: Final = 3
"""A floor holds at most one rest site, and one elite, per this many of its rooms (at least
one): they spread over the floors where they matter instead of piling up on the first floor
that allows them."""
NO_REPEAT_AFTER_PARENT: Final = frozenset({"rest", "shop", "elite", "treasure"})
MAX_ATTEMPTS: Final = 64


def act_seed(run_seed: int, act: int) -> int:
    """The seed of an act's map, derived from the run's seed (the same in every process)."""
    rng = random.Random(f"kingdom-spire-act:{run_seed}:{act}")
    return rng.randrange(2**53)


@attrs.frozen
class MapNode:
    """A room of the map: ``floor`` 1 to 10 (11: the boss), column ``x`` 0 to 6, its ``kind``
    and the columns of the nodes it leads to on the floor above."""

    floor: int
    x: int
    kind: str
    children: tuple[int, ...]

    @property
    def id(self) -> str:
        return f"{self.floor}-{self.x}"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "floor": self.floor, "x": self.x, "nodeType": self.kind,
                "children": list(self.children)}

    @staticmethod
    def from_json(d: Any) -> MapNode:
        if not isinstance(d, dict):
            raise ValueError("A map node is an object")
        kind = d["nodeType"]
        if kind not in KINDS:
            raise ValueError(f"Unknown node type {str(kind)[:20]!r}")
        return MapNode(int(d["floor"]), int(d["x"]), kind,
                       tuple(int(c) for c in d["children"]))


@attrs.frozen
class ActMap:
    """One act's map: its nodes in floor order, then column order, the boss last. A node is
    addressed by its index in ``nodes`` (the run's ``currentNodeIndex``)."""

    seed: int
    act: int
    nodes: tuple[MapNode, ...]

    @property
    def boss(self) -> MapNode:
        return self.nodes[-1]

    def floor(self, floor: int) -> tuple[MapNode, ...]:
        return tuple(n for n in self.nodes if n.floor == floor)

    def index(self, floor: int, x: int) -> int:
        for i, n in enumerate(self.nodes):
            if n.floor == floor and n.x == x:
                return i
        raise KeyError(f"no node at floor {floor}, column {x}")

    def at(self, floor: int, x: int) -> MapNode:
        return self.nodes[self.index(floor, x)]

    def children(self, index: int) -> tuple[int, ...]:
        """The indices of the nodes node ``index`` leads to."""
        n = self.nodes[index]
        return tuple(self.index(n.floor + 1, x) for x in n.children)

    def parents(self, index: int) -> tuple[int, ...]:
        n = self.nodes[index]
        return tuple(i for i, p in enumerate(self.nodes)
                     if p.floor == n.floor - 1 and n.x in p.children)

    def starts(self) -> tuple[int, ...]:
        """The indices of the floor-1 nodes: where an act begins."""
        return tuple(i for i, n in enumerate(self.nodes) if n.floor == 1)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "act": self.act, "nodes": [n.to_json() for n in self.nodes]}

    @staticmethod
    def from_json(d: Any) -> ActMap:
        if not isinstance(d, dict):
            raise ValueError("A map is an object")
        return ActMap(int(d["seed"]), int(d["act"]),
                      tuple(MapNode.from_json(n) for n in d["nodes"]))

    def render(self, current: int | None = None, done: tuple[int, ...] = ()) -> str:
        """The map as text, the boss on top: one letter per node (C fight, E elite, R rest,
        $ shop, T treasure, ? event) and the edges between floors; node index ``current``
        shows as ``@`` and the ``done`` ones as ``x``."""
        marks = {self.nodes[i].id: "x" for i in done}
        if current is not None:
            marks[self.nodes[current].id] = "@"
        letters = {"combat": "C", "elite": "E", "rest": "R", "shop": "$", "treasure": "T",
                   "event": "?", "boss": "B"}
        lines = [" " * (3 * BOSS_X + 4) + "B"]
        for floor in range(FLOORS, 0, -1):
            row = [" "] * (3 * COLUMNS)
            link = [" "] * (3 * COLUMNS)
            for n in self.floor(floor):
                row[3 * n.x + 1] = marks.get(n.id, letters[n.kind])
                if floor < FLOORS:
                    for c in n.children:
                        link[3 * n.x + 1 + (c - n.x)] = {-1: "\\", 0: "|", 1: "/"}[c - n.x]
            if floor < FLOORS:
                lines.append(f"{'':3} " + "".join(link).rstrip())
            lines.append(f"{floor:>3} " + "".join(row).rstrip())
        return "\n".join(lines)


Edges = list[list[set[int]]]
"""``edges[y][x]``: the columns on row ``y + 1`` that node (y, x) leads to (rows from 0)."""


def _parents(edges: Edges, y: int, x: int) -> list[int]:
    return [p for p in range(COLUMNS) if x in edges[y - 1][p]] if y > 0 else []


def _common_ancestor(edges: Edges, y: int, a: int, b: int) -> int | None:
    """The row of the common ancestor of nodes (y, a) and (y, b) found by walking the left
    node's rightmost parents and the right node's leftmost parents (Slay the Spire's way), or
    None within ``MAX_ANCESTOR_DEPTH`` rows."""
    left, right = min(a, b), max(a, b)
    row = y
    while row > 0 and row >= y - MAX_ANCESTOR_DEPTH:
        lp, rp = _parents(edges, row, left), _parents(edges, row, right)
        if not lp or not rp:
            return None
        left, right = max(lp), min(rp)
        row -= 1
        if left == right:
            return row
    return None


def _walk(edges: Edges, start: int, rng: random.Random) -> None:
    x = start
    for y in range(FLOORS - 1):
        lo = -1 if x > 0 else 0
        hi = 1 if x < COLUMNS - 1 else 0
        nx = x + rng.randint(lo, hi)
        for parent in _parents(edges, y + 1, nx):
            if parent == x:
                continue
            ancestor = _common_ancestor(edges, y, parent, x)
            if ancestor is not None and (y + 1) - ancestor < MIN_ANCESTOR_GAP:
                if nx > x:
                    nx = x + rng.randint(-1, 0)
                    nx = max(nx, 0)
                elif nx == x:
                    nx = x + rng.randint(-1, 1)
                    if nx > COLUMNS - 1:
                        nx = x - 1
                    elif nx < 0:
                        nx = x + 1
                else:
                    nx = x + rng.randint(0, 1)
                    nx = min(nx, COLUMNS - 1)
        # never cross: stay right of the left neighbour's rightmost edge, left of the right
        # neighbour's leftmost edge
        left = max(edges[y][x - 1]) if x > 0 and edges[y][x - 1] else 0
        right = min(edges[y][x + 1]) if x < COLUMNS - 1 and edges[y][x + 1] else COLUMNS - 1
        nx = min(max(nx, left), right)
        if _meets_again(edges, y, x, nx):
            others = [c for c in range(max(x - 1, left), min(x + 1, right) + 1) if c != nx]
            rng.shuffle(others)
            fine = [c for c in others if not _meets_again(edges, y, x, c)]
            if not fine:
                raise _Stuck
            nx = fine[0]
        edges[y][x].add(nx)
        x = nx


class _Stuck(Exception):
    """A path has no step that keeps the rules: the map is walked again."""


def _meets_again(edges: Edges, y: int, x: int, nx: int) -> bool:
    """Whether a new edge (y, x) -> (y + 1, nx) makes two paths meet again within
    ``MIN_ANCESTOR_GAP`` floors: two parents of one node sharing a parent."""
    if nx in edges[y][x]:
        return False
    mine = set(_parents(edges, y, x))
    for p in _parents(edges, y + 1, nx):
        if mine & set(_parents(edges, y, p)):
            return True
    if y + 1 < FLOORS - 1:
        for c in edges[y + 1][nx]:
            for q in _parents(edges, y + 2, c):
                if q != nx and x in _parents(edges, y + 1, q):
                    return True
    return False


def _paths(rng: random.Random) -> Edges:
    edges: Edges = [[set() for _ in range(COLUMNS)] for _ in range(FLOORS)]
    first = -1
    for i in range(PATHS):
        start = rng.randint(0, COLUMNS - 1)
        while i == 1 and start == first:
            start = rng.randint(0, COLUMNS - 1)
        if i == 0:
            first = start
        _walk(edges, start, rng)
    for x in range(COLUMNS):  # the last floor leads to the boss
        if any(x in edges[FLOORS - 2][p] for p in range(COLUMNS)):
            edges[FLOORS - 1][x].add(BOSS_X)
    return edges


def _assign(edges: Edges, rng: random.Random) -> dict[tuple[int, int], str]:
    """Each connected node's type (keys (row, x), rows from 0)."""
    present = {(y, x) for y in range(FLOORS) for x in range(COLUMNS) if edges[y][x]}
    kinds: dict[tuple[int, int], str] = {}
    for (y, x) in present:
        if y + 1 in FIXED_FLOORS:
            kinds[(y, x)] = FIXED_FLOORS[y + 1]
    count = sum(1 for (y, _x) in present if y + 1 not in FIXED_FLOORS)
    bucket: list[str] = []
    for kind, share in BUCKET:
        bucket += [kind] * round(count * share)
    bucket += ["combat"] * (count - len(bucket))
    rng.shuffle(bucket)
    for y in range(FLOORS):
        floor = y + 1
        if floor in FIXED_FLOORS:
            continue
        for x in range(COLUMNS):
            if (y, x) not in present:
                continue
            parent_kinds = {kinds[(y - 1, p)] for p in _parents(edges, y, x)}
            siblings = {kinds[(y, s)] for p in _parents(edges, y, x) for s in edges[y - 1][p]
                        if s != x and (y, s) in kinds}
            chosen = "combat"
            rooms = sum(1 for c in range(COLUMNS) if (y, c) in present)
            placed = [kinds.get((y, c)) for c in range(COLUMNS)]
            for i, kind in enumerate(bucket):
                if kind in ("rest", "elite") and floor < NO_REST_OR_ELITE_BELOW:
                    continue
                if kind == "rest" and floor == NO_REST_ON:
                    continue
                if kind in ("rest", "elite") and placed.count(kind) >= max(
                        1, rooms // RESTS_PER_FLOOR):
                    continue
                if kind in NO_REPEAT_AFTER_PARENT and kind in parent_kinds:
                    continue
                if kind in siblings:
                    continue
                chosen = bucket.pop(i)
                break
            kinds[(y, x)] = chosen
    return kinds


def map_rules() -> dict[str, Any]:
    """The map's rules as data, for the screens' legend: floors per act, the fixed floors
    and the floors below which rest sites and elites never appear."""
    return {"floors": FLOORS, "bossFloor": BOSS_FLOOR,
            "fixedFloors": {str(f): k for f, k in FIXED_FLOORS.items()},
            "noRestOrEliteBelow": NO_REST_OR_ELITE_BELOW, "noRestOn": NO_REST_ON}


def generate_map(seed: int, act: int) -> ActMap:
    """The map of act ``act`` (1 to 3) of the run with seed ``seed``: the same for the same
    arguments, in every process."""
    if act not in (1, 2, 3):
        raise ValueError("An act is 1, 2 or 3")
    rng = random.Random(f"kingdom-spire-map:{act_seed(seed, act)}")
    for _attempt in range(MAX_ATTEMPTS):
        try:
            edges = _paths(rng)
        except _Stuck:
            continue
        break
    else:  # pragma: no cover - never reached over the tested seeds
        raise RuntimeError(f"no map for seed {seed}, act {act}")
    kinds = _assign(edges, rng)
    nodes = [MapNode(y + 1, x, kinds[(y, x)], tuple(sorted(edges[y][x])))
             for y in range(FLOORS) for x in range(COLUMNS) if edges[y][x]]
    nodes.append(MapNode(BOSS_FLOOR, BOSS_X, "boss", ()))
    return ActMap(seed, act, tuple(nodes))
