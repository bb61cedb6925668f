"""A pool of game states for property tests: states met in seeded playouts (every phase, many
with a follow-up pending) and hand-made positions where every kind of follow-up is open."""

from __future__ import annotations

import functools
import random

import kingdom_rules as kr
from kingdom_rules.state import evolve
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


# --- setups (R33-R38) ---------------------------------------------------------------------------


def random_deck(rng: random.Random) -> kr.Deck:
    """A random legal Constructed deck (R34) with copies: 15 to 40 number cards, up to 20
    royals, up to 2 Heroes, at most 4 copies of a face, 30 to 60 cards."""
    faces = list(kr.DECK)
    numbers = [c for c in faces if c.is_number]
    royals = [c for c in faces if c.is_royal and not c.is_hero]
    heroes = [c for c in faces if c.is_hero]
    counts: dict[kr.Card, int] = {}

    def add(group: list[kr.Card], k: int) -> None:
        for _ in range(k):
            free = [c for c in group if counts.get(c, 0) < 4]
            pick = rng.choice(free)
            counts[pick] = counts.get(pick, 0) + 1

    n_numbers = rng.randint(15, 40)
    n_royals = rng.randint(max(0, 30 - n_numbers - 2), min(20, 60 - n_numbers - 2))
    add(numbers, n_numbers)
    add(royals, n_royals)
    add(heroes, rng.randint(max(0, 30 - n_numbers - n_royals), 2))
    deck = kr.Deck(tuple(counts.items()))
    kr.check_deck(deck)
    return deck


def random_constructed(rng: random.Random, n: int) -> kr.ConstructedSetup:
    return kr.ConstructedSetup(tuple(random_deck(rng) for _ in range(n)))


def random_spire(rng: random.Random) -> kr.SpireSetup:
    """A random Spire combat: a run deck of 1 to 20 distinct faces with a number card, up to 4
    fortified, opening hands of 3 to 6 and starting kingdoms for either seat (R36, R37)."""
    faces = list(kr.DECK)
    rng.shuffle(faces)
    numbers = [c for c in faces if c.is_number]
    royals = [c for c in faces if c.is_royal]
    run = numbers[: rng.randint(1, 14)] + royals[: rng.randint(0, 6)]
    rng.shuffle(run)
    fortified = rng.sample(run, rng.randint(0, min(4, len(run))))
    rest_numbers = [c for c in numbers if c not in run]
    rest_royals = [c for c in royals if c not in run]
    kingdoms = []
    for _ in range(2):
        resources = [rest_numbers.pop() for _ in range(rng.randint(0, 2))]
        picked: list[kr.Card] = []
        for c in list(rest_royals):
            if len(picked) >= rng.randint(0, 2):
                break
            trial = [*picked, c]
            ranks = {x.rank for x in trial if not x.is_hero}
            heroes = sum(x.is_hero for x in trial)
            if len(ranks) + heroes < 3:
                picked.append(c)
                rest_royals.remove(c)
        kingdoms.append(kr.StartingKingdom(tuple(resources), tuple(picked)))
    sizes = (rng.randint(3, 6), rng.randint(3, 6))
    return kr.SpireSetup(tuple(run), tuple(fortified), sizes, tuple(kingdoms))


@functools.cache
def setup_pool() -> tuple[kr.GameState, ...]:
    """States met in seeded playouts of random Constructed games (2 to 4 seats, game and
    match) and random Spire combats."""
    states: list[kr.GameState] = []
    for seed in range(16):
        rng = random.Random(1000 + seed)
        if seed % 2:
            n = 2 + seed % 3
            s = kr.new_game(n, seed=seed, mode="match" if seed % 4 == 1 else "game",
                            setup=random_constructed(rng, n))
        else:
            s = kr.new_game(2, seed=seed, setup=random_spire(rng))
        step = biased_step if seed % 3 else random_step
        i = 0
        while s.phase != "finished":
            if i % 7 == 0 or s.pending or s.phase != "playing":
                states.append(s)
            _, s, _ = step(s, rng)
            i += 1
        states.append(s)
    # piles run out late in a hand: the same positions with every own pile in the discard
    # pile (Constructed rebuilds from it, the Spire runner's pile is used up) and, for some,
    # the revealed cards too
    drained = []
    for i, s in enumerate(states):
        if s.phase != "playing" or i % 3:
            continue
        players = tuple(evolve(p, pile=()) for p in s.players)
        gone = tuple(c for p in s.players for c in p.pile)
        if i % 2:
            players = tuple(evolve(p, revealed=(None, None) if p.revealed else ())
                            for p in players)
            gone += tuple(c for p in s.players for c in p.revealed if c)
        drained.append(evolve(s, players=players, discard_pile=s.discard_pile + gone))
    return tuple(states + drained)
