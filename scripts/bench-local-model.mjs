// The local language model's half of `pnpm bench:analysis` (issue 39; not a test, and the test command runs none
// of it): starts the model's service once (llm/server.mjs, LLM_THREADS as the start command leaves it), then runs
// worker/bench/local-model.bench.ts against it, which summarises the benchmark meetings and times the summaries and
// an answer, then stops the service. Skipped, saying why, with VERBATIM_LLM=off, without the installed model or
// with too little free memory: it never downloads the model itself (node llm/install.mjs does).
//   BENCH_LLM_PORT (8790, beside a running app's 8789), BENCH_LLM_PARTS (all of quality,speed,ask)
import { spawnSync } from "node:child_process";
import { mkdtempSync, openSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root } from "./lib/env.mjs";
import { memoryShortfall, startLlmService } from "./lib/llm.mjs";
import { runAsync, stopAll, stopAllOnSignals, stopService } from "./lib/processes.mjs";

const skip = (why) => {
  console.log(`\nLocal model benchmark skipped: ${why}.`);
  process.exit(0);
};

if (process.env.VERBATIM_LLM === "off") skip("VERBATIM_LLM=off");
const check = spawnSync(process.execPath, [`${root}llm/install.mjs`, "--check"], { encoding: "utf8" });
if (check.status !== 0) skip(check.stderr.trim().replace(/^llm: /, "") || "the model is not installed");
const short = memoryShortfall();
if (short) skip(short);

const port = Number(process.env.BENCH_LLM_PORT || 8790);
// The service's own lines (tokens in and out, seconds, per request) go to a file, not between the tables.
const log = join(mkdtempSync(join(tmpdir(), "bench-llm-")), "service.log");
stopAllOnSignals();
console.log(`\nStarting the local model's service on port ${port} (its log: ${log})…`);
let service;
try {
  service = await startLlmService({ port, stdio: ["ignore", openSync(log, "a"), openSync(log, "a")] });
  await runAsync(
    `${root}worker/node_modules/.bin/vitest`,
    ["bench", "--run", "--config", "bench/local-model.config.ts"],
    {
      cwd: `${root}worker`,
      timeoutMs: 3 * 3600_000,
      env: {
        ...process.env,
        BENCH_LLM_URL: `http://127.0.0.1:${port}/v1`,
        BENCH_LLM_PID: String(service.pid),
        BENCH_LLM_LOG: log,
      },
    },
  );
} catch (err) {
  console.error(`\n✗ ${err.message}`);
  process.exitCode = 1;
} finally {
  if (service) await stopService(service);
  await stopAll();
}
