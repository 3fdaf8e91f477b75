// The local language model for the start command: installed (llm/install.mjs) and started as a loopback service
// (llm/server.mjs), its address handed to the Worker. Where it cannot run, the Worker is told why, and analyses with
// the offline engine, saying so in each analysis and on the settings screen.
import { spawn } from "node:child_process";
import { freemem } from "node:os";
import { root, wranglerEnv } from "./env.mjs";
import { startService, stopService, waitForUrl } from "./processes.mjs";

// The model takes 2.0 GB once loaded; a margin keeps the speech engine and the Worker beside it from swapping.
export const LLM_MIN_FREE_BYTES = 3 * 1024 ** 3;
const gb = (bytes) => `${(bytes / 1024 ** 3).toFixed(1)} GB`;

/** Why this machine has too little memory for the model, or null. */
export function memoryShortfall(freeBytes = freemem()) {
  return freeBytes < LLM_MIN_FREE_BYTES
    ? `only ${gb(freeBytes)} of memory free; it needs ${gb(LLM_MIN_FREE_BYTES)}`
    : null;
}

/**
 * Runs llm/install.mjs, its output shown as it comes; rejects with the last line it wrote to stderr (the reason, for
 * the Worker to show), or with the time limit it overran.
 */
function install(timeoutMs = 30 * 60_000) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${root}llm/install.mjs`], {
      stdio: ["ignore", "inherit", "pipe"],
      env: wranglerEnv,
    });
    let lastLine = "";
    child.stderr.on("data", (chunk) => {
      process.stderr.write(chunk);
      lastLine =
        String(chunk)
          .trim()
          .split("\n")
          .at(-1)
          ?.replace(/^llm: /, "") || lastLine;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", (err) => reject(err));
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(new Error(signal === "SIGKILL" ? `it took over ${timeoutMs / 60_000} min` : lastLine || `exit ${code}`));
    });
  });
}

/**
 * Installs and starts the model's service on `port`; resolves to the Worker vars that use it, or that say why it
 * is not running. Never rejects: a machine without the model still runs the app. `VERBATIM_LLM=off` skips it all
 * (no vars: the Worker's own ANALYSIS_* settings apply).
 */
export async function startLocalLlm({ port }) {
  if (process.env.VERBATIM_LLM === "off") return {};
  const why = memoryShortfall();
  const fallback = (reason) => {
    console.warn(`\n! The local language model is not running (${reason}); summaries come from the offline engine.\n`);
    return { ANALYSIS_PROVIDER: "local", ANALYSIS_LOCAL_ERROR: reason };
  };
  if (why) return fallback(why);
  try {
    await install();
  } catch (err) {
    return fallback(`its installation failed: ${err.message}`);
  }
  try {
    await startLlmService({ port });
  } catch (err) {
    return fallback(`it did not start: ${err.message}`);
  }
  return { ANALYSIS_PROVIDER: "local", ANALYSIS_BASE_URL: `http://127.0.0.1:${port}/v1` };
}

/**
 * Starts the installed model's service (llm/server.mjs) on loopback `port` and waits until /health answers (2 minutes
 * at most); resolves to its process (stopService stops it), rejects with why it did not start. `stdio` goes to
 * spawn: the start command shows the service's lines, the benchmark keeps them in a file.
 */
export async function startLlmService({ port, stdio = undefined }) {
  const service = startService("language model", process.execPath, [`${root}llm/server.mjs`], {
    env: { ...process.env, LLM_PORT: String(port), LLM_HOST: "127.0.0.1" },
    ...(stdio ? { stdio } : {}),
  });
  try {
    await waitForUrl(`http://127.0.0.1:${port}/health`, { child: service, timeoutMs: 2 * 60_000 });
  } catch (err) {
    await stopService(service);
    throw err;
  }
  return service;
}
