import { root, wranglerEnv } from "./env.mjs";
import { run, runAsync } from "./processes.mjs";
import { runCounted } from "./report.mjs";

const NAME = "API fuzzing (schemathesis)";
const MIN = 60_000;

/**
 * Makes the fuzz step's virtualenv during the test command's setup, beside the other installs; fuzzApi() then
 * finds it made. A failure here is not the setup's: fuzzApi() runs the installer again and reports it.
 */
export function prepareFuzz() {
  return runAsync("bash", [`${root}scripts/fuzz/install.sh`], { timeoutMs: 10 * MIN }).catch(() => {});
}

/**
 * The API fuzz step: schemathesis against the started app at `baseUrl`, through the app's own OpenAPI
 * document (scripts/fuzz/). Its virtualenv (.venv-fuzz) is made on the first run. schemathesis bounds
 * itself (120 s of fuzzing, 10 s per request); the step's limit only catches something stuck.
 */
export async function fuzzApi(baseUrl) {
  try {
    run("bash", [`${root}scripts/fuzz/install.sh`], { timeoutMs: 10 * MIN });
  } catch (err) {
    console.error(`\n✗ ${NAME}: ${err.message}`);
    return { name: NAME, ok: false, passed: 0, failed: 0, seconds: 0, note: err.message };
  }
  return runCounted(
    NAME,
    `${root}.venv-fuzz/bin/python`,
    ["-m", "pytest", "scripts/fuzz", "-q", "-p", "no:cacheprovider"],
    {
      cwd: root,
      env: { ...wranglerEnv, VERBATIM_API: baseUrl },
      timeoutMs: 6 * MIN,
    },
  );
}
