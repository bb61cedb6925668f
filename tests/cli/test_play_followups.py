"""`kingdom play` through every follow-up prompt, driven by scripted input.

Each game is dealt from a ``--deck`` file, so the human (seat 1) meets each kind of follow-up
the engine has (kingdom_rules/followups.py): mounting, castle placement, partner transfer,
resurrection, eating (and eating a freed royal), demolishing, slaying (then the royal reward
draw), Hail of Arrows and Flaming Salvo. The other seats are a :class:`BuilderBot`: it builds
whatever its scripted hand allows, shelters and mounts its own royals and never attacks, so
the board the human meets is fixed by the deck alone.

A script is a list of ``(answer, label)`` steps. ``label`` is a piece of the menu line the
answer must choose (checked after the run, so a changed menu fails with the step named), or
None for an answer that must be refused with a reason and the same prompt, or BACK for a
``b`` that leaves a payment menu.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner

import kingdom_rules as kr
from kingdom_cli.main import cli
from kingdom_rules import followups
from kingdom_rules.bots import registry

Step = tuple[str, str | None]


class BuilderBot:
    """Builds, never attacks: the opponent of a scripted lesson.

    Starting resource: its first number card. Turn: draw from the deck; answer a follow-up by
    placing a royal in a structure or mounting one when it can, else skip it; then build the
    first combination of a kind in ``builds`` it can pay for (never a volley), else play the
    first royal it can pay for, else play its last number card as a resource (one a turn, so
    the cards dealt first stay in hand for combinations), else pass.
    """

    name = "builder"

    def __init__(self, builds: tuple[str, ...] = ()) -> None:
        self.builds = builds

    def choose(self, view: kr.PlayerView, legal_actions: Sequence[kr.Action],
               rng: random.Random) -> kr.Action:
        acts = list(legal_actions)
        first: dict[type, kr.Action] = {}
        for a in acts:
            if isinstance(a, kr.PlayCombination) and kr.classify(a.cards) not in self.builds:
                continue
            first.setdefault(type(a), a)
        for kind in (kr.ChooseStartingResource, kr.ReadyForNextHand, kr.PlaceRoyalInCastle,
                     kr.MountBeast, kr.SkipDemolitionEat, kr.SkipPendingAction,
                     kr.PlayCombination, kr.PlayRoyal):
            if kind in first:
                return first[kind]
        if kr.DrawCard(view.player, "deck") in acts:
            return kr.DrawCard(view.player, "deck")
        if not view.played_this_turn and kr.PlayResource in first:
            last = [c for c in view.hand if c.is_number][-1]
            return next(a for a in acts if isinstance(a, kr.PlayResource) and a.card is last)
        return kr.PassTurn(view.player)


@pytest.fixture(autouse=True)
def builder_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--bots builder`` builds nothing; ``builder-<kind>`` builds that kind of combination."""
    monkeypatch.setitem(registry.BUILTIN, "builder", BuilderBot)
    for kind in ("horse", "dragon", "castle", "cathedral"):
        monkeypatch.setitem(registry.BUILTIN, f"builder-{kind}",
                            lambda kind=kind: BuilderBot((kind,)))


PROMPT = re.compile(r"Choose 1-(\d+)(, b to go back)?, q to quit: ")
MENU_LINE = re.compile(r"^\s+(\d+)\. (.*)$")
BACK = "(back to the main menu)"
REASONS = ("is not a number", "There is no choice", "Please type the number")


def play(tmp_path: Path, deck: str, steps: Sequence[Step], *options: str,
         code: int = 130) -> str:
    """Run ``kingdom play`` on ``deck`` with the scripted answers, check the exit code and
    that each answer chose the menu line its step names (or was refused with a reason),
    and return the output (wide, so the table's lines do not wrap)."""
    path = tmp_path / "deck.txt"
    path.write_text(deck, encoding="utf-8")
    args = ["play", "--deck", str(path), "--seed", "1", *options]
    if "--bots" not in options:
        args += ["--bots", "builder"]
    answers = "".join(f"{answer}\n" for answer, _ in steps)
    result = CliRunner().invoke(cli, args, input=answers, env={"COLUMNS": "150"})
    out = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        result.exception, out[-3000:])
    assert "Traceback" not in out
    check_choices(out, steps)
    assert result.exit_code == code, out[-3000:]
    return out


def check_choices(out: str, steps: Sequence[Step]) -> None:
    """Each prompt in ``out`` took the next step's answer: a valid one must pick a menu line
    containing the step's label; a refused one (label None) must be answered with a reason
    and the same prompt; q must leave the game."""
    menu: dict[int, str] = {}
    pos = 0
    for i, (answer, label) in enumerate(steps):
        m = PROMPT.search(out, pos)
        assert m, f"step {i + 1} ({answer!r} for {label!r}): no prompt left\n{out[pos - 3000:]}"
        lines = out[pos:m.start()].splitlines()
        # The latest menu printed before this prompt (a re-prompt prints none).
        start = max((j for j, line in enumerate(lines) if not MENU_LINE.match(line)
                     and j + 1 < len(lines) and MENU_LINE.match(lines[j + 1])), default=None)
        if start is not None:
            menu = {}
            for line in lines[start + 1:]:
                item = MENU_LINE.match(line)
                if not item:
                    break
                menu[int(item.group(1))] = item.group(2)
        pos = m.end()
        after = out[pos:].split("\n", 2)
        if answer == "q":
            assert after[1].startswith("You left the game."), (i + 1, after[:2])
        elif label == BACK:
            assert answer == "b" and after[0] == "Your move", (i + 1, after[:2])
        elif label is None:
            reply = after[0]
            assert any(r in reply for r in REASONS), f"step {i + 1}: {answer!r} got {reply!r}"
            assert PROMPT.match(out, pos + len(reply) + 1), f"step {i + 1}: no re-prompt"
        else:
            assert answer.isdigit() and int(answer) in menu, (i + 1, answer, label, menu)
            assert label in menu[int(answer)], (
                f"step {i + 1}: answer {answer} chose {menu[int(answer)]!r}, not {label!r}; "
                f"menu: {menu}")


def view_after(out: str, text: str) -> str:
    """The first table drawn after the first occurrence of ``text``."""
    i = out.index(text)
    start = out.index("╭", i)
    return out[start:out.index("╯", start) + 1]


def view_before(out: str, text: str) -> str:
    """The last table drawn before the first occurrence of ``text``."""
    i = out.index(text)
    start = out.rindex("╭", 0, i)
    return out[start:out.index("╯", start) + 1]


def row(view: str, name: str) -> str:
    """The lines of one player's row in a drawn table."""
    chunks: list[list[str]] = [[]]
    for line in view.splitlines():
        if any(c in line for c in "├┡└"):
            chunks.append([])
        else:
            chunks[-1].append(line)
    for chunk in chunks:
        if chunk and re.search(rf"│ │\s+{re.escape(name)}\s", chunk[0]):
            return "\n".join(chunk)
    raise AssertionError(f"no row for {name!r} in\n{view}")


def reply_to(out: str, label: str) -> str:
    """What follows the first menu line containing ``label``, up to the next table."""
    i = out.index(label)
    return out[i:out.index("╭", i)]


# --- the scenarios ---------------------------------------------------------------------------
# Each deck: player 1's 4 cards (you), the other players' 4 cards, the 2 revealed cards, then
# the deck in drawing order (everyone draws from the deck; Jacks, Queens and combinations
# draw too). Comments say what each card is for.

HOME_DECK = """\
# you: resources 5D 8H 7D and a Jack    builder: black numbers, red royals it cannot pay for
5D 8H 7D JD                             2S 3C KD QD
AC AS                                   # revealed (nobody takes them)
9H 4S QH 10D 6C 4C 4H 7S 4D 6H 6S 8C JH 2H 3H 9C KH
"""
HOME_STEPS: list[Step] = [
    ("99", None), ("1", "Start with 5♦"),
    # turn 1: a resource
    ("0", None), ("1", "Draw from the deck"), ("1", "Play 8♥ as a resource"), ("1", "Pass"),
    # turn 2: a resource and J♦ (it draws 10♦)
    ("1", "Draw from the deck"), ("1", "Play 7♦ as a resource"), ("5", None), ("1", "5♦"),
    ("3", "Play J♦"), ("1", "Pass"),
    # turn 3: a resource and Q♥ (it draws 4♥)
    ("1", "Draw from the deck"), ("1", "Play 9♥ as a resource"), ("1", "5♦"),
    ("5", "Play Q♥"), ("1", "Pass"),
    # turn 4: a Castle of 4s; J♦ then Q♥ enter it, one by one
    ("1", "Draw from the deck"), ("12", "Build a Castle"), ("b", BACK),
    ("12", "Build a Castle"), ("x", None), ("1", "5♦ 8♥ 7♦"),
    ("abc", None), ("1", "J♦ enters"), ("1", "Q♥ enters"),
    ("1", "Play 10♦ as a resource"), ("1", "Pass"),
    # turn 5: J♥ on foot, then a Horse it mounts
    ("1", "Draw from the deck"), ("5", "Play J♥"), ("1", "5♦"), ("7", "Build a Horse"),
    ("1", "8♥ 7♦"), ("", None), ("1", "J♥ mounts"), ("1", "Play 2♥"), ("1", "9♥"),
    ("3", "Pass"),
    # turn 6: K♥ completes the Royal Family
    ("1", "Draw from the deck"), ("3", "Play K♥"), ("1", "5♦ 8♥ 7♦"),
]

DIVINE_DECK = """\
# you: a hearts run for a Divine Dragon   builder: three 7s for a Castle, Q♠ to shelter
9D 2H 3H 4H                               2S 7C 7S QS
AD KD
10C 8S 9C 3S 5S 8C 4S 6C 7H 10S 6S 5H 2C 3C 4D
"""
DIVINE_STEPS: list[Step] = [
    ("1", "Start with 9♦"),
    ("1", "Draw from the deck"), ("4", "Play 10♣ as a resource"), ("1", "Pass"),
    ("1", "Draw from the deck"), ("4", "Play 9♣ as a resource"), ("1", "9♦"), ("7", "Pass"),
    ("1", "Draw from the deck"), ("4", "Play 8♣ as a resource"), ("1", "9♦"), ("7", "Pass"),
    # turn 4: crop rotation, 6♣ in for 9♦ (four resources stay)
    ("1", "Draw from the deck"), ("8", "Rotate 6♣"), ("7", None), ("1", "9♦"), ("10", "Pass"),
    # turn 5: the builder's Castle holds Q♠; the Divine Dragon demolishes it, eats the freed
    # Queen, resurrects her from the discard pile and she mounts the dragon
    ("1", "Draw from the deck"), ("12", "Build a Divine Dragon"),
    ("0", None), ("1", "Demolish"), ("9", None), ("1", "Eat the freed Q♠"),
    ("", None), ("1", "Resurrect Q♠"), ("b", None), ("1", "Q♠ mounts"),
    ("q", None),
]

SLAYING_DECK = """\
# you: red resources, three 5s for a Castle, then K♥   builder: a run for a Dragon
9H 8H 5C 5D                                            2S 3C 4D 5H
AC AD
7H 9S 5S 10S 2C 6C 6D 8S 9D 10D KH JC 3H
"""
SLAYING_STEPS: list[Step] = [
    ("1", "Start with 9♥"),
    ("1", "Draw from the deck"), ("1", "Play 8♥ as a resource"), ("1", "Pass"),
    ("1", "Draw from the deck"), ("3", "Play 7♥ as a resource"), ("1", "9♥"), ("7", "Pass"),
    ("1", "Draw from the deck"), ("12", "Build a Castle"), ("1", "Pass"),
    # turn 4: K♥ slays the builder's Dragon (reward: 2 cards) and enters the Castle
    ("1", "Draw from the deck"), ("7", "Play K♥"), ("-1", None), ("1", "Slay"),
    ("2x", None), ("1", "K♥ enters"), ("", None), ("1", "Draw your royal reward"),
    ("q", None),
]

VOLLEY_DECK = """\
# you: a Flaming Salvo (A♥ 10♥) and an Ace for a Hail   builder: J♠, a pair of 7s, then Q♠
9H AH 10H AC                                            2S JS 7C 7D
2H 2D
3D 9S 3C 10D 4S 4D 5C 6C 5D QS 8C 6D
"""
VOLLEY_STEPS: list[Step] = [
    ("1", "Start with 9♥"),
    ("1", "Draw from the deck"), ("11", "Pass"),
    ("1", "Draw from the deck"), ("15", "Pass"),
    ("1", "Draw from the deck"), ("17", "Pass"),
    # turn 4: J♠ rides the builder's Horse; the Salvo burns both
    ("1", "Draw from the deck"), ("15", "Flaming Salvo with A♥ 10♥"), ("zz", None),
    ("1", "Burn"), ("12", "Pass"),
    # turn 5: Q♠ stands on foot; Hail of Arrows shoots her
    ("1", "Draw from the deck"), ("13", "Hail of Arrows"), ("7", None), ("1", "Shoot"),
    ("q", None),
]

EATING_DECK = """\
# you: a hearts run for a Golden Dragon   builder: J♠ and Q♠ on foot
9C 4H 5H 6H                               2S JS 3C QS
2H 2D
10C 7S 8S 2C 9S 9D 10S 3S 8D 5C 5S
"""
EATING_STEPS: list[Step] = [
    ("1", "Start with 9♣"),
    ("1", "Draw from the deck"), ("4", "Play 10♣ as a resource"), ("1", "Pass"),
    ("1", "Draw from the deck"), ("4", "Play 2♣ as a resource"), ("1", "9♣"), ("7", "Pass"),
    ("1", "Draw from the deck"), ("4", "Play 9♦ as a resource"), ("1", "9♣"), ("7", "Pass"),
    # turn 4: the Golden Dragon eats J♠, then Q♠
    ("1", "Draw from the deck"), ("9", "Build a Golden Dragon"), ("1", "9♣ 10♣ 2♣"),
    ("5", None), ("1", "Eat Player 2 (builder)'s J♠"), ("x", None),
    ("1", "Eat Player 2 (builder)'s Q♠"),
    ("q", None),
]

PARTNER_DECK = """\
# you           player 2       player 3 (your partner)   player 4
9H 8H 6C 6S     2C 3C 4C 5C    2D 3D 4D 5D               2S 3S 4S 5S
AH AD
7H 7C 7D 7S 10H 10C 10D 10S 9C QH 9D
"""
PARTNER_STEPS: list[Step] = [
    ("1", "Start with 9♥"),
    ("1", "Draw from the deck"), ("1", "Play 8♥ as a resource"), ("1", "Pass"),
    ("1", "Draw from the deck"), ("9", "Build a Horse with 6♣ 6♠"), ("1", "Pass"),
    # turn 3: Q♥ mounts the Horse, which goes to the partner
    ("1", "Draw from the deck"), ("7", "Play Q♥"), ("", None), ("1", "Q♥ mounts your Horse"),
    ("nope", None), ("1", "Send your Horse"),
    ("q", None),
]

UNICORN_DECK = """\
# you: a Flaming Salvo, then two pairs for a Unicorn   builder: J♠ rides a Horse of 7s
9D AH 10H 8C                                           2S JS 7C 7D
2H 2C
2D 3S 4S 3D 5S 4C 6S 10S 8D 8S 9C 5H 9S 5D 6D 7H
"""
UNICORN_STEPS: list[Step] = [
    ("1", "Start with 9♦"),
    ("1", "Draw from the deck"), ("4", "Play 2♦ as a resource"), ("2", "Pass"),
    ("1", "Draw from the deck"), ("4", "Play 3♦ as a resource"), ("1", "9♦"), ("8", "Pass"),
    ("1", "Draw from the deck"), ("4", "Play 4♣ as a resource"), ("1", "9♦"), ("8", "Pass"),
    # turn 4: the Salvo burns the Horse and J♠ (into the discard pile)
    ("1", "Draw from the deck"), ("10", "Flaming Salvo with A♥ 10♥"), ("1", "Burn"),
    ("6", "Pass (end"),
    ("1", "Draw from the deck"), ("8", "Pass (end"),
    # turn 6: the Unicorn resurrects J♠; passing skips the mounting and ends the turn
    ("1", "Draw from the deck"), ("11", "Build a Unicorn"), ("u", None), ("1", "Resurrect J♠"),
    ("", None), ("3", "Pass (skip what is left and end your turn)"),
    ("q", None),
]

SILVER_DECK = """\
# you: a mixed run for a Silver Dragon   builder: four 7s for a Cathedral
9D 3H 4S 5H                              2S 7C 7S 7D
2H AC
10C 8S 2C 9S 8D 10S 9C 7H 2D 3D 4D 6H
"""
SILVER_STEPS: list[Step] = [
    ("1", "Start with 9♦"),
    ("1", "Draw from the deck"), ("4", "Play 10♣ as a resource"), ("1", "Pass"),
    ("1", "Draw from the deck"), ("4", "Play 2♣ as a resource"), ("1", "9♦"), ("7", "Pass"),
    ("1", "Draw from the deck"), ("4", "Play 8♦ as a resource"), ("1", "9♦"), ("7", "Pass"),
    ("1", "Draw from the deck"), ("4", "Play 9♣ as a resource"), ("1", "9♦"), ("8", "Pass"),
    # turn 5: the Silver Dragon demolishes the Cathedral instead of eating
    ("1", "Draw from the deck"), ("10", "Build a Silver Dragon with 3♥ 4♠ 5♥ 6♥"),
    ("1", "9♦ 10♣ 2♣ 8♦"), ("33", None), ("1", "Demolish"),
    ("q", None),
]

REACHED = {
    "home": {"castle-placement", "mounting"},
    "divine": {"demolishing", "eating", "resurrection", "mounting"},
    "slaying": {"slaying", "castle-placement"},
    "volley": {"flaming-salvo", "hail-of-arrows"},
    "eating": {"eating"},
    "partner": {"mounting", "partner-transfer"},
    "unicorn": {"flaming-salvo", "resurrection", "mounting"},
    "silver": {"eating"},
}
"""The follow-ups each scenario reaches (each test checks its own)."""


def followups_shown(out: str) -> set[str]:
    return {m.replace(" ", "-") for m in re.findall(r"^Follow-up: ([a-z ]+):", out, re.M)}


def test_the_scenarios_reach_every_kind_of_follow_up() -> None:
    kinds = {t for types in followups.ANSWERS.values() for t in types}
    assert set().union(*REACHED.values()) == kinds


# --- the games --------------------------------------------------------------------------------


def test_castle_placement_mounting_and_a_won_game_to_its_end(tmp_path: Path) -> None:
    out = play(tmp_path, HOME_DECK, HOME_STEPS, code=0)
    assert followups_shown(out) == REACHED["home"]
    # the prompts, with their invalid answers refused
    assert "'99' is not a number" not in out and "There is no choice 99: type 1 to 3." in out
    assert "There is no choice 0: type 1 to 3." in out  # the draw menu
    assert "There is no choice 5: type 1 to 2." in reply_to(out, "Which resource turns used?")
    assert "'x' is not a number: type 1 to 4." in reply_to(out, "Pay with which resources?")
    assert ("Follow-up: castle placement: which royal enters your Castle (4♥ 4♦ 4♣)? "
            "Royals enter one by one until you skip.") in out
    assert "'abc' is not a number: type 1 to 4." in reply_to(out, "1. J♦ enters your Castle")
    # the royals enter one by one...
    assert "Castle (4♥ 4♦ 4♣) holding J♦ · 1 pt" in row(view_after(out, "1. J♦ enters"), "You")
    assert "1. Q♥ enters your Castle (4♥ 4♦ 4♣) holding J♦\n   2. Skip this follow-up" in out
    assert "holding J♦ Q♥ · 1 pt" in row(view_after(out, "1. Q♥ enters"), "You")
    # ...and J♥, played on foot, rides the Horse built next
    assert "Follow-up: mounting: which royal rides your Horse (6♥ 6♠)?" in out
    assert "Please type the number of your choice." in reply_to(out, "1. J♥ mounts")
    assert "Horse (6♥ 6♠) ridden by J♥" in row(view_after(out, "1. J♥ mounts"), "You")
    # K♥ completes the Royal Family: the game is over and the result printed
    assert "You completed the Royal Family!" in out
    assert "Game over" in out
    assert "│ 1     │  23 │" in out
    assert out.rstrip().endswith("You win the game (family).")


def test_the_score_screen_of_a_match_refuses_bad_input_too(tmp_path: Path) -> None:
    steps = [*HOME_STEPS, ("zz", None), ("0", None), ("", None),
             ("1", "Ready for the next hand"), ("q", None)]
    out = play(tmp_path, HOME_DECK, steps, "--mode", "match")
    screen = out[out.index("Score screen"):]
    assert "The hand is over" in screen
    assert "'zz' is not a number: type 1 to 1." in screen
    assert "There is no choice 0: type 1 to 1." in screen
    assert "Hand 2" in screen and "Choose your starting resource" in screen


def test_divine_dragon_demolishes_eats_the_freed_royal_resurrects_and_mounts(
        tmp_path: Path) -> None:
    out = play(tmp_path, DIVINE_DECK, DIVINE_STEPS, "--bots", "builder-castle")
    assert followups_shown(out) == REACHED["divine"]
    builder = "Player 2 (builder-castle)"
    assert "There is no choice 7: type 1 to 4." in reply_to(
        out, "Which ready resource goes back to your hand?")
    assert "used: 6♣ 10♣ 9♣ 8♣" in row(view_before(out, "Follow-up: demolishing"), "You")
    before = view_before(out, "Follow-up: demolishing")
    assert "Castle (7♥ 7♣ 7♠) holding Q♠" in before
    assert "Follow-up: demolishing: what does your Divine Dragon (2♥ 3♥ 4♥ 5♥) demolish?" in out
    assert "There is no choice 0: type 1 to 3." in reply_to(out, "1. Demolish")
    view = view_after(out, "1. Demolish")
    assert "Castle" not in row(view, builder) and "Royals: Q♠" in row(view, builder)
    # the freed Queen
    assert "Follow-up: eating: eat a royal the demolition freed (not a Hero)?" in out
    assert "2. Do not eat a freed royal" in out
    assert "There is no choice 9: type 1 to 3." in reply_to(out, "1. Eat the freed Q♠")
    view = view_after(out, "1. Eat the freed Q♠")
    assert "Royals: -" in row(view, builder) and "(top Q♠)" in view
    # back from the discard pile, into your kingdom
    assert "Follow-up: resurrection: which royal do you take from the discard pile?" in out
    assert "Please type the number" in reply_to(out, "1. Resurrect Q♠ from the discard pile")
    assert "Royals: Q♠" in row(view_after(out, "1. Resurrect Q♠"), "You")
    # and onto the dragon
    assert "'b' is not a number: type 1 to 3." in reply_to(out, "1. Q♠ mounts your Divine")
    view = view_after(out, "1. Q♠ mounts")
    assert "Divine Dragon (2♥ 3♥ 4♥ 5♥) ridden by Q♠ · 2 pt" in row(view, "You")


def test_a_king_slays_a_dragon_enters_the_castle_and_draws_the_reward(tmp_path: Path) -> None:
    out = play(tmp_path, SLAYING_DECK, SLAYING_STEPS, "--bots", "builder-dragon")
    assert followups_shown(out) == REACHED["slaying"]
    builder = "Player 2 (builder-dragon)"
    assert "Dragon (3♣ 4♦ 5♥)" in row(view_before(out, "Follow-up: slaying"), builder)
    assert "Follow-up: slaying: which opposing dragon does K♥ slay?" in out
    assert "'-1' is not a number: type 1 to 3." in reply_to(
        out, f"1. Slay {builder}'s Dragon (3♣ 4♦ 5♥)")
    view = view_after(out, "1. Slay")
    assert "Dragon" not in row(view, builder)
    assert "royal reward: 2 to draw" in row(view, "You")
    assert "Follow-up: castle placement: does K♥ enter one of your castles or cathedrals?" in out
    assert "'2x' is not a number" in reply_to(out, "1. K♥ enters your Castle (5♦ 5♣ 5♠)")
    view = view_after(out, "1. K♥ enters")
    assert "Castle (5♦ 5♣ 5♠) holding K♥ · 1 pt" in row(view, "You")
    # the reward, from the main menu
    assert "1. Draw your royal reward" in out
    assert "Please type the number" in reply_to(out, "1. Draw your royal reward")
    view = view_after(out, "1. Draw your royal reward")
    assert "royal reward" not in view and "5 cards" in row(view, "You")
    assert "Your hand: 2♣ 6♣ 6♦ J♣ 3♥" in out


def test_flaming_salvo_burns_beast_and_rider_and_hail_of_arrows_shoots_a_royal(
        tmp_path: Path) -> None:
    out = play(tmp_path, VOLLEY_DECK, VOLLEY_STEPS, "--bots", "builder-horse")
    assert followups_shown(out) == REACHED["volley"]
    builder = "Player 2 (builder-horse)"
    before = view_before(out, "Follow-up: flaming salvo")
    assert "Horse (7♦ 7♣) ridden by J♠" in row(before, builder)
    assert ("Follow-up: flaming salvo: which beast (with its rider) or castle do you burn?"
            in out)
    assert "'zz' is not a number: type 1 to 3." in reply_to(
        out, f"1. Burn {builder}'s Horse (7♦ 7♣) ridden by J♠")
    view = view_after(out, "1. Burn")
    assert "Horse" not in row(view, builder) and "Royals: -" in row(view, builder)
    assert "Discard: 5 (top J♠)" in view
    assert "Royals: Q♠" in row(view_before(out, "Follow-up: hail of arrows"), builder)
    assert "Follow-up: hail of arrows: which unprotected royal or beast do you shoot?" in out
    assert "There is no choice 7: type 1 to 3." in reply_to(out, f"1. Shoot {builder}'s Q♠")
    view = view_after(out, "1. Shoot")
    assert "Royals: -" in row(view, builder) and "(top Q♠)" in view


def test_a_golden_dragon_eats_twice(tmp_path: Path) -> None:
    out = play(tmp_path, EATING_DECK, EATING_STEPS)
    assert followups_shown(out) == REACHED["eating"]
    assert ("Follow-up: eating: what does your Golden Dragon (4♥ 5♥ 6♥) eat? 2 bites left, or "
            "demolish a castle instead.") in out
    assert "There is no choice 5: type 1 to 4." in reply_to(out, "1. Eat Player 2 (builder)'s J♠")
    view = view_after(out, "1. Eat Player 2 (builder)'s J♠")
    assert "Royals: Q♠" in row(view, "Player 2 (builder)")
    assert "eat? 1 bite left." in out
    assert "'x' is not a number: type 1 to 3." in reply_to(
        out, "1. Eat Player 2 (builder)'s Q♠\n")
    view = view_after(out, "1. Eat Player 2 (builder)'s Q♠\n")
    assert "Royals: -" in row(view, "Player 2 (builder)")


def test_a_mounted_horse_goes_to_the_partner(tmp_path: Path) -> None:
    out = play(tmp_path, PARTNER_DECK, PARTNER_STEPS, "--players", "4")
    assert followups_shown(out) == REACHED["partner"]
    assert "Follow-up: mounting: does Q♥ ride one of your beasts?" in out
    assert "Please type the number" in reply_to(out, "1. Q♥ mounts your Horse (6♣ 6♠)")
    assert "Horse (6♣ 6♠) ridden by Q♥" in row(view_after(out, "1. Q♥ mounts"), "You")
    assert ("Follow-up: partner transfer: send your Horse (6♣ 6♠) ridden by Q♥ to "
            "Player 3 (builder), or keep it?") in out
    assert "2. Keep it (skip this follow-up)" in out
    assert "'nope' is not a number: type 1 to 3." in reply_to(
        out, "1. Send your Horse (6♣ 6♠) ridden by Q♥ to your partner, Player 3 (builder)")
    view = view_after(out, "1. Send your Horse")
    assert "Horse" not in row(view, "You") and "Royals: -" in row(view, "You")
    partner = row(view, "Player 3 (builder)")
    assert "Royals: Q♥" in partner and "Horse (6♣ 6♠) ridden by Q♥" in partner


# --- the --deck option ------------------------------------------------------------------------


def test_deck_option_is_documented() -> None:
    result = CliRunner().invoke(cli, ["play", "--help"])
    assert result.exit_code == 0
    assert "--deck FILE" in result.output
    assert "top of the deck" in result.output and "shuffled by --seed" in result.output


def test_the_example_deck_of_the_help_deals_what_it_says(tmp_path: Path) -> None:
    text = CliRunner().invoke(cli, ["play", "--help"]).output
    example = text[text.index("# player 1"):text.index("Options:")]
    path = tmp_path / "example.txt"
    path.write_text(example, encoding="utf-8")
    out = CliRunner().invoke(cli, ["play", "--deck", str(path), "--bots", "builder"],
                             input="1\n1\nq\n").output
    assert "Your hand: 6♥ 6♣ 5♦ Q♥" in out and "Revealed: A♠ 10♦" in out
    assert "Your hand: 6♣ 5♦ Q♥ 6♠" in out  # the first deck card, drawn


def test_a_json_deck_in_any_letter_case(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(["qh", "Hearts-5", "10s", "RED-JOKER", "2c", "2d", "2h", "2s",
                                "ac", "ad"]), encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", "--deck", str(path), "--seed", "4", "--bots",
                                      "builder"], input="q\n", env={"COLUMNS": "300"})
    assert result.exit_code == 130, result.output
    assert "Your hand: Q♥ 5♥ 10♠ Red Hero" in result.output
    assert "Revealed: A♣ A♦" in result.output
    assert f"seed 4 · deck {path}" in result.output


def test_the_cards_not_named_follow_from_the_seed(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text("QH 5H 10S 2C\n", encoding="utf-8")

    def deal(seed: str) -> str:
        out = CliRunner().invoke(cli, ["play", "--deck", str(path), "--seed", seed],
                                 input="q\n").output
        return out[out.index("Revealed:"):].split("\n", 1)[0]

    assert deal("1") == deal("1")
    assert len({deal(str(s)) for s in range(1, 6)}) > 1


@pytest.mark.parametrize(("text", "message"), [
    ("5H QH ZZ\n", "line 1: no such card 'ZZ' (write hearts-Q, QH, 10S or RJ)"),
    ("5H QH\n# comment\n6C QH\n", "line 3: QH is named twice (also on line 1)"),
    ("QH KH JH RJ 5C\n", "player 1's hand (QH KH JH RJ) holds no number card"),
    ("5C 6C 7C 8C JS QS KS BJ\n", "player 2's hand (JS QS KS BJ) holds no number card"),
    ('["5H", "6H"', "not valid JSON"),
    ('["5H", 6]', "the JSON must be a list of card names"),
    ("# only a comment\n", "names no cards"),
])
def test_a_bad_deck_file_is_one_clear_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["play", "--deck", str(path)])
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [f"Error: deck file {path}: " +
                                                  result.output.split(": ", 2)[2].strip()]
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_missing_deck_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["play", "--deck", str(tmp_path / "none.txt")])
    assert result.exit_code == 2
    assert "does not exist" in result.output


def test_a_unicorn_resurrects_and_passing_skips_the_rest(tmp_path: Path) -> None:
    out = play(tmp_path, UNICORN_DECK, UNICORN_STEPS, "--bots", "builder-horse")
    assert followups_shown(out) == REACHED["unicorn"]
    assert "Discard: 5 (top J♠)" in view_after(out, "1. Burn")
    assert "'u' is not a number: type 1 to 3." in reply_to(
        out, "1. Resurrect J♠ from the discard pile")
    view = view_after(out, "1. Resurrect J♠")
    assert "Royals: J♠" in row(view, "You") and "Discard: 4 (top 7♣)" in view
    assert "Follow-up: mounting: which royal rides your Unicorn (8♦ 8♣ 9♣ 9♠)?" in out
    assert "Please type the number" in reply_to(out, "1. J♠ mounts your Unicorn (8♦ 8♣ 9♣ 9♠)")
    # the turn ended at once: the builder plays, and J♠ stays on foot
    after = out[out.index("Follow-up: mounting: which royal rides your Unicorn"):]
    assert "Choose 1-3, q to quit: Player 2 (builder-horse): Draw from the deck" in after
    view = view_after(after, "Player 2 (builder-horse): Pass")
    assert "round 7" in view
    assert "Unicorn (8♦ 8♣ 9♣ 9♠) · 1 pt" in row(view, "You")
    assert "Royals: J♠" in row(view, "You")


def test_a_silver_dragon_demolishes_a_cathedral(tmp_path: Path) -> None:
    out = play(tmp_path, SILVER_DECK, SILVER_STEPS, "--bots", "builder-cathedral")
    assert followups_shown(out) == REACHED["silver"]
    builder = "Player 2 (builder-cathedral)"
    assert "Cathedral (7♥ 7♦ 7♣ 7♠) · 3 pt" in row(view_before(out, "Follow-up: eating"),
                                                   builder)
    assert ("Follow-up: eating: what does your Silver Dragon (3♥ 4♠ 5♥ 6♥) eat? 3 bites left, "
            "or demolish a castle or cathedral instead.") in out
    assert "There is no choice 33: type 1 to 3." in reply_to(
        out, f"1. Demolish {builder}'s Cathedral (7♥ 7♦ 7♣ 7♠)")
    view = view_after(out, "1. Demolish")
    assert "Cathedral" not in row(view, builder) and "Discard: 4 (top 7♠)" in view
    assert "Silver Dragon (3♥ 4♠ 5♥ 6♥) · 1 pt" in row(view, "You")
