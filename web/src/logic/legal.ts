/**
 * What the player may do, read from the view's legal actions. Nothing here knows a rule: a play
 * is possible exactly when the server listed an action equal to the current selection.
 */
import type { ActionJson, GameView } from "../net/types";
import { cardFromId, cardIndex, cardName, combinationName, playerLabel, words } from "./cards";

export interface Selection {
  hand: string[];
  resources: string[];
}

export const EMPTY_SELECTION: Selection = { hand: [], resources: [] };

function sameSet(a: readonly unknown[] | undefined, b: readonly string[]): boolean {
  if (!Array.isArray(a) || a.length !== b.length) return false;
  const s = new Set(b);
  return a.every((x) => typeof x === "string" && s.has(x));
}

export function ofType(legal: readonly ActionJson[], type: string): ActionJson[] {
  return legal.filter((a) => a.type === type);
}

export function has(legal: readonly ActionJson[], type: string): boolean {
  return legal.some((a) => a.type === type);
}

/** The main-play buttons and the legal action each would send for this selection (or null). */
export interface PlayChoices {
  playResource: ActionJson | null;
  rotateResource: ActionJson | null;
  playRoyal: ActionJson | null;
  playCombination: ActionJson | null;
  playHailOfArrows: ActionJson | null;
  passTurn: ActionJson | null;
}

export function matchSelection(legal: readonly ActionJson[], sel: Selection): PlayChoices {
  const one = sel.hand.length === 1 ? sel.hand[0] : null;
  const oneRes = sel.resources.length === 1 ? sel.resources[0] : null;
  const find = (pred: (a: ActionJson) => boolean) => legal.find(pred) ?? null;
  return {
    playResource: one && oneRes
      ? find((a) => a.type === "playResource" && a.cardId === one && a.resourceToUseId === oneRes)
      : null,
    rotateResource: one && oneRes
      ? find((a) => a.type === "rotateResource" && a.cardId === one && a.resourceToRotateId === oneRes)
      : null,
    playRoyal: one
      ? find((a) => a.type === "playRoyal" && a.cardId === one && sameSet(a.resourceToUseIds as string[], sel.resources))
      : null,
    playCombination: sel.hand.length >= 2
      ? find(
          (a) =>
            a.type === "playCombination" &&
            sameSet(a.cardIds as string[], sel.hand) &&
            sameSet(a.resourceToUseIds as string[], sel.resources),
        )
      : null,
    playHailOfArrows: sel.hand.length === 2 && sel.resources.length === 0
      ? find((a) => a.type === "playHailOfArrows" && sameSet(a.cardIds as string[], sel.hand))
      : null,
    passTurn: find((a) => a.type === "passTurn"),
  };
}

/** Whether ``action`` is a Hail of Arrows (or Flaming Salvo) the view says would hit nothing. */
export function hailWithoutTarget(v: Pick<GameView, "hailsWithoutTarget">, action: ActionJson | null): boolean {
  if (!action || action.type !== "playHailOfArrows") return false;
  return (v.hailsWithoutTarget ?? []).some((pair) => sameSet(action.cardIds as string[], pair));
}

/** Hand cards that take part in at least one legal play (to hint what can be selected). */
export function playableHandIds(legal: readonly ActionJson[]): Set<string> {
  const ids = new Set<string>();
  for (const a of legal) {
    if (typeof a.cardId === "string") ids.add(a.cardId);
    if (Array.isArray(a.cardIds)) for (const id of a.cardIds) if (typeof id === "string") ids.add(id);
  }
  return ids;
}

/**
 * Resources that could complete a legal play with the selected hand cards. Used to help the
 * player: when exactly one resource set fits, the UI can select it for them.
 */
export function resourceSetsFor(legal: readonly ActionJson[], hand: readonly string[]): string[][] {
  const sets: string[][] = [];
  for (const a of legal) {
    if (a.type === "playRoyal" && hand.length === 1 && a.cardId === hand[0]) sets.push(a.resourceToUseIds as string[]);
    if (a.type === "playCombination" && sameSet(a.cardIds as string[], [...hand])) sets.push(a.resourceToUseIds as string[]);
  }
  return sets;
}

export const FOLLOW_UP_TYPES = new Set([
  "mountHorse",
  "transferToPartner",
  "eatCharacter",
  "demolishCastle",
  "demolishCathedral",
  "eatFreedRoyal",
  "skipDemolitionEat",
  "slayDragon",
  "resurrectRoyal",
  "placeRoyalInCastle",
  "drawRoyalReward",
  "destroyWithHail",
  "skipPendingAction",
]);

export const SKIP_TYPES = new Set(["skipPendingAction", "skipDemolitionEat"]);

export function followUps(legal: readonly ActionJson[]): ActionJson[] {
  return legal.filter((a) => FOLLOW_UP_TYPES.has(a.type));
}

/** The dialog title for a pending follow-up (the follow-up kinds of docs/protocol.md). */
export function followUpTitle(view: GameView): string {
  const p = view.pendingAction;
  if (view.pendingDemolitionEat) return "Eat a Freed Royal";
  if (!p) return "Choose an Action";
  switch (p.type) {
    case "eating":
      return "Your Dragon Can Feed";
    case "demolishing":
      return "Demolish a Structure";
    case "slaying":
      return "Slay a Dragon";
    case "mounting":
      return "Mount a Beast";
    case "resurrection":
      return "Resurrect a Royal";
    case "castle-placement":
      return "Place Royals in Your Structure";
    case "hail-of-arrows":
      return "Hail of Arrows: Choose a Target";
    case "flaming-salvo":
      return "Flaming Salvo: Choose a Target";
    case "partner-transfer":
      return "Send to Your Partner?";
    default:
      return "Choose an Action";
  }
}

/** A player-readable label for a follow-up action. */
export function describeAction(view: GameView, a: ActionJson): string {
  const cards = cardIndex(view);
  const card = (id: unknown) => (typeof id === "string" ? cardName(cards.get(id) ?? cardFromId(id)) : "?");
  const target = (n: unknown) => {
    const num = Number(n);
    return playerLabel(view.players.find((p) => p.number === num), num);
  };
  const combo = (n: unknown, idx: unknown) => {
    const p = view.players.find((x) => x.number === Number(n));
    const c = p?.kingdom?.combinations[Number(idx)];
    return c ? combinationName(c) : "beast";
  };
  const mine = view.myPlayerNumber;
  switch (a.type) {
    case "mountHorse": {
      // Several beasts of one kind are told apart by their first card.
      const p = view.players.find((x) => x.number === mine);
      const beast = p?.kingdom?.combinations[Number(a.horseIndex)];
      const same = beast ? (p?.kingdom?.combinations ?? []).filter((c) => c.kind === beast.kind).length : 0;
      const which = beast && same > 1 && beast.cards[0] ? ` (${cardName(beast.cards[0])})` : "";
      return `Mount ${card(a.royalId)} on your ${combo(mine, a.horseIndex)}${which}`;
    }
    case "transferToPartner":
      return `Send your ${combo(mine, a.beastIndex)} to your partner`;
    case "eatCharacter":
      return a.characterType === "royal"
        ? `Eat ${target(a.targetPlayerNumber)}'s ${card(a.characterId)}`
        : `Eat ${target(a.targetPlayerNumber)}'s ${combo(a.targetPlayerNumber, a.beastIndex)}`;
    case "demolishCastle":
      return `Demolish ${target(a.targetPlayerNumber)}'s Castle`;
    case "demolishCathedral":
      return `Demolish ${target(a.targetPlayerNumber)}'s Cathedral`;
    case "eatFreedRoyal":
      return `Eat ${card(a.royalId)}`;
    case "skipDemolitionEat":
      return "Skip";
    case "slayDragon":
      return `Slay ${target(a.targetPlayerNumber)}'s ${combo(a.targetPlayerNumber, a.dragonIndex)}`;
    case "resurrectRoyal":
      return `Resurrect ${card(a.royalId)}`;
    case "placeRoyalInCastle": {
      const c = combo(mine, a.castleIndex);
      return `Place ${card(a.royalId)} in your ${c}`;
    }
    case "drawRoyalReward":
      return "Draw your royal reward";
    case "destroyWithHail":
      if (a.targetType === "royal") return `Shoot ${target(a.targetPlayerNumber)}'s ${card(a.characterId)}`;
      if (a.targetType === "castle") return `Burn ${target(a.targetPlayerNumber)}'s Castle`;
      return `Shoot ${target(a.targetPlayerNumber)}'s ${combo(a.targetPlayerNumber, a.beastIndex)}`;
    case "skipPendingAction":
      return a.type === "skipPendingAction" && view.pendingAction?.type === "partner-transfer" ? "Keep it" : "Skip";
    default:
      return words(a.type);
  }
}
