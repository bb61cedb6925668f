"""The Spire's content as data: every relic's declared effect shows in the run, unknown
relics and hooks fail loudly, every event answer is reachable and does what it says, and
docs/spire.md's tables are the data's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import attrs
import pytest

import kingdom_rules as kr
from kingdom_rules.cards import DECK, Card
from kingdom_rules.perks import Perks
from kingdom_rules.spire import EVENTS, RELICS, Run, RunRefused
from kingdom_rules.spire.content import (
    HOOKS,
    RULE_HOOKS,
    STANDARDS,
    Relic,
    enemy_table,
    event_table,
    relic,
    relic_table,
    standard_table,
)

DOCS = Path(__file__).parents[2] / "docs" / "spire.md"


def started(suit: str = "hearts", seed: int = 7) -> Run:
    return Run.start(seed).choose_suit(suit)


def fight(run: Run, kind: str, act: int = 1) -> kr.SpireSetup:
    c = attrs.evolve(run, act=act)._fight(kind, from_event=False).combat
    assert c is not None
    return c.setup


def resolve(run: Run, kind: str, won: bool, runner: int, enemy: int) -> Run:
    fighting = run._fight(kind, from_event=False)
    return fighting._resolve(kr.CombatResult(won, 0 if won else max(5, enemy - runner),
                                             runner, enemy))


def room(run: Run, kind: str) -> tuple[Run, int]:
    """The run standing just below a room of ``kind``, and that room."""
    for seed in range(200):
        r = attrs.evolve(run, seed=seed)
        m = r.map
        for p in range(len(m.nodes)):
            for c in m.children(p):
                if m.nodes[c].kind == kind:
                    return attrs.evolve(r, position=p, phase="map"), c
    raise AssertionError(f"no {kind} room")


def with_relic(run: Run, relic_id: str) -> Run:
    return attrs.evolve(run, relics=(*run.relics, relic_id))


def mixed_deck(red: int, black: int) -> tuple[Card, ...]:
    reds = [c for c in DECK if c.is_number and c.suit == "hearts"]
    blacks = [c for c in DECK if c.is_number and c.suit == "clubs"]
    return tuple(sorted([Card.parse("hearts-Q"), *reds[:red - 1], *blacks[:black]],
                        key=lambda c: c.order))


# One check per hook: it compares a run without and with the relic (amount: the relic's).
Check = Callable[[Run, Run, Relic, int], None]


def _kinds(r: Relic) -> list[str]:
    return [k for k in ("combat", "elite", "boss") if k in r.kinds]


def check_hand(base: Run, run: Run, r: Relic, amount: int) -> None:
    for kind in ("combat", "elite", "boss"):
        delta = fight(run, kind, 2).hand_sizes[0] - fight(base, kind, 2).hand_sizes[0]
        assert delta == (amount if kind in r.kinds else 0), kind


def check_enemy_hand(base: Run, run: Run, r: Relic, amount: int) -> None:
    for kind in ("combat", "elite", "boss"):
        delta = fight(base, kind, 3).hand_sizes[1] - fight(run, kind, 3).hand_sizes[1]
        assert delta == (amount if kind in r.kinds else 0), kind


def check_ready(low: bool) -> Check:
    def check(base: Run, run: Run, r: Relic, amount: int) -> None:
        free = [c for c in DECK if c.is_number and c.suit == "hearts" and c not in run.deck]
        want = free[0] if low else free[-1]
        for kind in ("combat", "elite", "boss"):
            has = want in fight(run, kind).kingdoms[0].resources
            assert has == (kind in r.kinds), kind
            assert want not in fight(base, kind).kingdoms[0].resources
    return check


def check_crown(base: Run, run: Run, r: Relic, amount: int) -> None:
    (jack,) = fight(run, "combat").kingdoms[0].royals
    assert jack.rank == "J" and jack.color == "red" and jack not in run.deck
    assert fight(base, "combat").kingdoms[0].royals == ()


def check_enemy_ready(base: Run, run: Run, r: Relic, amount: int) -> None:
    before = len(fight(base, "combat", 2).kingdoms[1].resources)
    assert before >= 1
    assert len(fight(run, "combat", 2).kingdoms[1].resources) == before - amount


def check_enemy_crown(base: Run, run: Run, r: Relic, amount: int) -> None:
    assert len(fight(base, "elite", 2).kingdoms[1].royals) == 1
    assert fight(run, "elite", 2).kingdoms[1].royals == ()


def check_fortify_cap(base: Run, run: Run, r: Relic, amount: int) -> None:
    assert run.fortify_cap() == base.fortify_cap() + amount
    resting = attrs.evolve(run, phase="rest", fortified=run.deck[:4])
    assert len(resting.fortify(run.deck[4]).fortified) == 5
    with pytest.raises(RunRefused):
        attrs.evolve(base, phase="rest", fortified=base.deck[:4]).fortify(base.deck[4])


def check_lean(base: Run, run: Run, r: Relic, amount: int) -> None:
    deck = mixed_deck(7, 3)  # 10 cards: steady without the relic, lean with it
    assert attrs.evolve(base, deck=deck).deck_shape() == ("steady", 0)
    assert attrs.evolve(run, deck=deck).deck_shape() == ("lean", 1)


def check_banner(base: Run, run: Run, r: Relic, amount: int) -> None:
    deck = mixed_deck(7, 3)  # 70% red
    assert attrs.evolve(base, deck=deck).banner() is None
    assert attrs.evolve(run, deck=deck).banner() == "red"


def check_ignore_twist(base: Run, run: Run, r: Relic, amount: int) -> None:
    assert fight(run, "elite", 1).hand_sizes[0] == fight(base, "elite", 1).hand_sizes[0] + 1
    assert run.wound(10, 20, True, "elite", None) <= base.wound(10, 20, True, "elite", None)


def check_wound(base: Run, run: Run, r: Relic, amount: int) -> None:
    assert base.wound(16, 12, True, "combat") == 4  # 12 points, 8 parried
    assert run.wound(16, 12, True, "combat") == 4 - amount
    assert run.wound(30, 12, True, "combat") == 0  # a crushing win costs nothing


def check_loss(base: Run, run: Run, r: Relic, amount: int) -> None:
    assert base.wound(10, 20, False, "combat") - run.wound(10, 20, False, "combat") == amount
    assert run.wound(20, 21, False, "combat") >= 1


def check_phoenix(base: Run, run: Run, r: Relic, amount: int) -> None:
    low = attrs.evolve(run, hp=3)
    saved = resolve(low, "combat", False, 0, 20)
    assert saved.hp == 10 and saved.phoenix_used and saved.phase == "map"
    again = attrs.evolve(saved, phase="map", hp=3)
    assert resolve(again, "combat", False, 0, 20).phase == "lost"
    assert resolve(attrs.evolve(base, hp=3), "combat", False, 0, 20).phase == "lost"


def check_heal(crushing: bool) -> Check:
    def check(base: Run, run: Run, r: Relic, amount: int) -> None:
        runner, enemy = (30, 10) if crushing else (20, 12)
        a = resolve(attrs.evolve(base, hp=20), "combat", True, runner, enemy)
        b = resolve(attrs.evolve(run, hp=20), "combat", True, runner, enemy)
        assert b.hp - a.hp == amount
        if crushing:  # a win that wounds does not heal
            a = resolve(attrs.evolve(base, hp=20), "combat", True, 20, 12)
            b = resolve(attrs.evolve(run, hp=20), "combat", True, 20, 12)
            assert a.hp == b.hp
    return check


def check_rest_heal(base: Run, run: Run, r: Relic, amount: int) -> None:
    a = attrs.evolve(base, phase="rest", hp=10).rest()
    b = attrs.evolve(run, phase="rest", hp=10).rest()
    assert b.hp - a.hp == run.max_hp * amount // 100


def check_entry_heal(kind: str) -> Check:
    def check(base: Run, run: Run, r: Relic, amount: int) -> None:
        before, node = room(attrs.evolve(base, hp=10), kind)
        assert before.enter(node).hp == 10
        assert with_relic(before, r.id).enter(node).hp == 10 + amount
    return check


def check_max_hp(base: Run, run: Run, r: Relic, amount: int) -> None:
    got = base._gain_relic(r.id, "test")
    assert got.max_hp == base.max_hp + amount and got.hp == base.hp + amount


def check_gold(base: Run, run: Run, r: Relic, amount: int) -> None:
    assert base._gain_relic(r.id, "test").gold == base.gold + amount


def check_gold_pct(base: Run, run: Run, r: Relic, amount: int) -> None:
    a = resolve(base, "combat", True, 30, 10)
    b = resolve(run, "combat", True, 30, 10)
    assert a.reward is not None and b.reward is not None
    assert b.reward.gold == round(a.reward.gold * (100 + amount) / 100)


def check_strong_gold(base: Run, run: Run, r: Relic, amount: int) -> None:
    a = resolve(base, "elite", True, 30, 10)
    b = resolve(run, "elite", True, 30, 10)
    assert b.gold - a.gold == amount + (b.gold - a.gold - amount) * 0
    assert resolve(run, "combat", True, 30, 10).gold == resolve(base, "combat", True, 30,
                                                                10).gold


def check_discount(base: Run, run: Run, r: Relic, amount: int) -> None:
    a, b = base._stock(), run._stock()
    assert b.removal_price == round(a.removal_price * (100 - amount) / 100)
    assert all(y.price < x.price for x, y in zip(a.cards, b.cards, strict=True))


def check_removal(base: Run, run: Run, r: Relic, amount: int) -> None:
    assert base.removal_price() - run.removal_price() == amount


def check_free_removal(base: Run, run: Run, r: Relic, amount: int) -> None:
    assert run.removal_price() == 0 and base.removal_price() == 75
    assert attrs.evolve(run, removals=amount).removal_price() == 75 + 25 * amount


def check_choices(base: Run, run: Run, r: Relic, amount: int) -> None:
    a = resolve(base, "combat", True, 30, 10)
    b = resolve(run, "combat", True, 30, 10)
    assert a.reward is not None and b.reward is not None
    assert len(b.reward.cards) == len(a.reward.cards) + amount


def check_treasure_gold(base: Run, run: Run, r: Relic, amount: int) -> None:
    before, node = room(base, "treasure")
    plain = before.enter(node)
    rich = with_relic(before, r.id).enter(node)
    # the same chest (the draw skips owned relics, so compare the gold the room found)
    assert rich.chest() is not None and plain.chest() is not None
    assert rich.chest()[1] == plain.chest()[1] + amount  # type: ignore[index]


def check_rule(hook: str) -> Check:
    """A rule of play: every fight of the relic's kinds gives the runner the play perk (the
    engine's side of each perk: tests/test_perks.py)."""
    def check(base: Run, run: Run, r: Relic, amount: int) -> None:
        for kind in ("combat", "elite", "boss"):
            got = fight(run, kind).perks[0].get(hook) - fight(base, kind).perks[0].get(hook)
            assert got == (amount if kind in r.kinds else 0), kind
            assert fight(run, kind).perks[1] == Perks()  # never the enemy's
    return check


def check_standard(base: Run, run: Run, r: Relic, amount: int) -> None:
    spades = [c for c in DECK if c.is_number and c.suit == "spades"]
    deck = (*mixed_deck(4, 3), *spades[:3])  # 4 hearts of 10: 40%
    assert attrs.evolve(base, deck=deck).standard() is None
    assert attrs.evolve(run, deck=deck).standard() == STANDARDS["hearts"]
    assert fight(attrs.evolve(run, deck=deck), "combat").perks[0].get("horse_draw") == 1


CHECKS: dict[str, Check] = {
    **{hook: check_rule(hook) for hook in RULE_HOOKS}, "standard": check_standard,
    "hand": check_hand, "enemy_hand": check_enemy_hand, "ready_low": check_ready(True),
    "ready_high": check_ready(False), "crown": check_crown, "enemy_ready": check_enemy_ready,
    "enemy_crown": check_enemy_crown, "fortify_cap": check_fortify_cap, "lean": check_lean,
    "banner": check_banner, "ignore_twist": check_ignore_twist, "wound": check_wound,
    "loss": check_loss, "phoenix": check_phoenix, "win_heal": check_heal(False),
    "crush_heal": check_heal(True), "rest_heal": check_rest_heal,
    "shop_heal": check_entry_heal("shop"), "event_heal": check_entry_heal("event"),
    "max_hp": check_max_hp, "gold": check_gold, "gold_pct": check_gold_pct,
    "strong_gold": check_strong_gold, "discount": check_discount, "removal": check_removal,
    "free_removal": check_free_removal, "choices": check_choices,
    "treasure_gold": check_treasure_gold,
}


def test_every_hook_has_a_check() -> None:
    assert set(CHECKS) == set(HOOKS)


@pytest.mark.parametrize("relic_id", sorted(RELICS))
def test_every_relic_does_what_it_declares(relic_id: str) -> None:
    """Each effect a relic declares shows in the run (a run of hearts, 6 cards, all red)."""
    r = RELICS[relic_id]
    # 4 hearts and 3 clubs: no banner, a lean deck
    base = attrs.evolve(started(), gold=500, deck=mixed_deck(4, 3))
    run = with_relic(base, relic_id)
    assert r.effects
    for hook, amount in r.effects:
        CHECKS[hook](base, run, r, amount)


def test_at_least_30_relics_and_a_third_change_play() -> None:
    assert len(RELICS) >= 30
    assert sum(r.play for r in RELICS.values()) >= len(RELICS) / 3
    # Every rule of play a perk changes has a relic that changes it.
    assert {h for r in RELICS.values() for h, _ in r.effects if r.rules} >= set(RULE_HOOKS)


# -- suit standards -------------------------------------------------------------------------

@pytest.mark.parametrize("suit", sorted(STANDARDS))
def test_a_deck_mostly_of_one_suit_raises_its_standard(suit: str) -> None:
    run = started(suit)  # a starter deck: one suit (spades: 6 of 7)
    standard = STANDARDS[suit]
    assert run.standard() == standard
    for kind in ("combat", "elite", "boss"):
        perks = fight(run, kind).perks[0]
        assert perks == Perks(standard.effects)
    rules = run.deck_rules()
    assert rules["standard"] == standard.to_json()
    assert standard.name in rules["standardText"] and standard.text in rules["standardText"]
    assert rules["suits"][suit] == sum(c.suit == suit for c in run.deck)
    stakes = run._fight("combat", from_event=False).stakes()
    assert stakes is not None and stakes["standard"] == standard.to_json()


def test_no_standard_without_a_clear_majority_of_one_suit() -> None:
    half = attrs.evolve(started(), deck=mixed_deck(3, 3))  # 3 hearts, 3 clubs: 50%
    assert half.standard() is None
    assert fight(half, "combat").perks[0] == Perks()
    assert "No suit standard" in half.deck_rules()["standardText"]
    assert attrs.evolve(half, deck=mixed_deck(4, 3)).standard() == STANDARDS["hearts"]
    clubs = attrs.evolve(half, deck=mixed_deck(2, 4))
    assert clubs.standard() == STANDARDS["clubs"]


def test_relics_and_standard_show_on_the_table() -> None:
    run = with_relic(with_relic(started("clubs"), "twin-quiver"), "buckler")
    stakes = run._fight("elite", from_event=False).stakes()
    assert stakes is not None
    assert [r["name"] for r in stakes["relics"]] == ["Twin Quiver", "Buckler"]
    assert stakes["relics"][0] == {"id": "twin-quiver", "name": "Twin Quiver",
                                   "description": RELICS["twin-quiver"].text, "play": "rules"}
    assert stakes["relics"][1]["play"] == ""
    assert stakes["standard"]["name"] == "Standard of Clubs"


def test_unknown_relics_and_hooks_fail_loudly() -> None:
    with pytest.raises(KeyError, match="unknown relic 'no-such'"):
        relic("no-such")
    with pytest.raises(KeyError):
        started().has("no-such")
    with pytest.raises(KeyError, match="unknown relic hook"):
        started().bonus("fly")
    with pytest.raises(ValueError, match="unknown hook"):
        Relic("x", "X", "x", (("fly", 1),))
    with pytest.raises(ValueError):
        Run.from_json({**started().to_json(), "acquiredRelics": ["no-such"]})


# -- events ---------------------------------------------------------------------------------

def states() -> list[Run]:
    """Runs in various shapes: rich or poor, healthy or hurt, lean or full decks."""
    base = attrs.evolve(started(), phase="event")
    full = attrs.evolve(base, deck=mixed_deck(8, 5))
    return [attrs.evolve(b, gold=g, hp=h) for b in (base, full) for g in (0, 200)
            for h in (5, 40)]


def test_at_least_20_events() -> None:
    assert len(EVENTS) >= 20


@pytest.mark.parametrize("event_id", sorted(EVENTS))
def test_every_event_answer_is_reachable_and_does_what_it_says(event_id: str) -> None:
    event = EVENTS[event_id]
    for i, c in enumerate(event.choices):
        ok = [r for r in (attrs.evolve(s, event=event_id) for s in states())
              if r.choice_problem(i) is None]
        assert ok, f"{event_id}: answer {i} ({c.label}) is never allowed"
        run = ok[0]
        after = run.answer_event(i)
        assert after.phase == ("combat" if c.fight else "map"), c.label
        if c.fight:
            assert after.combat is not None and after.combat.kind == "elite"
            continue
        if not c.gamble:
            assert after.gold == run.gold + c.gold, c.label
        if c.max_hp:
            assert after.max_hp == run.max_hp + c.max_hp
        if c.hp < 0:
            assert after.hp == run.hp + c.hp + max(c.max_hp, 0)
        if c.remove or c.lose_card:
            assert len(after.deck) == len(run.deck) - 1
        if c.card and not c.gamble:
            assert len(after.deck) == len(run.deck) + 1
        if c.relic:
            assert len(after.relics) == len(run.relics) + 1
        if c.fortify:
            assert len(after.fortified) == len(run.fortified) + 1
        if c.heal_percent or c.hp > 0:
            assert after.hp > run.hp or run.hp == run.max_hp
        # a refused answer changes nothing
        for s in states():
            r = attrs.evolve(s, event=event_id)
            if r.choice_problem(i) is not None:
                with pytest.raises(RunRefused):
                    r.answer_event(i)


def test_every_event_has_an_answer_any_run_can_take() -> None:
    for event_id, event in EVENTS.items():
        for s in states():
            r = attrs.evolve(s, event=event_id)
            assert any(r.choice_problem(i) is None for i in range(len(event.choices)))


def test_a_gamble_both_ways() -> None:
    outcomes = set()
    for seed in range(40):
        r = attrs.evolve(started(seed=seed), phase="event", event="gambler", gold=100,
                         position=0)
        outcomes.add(r.answer_event(0).gold)
    assert outcomes == {50, 150}  # the stake lost, or doubled


# -- docs -----------------------------------------------------------------------------------

def test_docs_tables_are_the_data() -> None:
    text = DOCS.read_text()
    for table in (relic_table(), event_table(), enemy_table(), standard_table()):
        assert table in text, "docs/spire.md: regenerate its tables (see the test)"


def test_a_run_naming_an_unknown_relic_anywhere_is_refused() -> None:
    """Owned, on a shop's shelf or in a reward: an id that is not in RELICS fails to load."""
    doc = started().to_json()
    shop = {"cards": [], "relics": [{"item": "no-such", "price": 150, "sold": False}],
            "removalPrice": 75, "removed": False}
    for broken in ({**doc, "acquiredRelics": ["no-such"]}, {**doc, "phase": "shop", "shop": shop},
                   {**doc, "phase": "reward", "reward": {"gold": 0, "cards": [],
                                                         "relic": "no-such", "boss": False}}):
        with pytest.raises(ValueError, match="unknown relic"):
            Run.from_json(broken)


def test_notices_name_the_relic_that_acts() -> None:
    """A relic's effect is told by the relic's own name, from RELICS."""
    run = attrs.evolve(started(), relics=("meal-ticket", "treasure-map"))
    assert run._by("shop_heal") == RELICS["meal-ticket"].name
    assert run._by("treasure_gold") == RELICS["treasure-map"].name
    assert run._by("phoenix") == ""
