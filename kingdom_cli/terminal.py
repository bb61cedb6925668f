"""The terminal table: draw a player's view with rich and ask for an action from a menu.

Everything here works on the *view JSON* (``kingdom_rules.PlayerView.to_json()``, the same
document the server pushes as ``gameState``), so ``kingdom play`` (local engine) and
``kingdom connect`` (a server) share it. The two entry points:

``render_view(view: dict, console: Console, names: dict[int, str] | None = None) -> None``
    Draw the table: every kingdom (resources ready/used, royals, beasts with riders,
    structures with the royals inside), the revealed cards, deck and discard counts, the
    scores, whose turn it is, the open follow-up and the player's own hand.

``choose_action(view: dict, console: Console, ask: Callable[[str], str] | None = None,
names: dict[int, str] | None = None) -> dict``
    Ask the player for one of ``view["legalActions"]`` and return it (an action JSON dict,
    ready for ``kingdom_rules.action_from_json`` or the socket). Plays that differ only in
    which resources pay are one menu line; a second menu then asks how to pay. Bad input is
    answered with the reason and the same prompt. ``ask(prompt) -> str`` reads a line
    (default: ``console.input``); it may raise ``EOFError`` / ``KeyboardInterrupt``, which
    propagate as :class:`LeaveGame`.

Other helpers: ``card_text(card) -> str`` ("Q♥", "Red Hero"), ``describe_action(action, view,
names) -> str`` (one readable line, also used to narrate the bots' moves),
``render_scores(view, console, names)`` (the score screen between hands and at the end) and
``pick(console, ask, title, labels) -> int`` (any other numbered menu, e.g. the waiting room's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from kingdom_rules.combinations import RULES

if TYPE_CHECKING:
    from rich.console import Console

Json = dict[str, Any]

SUIT_SYMBOL = {"hearts": "♥", "diamonds": "♦", "clubs": "♣", "spades": "♠"}
KIND_NAME: dict[str, str] = {kind: rule.name for kind, rule in RULES.items()}


class LeaveGame(Exception):
    """The player asked to leave (q, Ctrl-C or the end of input)."""


# --- cards and names ----------------------------------------------------------------------


def _card(card: Json | str) -> Json:
    if isinstance(card, dict):
        return card
    face = card.split("@", 1)[0]  # a Constructed copy names its owner and copy after @ (R33)
    if face in ("red-joker", "black-joker"):
        return {"id": card, "suit": face, "rank": "JOKER"}
    suit, rank = face.rsplit("-", 1)
    return {"id": card, "suit": suit, "rank": rank}


def card_text(card: Json | str) -> str:
    """A card as players write it: ``Q♥``, ``10♣``, ``Red Hero``."""
    c = _card(card)
    if c["rank"] == "JOKER":
        return "Red Hero" if c["suit"] == "red-joker" else "Black Hero"
    return f"{c['rank']}{SUIT_SYMBOL.get(c['suit'], '?')}"


def card_markup(card: Json | str) -> str:
    """The card in rich markup, red cards in red."""
    c = _card(card)
    red = c["suit"] in ("hearts", "diamonds", "red-joker")
    return f"[bold red]{card_text(c)}[/]" if red else f"[bold]{card_text(c)}[/]"


_RANK_ORDER = {r: i for i, r in enumerate(["A", "2", "3", "4", "5", "6", "7", "8", "9", "10",
                                            "J", "Q", "K", "JOKER"])}
_SUIT_ORDER = {s: i for i, s in enumerate(["hearts", "diamonds", "clubs", "spades"])}


def _by_rank(cards: list[Any]) -> list[Any]:
    """Cards from low to high (a run reads 3♥ 4♠ 5♥), suits in a fixed order within a rank."""
    return sorted(cards, key=lambda c: (_RANK_ORDER.get(_card(c)["rank"], 99),
                                        _SUIT_ORDER.get(_card(c)["suit"], 9)))


def _cards(cards: list[Any], markup: bool = False) -> str:
    f = card_markup if markup else card_text
    return " ".join(f(c) for c in cards) if cards else "-"


def player_name(view: Json, number: int | None, names: dict[int, str] | None = None) -> str:
    if names and number in names:
        return names[number]
    for p in view.get("players", []):
        if p.get("number") == number and p.get("name"):
            return str(p["name"])
    if number == view.get("myPlayerNumber"):
        return "You"
    return f"Player {number}"


def _kingdom(view: Json, number: int | None) -> Json:
    for p in view["players"]:
        if p["number"] == number:
            kingdom: Json = p["kingdom"]
            return kingdom
    raise KeyError(number)


def _combo_text(combo: Json, markup: bool = False) -> str:
    cards = _cards(_by_rank(combo["cards"]), markup)
    text = f"{KIND_NAME.get(combo['kind'], combo['kind'])} ({cards})"
    if combo.get("ridingRoyalId"):
        f = card_markup if markup else card_text
        text += f" ridden by {f(combo['ridingRoyalId'])}"
    if combo.get("protectedRoyalIds"):
        text += f" holding {_cards(combo['protectedRoyalIds'], markup)}"
    return text


def _owned(
    view: Json, owner: int | None, me: int | None, names: dict[int, str] | None, what: str
) -> str:
    if owner == view.get("myPlayerNumber"):
        return f"your {what}"
    return f"{player_name(view, owner, names)}'s {what}"


# --- describing actions ---------------------------------------------------------------------


def _combo_at(view: Json, owner: int | None, index: int | None) -> Json | None:
    try:
        combos: list[Json] = _kingdom(view, owner)["combinations"]
        return combos[index] if index is not None else None
    except (KeyError, IndexError, TypeError):
        return None


def _play_label(a: Json, view: Json, names: dict[int, str] | None) -> str:
    """What an action does, without how it is paid for."""
    t = a["type"]
    me = a.get("player", view.get("myPlayerNumber"))
    target = a.get("targetPlayerNumber")
    own = "your" if me == view.get("myPlayerNumber") else "their"

    def combo(index_key: str, owner: int | None = None) -> str:
        c = _combo_at(view, owner if owner is not None else me, a.get(index_key))
        return _combo_text(c) if c else f"combination {a.get(index_key)}"

    if t == "chooseStartingResource":
        return f"Start with {card_text(a['cardId'])} as your resource"
    if t == "drawCard":
        constructed = view.get("setupType") == "constructed"
        seats = view.get("players") or []
        if a["source"] == "deck":
            if constructed or (view.get("setupType") == "spire" and me == 1 and seats
                               and seats[0].get("pileCount")):
                return f"Draw from {own} pile"
            return "Draw from the deck"
        slot = 0 if a["source"] == "revealed1" else 1
        revealed = view.get("revealedCards") or [None, None]
        if constructed and isinstance(me, int) and 0 < me <= len(seats):
            revealed = seats[me - 1].get("revealedCards") or [None, None]
        card = revealed[slot] if slot < len(revealed) else None
        return f"Take the revealed {card_text(card)}" if card else f"Take {a['source']}"
    if t == "playResource":
        return f"Play {card_text(a['cardId'])} as a resource"
    if t == "rotateResource":
        return f"Rotate {card_text(a['cardId'])} into the kingdom (a ready resource to hand)"
    if t == "playRoyal":
        return f"Play {card_text(a['cardId'])}"
    if t == "playCombination":
        from kingdom_rules import Card, classify

        kind = classify([Card.parse(i) for i in a["cardIds"]]) or "combination"
        return f"Build a {KIND_NAME.get(kind, kind)} with {_cards(_by_rank(a['cardIds']))}"
    if t == "playHailOfArrows":
        suits = {_card(c)["suit"] for c in a["cardIds"]}
        name = "Flaming Salvo" if len(suits) == 1 else "Hail of Arrows"
        return f"{name} with {_cards(_by_rank(a['cardIds']))}"
    if t == "destroyWithHail":
        verb = "Burn" if view.get("lastHailWasFlamingSalvo") else "Shoot"
        if a["targetType"] == "royal":
            return f"{verb} {_owned(view, target, me, names, card_text(a['characterId']))}"
        key = "beastIndex" if a["targetType"] == "beast" else "castleIndex"
        return f"{verb} {_owned(view, target, me, names, combo(key, target))}"
    if t == "passTurn":
        if view.get("pendingAction"):
            return "Pass (skip what is left and end your turn)"
        return "Pass (end your turn)"
    if t == "mountHorse":
        return f"{card_text(a['royalId'])} mounts {own} {combo('horseIndex')}"
    if t == "transferToPartner":
        mate = (me - 1 + 2) % 4 + 1 if isinstance(me, int) else None
        to = player_name(view, mate, names) if mate else "?"
        return f"Send {own} {combo('beastIndex')} to {own} partner, {to}"
    if t == "eatCharacter":
        if a["characterType"] == "royal":
            return f"Eat {_owned(view, target, me, names, card_text(a['characterId']))}"
        return f"Eat {_owned(view, target, me, names, combo('beastIndex', target))}"
    if t == "demolishCastle":
        return f"Demolish {_owned(view, target, me, names, combo('castleIndex', target))}"
    if t == "demolishCathedral":
        return f"Demolish {_owned(view, target, me, names, combo('cathedralIndex', target))}"
    if t == "eatFreedRoyal":
        return f"Eat the freed {card_text(a['royalId'])}"
    if t == "skipDemolitionEat":
        return "Do not eat a freed royal"
    if t == "slayDragon":
        return f"Slay {_owned(view, target, me, names, combo('dragonIndex', target))}"
    if t == "resurrectRoyal":
        return f"Resurrect {card_text(a['royalId'])} from the discard pile"
    if t == "placeRoyalInCastle":
        return f"{card_text(a['royalId'])} enters {own} {combo('castleIndex')}"
    if t == "drawRoyalReward":
        return f"Draw {own} royal reward"
    if t == "skipPendingAction":
        pending = view.get("pendingAction") or {}
        if pending.get("type") == "partner-transfer":
            return "Keep it (skip this follow-up)"
        return "Skip this follow-up"
    if t == "readyForNextHand":
        return "Ready for the next hand"
    return str(t)


def _payment(a: Json) -> list[str] | None:
    if a["type"] == "playResource":
        return [a["resourceToUseId"]]
    if a["type"] == "rotateResource":
        return [a["resourceToRotateId"]]
    if a["type"] in ("playRoyal", "playCombination"):
        ids: list[str] = a["resourceToUseIds"]
        return ids
    return None


def describe_action(a: Json, view: Json, names: dict[int, str] | None = None) -> str:
    """One readable line for an action, with its payment, e.g. ``Play Q♥ paying 2♥ 5♦``."""
    label = _play_label(a, view, names)
    pay = _payment(a)
    if pay:
        verb = {"playResource": "turning used", "rotateResource": "taking back"}.get(
            a["type"], "paying")
        label += f", {verb} {_cards(pay)}"
    return label


# --- drawing the table ----------------------------------------------------------------------


CLOCK_WARNING_MS = 10_000
"""A running clock with less than this left is shown as a warning (as the web table does)."""


def _minutes(ms: int) -> str:
    seconds = max(0, -(-ms // 1000))  # whole seconds, rounded up
    return f"{seconds // 60}:{seconds % 60:02d}"


def clock_text(clock: Json, markup: bool = False) -> str:
    """A seat's turn clock as of the push: `⏱ 0:27 + 1:45 bank`, timeouts if any."""
    turn, bank = int(clock.get("turnMs", 0)), int(clock.get("bankMs", 0))
    text = f"⏱ {_minutes(turn)} + {_minutes(bank)} bank"
    timeouts = int(clock.get("timeouts", 0))
    if timeouts:
        text += f" · {timeouts} timeout{'' if timeouts == 1 else 's'}"
    if not markup:
        return text
    if clock.get("running") and int(clock.get("remainingMs", 0)) <= CLOCK_WARNING_MS:
        return f"[bold red]{text}[/]"
    return f"[bold]{text}[/]" if clock.get("running") else f"[dim]{text}[/]"


def render_view(view: Json, console: Console, names: dict[int, str] | None = None) -> None:
    """Draw the whole table as ``view``'s player sees it."""
    from rich.panel import Panel
    from rich.table import Table

    me = view.get("myPlayerNumber")
    current = view.get("currentPlayerNumber")
    table = Table(show_header=True, header_style="bold", expand=True, show_lines=True)
    table.add_column("Player", no_wrap=True, max_width=24)
    table.add_column("Kingdom")
    for p in view["players"]:
        n = p["number"]
        k = p["kingdom"]
        who = player_name(view, n, names)
        if p.get("team"):
            who += f"\nteam {p['team']}"
        if view.get("phase") == "playing" and n == current:
            who = f"[reverse] {who} [/]\n(to play)"
        cards, score = p.get("cardCount", 0), p.get("score", 0)
        who += (f"\n{cards} card{'' if cards == 1 else 's'} · "
                f"{score} pt{'' if score == 1 else 's'}")
        if p.get("pileCount") or p.get("revealedCards"):  # own piles (Constructed, Spire)
            who += f"\npile: {p.get('pileCount', 0)}"
            shown = [c for c in p.get("revealedCards") or [] if c]
            if view.get("setupType") == "constructed":
                who += f" · revealed: {_cards(shown, True)}"
        if p.get("clock"):
            who += "\n" + clock_text(p["clock"], markup=True)
        if p.get("royalReward"):
            who += f"\n[yellow]royal reward: {p['royalReward']} to draw[/]"
        if p.get("familyComplete"):
            who += "\n[green]family![/]"
        ready = [r["card"] for r in k["resources"] if r["orientation"] == "ready"]
        used = [r["card"] for r in k["resources"] if r["orientation"] != "ready"]
        lines = [f"Resources: {_cards(ready, True)}"
                 + (f"  [dim]used:[/] {_cards(used, True)}" if used else "")]
        busy = {c.get("ridingRoyalId") for c in k["combinations"]}
        for c in k["combinations"]:
            busy.update(c.get("protectedRoyalIds", []))
        free = [r for r in k["royals"] if r["id"] not in busy]
        lines.append(f"Royals: {_cards(k['royals'], True)}"
                     + (f"  [dim](unprotected: {_cards(free)})[/]" if free and
                        len(free) != len(k["royals"]) else ""))
        for c in k["combinations"]:
            lines.append(f"  {_combo_text(c, True)} · {c.get('points', 0)} pt")
        table.add_row(who, "\n".join(lines))
    revealed = [c for c in view.get("revealedCards", []) if c]
    top = view.get("discardPile") or []
    own_decks = view.get("setupType") == "constructed"  # no shared deck (R35)
    centre = ((f"Deck: {view.get('deckCount', 0)} · " if not own_decks else "")
              + f"Discard: {view.get('discardCount', 0)}"
              + (f" (top {card_markup(top[-1])})" if top else "")
              + (f" · Revealed: {_cards(revealed, True)}" if not own_decks else ""))
    hand_no = f"Hand {view.get('currentHand', 1)}/{view.get('totalHands', 1)}"
    title = f"Kingdom · {view.get('gameMode', 'game')} · {hand_no} · round {view.get('round', 1)}"
    console.print(Panel(table, title=title, subtitle=centre))
    pending = view.get("pendingAction")
    if pending and view.get("phase") == "playing":
        question = followup_question(view, names)
        console.print(f"[yellow]Follow-up:[/] {pending['type'].replace('-', ' ')}"
                      + (f": {question}" if question else ""))
    if me is not None and view.get("myHand") is not None:
        console.print(f"Your hand: {_cards(view['myHand'], True)}")


def followup_question(view: Json, names: dict[int, str] | None = None) -> str:
    """What the open follow-up (``view['pendingAction']``) asks, in words, e.g. "which royal
    rides your Horse (6♥ 6♠)?"; "" when there is none."""
    p = view.get("pendingAction")
    if not p:
        return ""
    t, ctx = p.get("type"), p.get("context")
    me = view.get("currentPlayerNumber")
    mine = me == view.get("myPlayerNumber")
    whose = "your" if mine else f"{player_name(view, me, names)}'s"
    you = "you" if mine else player_name(view, me, names)
    royal = card_text(p["royalId"]) if p.get("royalId") else "the royal"

    def own(index_key: str, fallback: str) -> str:
        c = _combo_at(view, me, p.get(index_key))
        return f"{whose} {_combo_text(c)}" if c else f"{whose} {fallback}"

    if t == "mounting":
        if ctx == "after-beast":
            return f"which royal rides {own('beastIndex', 'new beast')}?"
        return f"does {royal} ride one of {whose} beasts?"
    if t == "castle-placement":
        if ctx == "after-structure":
            return (f"which royal enters {own('castleIndex', 'new structure')}? Royals enter "
                    "one by one until you skip.")
        return f"does {royal} enter one of {whose} castles or cathedrals?"
    if t == "partner-transfer":
        mate = (me - 1 + 2) % 4 + 1 if isinstance(me, int) else None
        to = player_name(view, mate, names) if mate else "the partner"
        return f"send {own('beastIndex', 'mounted beast')} to {to}, or keep it?"
    if t == "resurrection":
        return f"which royal do {you} take from the discard pile?"
    if t == "eating" and ctx == "freed-royal":
        return "eat a royal the demolition freed (not a Hero)?"
    if t == "eating":
        dragon = own("beastIndex", "dragon")
        n = p.get("canEatCount") or 0
        text = f"what does {dragon} eat? {n} bite{'s' if n != 1 else ''} left"
        if p.get("canDemolishCathedrals"):
            text += ", or demolish a castle or cathedral instead"
        elif p.get("canDemolishCastles"):
            text += ", or demolish a castle instead"
        return text + "."
    if t == "demolishing":
        return f"what does {own('beastIndex', 'Divine Dragon')} demolish?"
    if t == "slaying":
        return f"which opposing dragon does {royal} slay?"
    if t == "hail-of-arrows":
        return f"which unprotected royal or beast do {you} shoot?"
    if t == "flaming-salvo":
        return f"which beast (with its rider) or castle do {you} burn?"
    return ""


def render_scores(view: Json, console: Console, names: dict[int, str] | None = None) -> None:
    """The score screen: each finished hand, the totals, and the result when it is over."""
    from rich.table import Table

    players = [p["number"] for p in view["players"]]
    table = Table(title="Scores", show_header=True, header_style="bold")
    table.add_column("Hand")
    for n in players:
        table.add_column(player_name(view, n, names), justify="right")
    table.add_column("Winner")
    for h in view.get("handHistory", []):
        winner = h.get("winnerPlayerNumber")
        table.add_row(str(h["handNumber"]),
                      *[str(h["playerScores"][str(n)]) for n in players],
                      (player_name(view, winner, names) if winner else "nobody")
                      + f" ({h.get('reason', '')})")
    totals = view.get("matchScores", {})
    table.add_row("[bold]Total[/]", *[f"[bold]{totals.get(str(n), 0)}[/]" for n in players], "")
    console.print(table)
    if view.get("teamScores"):
        ts = view["teamScores"]
        console.print(f"Teams: 1 (players 1 and 3) {ts['1']} · 2 (players 2 and 4) {ts['2']}")
    outcome = view.get("outcome")
    if outcome:
        winners = outcome.get("winners") or []
        if not winners:
            console.print("[bold]The game is drawn.[/]")
        else:
            who = " and ".join(player_name(view, w, names) for w in winners)
            verb = "win" if len(winners) > 1 or who == "You" else "wins"
            console.print(f"[bold green]{who} {verb} the game[/] ({outcome.get('reason')}).")


# --- asking -----------------------------------------------------------------------------------


def _group_key(a: Json) -> tuple[Any, ...]:
    t = a["type"]
    if t in ("playResource", "rotateResource"):
        return (t, a["cardId"])
    if t == "playRoyal":
        return (t, a["cardId"])
    if t == "playCombination":
        return (t, tuple(a["cardIds"]))
    return (t, tuple(sorted((k, str(v)) for k, v in a.items())))


def _pick(console: Console, ask: Callable[[str], str], title: str, labels: list[str],
          allow_back: bool = False) -> int | None:
    """A numbered menu; the chosen index, or None for 'back'. Re-asks on bad input."""
    console.print(f"[bold]{title}[/]")
    for i, label in enumerate(labels, 1):
        console.print(f"  [cyan]{i:>2}[/]. {label}")
    hint = f"Choose 1-{len(labels)}" + (", b to go back" if allow_back else "") + ", q to quit"
    while True:
        try:
            raw = ask(f"{hint}: ")
        except (EOFError, KeyboardInterrupt) as exc:
            raise LeaveGame() from exc
        text = (raw or "").strip().lower()
        if text in ("q", "quit", "exit"):
            raise LeaveGame()
        if allow_back and text in ("b", "back"):
            return None
        if not text:
            console.print("[red]Please type the number of your choice.[/]")
            continue
        if not text.isdigit():
            console.print(f"[red]'{raw.strip()[:20]}' is not a number: type 1 to {len(labels)}.[/]")
            continue
        choice = int(text)
        if not 1 <= choice <= len(labels):
            console.print(f"[red]There is no choice {choice}: type 1 to {len(labels)}.[/]")
            continue
        return choice - 1


def pick(console: Console, ask: Callable[[str], str], title: str, labels: list[str]) -> int:
    """A numbered menu of ``labels``; the chosen index. Bad input re-asks; q raises LeaveGame."""
    i = _pick(console, ask, title, labels)
    assert i is not None
    return i


def choose_action(view: Json, console: Console, ask: Callable[[str], str] | None = None,
                  names: dict[int, str] | None = None) -> Json:
    """Ask for one of ``view['legalActions']`` and return it (see the module docstring)."""
    legal: list[Json] = list(view.get("legalActions") or [])
    if not legal:
        raise ValueError("there is nothing to choose: the view has no legal actions")
    reader: Callable[[str], str] = ask if ask is not None else console.input
    groups: dict[tuple[Any, ...], list[Json]] = {}
    for a in legal:
        groups.setdefault(_group_key(a), []).append(a)
    keys = list(groups)
    labels = [_play_label(groups[k][0], view, names) for k in keys]
    title = "Your move" if not view.get("pendingAction") else "Follow-up: what now?"
    if view.get("phase") == "choosing_resources":
        title = "Choose your starting resource"
    elif view.get("phase") == "handComplete":
        title = "The hand is over"
    while True:
        i = _pick(console, reader, title, labels)
        assert i is not None
        options = groups[keys[i]]
        if len(options) == 1:
            return options[0]
        # each payment's cards in the order the kingdom shows them
        try:
            shown = {r["card"]["id"]: i for i, r in enumerate(
                _kingdom(view, options[0].get("player", view.get("myPlayerNumber")))["resources"])}
        except (KeyError, TypeError):
            shown = {}
        pays = [_cards(sorted(_payment(a) or [], key=lambda c: shown.get(c, len(shown))))
                for a in options]
        verb = {"playResource": "Which resource turns used?",
                "rotateResource": "Which ready resource goes back to your hand?"}.get(
            options[0]["type"], "Pay with which resources?")
        j = _pick(console, reader, verb, pays, allow_back=True)
        if j is not None:
            return options[j]
