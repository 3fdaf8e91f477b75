// @ts-check
// stripe-mock, Stripe's own mock of its API (a Go program), for the tests that drive the real `stripe`
// client: installed once into .tools/bin with `go install`, then started on a free loopback port. The test
// command installs it before `pnpm install` has linked this package, so it runs install-stripe-mock.mjs by path.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

/** @typedef {import("node:child_process").ChildProcess} ChildProcess */
/** @typedef {import("node:child_process").SpawnOptions} SpawnOptions */

const VERSION = "v0.203.0";
/** The checkout's own tools: .tools/bin at the repository's root. */
const GOBIN = fileURLToPath(new URL("../.tools/bin", import.meta.url));
export const stripeMockBin = `${GOBIN}/stripe-mock`;
export const GO_CANDIDATES = ["go", "/usr/local/go/bin/go"];

/** The fixed test configuration the Worker gets beside the mock's address. Webhook tests sign with this secret. */
export const STRIPE_TEST_VARS = {
  STRIPE_SECRET_KEY: "sk_test_verbatim",
  STRIPE_WEBHOOK_SECRET: "whsec_test_verbatim",
  STRIPE_PRICE_PRO_MONTHLY: "price_verbatim_pro_monthly",
  STRIPE_PRICE_PRO_ANNUAL: "price_verbatim_pro_annual",
};

/** @param {string[]} candidates */
export function findGo(candidates) {
  for (const go of candidates) {
    const res = spawnSync(go, ["env", "GOVERSION"], { encoding: "utf8" });
    if (res.status === 0) return { go, version: res.stdout.trim() };
  }
  return null;
}

/**
 * The Go to build stripe-mock with, or null when the binary is there already. Throws at once, saying what to
 * install, on a machine without a recent Go (Debian's golang-go is too old).
 * @param {{ bin?: string, goCandidates?: string[] }} [options]
 */
export function stripeMockGo({ bin = stripeMockBin, goCandidates = GO_CANDIDATES } = {}) {
  if (existsSync(bin)) return null;
  const found = findGo(goCandidates);
  const [, major = 0, minor = 0] = /^go(\d+)\.(\d+)/.exec(found?.version ?? "") ?? [];
  if (!found || Number(major) < 1 || (Number(major) === 1 && Number(minor) < 22)) {
    throw new Error(
      `The payment tests need stripe-mock, built with Go ≥ 1.22 (found: ${found?.version ?? "no Go"}). ` +
        "Install Go from https://go.dev/dl/ (Debian's golang-go is too old) and put it on PATH, or install " +
        `stripe-mock yourself: GOBIN=${GOBIN} go install github.com/stripe/stripe-mock@${VERSION}`,
    );
  }
  return found;
}

/**
 * Makes sure the stripe-mock binary exists, installing it with Go ≥ 1.22 when missing. Throws at once, saying
 * what to install, on a machine without a recent Go (Debian's golang-go is too old).
 * @param {{ bin?: string, goCandidates?: string[] }} [options]
 */
export function ensureStripeMock({ bin = stripeMockBin, goCandidates = GO_CANDIDATES } = {}) {
  const found = stripeMockGo({ bin, goCandidates });
  if (!found) return bin;
  mkdirSync(GOBIN, { recursive: true });
  console.log(`Installing stripe-mock ${VERSION} with ${found.version} into .tools/bin`);
  execFileSync(found.go, ["install", `github.com/stripe/stripe-mock@${VERSION}`], {
    stdio: "inherit",
    env: { ...process.env, GOBIN },
    timeout: 300_000,
  });
  return stripeMockBin;
}

/** @returns {Promise<number>} */
export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });

/**
 * Stops a mock started in the caller's process group (its group is the caller's, so only the pid is signalled).
 * @param {ChildProcess} child
 * @returns {Promise<void>}
 */
export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/**
 * How a caller that keeps its own services runs the mock among them (the test command's startService and
 * stopService: its own process group, stopped with the rest on Ctrl-C).
 * @typedef {object} Service
 * @property {(name: string, cmd: string, args: string[], opts: SpawnOptions) => ChildProcess} start
 * @property {(child: ChildProcess) => Promise<void>} stop
 */

/**
 * Starts stripe-mock (HTTP only), installing it first if need be, and waits until it answers; `url` is the
 * Worker's STRIPE_API_BASE. By default it runs in the caller's process group, so a test step stopped as a group
 * (the worker suite's global setup) takes it along; a `service` runs it as one of the caller's services instead.
 * @param {{ port?: number, service?: Service }} [options]
 */
export async function startStripeMock({ port, service } = {}) {
  const bin = ensureStripeMock();
  const httpPort = port ?? (await freePort());
  const args = ["-http-port", String(httpPort)];
  const child = service
    ? service.start("stripe-mock", bin, args, { stdio: "ignore" })
    : spawn(bin, args, { stdio: "ignore" });
  const stop = () => (service ? service.stop(child) : stopChild(child));
  const url = `http://127.0.0.1:${httpPort}`;
  const until = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`stripe-mock exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/v1/customers`, {
        headers: { Authorization: `Bearer ${STRIPE_TEST_VARS.STRIPE_SECRET_KEY}` },
      });
      if (res.ok) break;
    } catch {}
    if (Date.now() > until) {
      await stop();
      throw new Error(`stripe-mock did not answer on ${url} within 20 s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  /** @type {Record<string, string>} */
  const vars = { ...STRIPE_TEST_VARS, STRIPE_API_BASE: url };
  return { url, vars, stop };
}
