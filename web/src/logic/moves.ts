/**
 * The move log: what happened between two game views, in words. Built only from the views the
 * server sends (their public parts and my own hand), so it never tells more than the table
 * shows; the same function serves a live table and a replay stepping through recorded views.
 * Nothing here decides a rule: it compares what the views say.
 */
import type { Card, Combination, GameView, PlayerView } from "../net/types";
import { cardName, combinationName, kindName } from "./cards";

export type MoveKind = "draw" | "play" | "attack" | "family" | "pass" | "hand";

export interface Move {
  kind: MoveKind;
  /** The line, in words ('Mia's Golden Dragon ate your Queen of Hearts.'). */
  text: string;
  /** Who made the move (null: the table itself, a new hand). */
  actor: number | null;
  /** Attacks: whose card was hit, and what hit it ('your Queen of Hearts' is the victim's). */
  victim?: number;
  /** The line as the victim reads it ('Your Queen of Hearts was eaten by Mia's Golden Dragon'). */
  victimText?: string;
  /** The title of a toast for an attack ('Royal Eaten!'). */
  title?: string;
}

function nameOf(v: GameView, n: number | null | undefined, me: number | null): string {
  if (n == null) return "Someone";
  if (n === me) return "You";
  const p = v.players.find((x) => x.number === n);
  return p?.name ?? `Player ${n}`;
}

function possessive(name: string): string {
  return name === "You" ? "your" : `${name}'s`;
}

function lowerYou(name: string): string {
  return name === "You" ? "you" : name;
}

interface Seen {
  resources: Map<string, Card>;
  royals: Map<string, Card>;
  combos: Map<string, Combination>;
}

/** A combination is known by its first card (docs/protocol.md: position or first card). */
function comboKey(c: Combination): string {
  return c.cards[0]?.id ?? `${c.kind}`;
}

function seen(p: PlayerView | undefined): Seen {
  const k = p?.kingdom;
  return {
    resources: new Map((k?.resources ?? []).map((r) => [r.card.id, r.card])),
    royals: new Map((k?.royals ?? []).map((c) => [c.id, c])),
    combos: new Map((k?.combinations ?? []).map((c) => [comboKey(c), c])),
  };
}

/**
 * One draw, told apart from the next: hand, round, player, source and time. (Not the card: a
 * deck draw's card becomes public when it is played, which is no new draw.)
 */
function drawKey(v: GameView): string | null {
  const d = v.lastDrawAction;
  return d ? `${v.currentHand}:${v.round ?? ""}:${d.playerNumber}:${d.source}:${d.timestamp ?? ""}` : null;
}

function cardsText(cards: Card[]): string {
  return cards.map(cardName).join(", ");
}

/** What hit the victim, from the follow-up the attacker had open before the move. */
function weapon(prev: GameView, actorName: string): string {
  const p = prev.pendingAction;
  if (!p) return actorName;
  if (p.type === "hail-of-arrows") return `${possessive(actorName)} Hail of Arrows`;
  if (p.type === "flaming-salvo") return `${possessive(actorName)} Flaming Salvo`;
  const kind = p.dragonType ?? p.beastType;
  return kind ? `${possessive(actorName)} ${kindName(kind)}` : actorName;
}

function verbFor(prev: GameView): { active: string; passive: string; royal: string; beast: string } {
  switch (prev.pendingAction?.type) {
    case "slaying":
      return { active: "slew", passive: "slain", royal: "Character Destroyed!", beast: "Beast Destroyed!" };
    case "hail-of-arrows":
    case "flaming-salvo":
      return { active: "shot", passive: "shot", royal: "Character Destroyed!", beast: "Beast Destroyed!" };
    case "demolishing":
      return { active: "demolished", passive: "demolished", royal: "Royal Eaten!", beast: "Castle Demolished!" };
    default:
      return { active: "ate", passive: "eaten", royal: "Royal Eaten!", beast: "Beast Destroyed!" };
  }
}

/**
 * The moves made between `prev` and `next`, oldest first. Two views one move apart give that
 * move; views further apart (a skipped wait, a reconnection) give what changed, in the same
 * words.
 */
export function describeMoves(prev: GameView | null, next: GameView): Move[] {
  const me = next.myPlayerNumber;
  const out: Move[] = [];
  if (!prev || prev.roomCode !== next.roomCode) return out;
  if (next.currentHand !== prev.currentHand || (prev.phase === "choosing_resources" && next.phase === "playing")) {
    if (next.phase === "playing") out.push({ kind: "hand", text: `Hand ${next.currentHand} begins.`, actor: null });
    return out;
  }
  if (prev.phase !== "playing") return out;
  const actor = prev.currentPlayerNumber;
  const actorName = nameOf(next, actor, me);

  // A draw: the view's last draw changed (a revealed card by name, a deck draw as 'a card').
  const d = next.lastDrawAction;
  const drewNow = (n: number) => !!next.players.find((p) => p.number === n)?.hasDrawnThisTurn && !prev.players.find((p) => p.number === n)?.hasDrawnThisTurn;
  if (d && drawKey(next) !== drawKey(prev) && drewNow(d.playerNumber)) {
    const who = nameOf(next, d.playerNumber, me);
    const own = next.setupType === "constructed" || (next.players.find((p) => p.number === d.playerNumber)?.pileCount ?? 0) > 0;
    if (d.source === "deck") {
      const card = d.playerNumber === me && d.drawnCard ? `the ${cardName(d.drawnCard)}` : "a card";
      out.push({ kind: "draw", text: `${who} drew ${card} from ${own ? `${who === "You" ? "your" : "their"} own pile` : "the deck"}.`, actor: d.playerNumber });
    } else if (d.source.startsWith("revealed")) {
      out.push({ kind: "draw", text: `${who} took the revealed ${d.drawnCard ? cardName(d.drawnCard) : "card"}.`, actor: d.playerNumber });
    } else {
      out.push({ kind: "draw", text: `${who} drew ${d.source === "royal-reward" ? "a royal reward" : "a card"}.`, actor: d.playerNumber });
    }
  }

  const discardBefore = new Set(prev.discardPile.map((c) => c.id));
  const before = new Map(prev.players.map((p) => [p.number, seen(p)]));
  const after = new Map(next.players.map((p) => [p.number, seen(p)]));
  const verbs = verbFor(prev);
  const hit = weapon(prev, actorName);

  for (const p of next.players) {
    const b = before.get(p.number);
    const a = after.get(p.number);
    if (!b || !a) continue;
    const who = nameOf(next, p.number, me);
    // Cards that left the kingdom: a rotation (resource for resource) or an attack.
    const lostRes = [...b.resources.keys()].filter((id) => !a.resources.has(id));
    const newRes = [...a.resources.values()].filter((c) => !b.resources.has(c.id));
    if (lostRes.length === 1 && newRes.length === 1 && p.number === actor) {
      out.push({ kind: "play", text: `${who} rotated the ${cardName(b.resources.get(lostRes[0])!)} for the ${cardName(newRes[0])}.`, actor });
    } else {
      for (const c of newRes) out.push({ kind: "play", text: `${who} played the ${cardName(c)} as a resource.`, actor: p.number });
    }
    // Beasts and structures built, and those that left (sent to a partner, or destroyed).
    for (const [key, c] of a.combos) {
      if (b.combos.has(key)) continue;
      const from = [...before.entries()].find(([n, s]) => n !== p.number && s.combos.has(key));
      if (from) out.push({ kind: "play", text: `${nameOf(next, from[0], me)} sent ${possessive(nameOf(next, from[0], me))} ${combinationName(c)} to ${lowerYou(who)}.`, actor: from[0] });
      else out.push({ kind: "play", text: `${who} built a ${combinationName(c)} (${cardsText(c.cards)}).`, actor: p.number });
    }
    for (const [key, c] of b.combos) {
      if (a.combos.has(key)) continue;
      if ([...after.values()].some((s) => s.combos.has(key))) continue;
      const name = `${possessive(who)} ${combinationName(c)}`;
      const victimText = `Your ${combinationName(c)} was ${verbs.passive} by ${hit}.`;
      out.push({
        kind: "attack",
        text: `${hit[0].toUpperCase()}${hit.slice(1)} ${verbs.active} ${name}.`,
        actor,
        victim: p.number,
        victimText,
        title: c.type === "castle" || c.type === "cathedral" ? "Castle Demolished!" : verbs.beast,
      });
    }
    // Royals: played, resurrected, placed, mounted; or lost.
    const comboCards = new Set([...a.combos.values()].flatMap((c) => c.cards.map((x) => x.id)));
    for (const c of a.royals.values()) {
      if (b.royals.has(c.id) || comboCards.has(c.id)) continue;
      if ([...before.entries()].some(([n, s]) => n !== p.number && s.royals.has(c.id))) continue;
      if (discardBefore.has(c.id)) out.push({ kind: "play", text: `${who} resurrected the ${cardName(c)}.`, actor: p.number });
      else out.push({ kind: "play", text: `${who} played the ${cardName(c)}.`, actor: p.number });
    }
    for (const [key, c] of a.combos) {
      const old = b.combos.get(key);
      if (!old) continue;
      if (c.ridingRoyalId && c.ridingRoyalId !== old.ridingRoyalId) {
        const r = a.royals.get(c.ridingRoyalId);
        out.push({ kind: "play", text: `${who} mounted the ${r ? cardName(r) : "royal"} on ${possessive(who)} ${combinationName(c)}.`, actor: p.number });
      }
      for (const id of c.protectedRoyalIds) {
        if (old.protectedRoyalIds.includes(id)) continue;
        const r = a.royals.get(id);
        out.push({ kind: "play", text: `${who} placed the ${r ? cardName(r) : "royal"} in ${possessive(who)} ${combinationName(c)}.`, actor: p.number });
      }
    }
    for (const [id, c] of b.royals) {
      if (a.royals.has(id)) continue;
      if ([...after.values()].some((s) => s.royals.has(id))) continue;
      // A royal that left with its beast or structure was named with it.
      const inCombo = [...b.combos.values()].some((x) => x.ridingRoyalId === id || x.protectedRoyalIds.includes(id));
      if (inCombo && [...b.combos.keys()].some((k) => !a.combos.has(k))) continue;
      out.push({
        kind: "attack",
        text: `${hit[0].toUpperCase()}${hit.slice(1)} ${verbs.active} ${possessive(who)} ${cardName(c)}.`,
        actor,
        victim: p.number,
        victimText: `Your ${cardName(c)} was ${verbs.passive} by ${hit}.`,
        title: verbs.royal,
      });
    }
    const was = prev.players.find((x) => x.number === p.number);
    if (p.familyComplete && !was?.familyComplete) out.push({ kind: "family", text: `${who} completed the Royal Family!`, actor: p.number });
  }
  if (prev.pendingAction && !next.pendingAction && out.every((m) => m.actor !== actor) && next.currentPlayerNumber === actor) {
    out.push({ kind: "play", text: `${actorName} skipped the follow-up.`, actor });
  }
  if (next.phase === "playing" && next.currentPlayerNumber !== actor && actor != null) {
    out.push({ kind: "pass", text: `${actorName} passed.`, actor });
  }
  return out;
}
