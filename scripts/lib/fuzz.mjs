import { root, wranglerEnv } from "./env.mjs";
import { run } from "./processes.mjs";
import { runCounted } from "./report.mjs";

/** Hard limit for the whole step (schemathesis bounds itself at 150 s per run; this catches anything stuck). */
const STEP_LIMIT_S = 330;

/**
 * The API fuzz step: schemathesis against the started app at `baseUrl`, through the app's own OpenAPI
 * document (scripts/fuzz/). Its virtualenv (.venv-fuzz) is created on the first run.
 */
export async function fuzzApi(baseUrl) {
  run("bash", [`${root}scripts/fuzz/install.sh`]);
  return runCounted(
    "API fuzzing (schemathesis)",
    "timeout",
    ["--kill-after=10", String(STEP_LIMIT_S), `${root}.venv-fuzz/bin/python`, "-m", "pytest", "scripts/fuzz", "-q", "-p", "no:cacheprovider"],
    { cwd: root, env: { ...wranglerEnv, VERBATIM_API: baseUrl } },
  );
}
