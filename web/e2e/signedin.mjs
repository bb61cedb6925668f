// Browser test of the signed-in half: the sign-in page styled under the server's own
// Content-Security-Policy (computed styles, no violation), a signed-out home page without a
// failed request in the console, the deck builder (search by name, suits by name, the library's
// limits, the description, the deck kept across a reload, Delete with confirmation and Undo), a
// ladder page opened while seated, an uploaded profile picture, and every signed-in screen at
// 390 px: no horizontal overflow, no text cut off, names not broken mid-word.
// Screenshots: docs/screenshots/sign-in.png, deck-builder.png, leaderboard-phone.png.
// Run: `node web/e2e/signedin.mjs` (after `npm run build`).
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, launchBrowser, ROOT, run, sleep, startSuiteServer, test, testNoCspViolation, watchCsp } from "./harness.mjs";

const SHOTS = join(ROOT, "docs/screenshots");
mkdirSync(SHOTS, { recursive: true });
// This suite signs up more accounts from one address than the sign-up limit allows in an hour
// (5, docs/protocol.md); the limit itself is tested in tests/server.
const { server, db, cleanup } = await startSuiteServer({ botDelay: 0.05, args: ["--no-rate-limits"] });
const browser = await launchBrowser();
const PASSWORD = "correct horse battery";

async function context(viewport = { width: 1280, height: 900 }) {
  const ctx = await browser.newContext({ viewport });
  await watchCsp(ctx);
  return ctx;
}

/** A new account signed in in `ctx` (a POST like the app's own, same origin). */
async function register(ctx, username, extra = {}) {
  const res = await ctx.request.post(server.url + "/api/auth/register", {
    data: { username, password: PASSWORD, ...extra },
    headers: { Origin: server.url },
  });
  expect(res.status() === 201, `${username} registered (${res.status()})`);
  return res.json();
}

/** A page that reports console errors and page errors into `errors`. */
async function watchedPage(ctx, errors = []) {
  const page = await ctx.newPage();
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  return page;
}

test("the sign-in page is styled by its own stylesheet under the server's CSP", async () => {
  const ctx = await context({ width: 1280, height: 900 });
  const errors = [];
  const page = await watchedPage(ctx, errors);
  const res = await page.goto(server.url + "/api/login");
  const csp = res.headers()["content-security-policy"] ?? "";
  expect(csp.includes("style-src 'self'") && !csp.includes("unsafe-inline"), `the strict policy (${csp})`);
  const style = await page.evaluate(() => {
    const css = (el, p) => getComputedStyle(el).getPropertyValue(p);
    const section = document.querySelector("section");
    const button = document.querySelector("button[type=submit]");
    return {
      body: css(document.body, "background-image"),
      h1: css(document.querySelector("h1"), "color"),
      radius: css(section, "border-radius"),
      button: css(button, "background-color"),
      width: section.getBoundingClientRect().width,
    };
  });
  expect(style.body.includes("radial-gradient"), `the page's background (${style.body})`);
  expect(style.h1 === "rgb(226, 180, 60)", `the gold title (${style.h1})`);
  expect(style.radius === "16px" && style.button === "rgb(226, 180, 60)", `panels and buttons styled (${JSON.stringify(style)})`);
  expect(style.width <= 420, `the form column (${style.width} px)`);
  // A wrong password: the error stands out (a red box), and still no violation.
  await page.locator("#login-username").fill("nobody");
  await page.locator("#login-password").fill("wrong password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const error = page.getByRole("alert");
  await error.getByText("Wrong username or password").waitFor();
  const border = await error.evaluate((el) => getComputedStyle(el).borderTopColor);
  expect(border === "rgb(217, 67, 79)", `the error's red border (${border})`);
  await page.screenshot({ path: join(SHOTS, "sign-in.png") });
  // On a phone: no horizontal overflow.
  await page.setViewportSize({ width: 390, height: 844 });
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(wide <= 390, `the sign-in page fits 390 px (${wide})`);
  expect(!errors.some((e) => /Content Security Policy/i.test(e)), `no CSP error: ${errors.join(" | ")}`);
  await ctx.close();
});

test("a signed-out home page logs no failed request (no 401 in the console)", async () => {
  const ctx = await context();
  const errors = [];
  const page = await watchedPage(ctx, errors);
  const statuses = [];
  page.on("response", (r) => r.url().includes("/api/") && statuses.push(`${r.status()} ${new URL(r.url()).pathname}`));
  await page.goto(server.url + "/");
  await page.getByTestId("mode-casual").waitFor();
  await sleep(1000);
  expect(errors.length === 0, `no console error: ${errors.join(" | ")}`);
  expect(!statuses.some((s) => s.startsWith("4")), `no failed API call: ${statuses.join(", ")}`);
  await ctx.close();
});

const LIST = [
  // 20 number cards, 8 royals, 2 Heroes: a legal 30-card deck (R34).
  ...["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"].map((c) => `1 ${c}`),
  "2 JH", "2 QH", "1 KH", "2 JC", "1 QC", "1 RJ", "1 BJ",
].join("\n");

test("the deck builder: names, limits, description, reload, delete with Undo", async () => {
  const ctx = await context();
  const errors = [];
  const page = await watchedPage(ctx, errors);
  await register(ctx, "Builder");
  await page.goto(server.url + "/constructed/collection");
  await page.getByRole("button", { name: "Initialize Collection" }).click();
  await page.locator("[data-card='Q-hearts']").waitFor();
  // Search by the cards' names; the suit filter names the suits.
  const search = page.getByLabel("Search cards");
  await search.fill("hero");
  await page.waitForFunction(() => document.querySelectorAll("[data-card]").length === 2);
  await search.fill("queen");
  await page.waitForFunction(() => document.querySelectorAll("[data-card]").length === 4);
  const options = await page.getByLabel("Suit").locator("option").allInnerTexts();
  expect(JSON.stringify(options) === JSON.stringify(["All suits", "Hearts", "Diamonds", "Clubs", "Spades", "Heroes"]), `suits by name (${options})`);
  await search.fill("");
  await page.getByLabel("Suit").selectOption({ label: "Heroes" });
  await page.waitForFunction(() => document.querySelectorAll("[data-card]").length === 2);
  // A deck with a description.
  await page.getByLabel("Deck name").fill("Two Heroes");
  await page.getByLabel("Deck description").fill("Both Heroes and nothing else, yet.");
  await page.getByRole("button", { name: "Create Deck" }).click();
  await page.getByTestId("deck-description").getByText("Both Heroes and nothing else, yet.").waitFor();
  for (const card of ["JOKER-red-joker", "JOKER-black-joker"]) {
    await page.locator(`[data-card='${card}']`).click();
    await page.waitForFunction((c) => document.querySelector(`[data-card='${c}'] [data-testid=tile-count]`)?.textContent?.startsWith("1 /"), card);
  }
  // A third Hero: the library's reason, nothing added.
  await page.locator("[data-card='JOKER-red-joker']").click();
  await page.getByTestId("toast").getByText("At most 2 Heroes in a deck (R34)").waitFor();
  expect((await page.getByTestId("deck-size").innerText()) === "2", "still 2 cards");
  const reasons = await page.getByTestId("deck-legality").locator("li").allInnerTexts();
  expect(reasons.length === 2 && reasons.every((r) => r.endsWith("(R34)")), `every legality reason (${reasons})`);
  // A legal deck by import; its curve and list.
  await page.getByLabel("Deck code or list").fill(LIST);
  await page.getByRole("button", { name: "Import as New Deck" }).click();
  await page.getByRole("button", { name: /Two Heroes \(imported\) \(30\)/ }).waitFor();
  await page.getByTestId("deck-legality").getByText("Legal deck").waitFor();
  const curve = await page.getByTestId("cost-curve").getByRole("listitem").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
  expect(JSON.stringify(curve) === JSON.stringify(["Cost 0: 20 cards", "Cost 1: 4 cards", "Cost 2: 3 cards", "Cost 3: 1 cards", "Cost 4: 2 cards"]), `the cost curve (${curve})`);
  const first = await page.getByTestId("deck-list").locator("li").first().innerText();
  expect(first.includes("Ace of Hearts") && first.includes("×1"), `the list, cheapest first (${first})`);
  // The deck stays selected after a reload.
  await page.getByLabel("Suit").selectOption({ label: "All suits" });
  await page.reload();
  await page.getByTestId("deck-panel").getByRole("heading", { name: "Two Heroes (imported)" }).waitFor();
  await page.getByTestId("toast").waitFor({ state: "detached", timeout: 10000 }).catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, "deck-builder.png") });
  // Delete asks first; Keep It keeps it; Delete Deck deletes; Undo brings it back.
  await page.getByRole("button", { name: "Delete Two Heroes (imported)" }).click();
  await page.getByTestId("delete-deck-dialog").getByRole("button", { name: "Keep It" }).click();
  expect((await page.getByRole("button", { name: /Two Heroes \(imported\) \(30\)/ }).count()) === 1, "kept");
  await page.getByRole("button", { name: "Delete Two Heroes (imported)" }).click();
  await page.getByTestId("delete-deck-dialog").getByRole("button", { name: "Delete Deck" }).click();
  await page.getByTestId("deck-deleted").waitFor();
  await page.getByRole("button", { name: /Two Heroes \(imported\) \(30\)/ }).waitFor({ state: "detached" });
  await page.getByTestId("deck-deleted").getByRole("button", { name: "Undo" }).click();
  await page.getByRole("button", { name: /Two Heroes \(imported\) \(30\)/ }).waitFor();
  await page.getByTestId("deck-legality").getByText("Legal deck").waitFor();
  expect(errors.length === 0, `no console error: ${errors.join(" | ")}`);
  await ctx.close();
});

test("a ladder page opened while seated says so and leads back to the game", async () => {
  const ctx = await context();
  const page = await watchedPage(ctx);
  await register(ctx, "Seated");
  await page.goto(server.url + "/");
  await page.getByTestId("mode-casual").click();
  await page.getByRole("tab", { name: "Create" }).click();
  await page.getByRole("button", { name: "Create Game" }).click();
  await page.waitForURL("**/lobby");
  for (const path of ["/ranked", "/constructed/ladder"]) {
    await page.evaluate((p) => {
      history.pushState(null, "", p);
      dispatchEvent(new PopStateEvent("popstate"));
    }, path);
    await page.getByTestId("seated-notice").waitFor();
    await sleep(500);
    expect(new URL(page.url()).pathname === path, `${path} stays open while seated (${page.url()})`);
    expect((await page.getByRole("button", { name: /Queue for/ }).count()) === 0, "no queue button while seated");
    await page.getByTestId("seated-notice").getByRole("button", { name: "Back to Your Game" }).click();
    await page.waitForURL("**/lobby");
  }
  await ctx.close();
});

test("an uploaded profile picture shows from the server's own origin", async () => {
  const ctx = await context();
  const errors = [];
  const page = await watchedPage(ctx, errors);
  await register(ctx, "Painter", { firstName: "Frida", lastName: "Kahlo" });
  await page.goto(server.url + "/profile");
  await page.getByTestId("avatar-initials").first().getByText("FK").waitFor();
  const png = await page.evaluate(() => {
    const c = document.createElement("canvas");
    c.width = 300;
    c.height = 200;
    const g = c.getContext("2d");
    g.fillStyle = "#c8283a";
    g.fillRect(0, 0, 300, 200);
    g.fillStyle = "#e2b43c";
    g.fillRect(100, 50, 100, 100);
    return c.toDataURL("image/png").split(",")[1];
  });
  await page.getByTestId("avatar-file").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: Buffer.from(png, "base64") });
  await page.getByTestId("avatar-message").getByText("Picture saved").waitFor();
  const img = page.getByTestId("avatar-image").first();
  await img.waitFor();
  await page.waitForFunction(() => document.querySelector("[data-testid=avatar-image]")?.naturalWidth === 256);
  const src = await img.getAttribute("src");
  expect(src.startsWith("/api/avatars/"), `served here (${src})`);
  // A file that is not a picture: the server's message, the picture unchanged.
  await page.getByTestId("avatar-file").setInputFiles({ name: "x.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await page.getByTestId("avatar-message").getByText("A profile picture is a PNG, JPEG or WebP image").waitFor();
  expect((await img.getAttribute("src")) === src, "the picture unchanged");
  await page.getByRole("button", { name: "Remove picture" }).click();
  await page.getByTestId("avatar-initials").first().waitFor();
  expect(!errors.some((e) => /Content Security Policy/i.test(e)), `no CSP error: ${errors.join(" | ")}`);
  await ctx.close();
});

/** Problems of the page's layout at its width: horizontal overflow, text cut off by its box,
 * and a one-word name broken across lines. */
async function layoutProblems(page) {
  return page.evaluate(() => {
    const out = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) out.push(`page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
    const describe = (el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""} '${(el.textContent ?? "").trim().slice(0, 40)}'`;
    for (const el of document.querySelectorAll("body *")) {
      if (el.closest("[hidden], .sr-only, svg") || el.matches(".sr-only, svg, option, script, style")) continue;
      const cs = getComputedStyle(el);
      if (cs.display === "none" || cs.visibility === "hidden") continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // A framed box (a panel, a card) whose content spills over its edge.
      const framed = parseFloat(cs.borderLeftWidth) > 0 && parseFloat(cs.borderRightWidth) > 0;
      if (framed && cs.overflowX === "visible" && el.scrollWidth > el.clientWidth + 2) out.push(`spills out of its box: ${describe(el)} (${el.scrollWidth} > ${el.clientWidth})`);
      const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
      if (!ownText) continue;
      if (r.right > width + 1 || r.left < -1) out.push(`outside the screen: ${describe(el)} (${Math.round(r.left)}-${Math.round(r.right)})`);
      const clips = ["hidden", "clip"].includes(cs.overflowX) || cs.textOverflow === "ellipsis";
      if (clips && el.scrollWidth > el.clientWidth + 1 && !["INPUT", "TEXTAREA", "SELECT"].includes(el.tagName)) out.push(`text cut off: ${describe(el)}`);
      // A single word (a name, a tier) must not be split over two lines.
      const text = (el.textContent ?? "").trim();
      if (el.children.length === 0 && text && !/\s/.test(text) && text.length <= 24) {
        const range = document.createRange();
        range.selectNodeContents(el);
        const lines = new Set([...range.getClientRects()].map((x) => Math.round(x.top)));
        if (lines.size > 1) out.push(`word broken over lines: ${describe(el)}`);
      }
    }
    return out;
  });
}

test("every signed-in screen at 390 px: no sideways scroll, nothing cut off, names whole", async () => {
  // A leaderboard with long names: matches rated between five accounts.
  const names = ["Maximiliana_Sunderland", "Bartholomew-Kingsley", "Ana", "Quentin_Archibald", "Zoe"];
  const seats = [];
  for (const n of names) {
    const ctx = await browser.newContext();
    seats.push(`${(await register(ctx, n)).id}:${n}`);
    await ctx.close();
  }
  execFileSync(join(ROOT, ".venv/bin/python"), [join(ROOT, "web/e2e/seed_ladder.py"), db, ...seats], { cwd: ROOT });
  const ctx = await context({ width: 390, height: 844 });
  const errors = [];
  const page = await watchedPage(ctx, errors);
  const login = await ctx.request.post(server.url + "/api/auth/login", { data: { username: names[0], password: PASSWORD }, headers: { Origin: server.url } });
  expect(login.status() === 200, "signed in");
  // A collection and a deck, so that the builder and the ladder have content.
  await ctx.request.post(server.url + "/api/collection/initialize", { headers: { Origin: server.url } });
  await ctx.request.post(server.url + "/api/decks", {
    data: { name: "A rather long deck name for a small screen", description: "Hearts and clubs, both Heroes.", list: LIST },
    headers: { Origin: server.url },
  });
  const screens = [
    ["/", async () => page.getByTestId("profile-button").waitFor()],
    ["/profile", async () => page.getByTestId("match-entry").nth(1).waitFor()],
    ["/ranked", async () => page.getByTestId("your-ranking").waitFor()],
    ["/leaderboards", async () => page.getByTestId("leaderboard-row").nth(4).waitFor()],
    ["/constructed", async () => page.getByRole("link", { name: /Collection/ }).waitFor()],
    ["/constructed/collection", async () => page.locator("[data-card='Q-hearts']").waitFor()],
    ["/constructed/lobby", async () => page.getByRole("button", { name: "Create Private Room" }).waitFor()],
    ["/constructed/ladder", async () => page.getByTestId("ladder-leaderboard").waitFor()],
    ["/spire", async () => page.getByRole("heading").first().waitFor()],
    ["/cards", async () => page.getByRole("heading").first().waitFor()],
  ];
  const problems = [];
  for (const [path, ready] of screens) {
    await page.goto(server.url + path);
    await ready();
    await sleep(300);
    for (const p of await layoutProblems(page)) problems.push(`${path}: ${p}`);
    if (path === "/profile") {
      // Recent Matches rows laid out alike: each part starts at the same place in every row.
      const starts = await page.getByTestId("match-entry").evaluateAll((rows) =>
        rows.map((r) => [...r.children].map((c) => Math.round(c.getBoundingClientRect().left - r.getBoundingClientRect().left)).join(",")),
      );
      if (new Set(starts).size !== 1) problems.push(`/profile: Recent Matches rows uneven (${[...new Set(starts)].join(" | ")})`);
    }
    if (path === "/leaderboards") await page.screenshot({ path: join(SHOTS, "leaderboard-phone.png"), fullPage: true });
    if (path === "/constructed/collection") {
      // The deck is one tap away, above the cards, not below all 54 of them.
      const tab = page.getByTestId("deck-tab");
      const box = await tab.boundingBox();
      expect(box && box.y < 844, `the deck tab is on the first screen (${JSON.stringify(box)})`);
      await page.getByRole("button", { name: /^A rather long deck name.*\(30\)/ }).waitFor({ state: "hidden" });
      await tab.click();
      await page.getByRole("button", { name: /^A rather long deck name.*\(30\)/ }).click();
      await page.getByTestId("deck-panel").waitFor();
      for (const p of await layoutProblems(page)) problems.push(`${path} (deck tab): ${p}`);
      await page.screenshot({ path: join(SHOTS, "deck-builder-phone.png") });
    }
  }
  // The waiting room of a room of one's own.
  await page.goto(server.url + "/constructed/lobby");
  await page.getByRole("button", { name: "Create Private Room" }).click();
  await page.waitForURL("**/lobby");
  await page.getByRole("button", { name: "Add Bot" }).waitFor();
  await sleep(300);
  for (const p of await layoutProblems(page)) problems.push(`/lobby: ${p}`);
  expect(problems.length === 0, `layout problems at 390 px:\n      ${problems.join("\n      ")}`);
  expect(!errors.some((e) => /Content Security Policy/i.test(e)), `no CSP error: ${errors.join(" | ")}`);
  await ctx.close();
});

testNoCspViolation(server);

const { passed, failed } = await run();
await browser.close();
await server.stop();
cleanup();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
