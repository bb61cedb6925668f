// Browser tests of the guided tutorial: the built app (web/dist) served by the real
// `kingdom serve`, driven in Debian's chromium. The basics lesson is played start to finish by
// doing what each step asks; then the Skip and Cancel paths. Run: `node web/e2e/tutorial.mjs`
// (after `npm run build`).
import { cpSync, existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT, Server, ensureArtifacts, expect, freePort, launchBrowser, run, sleep, tempDb, test, testNoCspViolation, watchCsp, viewOf } from "./harness.mjs";

if (!existsSync(join(ROOT, "web/dist/index.html"))) {
  console.error("web/dist is missing: run `npm run build` first");
  process.exit(1);
}

const shots = ensureArtifacts();
const { dir, db, cleanup } = tempDb();
// Serve a private copy of the build: another `npm run build` in the tree cannot swap it mid-test.
cpSync(join(ROOT, "web/dist"), join(dir, "dist"), { recursive: true });
process.env.KINGDOM_WEB_DIST = join(dir, "dist");
const server = new Server({ port: await freePort(), db, botDelay: 0.1 });
await server.start();
const browser = await launchBrowser();

async function newPage(viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  await watchCsp(context);
  const page = await context.newPage();
  page.on("pageerror", (e) => console.log(`    [pageerror] ${e.message}`));
  return { context, page };
}


async function waitForView(page, pred, what, timeout = 20000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    const v = await viewOf(page);
    if (v && pred(v)) return v;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The banner shows this step (its title is in the banner too). */
async function atStep(page, id, timeout = 20000) {
  await page.locator(`[data-testid=tutorial-banner][data-step-id="${id}"]`).waitFor({ timeout });
}

/** Next (or Finish): Playwright waits for the 1 s lock to end (the button is disabled). */
async function next(page, label = "Next") {
  const button = page.getByTestId("tutorial-next");
  expect((await button.innerText()).trim() === label, `button reads ${label}`);
  await button.click();
}

const hand = (page, id) => page.locator(`[data-testid=hand-card][data-card-id="${id}"]`);
const resource = (page, id) => page.locator(`[data-testid=my-kingdom] [data-testid=resource-ready][data-card-id="${id}"]`);

async function highlighted(page, selector) {
  const ring = page.getByTestId("tutorial-highlight");
  await ring.waitFor();
  expect((await ring.getAttribute("data-selector")) === selector, `highlight on ${selector}`);
}

async function openTutorial(page) {
  await page.goto(server.url + "/");
  await page.waitForLoadState("networkidle");
  const dialog = page.getByRole("dialog", { name: "Welcome to the Tutorial!" });
  await page.getByTestId("mode-tutorial").click();
  // On a loaded machine the first click can miss (seen in two runs of this suite today): a
  // person clicks again, and so do we, once, saying so.
  if (!(await dialog.waitFor({ timeout: 8000 }).then(() => true, () => false))) {
    console.log("    [retry] the Tutorials card was clicked a second time");
    await page.getByTestId("mode-tutorial").click();
  }
  await dialog.waitFor();
  return dialog;
}

async function beginTutorial(page) {
  const dialog = await openTutorial(page);
  await dialog.getByRole("button", { name: "Begin Tutorial" }).click();
  await page.waitForURL("**/game");
}

// ---------------------------------------------------------------------------------------------

test("the basics tutorial, start to finish with the optional dragon lesson, doing what each step asks", async () => {
  const { context, page } = await newPage();
  // The loading state: hold the first createRoom back a little to see it.
  await page.addInitScript(() => {
    const hook = () => {
      const k = window.__kingdom;
      if (!k) return setTimeout(hook, 10);
      const call = k.client.call.bind(k.client);
      k.client.call = async (event, payload) => {
        if (event === "createRoom") await new Promise((r) => setTimeout(r, 600));
        return call(event, payload);
      };
    };
    hook();
  });
  await page.goto(server.url + "/");
  await page.getByTestId("mode-tutorial").click();
  const dialog = page.getByRole("dialog", { name: "Welcome to the Tutorial!" });
  await dialog.getByText("Preparing your tutorial game...").waitFor();
  await dialog.getByRole("button", { name: "Begin Tutorial" }).waitFor();
  for (const item of ["Drawing and playing cards", "Managing resources", "Building your Royal Family", "Basic game strategy"]) {
    await dialog.getByText(item).waitFor();
  }
  const waiting = await viewOf(page);
  expect(waiting.isTutorial && waiting.phase === "waiting" && waiting.players.length === 2, "a tutorial room with its bot");
  expect(new URL(page.url()).pathname === "/", "the waiting room is not shown for a tutorial");
  await shot(page, "tutorial-welcome.png");
  await dialog.getByRole("button", { name: "Begin Tutorial" }).click();
  await page.waitForURL("**/game");

  // welcome, board overview
  await atStep(page, "welcome");
  const modes = await page.getByTestId("tutorial-mode").locator("option").allInnerTexts();
  expect(modes.join("|") === "Basics|Multiplayer|Advanced Combos|Constructed|Quest Mode", `mode labels ${modes}`);
  await shot(page, "tutorial-step-welcome.png");
  await next(page);
  await atStep(page, "board-overview");
  await highlighted(page, '[data-testid="my-kingdom"]');
  // A banner at the top never hides the turn header: the table moves down below it.
  await page.waitForFunction(() => {
    const b = document.querySelector("[data-testid=tutorial-banner]")?.getBoundingClientRect();
    const h = document.querySelector("[data-testid=turn-header]")?.getBoundingClientRect();
    return b && h && h.top >= b.bottom;
  }, null, { timeout: 5000 });
  expect(await page.getByTestId("tutorial-next").isDisabled(), "Next is locked right after a click");
  await next(page);

  // draw
  await atStep(page, "draw-card");
  await highlighted(page, '[data-testid="draw-area"]');
  await page.getByText("Complete the action to continue...").waitFor();
  await shot(page, "tutorial-step-draw.png");
  await page.getByTestId("draw-deck").click();

  // play resource: the 8 of diamonds on the ready 5 of hearts
  await atStep(page, "play-resource");
  await resource(page, "hearts-5").click();
  await hand(page, "diamonds-8").click();
  await page.getByTestId("btn-play-resource").click();

  // pass
  await atStep(page, "pass-turn");
  await highlighted(page, '[data-testid="btn-pass"]');
  await page.getByTestId("btn-pass").click();

  // opponent turn: the bot waits until Next
  await atStep(page, "opponent-turn");
  await sleep(600);
  let v = await viewOf(page);
  expect(v.currentPlayerNumber === 2 && !v.players[1].hasDrawnThisTurn, "the bot waits for the learner");
  await next(page);

  // the royals reference ('Got it!') once the bot's turn is over
  await page.getByTestId("all-royals-reference").waitFor({ timeout: 20000 });
  await shot(page, "tutorial-all-royals-reference.png");
  await page.getByRole("button", { name: "Got it!" }).click();

  // play royal: draw, then the Queen of hearts on the two red resources
  await atStep(page, "play-royal");
  await waitForView(page, (x) => x.currentPlayerNumber === 1, "the learner's second turn");
  await page.getByTestId("draw-deck").click();
  await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
  await highlighted(page, '[data-testid="btn-play-royal"]'); // the play buttons come after the draw
  await hand(page, "hearts-Q").click();
  await page.getByTestId("btn-play-royal").click();

  // pass, then the opponent's queen
  await atStep(page, "pass-turn-2");
  await page.getByTestId("btn-pass").click();
  await atStep(page, "opponent-third-turn-intro");
  await next(page);
  await atStep(page, "crop-rotation", 20000);
  v = await viewOf(page);
  expect(v.players[1].kingdom.royals.some((c) => c.id === "spades-Q"), "the bot played its Queen of spades");

  // third turn: crop rotation, a black number card (not a 6) in for the 5 of hearts
  await page.getByTestId("draw-deck").click();
  v = await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
  const black = v.myHand.find((c) => (c.suit === "clubs" || c.suit === "spades") && /^(A|[2-9]|10)$/.test(c.rank) && c.rank !== "6");
  expect(black, "a black number card to rotate in");
  await resource(page, "hearts-5").click();
  // Rotating away the 6 of hearts would leave no pair for the Horse: refused with a hint.
  await hand(page, "hearts-6").click();
  await page.getByTestId("btn-rotate-resource").click();
  await page
    .getByTestId("toast")
    .getByText("Keep the 6 of Hearts: the Build a Horse step needs your pair of 6s. Rotate a number card that is not a 6 instead.")
    .waitFor();
  await atStep(page, "crop-rotation");
  v = await viewOf(page);
  expect(v.myHand.some((c) => c.id === "hearts-6") && v.players[0].kingdom.resources.some((r) => r.card.id === "hearts-5"), "the refused rotation changed nothing");
  await hand(page, "hearts-6").click(); // unselect it
  await hand(page, black.id).click();
  await page.getByTestId("btn-rotate-resource").click();
  await atStep(page, "pass-turn-3");
  await page.getByTestId("btn-pass").click();

  // fourth turn: the Horse from a pair of 6s, the Queen mounts it
  await atStep(page, "play-horse");
  await waitForView(page, (x) => x.currentPlayerNumber === 1 && !x.players[0].hasDrawnThisTurn, "the learner's fourth turn");
  await page.getByTestId("draw-deck").click();
  v = await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
  const sixes = v.myHand.filter((c) => c.rank === "6").slice(0, 2);
  expect(sixes.length === 2, "a pair of 6s");
  for (const c of sixes) await hand(page, c.id).click();
  await page.getByTestId("btn-play-combination").click();
  await atStep(page, "mount-queen");
  const followUp = page.getByTestId("follow-up-dialog");
  await followUp.waitFor();
  await shot(page, "tutorial-step-mount.png");
  await followUp.locator('[data-testid=follow-up-option][data-action-type="mountHorse"]').first().click();

  // combinations guide ('Continue'), completion ('Finish')
  await page.getByTestId("combinations-reference").waitFor();
  await shot(page, "tutorial-combinations-reference.png");
  await page.getByRole("button", { name: "Continue" }).click();
  await atStep(page, "completion");
  v = await viewOf(page);
  const horse = v.players[0].kingdom.combinations[0];
  expect(horse.type === "horse" && horse.ridingRoyalId === "hearts-Q", "the Queen rides the Horse");
  expect((await page.getByTestId("tutorial-next").innerText()).trim() === "Finish", "completion reads Finish");
  await shot(page, "tutorial-step-completion.png");

  // The learner holds a run (the server signalled it): the optional dragon lesson.
  await page.getByTestId("tutorial-branch").click();
  await atStep(page, "dragon-intro");
  await next(page);
  await atStep(page, "play-dragon");
  const followUps = page.getByTestId("follow-up-dialog");
  let built = false;
  for (let turn = 0; turn < 10 && !built; turn++) {
    v = await viewOf(page);
    if (v.currentPlayerNumber === 1 && v.players[0].hasDrawnThisTurn) {
      if (await followUps.count()) await followUps.getByTestId("follow-up-skip").click();
      await page.getByTestId("btn-pass").click();
    }
    await waitForView(page, (x) => x.currentPlayerNumber === 1 && !x.players[0].hasDrawnThisTurn, "the learner's turn", 30000);
    await page.getByTestId("draw-deck").click();
    v = await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
    const runs = v.legalActions.filter((a) => a.type === "playCombination" && a.cardIds.length === 3 && new Set(a.cardIds.map((id) => id.split("-")[1])).size === 3);
    if (runs.length) {
      for (const id of runs[0].cardIds) await hand(page, id).click();
      await page.getByTestId("btn-play-combination").click();
      built = true;
    } else {
      const play = v.legalActions.find((a) => a.type === "playResource");
      if (play) {
        await resource(page, play.resourceToUseId).click();
        await hand(page, play.cardId).click();
        await page.getByTestId("btn-play-resource").click();
        await waitForView(page, (x) => x.players[0].kingdom.resources.length > v.players[0].kingdom.resources.length, "the resource");
      }
    }
  }
  expect(built, "a dragon was built within 10 turns");
  await atStep(page, "eat-royal");
  await followUps.locator('[data-testid=follow-up-option][data-action-type="eatCharacter"]').first().click();
  await atStep(page, "dragon-complete");
  v = await viewOf(page);
  expect(v.discardPile.some((c) => c.id === "spades-Q"), "the dragon ate the Queen of spades");
  expect((await page.evaluate(() => localStorage.getItem("tutorialCompleted"))) === null, "not completed before Finish");
  await next(page, "Finish");
  await page.getByTestId("tutorial-banner").waitFor({ state: "detached" });
  expect((await page.evaluate(() => localStorage.getItem("tutorialCompleted"))) === "true", "Finish stores tutorialCompleted");
  await context.close();
});

/**
 * The controls of the table that the banner overlaps: every visible button, select, hand card
 * and ready resource (the header's buttons, the action bar, the hand, the kingdom), each cut to
 * what its scrolling boxes and the viewport show. The banner's own controls do not count.
 */
async function coveredByBanner(page) {
  return page.evaluate(() => {
    const banner = document.querySelector("[data-testid=tutorial-banner]");
    const b = banner.getBoundingClientRect();
    // The reconnecting strip, while it shows, counts as a banner too.
    const strip = document.querySelector("[data-testid=connection-banner]")?.getBoundingClientRect();
    const banners = strip ? [b, strip] : [b];
    const visible = (el) => {
      let r = el.getBoundingClientRect();
      let box = { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
      const cut = (c) => {
        box = { top: Math.max(box.top, c.top), left: Math.max(box.left, c.left), bottom: Math.min(box.bottom, c.bottom), right: Math.min(box.right, c.right) };
      };
      cut({ top: 0, left: 0, bottom: innerHeight, right: innerWidth });
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const st = getComputedStyle(a);
        if (st.display === "none" || st.visibility === "hidden") return null;
        if (st.overflowX !== "visible" || st.overflowY !== "visible") cut(a.getBoundingClientRect());
      }
      return box.bottom > box.top && box.right > box.left ? box : null;
    };
    const controls = document.querySelectorAll(
      "header button, header a, [data-testid=table-scroll] button, [data-testid=table-dock] button, [data-testid=hand-card], [data-testid=resource-ready], [data-testid=draw-deck]",
    );
    const hits = [];
    for (const el of controls) {
      if (banner.contains(el)) continue;
      const r = visible(el);
      if (r && banners.some((o) => r.left < o.right && r.right > o.left && r.top < o.bottom && r.bottom > o.top)) {
        hits.push(el.dataset.testid || el.getAttribute("aria-label") || el.textContent.trim().slice(0, 30));
      }
    }
    const top = (sel) => document.querySelector(sel)?.getBoundingClientRect().top ?? -1;
    return {
      hits,
      count: controls.length,
      bannerBottom: b.bottom,
      pageScrolls: document.documentElement.scrollHeight > innerHeight + 1,
      headerTop: top("header"),
      tableTop: top("[data-testid=table-scroll]"),
      stripBottom: strip?.bottom ?? null,
      bannerTop: b.top,
    };
  });
}

async function expectBannerCoversNothing(page, step) {
  await atStep(page, step);
  await sleep(250); // the banner's height settles (ResizeObserver) and the page is laid out below it
  const { hits, count, bannerBottom, pageScrolls, headerTop, tableTop } = await coveredByBanner(page);
  expect(count > 5, `${step}: the table's controls are there (${count})`);
  expect(hits.length === 0, `${step}: the banner (bottom ${bannerBottom}px) covers ${hits.join(", ")}`);
  expect(!pageScrolls, `${step}: the page does not scroll under the banner`);
  // The page's header and the table's scrolling box (the turn header at its top) start below it.
  expect(headerTop >= bannerBottom - 0.5 && tableTop >= bannerBottom - 0.5, `${step}: header ${headerTop}px, table ${tableTop}px, banner bottom ${bannerBottom}px`);
  // Skip (and the step counter) sit in the banner, not over the dock.
  expect(await page.getByTestId("tutorial-banner").getByTestId("tutorial-skip").isVisible(), `${step}: Skip is in the banner`);
}

test("on a phone (390x844) the banner docks at the top and never covers a control, whatever the step's position", async () => {
  const { context, page } = await newPage({ width: 390, height: 844 });
  await beginTutorial(page);
  await expectBannerCoversNothing(page, "welcome"); // a centred step
  await next(page);
  await expectBannerCoversNothing(page, "board-overview"); // a top step with the ring
  await highlighted(page, '[data-testid="my-kingdom"]');
  await next(page);
  await expectBannerCoversNothing(page, "draw-card"); // a bottom step: the dock stays free
  await page.getByTestId("draw-deck").click();
  await expectBannerCoversNothing(page, "play-resource"); // the action bar and the hand are up
  await resource(page, "hearts-5").click();
  await hand(page, "diamonds-8").click();
  await page.getByTestId("btn-play-resource").click();
  await expectBannerCoversNothing(page, "pass-turn");
  await highlighted(page, '[data-testid="btn-pass"]');
  // The ring sits on the Pass button, in the dock below the banner.
  await page.waitForFunction(() => {
    const ring = document.querySelector("[data-testid=tutorial-highlight]")?.getBoundingClientRect();
    const pass = document.querySelector("[data-testid=btn-pass]")?.getBoundingClientRect();
    return ring && pass && Math.abs(ring.left + 4 - pass.left) < 2 && Math.abs(ring.top + 4 - pass.top) < 2;
  }, null, { timeout: 3000 });
  await shot(page, "tutorial-phone.png");
  await page.getByTestId("btn-pass").click();
  await expectBannerCoversNothing(page, "opponent-turn");
  // The server goes away: the reconnecting strip takes the top, the banner and the page move
  // down below it, and still nothing is covered.
  await server.stop();
  try {
    await page.getByTestId("connection-banner").waitFor({ timeout: 15000 });
    await expectBannerCoversNothing(page, "opponent-turn");
    const { stripBottom, bannerTop } = await coveredByBanner(page);
    expect(stripBottom !== null && bannerTop >= stripBottom - 0.5, `the banner (top ${bannerTop}px) is below the strip (bottom ${stripBottom}px)`);
  } finally {
    await server.start();
  }
  await page.getByTestId("connection-banner").waitFor({ state: "detached", timeout: 30000 });
  await context.close();
});

/** At each width, the banner and the turn header (and every control) never intersect. */
async function expectBannerClearAtWidths(page, step, widths) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await expectBannerCoversNothing(page, step);
    const boxes = await page.evaluate(() => {
      const box = (sel) => {
        const r = document.querySelector(sel)?.getBoundingClientRect();
        return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
      };
      return { banner: box("[data-testid=tutorial-banner]"), header: box("[data-testid=turn-header]") };
    });
    const { banner: b, header: h } = boxes;
    const meet = b && h && b.left < h.right && b.right > h.left && b.top < h.bottom && b.bottom > h.top;
    expect(b && h && !meet, `${step} at ${width}px: the banner and the turn header do not intersect: ${JSON.stringify(boxes)}`);
  }
}

test("at mid widths (800, 960, 1080 px) and at 1920 px the banner never covers the turn header or a control, whatever the step's position", async () => {
  const { context, page } = await newPage({ width: 960, height: 800 });
  await beginTutorial(page);
  const widths = [800, 960, 1080, 1920];
  await expectBannerClearAtWidths(page, "welcome", widths); // a centred step
  await next(page);
  await expectBannerClearAtWidths(page, "board-overview", widths); // a top step
  await next(page);
  await expectBannerClearAtWidths(page, "draw-card", widths); // a bottom step, over the hand
  await page.getByTestId("draw-deck").click();
  await expectBannerClearAtWidths(page, "play-resource", widths); // the action bar is up
  await page.setViewportSize({ width: 960, height: 800 });
  await shot(page, "tutorial-960.png");
  await context.close();
});

test("switching to the multiplayer lesson prepares a 4-seat game; the lesson ends with the Horse sent to the partner", async () => {
  const { context, page } = await newPage();
  await beginTutorial(page);
  await atStep(page, "welcome");
  const basicsRoom = (await viewOf(page)).roomCode;
  await page.getByTestId("tutorial-mode").selectOption("multiplayer");
  const dialog = page.getByRole("dialog", { name: "Welcome to the Tutorial!" });
  await dialog.getByRole("button", { name: "Begin Tutorial" }).click();
  await atStep(page, "mp-welcome");
  let v = await viewOf(page);
  expect(v.roomCode !== basicsRoom && v.playerCount === 4 && v.tutorialMode === "multiplayer", "a new 4-seat tutorial game");
  expect(v.players.map((p) => p.team).join() === "1,2,1,2", "two teams");
  await next(page);
  await atStep(page, "mp-draw");
  await page.getByTestId("draw-revealed1").click();
  await atStep(page, "mp-play-resource");
  await resource(page, "hearts-5").click();
  await hand(page, "diamonds-8").click();
  await page.getByTestId("btn-play-resource").click();
  await atStep(page, "mp-pass");
  await page.getByTestId("btn-pass").click();
  await atStep(page, "mp-play-queen", 30000);
  await page.getByTestId("draw-deck").click();
  await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
  await hand(page, "hearts-Q").click();
  await page.getByTestId("btn-play-royal").click();
  await atStep(page, "mp-pass-2");
  await page.getByTestId("btn-pass").click();
  await atStep(page, "mp-horse", 30000);
  await page.getByTestId("draw-deck").click();
  v = await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
  for (const c of v.myHand.filter((x) => x.rank === "6")) await hand(page, c.id).click();
  await page.getByTestId("btn-play-combination").click();
  await atStep(page, "mp-mount");
  const followUp = page.getByTestId("follow-up-dialog");
  await followUp.locator('[data-testid=follow-up-option][data-action-type="mountHorse"]').first().click();
  await atStep(page, "mp-transfer");
  await followUp.locator('[data-testid=follow-up-option][data-action-type="transferToPartner"]').first().click();
  await atStep(page, "mp-team-score");
  v = await viewOf(page);
  expect(v.players[2].kingdom.combinations[0]?.ridingRoyalId === "hearts-Q", "the partner has the Horse and its rider");
  await shot(page, "tutorial-multiplayer.png");
  await next(page);
  await atStep(page, "mp-complete");
  await next(page, "Finish");
  await page.getByTestId("tutorial-banner").waitFor({ state: "detached" });
  await context.close();
});

test("the advanced-combos lesson: a Dragon eats a Queen, a Hail of Arrows shoots the next one", async () => {
  const { context, page } = await newPage();
  await page.goto(server.url + "/");
  await page.getByLabel("Tutorial mode").selectOption("advanced-combos");
  await page.getByTestId("mode-tutorial").click();
  await page.getByRole("dialog", { name: "Welcome to the Tutorial!" }).getByRole("button", { name: "Begin Tutorial" }).click();
  await page.waitForURL("**/game");
  await atStep(page, "adv-welcome");
  let v = await viewOf(page);
  expect(v.tutorialMode === "advanced-combos" && v.players[0].kingdom.resources[0].card.id === "clubs-2", "the advanced deal");
  await next(page);
  await atStep(page, "adv-grow");
  for (const card of ["hearts-9", "diamonds-3"]) {
    v = await waitForView(page, (x) => x.currentPlayerNumber === 1 && !x.players[0].hasDrawnThisTurn, "the learner's turn");
    await page.getByTestId("draw-deck").click();
    await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
    const ready = v.players[0].kingdom.resources.find((r) => r.orientation === "ready").card.id;
    await resource(page, ready).click();
    await hand(page, card).click();
    await page.getByTestId("btn-play-resource").click();
    await waitForView(page, (x) => x.players[0].kingdom.resources.some((r) => r.card.id === card), "the resource");
    await page.getByTestId("btn-pass").click();
  }
  await atStep(page, "adv-dragon", 30000);
  await page.getByTestId("draw-revealed1").click(); // the Ace of clubs
  await waitForView(page, (x) => x.myHand.some((c) => c.id === "clubs-A"), "the Ace in hand");
  for (const id of ["hearts-4", "spades-5", "diamonds-6"]) await hand(page, id).click();
  await page.getByTestId("btn-play-combination").click();
  await atStep(page, "adv-eat");
  const followUps = page.getByTestId("follow-up-dialog");
  await followUps.waitFor();
  // An attack: the dragon's follow-up names the target in words, then the eaten Queen is hit
  // and travels to the discard pile (screenshots for the README).
  const options = await followUps.getByTestId("follow-up-option").allInnerTexts();
  expect(options.every((t) => !/[a-z]+-[a-z0-9]+/.test(t)), `options in words: ${options.join(" / ")}`);
  // The screenshot waits out the dialog's fade-in and the cards still travelling (not endless
  // glows): the hit after the click is then the eaten Queen's own.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity), null, { timeout: 6000 })
    .catch(() => {});
  await shot(page, "attack.png");
  await followUps.locator('[data-testid=follow-up-option][data-action-type="eatCharacter"]').first().click();
  await page.waitForFunction(() => document.querySelector("[data-testid=travel-layer]")?.childElementCount > 0, null, { timeout: 5000 });
  await sleep(150);
  await shot(page, "attack-hit.png");
  for (const name of ["attack.png", "attack-hit.png"]) cpSync(join(process.env.TUTORIAL_SHOTS || shots, name), join(ROOT, "docs/screenshots", name));
  await atStep(page, "adv-hail");
  while (await followUps.count()) await followUps.getByTestId("follow-up-skip").click();
  // The Queen is eaten and the bot has nothing else on the table: a Hail of Arrows now would hit
  // nothing. The view says so (hailsWithoutTarget) and the table warns, then asks, before sending.
  v = await waitForView(page, (x) => (x.hailsWithoutTarget ?? []).length > 0, "a Hail of Arrows without a target");
  const pointless = v.hailsWithoutTarget[0];
  for (const id of pointless) await hand(page, id).click();
  await page.getByTestId("hail-no-target").waitFor();
  expect(/No target/.test(await page.getByTestId("hail-no-target").innerText()), "the warning under the action bar");
  await page.getByTestId("btn-hail").click();
  const noTarget = page.getByTestId("hail-no-target-dialog");
  await noTarget.waitFor();
  await noTarget.getByRole("button", { name: "Keep them" }).click();
  await noTarget.waitFor({ state: "detached" });
  v = await viewOf(page);
  expect(pointless.every((id) => v.myHand.some((c) => c.id === id)), "kept: the Ace and 10 are still in hand");
  for (const id of pointless) await hand(page, id).click();
  await page.getByTestId("hail-no-target").waitFor({ state: "detached" });
  await page.getByTestId("btn-pass").click();
  await waitForView(page, (x) => x.currentPlayerNumber === 1 && !x.players[0].hasDrawnThisTurn && x.players[1].kingdom.royals.length > 0, "the bot's new Queen", 30000);
  await page.getByTestId("draw-deck").click();
  v = await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
  const hail = v.legalActions.find((a) => a.type === "playHailOfArrows" && a.cardIds[0].split("-")[0] !== a.cardIds[1].split("-")[0]);
  expect(hail, "a plain Hail of Arrows in hand");
  for (const id of hail.cardIds) await hand(page, id).click();
  await page.getByTestId("btn-hail").click();
  await followUps.locator('[data-testid=follow-up-option][data-action-type="destroyWithHail"]').first().click();
  await atStep(page, "adv-salvo");
  v = await viewOf(page);
  expect(v.players[1].kingdom.royals.length === 0 && v.discardPile.some((c) => c.id === "clubs-Q"), "the Queen of clubs was shot");
  for (const id of ["adv-slaying", "adv-castles"]) {
    await next(page);
    await atStep(page, id);
  }
  await next(page);
  await page.getByTestId("combinations-reference").waitFor();
  await page.getByRole("button", { name: "Continue" }).click();
  await atStep(page, "adv-complete");
  await next(page, "Finish");
  await page.getByTestId("tutorial-banner").waitFor({ state: "detached" });
  await context.close();
});

test("Skip ends the tutorial without the flag; the bot no longer waits", async () => {
  const { context, page } = await newPage();
  await beginTutorial(page);
  await atStep(page, "welcome");
  await page.getByTestId("tutorial-action-prompt").getByRole("button", { name: "Skip" }).click();
  await page.getByTestId("tutorial-banner").waitFor({ state: "detached" });
  expect((await page.evaluate(() => localStorage.getItem("tutorialCompleted"))) === null, "Skip does not store tutorialCompleted");
  // The game goes on as a normal game: the bot plays its turns without waiting.
  await page.getByTestId("draw-deck").click();
  await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
  await page.getByTestId("btn-pass").click();
  await waitForView(page, (x) => x.round === 2 && x.currentPlayerNumber === 1, "the bot's turn played without a pause");
  await context.close();
});

test("Cancel clears the state, leaves the tutorial room and stays home", async () => {
  const { context, page } = await newPage();
  const dialog = await openTutorial(page);
  await dialog.getByRole("button", { name: "Begin Tutorial" }).waitFor();
  const code = (await viewOf(page)).roomCode;
  expect(code, "a tutorial room was made");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(new URL(page.url()).pathname === "/", "back home");
  expect((await viewOf(page)) === null, "no game state");
  // The room is gone: joining it by code fails.
  const ack = await page.evaluate((roomCode) => window.__kingdom.client.call("joinRoom", { playerName: "Eve", roomCode }), code);
  expect(ack.success === false && ack.error === "Room not found", `room closed (${JSON.stringify(ack)})`);
  await context.close();
});

test("a failed preparation resets with its message", async () => {
  const { context, page } = await newPage();
  await page.addInitScript(() => {
    const hook = () => {
      const k = window.__kingdom;
      if (!k) return setTimeout(hook, 10);
      const call = k.client.call.bind(k.client);
      k.client.call = async (event, payload) => (event === "addBot" ? { success: false, error: "boom" } : call(event, payload));
    };
    hook();
  });
  await page.goto(server.url + "/");
  await page.getByTestId("mode-tutorial").click();
  await page.getByText("Failed to prepare tutorial. Please try again.").waitFor();
  await page.getByRole("dialog", { name: "Welcome to the Tutorial!" }).waitFor({ state: "detached" });
  expect((await viewOf(page)) === null, "state reset");
  await context.close();
});

for (const mode of ["constructed", "quest"]) {
  test(`the ${mode} lesson guides its moves step by step, its counter matching the steps shown`, async () => {
    const { context, page } = await newPage();
    await page.goto(server.url + "/");
    await page.getByLabel("Tutorial mode").selectOption(mode);
    await page.getByTestId("mode-tutorial").click();
    await page.getByRole("dialog", { name: "Welcome to the Tutorial!" }).getByRole("button", { name: "Begin Tutorial" }).click();
    await page.waitForURL("**/game");
    const counter = async (n) => {
      const text = await page.getByTestId("tutorial-action-prompt").innerText();
      expect(text.includes(`Tutorial step ${n} of 7`), `${mode}: the counter reads step ${n} of 7 (${text})`);
    };
    const ids = mode === "constructed"
      ? ["constructed-intro", "constructed-own-pile", "constructed-play", "constructed-pass", "constructed-watch", "constructed-start", "constructed-complete"]
      : ["quest-intro", "quest-battle", "quest-play", "quest-pass", "quest-watch", "quest-start", "quest-complete"];
    await atStep(page, ids[0]);
    await counter(1);
    await waitForView(page, (x) => x.phase === "playing" && x.currentPlayerNumber === x.myPlayerNumber, "the learner's first turn");
    await next(page);
    await atStep(page, ids[1]);
    await counter(2);
    await highlighted(page, '[data-testid="draw-area"]');
    expect((await page.getByTestId("tutorial-next").count()) === 0, "a move step has no Next");
    await page.getByTestId("draw-deck").click();
    await atStep(page, ids[2]);
    await counter(3);
    const v = await waitForView(page, (x) => x.players[0].hasDrawnThisTurn, "the draw");
    const play = v.legalActions.find((a) => a.type === "playResource");
    expect(play, "a resource to play");
    await resource(page, play.resourceToUseId).click();
    await hand(page, play.cardId).click();
    await page.getByTestId("btn-play-resource").click();
    await atStep(page, ids[3]);
    await counter(4);
    await highlighted(page, '[data-testid="btn-pass"]');
    await page.getByTestId("btn-pass").click();
    // The watching step ends when the bot's turn is over.
    await atStep(page, ids[5], 30000);
    await counter(6);
    await next(page);
    await atStep(page, ids[6]);
    await counter(7);
    await next(page, "Finish");
    await page.getByTestId("tutorial-banner").waitFor({ state: "detached" });
    await context.close();
  });
}

async function shot(page, name) {
  ensureArtifacts();
  await page.screenshot({ path: join(process.env.TUTORIAL_SHOTS || shots, name) });
}

testNoCspViolation(server);

const { passed, failed } = await run({ timeoutMs: 4 * 60 * 1000 });
await browser.close();
await server.stop();
cleanup();
console.log(`tutorial e2e: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
