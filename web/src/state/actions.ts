/**
 * Every call the UI makes, with the spec's toast for its failure (section 8) and its success
 * toast where the spec names one. Components call these; they never touch the socket.
 */
import type { Ack, ActionJson } from "../net/types";
import { client, enteredRoom, publicGames } from "./game";
import { showToast } from "./toasts";

interface Outcome {
  title: string;
  fallback: string;
  success?: string;
  /** Only logged, never shown (spec: 'Failed to mark ready'). */
  logOnly?: boolean;
}

const ROOM: Record<string, Outcome> = {
  createRoom: { title: "Error", fallback: "Failed to create game" },
  createPublicRoom: { title: "Error", fallback: "Failed to create public game" },
  joinRoom: { title: "Error", fallback: "Failed to join game" },
  joinPublicRoom: { title: "Error", fallback: "Failed to join public game" },
  startGame: { title: "Error", fallback: "Failed to start game" },
  addBot: { title: "Error", fallback: "Failed to add bot" },
  toggleGameMode: { title: "Error", fallback: "Failed to change game mode" },
  reorderPlayers: { title: "Error", fallback: "Failed to reorder players" },
};

/** The toast for a failed (or successful) game action, by wire event and target. */
export function outcomeFor(action: ActionJson): Outcome {
  switch (action.type) {
    case "chooseStartingResource":
      return { title: "Error", fallback: "Failed to choose starting resource" };
    case "drawCard":
      return { title: "Error", fallback: "Failed to draw card" };
    case "playResource":
      return { title: "Invalid Play", fallback: "Cannot play that resource" };
    case "rotateResource":
      return { title: "Rotation Failed", fallback: "Cannot rotate that resource" };
    case "playRoyal":
      return { title: "Invalid Play", fallback: "Cannot play that royal" };
    case "playCombination":
      return { title: "Invalid Play", fallback: "Cannot play that combination" };
    case "playHailOfArrows":
      return { title: "Invalid Play", fallback: "Cannot play Hail of Arrows" };
    case "passTurn":
      return { title: "Error", fallback: "Failed to pass turn" };
    case "eatCharacter":
      return action.characterType === "beast"
        ? { title: "Error", fallback: "Failed to eat character", success: "Beast Destroyed!" }
        : { title: "Error", fallback: "Failed to eat character", success: "Royal Eaten!" };
    case "demolishCastle":
      return { title: "Error", fallback: "Failed to demolish castle", success: "Castle Demolished!" };
    case "demolishCathedral":
      return { title: "Error", fallback: "Failed to demolish cathedral", success: "Castle Demolished!" };
    case "slayDragon":
      return { title: "Error", fallback: "Failed to slay dragon" };
    case "mountHorse":
      return { title: "Error", fallback: "Failed to mount royal" };
    case "placeRoyalInCastle":
      return { title: "Error", fallback: "Failed to place royal in castle/cathedral" };
    case "eatFreedRoyal":
      return { title: "Error", fallback: "Failed to eat royal", success: "Royal Eaten!" };
    case "destroyWithHail":
      return action.targetType === "royal"
        ? { title: "Error", fallback: "Failed to destroy character", success: "Character Destroyed!" }
        : { title: "Error", fallback: "Failed to destroy beast", success: "Beast Destroyed!" };
    case "resurrectRoyal":
      return { title: "Error", fallback: "Failed to resurrect royal", success: "Royal Resurrected!" };
    case "transferToPartner":
      return { title: "Error", fallback: "Failed to transfer to partner", success: "Transferred to Partner!" };
    case "readyForNextHand":
      return { title: "Error", fallback: "Failed to mark ready", logOnly: true };
    default:
      return { title: "Error", fallback: "Something went wrong" };
  }
}

function report(ack: Ack, outcome: Outcome): Ack {
  if (ack.success) {
    if (outcome.success) showToast({ title: outcome.success });
    return ack;
  }
  if (outcome.logOnly) {
    console.error(outcome.fallback, ack.error);
    return ack;
  }
  showToast({ title: outcome.title, description: ack.error || outcome.fallback, variant: "destructive" });
  return ack;
}

/** Send one of the view's legal actions (or any action JSON) to the server. */
export async function sendAction(action: ActionJson, outcome: Outcome = outcomeFor(action)): Promise<Ack> {
  const { type, player: _player, ...payload } = action;
  void _player;
  return report(await client.call(type, payload), outcome);
}

export async function roomCall(event: keyof typeof ROOM, payload: object = {}): Promise<Ack> {
  if (event === "createRoom" || event === "createPublicRoom" || event === "joinRoom" || event === "joinPublicRoom") enteredRoom();
  return report(await client.call(event, payload), ROOM[event]);
}

/** Mounting after a royal was played reads 'Failed to mount beast' (the royal mounts a beast). */
export function mountOutcome(context: string | null | undefined): Outcome {
  return context === "after-royal"
    ? { title: "Error", fallback: "Failed to mount beast" }
    : { title: "Error", fallback: "Failed to mount royal" };
}

/**
 * The tutorial's room: a room of the chosen lesson and its bot. One toast if either fails
 * ('Failed to prepare tutorial. Please try again.').
 */
export async function prepareTutorial(mode: string): Promise<boolean> {
  enteredRoom();
  const created = await client.call("createRoom", { playerName: "You", isTutorial: true, tutorialMode: mode });
  const bot = created.success ? await client.call("addBot", {}) : created;
  if (!bot.success) console.error("Failed to prepare tutorial", bot.error);
  report(bot.success ? bot : { success: false }, { title: "Error", fallback: "Failed to prepare tutorial. Please try again." });
  return bot.success;
}

/** Begin the tutorial game; guided is false when the lesson is not shown (the bot never waits). */
export async function startTutorialGame(guided: boolean): Promise<Ack> {
  return report(await client.call("startTutorialGame", { guided }), { title: "Error", fallback: "Failed to start game" });
}

/** Let the tutorial's bot play its turn (all: never wait again). A failure is only logged. */
export async function resumeTutorialBot(all = false): Promise<Ack> {
  return report(await client.call("resumeTutorialBot", all ? { all: true } : {}), {
    title: "Error",
    fallback: "Failed to resume the tutorial bot",
    logOnly: true,
  });
}

/** The server names a tutorial step whose action happened. Returns the unsubscribe function. */
export function onTutorialStep(handler: (stepId: unknown) => void): () => void {
  return client.on("advanceTutorialStep", handler);
}

export async function fetchPublicGames(): Promise<void> {
  const ack = await client.call<Ack & { games?: unknown }>("getPublicGames", {});
  if (ack.success && Array.isArray(ack.games)) publicGames.value = ack.games as never;
}
