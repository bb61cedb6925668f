// Browser test of the Spire: the built app (web/dist) served by the real `kingdom serve`, in
// Debian's chromium. A guest opens Quest mode from the home page, starts a run, chooses a suit,
// plays the first fight on the real table (the page's own client sends the moves), takes the
// reward (or sees the loss), returns to the map and sees the node completed; a missing run
// shows 'Run Not Found'; a signed-in player's finished run is on the Spire tab of /leaderboards.
// A fight shows the Spire's context above the table; 'Leave game' mid-fight goes to the map and
// 'Fight' resumes the same game; the map has a legend; 'Abandon & Start New' asks first; a
// finished run shows its summary; /spiredeck's zoom closes on Escape.
// Screenshots: docs/screenshots/spire-map.png, spire-fight.png, spire-legend.png,
// spire-summary.png, spire-shop.png and spire-leaderboard.png. Run: `node web/e2e/spire.mjs` (after `npm run build`).
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, launchBrowser, ROOT, run, sleep, startSuiteServer, test, testNoCspViolation, viewOf, watchCsp } from "./harness.mjs";

const docs = join(ROOT, "docs/screenshots");
mkdirSync(docs, { recursive: true });
const { server, db, cleanup } = await startSuiteServer({ botDelay: 0.05 });
const browser = await launchBrowser();


/** Play the runner's hand through the page's client until the hand is over. */
async function playFight(page) {
  const deadline = Date.now() + 180000;
  let seed = 7;
  while (Date.now() < deadline) {
    const v = await viewOf(page);
    if (v && (v.phase === "finished" || v.phase === "handComplete")) return v;
    const mine = v && v.legalActions?.length && (v.phase === "choosing_resources" || v.currentPlayerNumber === v.myPlayerNumber);
    if (!mine) {
      await sleep(100);
      continue;
    }
    if (v.phase === "choosing_resources") {
      await page.locator(`[data-testid=hand-card][data-card-id="${v.legalActions[0].cardId}"]`).click();
    } else {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const action = v.legalActions[seed % v.legalActions.length];
      await page.evaluate((a) => window.__kingdom.sendAction(a), action);
    }
    await sleep(150);
  }
  throw new Error("the fight did not end");
}

test("a guest plays the first fight of a run on the real table and returns to the map", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchCsp(context);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));
  await page.goto(server.url + "/");
  await page.getByRole("button", { name: /^Quest mode/ }).click();
  await page.waitForURL("**/spire");
  await page.getByText("Playing as a guest.").waitFor();
  await page.getByRole("heading", { name: "Statistics" }).waitFor();
  await page.getByRole("button", { name: "Start New Run" }).click();
  await page.waitForURL("**/spire/deck-selection/*");
  const begin = page.getByRole("button", { name: "Begin" });
  expect(await begin.isDisabled(), "Begin is disabled before a suit is chosen");
  await page.getByRole("radio", { name: /Clubs/ }).click();
  expect(!(await begin.isDisabled()), "Begin is enabled after a choice");
  await begin.click();
  await page.waitForURL("**/spire/map/*");
  const runId = page.url().split("/").pop();
  await page.getByText("❤ 60/60").waitFor();
  const reachable = page.locator("[data-testid=spire-map] [data-state=accessible]");
  expect((await reachable.count()) >= 1, "floor 1 has reachable nodes");
  await page.screenshot({ path: join(docs, "spire-map.png") });
  const legend = page.getByTestId("spire-legend");
  await legend.waitFor();
  expect((await legend.innerText()).includes("10 floors and the boss"), "the legend reads the act's floors from the run");
  expect((await legend.getByLabel(/^Rest site: Rest: heal 18 HP/).count()) === 1, "the rest rule in the run's figures");
  await legend.screenshot({ path: join(docs, "spire-legend.png") });
  // The deck screen shows the suit synergy from the run: a clubs starter deck flies its standard.
  expect((await page.getByTestId("spire-deck-rules").innerText()).includes("Standard of Clubs flies"), "the map names the deck's standard");
  await page.getByRole("button", { name: /^Deck \(/ }).click();
  const standards = page.getByTestId("spire-standards");
  await standards.waitFor();
  const standardsText = await standards.innerText();
  expect(standardsText.includes("Standard of Clubs flies") && standardsText.includes("Standard of Spades"), "the deck screen lists every standard and the one flying");
  await page.getByRole("dialog").screenshot({ path: join(docs, "spire-standards.png") });
  await page.keyboard.press("Escape");
  await standards.waitFor({ state: "detached" });
  const first = await reachable.first().getAttribute("data-node");
  await reachable.first().click();
  await page.waitForURL("**/game");
  // The Spire's context above the table: HP, the enemy, the stakes.
  const context_ = page.getByTestId("spire-context");
  await context_.waitFor();
  expect((await context_.innerText()).includes("60/60"), "the run's HP above the table");
  expect((await context_.innerText()).includes("Road Bandit"), "the enemy's name, whole");
  expect((await page.getByTestId("spire-standard").innerText()).includes("Standard of Clubs"), "the suit standard above the table");
  await context_.getByRole("button", { name: "Stakes" }).click();
  await page.getByTestId("spire-stakes").waitFor();
  // A few moves, then 'Leave game': back on the map, and 'Fight' resumes the same game.
  let moved = 0;
  while (moved < 4) {
    const v = await viewOf(page);
    if (v && v.phase === "playing" && v.currentPlayerNumber === v.myPlayerNumber && v.legalActions?.length) {
      await page.evaluate((a) => window.__kingdom.sendAction(a), v.legalActions.find((a) => a.type !== "pass") ?? v.legalActions[0]);
      moved += 1;
    } else if (v && v.phase === "choosing_resources" && v.legalActions?.length) {
      await page.locator(`[data-testid=hand-card][data-card-id="${v.legalActions[0].cardId}"]`).click();
    } else if (v && (v.phase === "finished" || v.phase === "handComplete")) break;
    await sleep(200);
  }
  // Leave on the runner's own turn (the enemy's answer is in), so the view is the game's now.
  await page.waitForFunction(() => {
    const v = window.__kingdom.view.value;
    return v && (v.phase !== "playing" || v.currentPlayerNumber === v.myPlayerNumber);
  });
  await sleep(500);
  await page.screenshot({ path: join(docs, "spire-fight.png") });
  const before = await viewOf(page);
  if (before.phase === "playing") {
    await page.getByRole("button", { name: "Leave game" }).click();
    await page.waitForURL(`**/spire/map/${runId}`, { waitUntil: "commit" });
    await page.getByTestId("spire-fight").getByRole("button", { name: "Fight" }).click();
    await page.waitForURL("**/game", { waitUntil: "commit" });
    await page.waitForFunction(() => window.__kingdom.view.value?.phase === "playing");
    const after = await viewOf(page);
    expect(JSON.stringify(after.myHand) === JSON.stringify(before.myHand), "the same hand after leaving and coming back");
    expect(after.round === before.round, `the same round (${before.round})`);
  }
  const end = await playFight(page);
  const won = end.players.find((p) => p.number === end.myPlayerNumber)?.score >= Math.max(...end.players.map((p) => p.score));
  await page.getByRole("button", { name: "Return to the Map" }).click();
  await page.waitForURL(`**/spire/map/${runId}`, { waitUntil: "commit" });
  const reward = page.getByRole("dialog", { name: "Reward" });
  await Promise.race([reward.waitFor({ timeout: 15000 }), page.getByText(/You lost to/).waitFor({ timeout: 15000 })]);
  if (await reward.count()) {
    console.log("    the runner won the fight: taking the first card");
    await reward.locator("[data-card-id]").first().click().catch(async () => {
      await reward.getByRole("button", { name: "Skip" }).click();
    });
    await reward.waitFor({ state: "detached" });
  } else {
    console.log("    the runner lost the fight");
  }
  void won;
  const node = page.locator(`[data-testid=spire-map] [data-node="${first}"]`);
  await page.waitForFunction((id) => {
    const g = document.querySelector(`[data-testid=spire-map] [data-node="${id}"]`);
    return g && g.getAttribute("data-state") === "current";
  }, first);
  expect((await node.getAttribute("aria-label")).includes("completed"), "the node is completed");
  await page.screenshot({ path: join(docs, "spire-map.png") });

  // The shop: the run is placed beside one (test scaffolding, the library's own run value).
  execFileSync(join(ROOT, ".venv/bin/python"), [join(ROOT, "web/e2e/spire_place.py"), db, runId, "shop", "300"]);
  await page.reload();
  await page.locator("[data-testid=spire-map] [data-state=accessible][data-type=shop]").first().click();
  const shop = page.getByRole("dialog", { name: "Shop" });
  await shop.waitFor();
  await page.screenshot({ path: join(docs, "spire-shop.png"), animations: "disabled" }); // the dialog fades in
  const deckBefore = await page.getByRole("button", { name: /^Deck \(/ }).innerText();
  await shop.getByRole("button", { name: /gold$/ }).first().click();
  await page.waitForFunction((before) => {
    const b = [...document.querySelectorAll("button")].find((x) => x.textContent.startsWith("Deck ("));
    return b && b.textContent !== before;
  }, deckBefore);
  await shop.getByRole("button", { name: "Leave" }).click();
  await shop.waitFor({ state: "detached" });

  await page.goto(server.url + "/spire/map/no-such-run");
  await page.getByText("The run you're looking for doesn't exist.").waitFor();
  await page.goto(server.url + "/spire");
  await page.getByRole("button", { name: "Continue Run" }).waitFor();
  await page.getByText("Act").first().waitFor();
  // 'Abandon & Start New' asks first; keeping the run changes nothing.
  await page.getByRole("button", { name: "Abandon & Start New" }).click();
  const confirm = page.getByRole("dialog", { name: "Abandon this run?" });
  await confirm.waitFor();
  await confirm.getByRole("button", { name: "Keep playing" }).click();
  await confirm.waitFor({ state: "detached" });
  await page.getByRole("button", { name: "Continue Run" }).waitFor();
  // A finished run: its summary (a whole run a bot played, placed as this one).
  execFileSync(join(ROOT, ".venv/bin/python"), [join(ROOT, "web/e2e/spire_place.py"), db, runId, "over", "3"]);
  await page.goto(server.url + `/spire/map/${runId}`);
  const summary = page.getByTestId("spire-summary");
  await summary.waitFor();
  expect((await summary.innerText()).includes("Total"), "the score's breakdown");
  await page.screenshot({ path: join(docs, "spire-summary.png"), fullPage: true });
  // /spiredeck: the zoom closes on Escape.
  await page.goto(server.url + "/spiredeck");
  await page.locator("[data-card-id]").first().click();
  const zoom = page.getByRole("dialog", { name: "Card" });
  await zoom.waitFor();
  await page.keyboard.press("Escape");
  await zoom.waitFor({ state: "detached" });
  await context.close();
});

test("a signed-in player's finished run is on the Spire tab of /leaderboards", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchCsp(context);
  const res = await context.request.post(server.url + "/api/auth/register", {
    data: { username: "Climber", password: "correct horse battery" },
  });
  expect(res.status() === 201, `registered (${res.status()})`);
  const started = await (await context.request.post(server.url + "/api/spire/start-run")).json();
  await context.request.post(server.url + `/api/spire/select-starter-deck/${started.id}`, { data: { suit: "clubs" } });
  const ended = await (await context.request.post(server.url + `/api/spire/abandon-run/${started.id}`)).json();
  expect(ended.isOver && ended.score > 0, `the run is over with a score (${ended.score})`);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));
  // From the Spire hub's link, then back and forth between the tabs.
  await page.goto(server.url + "/spire");
  await page.getByRole("link", { name: "Leaderboard" }).click();
  await page.waitForURL("**/leaderboards?tab=spire");
  const rows = page.getByTestId("spire-leaderboard-row");
  await rows.first().waitFor();
  await page.getByRole("tab", { name: "Ranked" }).click();
  await page.getByText("No ranked players yet. Be the first to compete!").waitFor();
  await page.getByRole("tab", { name: "Spire" }).click();
  await page.waitForURL("**/leaderboards?tab=spire");
  await rows.first().waitFor();
  // The guest of the first test played too, but guests never appear.
  expect((await rows.count()) === 1, "one signed-in player on the board");
  const text = await rows.first().innerText();
  expect(text.includes("Climber") && text.includes(String(ended.score)), `the player's best score: ${text}`);
  await page.screenshot({ path: join(docs, "spire-leaderboard.png"), fullPage: true });
  await context.close();
});

testNoCspViolation(server);

const { passed, failed } = await run({ timeoutMs: 5 * 60 * 1000 });
await browser.close();
await server.stop();
cleanup();
console.log(`spire e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
