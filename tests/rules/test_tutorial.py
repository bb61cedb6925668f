"""The tutorial's scripted deal yields every step of the basics lesson, whatever the learner
draws: all 81 ways to draw in the first four turns are played through the lesson."""

from __future__ import annotations

import itertools
import random

import pytest

import kingdom_rules as kr
from kingdom_rules.tutorial import (
    LEARNER,
    MODES,
    STARTING_RESOURCE,
    TutorialBot,
    new_tutorial_game,
    player_count,
)

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


def bots_play(state: kr.GameState) -> kr.GameState:
    """Every bot seat (all but the learner) acts until the learner is to act."""
    bot, rng = TutorialBot(), random.Random(0)
    while True:
        seats = [p for p in kr.players_to_act(state) if p != LEARNER]
        if not seats:
            return state
        v = kr.view(state, seats[0])
        state, _ = kr.apply(state, bot.choose(v, v.legal_actions, rng))


def opening(mode: str) -> kr.GameState:
    s = do(new_tutorial_game(mode), kr.ChooseStartingResource(1, STARTING_RESOURCE[mode]))
    s = bots_play(s)
    assert s.phase == "playing" and s.current_player == LEARNER and s.round == 1
    return s


def test_advanced_lesson_dragon_eats_then_hail_shoots() -> None:
    s = opening("advanced-combos")
    # turns 1 and 2: the lesson says to draw from the deck and play the drawn card as a resource
    for card in ("9H", "3D"):
        s = do(s, kr.DrawCard(1, "deck"))
        ready = [r.card for r in s.player(1).kingdom.resources if r.ready]
        s = do(s, kr.PlayResource(1, C(card), ready[0]))
        s = bots_play(do(s, kr.PassTurn(1)))
    assert C("QS") in s.player(2).kingdom.royals
    # turn 3: take the Ace of clubs; the Dragon of 4H 5S 6D on three ready resources eats the
    # Queen of spades
    s = do(s, kr.DrawCard(1, "revealed1" if s.revealed[0] is C("AC") else "deck"))
    assert C("AC") in s.player(1).hand
    ready = tuple(r.card for r in s.player(1).kingdom.resources if r.ready)
    assert len(ready) == 3
    s = do(s, kr.PlayCombination(1, (C("4H"), C("5S"), C("6D")), ready))
    assert s.player(1).kingdom.combinations[0].kind == "dragon"
    s = do(s, kr.EatCharacter(1, 2, "royal", character=C("QS")))
    assert C("QS") in s.discard_pile
    while s.pending:
        s = do(s, kr.SkipPendingAction(1))
    s = bots_play(do(s, kr.PassTurn(1)))
    # turn 4: the bot's Queen of clubs stands on foot; an Ace and a 10 shoot it
    assert C("QC") in s.player(2).kingdom.royals
    s = do(s, kr.DrawCard(1, "deck"))
    hand = s.player(1).hand
    hails = [
        a
        for a in kr.legal_actions(s, 1)
        if isinstance(a, kr.PlayHailOfArrows) and a.cards[0].suit != a.cards[1].suit
    ]
    assert hails, [c.short for c in hand]  # plain Hail: a Flaming Salvo only hits beasts
    s = do(s, hails[0])
    shot = kr.DestroyWithHail(1, 2, "royal", character=C("QC"))
    assert shot in kr.legal_actions(s, 1)
    s = do(s, shot)
    assert C("QC") in s.discard_pile and not s.player(2).kingdom.royals


def test_multiplayer_lesson_sends_the_mounted_horse_to_the_partner() -> None:
    s = opening("multiplayer")
    assert kr.partner(1, 4) == 3 and kr.team_of(1, 4) == kr.team_of(3, 4)
    s = do(s, kr.DrawCard(1, "revealed1"))  # a 6 from the revealed cards
    s = do(s, kr.PlayResource(1, C("8D"), C("5H")))
    s = bots_play(do(s, kr.PassTurn(1)))
    s = do(s, kr.DrawCard(1, "deck"))
    s = do(s, kr.PlayRoyal(1, C("QH"), (C("5H"), C("8D"))))
    s = bots_play(do(s, kr.PassTurn(1)))
    s = do(s, kr.DrawCard(1, "deck"))
    sixes = tuple(c for c in s.player(1).hand if c.value == 6)
    assert len(sixes) == 2
    s = do(s, kr.PlayCombination(1, sixes, (C("5H"), C("8D"))))
    s = do(s, kr.MountBeast(1, 0, C("QH")))
    assert s.pending[0].type == "partner-transfer"
    s = do(s, kr.TransferToPartner(1, 0))
    mate = s.player(3).kingdom
    assert mate.combinations[0].kind == "horse" and mate.combinations[0].rider is C("QH")
    assert C("QH") in mate.royals and not s.player(1).kingdom.royals


@pytest.mark.parametrize("mode", MODES)
def test_every_mode_opens_on_the_learners_turn(mode: str) -> None:
    s = opening(mode)
    assert len(s.players) == player_count(mode)
    assert [r.card for r in s.player(1).kingdom.resources] == [STARTING_RESOURCE[mode]]


def test_unknown_mode_is_refused_clearly() -> None:
    with pytest.raises(ValueError, match="Unknown tutorial mode 'chess'"):
        new_tutorial_game("chess")
