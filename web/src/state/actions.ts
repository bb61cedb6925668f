/**
 * Every call the UI makes, with the toast for its failure and its success
 * toast where there is one. Components call these; they never touch the socket.
 */
import type { Ack, ActionJson, Ladder, LeaderboardEntry, Ranking, ReplayStep, ReplaySummary, Season, TierInfo } from "../net/types";
import type { PublicProfile } from "../net/profile";
import type { SpireFight, SpireLeaderboardEntry, SpireNode, SpireRun, SpireStats } from "../net/spire";
import { apiRequest, fetchQuery, fetchUser, HttpError } from "../net/http";
import { client, enteredRoom, paced, publicGames, user, type User } from "./game";
import { LOGIN_REQUIRED, rankedErrorToast, search } from "./ranked";
import { userLoaded, type MatchEntry, type Stats } from "./session";
import { showToast } from "./toasts";
import {
  collection,
  decks,
  quantityIn,
  refusal,
  selectedDeck,
  type CollectionCard,
  type DeckDetail,
  type DeckSummary,
} from "./constructed";

interface Outcome {
  title: string;
  fallback: string;
  success?: string;
  /** Only logged, never shown ('Failed to mark ready'). */
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
  setTurnClock: { title: "Error", fallback: "Failed to change the turn clock" },
  watchGame: { title: "Error", fallback: "Failed to watch the game" },
  setAllowSpectators: { title: "Error", fallback: "Failed to change who may watch" },
  rematch: { title: "Error", fallback: "Failed to answer the rematch" },
  quickChat: { title: "Quick chat", fallback: "Failed to send the message" },
  muteChat: { title: "Quick chat", fallback: "Failed to mute the player" },
  reorderPlayers: { title: "Error", fallback: "Failed to reorder players" },
  chooseDeck: { title: "Error", fallback: "Failed to choose deck" },
};

/**
 * The toast for a failed (or successful) game action, by wire event and target. An attack's
 * success toast ('Royal Eaten!') comes from the move log when its view is shown, naming the
 * cards (state/moves.ts).
 */
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
      return { title: "Error", fallback: "Failed to eat character" };
    case "demolishCastle":
      return { title: "Error", fallback: "Failed to demolish castle" };
    case "demolishCathedral":
      return { title: "Error", fallback: "Failed to demolish cathedral" };
    case "slayDragon":
      return { title: "Error", fallback: "Failed to slay dragon" };
    case "mountHorse":
      return { title: "Error", fallback: "Failed to mount royal" };
    case "placeRoyalInCastle":
      return { title: "Error", fallback: "Failed to place royal in castle/cathedral" };
    case "eatFreedRoyal":
      return { title: "Error", fallback: "Failed to eat royal" };
    case "destroyWithHail":
      return action.targetType === "royal"
        ? { title: "Error", fallback: "Failed to destroy character" }
        : { title: "Error", fallback: "Failed to destroy beast" };
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
  if (event === "createRoom" || event === "createPublicRoom" || event === "joinRoom" || event === "joinPublicRoom" || event === "watchGame") enteredRoom();
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
/** The server's advanceTutorialStep, run when the state it follows is shown (state/pacing.ts). */
export function onTutorialStep(handler: (stepId: unknown) => void): () => void {
  return client.on("advanceTutorialStep", (stepId) => paced(() => handler(stepId)));
}

export async function fetchPublicGames(): Promise<void> {
  const ack = await client.call<Ack & { games?: unknown }>("getPublicGames", {});
  if (ack.success && Array.isArray(ack.games)) publicGames.value = ack.games as never;
}

// --- Spire (/api/spire, docs/protocol.md) -------------------------------------------------

/** A Spire HTTP call: the JSON answer, or null after the failure's toast ('status: body' unless a
 *  named failure text applies). A 404 is returned as "missing". */
async function spireCall<T>(method: "GET" | "POST", path: string, body?: object, failure?: string): Promise<T | null | "missing"> {
  let res: Response;
  try {
    res = await fetch(`/api/spire/${path}`, {
      method,
      credentials: "same-origin",
      headers: body ? { "Content-Type": "application/json" } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    showToast({ title: "Error", description: failure ?? "Not connected", variant: "destructive" });
    return null;
  }
  if (res.ok) return (await res.json()) as T;
  if (res.status === 404 && method === "GET") return "missing";
  const text = await res.text();
  let message = text;
  try {
    message = (JSON.parse(text) as { message?: string }).message ?? text;
  } catch {
    /* plain text */
  }
  showToast({ title: failure ?? "Error", description: `${res.status}: ${message}`, variant: "destructive" });
  return null;
}

export const spire = {
  activeRun: () => spireCall<SpireRun | null>("GET", "active-run"),
  stats: () => spireCall<SpireStats>("GET", "stats"),
  startRun: () => spireCall<SpireRun>("POST", "start-run", undefined, "Failed to start run"),
  abandonRun: (id: string) => spireCall<SpireRun>("POST", `abandon-run/${id}`, undefined, "Failed to abandon run"),
  run: (id: string) => spireCall<SpireRun>("GET", `run/${id}`),
  map: (id: string) => spireCall<{ act: number; currentNodeIndex: number | null; nodes: SpireNode[] }>("GET", `map/${id}`),
  selectStarterDeck: (id: string, suit: string) =>
    spireCall<SpireRun>("POST", `select-starter-deck/${id}`, { suit }, "Failed to select deck"),
  enterNode: (id: string, nodeIndex: number) => spireCall<SpireRun>("POST", `enter-node/${id}`, { nodeIndex }),
  fight: (id: string) => spireCall<SpireRun>("POST", `fight/${id}`),
  chooseReward: (id: string, card: string | null) => spireCall<SpireRun>("POST", `choose-reward/${id}`, { card }),
  shop: (id: string, body: { kind: "card" | "relic" | "remove" | "leave"; index?: number; card?: string }) =>
    spireCall<SpireRun>("POST", `shop/${id}`, body),
  rest: (id: string, action: "rest" | "fortify", card?: string) => spireCall<SpireRun>("POST", `rest/${id}`, { action, card }),
  answerEvent: (id: string, choice: number) => spireCall<SpireRun>("POST", `answer-event/${id}`, { choice }),
};

/** Sit down at a Spire fight's table (the seat the server made for this run). */
export async function joinSpireFight(runId: string, fight: SpireFight): Promise<Ack> {
  enteredRoom();
  sessionStorage.setItem("kingdom.spireFight", runId);
  return report(await client.call("rejoinRoom", fight), { title: "Error", fallback: "Failed to join game" });
}

/** The run whose fight this tab plays (to go back to its map when the hand ends). */
export function spireFightRun(): string | null {
  return sessionStorage.getItem("kingdom.spireFight");
}

export function forgetSpireFight(): void {
  sessionStorage.removeItem("kingdom.spireFight");
}

// -- Constructed: collection and decks over HTTP (docs/protocol.md) -------------------------------

async function json<T>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** The server's message in a 'status: body' error. */
function serverMessage(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  const body = text.replace(/^\d+: /, "");
  try {
    const parsed = JSON.parse(body) as { message?: string };
    return parsed.message ?? body;
  } catch {
    return body;
  }
}

/** The signed-in user's collection and decks. */
export async function loadConstructed(): Promise<void> {
  try {
    const [have, list] = await Promise.all([
      json<CollectionCard[]>("GET", "/api/collection"),
      json<DeckSummary[]>("GET", "/api/decks"),
    ]);
    collection.value = have;
    decks.value = list;
  } catch (e) {
    showToast({ title: "Error", description: serverMessage(e), variant: "destructive" });
  }
}

export async function initializeCollection(): Promise<void> {
  try {
    const data = await json<{ collection: CollectionCard[] }>("POST", "/api/collection/initialize");
    collection.value = data.collection;
  } catch (e) {
    showToast({ title: "Error", description: serverMessage(e), variant: "destructive" });
  }
}

function remember(deck: DeckDetail): void {
  selectedDeck.value = deck;
  const summary: DeckSummary = { ...deck };
  delete (summary as Partial<DeckDetail>).cards;
  delete (summary as Partial<DeckDetail>).refused;
  const others = decks.value.filter((d) => d.id !== deck.id);
  const at = decks.value.findIndex((d) => d.id === deck.id);
  decks.value = at < 0 ? [...others, summary] : decks.value.map((d) => (d.id === deck.id ? summary : d));
}

/** POST /api/decks; `code` or `list` imports a deck. Returns whether it was created. */
export async function createDeck(body: { name: string; description?: string; code?: string; list?: string }): Promise<boolean> {
  try {
    remember(await json<DeckDetail>("POST", "/api/decks", body));
    return true;
  } catch (e) {
    showToast({ title: "Error", description: serverMessage(e), variant: "destructive" });
    return false;
  }
}

export async function selectDeck(id: string | null): Promise<void> {
  if (id === null) {
    selectedDeck.value = null;
    return;
  }
  try {
    selectedDeck.value = await json<DeckDetail>("GET", `/api/decks/${encodeURIComponent(id)}`);
  } catch (e) {
    showToast({ title: "Error", description: serverMessage(e), variant: "destructive" });
  }
}

/** DELETE /api/decks/{id} (the screen asks first). Returns what was deleted, for its Undo. */
export async function deleteDeck(id: string): Promise<DeckSummary | null> {
  const gone = decks.value.find((d) => d.id === id) ?? null;
  try {
    await json<null>("DELETE", `/api/decks/${encodeURIComponent(id)}`);
    decks.value = decks.value.filter((d) => d.id !== id);
    if (selectedDeck.value?.id === id) selectedDeck.value = null;
    return gone;
  } catch (e) {
    showToast({ title: "Error", description: serverMessage(e), variant: "destructive" });
    return null;
  }
}

/** Undo a deletion: the same name, description and cards again (a new deck id), selected. */
export async function restoreDeck(deck: DeckSummary): Promise<boolean> {
  return createDeck({ name: deck.name, description: deck.description, ...(deck.list.trim() ? { list: deck.list } : {}) });
}

let deckChanges: Promise<void> = Promise.resolve();

/**
 * Add (+1) or remove (-1) one copy of a face in the selected deck (docs/protocol.md). A copy the deck cannot
 * take (the server's `refused`, the library's R34) is not sent: its reason shows. Quick
 * clicks are sent one after the other, each from the deck the previous one left: the server
 * takes the face's new count, so two clicks counted from the same deck would add one copy.
 */
export function changeDeckCard(card: { cardRank: string; cardSuit: string }, delta: 1 | -1): Promise<void> {
  deckChanges = deckChanges.then(() => changeDeckCardNow(card, delta));
  return deckChanges;
}

async function changeDeckCardNow(card: { cardRank: string; cardSuit: string }, delta: 1 | -1): Promise<void> {
  const deck = selectedDeck.value;
  if (!deck) return;
  const now = quantityIn(deck.cards, card);
  const refused = delta > 0 ? refusal(deck, card) : null;
  if (refused) {
    const collectionLimit = now >= quantityIn(collection.value, card);
    showToast({ title: collectionLimit ? "Collection Limit Reached" : "Cannot Add Card", description: refused, variant: "destructive" });
    return;
  }
  if (delta < 0 && now <= 0) return;
  try {
    remember(await json<DeckDetail>("PATCH", `/api/decks/${encodeURIComponent(deck.id)}/cards`, { ...card, quantity: now + delta }));
  } catch (e) {
    showToast({ title: "Cannot Add Card", description: serverMessage(e), variant: "destructive" });
  }
}

// -- accounts (HTTP, docs/protocol.md) ---------------------------------------------------------------

/** GET /api/auth/user into the session signal (null when signed out). */
export async function loadUser(): Promise<User | null> {
  const result = await fetchUser<User>();
  user.value = result;
  userLoaded.value = true;
  return result;
}

/** How long the 'Unauthorized' toast shows before the sign-in page. */
export const LOGIN_REDIRECT_MS = 500;

/**
 * A signed-in-only page: who is signed in; when nobody is, the 'Unauthorized' toast and, shortly
 * after, the sign-in page that comes back to `next`. Returns a function that cancels the
 * pending redirect (a page left before it happens).
 */
export function requireSignIn(next: string, signedIn?: (u: User) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let cancelled = false;
  void loadUser().then((me) => {
    if (cancelled) return;
    if (me) {
      signedIn?.(me);
      return;
    }
    showToast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
    timer = setTimeout(() => window.location.assign(`/api/login?next=${encodeURIComponent(next)}`), LOGIN_REDIRECT_MS);
  });
  return () => {
    cancelled = true;
    clearTimeout(timer);
  };
}

/** The profile's statistics and recent matches of a user. */
export async function loadProfile(userId: string): Promise<{ stats: Stats; matches: MatchEntry[] }> {
  const [stats, matches] = await Promise.all([
    fetchQuery<Stats>(["/api/stats", userId]),
    fetchQuery<MatchEntry[]>(["/api/matches", userId]),
  ]);
  return { stats, matches };
}

/** A player's public profile; null for an unknown name (the 404 page). */
export async function loadPublicProfile(username: string): Promise<PublicProfile | null> {
  try {
    return await fetchQuery<PublicProfile>(["/api/profile", encodeURIComponent(username)]);
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return null;
    throw e;
  }
}

/** A finished game's replay: who played and every move (docs/protocol.md, "Replays"). */
export function loadReplay(matchId: string): Promise<ReplaySummary> {
  return fetchQuery<ReplaySummary>(["/api/matches", encodeURIComponent(matchId), "replay"]);
}

/** The table of a replay after `step` moves. */
export function loadReplayStep(matchId: string, step: number): Promise<ReplayStep> {
  return fetchQuery<ReplayStep>(["/api/matches", encodeURIComponent(matchId), "replay", step]);
}

/** PATCH /api/auth/user: names, email, or a new password with the current one. */
export async function updateAccount(patch: Record<string, string | null>): Promise<User> {
  const res = await apiRequest("PATCH", "/api/auth/user", patch);
  const fresh = (await res.json()) as User;
  user.value = fresh;
  return fresh;
}

/** PUT /api/auth/avatar: upload a profile picture (PNG, JPEG or WebP, at most 512 KB; the
 * server re-encodes and serves it). Throws 'status: body' when refused. */
export async function uploadAvatar(file: Blob): Promise<User> {
  const res = await fetch("/api/auth/avatar", {
    method: "PUT",
    headers: { "Content-Type": file.type || "application/octet-stream" },
    body: file,
    credentials: "include",
  });
  if (!res.ok) throw new HttpError(res.status, `${res.status}: ${await res.text().catch(() => res.statusText)}`);
  const fresh = (await res.json()) as User;
  user.value = fresh;
  return fresh;
}

/** DELETE /api/auth/avatar: back to the initials. */
export async function removeAvatar(): Promise<User> {
  const fresh = (await (await apiRequest("DELETE", "/api/auth/avatar")).json()) as User;
  user.value = fresh;
  return fresh;
}

/** DELETE /api/auth/user with the password; then signed out. */
export async function deleteAccount(password: string): Promise<void> {
  await apiRequest("DELETE", "/api/auth/user", { password });
  user.value = null;
}

/** The text of a failed HTTP call ('status: body'), with the server's message when JSON. */
export function httpMessage(e: unknown): string {
  if (!(e instanceof HttpError)) return String(e);
  const body = e.message.slice(e.message.indexOf(":") + 1).trim();
  try {
    const parsed = JSON.parse(body) as { message?: string };
    if (parsed.message) return parsed.message;
  } catch {
    /* not JSON: the text as it is */
  }
  return e.message;
}

// -- ranked ------------------------------------------------------------------------------------

async function getJson<T>(path: string, fallback: T): Promise<T> {
  try {
    return await fetchQuery<T>([path]);
  } catch (e) {
    const message = e instanceof HttpError ? e.message : "Failed to load";
    showToast({ title: "Error", description: message, variant: "destructive" });
    return fallback;
  }
}

/** GET /api/ranked/season/active: the season, or null when none is active. */
export function loadActiveSeason(): Promise<Season | null> {
  return getJson<Season | null>("/api/ranked/season/active", null);
}

/** GET /api/ranked/seasons: every season, newest first. */
export function loadSeasons(): Promise<Season[]> {
  return getJson<Season[]>("/api/ranked/seasons", []);
}

/** A ranked call's query: the season (when given) and the ladder (when not the standard one). */
function rankedQuery(seasonId: number | undefined, ladder: Ladder): string {
  const params = new URLSearchParams();
  if (seasonId !== undefined) params.set("seasonId", String(seasonId));
  if (ladder !== "standard") params.set("ladder", ladder);
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** GET /api/ranked/ranking/{userId} (active season unless seasonId is given; a ladder's). */
export function loadRanking(userId: string, seasonId?: number, ladder: Ladder = "standard"): Promise<Ranking | null> {
  return getJson<Ranking | null>(`/api/ranked/ranking/${encodeURIComponent(userId)}${rankedQuery(seasonId, ladder)}`, null);
}

/** GET /api/ranked/leaderboard/{seasonId} (of a ladder). */
export function loadLeaderboard(seasonId: number, ladder: Ladder = "standard"): Promise<LeaderboardEntry[]> {
  return getJson<LeaderboardEntry[]>(`/api/ranked/leaderboard/${seasonId}${rankedQuery(undefined, ladder)}`, []);
}

const tierTables = new Map<Ladder, Promise<TierInfo[]>>();

/** GET /api/ranked/tiers (of a ladder): its tiers, lowest first, as the server rates them.
 * The table does not change while the server runs: asked once per ladder (again after a
 * failure). */
export function loadTiers(ladder: Ladder = "standard"): Promise<TierInfo[]> {
  let table = tierTables.get(ladder);
  if (!table) {
    table = getJson<TierInfo[]>(`/api/ranked/tiers${rankedQuery(undefined, ladder)}`, []);
    tierTables.set(ladder, table);
    void table.then((t) => {
      if (!t.length) tierTables.delete(ladder);
    });
  }
  return table;
}

/** GET /api/spire/leaderboard: signed-in players' best Spire runs, best score first. */
export function loadSpireLeaderboard(): Promise<SpireLeaderboardEntry[]> {
  return getJson<SpireLeaderboardEntry[]>("/api/spire/leaderboard", []);
}

/** joinRankedQueue: start searching for a ranked match of `playerCount` players; on the
 * Constructed ladder with one of the player's own legal decks. */
export async function joinRankedQueue(playerCount: number, constructed?: { deckId: string }): Promise<Ack> {
  if (!user.value) {
    rankedErrorToast(LOGIN_REQUIRED);
    return { success: false, error: LOGIN_REQUIRED };
  }
  const ladder: Ladder = constructed ? "constructed" : "standard";
  const payload = constructed ? { playerCount, ladder, deckId: constructed.deckId } : { playerCount };
  const ack = await client.call<Ack & { playersWaiting?: number }>("joinRankedQueue", payload);
  if (ack.success) {
    search.value = { playerCount, ladder, startedAt: Date.now(), playersWaiting: ack.playersWaiting ?? 1 };
  } else {
    rankedErrorToast(ack.error || "Failed to join the ranked queue");
  }
  return ack;
}

/** leaveRankedQueue: stop searching (Cancel). */
export async function leaveRankedQueue(): Promise<Ack> {
  const ack = await client.call("leaveRankedQueue", {});
  search.value = null;
  return ack;
}
