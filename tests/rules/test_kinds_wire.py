"""The web app's wire unions (web/src/net/types.ts) name exactly the engine's kinds
(kingdom_rules/kinds.py): a kind added, renamed or misspelt on one side fails here, naming
the values that differ."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from kingdom_rules import cards, kinds

TYPES_TS = Path(__file__).resolve().parents[2] / "web" / "src" / "net" / "types.ts"

PAIRS = [
    ("CombinationKind", kinds.COMBINATION_KINDS),
    ("CombinationType", kinds.COMBINATION_TYPES),
    ("FollowUpKind", kinds.FOLLOW_UP_KINDS),
    ("FollowUpContext", kinds.FOLLOW_UP_CONTEXTS),
    ("HandEndReason", kinds.HAND_END_REASONS),
    ("MatchEndReason", kinds.MATCH_END_REASONS),
]


def ts_union(name: str, text: str | None = None) -> list[str]:
    """The string literals of ``export type <name> = "a" | "b" ...;`` in types.ts."""
    if text is None:
        text = TYPES_TS.read_text(encoding="utf-8")
    found = re.search(rf"export type {name}\s*=\s*([^;]*);", text)
    assert found is not None, f"web/src/net/types.ts declares no `export type {name} = ...;`"
    body = found.group(1)
    values = re.findall(r'"([^"]*)"', body)
    rest = re.sub(r'"[^"]*"|\|', "", body).strip()
    assert not rest, f"types.ts {name}: only string literals expected, found {rest!r}"
    return values


@pytest.mark.parametrize(("name", "python"), PAIRS, ids=[n for n, _ in PAIRS])
def test_ts_union_matches_python_kind(name: str, python: tuple[str, ...]) -> None:
    ts = ts_union(name)
    only_ts = sorted(set(ts) - set(python))
    only_py = sorted(set(python) - set(ts))
    assert not only_ts and not only_py, (
        f"{name}: web/src/net/types.ts and kingdom_rules/kinds.py disagree; "
        f"only in TypeScript: {only_ts}, only in Python: {only_py}"
    )
    assert len(ts) == len(set(ts)), f"types.ts {name} lists a value twice: {ts}"


def test_outcome_reason_is_both_unions() -> None:
    text = TYPES_TS.read_text(encoding="utf-8")
    assert re.search(r"export type OutcomeReason\s*=\s*HandEndReason\s*\|\s*MatchEndReason;",
                     text), "types.ts: OutcomeReason = HandEndReason | MatchEndReason expected"
    assert set(kinds.OUTCOME_REASONS) == set(kinds.HAND_END_REASONS) | set(
        kinds.MATCH_END_REASONS)


def test_the_parser_reads_a_multiline_union_and_refuses_other_types() -> None:
    text = 'export type X =\n  | "a"\n  | "b-c";\nexport type Y = "a" | string;'
    assert ts_union("X", text) == ["a", "b-c"]
    with pytest.raises(AssertionError, match="only string literals"):
        ts_union("Y", text)


def ts_const(name: str) -> list[str]:
    """The strings of ``export const <name> = [...] as const;`` in types.ts."""
    text = TYPES_TS.read_text(encoding="utf-8")
    found = re.search(rf"export const {name}\s*=\s*\[([^\]]*)\]\s*as const;", text)
    assert found is not None, f"web/src/net/types.ts declares no `export const {name} = [...]`"
    return re.findall(r'"([^"]*)"', found.group(1))


@pytest.mark.parametrize(("name", "python"), [("SUITS", cards.SUITS), ("RANKS", cards.RANKS),
                                              ("HERO_SUITS", cards.HERO_SUITS)])
def test_ts_suits_and_ranks_are_the_engines(name: str, python: tuple[str, ...]) -> None:
    """The web app's one list of suits and ranks names the engine's, in the same order."""
    assert ts_const(name) == list(python), (
        f"web/src/net/types.ts {name} is {ts_const(name)}, kingdom_rules/cards.py has {python}")
