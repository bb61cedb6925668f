// Accounts in the browser: create an account on /api/login, the signed-in home, a game against a
// bot to its end, /profile with the game in Recent Matches and the stats, signing out, and
// /profile signed out landing on the sign-in page. Takes docs/screenshots/profile.png.
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { ensureArtifacts, expect, launchBrowser, ROOT, run, sleep, startSuiteServer, test, viewOf } from "./harness.mjs";

const shots = ensureArtifacts();
rmSync(join(shots, "profile.png"), { force: true });
const { server, cleanup } = await startSuiteServer({ botDelay: 0.05 });
const browser = await launchBrowser();


test("an account from the sign-in page, a game against a bot, the profile, signing out", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));

  // The sign-in page: create an account (a plain form post, no JavaScript needed).
  await page.goto(server.url + "/api/login");
  await page.locator("#register-username").fill("Rosalind");
  await page.locator("#register-password").fill("a long enough password");
  await page.getByText("Optional: name and email").click();
  await page.locator("#register-first").fill("Rosalind");
  await page.locator("#register-last").fill("Franklin");
  await page.locator("#register-email").fill("rosalind@example.com");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL(server.url + "/");

  // The signed-in home: the display name button and Log out; Ranked unlocked.
  await page.getByTestId("profile-button").waitFor();
  expect((await page.getByTestId("profile-button").innerText()).trim() === "Rosalind", "the display name is the username");
  await page.getByRole("button", { name: "Log out" }).waitFor();
  expect((await page.getByRole("button", { name: /Ranked/ }).getAttribute("aria-disabled")) === null, "Ranked is unlocked");

  // A casual game against a bot; the name starts as the username.
  await page.getByTestId("mode-casual").click();
  await page.getByRole("tab", { name: "Create" }).click();
  expect((await page.locator("#create-name").inputValue()) === "Rosalind", "the rooms dialog fills in the username");
  await page.getByRole("button", { name: "Create Game" }).click();
  await page.waitForURL("**/lobby");
  await page.getByRole("button", { name: "Add Bot" }).click();
  await page.getByRole("button", { name: "Start Game" }).click();
  await page.waitForURL("**/game");
  const deadline = Date.now() + 4 * 60 * 1000;
  let moves = 0;
  while (Date.now() < deadline) {
    const v = await viewOf(page);
    if (v?.phase === "finished") break;
    const legal = v?.legalActions ?? [];
    if (v && legal.length) {
      // Mostly pass: a quiet game ends soon; sometimes play whatever is first.
      const pass = legal.find((a) => a.type === "passTurn");
      const action = pass && Math.random() < 0.7 ? pass : legal[Math.floor(Math.random() * legal.length)];
      await page.evaluate((a) => window.__kingdom.sendAction(a), action);
      moves++;
    } else {
      await sleep(60);
    }
  }
  const final = await viewOf(page);
  expect(final?.phase === "finished", `the game finished (${moves} moves)`);
  const mine = final.players.find((p) => p.number === final.myPlayerNumber);
  const won = final.outcome.winners.includes(final.myPlayerNumber);

  // The profile: the game in Recent Matches and in the stats.
  await page.goto(server.url + "/profile");
  await page.getByTestId("match-entry").first().waitFor({ timeout: 15000 });
  expect((await page.getByTestId("match-entry").count()) === 1, "one game in Recent Matches");
  const entry = await page.getByTestId("match-entry").innerText();
  expect(entry.includes(won ? "Win" : "2nd"), `the badge says the result: ${entry}`);
  expect(entry.includes("0 MMR"), "no rating change in a casual game");
  expect((await page.getByTestId("match-kind").innerText()).toLowerCase() === "casual", "the entry names a casual game");
  expect((await page.getByTestId("stat-games").innerText()).includes(`${won ? "1W / 0L" : "0W / 1L"}`), "Games Played with W/L");
  expect((await page.getByTestId("stat-winrate").innerText()).includes(won ? "100.0%" : "0.0%"), "the win rate");
  const highest = await page.getByTestId("stat-highest").innerText();
  const average = await page.getByTestId("stat-average").innerText();
  const score = Number(highest.replace(/\D+/g, ""));
  expect(average.includes(score.toFixed(1)), `one game: the average is the score (${highest} / ${average})`);
  expect(entry.includes(`Score ${score}`) || entry.includes(`Score\n${score}`) || entry.includes(String(score)), `the entry shows the score ${score}`);
  void mine;
  await page.getByRole("heading", { name: "Rosalind Franklin" }).waitFor();
  await page.getByText("rosalind@example.com").waitFor();
  await page.getByText("Your last 20 games").waitFor();
  await page.getByText("Achievements").waitFor();
  await page.screenshot({ path: join(shots, "profile.png"), fullPage: true });
  cpSync(join(shots, "profile.png"), join(ROOT, "docs/screenshots/profile.png"));

  // Sign out, then /profile signed out: the toast, then the sign-in page.
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL(server.url + "/");
  await page.getByRole("button", { name: "Sign In" }).waitFor();
  await page.goto(server.url + "/profile");
  await page.getByText("You are logged out. Logging in again...").waitFor({ timeout: 5000 });
  await page.waitForURL("**/api/login**", { timeout: 5000 });
  await page.locator("#login-username").waitFor();
  await context.close();
});

const { passed, failed } = await run({ timeoutMs: 8 * 60 * 1000 });
await browser.close();
await server.stop();
cleanup();
console.log(`accounts e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
