// Browser tests of the table as a card game: accessibility (axe-core: no serious or
// critical violations), seats around the table, keyboard play with visible focus, dialogs that
// trap and return focus, the phone layout (hand and action bar on screen on your turn), the
// end of a hand in order (winning play, crown, then the score screen) and the long tasks while
// cards travel. Run after `npm run build`: `node web/e2e/table.mjs`.
import { createRequire } from "node:module";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ensureArtifacts, expect, launchBrowser, perfInitScript, ROOT, run, sleep, startSuiteServer, test, viewOf } from "./harness.mjs";

// axe-core is evaluated through the DevTools protocol: a <script> tag would be an inline script,
// which the server's Content-Security-Policy (rightly) refuses.
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const shots = ensureArtifacts();
const SCREENSHOTS = join(ROOT, "docs/screenshots");
// Bots act after 0.3 s: their moves are seen travelling, as a player would see them.
const { server, cleanup } = await startSuiteServer({ botDelay: 0.3 });
const browser = await launchBrowser();
const figures = {};

/** Records when each Web Animation runs, so long tasks can be matched to animations. */
function animationLog() {
  window.__animations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const o = typeof options === "number" ? { duration: options } : (options ?? {});
    const start = performance.now() + (o.delay ?? 0);
    window.__animations.push({ start, end: start + (o.duration ?? 0) });
    return animate.call(this, frames, options);
  };
  // The end of a hand, in order: when the crown, the score screen, dialogs and toasts appear.
  window.__timeline = [];
  const seen = new Set();
  const watch = () => {
    for (const id of ["crown-animation", "score-screen", "toast", "follow-up-dialog"]) {
      const on = !!document.querySelector(`[data-testid="${id}"]`);
      if (on !== seen.has(id)) {
        window.__timeline.push({ id, on, t: performance.now(), dialogs: document.querySelectorAll("[role=dialog]").length });
        if (on) seen.add(id);
        else seen.delete(id);
      }
    }
  };
  new MutationObserver(watch).observe(document, { childList: true, subtree: true });
}

/** Every game state as it arrives from the server and as the table shows it (the presented view). */
function paceLog() {
  window.__arrived = [];
  window.__presented = [];
  // The most states the table's data-queued attribute ever counted as waiting.
  window.__queuedMax = 0;
  new MutationObserver((records) => {
    for (const r of records) window.__queuedMax = Math.max(window.__queuedMax, Number(r.target.getAttribute("data-queued")) || 0);
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-queued"] });
  const hook = () => {
    const k = window.__kingdom;
    if (!k) return setTimeout(hook, 20);
    k.client.on("gameState", (v) => window.__arrived.push({ v, t: performance.now() }));
    k.view.subscribe((v) => v && window.__presented.push({ v, t: performance.now() }));
  };
  hook();
}

async function newPlayer(viewport = { width: 1280, height: 900 }, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  await context.addInitScript(perfInitScript);
  await context.addInitScript(animationLog);
  await context.addInitScript(paceLog);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));
  return { context, page };
}

async function shot(page, name, options = {}) {
  await page.evaluate(() => (window.__shots = [...(window.__shots ?? []), performance.now()]));
  await page.screenshot({ path: join(shots, name), ...options });
  if (options.docs) cpSync(join(shots, name), join(SCREENSHOTS, name));
}

/** axe-core in the page: the serious and critical violations, with where they are. */
async function axe(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
  // Colours are judged at rest: wait for fades and travels (not endless glows) to end.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity), null, { timeout: 6000 })
    .catch(() => {});
  const found = await page.evaluate(async () => {
    // The checker's own work is not the app's: its time is left out of the long-task figures.
    const start = performance.now();
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    window.__busy = [...(window.__busy ?? []), { start, end: performance.now() }];
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  });
  expect(found.length === 0, `${what}: axe serious/critical violations:\n      ${found.join("\n      ")}`);
  return found;
}


async function waitForView(page, pred, what, timeout = 30000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const v = await viewOf(page);
    if (v && pred(v)) return v;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Host a room from the home page with `bots` bots and start it; returns at the table. */
async function hostGame(page, { name, bots }) {
  await page.goto(server.url + "/");
  await page.getByRole("button", { name: /^Casual/ }).click();
  await page.getByRole("dialog").waitFor();
  await axe(page, "rooms dialog");
  await page.getByRole("tab", { name: "Create" }).click();
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Create Game" }).click();
  await page.waitForURL("**/lobby");
  for (let i = 0; i < bots; i++) {
    await page.getByRole("button", { name: "Add Bot" }).click();
    await page.getByTestId("player-slot").nth(i + 1).waitFor();
  }
  await axe(page, "lobby");
  await page.getByRole("button", { name: "Start Game" }).click();
  await page.waitForURL("**/game");
}

/** One move for me by the view's legal actions (plays first, so that hands end). */
async function playOne(page) {
  const v = await viewOf(page);
  if (!v || v.currentPlayerNumber !== v.myPlayerNumber) return false;
  const legal = v.legalActions;
  if (!legal.length) return false;
  const pick =
    (v.phase === "choosing_resources" && legal[0]) ||
    legal.find((a) => a.type === "drawCard" && a.source === "deck") ||
    legal.find((a) => a.type === "drawCard") ||
    legal.find((a) => a.type === "playRoyal") ||
    legal.find((a) => a.type === "playCombination") ||
    legal.find((a) => ["eatCharacter", "destroyWithHail", "slayDragon", "mountHorse", "placeRoyalInCastle", "resurrectRoyal", "drawRoyalReward"].includes(a.type)) ||
    legal.find((a) => a.type === "playResource") ||
    legal.find((a) => a.type === "skipPendingAction" || a.type === "skipDemolitionEat") ||
    legal.find((a) => a.type === "passTurn");
  if (!pick) return false;
  await page.evaluate((a) => window.__kingdom.sendAction(a), pick);
  return true;
}

/** Long tasks while cards travel (screenshots left out: the test's work, not the app's). */
async function longTasks(page) {
  return page.evaluate(() => {
    const shots = window.__shots ?? [];
    const busy = window.__busy ?? [];
    const tasks = window.__longtasks.filter(
      (t) => !shots.some((s) => t.start + t.duration >= s && t.start <= s + 1000) && !busy.some((b) => t.start + t.duration >= b.start && t.start <= b.end + 50),
    );
    const anims = window.__animations;
    const during = tasks.filter((t) => anims.some((a) => t.start <= a.end && t.start + t.duration >= a.start));
    return { animations: anims.length, longTasks: tasks.map((t) => Math.round(t.duration)), whileAnimating: during.map((t) => Math.round(t.duration)) };
  });
}

// ---------------------------------------------------------------------------------------------

test("home: no serious axe violations; keyboard focus is visible; a dialog traps and returns focus", async () => {
  const { context, page } = await newPlayer();
  await page.goto(server.url + "/");
  await page.getByRole("heading", { name: "Kingdom" }).waitFor();
  await axe(page, "home");
  // Keyboard: Tab reaches 'How to Play', its focus ring shows, Enter opens the dialog.
  const how = page.getByRole("button", { name: "How to Play" });
  for (let i = 0; i < 40 && !(await how.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  expect(await how.evaluate((el) => el === document.activeElement), "Tab reaches How to Play");
  const outline = await how.evaluate((el) => getComputedStyle(el).outlineStyle + " " + getComputedStyle(el).outlineWidth);
  expect(!outline.startsWith("none") && !outline.endsWith(" 0px"), `a visible focus ring (${outline})`);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Classic Game Rules" });
  await dialog.getByRole("region", { name: "Strategy" }).waitFor();
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));
  await axe(page, "rules dialog");
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    expect(await dialog.evaluate((d) => d.contains(document.activeElement)), "focus stays in the dialog");
  }
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  expect(await how.evaluate((el) => el === document.activeElement), "focus returns to How to Play");
  await context.close();
});

test("a 4-player table: seats around it, axe on your turn and at the score screen, keyboard draw, the end of the hand in order", async () => {
  const { context, page } = await newPlayer();
  await hostGame(page, { name: "Hal", bots: 3 });
  // Choose a starting resource by keyboard: Tab to the first enabled hand card, Enter.
  await waitForView(page, (v) => v.phase === "choosing_resources" && v.legalActions.length > 0, "the starting resource choice");
  const first = page.locator("[data-testid=hand-card]:not([disabled])").first();
  await first.focus();
  await page.keyboard.press("Enter");
  await waitForView(page, (v) => v.phase === "playing", "the hand to begin");

  // Seats: the partner (player 3) across the table, the opponents on either side.
  const seats = await page.evaluate(() =>
    [...document.querySelectorAll("[data-testid=opponent]")].map((s) => ({ seat: s.dataset.seat, label: s.getAttribute("aria-label"), text: s.textContent })),
  );
  expect(seats.length === 3, `three seats, got ${JSON.stringify(seats)}`);
  const top = seats.find((s) => s.seat === "top");
  expect(top && top.label.includes("Player 3") && top.text.includes("Partner") && top.text.includes("Team 1"), `the partner sits across: ${JSON.stringify(seats)}`);
  expect(seats.filter((s) => s.seat === "left" || s.seat === "right").every((s) => s.text.includes("Team 2")), "opponents on the sides");

  // My turn: the deck by keyboard (focus ring visible), axe, the 4-player screenshot.
  await waitForView(page, (v) => v.currentPlayerNumber === v.myPlayerNumber && v.legalActions.some((a) => a.type === "drawCard"), "my first draw", 60000);
  await axe(page, "table, your turn (before drawing)");
  const deck = page.getByTestId("draw-deck");
  await deck.focus();
  const ring = await deck.evaluate((el) => getComputedStyle(el).outlineStyle);
  await page.keyboard.press("Enter");
  await waitForView(page, (v) => v.players.find((p) => p.number === v.myPlayerNumber)?.hasDrawnThisTurn, "the keyboard draw");
  expect(ring !== "none", `the deck shows a focus ring (${ring})`);
  const named = await page.locator("[data-testid=hand-card] .sr-only").first().textContent();
  expect(/^(Ace|[2-9]|10|Jack|Queen|King) of (Hearts|Diamonds|Clubs|Spades)$|Hero$/.test(named ?? ""), `cards are named in words: ${named}`);
  await axe(page, "table, your turn (after drawing)");

  // Play on (the bots too) until a hand ends; keep the richest table for the screenshot.
  let best = -1;
  const deadline = Date.now() + 6 * 60 * 1000;
  let v = await viewOf(page);
  let dialogChecked = false;
  while (Date.now() < deadline && v.phase === "playing") {
    if (!dialogChecked && (await page.getByTestId("follow-up-dialog").count())) {
      await axe(page, "table with a follow-up dialog");
      dialogChecked = true;
    }
    const rich = v.players.reduce((n, p) => n + (p.kingdom ? p.kingdom.resources.length + 2 * p.kingdom.royals.length + 3 * p.kingdom.combinations.length : 0), 0);
    if (v.currentPlayerNumber === v.myPlayerNumber && rich > best + 3) {
      best = rich;
      await shot(page, "table-4p-early.png");
    }
    if (!(await playOne(page))) await sleep(150);
    else await sleep(350);
    v = await viewOf(page);
  }
  expect(v.phase !== "playing", "the hand ended");
  await page.getByTestId("score-screen").waitFor({ timeout: 10000 });
  await sleep(300);
  const timeline = await page.evaluate(() => window.__timeline);
  const reason = v.handHistory[v.handHistory.length - 1]?.reason;
  const at = (id, on = true) => timeline.find((e) => e.id === id && e.on === on);
  const score = at("score-screen");
  if (reason === "family") {
    const crown = at("crown-animation");
    const crownGone = at("crown-animation", false);
    expect(crown && score && crown.t < score.t, `the crown before the score screen: ${JSON.stringify(timeline)}`);
    // Order only (no time limit: a loaded machine may be slow): crown, crown gone, score screen.
    expect(crownGone && crown.t < crownGone.t && crownGone.t <= score.t, `the crown is gone when the score screen comes: ${JSON.stringify(timeline)}`);
  }
  const stacked = await page.evaluate(() => ({ dialogs: document.querySelectorAll("[role=dialog]").length, toast: document.querySelector("[data-testid=toast]")?.textContent ?? false }));
  expect(stacked.dialogs === 0 && !stacked.toast, `nothing stacked over the score screen: ${JSON.stringify(stacked)}`);
  const title = await page.locator("#result-title").innerText();
  const me = v.myPlayerNumber;
  const winner = v.handHistory[v.handHistory.length - 1]?.winnerPlayerNumber;
  const myTeam = v.players.find((p) => p.number === me)?.team;
  const winnerTeam = v.players.find((p) => p.number === winner)?.team;
  const expected = winner === me ? "You Won!" : winner != null && winnerTeam === myTeam ? "Your team won" : "Game Over";
  if (winner != null) expect(title === expected, `result '${title}', expected '${expected}' (winner ${winner}, me ${me})`);
  const totals = await page.getByTestId("team-totals").innerText();
  expect(/Team 1: \d+ points?/.test(totals) && /Team 2: \d+ points?/.test(totals), `team totals in game mode: ${totals}`);
  await axe(page, "score screen");
  await shot(page, "score-4p.png", { docs: true, fullPage: true });
  console.log(`    hand ended by ${reason}; timeline ${JSON.stringify(timeline.map((e) => [e.id, e.on, Math.round(e.t)]))}`);
  figures.fourPlayers = await longTasks(page);
  console.log(`    long tasks: ${JSON.stringify(figures.fourPlayers)}`);
  await context.close();
});

test("a phone (390 x 844): hand and action bar on screen without scrolling on your turn; seats fold into rows that open", async () => {
  const { context, page } = await newPlayer({ width: 390, height: 844 }, { isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await hostGame(page, { name: "Pia", bots: 2 });
  await waitForView(page, (v) => v.phase === "choosing_resources" && v.legalActions.length > 0, "the starting resource choice");
  await playOne(page);
  for (let turn = 0; turn < 3; turn++) {
    await waitForView(page, (v) => v.phase === "playing" && v.currentPlayerNumber === v.myPlayerNumber && v.legalActions.some((a) => a.type === "drawCard"), "my turn", 60000);
    await page.getByTestId("draw-deck").click();
    await waitForView(page, (v) => v.players.find((p) => p.number === v.myPlayerNumber)?.hasDrawnThisTurn, "the draw");
    await page.getByTestId("action-bar").waitFor();
    // Without scrolling: the page is where a player lands, at its top.
    await page.evaluate(() => window.scrollTo(0, 0));
    await sleep(100);
    const boxes = await page.evaluate(() => {
      const box = (sel) => {
        const r = document.querySelector(sel)?.getBoundingClientRect();
        return r ? { top: Math.round(r.top), bottom: Math.round(r.bottom), left: Math.round(r.left), right: Math.round(r.right) } : null;
      };
      return { w: innerWidth, h: innerHeight, hand: box("[data-testid=hand]"), bar: box("[data-testid=action-bar]"), header: box("[data-testid=turn-header]") };
    });
    const inside = (b) => b && b.top >= 0 && b.bottom <= boxes.h && b.left >= 0 && b.right <= boxes.w;
    expect(inside(boxes.hand) && inside(boxes.bar), `hand and action bar inside the viewport: ${JSON.stringify(boxes)}`);
    expect(inside(boxes.header), `the turn header on screen: ${JSON.stringify(boxes)}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow <= 0, `no sideways scroll (overflow ${overflow})`);
    if (turn === 0) {
      await axe(page, "phone table, your turn");
      await shot(page, "table-phone-early.png");
      // Opponents are rows; a tap opens one.
      const toggle = page.getByTestId("seat-toggle").first();
      expect((await toggle.getAttribute("aria-expanded")) === "false", "seats start folded");
      await toggle.tap();
      expect((await toggle.getAttribute("aria-expanded")) === "true", "a tap opens the seat");
      await shot(page, "table-phone-open.png");
      await toggle.tap();
    }
    await page.getByTestId("btn-pass").click();
    await waitForView(page, (v) => v.currentPlayerNumber !== v.myPlayerNumber, "the pass");
  }
  figures.phone = await longTasks(page);
  console.log(`    long tasks: ${JSON.stringify(figures.phone)}`);
  await context.close();
});

test("a bot's moves are shown one after another, each held for its animation; the turn comes back", async () => {
  const { context, page } = await newPlayer();
  await hostGame(page, { name: "Ola", bots: 1 });
  await waitForView(page, (v) => v.phase === "choosing_resources" && v.legalActions.length > 0, "the starting resource choice");
  await playOne(page);
  let botTurns = 0;
  for (let turn = 0; turn < 3; turn++) {
    await waitForView(page, (v) => v.phase === "playing" && v.currentPlayerNumber === v.myPlayerNumber && v.legalActions.some((a) => a.type === "drawCard"), "my turn", 60000);
    await page.getByTestId("draw-deck").click();
    await waitForView(page, (v) => v.players.find((p) => p.number === v.myPlayerNumber)?.hasDrawnThisTurn, "the draw");
    await page.getByTestId("btn-pass").click();
    // Watch the bot's turn without touching anything (a click or a key would skip ahead).
    const deadline = Date.now() + 30000;
    while (Date.now() < deadline) {
      const q = Number(await page.getByTestId("game-page").getAttribute("data-queued"));
      const v = await viewOf(page);
      if (v.phase !== "playing" || (v.currentPlayerNumber === v.myPlayerNumber && q === 0)) break;
      await sleep(50);
    }
    botTurns++;
    if ((await viewOf(page)).phase !== "playing") break;
  }
  const log = await page.evaluate(() => {
    const index = new Map(window.__arrived.map((a, i) => [a.v, i]));
    const me = window.__arrived[0]?.v.myPlayerNumber;
    return {
      arrived: window.__arrived.map((a, i) => ({
        i,
        t: a.t,
        bot: i > 0 && window.__arrived[i - 1].v.phase === "playing" && window.__arrived[i - 1].v.currentPlayerNumber !== me,
        myTurn: a.v.currentPlayerNumber === me && a.v.legalActions.length > 0,
      })),
      shown: window.__presented.map((p) => ({ i: index.get(p.v), t: p.t })).filter((p) => p.i !== undefined),
    };
  });
  const shownAt = new Map(log.shown.map((p) => [p.i, p.t]));
  const order = log.shown.map((p) => p.i);
  expect(order.every((x, k) => k === 0 || x > order[k - 1]), `states shown in the order they came: ${order.join(",")}`);
  const bot = log.arrived.filter((a) => a.bot);
  expect(bot.length >= 4, `the bot made moves (${bot.length})`);
  expect(bot.every((a) => shownAt.has(a.i)), `every bot move shown, none skipped: ${bot.filter((a) => !shownAt.has(a.i)).map((a) => a.i)}`);
  // Moves that came close together (the server's bot delay is 0.3 s) were each held on screen:
  // shown one after another, never two at once. (Order and holds only: the pace's figures are
  // unit-tested with fake timers in state/pacing.test.ts; a browser test sets no time limit.)
  const gaps = [];
  for (const a of bot) {
    const prev = log.arrived[a.i - 1];
    if (prev && shownAt.has(prev.i)) gaps.push(Math.round(shownAt.get(a.i) - shownAt.get(prev.i)));
  }
  expect(gaps.length >= 3 && gaps.every((g) => g > 0), `each bot move shown after the one before it: ${gaps.join(", ")} ms`);
  // The turn comes back: every state that gave me my turn was shown.
  const turns = log.arrived.filter((a) => a.myTurn && a.bot);
  expect(turns.length > 0 && turns.every((a) => shownAt.has(a.i)), "the turn came back and was shown");
  const lags = log.arrived.filter((a) => shownAt.has(a.i)).map((a) => Math.round(shownAt.get(a.i) - a.t));
  const turnLags = turns.map((a) => Math.round(shownAt.get(a.i) - a.t));
  const queuedMax = await page.evaluate(() => window.__queuedMax);
  expect(queuedMax > 0, `the table's data-queued attribute counted waiting states (at most ${queuedMax})`);
  console.log(`    ${botTurns} bot turns; close moves shown ${gaps.join(", ")} ms apart; lags ${lags.join(", ")} ms; turn back after ${turnLags.join(", ")} ms`);
  figures.pacing = await longTasks(page);
  console.log(`    long tasks: ${JSON.stringify(figures.pacing)}`);
  await context.close();
});

test("prefers-reduced-motion: cards fade instead of travelling", async () => {
  const { context, page } = await newPlayer({ width: 1280, height: 900 }, { reducedMotion: "reduce" });
  await hostGame(page, { name: "Rae", bots: 1 });
  await waitForView(page, (v) => v.phase === "choosing_resources" && v.legalActions.length > 0, "the starting resource choice");
  await playOne(page);
  await waitForView(page, (v) => v.phase === "playing" && v.currentPlayerNumber === v.myPlayerNumber && v.legalActions.some((a) => a.type === "drawCard"), "my turn", 60000);
  await page.evaluate(() => {
    window.__frames = [];
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (frames, options) {
      window.__frames.push(JSON.stringify(frames));
      return animate.call(this, frames, options);
    };
  });
  await page.getByTestId("draw-deck").click();
  await waitForView(page, (v) => v.players.find((p) => p.number === v.myPlayerNumber)?.hasDrawnThisTurn, "the draw");
  await sleep(200);
  const frames = await page.evaluate(() => window.__frames);
  expect(frames.length > 0, "the draw animates");
  expect(frames.every((f) => !f.includes("translate")), `no travel, only fades: ${frames.join(" ")}`);
  await context.close();
});

const { passed, failed } = await run({ timeoutMs: 9 * 60 * 1000 });
await browser.close();
await server.stop();
cleanup();
writeFileSync(join(shots, "table-figures.json"), JSON.stringify(figures, null, 2));
console.log(`e2e table: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
