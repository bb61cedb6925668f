"""The rules for players (docs/rules-for-players.json) and the complete reference (docs/rules.md)
agree with each other and with kingdom_rules on every number: costs, draws, points, eating,
the deal and the limits.

The player text is what the How to Play dialog, the rules editor and the tutorial show; it must
not name rulings (R12) or card ids (hearts-7), which belong to docs/rules.md.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from kingdom_rules.cards import DECK, ROYAL_COST
from kingdom_rules.combinations import RULES
from kingdom_rules.scoring import FAMILY_BONUS, RESOURCE_POINTS, ROYAL_POINTS
from kingdom_rules.state import HAND_SIZE, MAX_ROUNDS, REVEALED
from kingdom_server.core.settings import Settings

DOCS = Path(__file__).resolve().parents[2] / "docs"
PLAYER = json.loads((DOCS / "rules-for-players.json").read_text(encoding="utf-8"))["sections"]
REFERENCE = (DOCS / "rules.md").read_text(encoding="utf-8")

KEYS = [
    "objective",
    "setup",
    "card-types",
    "playing-royals",
    "beasts",
    "architecture",
    "riding",
    "dragon-eating",
    "dragon-slaying",
    "hail-of-arrows",
    "turn-structure",
    "discard-pile",
    "winning",
    "strategy",
]
COMBINATION_NAMES = {rule.name: kind for kind, rule in RULES.items()}
VOLLEYS = ("Hail of Arrows", "Flaming Salvo")


def player_section(key: str) -> str:
    return next(s["content"] for s in PLAYER if s["key"] == key)


def reference_section(title: str) -> str:
    parts = re.split(r"^## ", REFERENCE, flags=re.M)
    return next(p.split("\n", 1)[1] for p in parts if p.split("\n", 1)[0].strip() == title)


def tables(text: str) -> list[list[list[str]]]:
    """Every Markdown table in ``text`` as rows of cells (header row first, rule row dropped)."""
    found: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.strip().startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                current.append(cells)
        elif current:
            found.append(current)
            current = []
    return found


def table_with(text: str, first_header: str) -> dict[str, list[str]]:
    """The table whose first header cell is ``first_header``, keyed by its first column."""
    for table in tables(text):
        if table[0][0].lower() == first_header.lower():
            return {row[0]: row[1:] for row in table[1:]}
    raise AssertionError(f"no table headed {first_header!r}")


def number(cell: str) -> int | None:
    """The first whole number in a cell, or None for 'none', '-' and the like."""
    m = re.search(r"\d+", cell)
    return int(m.group()) if m else None


def test_fourteen_sections_in_the_spec_order() -> None:
    assert [s["key"] for s in PLAYER] == KEYS
    titles = [s["title"] for s in PLAYER]
    # docs/rules.md has the same sections, in the same order, plus the modes with their own decks.
    reference_titles = [t.strip() for t in re.findall(r"^## (.+)$", REFERENCE, flags=re.M)]
    assert [t for t in reference_titles if not t.startswith("Own decks")] == titles
    assert all(isinstance(s["content"], str) and s["content"].strip() for s in PLAYER)


@pytest.mark.parametrize("key", KEYS)
def test_written_for_players(key: str) -> None:
    text = player_section(key)
    assert not re.search(r"\bR\d+\b", text), "a ruling number"
    card_id = r"\b(hearts|diamonds|clubs|spades)-(\d+|[AJQK])\b|\b(red|black)-joker\b"
    assert not re.search(card_id, text), "a card id"
    assert "Table ruling" not in text
    assert "`" not in text, "code marks"


def test_combination_costs_draws_and_points() -> None:
    player = table_with(player_section("beasts"), "Combination")
    reference = table_with(reference_section("Card Types"), "name")
    assert set(player) == set(reference) == set(COMBINATION_NAMES) | set(VOLLEYS)
    for name, kind in COMBINATION_NAMES.items():
        rule = RULES[kind]
        # player columns: cards, resources, draws, points, what else
        _, p_res, p_draws, p_points, _ = player[name]
        # reference columns: pattern, resources, draws, points, type
        _, r_res, r_draws, r_points, _ = reference[name]
        assert number(p_res) == number(r_res) == rule.resources, name
        assert number(p_points) == number(r_points) == rule.points, name
        if rule.draws_fixed < 0:
            assert "run length - 1" in r_draws, name
            assert "one fewer than its cards" in p_draws, name
            assert number(p_draws) == rule.draws(4), name
        else:
            assert number(p_draws) == number(r_draws) == rule.draws_fixed, name
        assert ("resurrect" in r_draws) == rule.resurrects, name
        assert ("brings back a royal" in player[name][4].lower()) == rule.resurrects, name
    for name in VOLLEYS:
        assert [number(c) for c in player[name][1:4]] == [None, None, None]
        assert [number(c) for c in reference[name][1:4]] == [None, None, None]


def test_combination_examples_are_what_they_say() -> None:
    from kingdom_rules.cards import Card
    from kingdom_rules.combinations import classify, is_hail

    suits = {"♥": "H", "♦": "D", "♣": "C", "♠": "S"}
    player = table_with(player_section("beasts"), "Combination")
    for name, row in player.items():
        example = row[0].split(":")[1].split()
        cards = [Card.parse(t[:-1] + suits[t[-1]]) for t in example]
        if name in VOLLEYS:
            assert is_hail(cards)
            assert (len({c.suit for c in cards}) == 1) == (name == "Flaming Salvo")
        else:
            assert classify(cards) == COMBINATION_NAMES[name], name


def test_royal_costs_and_draws() -> None:
    player = table_with(player_section("playing-royals"), "Royal")
    reference = table_with(reference_section("Playing Royals"), "royal")
    ranks = {"Jack": "J", "Queen": "Q", "King": "K", "Hero": "JOKER"}
    assert set(player) == set(reference) == set(ranks)
    for name, rank in ranks.items():
        assert number(player[name][0]) == number(reference[name][0]) == ROYAL_COST[rank], name
        draws_player = "Draw 1 card" in player[name][1]
        draws_reference = "draw 1 card" in reference[name][1]
        assert draws_player == draws_reference == (rank in ("J", "Q")), name
        slays_player = "slay one opposing dragon" in player[name][1]
        slays_reference = "slay one opposing dragon" in reference[name][1]
        assert slays_player == slays_reference == (rank in ("K", "JOKER")), name


def test_scoring() -> None:
    player = table_with(player_section("winning"), "In your kingdom")
    reference = table_with(reference_section("Winning"), "what is in your kingdom")

    def points(table: dict[str, list[str]], words: str) -> int | None:
        rows = [v for k, v in table.items() if words in k.lower()]
        assert len(rows) == 1, words
        return number(rows[0][0])

    for words, expected in [
        ("royal (j", ROYAL_POINTS),
        ("resource", RESOURCE_POINTS),
        ("royal family", FAMILY_BONUS),
        ("divine dragon", RULES["divine-dragon"].points),
        ("cathedral", RULES["cathedral"].points),
    ]:
        assert points(player, words) == points(reference, words) == expected, words
    plain = [k for k, r in RULES.items() if r.points == 1]
    assert points(player, "horse") == points(reference, "horse") == 1
    row_player = next(k for k in player if "horse" in k.lower())
    row_reference = next(k for k in reference if "horse" in k.lower())
    for kind in plain:
        assert RULES[kind].name in row_player and RULES[kind].name in row_reference, kind


def test_worked_scores_add_up() -> None:
    text = player_section("winning")
    beasts = RULES["horse"].points + RULES["castle"].points
    without_bonus = 3 * ROYAL_POINTS + 4 * RESOURCE_POINTS + beasts
    assert f"**{without_bonus + FAMILY_BONUS} points**" in text
    assert f"**{without_bonus} points**" in text
    assert "**18**" in reference_section("Winning") and without_bonus + FAMILY_BONUS == 18


def test_dragon_eating() -> None:
    player = table_with(player_section("dragon-eating"), "Dragon")
    reference = table_with(reference_section("Dragon Eating"), "dragon")
    for kind in ("dragon", "golden-dragon", "silver-dragon", "divine-dragon"):
        rule = RULES[kind]
        p, r = player[rule.name], reference[rule.name]
        assert (number(p[0]) or 0) == (number(r[0]) or 0) == rule.can_eat, kind
        assert ("Castle" in p[1]) == ("Castle" in r[1]) == rule.demolishes_castles, kind
        assert ("Cathedral" in p[1]) == ("Cathedral" in r[1]) == rule.demolishes_cathedrals, kind


@pytest.mark.parametrize(
    ("player_pattern", "reference_pattern", "value"),
    [
        (r"deck\*\* has (\d+) cards", r"deck\*\* has (\d+) cards", len(DECK)),
        (r"dealt (\d+) cards", r"dealt (\d+) cards", HAND_SIZE),
        (r"and (\d+) cards are turned face up", r"and (\d+) cards are turned", REVEALED),
        (r"After (\d+) rounds", r"After (\d+) rounds", MAX_ROUNDS),
        (r"holds up to (\d+) royals", r"holds up to (\d+) royals", 3),
        (r"(\d+)-second timer", r"(\d+)-second timer", Settings().score_screen_seconds),
    ],
)
def test_numbers_in_the_text(player_pattern: str, reference_pattern: str, value: int) -> None:
    player_text = "\n".join(s["content"] for s in PLAYER)
    found_player = {int(m) for m in re.findall(player_pattern, player_text)}
    found_reference = {int(m) for m in re.findall(reference_pattern, REFERENCE.replace("\n", " "))}
    assert found_player == found_reference == {value}


def test_royal_reward_is_the_dragon_minus_one() -> None:
    assert "as many cards as the slain dragon had, minus 1" in player_section("dragon-slaying")
    assert "as many cards as the slain dragon had, minus 1" in reference_section("Dragon Slaying")
    assert "royal reward is 4 cards" in player_section("dragon-slaying")
    assert "royal reward is 4 cards" in reference_section("Dragon Slaying")


def sentences(text: str) -> list[str]:
    """Sentences and table rows of the player text, with card pictures' captions."""
    text = re.sub(r"!\[([^\]]*)\]\([^)]*\)", r"\1.", text)
    return [s.strip() for s in re.split(r"(?<=[.;])\s+|\n", text) if s.strip()]


def named_combination(sentence: str) -> str | None:
    """The one combination a sentence is about (longest name first: Silver Dragon, not Dragon)."""
    found = set()
    for name in sorted(COMBINATION_NAMES, key=len, reverse=True):
        if re.search(rf"\b{name}s?\b", sentence):
            found.add(name)
            sentence = re.sub(rf"\b{name}s?\b", "", sentence)
    return found.pop() if len(found) == 1 else None


def test_every_cost_and_draw_in_a_sentence_about_one_combination() -> None:
    """'You play a Unicorn with 4 resources and draw 3 cards': each such number is the rule's."""
    checked = 0
    for section in PLAYER:
        for sentence in sentences(section["content"]):
            name = named_combination(sentence)
            if name is None or sentence.startswith("|"):
                continue
            rule = RULES[COMBINATION_NAMES[name]]
            for cost in re.findall(r"(\d+) resources", sentence):
                assert int(cost) == rule.resources, sentence
                checked += 1
            size = re.search(r"of (\d+) cards", sentence)
            for drawn in re.findall(r"draw(?:s|ing)? (\d+)", sentence):
                expected = rule.draws(int(size.group(1))) if size else rule.draws_fixed
                assert int(drawn) == expected, sentence
                checked += 1
    assert checked >= 8


def test_every_royal_cost_in_the_text() -> None:
    """'A Hero costs 4 ready resources', 'You play K♥ with 3 red resources'."""
    ranks = {"Jack": "J", "Queen": "Q", "King": "K", "Hero": "JOKER", "J": "J", "Q": "Q", "K": "K"}
    royal_cost = re.compile(
        r"\b(Jack|Queen|King|Hero|[JQK](?=[♥♦♣♠]))[^.;]*?(\d+) (?:ready )?(?:red |black )?resources"
    )
    checked = 0
    for section in PLAYER:
        for sentence in sentences(section["content"]):
            names_one = any(re.search(rf"\b{n}s?\b", sentence) for n in COMBINATION_NAMES)
            if names_one or sentence.startswith("|"):
                continue  # 'J♦ and K♣ ... build a Castle with 3 resources': the Castle's cost
            for m in royal_cost.finditer(sentence):
                assert int(m.group(2)) == ROYAL_COST[ranks[m.group(1)]], sentence
                checked += 1
    assert checked >= 3


def test_the_team_example_adds_up() -> None:
    text = player_section("winning")
    m = re.search(
        r"worth (\d+), so (\d+) with the bonus, and partner player 3 scores (\d+): "
        r"Team 1 has (\d+)\. Players 2 and 4 score (\d+) and (\d+): Team 2 has (\d+)",
        text,
    )
    assert m, "the team example"
    own, with_bonus, partner, team1, p2, p4, team2 = map(int, m.groups())
    assert with_bonus == own + FAMILY_BONUS
    assert team1 == with_bonus + partner and team2 == p2 + p4
    assert team2 - team1 == 1  # 'Team 2 is 1 point ahead'
