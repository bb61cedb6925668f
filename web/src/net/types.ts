/** Wire types: the player view and action JSON of docs/protocol.md (team contract). */

/** The four suits, in the deck's order: the web app's one list of them (kingdom_rules/cards.py
 *  SUITS; a test checks the two agree). */
export const SUITS = ["hearts", "diamonds", "clubs", "spades"] as const;
/** The thirteen ranks of a suit, Ace first (kingdom_rules/cards.py RANKS). */
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;
/** The two Heroes' suits (kingdom_rules/cards.py HERO_SUITS). */
export const HERO_SUITS = ["red-joker", "black-joker"] as const;

export type Suit = (typeof SUITS)[number] | (typeof HERO_SUITS)[number] | "peasant";
export type Rank = (typeof RANKS)[number] | "JOKER" | "PEASANT" | "VENDOR";

export interface Card {
  id: string;
  suit: Suit;
  rank: Rank;
}

export type Orientation = "ready" | "used";

export interface Resource {
  card: Card;
  orientation: Orientation;
}

export type CombinationType = "horse" | "dragon" | "castle" | "cathedral";
export type CombinationKind =
  | "horse"
  | "unicorn"
  | "dragon"
  | "golden-dragon"
  | "silver-dragon"
  | "divine-dragon"
  | "castle"
  | "cathedral";

export interface Combination {
  type: CombinationType;
  kind: CombinationKind;
  cards: Card[];
  ridingRoyalId: string | null;
  protectedRoyalIds: string[];
  isGolden?: boolean;
  isSilver?: boolean;
  isDivine?: boolean;
  isUnicorn?: boolean;
  isCastle?: boolean;
  isCathedral?: boolean;
  points?: number;
}

export interface Kingdom {
  resources: Resource[];
  royals: Card[];
  combinations: Combination[];
}

export interface PlayerView {
  number: number;
  id?: string;
  name?: string;
  isBot?: boolean;
  /** Played by a program from outside: a bot account, or a client that says it is a bot. */
  botAccount?: boolean;
  connected?: boolean;
  botControlled?: boolean;
  userId?: string | null;
  /** Constructed rooms: whether the seat has chosen its deck, and the deck's name. */
  hasDeck?: boolean;
  deckName?: string | null;
  /** Constructed play: cards left in the seat's own pile. */
  pileCount?: number;
  /** Constructed play: the seat's own revealed pair. */
  revealedCards?: (Card | null)[];
  cardCount?: number;
  team?: number | null;
  kingdom?: Kingdom | null;
  startingResourceChosen?: boolean;
  hasDrawnThisTurn?: boolean;
  royalReward?: number;
  hasDrawnRoyalReward?: boolean;
  score?: number;
  readyForNextHand?: boolean;
  familyComplete?: boolean;
  /** The seat's turn clock as of the push (null: not clocked). docs/protocol.md, turn clocks. */
  clock?: SeatClock | null;
  /** The player's account (their public profile: /u/{username}); null for guests and bots. */
  username?: string | null;
}

/** A room's turn clock setting (docs/rules.md, "Turn clocks"). */
export type TurnClockSetting = "off" | "relaxed" | "normal" | "fast";

/** What was left of a seat's clock when the push was built; a running one counts down. */
export interface SeatClock {
  remainingMs: number;
  turnMs: number;
  bankMs: number;
  running: boolean;
  timeouts: number;
}

/** Push: the server played for a seat whose clock ran out (abandoned: its third timeout). */
export interface TurnTimedOut {
  playerNumber: number;
  playerName: string;
  timeouts: number;
  abandoned: boolean;
}

export type Phase = "waiting" | "choosing_resources" | "playing" | "handComplete" | "finished";

/** A hand score in its parts (they add up to the score). */
export interface ScoreParts {
  resources: number;
  royals: number;
  combinations: number;
  familyBonus: number;
}

export interface HandHistoryEntry {
  handNumber: number;
  winnerPlayerNumber: number | null;
  playerScores: Record<string, number>;
  reason?: HandEndReason;
  /** Each seat's points by kind, by player number. */
  scoresByKind?: Record<string, ScoreParts>;
}

export interface LastDrawAction {
  playerNumber: number;
  source: string;
  drawnCard: Card | null;
  replacementCard?: Card | null;
  selectedCardId?: string | null;
  timestamp?: number;
}

/** A follow-up's kind (kingdom_rules/kinds.py FollowUpKind; a test checks the two agree). */
export type FollowUpKind =
  | "eating"
  | "slaying"
  | "mounting"
  | "resurrection"
  | "castle-placement"
  | "hail-of-arrows"
  | "flaming-salvo"
  | "partner-transfer"
  | "demolishing";

/** What opened a follow-up (kingdom_rules/kinds.py FollowUpContext). */
export type FollowUpContext =
  | "after-royal"
  | "after-beast"
  | "after-structure"
  | "freed-royal"
  | "after-hail"
  | "after-mount";

/** Why a hand ended (kingdom_rules/kinds.py HandEndReason). */
export type HandEndReason = "family" | "stalled" | "round-limit";

/** How a game's winners were found other than by its last hand (MatchEndReason). */
export type MatchEndReason = "drawn" | "cumulative" | "hands-won" | "shared";

/** Outcome.reason (kingdom_rules/kinds.py OutcomeReason). */
export type OutcomeReason = HandEndReason | MatchEndReason;

export interface PendingAction {
  type: FollowUpKind;
  context?: FollowUpContext | null;
  dragonType?: CombinationKind | null;
  canEatCount?: number | null;
  beastType?: CombinationKind | null;
  isSuited?: boolean | null;
  canDemolishCastles?: boolean | null;
  canDemolishCathedrals?: boolean | null;
  beastIndex?: number | null;
  royalId?: string | null;
  castleIndex?: number | null;
}

/** An action as JSON: {"type": "<wire event>", "player": n, ...payload}. */
export interface ActionJson {
  type: string;
  player?: number;
  [key: string]: unknown;
}

export interface GameView {
  phase: Phase;
  gameMode: "game" | "match";
  currentHand: number;
  totalHands: number;
  playerCount: number;
  currentPlayerIndex: number | null;
  currentPlayerNumber: number | null;
  firstPlayerNumber?: number | null;
  round?: number;
  myPlayerNumber: number | null;
  myPlayerId?: string | null;
  myHand: Card[];
  players: PlayerView[];
  deckCount: number;
  discardPile: Card[];
  discardCount: number;
  revealedCards: (Card | null)[];
  winner: number | null;
  matchScores: Record<string, number>;
  teamScores: Record<string, number> | null;
  handHistory: HandHistoryEntry[];
  lastDrawAction: LastDrawAction | null;
  lastHailWasFlamingSalvo?: boolean;
  /** Whether the current player has made a play this turn. */
  playedThisTurn?: boolean;
  pendingAction: PendingAction | null;
  pendingDemolitionEat: { targetPlayerNumber: number; freedRoyalIds: string[] } | null;
  outcome: { winners: number[]; reason?: OutcomeReason } | null;
  legalActions: ActionJson[];
  /** The cardIds of my legal playHailOfArrows actions that would find no target (docs/protocol.md). */
  hailsWithoutTarget?: string[][];
  // room fields added by the server
  roomCode: string;
  hostId: string | null;
  isHost: boolean;
  isPublic: boolean;
  desiredPlayerCount: number;
  isTutorial: boolean;
  isRanked: boolean;
  /** Each player brings their own deck (R33-R35). */
  constructed?: boolean;
  setupType?: "standard" | "constructed" | "spire";
  gameStartTime: number | null;
  scoreScreenTimer: number | null;
  turnClock?: TurnClockSetting;
  /** A finished game's match id once its result is written: its replay is /replay/{matchId}. */
  matchId?: string | null;
  /** This socket watches the game (docs/protocol.md, "Spectators"): the public view only. */
  isSpectator?: boolean;
  /** How many watch the game. */
  spectators?: number;
  /** (private rooms) The host lets people with the code watch. */
  allowSpectators?: boolean;
  /** After a casual game: the open rematch offer (player numbers who accepted, seconds left). */
  rematch?: { accepted: number[]; secondsLeft: number } | null;
  /** Set by the app (never on the wire): the table is watched or replayed, not played from. */
  watching?: boolean;
  /** The player numbers whose quick chat this seat muted (docs/protocol.md, "Quick chat"). */
  chatMuted?: number[];
}

/** A quick chat phrase said at the table (push `quickChat`). */
export interface QuickChatMessage {
  playerNumber: number;
  playerName: string;
  phrase: string;
  text: string;
  seconds: number;
}

export interface PublicGame {
  roomCode: string;
  hostName: string;
  gameMode: "game" | "match";
  currentPlayers: number;
  desiredPlayers: number;
  status: "waiting" | "in-progress" | "full";
  turnClock?: TurnClockSetting;
  /** How many watch the game. */
  watching?: number;
}

/** Every acknowledged call answers {success, error} and maybe more fields. */
export interface Ack {
  success: boolean;
  error?: string | null;
  [key: string]: unknown;
}

// --- Ranked (docs/protocol.md, "Ranked") -----------------------------------------------------

export type Tier = "bronze" | "silver" | "gold" | "platinum" | "diamond" | "legend";
/** The ranked ladders: each has its own ratings, leaderboard and queue. */
export type Ladder = "standard" | "constructed" | "bots";

/** One step of a ladder's tier table (GET /api/ranked/tiers, lowest first). */
export interface TierInfo {
  tier: Tier;
  name: string;
  /** The lowest rating of the tier, and its highest (null: no upper bound). */
  from: number;
  to: number | null;
  /** Legend (Constructed ladder only): a Legend keeps the tier down to this rating. */
  keptFrom?: number;
  /** Legend: only once placement is over. */
  afterPlacement?: boolean;
}

export interface Season {
  id: number;
  seasonNumber: number;
  name: string;
  startsAt: string;
  endsAt: string;
  placementMatchesRequired: number;
  isActive: boolean;
}

export interface Ranking {
  userId: string;
  seasonId: number;
  ladder: Ladder;
  username?: string | null;
  rating: number;
  peakRating: number;
  tier: Tier;
  /** 'Placement n/5' until placement is over, else the tier's name. */
  tierLabel: string;
  rankedGamesPlayed: number;
  rankedWins: number;
  rankedLosses: number;
  placementMatchesCompleted: number;
  placementMatchesRequired: number;
  inPlacement: boolean;
  currentWinStreak: number;
  bestWinStreak: number;
  currentLossStreak: number;
}

export interface LeaderboardEntry extends Ranking {
  rank: number;
}

export interface RankedQueueStatus {
  playerCount: number;
  ladder: Ladder;
  playersWaiting: number;
  secondsWaited: number;
}

/** The account took a seat (in this tab or another): its queue ticket is gone. */
export interface RankedQueueLeft {
  playerCount: number;
  ladder: Ladder;
  reason: string;
}

export interface RankedMatchFound {
  roomCode: string;
  playerId: string;
  reconnectToken: string;
  playerNumber: number;
  playerCount: number;
  ladder: Ladder;
}

export interface RankedResult {
  playerNumber: number;
  userId: string;
  ratingChange: number;
  rating: number | null;
  tierLabel: string | null;
}

// --- Replays (docs/protocol.md, "Replays") ----------------------------------------------------

export interface ReplayPlayer {
  number: number;
  name: string;
  isBot: boolean;
  /** The player's account (their public profile: /u/{username}); null for guests and bots. */
  username: string | null;
  placement: number;
  finalScore: number;
}

/** GET /api/matches/{matchId}/replay */
export interface ReplaySummary {
  matchId: string;
  players: ReplayPlayer[];
  playerCount: number;
  gameMode: "game" | "match";
  isRanked: boolean;
  actions: ActionJson[];
  steps: number;
  completedAt: string;
}

/** GET /api/matches/{matchId}/replay/{step}: the public table after `step` moves, every hand. */
export interface ReplayStep extends Omit<GameView, "roomCode" | "hostId" | "isHost" | "isPublic" | "desiredPlayerCount" | "isTutorial" | "gameStartTime" | "scoreScreenTimer"> {
  hands: Record<string, Card[]>;
  action: ActionJson | null;
  step: number;
  steps: number;
  matchId: string;
  isReplay: true;
}

