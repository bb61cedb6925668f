// Runs every browser suite, two at a time (E2E_JOBS to change it): each suite is its own
// process with its own server, port and database, so they do not share anything but the
// machine. A suite's output is printed in one block when it ends; the exit code is 1 when any
// suite failed. `npm run test:e2e` runs this; one suite alone: `node web/e2e/<suite>.mjs`.
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));

/** Longest first, so the two lanes end close together. */
export const SUITES = [
  "run",
  "tutorial",
  "competitive",
  "table",
  "fixed-table",
  "constructed",
  "ranked",
  "signedin",
  "accounts",
  "spire",
  "rules",
];

const jobs = Math.max(1, Number(process.env.E2E_JOBS || 2));

function runSuite(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const out = [];
    const child = spawn(process.execPath, [join(HERE, `${name}.mjs`)], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (d) => out.push(d));
    child.stderr.on("data", (d) => out.push(d));
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n=== e2e ${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds} s\n${Buffer.concat(out).toString()}`);
      resolve({ name, ok: code === 0, out: Buffer.concat(out).toString() });
    });
  });
}

const queue = [...SUITES];
const results = [];
await Promise.all(
  Array.from({ length: jobs }, async () => {
    for (let name = queue.shift(); name; name = queue.shift()) results.push(await runSuite(name));
  }),
);
const failed = results.filter((r) => !r.ok).map((r) => r.name);
// A failed suite's output again at the end, where a CI log's tail shows it.
for (const r of results.filter((x) => !x.ok)) process.stdout.write(`\n=== e2e ${r.name} FAILED, its output again:\n${r.out}`);
console.log(`\ne2e: ${results.length - failed.length} of ${results.length} suites passed${failed.length ? `; failed: ${failed.join(", ")}` : ""}`);
process.exit(failed.length ? 1 : 0);
