"""Rulings R33-R38: hand setups. Constructed decks with copies (R33-R35) and Spire combats
(R36-R38), checked through new_game, apply, legal_actions, view and combat_result."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import kingdom_rules as kr
from kingdom_rules.cards import DECK, Card
from kingdom_rules.state import GameState, Kingdom, Player, evolve
from tests.rules.helpers import all_state_cards, c, cs, w

# --- helpers -----------------------------------------------------------------------------


def spire(run: str, fortified: str = "", sizes: tuple[int, int] = (4, 4),
          kingdoms: tuple[kr.StartingKingdom, ...] | None = None) -> kr.SpireSetup:
    return kr.SpireSetup(cs(run), cs(fortified), sizes,
                         kingdoms or (kr.StartingKingdom(), kr.StartingKingdom()))


RUN = "QH 2H 3H 5D 7C 9S"


def choose_all(state: GameState) -> GameState:
    """Every seat chooses its first number card as the starting resource (R3)."""
    for p in kr.players_to_act(state):
        card = next(x for x in state.players[p - 1].hand if x.is_number)
        state, _ = kr.apply(state, kr.ChooseStartingResource(p, card))
    return state


def ids_of(state: GameState) -> Counter[str]:
    return Counter(all_state_cards(state.to_json()))


def expected_spire_ids() -> Counter[str]:
    return Counter(x.id for x in DECK)


def expected_constructed_ids(setup: kr.ConstructedSetup) -> Counter[str]:
    out: Counter[str] = Counter()
    for seat, deck in enumerate(setup.decks, 1):
        copies: Counter[Card] = Counter()
        for face in deck.cards():
            copies[face] += 1
            out[f"{face.id}@p{seat}.{copies[face]}"] += 1
    return out


def play_randomly(state: GameState, rng: random.Random, steps: int = 400) -> list[GameState]:
    seen = [state]
    for _ in range(steps):
        acting = kr.players_to_act(state)
        if not acting:
            break
        acts = kr.legal_actions(state, acting[0])
        state, _ = kr.apply(state, acts[rng.randrange(len(acts))])
        seen.append(state)
    return seen


def constructed(*names: str) -> kr.ConstructedSetup:
    return kr.ConstructedSetup(tuple(kr.PREBUILT_DECKS[n] for n in names))


# --- R33: faces and instances ----------------------------------------------------------------


def test_r33_instance_ids_name_owner_and_copy_and_rules_read_faces() -> None:
    setup = constructed("castle-builders", "castle-builders")
    state = kr.new_game(2, seed=4, setup=setup)
    assert ids_of(state) == expected_constructed_ids(setup)
    for p in state.players:
        for card in p.hand + p.pile:
            assert card.owner == p.number and 1 <= card.copy <= 4
            assert card.id == f"{card.face.id}@p{p.number}.{card.copy}"
            assert (card.suit, card.rank) == (card.face.suit, card.face.rank)
    # two copies of one face are a pair, four are a Cathedral: rules read faces, not ids
    sevens = tuple(kr.Card.parse(f"hearts-7@p1.{k}") for k in (1, 2, 3, 4))
    assert kr.classify(sevens[:2]) == "horse"
    assert kr.classify(sevens) == "cathedral"
    assert kr.classify(sevens[:3]) == "castle"
    kinds = [k for k, _ in kr.find_combinations(sevens + (c("7S"),))]
    assert kinds.count("cathedral") == 5 and kinds.count("horse") == 10


def test_r33_a_horse_of_two_copies_is_legal_and_played() -> None:
    state = choose_all(kr.new_game(2, seed=1, setup=constructed("castle-builders", "balanced")))
    first = state.current_player
    a, b = kr.Card.parse(f"hearts-7@p{first}.1"), kr.Card.parse(f"hearts-7@p{first}.2")
    others = [x for x in state.players[first - 1].hand + state.players[first - 1].pile
              if x not in (a, b)]
    # put both copies in hand, the rest of the seat's cards in its pile; two ready resources
    player = state.players[first - 1]
    pile = tuple(x for x in others if x not in player.kingdom.cards())[1:]
    res = (kr.Resource(pile[0], True), kr.Resource(pile[1], True)) if all(
        x.is_number for x in pile[:2]) else None
    if res is None:
        pile = tuple(sorted(pile, key=lambda x: not x.is_number))
        res = (kr.Resource(pile[0], True), kr.Resource(pile[1], True))
    kingdom = Kingdom(player.kingdom.resources + res)
    player = evolve(player, hand=(a, b), pile=pile[2:], kingdom=kingdom,
                    has_drawn_this_turn=True)
    players = list(state.players)
    players[first - 1] = player
    state = evolve(state, players=tuple(players), phase="playing")
    horse = [x for x in kr.legal_actions(state, first)
             if isinstance(x, kr.PlayCombination) and set(x.cards) == {a, b}]
    assert horse
    after, _ = kr.apply(state, horse[0])
    assert after.players[first - 1].kingdom.combinations[-1].kind == "horse"


def test_r33_standard_and_spire_use_face_ids() -> None:
    for state in (kr.new_game(2, seed=2), kr.new_game(2, seed=2, setup=spire(RUN))):
        assert ids_of(state) == expected_spire_ids()
        assert all(x.owner == 0 for p in state.players for x in p.hand + p.pile)


# --- R34: deck legality ----------------------------------------------------------------------


def deck(text: str) -> kr.Deck:
    return kr.Deck.parse(text)


NUMBERS_30 = "\n".join(f"2 {r}{s}" for r in ("2", "3", "4") for s in "HDCS")[:-1]


def test_r34_limits_in_order() -> None:
    small = kr.Deck.of(["2H"] * 4 + ["3H"] * 4)
    size = "A Constructed deck holds 30 to 60 cards; this one holds {} (R34)"
    assert kr.deck_problem(small) == size.format(8)
    big = kr.Deck.of([x for x in DECK if x.is_number] * 2)
    assert kr.deck_problem(big) == size.format(80)
    five = kr.Deck.of(["2H"] * 5 + [x for x in DECK if x.is_number][:30])
    assert kr.deck_problem(five) == "At most 4 copies of a card: the deck holds 6 of 2H (R34)"
    legal = kr.Deck.of([x for x in DECK if x.is_number] + ["QH", "KS"])
    assert kr.deck_problem(legal) is None
    assert kr.check_deck(legal) is None
    collection = {x: 1 for x in DECK}
    doubled = kr.Deck.of([x for x in DECK if x.is_number][:20] * 2)
    assert kr.deck_problem(doubled) is None
    assert kr.deck_problem(doubled, collection) == (
        "The deck holds 2 of AH but your collection has only 1 (R34)"
    )
    heroes = kr.Deck.of([x for x in DECK if x.is_number] + ["RJ", "RJ", "BJ"])
    assert kr.deck_problem(heroes) == "At most 2 Heroes in a deck: this one holds 3 (R34)"
    royals = kr.Deck.of([x for x in DECK if x.is_royal] * 2 + list(cs("2H 3H 4H 5H")))
    assert kr.deck_problem(royals) == (
        "At most 2 Heroes in a deck: this one holds 4 (R34)"
    )
    few = kr.Deck.of([x for x in DECK if x.is_royal and not x.is_hero] * 3 + list(cs("2H 3H")))
    assert kr.deck_problem(few) == "At least 15 number cards in a deck: this one holds 2 (R34)"
    with pytest.raises(kr.IllegalDeck, match="At least 15 number cards"):
        kr.check_deck(few)


def test_r34_an_illegal_deck_cannot_be_brought_to_a_table() -> None:
    small = kr.Deck.of(["2H"] * 4)
    setup = kr.ConstructedSetup((kr.PREBUILT_DECKS["balanced"], small))
    with pytest.raises(kr.IllegalDeck, match="30 to 60 cards"):
        kr.new_game(2, seed=1, setup=setup)
    with pytest.raises(ValueError, match="needs 3 decks"):
        kr.new_game(3, seed=1, setup=constructed("balanced", "balanced"))


def test_r34_deck_text_and_code_round_trip() -> None:
    text = "# my deck\n4 qh\nAS x3\nclubs-10\n  1 TC  # tens\nRJ\n"
    d = kr.Deck.parse(text)
    assert d.count(c("QH")) == 4 and d.count(c("AS")) == 3 and d.count(c("10C")) == 2
    assert d.size == 10 and len(d.cards()) == 10
    assert kr.Deck.parse(d.to_text()) == d
    for deck_ in (d, *kr.PREBUILT_DECKS.values()):
        code = deck_.code()
        assert code.startswith("K2-") and len(code) < 40
        assert kr.Deck.from_code(code) == deck_
        assert kr.Deck.from_json(deck_.to_json()) == deck_
    with pytest.raises(ValueError, match="Line 2: no such card"):
        kr.Deck.parse("4 QH\n3 ZZ\n")
    with pytest.raises(ValueError, match="Not a deck code"):
        kr.Deck.from_code("hello")


def test_a_corrupted_deck_code_is_not_a_deck_code() -> None:
    """Every changed character, every swap of neighbours and every cut end is refused: the
    code's checksum (docs/rules.md), not another real deck."""
    code = kr.PREBUILT_DECKS["balanced"].code()
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    corrupted = {code[:i] + ch + code[i + 1:] for i in range(3, len(code)) for ch in alphabet}
    corrupted |= {code[:i] + code[i + 1] + code[i] + code[i + 2:] for i in range(3, len(code) - 1)}
    corrupted |= {code[:i] for i in range(4, len(code))}
    corrupted.discard(code)
    assert len(corrupted) > 800
    for text in sorted(corrupted):
        with pytest.raises(ValueError, match="Not a deck code"):
            kr.Deck.from_code(text)
    with pytest.raises(ValueError, match="Not a deck code"):
        kr.Deck.from_code("K1" + code[2:-4])  # the old format without a checksum
    for broken in ([{"card": "QH", "count": 10**9}], [{"card": "ZZ", "count": 1}], "4 QH",
                   [{"card": "QH"}], [["QH", 4]]):
        with pytest.raises(ValueError):
            kr.Deck.from_json(broken)
    for broken_setup in ({"type": "spire", "runDeck": "QH"}, {"type": "spire"},
                         {"type": "constructed", "decks": [[{"card": "QH", "count": -1}]]},
                         {"type": "spire", "runDeck": ["QH", "2H"], "handSizes": [9, 4]},
                         {"type": "chess"}, [], {"type": "spire", "runDeck": ["QH"],
                                                 "kingdoms": ["x", {}]}):
        with pytest.raises(ValueError):
            kr.setup_from_json(broken_setup)


def test_r34_prebuilt_decks_are_legal_and_differ() -> None:
    assert len(kr.PREBUILT_DECKS) >= 3
    for d in kr.PREBUILT_DECKS.values():
        kr.check_deck(d)
    assert len({d.code() for d in kr.PREBUILT_DECKS.values()}) == len(kr.PREBUILT_DECKS)
    assert any(d.count(c("7H")) == 4 for d in kr.PREBUILT_DECKS.values())


# --- R35: Constructed hands --------------------------------------------------------------------


def test_r35_each_seat_deals_and_reveals_from_its_own_pile() -> None:
    setup = constructed("royal-rush", "dragon-hoard", "balanced")
    state = kr.new_game(3, seed=8, setup=setup)
    assert state.deck == () and state.revealed == (None, None)
    for p in state.players:
        assert len(p.hand) == 4 and any(x.is_number for x in p.hand)
        assert len(p.revealed) == 2
        assert {x.owner for x in p.hand + p.pile + p.revealed if x} == {p.number}
        assert len(p.hand) + len(p.pile) + 2 == setup.decks[p.number - 1].size
    v = kr.view(state, 1).to_json()
    for p, pj in zip(state.players, v["players"], strict=True):
        assert pj["pileCount"] == len(p.pile)
        assert [x["id"] for x in pj["revealedCards"]] == [x.id for x in p.revealed if x]
        assert "pile" not in pj


def test_r35_draws_come_from_own_pile_and_own_revealed() -> None:
    state = choose_all(kr.new_game(2, seed=3, setup=constructed("balanced", "royal-rush")))
    n = state.current_player
    me = state.players[n - 1]
    actions = [a.to_json() for a in kr.legal_actions(state, n)]
    assert actions == [w("drawCard", n, source=s) for s in ("deck", "revealed1", "revealed2")]
    after, _ = kr.apply(state, kr.DrawCard(n, "deck"))
    assert after.players[n - 1].hand[-1] is me.pile[0]
    assert after.players[n - 1].pile == me.pile[1:]
    assert after.players[2 - n].pile == state.players[2 - n].pile
    after, _ = kr.apply(state, kr.DrawCard(n, "revealed2"))
    assert after.players[n - 1].hand[-1] is me.revealed[1]
    assert after.players[n - 1].revealed == (me.revealed[0], me.pile[0])
    # the other seat's pair is untouched and public
    assert after.players[2 - n].revealed == state.players[2 - n].revealed


def test_r35_empty_pile_is_rebuilt_from_own_discarded_cards_only() -> None:
    state = choose_all(kr.new_game(2, seed=3, setup=constructed("balanced", "balanced")))
    n = state.current_player
    me, other = state.players[n - 1], state.players[2 - n]
    mine = me.pile[:3]
    theirs = other.pile[:3]
    players = list(state.players)
    players[n - 1] = evolve(me, pile=(), revealed=(None, None))
    players[2 - n] = evolve(other, pile=other.pile[3:])
    state = evolve(state, players=tuple(players), discard_pile=theirs + mine)
    after, _ = kr.apply(state, kr.DrawCard(n, "deck"))
    drawn = after.players[n - 1].hand[-1]
    assert drawn in mine
    assert set(after.players[n - 1].pile) == set(mine) - {drawn}
    assert after.discard_pile == theirs


def test_r35_no_own_card_anywhere_skips_the_draw() -> None:
    state = choose_all(kr.new_game(2, seed=3, setup=constructed("balanced", "balanced")))
    n = state.current_player
    me, other = state.players[n - 1], state.players[2 - n]
    players = list(state.players)
    players[n - 1] = evolve(me, pile=(), revealed=(None, None))
    # the other seat still has cards to draw, the player's own discards are gone
    state = evolve(state, players=tuple(players), discard_pile=other.pile[:2])
    assert [a.to_json() for a in kr.legal_actions(state, n)] == []
    with pytest.raises(kr.IllegalAction, match="Your pile is empty"):
        kr.apply(state, kr.DrawCard(n, "deck"))
    # start the player's turn anew: R6 skips the draw
    state = evolve(state, current_player=3 - n, players=tuple(
        evolve(p, has_drawn_this_turn=True) for p in state.players))
    state, events = kr.apply(state, kr.PassTurn(3 - n))
    assert any(e.type == "drawPhaseSkipped" and e.data["player"] == n for e in events)
    assert all(not isinstance(a, kr.DrawCard) for a in kr.legal_actions(state, n))


def test_r35_resurrection_may_take_another_seats_royal_from_the_shared_discard() -> None:
    from kingdom_rules.state import Pending

    state = choose_all(kr.new_game(2, seed=5, setup=constructed("balanced", "royal-rush")))
    n = state.current_player
    other = state.players[2 - n]
    royal = next(x for x in other.pile if x.is_royal)
    players = list(state.players)
    players[2 - n] = evolve(other, pile=tuple(x for x in other.pile if x is not royal))
    players[n - 1] = evolve(players[n - 1], has_drawn_this_turn=True)
    state = evolve(state, players=tuple(players), discard_pile=(royal,),
                   pending=(Pending("resurrection", "after-beast"),))
    acts = [a for a in kr.legal_actions(state, n) if isinstance(a, kr.ResurrectRoyal)]
    assert [a.royal for a in acts] == [royal]
    after, _ = kr.apply(state, acts[0])
    assert royal in after.players[n - 1].kingdom.royals and after.discard_pile == ()


def test_r35_redeal_uses_the_own_pile() -> None:
    # 15 number cards in 45: many seeds deal a hand of royals first; every hand ends with one
    royal_heavy = kr.Deck.of([x for x in DECK if x.is_royal and not x.is_hero] * 2
                             + [x for x in DECK if x.is_number][:15] + list(cs("RJ BJ")))
    kr.check_deck(royal_heavy)
    setup = kr.ConstructedSetup((royal_heavy, royal_heavy))
    reshuffled = 0
    for seed in range(40):
        state = kr.new_game(2, seed=seed, setup=setup)
        assert ids_of(state) == expected_constructed_ids(setup)
        for p in state.players:
            assert any(x.is_number for x in p.hand)
        reshuffled += state.shuffles > 2
    assert reshuffled > 0


# --- R36: Spire combat --------------------------------------------------------------------------


def test_r36_run_deck_is_the_runners_pile_with_fortified_cards_on_top() -> None:
    setup = spire("QH 2H 3H 5D 7C 9S KS 4D", fortified="KS 4D", sizes=(3, 4))
    for seed in range(10):
        state = kr.new_game(2, seed=seed, setup=setup)
        runner, enemy = state.players
        assert ids_of(state) == expected_spire_ids()
        run = set(setup.run_deck)
        # the shared deck, its revealed cards and the enemy's hand hold none of the run deck
        assert set(runner.pile) <= run
        assert not run & (set(state.deck) | set(x for x in state.revealed if x) | set(enemy.hand))
        if state.shuffles == 3:  # no redeal: the fortified cards were dealt first
            assert {c("KS"), c("4D")} <= set(runner.hand)
            assert set(runner.hand) | set(runner.pile) == run


def test_r36_runner_draws_own_pile_then_shared_deck_and_it_is_not_rebuilt() -> None:
    setup = spire("QH 2H 3H 5D 7C 9S", sizes=(4, 4))
    state = choose_all(kr.new_game(2, seed=2, setup=setup))
    assert state.current_player == 1
    runner = state.players[0]
    assert len(runner.pile) == 2
    state, _ = kr.apply(state, kr.DrawCard(1, "deck"))
    assert state.players[0].hand[-1] is runner.pile[0]
    assert kr.view(state, 1).to_json()["players"][0]["pileCount"] == 1
    state, _ = kr.apply(state, kr.PassTurn(1))
    top = state.deck[0]
    state, _ = kr.apply(state, kr.DrawCard(2, "deck"))  # the enemy: shared deck only
    assert state.players[1].hand[-1] is top and state.players[0].pile == runner.pile[1:]
    state, _ = kr.apply(state, kr.PassTurn(2))
    state, _ = kr.apply(state, kr.DrawCard(1, "deck"))
    assert state.players[0].pile == ()
    state, _ = kr.apply(state, kr.PassTurn(1))
    # the pile is used up: the runner's next deck draw takes the shared deck's top card,
    # and run-deck cards in the discard pile go to the shared deck's rebuild (R6)
    state, _ = kr.apply(state, kr.DrawCard(2, "deck"))
    state, _ = kr.apply(state, kr.PassTurn(2))
    shared_top = state.deck[0]
    state, _ = kr.apply(state, kr.DrawCard(1, "deck"))
    assert state.players[0].hand[-1] is shared_top and state.players[0].pile == ()
    run_card = next(x for x in state.players[0].hand if x in setup.run_deck)
    hand = tuple(x for x in state.players[0].hand if x is not run_card)
    players = (evolve(state.players[0], hand=hand), state.players[1])
    emptied = evolve(state, players=players, deck=(), revealed=(None, None),
                     discard_pile=(run_card,))
    rest = state.deck + tuple(x for x in state.revealed if x)
    enemy = evolve(emptied.players[1], hand=emptied.players[1].hand + rest)
    emptied = evolve(emptied, players=(emptied.players[0], enemy))
    emptied, _ = kr.apply(emptied, kr.PassTurn(1))
    emptied, _ = kr.apply(emptied, kr.DrawCard(2, "deck"))
    assert emptied.players[1].hand[-1] is run_card and emptied.players[0].pile == ()


def test_r36_runner_redeal_draws_from_own_pile_then_shared_deck() -> None:
    setup = spire("JH QH KD RJ 2H", fortified="JH QH KD RJ", sizes=(4, 4))
    for seed in range(8):
        state = kr.new_game(2, seed=seed, setup=setup)
        runner = state.players[0]
        assert any(x.is_number for x in runner.hand)
        assert state.shuffles > 3  # the four fortified royals came first: always a redeal
        assert ids_of(state) == expected_spire_ids()


def test_r36_setup_is_checked() -> None:
    with pytest.raises(ValueError, match="distinct"):
        spire("QH QH 2H")
    with pytest.raises(ValueError, match="fortified card is a card of the run deck"):
        spire("QH 2H", fortified="3H")
    # A run fortifies 4 cards, 6 with the Mason's Trowel: the setup takes at most 6 (R39).
    with pytest.raises(ValueError, match="At most 6 fortified"):
        spire("QH 2H 3H 4H 5H 6H 7H", fortified="QH 2H 3H 4H 5H 6H 7H")
    with pytest.raises(ValueError, match="one hand of 2 players"):
        kr.new_game(3, seed=1, setup=spire(RUN))
    with pytest.raises(ValueError, match="one hand of 2 players"):
        kr.new_game(2, seed=1, mode="match", setup=spire(RUN))
    with pytest.raises(ValueError, match="at least one number card"):
        kr.new_game(2, seed=1, setup=spire("QH KH"))
    with pytest.raises(ValueError, match="Constructed copy"):
        kr.SpireSetup((kr.Card.parse("hearts-2@p1.1"),))


# --- R37: starting kingdoms, opening hands, replay ---------------------------------------------


def test_r37_starting_kingdoms_and_opening_hand_sizes() -> None:
    kingdoms = (kr.StartingKingdom(resources=cs("4S 6S"), royals=cs("JD")),
                kr.StartingKingdom(resources=cs("8C"), royals=cs("QC BJ")))
    setup = spire(RUN, sizes=(6, 3), kingdoms=kingdoms)
    state = kr.new_game(2, seed=9, setup=setup)
    assert [len(p.hand) for p in state.players] == [6, 3]
    runner, enemy = state.players
    assert runner.kingdom.resources == (kr.Resource(c("4S"), True), kr.Resource(c("6S"), True))
    assert runner.kingdom.royals == (c("JD"),) and enemy.kingdom.royals == cs("QC BJ")
    assert ids_of(state) == expected_spire_ids()
    state = choose_all(state)
    assert kr.hand_score(state.players[0].kingdom) == 3 + 3
    for bad in ((2, 4), (4, 7)):
        with pytest.raises(ValueError, match="3 to 6 cards"):
            spire(RUN, sizes=bad)
    with pytest.raises(ValueError, match="Royal Family"):
        kr.StartingKingdom(royals=cs("JH QH RJ"))
    with pytest.raises(ValueError, match="number card"):
        kr.StartingKingdom(resources=cs("QH"))
    with pytest.raises(ValueError, match="one place only"):
        spire(RUN, kingdoms=(kr.StartingKingdom(resources=cs("2H")), kr.StartingKingdom()))


@pytest.mark.parametrize("kind", ["spire", "constructed"])
def test_r37_seed_setup_and_actions_replay_the_hand(kind: str) -> None:
    setup: kr.Setup = (spire(RUN, "QH", (5, 4), (kr.StartingKingdom(), kr.StartingKingdom(
        resources=cs("AS")))) if kind == "spire" else constructed("dragon-hoard", "royal-rush"))
    actions = []
    rng = random.Random(7)
    state = kr.new_game(2, seed=11, setup=setup)
    while kr.players_to_act(state):
        acts = kr.legal_actions(state, kr.players_to_act(state)[0])
        a = acts[rng.randrange(len(acts))]
        actions.append(a.to_json())
        state, _ = kr.apply(state, a)
    again = kr.replay(11, 2, "game", actions, setup=kr.setup_from_json(setup.to_json()))
    assert state.phase == "finished"
    assert again.to_json() == state.to_json()
    assert kr.GameState.from_json(state.to_json()).to_json() == state.to_json()
    assert kr.GameState.from_json(state.to_json()).setup == setup


# --- R38: the combat's result -------------------------------------------------------------------


def finished(state: GameState, runner: Kingdom, enemy: Kingdom) -> GameState:
    """Both seats pass with nothing to draw: the hand ends by R28 with these kingdoms."""
    players = (Player(1, (), runner, True, True), Player(2, (), enemy, True, False))
    state = evolve(state, players=players, phase="playing", current_player=1, deck=(),
                   revealed=(None, None), discard_pile=())
    state, _ = kr.apply(state, kr.PassTurn(1))
    state, _ = kr.apply(state, kr.PassTurn(2))
    assert state.phase == "finished", state.phase
    return state


def test_r38_combat_result() -> None:
    from tests.rules.helpers import kingdom

    state = choose_all(kr.new_game(2, seed=1, setup=spire(RUN)))
    assert kr.combat_result(state) is None
    won = finished(state, kingdom(ready="2H 3H", royals="QH"), kingdom(ready="4C 5C"))
    assert kr.combat_result(won) == kr.CombatResult(True, 0, 5, 2)
    tie = finished(state, kingdom(ready="2H 3H"), kingdom(ready="4C 5C"))
    assert kr.combat_result(tie) == kr.CombatResult(False, 5, 2, 2)
    big = finished(state, kingdom(ready="2H"), kingdom(ready="4C 5C 6C", royals="QC KC JS"))
    result = kr.combat_result(big)
    assert result is not None and not result.won and result.enemy_score >= 12
    assert result.hp_lost == result.enemy_score - result.runner_score
    assert result.to_json()["hpLost"] == result.hp_lost
    with pytest.raises(ValueError, match="Not a Spire combat"):
        kr.combat_result(kr.new_game(2, seed=1))


def test_r38_runner_completing_the_family_wins() -> None:
    from tests.rules.helpers import kingdom

    state = choose_all(kr.new_game(2, seed=1, setup=spire(RUN)))
    runner = Player(1, cs("KD"), kingdom(ready="2D 3D 4D", royals="JH QH"), True, True)
    enemy = Player(2, (), kingdom(ready="4C 5C 6C 7C 8C", royals="QC JS"), True, False)
    state = evolve(state, players=(runner, enemy), phase="playing", current_player=1)
    state, events = kr.apply(state, kr.PlayRoyal(1, c("KD"), cs("2D 3D 4D")))
    assert state.phase == "finished"
    result = kr.combat_result(state)
    assert result is not None and result.won and result.hp_lost == 0
    assert result.runner_score == 3 * 3 + 3 + 3  # three royals, used resources, bonus
