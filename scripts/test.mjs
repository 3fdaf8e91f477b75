// Every test, the way CI runs them: static checks, the speech engine, the Worker in the Workers runtime
// (with the real engine), then the web app end to end in Chromium against the started app.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEngine, startWorker } from "./lib/app.mjs";
import { asrPython, root } from "./lib/env.mjs";
import { run, stopAll, stopAllOnSignals } from "./lib/processes.mjs";
import { runCounted } from "./lib/report.mjs";
import { buildWeb, install, migrate, seedFfmpegCore } from "./lib/setup.mjs";
import { ensureStripeMock, startStripeMock } from "./lib/stripe-mock.mjs";

stopAllOnSignals();
install({ withTests: true });
ensureStripeMock(); // the payment tests need it; without Go ≥ 1.22 this stops here, saying what to install
if (!existsSync("/usr/bin/chromium")) {
  if (process.getuid?.() === 0) run("bash", ["-c", "apt-get update -qq && apt-get install -y -qq chromium"]);
  else throw new Error("The browser tests need Debian's chromium: sudo apt-get install -y chromium");
}

// The build comes first: it generates the router's route tree (typecheck needs it) and web/dist (the
// Worker's static assets, which the Workers test pool loads too).
buildWeb();
const results = [];
const pnpm = (name, args) => runCounted(name, "pnpm", args, { cwd: root });
results.push(await pnpm("typecheck", ["-r", "typecheck"]));
results.push(await pnpm("lint", ["lint"]));
results.push(await runCounted("speech engine (asr/)", asrPython, ["-m", "pytest", "asr/tests", "-q"], { cwd: root }));
results.push(await runCounted("worker (Workers runtime + Node)", "pnpm", ["exec", "vitest", "run"], { cwd: `${root}worker` }));

const persistTo = mkdtempSync(join(tmpdir(), "verbatim-e2e-"));
const port = Number(process.env.E2E_PORT || 8797);
const asrPort = Number(process.env.E2E_ASR_PORT || 8796);
try {
  migrate(persistTo);
  seedFfmpegCore(persistTo);
  await startEngine({ port: asrPort, model: "bundled" });
  // The e2e pays through stripe-mock: the Worker gets its address and the test keys, prices and webhook secret.
  await startWorker({ port, asrPort, persistTo, vars: (await startStripeMock()).vars });
  results.push(
    await runCounted("web app end to end (Chromium)", "pnpm", ["--filter", "@verbatim/web", "test:e2e"], {
      cwd: root,
      env: { ...process.env, BASE_URL: `http://127.0.0.1:${port}` },
    }),
  );
} finally {
  await stopAll();
  rmSync(persistTo, { recursive: true, force: true });
}

console.log("\n━━ summary ━━");
for (const r of results) console.log(`${r.ok ? "✓" : "✗"} ${r.name}${r.passed + r.failed ? `: ${r.passed} passed, ${r.failed} failed` : ""}`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0) + results.filter((r) => !r.ok && r.failed === 0).length;
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
