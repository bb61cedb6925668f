// Browser test of Constructed: a signed-in player initialises the collection, builds a legal
// 30-card deck by clicking cards and another by pasting its code, then plays a Constructed game
// with it against a bot to the end; then two signed-in players use the Constructed ladder
// (/constructed/ladder): rating panel, deck choice (an illegal deck disabled with its reason),
// join and leave the queue, a ladder match played to its end, their new Constructed ratings and
// the ladder's leaderboard. Run by `npm run test:e2e` (after `npm run build`).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, fastAnimations, launchBrowser, playToTheEnd, ROOT, run, sleep, startSuiteServer, test, viewOf } from "./harness.mjs";

const { server, cleanup } = await startSuiteServer({ botDelay: 0.05 });
const browser = await launchBrowser();
const SCREENSHOTS = join(ROOT, "docs/screenshots");
mkdirSync(SCREENSHOTS, { recursive: true });


async function waitForView(page, pred, what, timeout = 20000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const v = await viewOf(page);
    if (v && pred(v)) return v;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

// 20 number cards (A-10 of hearts and clubs) and 10 royals: a legal 30-card deck (R34).
const NUMBERS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"];
const CLICKS = [
  ...["hearts", "clubs"].flatMap((suit) => NUMBERS.map((r) => `${r}-${suit}`)),
  ...["hearts", "clubs"].flatMap((suit) => ["J", "J", "Q", "Q", "K"].map((r) => `${r}-${suit}`)),
];

test("signed out, the Constructed screens render nothing, say 'Unauthorized' and go to sign in", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const path of ["/constructed", "/constructed/collection", "/constructed/lobby", "/constructed/ladder"]) {
    await page.goto(server.url + path);
    await page.getByTestId("toast").getByText("Unauthorized").waitFor();
    const text = await page.locator("main").count();
    expect(text === 0, `${path} renders no screen signed out`);
    await page.waitForURL((u) => u.pathname === "/api/login" && u.searchParams.get("next") === path);
    await page.locator("#login-username").waitFor();
  }
  await context.close();
});

test("a signed-in player builds a deck and plays a Constructed game to the end", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await fastAnimations(context); // the game is played to its end against a bot: the bot's moves shown faster
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));
  const reg = await context.request.post(server.url + "/api/auth/register", {
    data: { username: "Deckbuilder", password: "correct horse battery" },
    headers: { Origin: server.url },
  });
  expect(reg.status() === 201, `registered (${reg.status()})`);

  await page.goto(server.url + "/constructed");
  await page.getByRole("link", { name: /Collection/ }).click();
  await page.getByRole("button", { name: "Initialize Collection" }).click();
  await page.locator("[data-card='Q-hearts']").waitFor();
  expect(await page.locator("[data-card='Q-hearts']").isDisabled(), "cards disabled while no deck is selected");

  await page.getByLabel("Deck name").fill("Clicked");
  await page.getByRole("button", { name: "Create Deck" }).click();
  await page.getByTestId("deck-panel").waitFor();
  for (const card of CLICKS) {
    const before = Number(await page.getByTestId("deck-size").innerText());
    await page.locator(`[data-card='${card}']`).click();
    await page.waitForFunction((n) => Number(document.querySelector("[data-testid=deck-size]")?.textContent) === n, before + 1);
  }
  await page.getByTestId("deck-legality").getByText("Legal deck").waitFor();
  // A fifth Queen of hearts is beyond the collection: its toast.
  await page.locator("[data-card='Q-hearts']").click();
  await page.locator("[data-card='Q-hearts']").click();
  await page.locator("[data-card='Q-hearts']").click();
  await page.getByText("MAX").first().waitFor();
  await page.getByTestId("toast").getByText("You already have all 4 copies in your deck").waitFor();
  await page.getByRole("button", { name: "Remove Q♥" }).click();
  await page.getByRole("button", { name: "Remove Q♥" }).click();
  await page.waitForFunction(() => document.querySelector("[data-testid=deck-size]")?.textContent === "30");
  const code = await page.getByTestId("deck-code").innerText();
  expect(/^K2-/.test(code), `a deck code (${code})`);
  await page.getByTestId("toast").waitFor({ state: "detached", timeout: 10000 });

  await page.getByLabel("Deck code or list").fill(code);
  await page.getByRole("button", { name: "Import as New Deck" }).click();
  await page.getByRole("button", { name: /Clicked \(imported\) \(30\)/ }).waitFor();
  await page.getByTestId("deck-legality").getByText("Legal deck").waitFor();

  // A socket signed in: reload so the socket connects with the session cookie.
  await page.goto(server.url + "/constructed/lobby");
  await page.getByRole("button", { name: "Create Private Room" }).click();
  await page.waitForURL("**/lobby");
  await page.getByRole("button", { name: "Add Bot" }).click();
  await page.getByRole("button", { name: /Play Clicked \(imported\)/ }).click();
  await waitForView(page, (v) => v.players.every((p) => p.hasDeck), "every deck chosen");
  await page.getByRole("button", { name: "Start Game" }).click();
  await page.waitForURL("**/game");
  const first = await waitForView(page, (v) => v.phase !== "waiting", "the game start");
  expect(first.setupType === "constructed", "a Constructed game");

  const deadline = Date.now() + 240000;
  let acted = 0;
  let pileSeen = false;
  while (Date.now() < deadline) {
    const v = await viewOf(page);
    if (v?.phase === "finished") break;
    if (!pileSeen && v?.phase === "playing") {
      // The table shows the bot's own pile count and revealed pair.
      const text = await page.getByTestId("opponent-pile").innerText({ timeout: 10000 });
      expect(/Pile ×\d+/.test(text), `the opponent's pile count (${text})`);
      pileSeen = true;
    }
    const legal = v?.legalActions ?? [];
    if (legal.length && (v.phase === "choosing_resources" || v.currentPlayerNumber === v.myPlayerNumber)) {
      const pick = legal.find((a) => a.type !== "pass") ?? legal[0];
      await page.evaluate((a) => window.__kingdom.sendAction(a), pick);
      acted++;
    }
    await sleep(60);
  }
  const end = await viewOf(page);
  expect(end?.phase === "finished", `the game finished (phase ${end?.phase}, ${acted} actions)`);
  expect(pileSeen, "the opponent's pile was shown during play");
  await page.getByTestId("score-screen").getByTestId("game-over").waitFor({ timeout: 30000 });
  // The profile's Recent Matches names it a Constructed game.
  await page.goto(server.url + "/profile");
  await page.getByTestId("match-entry").first().waitFor({ timeout: 15000 });
  const kind = await page.getByTestId("match-kind").innerText();
  expect(kind.toLowerCase() === "constructed", `a Constructed room's game says Constructed (${kind})`);
  await context.close();
});

async function ladderPlayer(username) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await fastAnimations(context); // the match is played to its end: what is checked comes after
  const headers = { Origin: server.url };
  const reg = await context.request.post(server.url + "/api/auth/register", {
    data: { username, password: "correct horse battery" },
    headers,
  });
  expect(reg.status() === 201, `${username} registered (${reg.status()})`);
  await context.request.post(server.url + "/api/collection/initialize", { headers });
  const list = [
    ...["H", "C"].flatMap((suit) => NUMBERS.map((r) => `1 ${r}${suit}`)),
    ...["H", "C"].flatMap((suit) => [`2 J${suit}`, `2 Q${suit}`, `1 K${suit}`]),
  ].join("\n");
  const made = await context.request.post(server.url + "/api/decks", { data: { name: `${username}'s Royals`, list }, headers });
  expect(made.status() === 201, `${username}'s deck (${made.status()})`);
  await context.request.post(server.url + "/api/decks", { data: { name: "Unfinished" }, headers });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));
  return { context, page };
}

test("the Constructed ladder: rating, deck choice, queue, a match to its end, leaderboard", async () => {
  const ana = await ladderPlayer("LadderAna");
  const ben = await ladderPlayer("LadderBen");
  for (const p of [ana, ben]) {
    await p.page.goto(server.url + "/constructed");
    await p.page.getByRole("link", { name: /Ladder/ }).click();
    await p.page.waitForURL("**/constructed/ladder");
    await p.page.getByTestId("season-name").getByText("Season 1").waitFor();
    await p.page.getByTestId("your-ranking").getByText("Placement 0/5").waitFor();
  }
  const page = ana.page;
  expect((await page.getByTestId("my-rating").innerText()).startsWith("1000"), "a new player's 1000");
  expect(!(await page.locator("#root").innerText()).includes("Coming Soon"), "no longer Coming Soon");
  await page.getByRole("region", { name: "Tier System" }).getByText("Legend").waitFor();
  await page.getByTestId("tier-row-legend").getByText("2400+, kept down to 2300").waitFor();
  // The legal deck is chosen; the unfinished one is disabled with the library's reason.
  const legal = page.getByRole("radio", { name: /LadderAna's Royals/ });
  const unfinished = page.getByRole("radio", { name: /Unfinished/ });
  expect(await legal.isChecked(), "the legal deck is chosen");
  expect(await unfinished.isDisabled(), "the illegal deck is disabled");
  await page.getByTestId("ladder-deck").filter({ hasText: "Unfinished" }).getByText("holds 0 (R34)").waitFor();
  // The leaderboard: nobody yet, the player's own row below it.
  await page.getByText("No ranked players yet. Be the first to compete!").waitFor();
  const own = page.getByTestId("ladder-leaderboard").getByTestId("leaderboard-row");
  expect((await own.count()) === 1 && (await own.innerText()).includes("LadderAna"), "the player's own row");
  // Join, see the search, leave, join again.
  await page.getByRole("radio", { name: "2 players" }).click();
  await page.getByRole("button", { name: "Queue for the Ladder" }).click();
  await page.getByTestId("ranked-searching").getByText("on the Constructed ladder").waitFor();
  await page.getByTestId("players-in-queue").getByText("1").waitFor();
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Queue for the Ladder" }).click();
  await page.getByTestId("ranked-searching").waitFor();
  await ben.page.getByRole("button", { name: "Queue for the Ladder" }).click();
  for (const p of [ana, ben]) await p.page.waitForURL("**/game", { timeout: 20000 });
  const start = await waitForView(page, (v) => v.phase !== "waiting", "the match start");
  expect(start.isRanked === true && start.setupType === "constructed", "a ranked Constructed match");
  await playToTheEnd([ana.page, ben.page]);
  const end = await viewOf(page);
  expect(end?.phase === "finished", "the match finished");
  // R30: equal totals and hands won share the match (both win): both ratings move alike.
  const shared = (end.outcome?.winners ?? []).length !== 1;
  await sleep(500);
  const ratings = {};
  for (const [name, p] of [["LadderAna", ana], ["LadderBen", ben]]) {
    await p.page.goto(server.url + "/constructed/ladder");
    await p.page.getByTestId("my-games").getByText("1").waitFor();
    await p.page.getByTestId("your-ranking").getByText("Placement 1/5").waitFor();
    ratings[name] = Number((await p.page.getByTestId("my-rating").innerText()).replace(/\D/g, ""));
  }
  if (shared) expect(ratings.LadderAna === ratings.LadderBen, `a shared match (${JSON.stringify(ratings)})`);
  else expect((ratings.LadderAna > 1000) !== (ratings.LadderBen > 1000), `one won, one lost (${JSON.stringify(ratings)})`);
  const rows = page.getByTestId("ladder-leaderboard").getByTestId("leaderboard-row");
  await page.getByTestId("ladder-leaderboard").waitFor();
  expect((await rows.count()) === 2, "both players on the ladder's leaderboard");
  if (!shared) {
    const winner = ratings.LadderAna > ratings.LadderBen ? "LadderAna" : "LadderBen";
    expect((await rows.nth(0).innerText()).includes(winner), "the winner first");
  }
  await page.getByTestId("toast").first().waitFor({ state: "detached", timeout: 10000 }).catch(() => {});
  await page.screenshot({ path: join(SCREENSHOTS, "constructed-ladder.png"), fullPage: true });
  // The standard ladder is untouched; /leaderboards has the Constructed board on its own tab.
  const standard = await page.evaluate(async () => {
    const me = await (await fetch("/api/auth/user")).json();
    return (await fetch(`/api/ranked/ranking/${me.id}`)).json();
  });
  expect(standard.rankedGamesPlayed === 0 && standard.rating === 1000, "the standard rating is untouched");
  await page.goto(server.url + "/leaderboards");
  await page.getByText("No ranked players yet. Be the first to compete!").waitFor();
  await page.getByRole("tab", { name: "Constructed" }).click();
  await page.getByTestId("leaderboard").waitFor();
  expect((await page.getByTestId("leaderboard-row").count()) === 2, "the Constructed tab lists the ladder");
  // Recent Matches on the profile names the Constructed ladder (not Ranked).
  await page.goto(server.url + "/profile");
  await page.getByTestId("match-entry").first().waitFor({ timeout: 15000 });
  const kind = await page.getByTestId("match-kind").innerText();
  expect(kind.toLowerCase() === "constructed ladder", `the ladder match says Constructed ladder (${kind})`);
  await ana.context.close();
  await ben.context.close();
});

const { passed, failed } = await run();
await browser.close();
await server.stop();
cleanup();
console.log(`e2e constructed: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
