/**
 * The tutorial's lessons (docs/protocol.md, "Tutorial games"), one list of steps per mode.
 *
 * A step ends by Next (`nextButton`), or, on automatic steps (`action`), when the server pushes
 * advanceTutorialStep naming it (kingdom_server/tutorial.py `completed_steps` sends the same ids).
 * `resumesBot` steps release the paused tutorial bot when Next is pressed; `reference` steps are
 * the two full-screen guides. Step ids are the contract with the server: keep them in sync.
 * The server also names automatic steps that can no longer be done in this game
 * (`advanceTutorialStep {stepId, impossible: true}`, `impossible_steps`): they count as done,
 * so `nextIndex` never stops on them. Moves that would make a step impossible are refused by
 * the server with a hint (`refusal`), shown as the call's error toast.
 */

import type { GameView } from "../net/types";

export type TutorialMode = "basics" | "multiplayer" | "advanced-combos" | "constructed" | "quest";

export const TUTORIAL_MODES: { value: TutorialMode; label: string }[] = [
  { value: "basics", label: "Basics" },
  { value: "multiplayer", label: "Multiplayer" },
  { value: "advanced-combos", label: "Advanced Combos" },
  { value: "constructed", label: "Constructed" },
  { value: "quest", label: "Quest Mode" },
];

/** The areas and buttons a step can highlight. */
export const HIGHLIGHTS = {
  myKingdom: '[data-testid="my-kingdom"]',
  handSection: '[data-testid="hand"]',
  drawSection: '[data-testid="draw-area"]',
  resourcesSection: '[data-testid="my-kingdom"] [data-testid="resources"]',
  passTurn: '[data-testid="btn-pass"]',
  playRoyal: '[data-testid="btn-play-royal"]',
  playResource: '[data-testid="btn-play-resource"]',
  rotateResource: '[data-testid="btn-rotate-resource"]',
  playCombination: '[data-testid="btn-play-combination"]',
  // Dragons are played as combinations; their follow-ups (eating) come in the follow-up dialog.
  playDragon: '[data-testid="btn-play-combination"]',
  hail: '[data-testid="btn-hail"]',
  opponents: '[data-testid="opponent"]',
} as const;

export type Reference = "combinations-reference" | "all-royals-reference";

export interface TutorialStep {
  id: string;
  title: string;
  description: string;
  highlightSelector?: string;
  /** Where the step is placed. The web app docks every banner at the top of the screen
   * with the page laid out below it, so that no banner ever covers the table or a control. */
  position: "top" | "bottom" | "center";
  /** Next ends the step; otherwise the step is automatic and ends with the action. */
  nextButton: boolean;
  action?: "draw-card" | "auto";
  /** Next also resumes the tutorial bot (it waits until then). */
  resumesBot?: boolean;
  /** A full-screen guide instead of the banner. */
  reference?: Reference;
  /** The end of a lesson: Next reads 'Finish' and finishing stores tutorialCompleted. */
  last?: boolean;
  /** A watching step: it also ends when the turn comes back to the learner (in case the
   * server's push was missed, for example over a reconnection). */
  watch?: boolean;
  /** An optional branch offered from this step: button label, the step it jumps to, and the
   * server signal (an advanceTutorialStep id that names no step) that must have come first. */
  branch?: { label: string; to: string; when?: string };
  /** An automatic step the client ends itself, when the shown view says its move was made
   * (the lessons over the basics deal whose moves the server does not name). */
  until?: (v: GameView) => boolean;
}

const myTurn = (v: GameView) => v.phase === "playing" && v.currentPlayerNumber === v.myPlayerNumber;
/** The turn went to another seat (the learner's draw and play are behind them). */
const passed = (v: GameView) => v.phase === "playing" && v.currentPlayerNumber !== v.myPlayerNumber;
/** The learner has made a play this turn (a resource, a royal, a combination...). */
const played = (v: GameView) => (myTurn(v) && !!v.playedThisTurn) || passed(v);
/** The learner has drawn this turn (read from the view). */
const drawn = (v: GameView) => (myTurn(v) && !!v.players.find((p) => p.number === v.myPlayerNumber)?.hasDrawnThisTurn) || played(v);

const H = HIGHLIGHTS;

/** Server signal: the learner holds a run of three (kingdom_server/tutorial.py DRAGON_READY). */
export const DRAGON_READY = "dragon-ready";

const BASICS: TutorialStep[] = [
  {
    id: "welcome",
    title: "Welcome to Kingdom!",
    description:
      "Your goal is to complete a Royal Family (Jack, Queen and King) before your opponent. This lesson is a real game against a bot: follow each step and play the moves it asks for.",
    position: "center",
    nextButton: true,
  },
  {
    id: "board-overview",
    title: "Your Board",
    description:
      "This is your kingdom. Number cards here are your resources: ready resources stand upright, used ones lie sideways. Your royals and beasts live here too. Below it is your hand, and above it the deck with two revealed cards.",
    highlightSelector: H.myKingdom,
    position: "top",
    nextButton: true,
  },
  {
    id: "draw-card",
    title: "Draw a Card",
    description:
      "Every turn starts with a draw. Take the top card of the deck or one of the two revealed cards: click a card in the draw area.",
    highlightSelector: H.drawSection,
    position: "bottom",
    nextButton: false,
    action: "draw-card",
  },
  {
    id: "play-resource",
    title: "Play a Resource",
    description:
      "Select the 8 of diamonds in your hand, then press Play Resource. It joins your kingdom by using your ready 5 of hearts, and enters used.",
    highlightSelector: H.playResource,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "pass-turn",
    title: "Pass Your Turn",
    description: "You have done what you can this turn. Press Pass Turn to hand the play to your opponent.",
    highlightSelector: H.passTurn,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "opponent-turn",
    title: "Your Opponent's Turn",
    description:
      "Your opponent, a bot, now draws and plays, just as you did. Press Next and watch its move; at the start of your next turn your used resources become ready again.",
    position: "center",
    nextButton: true,
    resumesBot: true,
  },
  {
    id: "opponent-turn-watching",
    title: "Watching the Opponent",
    description: "Your opponent is playing its turn...",
    position: "top",
    nextButton: false,
    action: "auto",
    watch: true,
  },
  {
    id: "all-royals-reference",
    title: "Royals and What They Cost",
    description: "Royals are paid for with ready resources of their own colour.",
    position: "center",
    nextButton: true,
    reference: "all-royals-reference",
  },
  {
    id: "play-royal",
    title: "Play Your Queen",
    description:
      "Draw a card first. Then select the Queen of hearts and press Play Royal: a Queen costs 2 ready resources of her colour, and your 5 of hearts and 8 of diamonds are both red. A Queen also draws you a card.",
    highlightSelector: H.playRoyal,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "pass-turn-2",
    title: "Pass Again",
    description: "Both your resources are used now. Press Pass Turn.",
    highlightSelector: H.passTurn,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "opponent-third-turn-intro",
    title: "The Opponent Answers",
    description:
      "Your opponent has two black resources ready, enough for a black Queen. Press Next and watch what it plays.",
    position: "center",
    nextButton: true,
    resumesBot: true,
  },
  {
    id: "opponent-queen",
    title: "The Opponent's Queen",
    description: "Watch your opponent's turn: it plays its Queen of spades...",
    highlightSelector: H.opponents,
    position: "bottom",
    nextButton: false,
    action: "auto",
    watch: true,
  },
  {
    id: "crop-rotation",
    title: "Crop Rotation",
    description:
      "Draw a card. A Horse needs a pair of 6s and, in this lesson, one red and one black resource. Rotate: select a black number card in your hand (not a 6) and your ready 5 of hearts, then press Rotate Resource. The black card goes to your kingdom and the 5 comes back to your hand.",
    highlightSelector: H.rotateResource,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "pass-turn-3",
    title: "Pass Your Turn",
    description: "Press Pass Turn. Next turn your red and black resources are both ready.",
    highlightSelector: H.passTurn,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "play-horse",
    title: "Build a Horse",
    description:
      "Draw a card, then select your pair of 6s and press Play Combination: a pair is a Horse, paid for with 2 ready resources (one red and one black here). A Horse draws a card.",
    highlightSelector: H.playCombination,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "mount-queen",
    title: "Mount Your Queen",
    description:
      "A royal may ride the beast you just built. Choose your Queen of hearts in the dialog. A mounted royal cannot be eaten or shot while her Horse stands.",
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "combinations-reference",
    title: "Card Combinations",
    description: "Number cards played together make beasts and buildings.",
    position: "center",
    nextButton: true,
    reference: "combinations-reference",
  },
  {
    id: "completion",
    title: "Tutorial Complete!",
    description:
      "You can draw, play resources, rotate them, play royals, build beasts and ride them. Keep playing this game to finish your Royal Family. Holding a run of three number cards? Learn about Dragons next.",
    position: "center",
    nextButton: true,
    last: true,
    branch: { label: "Learn about Dragons", to: "dragon-intro", when: DRAGON_READY },
  },
  {
    id: "dragon-intro",
    title: "Dragons",
    description:
      "Three consecutive number cards (like 3, 4, 5) make a Dragon for 3 ready resources; of one suit it is a Golden Dragon. A Dragon may eat an opposing royal on foot. Keep drawing and playing one resource a turn until you hold a run and have 3 ready resources.",
    highlightSelector: H.handSection,
    position: "top",
    nextButton: true,
  },
  {
    id: "play-dragon",
    title: "Build Your Dragon",
    description: "Select your run of three and press Play Combination with 3 ready resources.",
    highlightSelector: H.playDragon,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "eat-royal",
    title: "Eat a Royal",
    description:
      "Your Dragon is hungry: in the dialog choose the opponent's Queen of spades to eat her (she goes to the discard pile), or skip.",
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "dragon-complete",
    title: "Dragon Master!",
    description: "You have built a Dragon and fed it. Play on and complete your Royal Family to win.",
    position: "center",
    nextButton: true,
    last: true,
  },
];

const MULTIPLAYER: TutorialStep[] = [
  {
    id: "mp-welcome",
    title: "Playing in Teams",
    description:
      "With four players the game is played in two teams: players 1 and 3 are Team 1, players 2 and 4 are Team 2. Partners sit across the table. You are player 1; the bot in seat 3 is your partner.",
    highlightSelector: H.opponents,
    position: "bottom",
    nextButton: true,
  },
  {
    id: "mp-draw",
    title: "Take a 6",
    description: "Draw one of the revealed 6s: a pair of 6s will make a Horse for your partner.",
    highlightSelector: H.drawSection,
    position: "bottom",
    nextButton: false,
    action: "draw-card",
  },
  {
    id: "mp-play-resource",
    title: "Play a Resource",
    description: "Select the 8 of diamonds and press Play Resource.",
    highlightSelector: H.playResource,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "mp-pass",
    title: "Pass",
    description: "Press Pass Turn. The three bots then play in turn: players 2, 3 and 4.",
    highlightSelector: H.passTurn,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "mp-others-turn",
    title: "Around the Table",
    description: "The other three players are taking their turns...",
    highlightSelector: H.opponents,
    position: "bottom",
    nextButton: false,
    action: "auto",
    watch: true,
  },
  {
    id: "mp-play-queen",
    title: "Your Queen",
    description: "Draw a card, then play your Queen of hearts on your two red resources.",
    highlightSelector: H.playRoyal,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "mp-pass-2",
    title: "Pass",
    description: "Press Pass Turn.",
    highlightSelector: H.passTurn,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "mp-others-turn-2",
    title: "Around the Table",
    description: "The others are playing...",
    highlightSelector: H.opponents,
    position: "bottom",
    nextButton: false,
    action: "auto",
    watch: true,
  },
  {
    id: "mp-horse",
    title: "Build a Horse",
    description: "Draw a card, select your two 6s and press Play Combination (2 ready resources).",
    highlightSelector: H.playCombination,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "mp-mount",
    title: "Mount the Queen",
    description: "Let your Queen of hearts ride the Horse: choose her in the dialog.",
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "mp-transfer",
    title: "Send It to Your Partner",
    description:
      "In a team game a mounted beast may go to your partner, rider and all. Send the Horse to your partner (player 3): it now counts toward your partner's Royal Family.",
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "mp-team-score",
    title: "Team Scores",
    description:
      "A team's score is the sum of its two players. When either partner completes a Royal Family, the hand ends and both share the result.",
    position: "center",
    nextButton: true,
  },
  {
    id: "mp-complete",
    title: "Ready for Team Play",
    description: "Create a 4-player room, or fill it with bots, to play in teams.",
    position: "center",
    nextButton: true,
    last: true,
  },
];

const ADVANCED: TutorialStep[] = [
  {
    id: "adv-welcome",
    title: "Advanced Combinations",
    description:
      "Your hand holds 4, 5 and 6: a run, the makings of a Dragon. This lesson shows dragons, eating, slaying, Hail of Arrows, Flaming Salvo and castles.",
    highlightSelector: H.handSection,
    position: "top",
    nextButton: true,
  },
  {
    id: "adv-grow",
    title: "Gather Three Resources",
    description:
      "A Dragon costs 3 ready resources. On this turn and the next: draw from the deck, play the card you drew as a resource (keep your 4, 5 and 6), and pass.",
    highlightSelector: H.resourcesSection,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "adv-dragon",
    title: "Build the Dragon",
    description:
      "Take the revealed Ace of clubs, you will need it. Then select 4, 5 and 6 and press Play Combination with your 3 ready resources. A Dragon draws 2 cards.",
    highlightSelector: H.playDragon,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "adv-eat",
    title: "Eat!",
    description:
      "A Dragon eats an opposing royal on foot (a Golden Dragon eats 2, a Silver Dragon 3). Eat the opponent's Queen of spades.",
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "adv-hail",
    title: "Hail of Arrows",
    description:
      "An Ace and a 10 of different suits are a Hail of Arrows: no resources, and it destroys an opposing royal on foot or a beast. Pass; next turn the opponent has a new Queen. Select your Ace and a 10, press Hail of Arrows and shoot her.",
    highlightSelector: H.hail,
    position: "top",
    nextButton: false,
    action: "auto",
  },
  {
    id: "adv-salvo",
    title: "Flaming Salvo",
    description:
      "An Ace and a 10 of the same suit are a Flaming Salvo: it burns a mounted beast together with its rider, or a Castle. Divine Dragons are immune to both.",
    position: "center",
    nextButton: true,
  },
  {
    id: "adv-slaying",
    title: "Slaying Dragons",
    description:
      "When you play a King (3 resources) or a Hero (4), it may slay one opposing dragon, except a Divine Dragon, and you then draw a royal reward.",
    position: "center",
    nextButton: true,
  },
  {
    id: "adv-castles",
    title: "Castles and Cathedrals",
    description:
      "Three of a kind is a Castle (3 resources): up to three royals, one Jack, one Queen and one King, shelter inside and cannot be eaten or shot. Four of a kind is a Cathedral. Golden and Silver Dragons can demolish a Castle; only Silver and Divine Dragons a Cathedral.",
    position: "center",
    nextButton: true,
  },
  {
    id: "combinations-reference",
    title: "Card Combinations",
    description: "Everything number cards can make, at a glance.",
    position: "center",
    nextButton: true,
    reference: "combinations-reference",
  },
  {
    id: "adv-complete",
    title: "Combo Master",
    description: "You know every combination. Play on against the bot, or start a real game.",
    position: "center",
    nextButton: true,
    last: true,
  },
];

const CONSTRUCTED: TutorialStep[] = [
  {
    id: "constructed-intro",
    title: "Constructed",
    description:
      "In Constructed you play with a deck you build yourself instead of the standard 54 cards. The cards you own come from Quest mode.",
    position: "center",
    nextButton: true,
  },
  {
    id: "constructed-own-pile",
    title: "Your Own Pile",
    description:
      "In Constructed the deck and the two revealed cards beside it are your own: your deck, shuffled, is your pile, and your pair is refilled from it. This lesson plays on the standard deck. Draw a card from the deck now.",
    highlightSelector: H.drawSection,
    position: "top",
    nextButton: false,
    action: "auto",
    until: drawn,
  },
  {
    id: "constructed-play",
    title: "The Same Rules of Play",
    description:
      "Everything else is the game you know. Play a card: select a number card and a ready resource and press Play Resource (or play a royal or a combination).",
    highlightSelector: H.handSection,
    position: "top",
    nextButton: false,
    action: "auto",
    until: played,
  },
  {
    id: "constructed-pass",
    title: "Pass the Turn",
    description: "Your turn is done: press Pass Turn.",
    highlightSelector: H.passTurn,
    position: "top",
    nextButton: false,
    action: "auto",
    until: passed,
  },
  {
    id: "constructed-watch",
    title: "The Other Piles",
    description:
      "Your opponent draws from their own pile. Everyone sees every pile's size and every revealed pair, never a pile's order. Watch the bot's turn.",
    highlightSelector: H.opponents,
    position: "top",
    nextButton: false,
    action: "auto",
    watch: true,
  },
  {
    id: "constructed-start",
    title: "Starting a Constructed Game",
    description:
      "Sign in, then choose Constructed under Advanced Modes on the home screen. Build or pick a deck there and start a game with it. The rules of play are the same ones you learn in Basics.",
    position: "center",
    nextButton: true,
  },
  {
    id: "constructed-complete",
    title: "That's Constructed",
    description: "Keep playing this game to practise, or head home and try it out.",
    position: "center",
    nextButton: true,
    last: true,
  },
];

const QUEST: TutorialStep[] = [
  {
    id: "quest-intro",
    title: "Quest Mode",
    description:
      "Quest mode is a roguelike deck-building adventure in 3 acts: you travel a map, win battles, and collect cards that you can later use in Constructed.",
    position: "center",
    nextButton: true,
  },
  {
    id: "quest-battle",
    title: "A Battle Is a Hand",
    description:
      "Each battle of a quest is one hand against an enemy bot, and you move first. Your run deck is your own pile, drawn before the shared deck. Draw a card from the deck now.",
    highlightSelector: H.drawSection,
    position: "top",
    nextButton: false,
    action: "auto",
    until: drawn,
  },
  {
    id: "quest-play",
    title: "Win the Battle",
    description:
      "You win a battle by completing the Royal Family or by the higher score when the hand ends; a lost battle costs hit points. Play a card: a resource, a royal or a combination.",
    highlightSelector: H.handSection,
    position: "top",
    nextButton: false,
    action: "auto",
    until: played,
  },
  {
    id: "quest-pass",
    title: "Pass the Turn",
    description: "Your turn is done: press Pass Turn.",
    highlightSelector: H.passTurn,
    position: "top",
    nextButton: false,
    action: "auto",
    until: passed,
  },
  {
    id: "quest-watch",
    title: "The Enemy's Turn",
    description: "The enemy plays by the same rules, from the shared deck. Watch its turn: it ends when the turn is yours again.",
    highlightSelector: H.opponents,
    position: "top",
    nextButton: false,
    action: "auto",
    watch: true,
  },
  {
    id: "quest-start",
    title: "Starting a Quest",
    description:
      "Choose Quest mode under Advanced Modes on the home screen. Anyone may play it, signed in or not. Each battle is played with the rules you learn in Basics.",
    position: "center",
    nextButton: true,
  },
  {
    id: "quest-complete",
    title: "Good Luck, Adventurer",
    description: "Keep playing this game to practise, or head home and start your quest.",
    position: "center",
    nextButton: true,
    last: true,
  },
];

export const STEPS: Record<TutorialMode, TutorialStep[]> = {
  basics: BASICS,
  multiplayer: MULTIPLAYER,
  "advanced-combos": ADVANCED,
  constructed: CONSTRUCTED,
  quest: QUEST,
};

/** Modes that are lessons over the basics deal (no new game needed to switch among them). */
export const BASICS_DEAL: TutorialMode[] = ["basics", "constructed", "quest"];

export function isTutorialMode(x: unknown): x is TutorialMode {
  return typeof x === "string" && TUTORIAL_MODES.some((m) => m.value === x);
}

/** Whether switching from one mode to another needs a new tutorial game (another deal). */
export function needsNewGame(from: TutorialMode, to: TutorialMode): boolean {
  if (from === to) return false;
  return !(BASICS_DEAL.includes(from) && BASICS_DEAL.includes(to));
}

/** The step Next leads to: automatic steps already done (their push arrived) are skipped. */
export function nextIndex(steps: TutorialStep[], from: number, done: ReadonlySet<string>): number {
  let i = from + 1;
  while (i < steps.length && !steps[i].nextButton && done.has(steps[i].id)) i++;
  return i;
}
