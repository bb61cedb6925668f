/** Replays (docs/protocol.md, "Replays"): the table of a step seen from a seat, and the move log. */
import type { ActionJson, Card, GameView, ReplayPlayer, ReplayStep } from "../net/types";
import { cardFromId, shortName, words } from "./cards";

/**
 * A step's table as the table renderer takes it: seen from seat `seat` (its kingdom at the
 * bottom), that seat's hand in the dock when it is revealed; nothing can be played.
 */
export function replayTableView(step: ReplayStep, seat: number, revealed: boolean): GameView {
  return {
    ...step,
    roomCode: "",
    hostId: null,
    isHost: false,
    isPublic: false,
    desiredPlayerCount: step.playerCount,
    isTutorial: false,
    gameStartTime: null,
    scoreScreenTimer: null,
    myPlayerNumber: seat,
    myHand: revealed ? (step.hands[String(seat)] ?? []) : [],
    legalActions: [],
    pendingAction: null,
    pendingDemolitionEat: null,
    watching: true,
  };
}

function cardsOf(a: ActionJson): Card[] {
  const ids: string[] = [];
  for (const [k, v] of Object.entries(a)) {
    if (typeof v === "string" && /(^cardId$|^royalId$|^characterId$)/.test(k)) ids.push(v);
    if (Array.isArray(v) && /cardIds$|^cards$/.test(k)) ids.push(...v.filter((x): x is string => typeof x === "string"));
  }
  return ids.map(cardFromId);
}

/** One line of the move log: who, what, with which cards ('Ana: Play Combination 7♥ 7♦'). */
export function moveLabel(a: ActionJson, players: readonly ReplayPlayer[]): string {
  const who = players.find((p) => p.number === a.player)?.name ?? `Player ${a.player}`;
  const cards = cardsOf(a).map(shortName).join(" ");
  const from = a.type === "drawCard" && typeof a.source === "string" ? ` (${words(a.source)})` : "";
  return `${who}: ${words(a.type)}${from}${cards ? ` ${cards}` : ""}`;
}
