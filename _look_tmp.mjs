import { readFileSync } from "node:fs";
import { Server, freePort, launchBrowser, tempDb } from "./web/e2e/harness.mjs";
const view = JSON.parse(readFileSync("/tmp/s27art/view.json", "utf8"));
const { db, cleanup } = tempDb();
const server = new Server({ port: await freePort(), db });
await server.start();
const browser = await launchBrowser();
try {
  for (const [w, h, deck] of [[1440, 900, "modern"], [1440, 900, "classic"]]) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.addInitScript((d) => localStorage.setItem("deckStyle", d), deck);
    await page.goto(server.url + "/");
    await page.waitForFunction(() => !!window.__kingdom);
    await page.evaluate((v) => { window.__kingdom.view.value = v; }, view);
    await page.getByRole("button", { name: "Return to your game" }).click();
    await new Promise((r) => setTimeout(r, 2500));
    await page.screenshot({ path: `/tmp/s27art/look-${deck}.png` });
    await page.close();
  }
} finally { await browser.close(); await server.stop(); cleanup(); }
