// Every test, the way CI runs them: the machine's needs, static checks, the test command's own tests, the
// speech engine, the Worker in the Workers runtime (with the real engine), then the web app end to end in
// Chromium against the started app. Every step has a time limit; the summary always closes the run.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEngine, startWorker } from "./lib/app.mjs";
import { E2E_WORKER_VARS } from "./lib/e2e-vars.mjs";
import { asrPython, root } from "./lib/env.mjs";
import { fuzzApi, prepareFuzz } from "./lib/fuzz.mjs";
import { preflight } from "./lib/preflight.mjs";
import { runAsync, startService, stopAll, stopAllOnSignals, stopService } from "./lib/processes.mjs";
import { failedTests, lastLines, runCounted } from "./lib/report.mjs";
import { installAndBuildForTests, migrate, seedAssets } from "./lib/setup.mjs";
import { localVapidVars } from "./lib/vapid.mjs";

const MIN = 60_000;
const results = [];
// stripe-mock's installer (@verbatim/testing), run by its path as asr/install.sh is: on a clean clone it runs before
// `pnpm install` has linked the workspace's packages.
const STRIPE_MOCK_INSTALLER = `${root}testing/install-stripe-mock.mjs`;
// Mailpit, the mail server the e-mail tests read from, is installed the same way, after stripe-mock (one Go build at
// a time on two cores).
const MAILPIT_INSTALLER = `${root}testing/install-mailpit.mjs`;
// The local language model (node-llama-cpp and 1.1 GB of weights, cached outside the repository): the Worker's Node
// tests run it once on a short meeting (worker/src/analysis/providers/local.node.test.ts).
const LLM_INSTALLER = `${root}llm/install.mjs`;

/** The `*.test.mjs` files in `dir` and its folders (not node_modules), as paths from the root. */
function testFiles(dir) {
  return readdirSync(`${root}${dir}`, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(`${dir}/${entry.name}`);
    return entry.name.endsWith(".test.mjs") ? [`${dir}/${entry.name}`] : [];
  });
}

/** A step that is not a test runner (install, build, start): recorded in the summary if it fails. */
async function setupStep(name, fn) {
  const started = Date.now();
  try {
    await fn();
    return true;
  } catch (err) {
    console.error(`\n✗ ${name}: ${err.message}`);
    results.push({ name, ok: false, passed: 0, failed: 0, seconds: (Date.now() - started) / 1000, note: err.message });
    return false;
  }
}

function summary() {
  console.log("\n━━ summary ━━");
  for (const r of results) {
    const counts = r.passed + r.failed ? `: ${r.passed} passed, ${r.failed} failed` : "";
    console.log(
      `${r.ok ? "✓" : "✗"} ${r.name}${counts} (${Math.round(r.seconds ?? 0)} s)${r.note ? ` — ${r.note}` : ""}`,
    );
  }
  // The failed tests by name, with their first error line: the run's last lines say which test to look at.
  for (const r of results.filter((r) => r.failed > 0 && r.output)) {
    const names = failedTests(r.output);
    if (names.length)
      console.log(
        `\nfailed in "${r.name}":\n${names
          .slice(0, 20)
          .map((n) => `  ${n}`)
          .join("\n")}`,
      );
  }
  // A step that failed without its runner's counts (it crashed, or ended before its summary) is explained here,
  // by its last lines: a log read from its end shows the cause, not only the later steps' output.
  for (const r of results.filter((r) => !r.ok && r.failed === 0 && r.output)) {
    console.log(`\nlast lines of "${r.name}":\n${lastLines(r.output, 25)}`);
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0) + results.filter((r) => !r.ok && r.failed === 0).length;
  console.log(`total: ${passed} passed, ${failed} failed`);
  return failed === 0 && results.every((r) => r.ok);
}

stopAllOnSignals(() => summary());
preflight("test");

async function main() {
  // The payment tests need stripe-mock; without Go ≥ 1.22 the run stops here, saying what to install.
  let stripeMock;
  const goChecked = await setupStep("stripe-mock", () => {
    const check = spawnSync(process.execPath, [STRIPE_MOCK_INSTALLER, "--check"], { encoding: "utf8" });
    if (check.status !== 0)
      throw new Error(check.stderr.trim() || `stripe-mock's installer exited with ${check.status}`);
    stripeMock = runAsync(process.execPath, [STRIPE_MOCK_INSTALLER], { timeoutMs: 6 * MIN }).then(() =>
      runAsync(process.execPath, [MAILPIT_INSTALLER], { timeoutMs: 10 * MIN }),
    );
  });
  if (!goChecked) return;
  // The rest installs beside stripe-mock's Go build (pnpm and pip mostly wait on the network and the disk), the
  // fuzz step's virtualenv too. The build comes before the tests: it generates the router's route tree
  // (typecheck needs it) and web/dist (the Worker's static assets, which the Workers test pool loads too).
  const llm = runAsync(process.execPath, [LLM_INSTALLER], { timeoutMs: 30 * MIN });
  if (!(await setupStep("install and build", () => installAndBuildForTests([stripeMock, prepareFuzz(), llm])))) return;
  const step = (name, cmd, args, timeoutMs, opts = {}) =>
    runCounted(name, cmd, args, { cwd: root, timeoutMs, ...opts });

  // The static checks, the small suites and the speech engine's tests, side by side: tsc and pytest each keep
  // about one core busy, the rest are short. Each step's output is printed whole when it ends; the summary keeps
  // their order.
  // The test command's own tests, shared/'s check that every rule more than one package needs has one home, the
  // tests of the helpers in testing/ (@verbatim/testing) and of the language model's service (llm/).
  const ownTests = [
    ...["scripts/lib", "shared"].flatMap((dir) =>
      readdirSync(`${root}${dir}`)
        .filter((f) => f.endsWith(".test.mjs"))
        .map((f) => `${dir}/${f}`),
    ),
    ...testFiles("testing"),
    ...testFiles("llm"),
  ];
  const quiet = { live: false };
  results.push(
    ...(await Promise.all([
      // The root script: the packages' typechecks at once (pnpm -r --parallel).
      step("typecheck", "pnpm", ["typecheck"], 10 * MIN, quiet),
      step("lint", "pnpm", ["lint"], 5 * MIN, quiet),
      step(
        "test command, shared/ and testing/ (node --test)",
        process.execPath,
        ["--test", ...ownTests],
        5 * MIN,
        quiet,
      ),
      step("web unit tests (happy-dom)", "pnpm", ["--filter", "@verbatim/web", "test:unit"], 5 * MIN, quiet),
      step("speech engine (asr/)", asrPython, ["-m", "pytest", "asr/tests", "-q"], 20 * MIN, quiet),
    ])),
  );
  results.push(
    await step("worker (Workers runtime + Node)", "pnpm", ["exec", "vitest", "run"], 30 * MIN, {
      cwd: `${root}worker`,
    }),
  );

  const persistTo = mkdtempSync(join(tmpdir(), "verbatim-e2e-"));
  const port = Number(process.env.E2E_PORT || 8797);
  const asrPort = Number(process.env.E2E_ASR_PORT || 8796);
  // Loaded only now: the install step above links @verbatim/testing and brings the npm packages it needs.
  const [{ JFK_MP3 }, { startGoogleFake }, { startStripeMock }, { startMailpit }] = await Promise.all([
    import("@verbatim/testing/audio"),
    import("@verbatim/testing/google-fake"),
    import("@verbatim/testing/stripe-mock"),
    import("@verbatim/testing/mailpit"),
  ]);
  let mailpitUrl = "";
  const google = await startGoogleFake({ audioFile: JFK_MP3 });
  try {
    const started = await setupStep("start the app for the browser tests", async () => {
      migrate(persistTo);
      seedAssets(persistTo);
      await startEngine({ port: asrPort, model: "bundled" });
      // The e2e pays through stripe-mock: the Worker gets its address and the test keys, prices and webhook secret.
      // One of this command's services, so it is stopped with the rest.
      const stripe = await startStripeMock({ service: { start: startService, stop: stopService } });
      // The e-mail the app sends goes to a Mailpit of its own, which the browser tests read.
      const mail = await startMailpit({ service: { start: startService, stop: stopService } });
      mailpitUrl = mail.url;
      await startWorker({
        port,
        asrPort,
        persistTo,
        vars: {
          ...E2E_WORKER_VARS,
          ...stripe.vars,
          ...google.vars,
          ...mail.vars,
          ...(await localVapidVars(persistTo)),
        },
      });
    });
    if (started) {
      const env = {
        ...process.env,
        BASE_URL: `http://127.0.0.1:${port}`,
        E2E_PERSIST_DIR: persistTo,
        E2E_GOOGLE_MOCK_ORIGIN: google.origin,
        E2E_MAILPIT_URL: mailpitUrl,
      };
      results.push(
        await step("web app end to end (Chromium)", "pnpm", ["--filter", "@verbatim/web", "test:e2e"], 40 * MIN, {
          env,
        }),
      );
      results.push(await fuzzApi(`http://127.0.0.1:${port}`));
    }
  } finally {
    await stopAll();
    await google.close();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (err) {
  console.error(`\n✗ ${err.stack ?? err}`);
  results.push({ name: "test command", ok: false, passed: 0, failed: 0, note: err.message });
} finally {
  await stopAll();
}
process.exit(summary() ? 0 : 1);
