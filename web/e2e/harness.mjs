// Test harness for the browser tests: a real `kingdom serve` on a free port with a temporary
// database, Debian's chromium through playwright-core, and a tiny test runner whose last line
// reads 'N passed, N failed'.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const ARTIFACTS = join(ROOT, "web/e2e/artifacts");
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The game view a page shows (`window.__kingdom.view`), or null. */
export const viewOf = (page) => page.evaluate(() => window.__kingdom?.view.value ?? null);

/** The player setting Fast animations (every animation and hold a third as long) for the
 * context's pages, before the app reads it: for tests that play a whole match to reach what
 * they check, and check no animation on the way. */
export const fastAnimations = (context) => context.addInitScript(() => localStorage.setItem("animationSpeed", "fast"));

/** The kinds of action the driver prefers, first the first, when the view offers them: royals,
 * then resources, then drawing. A 2-player match ends in about two thirds of the actions a
 * uniform pick takes (105 against 159, median of 40 seeds), so the suites that play a match
 * to its end spend less time on it; every other kind is still played when it is all there is. */
const PREFERRED = ["playRoyal", "playResource", "drawCard"];

/** One legal action of the page's own shown view, picked by `seed` among the most preferred
 * kind it offers (false when it has none). */
async function playOne(page, seed) {
  return page.evaluate(
    async ([n, preferred]) => {
      const k = window.__kingdom;
      const legal = k?.view.value?.legalActions ?? [];
      if (!legal.length) return false;
      const rank = (a) => {
        const i = preferred.indexOf(a.type);
        return i < 0 ? preferred.length : i;
      };
      const best = Math.min(...legal.map(rank));
      const choices = legal.filter((a) => rank(a) === best);
      await k.sendAction(choices[n % choices.length]);
      return true;
    },
    [seed, PREFERRED],
  );
}

const SEED_STEPS = [7919, 104729, 1299709, 15485863];

/** Every page plays its own legal actions until all of them show the finished game; throws
 * (saying how far the game got) if the time is up first. */
export async function playToTheEnd(pages, timeoutMs = 360000) {
  const deadline = Date.now() + timeoutMs;
  let views = [];
  for (let n = 1; Date.now() < deadline; n++) {
    views = await Promise.all(pages.map(viewOf));
    if (views.every((v) => v && v.phase === "finished")) return;
    const acted = await Promise.all(pages.map((p, i) => playOne(p, n * SEED_STEPS[i % SEED_STEPS.length])));
    if (!acted.some(Boolean)) await sleep(100);
  }
  const where = views.map((v) => (v ? `${v.phase}, hand ${v.currentHand ?? 1}` : "no view")).join("; ");
  throw new Error(`the game did not finish within ${timeoutMs / 1000} s (${where})`);
}

export function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", rej);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

/** A `kingdom serve` process we own, stopped by its PID. Restartable on the same port and file. */
export class Server {
  constructor({ port, db, botDelay = 0.1, args = [] }) {
    this.port = port;
    this.db = db;
    this.botDelay = botDelay;
    this.args = args;
    this.proc = null;
    this.log = [];
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const bin = join(ROOT, ".venv/bin/kingdom");
    if (!existsSync(bin)) throw new Error(`${bin} is missing: run 'make venv' first`);
    const args = ["serve", "--host", "127.0.0.1", "--port", String(this.port), "--db", this.db, "--bot-delay", String(this.botDelay), ...this.args];
    this.proc = spawn(bin, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, PYTHONUNBUFFERED: "1" } });
    const keep = (d) => {
      this.log.push(String(d));
      if (this.log.length > 400) this.log.shift();
    };
    this.proc.stdout.on("data", keep);
    this.proc.stderr.on("data", keep);
    const deadline = Date.now() + 20000;
    while (Date.now() < deadline) {
      if (this.proc.exitCode !== null) throw new Error(`kingdom serve exited early:\n${this.log.join("")}`);
      try {
        const res = await fetch(this.url + "/");
        if (res.ok) return;
      } catch {
        /* not listening yet */
      }
      await sleep(150);
    }
    throw new Error(`kingdom serve did not answer on ${this.url}:\n${this.log.join("")}`);
  }

  /** Stop by PID: SIGTERM, then SIGKILL after 5 s. */
  async stop() {
    const p = this.proc;
    if (!p || p.exitCode !== null || p.signalCode !== null) return;
    const exited = new Promise((r) => p.once("exit", r));
    process.kill(p.pid, "SIGTERM");
    const timer = setTimeout(() => {
      try {
        process.kill(p.pid, "SIGKILL");
      } catch {
        /* already gone */
      }
    }, 5000);
    await exited;
    clearTimeout(timer);
    this.proc = null;
  }
}

export function tempDb() {
  const dir = mkdtempSync(join(tmpdir(), "kingdom-e2e-"));
  return { dir, db: join(dir, "e2e.db"), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A suite's own server, started: a temporary database, and a private copy of the built app
 * (another `npm run build` in the tree cannot swap it mid-test). Exits when the app is not built.
 */
export async function startSuiteServer({ botDelay = 0.1, args = [] } = {}) {
  if (!existsSync(join(ROOT, "web/dist/index.html"))) {
    console.error("web/dist is missing: run `npm run build` first");
    process.exit(1);
  }
  const { dir, db, cleanup } = tempDb();
  cpSync(join(ROOT, "web/dist"), join(dir, "dist"), { recursive: true });
  process.env.KINGDOM_WEB_DIST = join(dir, "dist");
  const server = new Server({ port: await freePort(), db, botDelay, args });
  await server.start();
  return { server, db, cleanup };
}

export async function launchBrowser() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Collects long tasks and gameState arrival times in the page (for the responsiveness budget). */
export function perfInitScript() {
  window.__longtasks = [];
  window.__gameStates = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    /* longtask entries unsupported */
  }
  const hook = () => {
    const k = window.__kingdom;
    if (!k) return setTimeout(hook, 20);
    k.client.on("gameState", (v) => window.__gameStates.push({ t: performance.now(), phase: v.phase, path: location.pathname }));
  };
  hook();
}

export function ensureArtifacts() {
  mkdirSync(ARTIFACTS, { recursive: true });
  return ARTIFACTS;
}

// --- a tiny runner ---------------------------------------------------------------------------

const tests = [];
export function test(name, fn) {
  tests.push({ name, fn });
}

export async function run({ timeoutMs = 600000 } = {}) {
  let passed = 0;
  let failed = 0;
  // E2E_ONLY=text runs only the tests whose name contains it (for debugging one test).
  const only = process.env.E2E_ONLY;
  for (const t of tests.filter((t) => !only || t.name.includes(only))) {
    const started = Date.now();
    try {
      await Promise.race([
        t.fn(),
        sleep(timeoutMs).then(() => {
          throw new Error(`timed out after ${timeoutMs} ms`);
        }),
      ]);
      passed++;
      console.log(`  ✓ ${t.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`  ✗ ${t.name}\n    ${(e && e.stack) || e}`);
    }
  }
  return { passed, failed };
}

export function expect(cond, message) {
  if (!cond) throw new Error(`expectation failed: ${message}`);
}

// --- Content-Security-Policy -----------------------------------------------------------------

/** Violations of the server's Content-Security-Policy reported in any watched browser context. */
export const cspViolations = [];

/** Report every CSP violation of `context`'s pages (the event, and Chromium's console error). */
export async function watchCsp(context) {
  await context.exposeBinding("__kingdomCspViolation", (_source, v) => cspViolations.push(v));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      window.__kingdomCspViolation?.({
        directive: e.effectiveDirective,
        blocked: e.blockedURI,
        source: e.sourceFile,
        line: e.lineNumber,
        sample: e.sample,
        path: location.pathname,
      });
    });
  });
  context.on("console", (msg) => {
    if (msg.type() === "error" && /Content Security Policy/i.test(msg.text())) cspViolations.push({ console: msg.text() });
  });
}

/** The last test of a browser suite: the pages ran under the policy and none was violated. */
export function testNoCspViolation(server) {
  test("the app runs under the server's Content-Security-Policy: no violation reported", async () => {
    const res = await fetch(server.url + "/");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp.includes("script-src 'self'") && !csp.includes("unsafe-inline"), `a strict policy is sent: ${csp}`);
    expect(cspViolations.length === 0, `CSP violations: ${JSON.stringify(cspViolations.slice(0, 5))}`);
  });
}
