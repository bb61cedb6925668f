/** Wire types of the Spire: the run, its map and leaderboard as /api/spire answers them
 *  (docs/protocol.md, docs/spire.md). */

export interface SpireTreasure {
  relic: SpireRelic | null;
  gold: number;
}

export interface SpireRelic {
  id: string;
  name: string;
  text: string;
  /** "rules" when it changes a rule of play, "setup" when a fight's setup, else "". */
  play?: string;
}

/** A suit's standard (docs/spire.md, "Suit standards"). */
export interface SpireStandard {
  suit: string;
  name: string;
  description: string;
}

export interface SpireOffer {
  item: string;
  price: number;
  sold: boolean;
  /** A relic's name and text. */
  name?: string;
  text?: string;
}

export interface SpireFight {
  roomCode: string;
  playerId: string;
  reconnectToken: string;
}

/** An enemy as the screens show it: its perk (R37) and, for most, a twist of the fight's rules. */
export interface SpireEnemy {
  name: string;
  perk: string;
  twistName: string;
  twist: string;
}

/** A map room's rule in the run's own words (its figures come from the run and its relics). */
export interface SpireLegendRoom {
  kind: string;
  name: string;
  text: string;
}

export interface SpireLegend {
  acts: number;
  act: number;
  floors: number;
  bossFloor: number;
  rooms: SpireLegendRoom[];
  floorRules: string;
  /** The HP resting heals now (the run's relics included). */
  restHeal: number;
}

export interface SpireDeckRules {
  size: number;
  shape: string;
  handBonus: number;
  shapeText: string;
  banner: string | null;
  bannerText: string;
  /** The suit standard the deck raises, if any, in the run's words. */
  standard: SpireStandard | null;
  standardText: string;
  /** The deck's cards per suit. */
  suits: Record<string, number>;
  /** All four standards. */
  standards: SpireStandard[];
}

/** During a fight: what it is played for (docs/spire.md, "Stakes"). */
export interface SpireStakes {
  kind: string;
  enemy: SpireEnemy;
  twistApplies: boolean;
  hp: number;
  maxHp: number;
  hand: number;
  handWhy: string;
  enemyHand: number;
  win: string;
  loss: string;
  deck: string[];
  fortified: string[];
  /** The run's relics with their effects, in the run's words. */
  relics: { id: string; name: string; description: string; play: string }[];
  standard: SpireStandard | null;
}

export interface SpireRun {
  id: string;
  phase: string;
  previews: string[];
  suit: string | null;
  currentAct: number;
  currentHP: number;
  maxHP: number;
  gold: number;
  deck: string[];
  fortified: string[];
  acquiredRelics: string[];
  relics: SpireRelic[];
  currentNodeIndex: number | null;
  floorReached: number;
  floor: number;
  isOver: boolean;
  score: number;
  notice: string;
  removalPrice: number;
  /** Each suit's perk (R39), for the deck selection. */
  suitPerks: Record<string, string>;
  combat: { kind: string; enemy: string; perk: string } | null;
  reward: { gold: number; cards: string[]; relic: string | null; boss: boolean } | null;
  shop: { cards: SpireOffer[]; relics: SpireOffer[]; removalPrice: number; removed: boolean } | null;
  eventInfo?: { id: string; title: string; text: string; choices: { label: string; problem: string | null }[] };
  /** In a treasure room just opened: the relic found (null when every relic was owned) and the gold. */
  treasure?: SpireTreasure;
  fight?: SpireFight;
  /** The map's legend for this run (absent before the suit is chosen). */
  legend?: SpireLegend;
  deckRules?: SpireDeckRules;
  stakes: SpireStakes | null;
  scoreParts: Record<string, number>;
  /** Every room entered in the run, in order. */
  path: { act: number; floor: number; kind: string }[];
}

export interface SpireNode {
  id: number;
  floor: number;
  x: number;
  nodeType: string;
  isCompleted: boolean;
  isAccessible: boolean;
  isCurrent: boolean;
  children: number[];
}

export interface SpireStats {
  totalVictories: number;
  totalRuns: number;
  highestFloor: number;
  highestScore: number;
}

/** A row of the Spire leaderboard: a signed-in player's best run (guests never appear). */
export interface SpireLeaderboardEntry extends SpireStats {
  rank: number;
  userId: string;
  username: string;
}
