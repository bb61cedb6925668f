"""kingdom_cli.terminal on its own: menus for every kind of decision, follow-ups included,
labels, and the table drawing (the functions `kingdom connect` reuses)."""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from rich.console import Console

import kingdom_rules as kr
from kingdom_cli.terminal import (
    LeaveGame,
    card_text,
    choose_action,
    describe_action,
    render_scores,
    render_view,
)
from kingdom_rules.bots import GreedyBot


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=100, color_system=None), out


def _answers(*lines: str) -> Iterator[str]:
    yield from lines


def _followup_views(kinds: set[str]) -> dict[str, dict]:  # type: ignore[type-arg]
    """A view JSON for each follow-up type in ``kinds``, from greedy self-play."""
    found: dict[str, dict] = {}  # type: ignore[type-arg]
    bot = GreedyBot()
    for seed in range(60):
        state = kr.new_game(player_count=4, seed=seed)
        while state.phase != "finished" and len(found) < len(kinds):
            p = kr.players_to_act(state)[0]
            v = kr.view(state, p)
            if state.pending and state.pending[0].type in kinds - set(found):
                found[state.pending[0].type] = v.to_json()
            state, _ = kr.apply(state, bot.choose(v, v.legal_actions, random.Random(seed)))
        if len(found) == len(kinds):
            break
    return found


def test_every_follow_up_prompt_reasks_on_bad_input() -> None:
    views = _followup_views({"mounting", "eating", "slaying", "castle-placement",
                             "hail-of-arrows", "partner-transfer"})
    assert {"mounting", "eating"} <= set(views)
    for kind, view in views.items():
        console, out = _console()
        answers = _answers("", "zz", "0", str(len(view["legalActions"]) + 5), "1")
        chosen = choose_action(view, console, ask=lambda _p, it=answers: next(it))
        text = out.getvalue()
        assert "Follow-up: what now?" in text, kind
        assert "Please type the number" in text and "'zz' is not a number" in text
        assert "There is no choice 0" in text
        assert chosen in view["legalActions"]
        assert kr.action_from_json(chosen) is not None
        # every option reads as words, not as wire JSON
        for line in text.splitlines():
            assert "{" not in line


def test_payment_menu_and_back() -> None:
    state = kr.new_game(player_count=2, seed=3)
    bot = GreedyBot()
    view = None
    while state.phase != "finished":
        p = kr.players_to_act(state)[0]
        v = kr.view(state, p)
        types = [a["type"] for a in v.to_json()["legalActions"]]
        if types.count("playResource") > len({a["cardId"] for a in v.to_json()["legalActions"]
                                              if a["type"] == "playResource"}):
            view = v.to_json()
            break
        state, _ = kr.apply(state, bot.choose(v, v.legal_actions, random.Random(0)))
    assert view is not None
    console, out = _console()
    answers = _answers("1", "b", "1", "x", "9", "2")
    chosen = choose_action(view, console, ask=lambda _p: next(answers))
    text = out.getvalue()
    assert text.count("Which resource turns used?") == 2
    assert "'x' is not a number" in text and "There is no choice 9" in text
    assert chosen["type"] == "playResource"


def test_quit_and_interrupt_leave() -> None:
    view = kr.view(kr.new_game(player_count=2, seed=1), 1).to_json()
    console, _ = _console()
    with pytest.raises(LeaveGame):
        choose_action(view, console, ask=lambda _p: "q")

    def interrupted(_p: str) -> str:
        raise KeyboardInterrupt

    with pytest.raises(LeaveGame):
        choose_action(view, console, ask=interrupted)


def test_labels_and_drawing() -> None:
    assert card_text("hearts-Q") == "Q♥"
    assert card_text({"id": "red-joker", "suit": "red-joker", "rank": "JOKER"}) == "Red Hero"
    views = _followup_views({"mounting"})
    view = views["mounting"]
    label = describe_action(view["legalActions"][0], view)
    assert "mounts" in label
    console, out = _console()
    render_view(view, console)
    render_scores(view, console)
    text = out.getvalue()
    assert "Resources:" in text and "Revealed:" in text and "Your hand:" in text
    assert "Follow-up: mounting" in text
