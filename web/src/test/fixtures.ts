import type { GameView, PlayerView } from "../net/types";

export function player(n: number, extra: Partial<PlayerView> = {}): PlayerView {
  return {
    number: n,
    id: `p${n}`,
    name: ["Ann", "Bo", "Cy", "Di"][n - 1],
    isBot: false,
    connected: true,
    cardCount: 4,
    kingdom: { resources: [], royals: [], combinations: [] },
    readyForNextHand: false,
    ...extra,
  };
}

export function gameView(extra: Partial<GameView> = {}): GameView {
  return {
    phase: "playing",
    gameMode: "game",
    currentHand: 1,
    totalHands: 1,
    playerCount: 2,
    currentPlayerIndex: 0,
    currentPlayerNumber: 1,
    myPlayerNumber: 1,
    myHand: [],
    players: [player(1), player(2)],
    deckCount: 40,
    discardPile: [],
    discardCount: 0,
    revealedCards: [null, null],
    winner: null,
    matchScores: {},
    teamScores: null,
    handHistory: [],
    lastDrawAction: null,
    pendingAction: null,
    pendingDemolitionEat: null,
    outcome: null,
    legalActions: [],
    roomCode: "ABC123",
    hostId: "p1",
    isHost: true,
    isPublic: false,
    desiredPlayerCount: 4,
    isTutorial: false,
    isRanked: false,
    gameStartTime: null,
    scoreScreenTimer: null,
    ...extra,
  };
}
