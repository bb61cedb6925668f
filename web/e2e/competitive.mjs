// Browser tests of competitive play: the turn clock on the table (chosen in the
// waiting room, counting down, warning under 10 s, a timeout played by the server), replays,
// spectators, public profiles (from the leaderboard, the seats and the score screen), quick
// chat and rematch.
// Screenshots go to docs/screenshots (README). Run: `node web/e2e/competitive.mjs` (after
// `npm run build`). No assertion is about wall-clock time: the server's clocks are set short
// (KINGDOM_TURN_CLOCKS) and the test waits for what the page shows.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, fastAnimations, launchBrowser, playToTheEnd, ROOT, run, sleep, startSuiteServer, test, testNoCspViolation, viewOf, watchCsp } from "./harness.mjs";

const SHOTS = join(ROOT, "docs/screenshots");
// Fast: 12 s a turn and no bank, so that a clock is under its 10 s warning soon and runs out.
process.env.KINGDOM_TURN_CLOCKS = "fast=12/0";
const { server, db, cleanup } = await startSuiteServer({ botDelay: 0.3 });
const browser = await launchBrowser();

/** A fresh browser context and page; `fast`: with the Fast animations setting (for a test
 * that plays a whole game to reach what it checks). */
async function newPage({ fast = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await watchCsp(context);
  if (fast) await fastAnimations(context);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));
  return { context, page };
}

/** Host a casual room from the home page, choose its clock, add bots, start. */
async function hostGame(page, { name, bots, clock, isPublic = false }) {
  await page.goto(server.url + "/");
  await page.getByRole("button", { name: /^Casual/ }).click();
  await page.getByRole("dialog").waitFor();
  await page.getByRole("tab", { name: "Create" }).click();
  await page.getByLabel("Your name").fill(name);
  if (isPublic) {
    await page.getByRole("radio", { name: "Public" }).click();
    await page.getByRole("radio", { name: String(bots + 1) }).click();
  }
  await page.getByRole("button", { name: "Create Game" }).click();
  await page.waitForURL("**/lobby");
  if (clock) {
    await page.getByRole("radiogroup", { name: "Turn clock" }).getByRole("radio", { name: clock }).click();
    await page.getByRole("radio", { name: clock, checked: true }).waitFor();
  }
  for (let i = 0; i < bots; i++) {
    await page.getByRole("button", { name: "Add Bot" }).click();
    await page.getByTestId("player-slot").nth(i + 1).waitFor();
  }
  await page.getByRole("button", { name: "Start Game" }).click();
  await page.waitForURL("**/game");
}

test("the turn clock: chosen in the waiting room, counts down on my seat, warns under 10 s, runs out", async () => {
  const { page, context } = await newPage();
  await hostGame(page, { name: "Clara", bots: 1, clock: "Fast" });
  const v = await viewOf(page);
  expect(v.turnClock === "fast", `the room's clock is fast (${v.turnClock})`);
  expect(v.phase === "choosing_resources", `choosing the starting resources (${v.phase})`);
  // While I choose my starting resource my clock runs beside the question; the bot has none.
  // (A loaded machine may have let the 12 s run out before the page drew the question: then
  // the timeout's notice comes first, and is checked below.)
  const choosing = page.locator('[aria-labelledby="choose-title"] [data-testid="turn-clock"]');
  await choosing.or(page.getByText("Your time ran out")).first().waitFor({ timeout: 30000 });
  const first = await viewOf(page);
  if (first.phase === "choosing_resources") {
    expect(first.players.filter((p) => p.clock).length === 1, "only my seat is clocked, not the bot's");
  }
  // It runs out: the server chooses for me, says so, and counts the timeout on my seat's clock.
  await page.getByText("Your time ran out").first().waitFor({ timeout: 30000 });
  const mine = page.locator('[data-testid="my-kingdom"] [data-testid="turn-clock"]');
  await page.locator('[data-testid="my-kingdom"] [data-testid="turn-clock"][data-timeouts="1"]').waitFor({ timeout: 30000 });
  const after = await viewOf(page);
  const me = after.players.find((p) => p.number === after.myPlayerNumber);
  expect(me.startingResourceChosen === true, "a starting resource was chosen for me");
  // My turns have 12 s (no bank left): under 10 s the clock warns, red on my seat.
  await page.locator('[data-testid="my-kingdom"] [data-testid="turn-clock"][data-warning="true"]').waitFor({ timeout: 60000 });
  const label = await mine.getAttribute("aria-label");
  expect(/^Your clock: 0:(0\d|10)/.test(label ?? ""), `the clock reads under 10 s: ${label}`);
  await page.screenshot({ path: join(SHOTS, "turn-clock-low.png") });
  await context.close();
});

test("a finished game's replay: from the score screen, stepped with the arrows, a hand revealed, a shareable link", async () => {
  const { page, context } = await newPage({ fast: true });
  await hostGame(page, { name: "Rhea", bots: 1, isPublic: true });
  await playToTheEnd([page]);
  const end = await viewOf(page);
  expect(end.phase === "finished", "the game finished");
  const link = page.getByTestId("replay-link");
  await link.waitFor({ timeout: 20000 });
  await link.click();
  await page.waitForURL("**/replay/**");
  const replay = page.getByTestId("replay");
  await replay.waitFor();
  const steps = Number(await replay.getAttribute("data-steps"));
  expect(steps > 5, `a game of several moves (${steps})`);
  await page.getByTestId("replay-counter").getByText(`Move 0 of ${steps}`).waitFor();
  await page.getByText("The deal").waitFor();
  // The keyboard steps forward and back; the link follows the step.
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight");
  await page.getByTestId("replay-counter").getByText(`Move 3 of ${steps}`).waitFor();
  await page.waitForURL("**?step=3");
  await page.keyboard.press("ArrowLeft");
  await page.getByTestId("replay-counter").getByText(`Move 2 of ${steps}`).waitFor();
  await page.getByRole("button", { name: "Next move" }).click();
  await page.getByTestId("replay-counter").getByText(`Move 3 of ${steps}`).waitFor();
  // A hand is revealed by its switch; the table shows the seat's kingdom.
  await page.getByRole("switch", { name: "Show Rhea's hand" }).click();
  await page.getByLabel("Rhea's hand", { exact: true }).waitFor();
  expect((await page.getByTestId("my-kingdom").count()) === 1, "the table is drawn from the chosen seat");
  await page.keyboard.press("End");
  await page.getByTestId("replay-counter").getByText(`Move ${steps} of ${steps}`).waitFor();
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.getByTestId("replay-counter").getByText(`Move 2 of ${steps}`).waitFor();
  await sleep(1500); // the moves' card travel settles (a picture, not an assertion)
  await page.screenshot({ path: join(SHOTS, "replay.png") });
  // The shared link opens the same step in another browser.
  const url = page.url();
  const other = await newPage();
  await other.page.goto(url);
  await other.page.getByTestId("replay-counter").getByText(`Move 2 of ${steps}`).waitFor();
  // An unknown game: a clear 404 message.
  await other.page.goto(server.url + "/replay/no-such-game");
  await other.page.getByTestId("replay-not-found").getByText("Replay not found: no such finished game").waitFor();
  await other.context.close();
  await context.close();
});

test("a public game watched from a second browser: 'Watch', the public table only, 'N watching'", async () => {
  const host = await newPage();
  await hostGame(host.page, { name: "Hugo", bots: 1, isPublic: true });
  const code = (await viewOf(host.page)).roomCode;
  const fan = await newPage();
  await fan.page.goto(server.url + "/");
  await fan.page.getByRole("button", { name: /^Casual/ }).click();
  await fan.page.getByRole("dialog").waitFor();
  await fan.page.getByRole("tab", { name: "Browse" }).click();
  const listed = fan.page.locator(`[data-testid="public-game"][data-room-code="${code}"]`);
  await listed.getByTestId("watch-game").click();
  await fan.page.waitForURL("**/game");
  await fan.page.getByTestId("watching").getByText("Spectating").waitFor();
  await host.page.locator('[data-testid="watching"][data-count="1"]').waitFor();
  const watched = await viewOf(fan.page);
  expect(watched.isSpectator === true && watched.myHand.length === 0 && watched.legalActions.length === 0, "a spectator's view: no hand, nothing to play");
  expect((await fan.page.getByTestId("hand").count()) === 0, "no hand in the spectator's dock");
  // The host plays; the spectator's table follows.
  const before = watched.round ?? 0;
  await playToTheEnd([host.page], 8000).catch(() => undefined);
  await fan.page.waitForFunction((r) => {
    const v = window.__kingdom?.view.value;
    return !!v && (v.phase !== "choosing_resources" || (v.round ?? 0) > r);
  }, before);
  const later = await viewOf(fan.page);
  expect(later.myHand.length === 0, "still no hand");
  await sleep(800); // the latest move's card travel settles (a picture, not an assertion)
  await fan.page.screenshot({ path: join(SHOTS, "spectator.png") });
  // A spectator cannot act.
  const refused = await fan.page.evaluate(() => window.__kingdom.client.call("passTurn", {}));
  expect(refused.success === false && refused.error === "Spectators cannot act", `refused: ${JSON.stringify(refused)}`);
  await fan.context.close();
  await host.context.close();
});

async function signedInPage(username, options = {}) {
  const made = await newPage(options);
  const res = await made.context.request.post(server.url + "/api/auth/register", { data: { username, password: "correct horse battery" } });
  expect(res.status() === 201, `${username} registered (${res.status()})`);
  made.user = await res.json();
  return made;
}

test("a public profile opened from the leaderboard: stats, ladder and rating graph, matches with linked names, no email; a bot account's label", async () => {
  const ana = await signedInPage("Anouk");
  const ben = await signedInPage("Bram");
  const patched = await ana.context.request.patch(server.url + "/api/auth/user", { data: { email: "anouk@example.com" }, headers: { Origin: server.url } });
  expect(patched.status() === 200, `an email on the account (${patched.status()})`);
  // A ranked game is clocked: both queue and are seated at a table with the normal clock.
  for (const p of [ana, ben]) {
    await p.page.goto(server.url + "/ranked");
    await p.page.getByRole("radio", { name: "2 players" }).click();
    await p.page.getByRole("button", { name: "Queue for Ranked" }).click();
  }
  for (const p of [ana, ben]) await p.page.waitForURL("**/game", { timeout: 60000 });
  expect((await viewOf(ana.page)).turnClock === "normal", "a ranked game is clocked");
  // Their rated matches (ranked.mjs plays one to its end) are written through the server's own
  // ranked store and match history, as a finished match writes them.
  execFileSync(join(ROOT, ".venv/bin/python"), [join(ROOT, "web/e2e/seed_ladder.py"), db, `${ana.user.id}:Anouk`, `${ben.user.id}:Bram`], { cwd: ROOT });
  const fan = await newPage();
  await fan.page.goto(server.url + "/leaderboards");
  await fan.page.getByTestId("leaderboard").waitFor();
  await fan.page.getByTestId("leaderboard").getByRole("link", { name: "Anouk" }).click();
  await fan.page.waitForURL("**/u/Anouk");
  const profile = fan.page.getByTestId("public-profile");
  await profile.waitFor();
  await profile.getByRole("heading", { name: "Anouk" }).waitFor();
  await fan.page.locator('[data-testid="profile-ladder"][data-ladder="standard"]').getByTestId("rating-graph").waitFor();
  await fan.page.getByTestId("profile-match").first().getByRole("link", { name: "Bram" }).waitFor();
  expect(!(await fan.page.content()).includes("anouk@example.com"), "no email on a public profile");
  await fan.page.screenshot({ path: join(SHOTS, "public-profile.png"), fullPage: true });
  // An opponent's name leads to their profile; an unknown name is the 404 page.
  await fan.page.getByTestId("profile-match").first().getByRole("link", { name: "Bram" }).click();
  await fan.page.waitForURL("**/u/Bram");
  await fan.page.getByRole("heading", { name: "Bram" }).waitFor();
  expect((await fan.page.getByTestId("bot-account").count()) === 0, "a person's profile has no bot label");
  // A bot account (`kingdom user bot`) is labelled on its profile and shows the bot ladder alone.
  const robo = await signedInPage("Robo");
  execFileSync(join(ROOT, ".venv/bin/kingdom"), ["user", "bot", "Robo", "--db", db], { cwd: ROOT });
  await fan.page.goto(server.url + "/u/Robo");
  await fan.page.getByRole("heading", { name: "Robo" }).waitFor();
  await fan.page.getByTestId("bot-account").getByText("Bot account").waitFor();
  const ladders = await fan.page.getByTestId("profile-ladder").evaluateAll((els) => els.map((e) => e.getAttribute("data-ladder")));
  expect(JSON.stringify(ladders) === '["bots"]', `a bot account's profile shows the bot ladder alone (${JSON.stringify(ladders)})`);
  await fan.page.goto(server.url + "/u/nobody-here");
  await fan.page.getByText("404 Page Not Found").waitFor();
  for (const p of [ana, ben, fan, robo]) await p.context.close();
});

/** A person at a casual table of someone else's: joins the room by its code from the home page. */
async function joinByCode(page, { name, code }) {
  await page.goto(server.url + "/");
  await page.getByRole("button", { name: /^Casual/ }).click();
  await page.getByRole("dialog").waitFor();
  await page.getByRole("tab", { name: "Code" }).click();
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Room code").fill(code);
  await page.getByRole("button", { name: "Join Game" }).click();
  await page.waitForURL("**/lobby");
}

/** A signed-in host and a guest at one private table (and `bots` bots), the game started. */
async function hostAndGuest(hostName, guestName, bots, options = {}) {
  const host = await signedInPage(hostName, options);
  const guest = await newPage(options);
  await host.page.goto(server.url + "/");
  await host.page.getByRole("button", { name: /^Casual/ }).click();
  await host.page.getByRole("dialog").waitFor();
  await host.page.getByRole("tab", { name: "Create" }).click();
  await host.page.getByLabel("Your name").fill(hostName);
  await host.page.getByRole("button", { name: "Create Game" }).click();
  await host.page.waitForURL("**/lobby");
  const code = (await viewOf(host.page)).roomCode;
  await joinByCode(guest.page, { name: guestName, code });
  await host.page.getByTestId("player-slot").nth(1).waitFor();
  for (let i = 0; i < bots; i++) {
    await host.page.getByRole("button", { name: "Add Bot" }).click();
    await host.page.getByTestId("player-slot").nth(i + 2).waitFor();
  }
  await host.page.getByRole("button", { name: "Start Game" }).click();
  for (const p of [host, guest]) await p.page.waitForURL("**/game");
  return { host, guest, code };
}

/** Chooses the page's starting resource (the first the view offers), then waits for the table. */
async function chooseStart(page) {
  await page.waitForFunction(() => (window.__kingdom?.view.value?.legalActions ?? []).some((a) => a.type === "chooseStartingResource"));
  await page.evaluate(() => {
    const k = window.__kingdom;
    return k.sendAction(k.view.value.legalActions.find((a) => a.type === "chooseStartingResource"));
  });
}

test("quick chat: a phrase beside the sender's seat on both tables, a mute; seat names link to public profiles", async () => {
  const { host, guest } = await hostAndGuest("Carys", "Gwen", 1);
  await Promise.all([chooseStart(host.page), chooseStart(guest.page)]);
  for (const p of [host, guest]) await p.page.getByTestId("seats").waitFor();
  // Names: the signed-in host's links to her profile on the guest's table; the guest and the bot have none.
  const carys = guest.page.getByTestId("seats").getByRole("link", { name: "Carys" });
  await carys.waitFor();
  expect((await carys.getAttribute("href")) === "/u/Carys", `the seat links /u/Carys (${await carys.getAttribute("href")})`);
  expect((await host.page.getByTestId("seats").getByTestId("profile-link").count()) === 0, "a guest's and a bot's seats link nowhere");
  // Carys says 'Good luck': beside her seat on both tables.
  await host.page.getByRole("button", { name: "Quick chat" }).click();
  const picker = host.page.getByTestId("quick-chat");
  await picker.waitFor();
  expect((await picker.getByTestId("chat-phrase").count()) >= 10, "the fixed phrases");
  expect((await host.page.locator("[data-testid=quick-chat] input, [data-testid=quick-chat] textarea").count()) === 0, "no free text");
  await picker.getByRole("button", { name: "Good luck" }).click();
  await guest.page.locator('[data-testid="opponent"] [data-testid="chat-bubble"][data-player="1"]', { hasText: "Good luck" }).waitFor();
  await host.page.locator('[data-testid="my-kingdom"] [data-testid="chat-bubble"]', { hasText: "Good luck" }).waitFor();
  await sleep(400); // the bubble's pop-in settles (a picture, not an assertion)
  await guest.page.screenshot({ path: join(SHOTS, "quick-chat.png") });
  // Gwen mutes Carys: Carys's next phrase does not reach her.
  await guest.page.getByRole("button", { name: "Quick chat" }).click();
  await guest.page.getByRole("switch", { name: "Mute Carys" }).click();
  await guest.page.getByRole("switch", { name: "Mute Carys", checked: true }).waitFor();
  await guest.page.keyboard.press("Escape");
  await host.page.getByRole("button", { name: "Quick chat" }).click();
  await picker.locator('[data-phrase="hurryUp"]:not([disabled])').click({ timeout: 15000 });
  await host.page.locator('[data-testid="my-kingdom"] [data-testid="chat-bubble"]', { hasText: "Hurry up!" }).waitFor();
  // Gwen's own phrase comes after Carys's on her socket: once it shows, Carys's would have too.
  await guest.page.getByRole("button", { name: "Quick chat" }).click();
  await guest.page.getByTestId("quick-chat").getByRole("button", { name: "Thanks" }).click();
  await guest.page.locator('[data-testid="my-kingdom"] [data-testid="chat-bubble"]', { hasText: "Thanks" }).waitFor();
  await host.page.locator('[data-testid="opponent"] [data-testid="chat-bubble"]', { hasText: "Thanks" }).waitFor();
  expect((await guest.page.locator('[data-testid="chat-bubble"]', { hasText: "Hurry up!" }).count()) === 0, "a muted player's phrase is not shown");
  // The seat's name opens the profile.
  await carys.click();
  await guest.page.waitForURL("**/u/Carys");
  await guest.page.getByRole("heading", { name: "Carys" }).waitFor();
  for (const p of [host, guest]) await p.context.close();
});

test("rematch: offered on the score screen, accepted by both, the table moves to a new room; names on the score screen link to profiles", async () => {
  const { host, guest, code } = await hostAndGuest("Dario", "Elin", 0, { fast: true });
  await playToTheEnd([host.page, guest.page]);
  // The score screen: the signed-in player's name links to his profile, the guest's does not.
  const score = guest.page.getByTestId("score-screen");
  await score.waitFor({ timeout: 20000 });
  const dario = score.getByTestId("points-table").getByRole("link", { name: "Dario" });
  await dario.waitFor();
  expect((await dario.getAttribute("href")) === "/u/Dario", "the score screen links /u/Dario");
  expect((await score.getByTestId("points-table").getByTestId("profile-link").count()) === 1, "only the signed-in player's name is a link");
  // Dario offers; Elin sees the offer and accepts.
  await host.page.getByTestId("btn-rematch").click();
  await host.page.getByTestId("rematch-offer").waitFor();
  await guest.page.locator('[data-testid="rematch-offer"][data-accepted="1"]').waitFor();
  await guest.page.getByTestId("btn-rematch-accept").click();
  // Both are seated in a new room whose game has started, with the same settings and names.
  for (const p of [host, guest]) {
    await p.page.waitForFunction((old) => {
      const v = window.__kingdom?.view.value;
      return !!v && v.roomCode !== old && v.phase === "choosing_resources";
    }, code);
  }
  const [h, g] = await Promise.all([viewOf(host.page), viewOf(guest.page)]);
  expect(h.roomCode === g.roomCode, `one new room (${h.roomCode}, ${g.roomCode})`);
  expect(h.players.map((p) => p.name).join() === "Dario,Elin" && h.isHost, "the same seats and host");
  // The new seat is kept: a reload takes it back (the host's came by push, the guest's by answer).
  for (const p of [host, guest]) {
    const kept = await p.page.evaluate(() => JSON.parse(sessionStorage.getItem("kingdom_seat") ?? "null"));
    expect(kept?.roomCode === h.roomCode, `the seat kept is the new room's (${kept?.roomCode})`);
  }
  await host.page.reload();
  await host.page.waitForFunction((room) => window.__kingdom?.view.value?.roomCode === room, h.roomCode);
  expect((await viewOf(host.page)).myPlayerNumber === 1, "the host is back in his new seat");
  for (const p of [host, guest]) await p.context.close();
});

testNoCspViolation(server);

const { passed, failed } = await run();
await browser.close();
await server.stop();
cleanup();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
