"""The Spire run: start (R39), moves, fights through the engine's Spire setup, rewards,
prices, rests, events, relic effects, refusals that change nothing, determinism, JSON."""

from __future__ import annotations

import random

import attrs
import pytest

import kingdom_rules as kr
from kingdom_rules.bots import make_bot
from kingdom_rules.spire import EVENTS, RELICS, SUIT_PERKS, Run, RunRefused
from kingdom_rules.spire.autoplay import RunBot, new_fight, play_fight, play_run


def started(suit: str = "hearts", seed: int = 7) -> Run:
    return Run.start(seed).choose_suit(suit)


def refused(run: Run, call: object, *args: object) -> None:
    before = run.to_json()
    with pytest.raises(RunRefused):
        getattr(run, str(call))(*args)
    assert run.to_json() == before


def test_start_per_suit() -> None:
    for suit in ("hearts", "diamonds", "clubs", "spades"):
        run = started(suit)
        royal = run.previews[("hearts", "diamonds", "clubs", "spades").index(suit)]
        assert royal in run.deck and royal.suit == suit and royal.rank in "JQK"
        assert run.gold == 99 and run.phase == "map" and run.act == 1
        numbers = [c for c in run.deck if c.is_number]
        assert len(set(run.deck)) == len(run.deck)
        assert len(run.deck) == (7 if suit == "spades" else 6)
        assert sum(c.suit == suit for c in numbers) == 5
        assert run.max_hp == run.hp == (60 if suit == "clubs" else 50)


def test_suit_perks_text_says_what_choosing_the_suit_does() -> None:
    """R39's perks in words, one per suit, agreeing with the run's own effects."""
    from kingdom_rules.cards import SUITS

    assert tuple(SUIT_PERKS) == SUITS
    hearts = started("hearts")
    assert SUIT_PERKS["hearts"] == "Steadfast: heal 5 HP after every fight you win."
    extra_hp = started("clubs").max_hp - hearts.max_hp
    assert extra_hp > 0 and SUIT_PERKS["clubs"] == f"+{extra_hp} max HP."
    spades = started("spades")
    assert len(spades.deck) == len(hearts.deck) + 1 == 7
    assert SUIT_PERKS["spades"].startswith("A 7th card")
    assert SUIT_PERKS["diamonds"] == "+25% gold from fights."


def test_refusals_change_nothing() -> None:
    fresh = Run.start(3)
    refused(fresh, "choose_suit", "stars")
    refused(fresh, "enter", 0)
    run = started()
    refused(run, "choose_suit", "hearts")
    far = [i for i in range(len(run.map.nodes)) if i not in run.accessible()]
    refused(run, "enter", far[0])
    refused(run, "rest")
    refused(run, "take_card", None)
    refused(run, "buy_card", 0)
    refused(run, "answer_event", 0)
    fight = run.enter(run.accessible()[0])
    refused(fight, "enter", fight.accessible()[0] if fight.accessible() else 0)
    other = Run.start(99).choose_suit("hearts")
    other = other.enter(other.accessible()[0])
    assert other.combat is not None
    refused(fight, "finish_combat", play_fight(other.combat, make_bot("greedy")))
    refused(fight, "finish_combat", new_fight(fight.combat))  # not over yet
    abandoned = run.abandon()
    refused(abandoned, "abandon")


def test_fight_setup_and_outcomes() -> None:
    run = started()
    fight = run.enter(run.accessible()[0])
    c = fight.combat
    assert c is not None and c.kind == "combat" and c.bot == "greedy"
    # a lean deck (6 cards): 5 cards in the opening hand
    assert run.deck_shape() == ("lean", 1)
    assert c.setup.run_deck == run.deck and c.setup.hand_sizes == (5, 4)
    state = play_fight(c, make_bot("greedy"))
    result = kr.combat_result(state)
    assert result is not None
    after = fight.finish_combat(state)
    hurt = run.wound(result.runner_score, result.enemy_score, result.won, "combat")
    if result.won:
        assert after.phase == "reward" and 99 + 10 <= after.gold <= 99 + 20
        assert after.hp == min(run.max_hp, run.hp - hurt + 5)  # hearts heal 5 after a win
        assert after.reward is not None and len(after.reward.cards) == 3
        assert not set(after.reward.cards) & set(after.deck)
        took = after.take_card(after.reward.cards[0])
        assert after.reward.cards[0] in took.deck and took.phase == "map"
        assert fight.position in took.completed
    else:
        assert after.hp == 50 - hurt and after.phase == "map" and hurt >= result.hp_lost


def test_many_fights_follow_r38() -> None:
    """Over several runs every fight's HP and gold follow the wounds (at least R38's loss
    for a lost fight) and the reward table."""
    seen_win = seen_loss = False
    for seed in range(6):
        run = started("diamonds", seed)
        run = run.enter(run.accessible()[0])
        assert run.combat is not None
        state = play_fight(run.combat, make_bot("random"))
        result = kr.combat_result(state)
        assert result is not None
        after = run.finish_combat(state)
        if result.won:
            seen_win = True
            assert round(10 * 1.25) <= after.gold - 99 <= round(20 * 1.25)
            assert after.hp == run.hp - max(0, result.enemy_score - result.runner_score // 2)
        else:
            seen_loss = True
            lost = run.hp - after.hp
            assert lost >= result.hp_lost >= 5
            assert lost == max(5, result.enemy_score - result.runner_score // 2,
                               result.enemy_score - result.runner_score)
    assert seen_win or seen_loss


def test_elite_and_boss_enemies() -> None:
    run = started()
    for kind, act in (("elite", 1), ("boss", 1), ("boss", 3), ("combat", 3)):
        fight = attrs.evolve(run, act=act)._fight(kind, from_event=False)
        c = fight.combat
        assert c is not None
        assert c.bot == "greedy"
        if kind == "boss" and act == 3:
            # The Hollow Crown: one card less for the runner (5 for a lean deck, -1)
            assert c.enemy == "The Hollow King" and c.setup.hand_sizes == (4, 5)
            assert len(c.setup.kingdoms[1].royals) == 1
            assert len(c.setup.kingdoms[1].resources) == 1
        if kind == "elite" and act == 1:  # Shield Wall
            assert c.setup.hand_sizes == (4, 5)


def test_relics_change_setup_and_economy() -> None:
    run = attrs.evolve(started(), relics=("war-drum", "copper-crown", "sharp-eye"))
    c = run._fight("combat", from_event=False).combat
    assert c is not None and c.setup.hand_sizes == (6, 3)
    # the Copper Crown's lowest free heart, and the red banner's card (an all-red deck)
    assert run.banner() == "red"
    low, flag = c.setup.kingdoms[0].resources
    assert low.suit == "hearts" and low not in run.deck
    assert flag.color == "red" and flag not in run.deck and flag != low
    with_oak = run._gain_relic("heart-of-oak", "test")
    assert with_oak.max_hp == 60 and with_oak.hp == 60
    assert run._gain_relic("coin-purse", "t").gold == 99 + 100
    assert len(RELICS) >= 30 and all(r.text for r in RELICS.values())


def test_rest_heals_or_fortifies() -> None:
    run = attrs.evolve(started(), phase="rest", hp=20, position=None)
    assert run.rest().hp == 35
    assert attrs.evolve(run, relics=("bandage-roll",)).rest().hp == 42
    royal = next(c for c in run.deck if c.is_royal)
    assert run.fortify(royal).fortified == (royal,)
    full = attrs.evolve(run, fortified=tuple(run.deck[:4]))
    trowel = attrs.evolve(full, relics=("mason-trowel",))
    assert len(trowel.fortify(run.deck[4]).fortified) == 5
    refused(full, "fortify", run.deck[4])
    refused(run, "fortify", "hearts-Q" if "hearts-Q" not in [c.id for c in run.deck]
            else "spades-Q")


def test_shop_prices_and_refusals() -> None:
    run = attrs.evolve(started(), gold=1000)
    shop = run._stock()
    assert len(shop.cards) == 5 and len(shop.relics) == 2
    for o in shop.cards:
        card = kr.Card.parse(o.item)
        base = 150 if card.is_hero else 75 if card.is_royal else 50
        assert round(base * 0.9) <= o.price <= round(base * 1.1)
        assert card not in run.deck
    assert all(150 <= o.price <= 250 for o in shop.relics)
    assert shop.removal_price == 75
    run = attrs.evolve(run, phase="shop", shop=shop)
    bought = run.buy_card(0)
    assert bought.gold == 1000 - shop.cards[0].price
    refused(bought, "buy_card", 0)
    gone = run.remove_card(run.deck[0])
    assert gone.removals == 1 and gone.removal_price() == 100
    refused(gone, "remove_card", gone.deck[0])
    poor = attrs.evolve(run, gold=10)
    refused(poor, "buy_card", 0)
    refused(poor, "buy_relic", 0)
    refused(poor, "remove_card", poor.deck[0])
    sealed = attrs.evolve(run, relics=("merchant-seal",))
    seal = sealed._stock()
    assert all(o.price <= 250 * 0.8 for o in seal.relics)
    assert seal.removal_price == sealed.removal_price() == 60  # removal discounted too


def test_events_answers() -> None:
    assert len(EVENTS) >= 20
    base = attrs.evolve(started(), gold=100, phase="event")
    for event in EVENTS:
        run = attrs.evolve(base, event=event)
        for i in range(len(EVENTS[event].choices)):
            if run.choice_problem(i) is None:
                after = run.answer_event(i)
                assert after.phase in ("map", "combat")
    broke = attrs.evolve(base, gold=0, event="beggar")
    refused(broke, "answer_event", 0)
    refused(broke, "answer_event", 5)
    duel = attrs.evolve(base, event="stranger").answer_event(0)
    assert duel.phase == "combat" and duel.combat is not None and duel.combat.kind == "elite"


def test_runs_are_reproducible_and_round_trip() -> None:
    a = play_run(11, "random")
    b = play_run(11, "random")
    assert a == b and a.over
    assert Run.from_json(a.to_json()) == a
    run = started()
    rng = random.Random(1)
    for _ in range(30):
        if run.over:
            break
        if run.phase == "combat":
            assert run.combat is not None
            run = run.finish_combat(play_fight(run.combat, make_bot("random")))
        else:
            run = RunBot().step(run, rng)
        assert Run.from_json(run.to_json()) == run
    with pytest.raises(ValueError):
        Run.from_json({"seed": 1})
    for key, bad in (("currentNodeIndex", 999), ("currentHP", 500), ("phase", "flying"),
                     ("acquiredRelics", ["no-such-relic"]), ("deck", ["hearts-2", "hearts-2"])):
        with pytest.raises(ValueError):
            Run.from_json({**run.to_json(), key: bad})


def test_score_formula() -> None:
    run = attrs.evolve(started(), floors_climbed=20, elites_beaten=2, bosses_beaten=1, hp=30,
                       gold=95)
    assert run.score == 5 * 20 + 20 * 2 + 50 + 30  # gold left counts nothing
    assert run.score_parts() == {"floors": 100, "elites": 40, "bosses": 50, "hp": 30,
                                 "victory": 0}
    assert attrs.evolve(run, phase="won").score == run.score + 100


def test_every_fight_setup_deals_with_every_relic() -> None:
    """Any act, room kind and relics: the fight is a legal Spire setup the engine deals."""
    for seed in range(12):
        for suit in ("hearts", "spades"):
            run = attrs.evolve(started(suit, seed), relics=tuple(RELICS))
            for act in (1, 2, 3):
                for kind in ("combat", "elite", "boss"):
                    c = attrs.evolve(run, act=act)._fight(kind, from_event=False).combat
                    assert c is not None
                    state = new_fight(c)
                    hands = [len(p.hand) for p in state.players]
                    assert hands == list(c.setup.hand_sizes)
                    placed = [*c.setup.run_deck, *c.setup.kingdoms[0].cards(),
                              *c.setup.kingdoms[1].cards()]
                    assert len(set(placed)) == len(placed)


def test_chest_says_what_the_treasure_room_gave() -> None:
    """``Run.chest()`` is derived from the state alone: over many seeds and owned relic sets
    (the full set among them) it names exactly what entering the treasure room did, also after
    a JSON round trip, and nothing outside an opened treasure room."""
    rng = random.Random(3)
    names = list(RELICS)
    for seed in range(150):
        run = started(seed=seed)
        amap = run.map
        parent, chest = next((p, c) for p in range(len(amap.nodes)) for c in amap.children(p)
                             if amap.nodes[c].kind == "treasure")
        owned = (tuple(names) if seed % 10 == 0
                 else tuple(rng.sample(names, rng.randrange(len(names)))))
        before = attrs.evolve(run, position=parent, relics=owned, gold=0)
        assert before.chest() is None
        after = before.enter(chest)
        gained = [r for r in after.relics if r not in before.relics]
        assert len(gained) <= 1
        relic = gained[0] if gained else None
        gold = after.gold - (100 if relic == "coin-purse" else 0)
        assert gold >= 0
        assert after.chest() == (relic, gold), (seed, owned)
        assert Run.from_json(after.to_json()).chest() == (relic, gold)
        if seed % 10 == 0:
            assert relic is None and gold == 100  # the full set includes the Treasure Map
        nxt = after.enter(after.map.children(chest)[0])
        assert nxt.chest() is None


def test_run_bot_spends_its_gold_in_the_last_act() -> None:
    """Gold left at the run's end scores nothing: in the last act the bot heads for a shop it
    can buy in and buys what it would pass over earlier in the run."""
    run = attrs.evolve(started(), gold=150)
    shop = run._stock()
    # A number card of the run's colour: worth buying only when gold has nothing to wait for.
    face = next(f"diamonds-{v}" for v in range(10, 1, -1)
                if kr.Card.parse(f"diamonds-{v}") not in run.deck)
    offers = tuple(attrs.evolve(o, item=face, price=60) if i == 0 else attrs.evolve(o, sold=True)
                   for i, o in enumerate(shop.cards))
    stocked = attrs.evolve(run, phase="shop", relics=(), shop=attrs.evolve(
        shop, cards=offers, removed=True,
        relics=tuple(attrs.evolve(o, sold=True) for o in shop.relics)))
    rng = random.Random(1)
    early = RunBot().step(stocked, rng)
    assert early.phase == "map" and early.gold == 150  # act 1: it keeps the gold
    late = RunBot().step(attrs.evolve(stocked, act=kr.spire.run.ACTS), rng)
    assert late.phase == "shop" and late.gold == 90  # the last act: it buys
    assert len(late.deck) == len(stocked.deck) + 1
