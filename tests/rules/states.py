"""A pool of game states for property tests: states met in seeded playouts (every phase, many
with a follow-up pending) and hand-made positions where every kind of follow-up is open."""

from __future__ import annotations

import functools
import random

import kingdom_rules as kr
from tests.rules.helpers import biased_step, combo, do, kingdom, position, random_step, w


def _rich_target() -> kr.Kingdom:
    return kingdom(
        ready="5C",
        used="6C",
        royals="JC",
        combos=[
            combo("horse", "9C 9S", rider="QD"),
            combo("castle", "8C 8S 8D", inside="JS"),
            combo("dragon", "AC 2C 3C"),
            combo("golden-dragon", "4S 5S 6S"),
            combo("cathedral", "7C 7S 7D 7H", inside="JH"),
            combo("unicorn", "2H 2S 3H 3S"),
        ],
    )


PLAYS = (
    w("playCombination", 1, cardIds="4H 5H 6H", resourceToUseIds="4C 5D 6D"),
    w("playCombination", 1, cardIds="AD 2D 3D 4D", resourceToUseIds="4C 5D 6D 8H"),
    w("playCombination", 1, cardIds="3D 4H 5H 6H", resourceToUseIds="4C 5D 6D 8H"),
    w("playCombination", 1, cardIds="9H 9D 4H 4D", resourceToUseIds="4C 5D 6D 8H"),
    w("playHailOfArrows", 1, cardIds="AS 10D"),
    w("playHailOfArrows", 1, cardIds="AD 10D"),
    w("playRoyal", 1, cardId="KD", resourceToUseIds="5D 6D 8H"),
)


def handmade() -> list[kr.GameState]:
    """Positions with each kind of follow-up open, for 2 and 4 players."""
    out: list[kr.GameState] = []
    for n in (2, 4):
        kingdoms = {
            1: kingdom(ready="4C 5D 6D 8H 10S AH", royals="QS"),
            2: _rich_target(),
        }
        if n == 4:
            kingdoms[3] = kingdom(royals="KH")
            kingdoms[4] = kingdom(royals="QC", combos=[combo("horse", "10H 10C")])
        s = position(
            n, hands={1: "AD 2D 3D 4D AS 10D 4H 5H 6H 9H 9D KD QH"}, kingdoms=kingdoms, discard="KC"
        )
        out.append(s)
        for wire in PLAYS:
            s2 = do(s, wire)
            assert s2.pending, wire
            out.append(s2)
    for n in (2, 3):
        s = position(
            n, hands={1: "9H 9C 9D JH"}, kingdoms={1: kingdom(ready="2C 3C 4C 2H", royals="JD KC")}
        )
        out.append(do(s, w("playCombination", 1, cardIds="9H 9C 9D", resourceToUseIds="2C 3C 4C")))
        s = position(
            n,
            hands={1: "JH"},
            kingdoms={
                1: kingdom(
                    ready="2H",
                    royals="JC",
                    combos=[combo("horse", "5C 5D"), combo("castle", "9H 9C 9D", inside="KC")],
                )
            },
        )
        out.append(do(s, w("playRoyal", 1, cardId="JH", resourceToUseIds="2H")))
    for n in (2, 3):
        dragons = kingdom(
            combos=[
                combo("divine-dragon", "2C 3C 4C 5C", rider="QS"),
                combo("silver-dragon", "6D 7H 8D 9D", rider="RJ"),
                combo("golden-dragon", "6S 7S 8S"),
                combo("dragon", "2H 3D 4H", rider="QC"),
            ]
        )
        s = position(
            n, hands={1: "KH AS 10H AD 10D"}, kingdoms={1: kingdom(ready="5H 5D 9H"), 2: dragons}
        )
        out.append(s)
        for wire in (
            w("playRoyal", 1, cardId="KH", resourceToUseIds="5H 5D 9H"),
            w("playHailOfArrows", 1, cardIds="AS 10H"),
            w("playHailOfArrows", 1, cardIds="AD 10D"),
        ):
            out.append(do(s, wire))
    # one answer further: freed royals, second bites, mounting, partner transfer
    extra = []
    frontier = [s for s in out if s.pending]
    for _ in range(2):
        nxt = []
        for s in frontier:
            for a in kr.legal_actions(s, s.current_player):
                s2, _ = kr.apply(s, a)
                if s2.pending and s2.phase == "playing":
                    nxt.append(s2)
        extra.extend(nxt)
        frontier = nxt
    return out + extra


@functools.cache
def pool() -> tuple[kr.GameState, ...]:
    states: list[kr.GameState] = []
    for seed in range(24):
        n = 2 + seed % 3
        mode = "match" if seed % 2 else "game"
        rng = random.Random(seed)
        step = biased_step if seed % 4 < 3 else random_step
        s = kr.new_game(player_count=n, seed=seed, mode=mode)
        i = 0
        while s.phase != "finished":
            if i % 9 == 0 or s.pending or s.phase != "playing":
                states.append(s)
            _, s, _ = step(s, rng)
            i += 1
        states.append(s)
    states.extend(handmade())
    return tuple(states)
