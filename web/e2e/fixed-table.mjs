// Browser tests of the fixed table: during play the page never scrolls and your
// kingdom, your hand, the action bar and every seat's panel are inside the viewport, at the
// four desktop sizes and a phone, late in a hand of 4, 3 and 2 players (12 turns and more; the
// first turn too); beasts and structures are one drawn object each; the move log names a bot's
// moves in words; court cards carry their pictures; a Constructed game takes a card from your
// own revealed pair by clicking it. No test here measures time: they check what is on screen and in what order.
// Run after `npm run build`: `node web/e2e/fixed-table.mjs`.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureArtifacts, expect, fastAnimations, launchBrowser, ROOT, run, startSuiteServer, test, viewOf } from "./harness.mjs";
import { hostGame as host, playOne, playToLateTurn, waitForView } from "./table-driver.mjs";

// axe-core through the DevTools protocol (the server's CSP refuses inline scripts).
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const shots = ensureArtifacts();
const SCREENSHOTS = join(ROOT, "docs/screenshots");
const { server, cleanup } = await startSuiteServer({ botDelay: 0.05 });
const browser = await launchBrowser();

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
];

const hostGame = (page, opts) => host(page, server.url, opts);

/** A fresh browser context and page; `fast`: with the Fast animations setting (for a test that
 * plays many turns to reach the table it checks). */
async function newPlayer(viewport = { width: 1280, height: 800 }, { fast = false } = {}) {
  const context = await browser.newContext({ viewport });
  if (fast) await fastAnimations(context);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));
  return { context, page };
}

/** The layout settles after a resize: transitions end and the kingdoms refit (no time limit). */
async function settle(page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity));
  await page.waitForFunction(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))));
}

/** axe-core: the serious and critical violations of the page as it is now (none expected). */
async function axe(page, what) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(AXE);
  await settle(page);
  const found = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  });
  expect(found.length === 0, `${what}: axe serious/critical violations:\n      ${found.join("\n      ")}`);
}

/** What is outside the viewport (and whether the document scrolls) at the page's size. */
async function outside(page) {
  return page.evaluate(() => {
    const w = innerWidth;
    const h = innerHeight;
    const problems = [];
    const doc = document.documentElement;
    if (doc.scrollHeight > h + 1 || doc.scrollWidth > w + 1) problems.push(`the document scrolls (${doc.scrollWidth}x${doc.scrollHeight} in ${w}x${h})`);
    const check = (el, what) => {
      if (!el) return problems.push(`${what} is missing`);
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) return problems.push(`${what} is not shown`);
      if (r.top < -1 || r.left < -1 || r.bottom > h + 1 || r.right > w + 1) problems.push(`${what} ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},${Math.round(r.bottom)}`);
    };
    check(document.querySelector("[data-testid=my-kingdom]"), "your kingdom");
    for (const el of document.querySelectorAll("[data-testid=my-kingdom] [data-card-id]")) check(el, `your kingdom's card ${el.dataset.cardId}`);
    check(document.querySelector("[data-testid=hand]"), "your hand");
    for (const el of document.querySelectorAll("[data-testid=hand-card]")) check(el, "a hand card");
    check(document.querySelector("[data-testid=action-bar]"), "the action bar");
    for (const el of document.querySelectorAll("[data-testid=opponent]")) check(el, `the seat ${el.getAttribute("aria-label")}`);
    if (document.querySelectorAll("[data-testid=opponent]").length === 0) problems.push("no seat shown");
    return problems;
  });
}

/**
 * A game of `players` seats played to a late, crowded table (12 seat turns and more): the
 * table is checked on the first turn at 1280x800, then at every size late in the hand.
 */
async function lateHand(players) {
  // The deal is random: a hand that ends before 12 turns is played again in a new room.
  let context, page, turns;
  for (let attempt = 1; ; attempt++) {
    ({ context, page } = await newPlayer(undefined, { fast: true }));
    await hostGame(page, { name: "Fay", bots: players - 1 });
    let first = true;
    try {
      ({ turns } = await playToLateTurn(page, 12, async () => {
        if (!first) return;
        // The first turn: the same checks on a table still nearly empty.
        first = false;
        await page.getByTestId("action-bar").waitFor();
        await settle(page);
        const problems = await outside(page);
        expect(problems.length === 0, `${players} players, first turn at 1280x800: ${problems.join("; ")}`);
      }));
      break;
    } catch (e) {
      if (attempt >= 4 || !String(e && e.message).includes("the hand ended")) throw e;
      console.log(`    ${players} players: ${e.message}; a new game`);
      await context.close();
    }
  }
  const v = await viewOf(page);
  const cards = v.players.reduce((n, p) => n + p.kingdom.resources.length + p.kingdom.royals.length + p.kingdom.combinations.length, 0);
  const combos = v.players.reduce((n, p) => n + p.kingdom.combinations.length, 0);
  console.log(`    ${players} players after ${turns} turns, round ${v.round}: ${cards} cards and combinations on the table (${combos} combinations)`);
  expect((await page.locator("[data-testid=opponent]").count()) === players - 1, `${players - 1} opponents' seats`);
  // Each beast or structure is one object: one silhouette, its cards as marks on it, no card faces.
  const objects = await page.evaluate(() =>
    [...document.querySelectorAll("[data-testid=combination], [data-testid=aim-target][data-kind]")].map((el) => ({
      kind: el.dataset.kind,
      silhouettes: el.querySelectorAll(":scope > svg").length,
      marks: el.querySelectorAll("[data-testid=combo-card]").length,
      faces: [...el.querySelectorAll("[role=img], button[data-card-id]")].filter((c) => !c.closest("[data-testid=rider], [data-testid=inside]")).length,
    })),
  );
  expect(objects.length === combos, `every combination drawn (${objects.length} of ${combos})`);
  for (const o of objects) expect(o.silhouettes === 1 && o.marks >= 2 && o.faces === 0, `the ${o.kind} is one object: ${JSON.stringify(o)}`);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByTestId("action-bar").waitFor();
    await settle(page);
    const problems = await outside(page);
    await page.screenshot({ path: join(shots, `fixed-${players}p-${size.width}x${size.height}.png`) });
    expect(problems.length === 0, `${players} players, ${size.width}x${size.height}: ${problems.join("; ")}`);
    if (players === 4 && (size.width === 1440 || size.width === 390)) await axe(page, `the table at ${size.width}x${size.height}`);
  }
  if (players === 4) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, "table-4p.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.screenshot({ path: join(SCREENSHOTS, "table-phone.png") });
  }
  await context.close();
}

test("a 4-player game after 12 turns: the table does not scroll and everything is on screen at 1280x800, 1366x768, 1440x900, 1920x1080 and 390x844", () => lateHand(4));
test("a 3-player game, first turn and after 12 turns: the table does not scroll and everything is on screen at every size", () => lateHand(3));
test("a 2-player game, first turn and after 12 turns: the table does not scroll and everything is on screen at every size", () => lateHand(2));

test("the move log: after a bot's turn its moves are named in words, newest first, in a live log", async () => {
  const { context, page } = await newPlayer({ width: 1440, height: 900 });
  await hostGame(page, { name: "Lou", bots: 1 });
  await waitForView(page, (v) => v.phase === "choosing_resources" && v.legalActions.length > 0, "the starting resource choice");
  await playOne(page);
  // My turn: draw and pass; then the bot's turn comes and goes.
  await waitForView(page, (v) => v.phase === "playing" && v.currentPlayerNumber === v.myPlayerNumber && v.legalActions.some((a) => a.type === "drawCard"), "my turn");
  await page.getByTestId("draw-deck").click();
  await waitForView(page, (v) => v.players.find((p) => p.number === v.myPlayerNumber)?.hasDrawnThisTurn, "the draw");
  await page.getByTestId("btn-pass").click();
  await waitForView(page, (v) => v.phase !== "playing" || (v.currentPlayerNumber === v.myPlayerNumber && !v.players.find((p) => p.number === v.myPlayerNumber).hasDrawnThisTurn), "the bot's turn to end");
  const bot = (await viewOf(page)).players.find((p) => p.isBot).name;
  await page.waitForFunction((name) => [...document.querySelectorAll("[data-testid=move-log-line]")].some((l) => l.textContent === `${name} passed.`), bot, { timeout: 30000 });
  const log = page.getByRole("log", { name: "Move log" });
  expect(await log.isVisible(), "the move log is beside the table");
  const lines = await page.locator("[data-testid=move-log-line]").allTextContents();
  console.log(`    log: ${JSON.stringify(lines.slice(0, 6))}`);
  const passed = lines.indexOf(`${bot} passed.`);
  const drew = lines.findIndex((l) => l.startsWith(`${bot} `) && / (drew a card from the deck|took the revealed .+)\.$/.test(l));
  const myPass = lines.indexOf("You passed.");
  expect(passed >= 0 && drew > passed, `the bot's draw, then its pass, newest first: ${JSON.stringify(lines)}`);
  expect(myPass > drew, `my pass before the bot's moves: ${JSON.stringify(lines)}`);
  expect(lines.some((l) => /^You drew the .+ from the deck\.$/.test(l)), `my own draw names my card: ${JSON.stringify(lines)}`);
  // Only public information: no line names a card of the bot's hand drawn from the deck.
  expect(!lines.some((l) => l.startsWith(`${bot} drew the `)), "a bot's deck draw is 'a card'");
  await page.screenshot({ path: join(SCREENSHOTS, "table-2p.png") });
  // The log on a narrower screen is a drawer: its button opens it.
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByTestId("move-log-toggle").click();
  await settle(page);
  expect(await page.getByRole("log", { name: "Move log" }).isVisible(), "the drawer shows the log");
  await page.screenshot({ path: join(SCREENSHOTS, "move-log.png") });
  await context.close();
});

const hand = (page, id) => page.locator(`[data-testid=hand-card][data-card-id="${id}"]`);
const readyResource = (page, id) => page.locator(`[data-testid=my-kingdom] [data-testid=resource-ready][data-card-id="${id}"]`);

test("aim on the table: a Dragon's targets glow on the opponent's kingdom, a click on the Queen eats her, and the toast and the log name the cards", async () => {
  const { context, page } = await newPlayer({ width: 1366, height: 768 });
  // The advanced-combos lesson deals a known game: a run of three in hand, a Queen across the table.
  await page.goto(server.url + "/");
  await page.getByLabel("Tutorial mode").selectOption("advanced-combos");
  await page.getByTestId("mode-tutorial").click();
  await page.getByRole("dialog", { name: "Welcome to the Tutorial!" }).getByRole("button", { name: "Begin Tutorial" }).click();
  await page.waitForURL("**/game");
  await page.getByTestId("tutorial-next").click();
  for (const card of ["hearts-9", "diamonds-3"]) {
    const v = await waitForView(page, (x) => x.currentPlayerNumber === 1 && !x.players[0].hasDrawnThisTurn, "my turn");
    await page.getByTestId("draw-deck").click();
    await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
    const ready = v.players[0].kingdom.resources.find((r) => r.orientation === "ready").card.id;
    await readyResource(page, ready).click();
    await hand(page, card).click();
    await page.getByTestId("btn-play-resource").click();
    await waitForView(page, (x) => x.players[0].kingdom.resources.some((r) => r.card.id === card), "the resource");
    await page.getByTestId("btn-pass").click();
  }
  await waitForView(page, (x) => x.currentPlayerNumber === 1 && !x.players[0].hasDrawnThisTurn && x.players[1].kingdom.royals.length > 0, "my turn with a Queen across", 30000);
  await page.getByTestId("draw-revealed1").click();
  await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
  for (const id of ["hearts-4", "spades-5", "diamonds-6"]) await hand(page, id).click();
  await page.getByTestId("btn-play-combination").click();
  const v = await waitForView(page, (x) => x.pendingAction?.type === "eating", "the Dragon's follow-up");
  // The bar names what to choose; it is no dialog and covers no target.
  const bar = page.getByTestId("follow-up-dialog");
  await bar.waitFor();
  expect((await page.getByRole("dialog").count()) === 0, "no modal dialog over the table");
  const prompt = await page.getByTestId("aim-prompt").innerText();
  expect(/Choose a character to eat, or Skip/.test(prompt), `the bar's line: ${prompt}`);
  const targets = page.locator("[data-testid=opponent] [data-testid=aim-target]");
  const eat = v.legalActions.filter((a) => a.type === "eatCharacter");
  expect((await targets.count()) === eat.length && eat.length > 0, `every legal target glows on the table (${await targets.count()} of ${eat.length})`);
  const queen = eat.find((a) => a.characterType === "royal");
  const target = page.locator(`[data-testid=opponent] [data-testid=aim-target][data-card-id="${queen.characterId}"]`);
  const [t, b] = [await target.boundingBox(), await bar.boundingBox()];
  expect(t && b && (t.y + t.height <= b.y || t.y >= b.y + b.height), `the bar does not cover the target: ${JSON.stringify({ t, b })}`);
  // The list stays reachable by keyboard: the bar's first choice has the focus.
  expect(await page.evaluate(() => document.activeElement?.dataset.testid === "follow-up-option"), "focus on the bar's first choice");
  // The Queen is a picture (the court art, loaded after the table), told apart from a King.
  await target.locator("[data-art=court]").waitFor();
  const mine = page.locator("[data-testid=my-kingdom] [data-testid=combination]");
  expect((await mine.count()) === 1 && (await mine.getAttribute("data-kind")).endsWith("dragon"), "my Dragon stands as one object");
  expect((await mine.locator(":scope > svg").count()) === 1, "the Dragon is drawn as one silhouette");
  await axe(page, "the table while aiming");
  await page.screenshot({ path: join(SCREENSHOTS, "attack-aimed.png") });
  await target.click();
  const after = await waitForView(page, (x) => x.discardPile.some((c) => c.id === queen.characterId), "the Queen eaten");
  expect(!after.players[1].kingdom.royals.some((c) => c.id === queen.characterId), "the Queen left the kingdom");
  const toast = page.getByTestId("toast").filter({ hasText: "Royal Eaten!" });
  await toast.waitFor();
  const words = await toast.innerText();
  expect(/Your Dragon ate .+'s Queen of Spades/.test(words), `the toast names the cards: ${words}`);
  const lines = await page.locator("[data-testid=move-log-line]").allTextContents();
  expect(lines.some((l) => /^Your Dragon ate .+'s Queen of Spades\.$/.test(l)), `the log names the attack: ${JSON.stringify(lines.slice(0, 4))}`);
  await context.close();
});

test("a Constructed game: the draw area shows your own pile and your own revealed pair, and a click takes a card from it", async () => {
  const { context, page } = await newPlayer({ width: 1440, height: 900 });
  const api = context.request;
  const origin = { Origin: server.url };
  const reg = await api.post(server.url + "/api/auth/register", { data: { username: "PairTaker", password: "correct horse battery" }, headers: origin });
  expect(reg.status() === 201, `registered (${reg.status()})`);
  await api.post(server.url + "/api/collection/initialize", { headers: origin });
  const list = [..."HCS"].flatMap((s) => ["2", "3", "4", "5", "6", "7", "8", "9", "10"].map((r) => `1 ${r}${s}`)).concat(["1 JH", "1 QH", "1 KH"]).join("\n");
  const deck = await api.post(server.url + "/api/decks", { data: { name: "Own Pair", description: "", list }, headers: origin });
  expect(deck.status() === 201, `a deck (${deck.status()})`);
  await page.goto(server.url + "/constructed/lobby");
  await page.getByRole("button", { name: "Create Private Room" }).click();
  await page.waitForURL("**/lobby");
  await page.getByRole("button", { name: "Add Bot" }).click();
  await page.getByRole("button", { name: /Play Own Pair/ }).click();
  await waitForView(page, (v) => v.players.every((p) => p.hasDeck), "every deck chosen");
  await page.getByRole("button", { name: "Start Game" }).click();
  await page.waitForURL("**/game");
  await waitForView(page, (v) => v.phase === "choosing_resources" && v.legalActions.length > 0, "the starting resource choice");
  await playOne(page);
  const v = await waitForView(
    page,
    (x) => x.phase === "playing" && x.currentPlayerNumber === x.myPlayerNumber && x.legalActions.some((a) => a.type === "drawCard" && a.source !== "deck"),
    "my turn with my own revealed pair",
  );
  const me = v.players.find((p) => p.number === v.myPlayerNumber);
  // The shared deck is empty in Constructed: the table reads my seat's own values.
  expect(v.deckCount === 0 && me.pileCount > 0, `own pile ${me.pileCount}, shared deck ${v.deckCount}`);
  const label = await page.getByTestId("deck-count").innerText();
  expect(label.replace(/\s+/g, " ").trim().toLowerCase() === `your pile · ${me.pileCount}`, `the pile count is mine: ${label}`);
  const take = v.legalActions.find((a) => a.type === "drawCard" && a.source !== "deck");
  const wanted = me.revealedCards[take.source === "revealed1" ? 0 : 1];
  const card = page.getByTestId(`draw-${take.source}`);
  expect((await card.getAttribute("data-card-id")) === wanted.id, `the revealed card shown is my own (${wanted.id})`);
  await card.click();
  const after = await waitForView(page, (x) => x.myHand.some((c) => c.id === wanted.id), "the revealed card in my hand");
  expect(after.players.find((p) => p.number === after.myPlayerNumber).hasDrawnThisTurn, "the draw was my turn's");
  const line = await page.locator("[data-testid=move-log-line]").first().innerText();
  expect(line.startsWith("You took the revealed "), `the log: ${line}`);
  await context.close();
});

test("axe-core: no serious or critical violation on every screen, the rules editor's preview panes reachable by keyboard", async () => {
  const { context, page } = await newPlayer({ width: 1280, height: 800 });
  await page.goto(server.url + "/");
  await page.getByRole("heading", { name: "Kingdom" }).waitFor();
  await axe(page, "home, signed out");
  const reg = await context.request.post(server.url + "/api/auth/register", { data: { username: "AxeTester", password: "correct horse battery" }, headers: { Origin: server.url } });
  expect(reg.status() === 201, `registered (${reg.status()})`);
  const screens = [
    ["/", "home"],
    ["/profile", "profile"],
    ["/ranked", "ranked"],
    ["/leaderboards", "leaderboards"],
    ["/constructed", "constructed hub"],
    ["/constructed/collection", "collection"],
    ["/constructed/lobby", "constructed lobby"],
    ["/constructed/ladder", "constructed ladder"],
    ["/spire", "spire hub"],
    ["/spiredeck", "spire deck gallery"],
    ["/cards", "card gallery"],
    ["/admin/rules-editor", "rules editor"],
    ["/no-such-page", "not found"],
  ];
  for (const [path, what] of screens) {
    await page.goto(server.url + path);
    await page.waitForFunction(() => !!window.__kingdom && !document.body.textContent.includes("Loading..."));
    await axe(page, what);
  }
  // The rules editor: Tab reaches each preview pane (a scrolling region).
  await page.goto(server.url + "/admin/rules-editor");
  const pane = page.getByTestId("editor-preview").first();
  await pane.waitFor();
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await pane.evaluate((el) => el === document.activeElement);
  }
  expect(reached, "Tab reaches the first preview pane");
  expect((await pane.getAttribute("role")) === "region" && /^Preview of /.test(await pane.getAttribute("aria-label")), "the pane is a named region");
  await context.close();
});

const { passed, failed } = await run({ timeoutMs: 8 * 60 * 1000 });
await browser.close();
await server.stop();
cleanup();
console.log(`e2e fixed table: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
