// @ts-check
// Mailpit, a real mail server for development and tests (a Go program): it takes the Worker's e-mail over SMTP and
// shows it in a web inbox with an HTTP API (GET /api/v1/messages, /api/v1/message/{ID}). Installed once into
// .tools/bin with `go install`, like stripe-mock; started on free loopback ports unless told which.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { findGo, freePort, GO_CANDIDATES, stopChild } from "./stripe-mock.mjs";

/** @typedef {import("./stripe-mock.mjs").Service} Service */

const VERSION = "v1.33.1";
const GOBIN = fileURLToPath(new URL("../.tools/bin", import.meta.url));
export const mailpitBin = `${GOBIN}/mailpit`;

/**
 * Makes sure the mailpit binary exists, installing it with Go ≥ 1.22 when missing (Go fetches the newer toolchain
 * Mailpit asks for by itself). Throws at once, saying what to install, without a recent Go.
 * @param {{ bin?: string, goCandidates?: string[] }} [options]
 */
export function ensureMailpit({ bin = mailpitBin, goCandidates = GO_CANDIDATES } = {}) {
  if (existsSync(bin)) return bin;
  const found = findGo(goCandidates);
  const [, major = 0, minor = 0] = /^go(\d+)\.(\d+)/.exec(found?.version ?? "") ?? [];
  if (!found || Number(major) < 1 || (Number(major) === 1 && Number(minor) < 22)) {
    throw new Error(
      `E-mail needs Mailpit, built with Go ≥ 1.22 (found: ${found?.version ?? "no Go"}). Install Go from ` +
        `https://go.dev/dl/ and put it on PATH, or install Mailpit yourself: GOBIN=${GOBIN} go install ` +
        `github.com/axllent/mailpit@${VERSION}`,
    );
  }
  mkdirSync(GOBIN, { recursive: true });
  console.log(`Installing Mailpit ${VERSION} with ${found.version} into .tools/bin`);
  execFileSync(found.go, ["install", `github.com/axllent/mailpit@${VERSION}`], {
    stdio: "inherit",
    env: { ...process.env, GOBIN },
    timeout: 600_000,
  });
  return bin;
}

/**
 * Starts Mailpit, installing it first if need be, and waits until its API answers.
 * `vars` are the Worker's settings for it: SMTP to its port, no TLS, no login. As with stripe-mock, it runs in the
 * caller's process group by default, or as one of the caller's services.
 * `database`: a file that keeps the inbox across restarts (the start command's); without it, memory only.
 * @param {{ smtpPort?: number, httpPort?: number, service?: Service, database?: string }} [options]
 */
export async function startMailpit({ smtpPort, httpPort, service, database } = {}) {
  const bin = ensureMailpit();
  const smtp = smtpPort ?? (await freePort());
  const http = httpPort ?? (await freePort());
  const args = ["--smtp", `127.0.0.1:${smtp}`, "--listen", `127.0.0.1:${http}`, "--quiet", "--max", "5000"];
  if (database) args.push("--database", database);
  const child = service
    ? service.start("mailpit", bin, args, { stdio: "ignore" })
    : spawn(bin, args, { stdio: "ignore" });
  const stop = () => (service ? service.stop(child) : stopChild(child));
  const url = `http://127.0.0.1:${http}`;
  const until = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mailpit exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/messages?limit=1`)).ok) break;
    } catch {}
    if (Date.now() > until) {
      await stop();
      throw new Error(`Mailpit did not answer on ${url} within 20 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  /** @type {Record<string, string>} */
  const vars = { EMAIL_PROVIDER: "smtp", SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp), SMTP_SECURITY: "off" };
  return { url, smtpPort: smtp, vars, stop };
}
