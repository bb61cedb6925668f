/**
 * Aiming on the table: which card on the table each follow-up of the view's legal actions is
 * aimed at, so the target can glow and be clicked. Nothing here knows a rule: the targets are
 * the view's legal actions, placed on the cards they name.
 */
import type { ActionJson, GameView } from "../net/types";
import { describeAction, SKIP_TYPES } from "./legal";

/** The first card of the combination at `index` of a player's kingdom (its stable name). */
function comboCard(v: GameView, player: unknown, index: unknown): string | null {
  const p = v.players.find((x) => x.number === Number(player));
  const c = p?.kingdom?.combinations[Number(index)];
  return c?.cards[0]?.id ?? null;
}

/** The cards an action could be aimed at, most specific first. */
function candidates(v: GameView, a: ActionJson): (string | null)[] {
  const me = v.myPlayerNumber;
  const str = (x: unknown) => (typeof x === "string" ? x : null);
  switch (a.type) {
    case "eatCharacter":
      return [a.characterType === "royal" ? str(a.characterId) : comboCard(v, a.targetPlayerNumber, a.beastIndex)];
    case "destroyWithHail":
      if (a.targetType === "royal") return [str(a.characterId)];
      return [comboCard(v, a.targetPlayerNumber, a.targetType === "castle" ? a.castleIndex : a.beastIndex)];
    case "slayDragon":
      return [comboCard(v, a.targetPlayerNumber, a.dragonIndex)];
    case "demolishCastle":
      return [comboCard(v, a.targetPlayerNumber, a.castleIndex)];
    case "demolishCathedral":
      return [comboCard(v, a.targetPlayerNumber, a.cathedralIndex)];
    case "mountHorse":
      return [str(a.royalId), comboCard(v, me, a.horseIndex)];
    case "placeRoyalInCastle":
      return [str(a.royalId), comboCard(v, me, a.castleIndex)];
    case "transferToPartner":
      return [comboCard(v, me, a.beastIndex)];
    case "eatFreedRoyal":
    case "resurrectRoyal":
      return [str(a.royalId)];
    default:
      return [];
  }
}

export interface AimOption {
  action: ActionJson;
  /** What choosing it does, in words ('Eat Mia's Queen of Hearts'). */
  label: string;
}

export interface Aim {
  /** The options, identical ones (same words) shown once, in the view's order. */
  options: AimOption[];
  /** The skip (or keep) of the follow-up, if it may be skipped. */
  skip: AimOption | null;
  /** Options by the id of the card on the table they aim at. */
  targets: Map<string, AimOption[]>;
}

/**
 * The follow-ups laid on the table. Where one choice varies (which royal to mount) the cards
 * that vary glow; where the other does (which beast the royal mounts), those glow instead.
 */
export function aimAt(v: GameView, actions: readonly ActionJson[]): Aim {
  const options: AimOption[] = [];
  const seen = new Set<string>();
  let skip: AimOption | null = null;
  for (const a of actions) {
    const label = describeAction(v, a);
    if (SKIP_TYPES.has(a.type)) {
      skip ??= { action: a, label };
      continue;
    }
    if (seen.has(label)) continue;
    seen.add(label);
    options.push({ action: a, label });
  }
  // Which of the candidate cards tells the options apart: the first that differs among them.
  const lists = options.map((o) => candidates(v, o.action));
  const depth = Math.max(0, ...lists.map((l) => l.length));
  let pick = 0;
  for (let k = 0; k < depth; k++) {
    if (new Set(lists.map((l) => l[k] ?? null)).size > 1) {
      pick = k;
      break;
    }
  }
  const targets = new Map<string, AimOption[]>();
  options.forEach((o, i) => {
    const id = lists[i][pick] ?? lists[i][0] ?? null;
    if (!id) return;
    targets.set(id, [...(targets.get(id) ?? []), o]);
  });
  return { options, skip, targets };
}

/** The bar's one line: what to choose, and how to let it go ('Choose a royal to eat, or Skip'). */
export function aimPrompt(v: GameView, aim: Aim): string {
  const p = v.pendingAction;
  const or = aim.skip ? `, or ${aim.skip.label}` : "";
  if (v.pendingDemolitionEat) return `Choose a freed royal to eat${or}`;
  switch (p?.type) {
    case "eating":
      return `Choose a character to eat${or}`;
    case "demolishing":
      return `Choose a structure to demolish${or}`;
    case "slaying":
      return `Choose a dragon to slay${or}`;
    case "mounting":
      return `Choose who rides${or}`;
    case "resurrection":
      return `Choose a royal to resurrect${or}`;
    case "castle-placement":
      return `Choose a royal to place inside${or}`;
    case "hail-of-arrows":
    case "flaming-salvo":
      return aim.options.length ? `Choose a target to shoot${or}` : `Nothing can be shot${or}`;
    case "partner-transfer":
      return `Send the beast to your partner${or}`;
    default:
      return `Choose${or}`;
  }
}
