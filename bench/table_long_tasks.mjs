// Long tasks on the game table while cards animate (issue 27), and the initial JavaScript size.
//
// Each run hosts a 4-player game (3 bots, 0.05 s bot delay) in Debian's Chromium at 1280x800
// and plays it to a late, crowded table (12 seat turns and more) with the browser tests' driver
// (web/e2e/table-driver.mjs); the browser's `longtask` entries that overlap a running Web
// Animation are counted, from the first view of the table on (the page load is left out). It
// prints each run's figures and the medians over the runs, with the machine's load average
// before and after: the machine is shared, so the figures are only comparable at a like load.
// No limit is asserted (speed is never a test); bench/RESULTS.md records the figures.
//
// Usage: npm run build && nice -n 10 node bench/table_long_tasks.mjs [runs, default 3] [--why]
// --why also prints, for each long frame while animating, the scripts that ran in it (the Long
// Animation Frames API's attribution: the function, its source and its time); build with
// `npx vite build --minify false --outDir /tmp/dist --emptyOutDir` and KINGDOM_WEB_DIST=/tmp/dist
// for readable names.
// (KINGDOM_WEB_DIST=<a build> measures another build of the app, as the server serves it.)
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT, Server, freePort, launchBrowser, perfInitScript, tempDb } from "../web/e2e/harness.mjs";
import { hostGame, playToLateTurn } from "../web/e2e/table-driver.mjs";

const WHY = process.argv.includes("--why");
const RUNS = Number(process.argv.slice(2).find((a) => !a.startsWith("--")) ?? 3);

/** Long animation frames with the scripts that ran in them (only with --why). */
function frameLog() {
  window.__frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__frames.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          style: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map((s) => ({
            fn: s.sourceFunctionName || "(anonymous)",
            src: `${(s.sourceURL || "").split("/").pop()}:${s.sourceCharPosition}`,
            invoker: s.invoker,
            duration: Math.round(s.duration),
            layout: Math.round(s.forcedStyleAndLayoutDuration),
          })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {
    /* unsupported */
  }
}

/** Records when each Web Animation runs, to tell the long tasks that fell while cards moved. */
function animationLog() {
  window.__animations = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const o = typeof options === "number" ? { duration: options } : (options ?? {});
    const start = performance.now() + (o.delay ?? 0);
    const iterations = Number.isFinite(o.iterations) ? (o.iterations ?? 1) : 1;
    window.__animations.push({ start, end: start + (o.duration ?? 0) * iterations });
    return animate.call(this, frames, options);
  };
}

const median = (xs) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () => loadavg().map((x) => x.toFixed(2)).join(", ");

/** What index.html loads before any screen: its script and the modules it preloads. */
function initialJs() {
  const dist = process.env.KINGDOM_WEB_DIST ?? join(ROOT, "web/dist");
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const bytes = readFileSync(join(dist, f));
    raw += bytes.length;
    gz += gzipSync(bytes, { level: 9 }).length;
  }
  return { files: files.length, raw, gz };
}

const js = initialJs();
console.log(`initial JavaScript: ${js.files} files, ${(js.raw / 1000).toFixed(1)} kB, ${(js.gz / 1000).toFixed(1)} kB gzipped (level 9)`);
console.log(`machine: ${cpus().length} cores, load average before: ${load()}`);

const { db, cleanup } = tempDb();
const server = new Server({ port: await freePort(), db, botDelay: 0.05 });
await server.start();
const browser = await launchBrowser();
const runs = [];
try {
  for (let r = 1; r <= RUNS; r++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(perfInitScript);
    await context.addInitScript(animationLog);
    if (WHY) await context.addInitScript(frameLog);
    const page = await context.newPage();
    await hostGame(page, server.url, { name: "Bench", bots: 3 });
    const { turns } = await playToLateTurn(page, 12);
    const figures = await page.evaluate(() => {
      const shown = (window.__gameStates ?? []).find((g) => g.path === "/game" && g.phase === "playing")?.t ?? 0;
      const anims = (window.__animations ?? []).filter((a) => a.end >= shown);
      const tasks = (window.__longtasks ?? []).filter((t) => t.start >= shown);
      const during = tasks.filter((t) => anims.some((a) => t.start <= a.end && t.start + t.duration >= a.start));
      const frames = (window.__frames ?? []).filter((f) => f.blocking > 0 && f.start >= shown && anims.some((a) => f.start <= a.end && f.start + f.duration >= a.start));
      return { animations: anims.length, longTasks: tasks.length, whileAnimating: during.map((t) => Math.round(t.duration)).sort((a, b) => a - b), frames };
    });
    await context.close();
    const { frames, ...kept } = figures;
    runs.push({ turns, ...kept });
    for (const f of WHY ? frames : []) {
      console.log(`  long frame ${Math.round(f.duration)} ms (blocking ${Math.round(f.blocking)}, style+layout+paint ${Math.round(f.style)} ms, render ${Math.round(f.render)} ms)`);
      for (const sc of f.scripts) console.log(`    ${sc.duration} ms (forced layout ${sc.layout}) ${sc.invoker} -> ${sc.fn} ${sc.src}`);
    }
    const d = figures.whileAnimating;
    console.log(
      `run ${r}: ${turns} turns, ${figures.animations} animations, ${figures.longTasks} long tasks, ${d.length} while animating` +
        (d.length ? ` (median ${median(d)} ms, max ${d[d.length - 1]} ms: ${d.join(", ")})` : ""),
    );
  }
} finally {
  await browser.close();
  await server.stop();
  cleanup();
}
const counts = runs.map((r) => r.whileAnimating.length);
const maxes = runs.map((r) => (r.whileAnimating.length ? r.whileAnimating[r.whileAnimating.length - 1] : 0));
const all = runs.flatMap((r) => r.whileAnimating);
console.log(`median over ${runs.length} runs: ${median(counts)} long tasks while animating, longest ${median(maxes)} ms; all of them: median ${median(all)} ms`);
console.log(`load average after: ${load()}`);
