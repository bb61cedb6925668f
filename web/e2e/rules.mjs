// Browser tests of the rules for players, the rules editor and the card galleries: the built app
// (web/dist) served by the real `kingdom serve`, driven in Debian's chromium. Also measures the
// initial JavaScript against its 150 KB (gzipped) budget. Run: `node web/e2e/rules.mjs` (after
// `npm run build`).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ensureArtifacts, expect, launchBrowser, run, startSuiteServer, test, testNoCspViolation, watchCsp } from "./harness.mjs";

const shots = ensureArtifacts();
for (const name of ["gallery.png", "gallery-small-classic.png", "rules-editor.png", "rules-dialog.png"]) rmSync(join(shots, name), { force: true });
const { server, cleanup } = await startSuiteServer({ botDelay: 0.1 });
const browser = await launchBrowser();

const BUDGET_KB = 150;
const RULING = /\bR\d+\b/;
const CARD_ID = /\b(hearts|diamonds|clubs|spades)-(\d+|[AJQK])\b|\b(red|black)-joker\b|\bpeasant-(woman|man|boy|girl)\b/;
const GALLERIES = [
  { path: "/cards", deck: "modern", size: "large" },
  { path: "/smallcards", deck: "modern", size: "small" },
  { path: "/newcards", deck: "classic", size: "large" },
  { path: "/smallnewcards", deck: "classic", size: "small" },
];

async function newPage({ viewport = { width: 1280, height: 900 }, clipboard = false } = {}) {
  const context = await browser.newContext({ viewport });
  await watchCsp(context);
  if (clipboard) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
  const page = await context.newPage();
  const errors = [];
  const consoleErrors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  return { context, page, errors, consoleErrors };
}

const storedRules = (page) => page.evaluate(() => localStorage.getItem("game_rules_custom"));

async function openRules(page) {
  await page.getByRole("button", { name: "How to Play" }).click();
  const dialog = page.getByRole("dialog", { name: "Classic Game Rules" });
  await dialog.locator("section[data-section]").first().waitFor();
  return dialog;
}

// ---------------------------------------------------------------------------------------------

test("the initial JavaScript stays within 150 KB gzipped, without the rules, editor or galleries", async () => {
  const html = await (await fetch(server.url + "/")).text();
  const urls = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"|<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)].map((m) => m[1] ?? m[2]);
  expect(urls.length > 0, "index.html names its scripts");
  let total = 0;
  const parts = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(server.url + url)).arrayBuffer());
    const kb = gzipSync(body, { level: 9 }).length / 1024;
    total += kb;
    parts.push(`${url.replace(/^.*\//, "")} ${kb.toFixed(1)} KB`);
  }
  console.log(`    initial JS: ${total.toFixed(1)} KB gzipped (${parts.join(", ")})`);
  expect(total <= BUDGET_KB, `initial JS ${total.toFixed(1)} KB > ${BUDGET_KB} KB`);
  for (const lazy of ["Gallery", "RulesEditor", "RulesText", "rules-for-players"]) {
    expect(!urls.some((u) => u.includes(lazy)), `${lazy} is not in the initial JavaScript`);
  }
  // Loading the home page fetches none of them either (the idle prefetch is only Lobby and Game).
  const { context, page } = await newPage();
  const fetched = [];
  page.on("request", (r) => fetched.push(r.url()));
  await page.goto(server.url + "/");
  await page.getByRole("heading", { name: "Kingdom" }).waitFor();
  await page.waitForTimeout(800);
  for (const lazy of ["Gallery", "RulesEditor", "RulesText", "rules-for-players"]) {
    expect(!fetched.some((u) => u.includes(`/${lazy}-`)), `${lazy} not fetched by the home page`);
  }
  await context.close();
});

test("each gallery shows the 54 cards and the 4 alternate faces, drawn in its deck style", async () => {
  const { context, page, errors } = await newPage();
  for (const g of GALLERIES) {
    await page.goto(server.url + g.path);
    const gallery = page.getByTestId("gallery");
    await gallery.waitFor();
    expect((await gallery.getAttribute("data-deck")) === g.deck, `${g.path}: ${g.deck} deck`);
    expect((await gallery.getAttribute("data-size")) === g.size, `${g.path}: ${g.size}`);
    const ids = await page.getByTestId("gallery-card").evaluateAll((els) => els.map((e) => e.getAttribute("data-card-id")));
    expect(ids.length === 58 && new Set(ids).size === 58, `${g.path}: 58 different cards, got ${ids.length}`);
    for (const id of ["hearts-A", "spades-10", "clubs-K", "red-joker", "black-joker", "peasant-woman", "peasant-man", "peasant-boy", "peasant-girl"]) {
      expect(ids.includes(id), `${g.path}: ${id} shown`);
    }
    // Every card is a drawing (an SVG), named for people using a screen reader.
    const drawn = await page.getByTestId("gallery-card").evaluateAll((els) => els.filter((e) => e.querySelector("svg")).length);
    expect(drawn === 58, `${g.path}: 58 drawings, got ${drawn}`);
    await page.getByRole("button", { name: "Vendor girl" }).waitFor();
    await page.getByRole("button", { name: "Queen of Hearts" }).waitFor();
    const width = await page.locator("[data-card-id=hearts-7] > button, [data-card-id=hearts-7] button").first().evaluate((e) => e.getBoundingClientRect().width);
    expect(g.size === "large" ? width >= 120 : width <= 60, `${g.path}: card width ${width}`);
    if (g.path === "/cards") await page.screenshot({ path: join(shots, "gallery.png") });
    if (g.path === "/smallnewcards") await page.screenshot({ path: join(shots, "gallery-small-classic.png") });
  }
  // A card opens larger, and Escape closes it.
  await page.getByRole("button", { name: "Peasant woman" }).click();
  const zoom = page.getByRole("dialog", { name: "Peasant woman" });
  await zoom.waitFor();
  await page.keyboard.press("Escape");
  await zoom.waitFor({ state: "detached" });
  // The galleries link to each other.
  await page.getByRole("navigation", { name: "Card galleries" }).getByRole("link", { name: "Modern", exact: true }).click();
  await page.waitForURL(/\/cards$/);
  expect(errors.length === 0, `no page errors: ${errors.join("; ")}`);
  // A phone: no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(server.url + "/newcards");
  await page.getByTestId("gallery").waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow <= 0, `no horizontal scroll at 375 px (overflow ${overflow})`);
  await context.close();
});

test("the How to Play dialog is written for players: no ruling numbers, no card ids, card pictures", async () => {
  const { context, page, errors } = await newPage();
  await page.goto(server.url + "/");
  const dialog = await openRules(page);
  await dialog.getByRole("region", { name: "Strategy" }).waitFor();
  expect((await dialog.locator("section[data-section]").count()) === 14, "14 sections");
  const text = await dialog.innerText();
  expect(!RULING.test(text), `no ruling number: ${text.match(RULING)?.[0]}`);
  expect(!CARD_ID.test(text), `no card id: ${text.match(CARD_ID)?.[0]}`);
  const html = await dialog.innerHTML();
  // The court art's pictures are images (href="blob:..."): markup, not words.
  expect(!CARD_ID.test(html.replace(/(data-card-id|href)="[^"]*"/g, "")), "no card id in the markup outside data attributes and picture references");
  const pictures = await dialog.locator("figure [role=img]").count();
  expect(pictures >= 20, `card pictures in the examples: ${pictures}`);
  await dialog.getByRole("img", { name: "Queen of Spades" }).first().waitFor();
  await page.screenshot({ path: join(shots, "rules-dialog.png") });
  await page.keyboard.press("Escape");
  // The three Game Features cards open the dialog at Resources, Royals and Combinations (beasts).
  for (const [card, target] of [
    ["Resources", "[data-heading=resources]"],
    ["Royals", "[data-section=playing-royals]"],
    ["Combinations", "[data-section=beasts]"],
  ]) {
    await page.getByRole("button", { name: new RegExp(`^${card}`) }).click();
    const d = page.getByRole("dialog", { name: "Classic Game Rules" });
    const el = d.locator(target);
    await el.waitFor();
    await page.waitForTimeout(200);
    const visible = await el.evaluate((e) => {
      const body = e.closest("[role=dialog]").querySelector("section")?.parentElement?.parentElement;
      const r = e.getBoundingClientRect();
      const b = body.getBoundingClientRect();
      return r.top >= b.top - 2 && r.top < b.top + 80;
    });
    expect(visible, `${card}: the dialog opens at ${target}`);
    await page.keyboard.press("Escape");
    await d.waitFor({ state: "detached" });
  }
  expect(errors.length === 0, `no page errors: ${errors.join("; ")}`);
  await context.close();
});

test("the rules editor: edit with a live preview and a mark, save, the dialog shows it, copy, reset", async () => {
  const { context, page, errors } = await newPage({ clipboard: true });
  await page.goto(server.url + "/admin/rules-editor");
  await page.getByRole("heading", { name: "Rules Editor" }).waitFor();
  const sections = page.getByTestId("editor-section");
  await sections.first().waitFor();
  expect((await sections.count()) === 14, "14 sections to edit");
  expect((await page.getByTestId("edited-mark").count()) === 0, "no section marked before editing");
  const save = page.getByRole("button", { name: "Save Changes" });
  expect(await save.isDisabled(), "nothing to save yet");

  const objective = page.locator("[data-testid=editor-section][data-key=objective]");
  await objective.getByLabel("Text").fill("In our house, Kings **rule** the realm.\n\n![Two Horses](6♥ 6♣ 9♠ 9♦)");
  await objective.getByTestId("editor-preview").getByText("In our house, Kings rule the realm.").waitFor();
  expect((await objective.getByTestId("editor-preview").locator("[role=img]").count()) === 4, "the preview draws the 4 cards");
  expect((await objective.getByTestId("edited-mark").count()) === 1, "the edited section is marked");
  expect((await page.getByTestId("edited-mark").count()) === 1, "only that section is marked");
  await page.getByTestId("editor-status").getByText("Unsaved changes").waitFor();
  await objective.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, "rules-editor.png") });

  await save.click();
  await page.getByTestId("toast").getByText("Changes saved").waitFor();
  const stored = JSON.parse(await storedRules(page));
  expect(Array.isArray(stored) && stored.length === 14, "14 sections stored in game_rules_custom");
  expect(stored[0].key === "objective" && stored[0].content.startsWith("In our house"), "the edit is stored");

  // Copy puts the section's text on the clipboard; a failing clipboard says so.
  await objective.getByRole("button", { name: "Copy Objective" }).click();
  await page.getByTestId("toast").getByText("Copied to clipboard").waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.startsWith("In our house"), `clipboard holds the section: ${copied.slice(0, 40)}`);
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error("denied"));
  });
  await objective.getByRole("button", { name: "Copy Objective" }).click();
  await page.getByTestId("toast").getByText("Failed to copy to clipboard").waitFor();

  // The How to Play dialog shows the saved rules instead of the built-ins.
  await page.goto(server.url + "/");
  let dialog = await openRules(page);
  await dialog.getByRole("region", { name: "Objective" }).getByText("In our house, Kings rule the realm.").waitFor();
  await page.keyboard.press("Escape");

  // Back in the editor the edit is still marked; Reset to Defaults brings the built-ins back.
  await page.goto(server.url + "/admin/rules-editor");
  await page.getByTestId("edited-mark").first().waitFor();
  await page.getByRole("button", { name: "Reset to Defaults" }).click();
  await page.getByTestId("toast").getByText("Rules reset").waitFor();
  expect((await storedRules(page)) === null, "game_rules_custom removed");
  expect((await page.getByTestId("edited-mark").count()) === 0, "no section marked after the reset");
  await page.goto(server.url + "/");
  dialog = await openRules(page);
  await dialog.getByRole("region", { name: "Objective" }).getByText("Royal Family", { exact: false }).first().waitFor();
  expect(!(await dialog.innerText()).includes("In our house"), "the built-in rules are back");
  expect(errors.length === 0, `no page errors: ${errors.join("; ")}`);
  await context.close();
});

test("bad stored custom rules are ignored and logged, with no message to the player", async () => {
  const { context, page, consoleErrors } = await newPage();
  await page.goto(server.url + "/");
  await page.evaluate(() => localStorage.setItem("game_rules_custom", "{not json"));
  await page.reload();
  const dialog = await openRules(page);
  expect((await dialog.locator("section[data-section]").count()) === 14, "the built-in sections");
  expect(consoleErrors.some((e) => e.includes("Failed to load custom rules")), `logged: ${consoleErrors.join("; ")}`);
  expect((await page.getByTestId("toast").count()) === 0, "no toast");
  await context.close();
});

testNoCspViolation(server);

const { passed, failed } = await run({ timeoutMs: 5 * 60 * 1000 });
await browser.close();
await server.stop();
cleanup();
console.log(`e2e rules: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
