"""A one-step reference model of the follow-up answers and the pass (R7, R13, R17-R28),
written from the rulings and docs/rules.md table rulings. Given a state and a legal action
it predicts a normalised projection of the next state; tests compare it with the engine's.

Order-free parts (hands, the discard pile, resources) are compared as sorted lists; the
draws of a pass (a royal reward) take the deck's top cards when the deck holds enough.
"""

from __future__ import annotations

from typing import Any

import kingdom_rules as kr
from kingdom_rules.state import GameState, Pending
from tests.rules.oracle import STRUCTURES, _followups, my_classify  # noqa: F401

Proj = dict[str, Any]


def project(state: GameState) -> Proj:
    players = []
    for p in state.players:
        k = p.kingdom
        players.append(
            {
                "hand": sorted(c.id for c in p.hand),
                "resources": sorted((r.card.id, r.ready) for r in k.resources),
                "royals": sorted(c.id for c in k.royals),
                "combos": [
                    (
                        cb.kind,
                        sorted(c.id for c in cb.cards),
                        cb.rider.id if cb.rider else None,
                        sorted(c.id for c in cb.protected),
                    )
                    for cb in k.combinations
                ],
                "reward": p.royal_reward,
            }
        )
    return {
        "phase": state.phase,
        "current": state.current_player,
        "round": state.round,
        "players": players,
        "discard": sorted(c.id for c in state.discard_pile),
        "deck": len(state.deck),
        "pending": [(x.type, x.context, x.eat_count) for x in state.pending],
    }


class _Model:
    """Mutable copy of the parts of a state the follow-ups change."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.n = state.player_count
        self.me = state.current_player
        self.hands = {p.number: list(p.hand) for p in state.players}
        self.res = {p.number: list(p.kingdom.resources) for p in state.players}
        self.royals = {p.number: list(p.kingdom.royals) for p in state.players}
        self.combos = {
            p.number: [
                [cb.kind, cb.cards, cb.rider, list(cb.protected)] for cb in p.kingdom.combinations
            ]
            for p in state.players
        }
        self.reward = {p.number: p.royal_reward for p in state.players}
        self.discard = list(state.discard_pile)
        self.deck = list(state.deck)
        self.pending = list(state.pending)

    def remove_combo(self, o: int, i: int) -> list[Any]:
        return self.combos[o].pop(i)

    def kill(self, o: int, royal: kr.Card) -> None:
        self.royals[o].remove(royal)
        self.discard.append(royal)

    def to_state(self) -> GameState:
        from kingdom_rules.state import Combination, Kingdom, evolve

        players = []
        for p in self.state.players:
            k = Kingdom(
                tuple(self.res[p.number]),
                tuple(self.royals[p.number]),
                tuple(Combination(c[0], c[1], c[2], tuple(c[3])) for c in self.combos[p.number]),
            )
            players.append(
                evolve(
                    p,
                    hand=tuple(self.hands[p.number]),
                    kingdom=k,
                    royal_reward=self.reward[p.number],
                )
            )
        return evolve(
            self.state,
            players=tuple(players),
            discard_pile=tuple(self.discard),
            deck=tuple(self.deck),
            pending=tuple(self.pending),
        )


def _family(royals: list[kr.Card]) -> bool:
    ranks = [r.rank for r in royals]
    return sum(1 for r in ("J", "Q", "K") if r not in ranks) <= ranks.count("JOKER")


def predict(state: GameState, action: kr.Action) -> Proj | None:
    """The projection after ``action`` (an answer to the head follow-up, a skip, or a pass);
    None for actions this model does not cover or when a deck rebuild makes draws unknown."""
    m = _Model(state)
    me, n = m.me, m.n
    head: Pending | None = m.pending[0] if m.pending else None
    rest = m.pending[1:]
    if isinstance(action, kr.PassTurn):
        return _predict_pass(state, m)
    if head is None:
        return None
    if isinstance(action, (kr.SkipPendingAction, kr.SkipDemolitionEat)):
        m.pending = rest
    elif isinstance(action, kr.MountBeast):
        beast = m.combos[me][action.beast_index]
        beast[2] = action.royal
        m.pending = (
            [Pending("partner-transfer", "after-mount", beast=beast[1][0], kind=beast[0])]
            if n == 4
            else []
        ) + rest
    elif isinstance(action, kr.PlaceRoyalInCastle):
        m.combos[me][action.castle_index][3].append(action.royal)
        m.pending = m.pending if head.context == "after-structure" else rest
    elif isinstance(action, kr.TransferToPartner):
        mate = me + 2 if me <= 2 else me - 2
        beast = m.remove_combo(me, action.beast_index)
        if beast[2] is not None:
            m.royals[me].remove(beast[2])
            m.royals[mate].append(beast[2])
        m.combos[mate].append(beast)
        m.pending = rest
    elif isinstance(action, kr.ResurrectRoyal):
        m.discard.remove(action.royal)
        m.royals[me].append(action.royal)
        m.pending = rest
    elif isinstance(action, kr.SlayDragon):
        dragon = m.remove_combo(action.target_player, action.dragon_index)
        m.discard.extend(dragon[1])  # the rider dismounts and stays (R24)
        m.reward[me] += len(dragon[1]) - 1
        m.pending = rest
    elif isinstance(action, kr.DestroyWithHail):
        o = action.target_player
        if action.target_type == "royal":
            m.kill(o, action.character)
        else:
            i = action.beast_index if action.target_type == "beast" else action.castle_index
            target = m.remove_combo(o, i)
            m.discard.extend(target[1])
            salvo = head.type == "flaming-salvo"
            if (
                salvo
                and target[2] is not None
                and target[0] not in ("golden-dragon", "silver-dragon")
            ):
                m.kill(o, target[2])  # R26: burnt with its beast
        m.pending = rest
    elif isinstance(action, kr.EatCharacter):
        o = action.target_player
        if action.character_type == "royal":
            m.kill(o, action.character)
        else:
            beast = m.remove_combo(o, action.beast_index)
            m.discard.extend(beast[1])  # R22: the rider dismounts and stays
        left = head.eat_count - 1
        from kingdom_rules.state import evolve

        m.pending = (
            [
                evolve(
                    head, eat_count=left, can_demolish_castles=False, can_demolish_cathedrals=False
                )
            ]
            if left
            else []
        ) + rest
    elif isinstance(action, (kr.DemolishCastle, kr.DemolishCathedral)):
        o = action.target_player
        i = action.castle_index if isinstance(action, kr.DemolishCastle) else action.cathedral_index
        structure = m.remove_combo(o, i)
        m.discard.extend(structure[1])  # R23: the royals inside are freed and stay
        if head.type == "demolishing" and structure[3]:
            m.pending = [
                Pending(
                    "eating",
                    "freed-royal",
                    beast=head.beast,
                    kind=head.kind,
                    target_player=o,
                    freed=tuple(structure[3]),
                )
            ] + rest
        else:
            m.pending = rest
    elif isinstance(action, kr.EatFreedRoyal):
        m.kill(head.target_player, action.royal)
        m.pending = rest
    else:
        return None
    new = m.to_state()
    # follow-ups with nothing to choose are skipped (table ruling)
    from kingdom_rules.state import evolve

    while new.pending and not _followups(new, me):
        new = evolve(new, pending=new.pending[1:])
    proj = project(new)
    # R27: a family ends the hand at once (current player first)
    for k in range(n):
        p = (me - 1 + k) % n + 1
        if _family(m.royals[p]):
            proj["phase"] = (
                "finished"
                if state.mode == "game" or state.current_hand >= state.total_hands
                else "handComplete"
            )
            proj["pending"] = []
            proj["winner"] = p
            break
    return proj


def _predict_pass(state: GameState, m: _Model) -> Proj | None:
    me, n = m.me, m.n
    owed = m.reward[me]
    if owed:
        if len(m.deck) < owed:
            return None  # the deck is rebuilt by a shuffle: the cards are not predicted here
        m.hands[me].extend(m.deck[:owed])
        m.deck = m.deck[owed:]
        m.reward[me] = 0
    m.pending = []
    new = m.to_state()
    proj = project(new)
    drawable = bool(new.deck or new.discard_pile or any(new.revealed))
    quiet = state.quiet_turns + 1 if not state.played_this_turn and not drawable else 0
    if quiet >= n:
        proj["phase"] = (
            "finished"
            if state.mode == "game" or state.current_hand >= state.total_hands
            else "handComplete"
        )
        proj["reason"] = "stalled"
        return proj
    nxt = me % n + 1
    rnd = state.round
    if nxt == state.first_player:
        if rnd >= 60:
            proj["phase"] = (
                "finished"
                if state.mode == "game" or state.current_hand >= state.total_hands
                else "handComplete"
            )
            proj["reason"] = "round-limit"
            return proj
        rnd += 1
    proj["current"] = nxt
    proj["round"] = rnd
    # R5: the next player's resources are ready
    nxt_res = proj["players"][nxt - 1]["resources"]
    proj["players"][nxt - 1]["resources"] = sorted((c, True) for c, _ in nxt_res)
    return proj
