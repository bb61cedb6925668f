// Browser test of ranked play: two signed-in players open /ranked, queue for a 2-player match,
// are matched and taken to the game, play it to its end (random legal actions from their own
// views), then see their new ratings on /ranked and on /leaderboards. Screenshots of both
// screens go to docs/screenshots (README). Run: `node web/e2e/ranked.mjs` (after `npm run build`).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, fastAnimations, launchBrowser, playToTheEnd, ROOT, run, sleep, startSuiteServer, test, viewOf } from "./harness.mjs";

const SHOTS = join(ROOT, "docs/screenshots");
const { server, db, cleanup } = await startSuiteServer({ botDelay: 0 });
const browser = await launchBrowser();

async function signedInPage(username) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await fastAnimations(context); // the match is played to its end: what is checked comes after
  const res = await context.request.post(server.url + "/api/auth/register", {
    data: { username, password: "correct horse battery" },
  });
  expect(res.status() === 201, `${username} registered (${res.status()})`);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));
  return { context, page };
}


test("two signed-in players queue for 2, are matched, play, and see their new ratings", async () => {
  const ana = await signedInPage("Ana");
  const ben = await signedInPage("Ben");
  for (const p of [ana, ben]) {
    await p.page.goto(server.url + "/ranked");
    await p.page.getByTestId("season-name").getByText("Season 1").waitFor();
    await p.page.getByTestId("your-ranking").getByText("Placement 0/5").waitFor();
  }
  // Ana searches alone first: the searching state with time waited and players in queue.
  await ana.page.getByRole("radio", { name: "2 players" }).click();
  await ana.page.getByRole("button", { name: "Queue for Ranked" }).click();
  await ana.page.getByTestId("ranked-searching").waitFor();
  await ana.page.getByTestId("players-in-queue").getByText("1").waitFor();
  await sleep(1200);
  expect((await ana.page.getByTestId("time-waited").innerText()) !== "0:00", "time waited counts");
  // Cancel, then queue again.
  await ana.page.getByRole("button", { name: "Cancel" }).click();
  await ana.page.getByRole("button", { name: "Queue for Ranked" }).waitFor();
  await ana.page.getByRole("button", { name: "Queue for Ranked" }).click();
  await ana.page.getByTestId("ranked-searching").waitFor();
  await ben.page.getByRole("button", { name: "Queue for Ranked" }).click();
  for (const p of [ana, ben]) await p.page.waitForURL("**/game", { timeout: 20000 });
  const start = await viewOf(ana.page);
  expect(start && start.isRanked === true, "a ranked room");
  // Play to the end.
  await playToTheEnd([ana.page, ben.page]);
  const end = await viewOf(ana.page);
  expect(end && end.phase === "finished", "the match finished");
  // The rating change stays on the match-complete panel (not a toast that can be replaced).
  const changes = {};
  for (const [name, p] of [["Ana", ana], ["Ben", ben]]) {
    const summary = p.page.getByTestId("score-screen").getByTestId("rating-summary");
    await summary.getByTestId("my-rating-change").waitFor({ timeout: 20000 });
    changes[name] = await summary.getByTestId("my-rating-change").innerText();
    expect(/^[+−±]\d+ MMR$/.test(changes[name]), `${name}'s rating change reads '${changes[name]}'`);
    expect(/Your rating is now \d+/.test(await summary.getByTestId("my-new-rating").innerText()), `${name}'s new rating`);
  }
  await sleep(6000); // longer than any toast: the summary is still there
  expect(await ana.page.getByTestId("my-rating-change").isVisible(), "the rating summary stays");
  await ana.page.getByTestId("rating-summary").screenshot({ path: join(SHOTS, "rating-summary.png") });
  await sleep(500);
  // New ratings on /ranked.
  const ratings = {};
  for (const [name, p] of [["Ana", ana], ["Ben", ben]]) {
    await p.page.goto(server.url + "/ranked");
    await p.page.getByTestId("my-games").getByText("1").waitFor();
    ratings[name] = Number(await p.page.getByTestId("my-rating").innerText().then((t) => t.replace(/\D/g, "")));
    expect(ratings[name] !== 1000, `${name}'s rating moved (${ratings[name]})`);
    await p.page.getByText("Placement 1/5").first().waitFor();
    const shown = Number(changes[name].replace("−", "-").replace("±", "").replace(" MMR", ""));
    expect(shown === ratings[name] - 1000, `the summary's ${changes[name]} is the rating's change (${ratings[name]})`);
  }
  const shared = (end.outcome?.winners ?? []).length !== 1;
  const result = `Ana ${ratings.Ana}, Ben ${ratings.Ben}, winner ${end.winner}, ` +
    `scores ${JSON.stringify(end.matchScores)}, outcome ${JSON.stringify(end.outcome)}`;
  if (shared) {
    // A shared match (R30: equal totals and hands won; outcome 'shared', both win) moves both alike.
    expect(ratings.Ana === ratings.Ben, `a shared match moves both alike (${result})`);
  } else {
    expect((ratings.Ana > 1000) !== (ratings.Ben > 1000), `one won, one lost (${result})`);
  }
  await ana.page.screenshot({ path: join(SHOTS, "ranked.png"), fullPage: true });
  // And on /leaderboards.
  await ana.page.goto(server.url + "/leaderboards");
  await ana.page.getByTestId("leaderboard").waitFor();
  const rows = ana.page.getByTestId("leaderboard-row");
  expect((await rows.count()) === 2, "two players on the board");
  const first = await rows.nth(0).innerText();
  const winner = ratings.Ana > ratings.Ben || (shared && first.includes("Ana")) ? "Ana" : "Ben";
  expect(first.includes(winner) && first.includes("1/0"), `the winner first: ${first}`);
  expect((await ana.page.getByTestId("medal").count()) === 2, "medals for places 1 and 2");
  expect((await rows.nth(0).getByTestId("row-rating").innerText()) === String(ratings[winner]), "the winner's rating");
  await ana.page.screenshot({ path: join(SHOTS, "leaderboards.png"), fullPage: true });
  // The profile's Recent Matches names the ladder; the Tier System is the server's table.
  await ana.page.goto(server.url + "/profile");
  await ana.page.getByTestId("match-entry").first().waitFor({ timeout: 15000 });
  const kind = await ana.page.getByTestId("match-kind").innerText();
  expect(kind.toLowerCase() === "ranked", `a standard ranked match says Ranked (${kind})`);
  await ana.page.goto(server.url + "/ranked");
  const tiers = ana.page.getByRole("region", { name: "Tier System" });
  await tiers.getByTestId("tier-row-bronze").getByText("0-799").waitFor();
  expect((await tiers.getByTestId("tier-row-gold").innerText()).includes("1200+"), "Gold from 1200");
  expect((await tiers.getByTestId("tier-row-legend").count()) === 0, "no Legend on the standard ladder");
  await ana.context.close();
  await ben.context.close();
});

test("a new season: an empty leaderboard, the past one by choice; a guest's queue", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // `kingdom season start` on the server's database: everyone starts again.
  execFileSync(join(ROOT, ".venv/bin/kingdom"), ["season", "start", "Season 2", "--days", "30", "--db", db]);
  await page.goto(server.url + "/leaderboards");
  await page.getByTestId("season-name").getByText("Season 2").waitFor();
  await page.getByText("No ranked players yet. Be the first to compete!").waitFor();
  await page.getByLabel("Season").selectOption({ label: "Season 1" });
  await page.getByTestId("leaderboard").waitFor();
  expect((await page.getByTestId("leaderboard-row").count()) === 2, "Season 1 is still readable");
  await page.goto(server.url + "/ranked");
  await page.getByRole("button", { name: "Queue for Ranked" }).click();
  await page.getByText("You must be logged in to play ranked matches").waitFor();
  await context.close();
});

const { passed, failed } = await run({ timeoutMs: 5 * 60 * 1000 });
await browser.close();
await server.stop();
cleanup();
console.log(`ranked e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
