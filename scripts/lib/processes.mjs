import { spawn, spawnSync } from "node:child_process";
import { wranglerEnv } from "./env.mjs";

const children = new Set();

/** Runs a setup command to completion, inheriting output, within `timeoutMs`; throws if it fails. */
export function run(cmd, args, { timeoutMs = 20 * 60_000, ...opts } = {}) {
  const res = spawnSync(cmd, args, {
    stdio: "inherit",
    env: wranglerEnv,
    timeout: timeoutMs,
    killSignal: "SIGKILL",
    ...opts,
  });
  if (res.status !== 0) {
    const why =
      res.error?.code === "ETIMEDOUT"
        ? `did not finish within ${timeoutMs / 1000} s`
        : `exited with ${res.status ?? res.signal}`;
    throw new Error(`${cmd} ${args.join(" ")} ${why}`);
  }
}

/**
 * run() without blocking, for setup commands that can overlap (downloads, unpacking, a Go build): resolves when
 * the command succeeded, rejects with the same message as run() otherwise.
 */
export function runAsync(cmd, args, { timeoutMs = 20 * 60_000, ...opts } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: "inherit", env: wranglerEnv, ...opts });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    const fail = (why) => reject(new Error(`${cmd} ${args.join(" ")} ${why}`));
    child.once("error", (err) => {
      clearTimeout(timer);
      fail(`could not start: ${err.message}`);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (timedOut) fail(`did not finish within ${timeoutMs / 1000} s`);
      else if (code !== 0) fail(`exited with ${code ?? signal}`);
      else resolve();
    });
  });
}

/** Starts a long-running service in its own process group, so stopping it stops everything it spawned. */
export function startService(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, {
    stdio: ["ignore", "inherit", "inherit"],
    env: wranglerEnv,
    detached: true,
    ...opts,
  });
  child.serviceName = name;
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

/** Every process in `pid`'s group gets `signal`; a group already gone is not an error. */
export function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {}
}

export function stopService(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => signalGroup(child.pid, "SIGKILL"), 8000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      resolve();
    }
  });
}

export async function stopAll() {
  await Promise.all([...children].map(stopService));
}

/** Ctrl-C / SIGTERM stop every service before exiting: nothing is left running. */
export function stopAllOnSignals(onStop = () => {}) {
  let stopping = false;
  for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(sig, async () => {
      if (stopping) return;
      stopping = true;
      onStop(sig);
      await stopAll();
      process.exit(sig === "SIGINT" ? 130 : 143);
    });
  }
}

export async function waitForUrl(url, { timeoutMs = 180_000, child } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${child.serviceName} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
