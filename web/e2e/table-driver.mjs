// Driving a game at the table from a browser page, shared by the fixed-table browser tests and
// the long-task benchmark (bench/table_long_tasks.mjs): host a room with bots, and play one
// move at a time that keeps the hand going and fills the kingdom.
import { sleep, viewOf } from "./harness.mjs";

/** The page's view once `pred` holds (polled; `what` names it in the timeout's error). */
export async function waitForView(page, pred, what, timeout = 60000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const v = await viewOf(page);
    if (v && pred(v)) return v;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Host a room from the home page at `url` with `bots` bots and start it; returns at the table. */
export async function hostGame(page, url, { name, bots }) {
  await page.goto(url + "/");
  await page.getByRole("button", { name: /^Casual/ }).click();
  await page.getByRole("dialog").waitFor();
  await page.getByRole("tab", { name: "Create" }).click();
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Create Game" }).click();
  await page.waitForURL("**/lobby");
  for (let i = 0; i < bots; i++) {
    await page.getByRole("button", { name: "Add Bot" }).click();
    await page.getByTestId("player-slot").nth(i + 1).waitFor();
  }
  await page.getByRole("button", { name: "Start Game" }).click();
  await page.waitForURL("**/game");
}

/**
 * One move of mine that keeps the hand going and crowds the kingdom: combinations (beasts and
 * structures) first, then resources; never a royal, so my own family never ends the hand.
 */
export async function playOne(page) {
  const v = await viewOf(page);
  if (!v || v.currentPlayerNumber !== v.myPlayerNumber) return false;
  const legal = v.legalActions;
  if (!legal.length) return false;
  const pick =
    (v.phase === "choosing_resources" && legal[0]) ||
    legal.find((a) => a.type === "drawCard" && a.source === "deck") ||
    legal.find((a) => a.type === "drawCard") ||
    legal.find((a) => a.type === "playCombination") ||
    legal.find((a) => a.type === "playResource") ||
    legal.find((a) => ["mountHorse", "placeRoyalInCastle", "drawRoyalReward", "eatCharacter", "destroyWithHail", "slayDragon"].includes(a.type)) ||
    legal.find((a) => a.type === "skipPendingAction" || a.type === "skipDemolitionEat") ||
    legal.find((a) => a.type === "passTurn");
  if (!pick) return false;
  await page.evaluate((a) => window.__kingdom.sendAction(a), pick);
  return true;
}

/**
 * Plays `page`'s seat until `turns` seat turns have passed and it is my turn again, drawn and
 * with nothing pending (a late, crowded table). `onTurn(view)` is called once per turn of mine
 * after the draw. Throws when the hand ends first.
 */
export async function playToLateTurn(page, turns, onTurn = async () => {}) {
  let count = 0;
  let lastTurn = null;
  let lastMine = null;
  for (;;) {
    const v = await waitForView(page, (x) => x.phase !== "choosing_resources" || x.legalActions.length > 0, "a state to act on");
    if (v.phase !== "playing" && v.phase !== "choosing_resources") throw new Error(`the hand ended after ${count} turns (${v.phase}): replay with a longer hand`);
    const key = `${v.round}:${v.currentPlayerNumber}`;
    if (v.phase === "playing" && key !== lastTurn) {
      lastTurn = key;
      count++;
    }
    const mine = v.phase === "playing" && v.currentPlayerNumber === v.myPlayerNumber;
    const me = v.players.find((p) => p.number === v.myPlayerNumber);
    const ready = mine && me.hasDrawnThisTurn && !v.pendingAction;
    if (ready && lastMine !== key) {
      lastMine = key;
      await onTurn(v);
    }
    if (count >= turns && ready) return { turns: count, view: v };
    if (!(await playOne(page))) await sleep(100);
    else await sleep(60);
  }
}
