"""The built-in bots: every phase, every table size, legal choices, determinism, strength."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

import kingdom_rules as kr
from kingdom_rules.bots import (
    Bot,
    BotError,
    GreedyBot,
    RandomBot,
    SearchBot,
    UnknownBot,
    make_bot,
    play_game,
)
from kingdom_rules.bots.greedy import GREEDY, Style, choose_greedy
from kingdom_rules.bots.heuristics import WIN_WEIGHTS, Table, completes_family, win_probability
from kingdom_rules.bots.search import OWN


def test_bots_follow_the_protocol() -> None:
    for bot in (RandomBot(), GreedyBot(), SearchBot(rollouts=4)):
        assert isinstance(bot, Bot)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", ["game", "match"])
def test_every_bot_finishes_games_and_matches(players: int, mode: str) -> None:
    bots = [GreedyBot(), RandomBot(), SearchBot(rollouts=6), GreedyBot()][:players]
    record = play_game(bots, seed=players * 10 + len(mode), mode=mode)
    assert record.reason != "abandoned"
    assert record.hands == (players if mode == "match" else 1)
    assert len(record.scores) == players


def test_an_illegal_choice_is_reported_with_the_seat() -> None:
    class Cheat:
        def choose(self, view, legal_actions, rng):  # type: ignore[no-untyped-def]
            return kr.PassTurn(view.player)

    with pytest.raises(BotError, match="player 1"):
        play_game([Cheat(), RandomBot()], seed=1)


def test_games_replay_exactly() -> None:
    a = play_game([SearchBot(rollouts=8), GreedyBot()], seed=5)
    b = play_game([SearchBot(rollouts=8), GreedyBot()], seed=5)
    assert a == b


def test_make_bot_by_name_and_path() -> None:
    assert isinstance(make_bot("search"), SearchBot)
    assert isinstance(make_bot("kingdom_rules.bots.greedy:GreedyBot"), GreedyBot)
    with pytest.raises(UnknownBot, match="unknown bot"):
        make_bot("nobody")
    with pytest.raises(UnknownBot, match="has no bot class"):
        make_bot("kingdom_rules.bots:Nothing")
    with pytest.raises(UnknownBot, match="not a bot"):
        make_bot("random:Random")


def _greedy_states(games: int, players: int = 2):  # type: ignore[no-untyped-def]
    """Every decision state of some greedy games."""
    for seed in range(games):
        state = kr.new_game(player_count=players, seed=seed, mode="game")
        while state.phase != "finished":
            p = kr.players_to_act(state)[0]
            yield state, p
            v = kr.view(state, p)
            state, _ = kr.apply(state, GreedyBot().choose(v, v.legal_actions, random.Random()))


def test_greedy_choices_are_legal_and_sensible() -> None:
    completions = 0
    for state, p in _greedy_states(25, players=3):
        v = kr.view(state, p)
        legal = v.legal_actions
        choice = GreedyBot().choose(v, legal, random.Random(0))
        assert choice in legal
        if state.pending:
            # follow-ups are answered or skipped, never dropped by passing
            assert not isinstance(choice, kr.PassTurn)
        mine = state.players[p - 1].kingdom
        winning = [a for a in legal if isinstance(a, kr.PlayRoyal)
                   and completes_family(mine, a.card)]
        if winning and not state.pending:
            completions += 1
            assert isinstance(choice, kr.PlayRoyal) and completes_family(mine, choice.card)
    assert completions > 0


def test_greedy_styles_change_only_what_they_name() -> None:
    """A style that keeps number cards plays one as a resource only for the colour a royal in
    its hand still lacks (growth 0); one that skips
    revealed number cards takes a revealed card only if it is a royal; otherwise the choice
    is the plain greedy one."""
    hoard = Style(growth=0, keep=99, revealed_numbers=False)
    draws = differ = 0
    for state, p in _greedy_states(12):
        legal = kr.legal_actions(state, p)
        table = Table.of_state(state, p)
        plain = choose_greedy(table, legal, GREEDY)
        assert plain == choose_greedy(table, legal)
        choice = choose_greedy(table, legal, hoard)
        assert choice in legal
        if isinstance(choice, kr.PlayResource):
            assert any(c.is_royal for c in table.hand)
        if isinstance(choice, kr.DrawCard):
            draws += 1
            if choice.source != "deck":
                card = state.revealed[0 if choice.source == "revealed1" else 1]
                assert card is not None and card.is_royal
        if choice != plain:
            differ += 1
            assert isinstance(plain, (kr.PlayResource, kr.DrawCard, kr.PlayCombination,
                                      kr.PlayHailOfArrows, kr.PlayRoyal, kr.RotateResource))
        assert choose_greedy(table, legal, OWN) in legal
    assert draws > 0 and differ > 0


def test_a_greedy_bot_plays_its_style() -> None:
    plain = play_game([GreedyBot(), GreedyBot()], seed=3)
    assert play_game([GreedyBot(GREEDY), GreedyBot()], seed=3) == plain
    own = play_game([GreedyBot(OWN), GreedyBot()], seed=3)
    assert own.reason != "abandoned"


def test_greedy_respects_teams() -> None:
    for state, p in _greedy_states(6, players=4):
        if not state.pending:
            continue
        choice = choose_greedy(Table.of_state(state, p), kr.legal_actions(state, p))
        target = getattr(choice, "target_player", None)
        if target is not None:
            assert kr.are_opponents(p, target, 4)


def test_search_answers_every_phase_and_its_budget() -> None:
    bot = SearchBot(rollouts=10)
    seen = set()
    for state, p in _greedy_states(3):
        v = kr.view(state, p)
        choice = bot.choose(v, v.legal_actions, random.Random(1))
        assert choice in v.legal_actions
        seen.add(type(choice).__name__)
    assert {"ChooseStartingResource", "DrawCard", "PassTurn"} <= seen
    with pytest.raises(ValueError):
        SearchBot(rollouts=None, time_limit=None, steps=None)


def test_search_with_a_step_budget_replays_exactly() -> None:
    a = play_game([SearchBot(steps=150), GreedyBot()], seed=8)
    b = play_game([SearchBot(steps=150), GreedyBot()], seed=8)
    assert a == b


def test_search_can_search_the_starting_resource() -> None:
    for seed in range(3):
        state = kr.new_game(player_count=2, seed=seed)
        v = kr.view(state, 2)
        choice = SearchBot(steps=120, search_start=True).choose(v, v.legal_actions,
                                                                random.Random(0))
        assert choice in v.legal_actions
    record = play_game([SearchBot(steps=60, search_start=True, infer=True), GreedyBot()],
                       seed=4)
    assert record.reason != "abandoned"


def _all_cards(state: kr.GameState) -> list[kr.Card]:
    cards = list(state.deck) + list(state.discard_pile)
    cards += [c for c in state.revealed if c is not None]
    for p in state.players:
        cards += list(p.hand) + list(p.kingdom.cards())
    return sorted(cards, key=lambda c: c.id)


def _searcher_decisions(
    seed: int, searcher: SearchBot
) -> Iterator[tuple[kr.GameState, kr.PlayerView]]:
    """A two-player game of ``searcher`` (seat 1) against GreedyBot from ``seed``: the state
    and the searcher's view before each of its decisions."""
    from kingdom_rules.bots.runner import seat_rng

    state = kr.new_game(player_count=2, seed=seed)
    bots = {1: searcher, 2: GreedyBot()}
    rngs = {1: seat_rng(seed, 1), 2: seat_rng(seed, 2)}
    while state.phase == "playing" or state.phase == "choosing_resources":
        p = kr.players_to_act(state)[0]
        v = kr.view(state, p)
        if p == 1:
            yield state, v
        state, _ = kr.apply(state, bots[p].choose(v, v.legal_actions, rngs[p]))


def test_search_samples_agree_with_the_greedy_passer() -> None:
    """GreedyBot's real hand is always one the searcher's inference accepts (it passed with
    it), and the samples keep every card of the deck exactly once."""
    checked = 0
    for seed in (21, 22):
        searcher = SearchBot(steps=60, infer=True)
        full = _all_cards(kr.new_game(player_count=2, seed=seed))
        for state, v in _searcher_decisions(seed, searcher):
            searcher._remember(v)
            if searcher._passer is not None:
                assert searcher._played(state.players[1].hand) is None
                searcher._template = None  # a new decision
                for i in range(3):
                    world, _ = searcher._sample(v, random.Random(checked + i))
                    assert _all_cards(world) == full
                    assert world.players[0].hand == state.players[0].hand
                    assert len(world.players[1].hand) == len(state.players[1].hand)
                checked += 1
    assert checked > 5


def test_search_with_a_time_limit_stops_in_time() -> None:
    import time

    bot = SearchBot(rollouts=None, time_limit=0.05)
    state = kr.new_game(player_count=2, seed=3)
    for p in (1, 2):
        state, _ = kr.apply(state, kr.legal_actions(state, p)[0])
    v = kr.view(state, 1)
    t = time.perf_counter()
    bot.choose(v, v.legal_actions, random.Random(0))
    assert time.perf_counter() - t < 2.0


def test_win_probability_is_a_probability() -> None:
    for state, p in _greedy_states(2):
        if state.phase == "playing":
            assert 0.0 < win_probability(state, p) < 1.0


def test_greedy_beats_random() -> None:
    wins = 0
    games = 60
    for seed in range(games):
        bots = [GreedyBot(), RandomBot()] if seed % 2 == 0 else [RandomBot(), GreedyBot()]
        greedy = 1 if seed % 2 == 0 else 2
        wins += greedy in play_game(bots, seed=seed).winners
    assert wins / games >= 0.75


def test_search_keeps_the_greedy_play_when_asked() -> None:
    """``keep_plays``: against a greedy play of the turn no pass is searched, against a greedy
    royal no resource either; the other candidates stay, the greedy choice first."""
    from kingdom_rules.bots.search import candidates

    met: set[str] = set()
    for state, p in _greedy_states(12):
        v = kr.view(state, p)
        if len(v.legal_actions) < 2:
            continue
        table = Table.of_view(v)
        wide = candidates(table, v.legal_actions)
        kept = candidates(table, v.legal_actions, keep_plays=True)
        assert kept[0] == wide[0] and set(kept) <= set(wide)
        greedy = wide[0]
        dropped = [a for a in wide if a not in kept]
        if v.pending or isinstance(greedy, (kr.PassTurn, kr.DrawCard)):
            assert kept == wide
        elif isinstance(greedy, kr.PlayRoyal):
            assert not any(isinstance(a, (kr.PlayResource, kr.PassTurn)) for a in kept)
            assert all(isinstance(a, (kr.PlayResource, kr.PassTurn)) for a in dropped)
            met.update("royal" for _ in dropped)
        else:
            assert not any(isinstance(a, kr.PassTurn) for a in kept)
            assert all(isinstance(a, kr.PassTurn) for a in dropped)
            met.update(type(greedy).__name__ for _ in dropped)
    assert {"royal", "PlayResource"} <= met  # both cases met in these games


def test_the_sharper_style_settings_change_only_what_they_name() -> None:
    """``revealed_pairs`` takes only a revealed number card that pairs with the hand,
    ``royals_first`` plays a spare royal (one that fills no family place) before growing,
    ``hail_first`` shoots before growing; where a setting's choice differs from the style
    without it, it is that play."""
    seen = {"revealed_pairs": 0, "royals_first": 0, "hail_first": 0}
    for state, p in _greedy_states(40):
        legal = kr.legal_actions(state, p)
        table = Table.of_state(state, p)
        base = choose_greedy(table, legal, OWN)
        for name in seen:
            choice = choose_greedy(table, legal, OWN._replace(**{name: True}))
            assert choice in legal
            if choice == base:
                continue
            seen[name] += 1
            if name == "revealed_pairs":
                assert isinstance(choice, kr.DrawCard) and choice.source != "deck"
                card = state.revealed[0 if choice.source == "revealed1" else 1]
                assert card is not None and card.is_number
                assert any(c.is_number and c.value == card.value for c in table.hand)
            elif name == "royals_first":
                assert isinstance(choice, kr.PlayRoyal)
                assert not completes_family(table.mine, choice.card)
            else:
                assert isinstance(choice, kr.PlayHailOfArrows)
    assert all(seen.values()), seen


def test_the_search_plays_its_standard_style_only_in_the_standard_deal(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """SearchBot's own style in the standard deal is ``search.STANDARD`` (its move to beat
    and its rollouts); Constructed and the Spire's runner keep ``search.OWN``."""
    from kingdom_rules.bots import search

    sharp = OWN._replace(royals_first=True, hail_first=True)
    monkeypatch.setattr(search, "STANDARD", sharp)
    weights = tuple(0.5 * w for w in WIN_WEIGHTS)
    monkeypatch.setattr(search, "STANDARD_WEIGHTS", weights)
    checked = 0
    for state, p in _greedy_states(15):
        legal = kr.legal_actions(state, p)
        if state.pending or len(legal) < 2 or isinstance(legal[0], kr.ReadyForNextHand
                                                         | kr.ChooseStartingResource):
            continue
        v = kr.view(state, p)
        bot = SearchBot(rollouts=2)
        choice = bot.choose(v, v.legal_actions, random.Random(0))
        assert choice in v.legal_actions
        assert bot._own is sharp and bot._weights is weights
        world = kr.new_game(player_count=2, seed=checked, mode="game")
        assert win_probability(world, 1, WIN_WEIGHTS) == win_probability(world, 1)
        table = Table.of_view(v)
        moves = search.candidates(table, v.legal_actions, own=sharp)
        assert moves[0] == choose_greedy(table, v.legal_actions, sharp)
        checked += 1
        if checked >= 5:
            break
    assert checked
    game = play_game([SearchBot(rollouts=2), GreedyBot()], seed=4)
    assert game.reason != "abandoned"


def test_a_draw_gets_the_draw_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """``search.DRAW_WORK`` scales the work budget of a draw decision in the standard deal
    (more rollouts), and no other decision's."""
    from kingdom_rules.bots import search

    class Counting(SearchBot):
        def __init__(self) -> None:
            super().__init__(steps=300)
            self.rollouts_done = 0

        def rollout(self, state: kr.GameState, me: int,
                    horizon: int | None) -> tuple[float, int]:
            self.rollouts_done += 1
            return super().rollout(state, me, horizon)

    draws = [(s, p) for s, p in _greedy_states(12)
             if isinstance(kr.legal_actions(s, p)[0], kr.DrawCard)
             and len(kr.legal_actions(s, p)) > 1][:4]
    plays = [(s, p) for s, p in _greedy_states(12)
             if s.phase == "playing" and not s.pending
             and not isinstance(kr.legal_actions(s, p)[0], kr.DrawCard | kr.ReadyForNextHand)
             and len(kr.legal_actions(s, p)) > 3][:4]
    assert draws and plays

    def spent(states: list[tuple[kr.GameState, int]], factor: float) -> int:
        monkeypatch.setattr(search, "DRAW_WORK", factor)
        total = 0
        for state, p in states:
            bot = Counting()
            v = kr.view(state, p)
            bot.choose(v, v.legal_actions, random.Random(0))
            total += bot.rollouts_done
        return total

    assert spent(draws, 2.0) > 1.5 * spent(draws, 1.0)
    assert spent(plays, 2.0) == spent(plays, 1.0)
