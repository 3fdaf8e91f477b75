import { spawn, spawnSync } from "node:child_process";
import { wranglerEnv } from "./env.mjs";

const children = new Set();

/** Runs a command to completion, inheriting output; exits the script on failure. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { stdio: "inherit", env: wranglerEnv, ...opts });
  if (res.status !== 0) {
    console.error(`\n✗ ${cmd} ${args.join(" ")} exited with ${res.status ?? res.signal}`);
    process.exit(res.status ?? 1);
  }
}

/** Starts a long-running service in its own process group, so stopping it stops everything it spawned. */
export function startService(name, cmd, args, opts = {}) {
  const child = spawn(cmd, args, { stdio: ["ignore", "inherit", "inherit"], env: wranglerEnv, detached: true, ...opts });
  child.serviceName = name;
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

export function stopService(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    }, 8000);
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
