// Measures how long the table takes to take in one gameState (render, style, layout, paint), in the browser, with a view saved
// by the browser tests (web/e2e/artifacts/view.json). Usage: node web/e2e/perf-render.mjs
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS, Server, freePort, launchBrowser, tempDb } from "./harness.mjs";

const view = JSON.parse(readFileSync(join(ARTIFACTS, "view.json"), "utf8"));
const { db, cleanup } = tempDb();
const server = new Server({ port: await freePort(), db });
await server.start();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(server.url + "/");
  await page.waitForFunction(() => !!window.__kingdom);
  const result = await page.evaluate(async (v) => {
    const k = window.__kingdom;
    k.view.value = structuredClone(v);
    await new Promise((r) => setTimeout(r, 1500)); // navigate to /game, load the chunk
    const times = [];
    for (let i = 0; i < 40; i++) {
      const next = structuredClone(v);
      next.deckCount = v.deckCount - (i % 2); // a real change
      const t0 = performance.now();
      k.view.value = next;
      // Until the frame after the update has been styled, laid out and painted.
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 30));
    }
    times.sort((a, b) => a - b);
    return {
      path: location.pathname,
      cards: document.querySelectorAll("svg").length,
      legalActions: v.legalActions.length,
      medianMs: times[20],
      p90Ms: times[36],
      maxMs: times[39],
    };
  }, view);
  console.log(JSON.stringify(result));
} finally {
  await browser.close();
  await server.stop();
  cleanup();
}
