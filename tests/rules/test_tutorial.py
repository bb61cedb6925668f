"""The tutorial's scripted deal yields every step of the basics lesson, whatever the learner
draws: all 81 ways to draw in the first four turns are played through the lesson."""

from __future__ import annotations

import itertools
import random

import pytest

import kingdom_rules as kr
from kingdom_rules.tutorial import MODES, TutorialBot, new_tutorial_game

C = kr.Card.parse
SOURCES = ("deck", "revealed1", "revealed2")


def bot_plays(state: kr.GameState, seat: int = 2) -> kr.GameState:
    bot, rng = TutorialBot(), random.Random(0)
    while seat in kr.players_to_act(state):
        v = kr.view(state, seat)
        state, _ = kr.apply(state, bot.choose(v, v.legal_actions, rng))
    return state


def do(state: kr.GameState, action: kr.Action) -> kr.GameState:
    assert action in kr.legal_actions(state, action.player)
    return kr.apply(state, action)[0]


def lesson(draws: tuple[str, ...]) -> kr.GameState:
    s = bot_plays(do(new_tutorial_game("basics"), kr.ChooseStartingResource(1, C("5H"))))
    # turn 1: draw, play a resource, pass; the opponent's turn
    s = do(s, kr.DrawCard(1, draws[0]))
    s = do(s, kr.PlayResource(1, C("8D"), C("5H")))
    s = bot_plays(do(s, kr.PassTurn(1)))
    assert len(s.player(2).kingdom.resources) == 2
    # turn 2: a Queen on two matching (red) resources; the opponent's Queen
    s = do(s, kr.DrawCard(1, draws[1]))
    hand_before = len(s.player(1).hand)
    s = do(s, kr.PlayRoyal(1, C("QH"), (C("5H"), C("8D"))))
    assert len(s.player(1).hand) == hand_before  # played one, the Queen drew one
    s = bot_plays(do(s, kr.PassTurn(1)))
    assert C("QS") in s.player(2).kingdom.royals
    # turn 3: crop rotation, a black number card in for the 5 of hearts
    s = do(s, kr.DrawCard(1, draws[2]))
    hand = s.player(1).hand
    sixes = [c for c in hand if c.value == 6]
    blacks = [c for c in hand if c.is_number and c.color == "black"]
    spare = [c for c in blacks if c.value != 6 or len(sixes) > 2] or blacks
    s = do(s, kr.RotateResource(1, spare[0], C("5H")))
    assert C("5H") in s.player(1).hand
    s = bot_plays(do(s, kr.PassTurn(1)))
    # turn 4: a Horse from a pair of 6s on one red and one black resource; the Queen mounts
    s = do(s, kr.DrawCard(1, draws[3]))
    sixes = [c for c in s.player(1).hand if c.value == 6]
    ready = [r.card for r in s.player(1).kingdom.resources if r.ready]
    assert len(sixes) >= 2 and sorted(c.color for c in ready) == ["black", "red"]
    s = do(s, kr.PlayCombination(1, sixes[:2], ready))
    assert s.pending[0].type == "mounting"
    s = do(s, kr.MountBeast(1, 0, C("QH")))
    assert s.player(1).kingdom.combinations[0].rider is C("QH")
    return s


@pytest.mark.parametrize("draws", list(itertools.product(SOURCES, repeat=4)))
def test_basics_lesson_happens_whatever_is_drawn(draws: tuple[str, ...]) -> None:
    s = lesson(draws)
    assert s.phase == "playing" and s.current_player == 1


def test_basics_lesson_leads_to_a_dragon_that_eats_the_bots_queen() -> None:
    s = do(lesson(("deck",) * 4), kr.PassTurn(1))
    for _ in range(6):  # keep playing resources until a Dragon can be paid for
        s = bot_plays(s)
        s = do(s, kr.DrawCard(1, "deck"))
        dragons = [
            a
            for a in kr.legal_actions(s, 1)
            if isinstance(a, kr.PlayCombination)
            and kr.classify(a.cards) in ("dragon", "golden-dragon")
        ]
        if dragons:
            s = do(s, dragons[0])
            eat = kr.EatCharacter(1, 2, "royal", character=C("QS"))
            assert s.pending[0].type == "eating" and eat in kr.legal_actions(s, 1)
            s = do(s, eat)
            assert C("QS") in s.discard_pile
            return
        plays = [a for a in kr.legal_actions(s, 1) if isinstance(a, kr.PlayResource)]
        if plays:
            s = do(s, plays[0])
        s = do(s, kr.PassTurn(1))
    pytest.fail("no Dragon became playable")


@pytest.mark.parametrize("mode", MODES)
def test_every_tutorial_mode_deals_a_playable_game(mode: str) -> None:
    s = new_tutorial_game(mode)
    assert s.phase == "choosing_resources"
    assert all(any(c.is_number for c in p.hand) for p in s.players)
