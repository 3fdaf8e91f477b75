import { execFileSync, spawn } from "node:child_process";
import { wranglerEnv } from "./env.mjs";
import { signalGroup } from "./processes.mjs";

/** After a step's own process ended, what its helpers get to exit on SIGTERM before SIGKILL. */
const GRACE_MS = 5000;

/**
 * Runs a test step in its own process group, with its output shown live, and reads the runner's own
 * passed/failed counts from it. The step ends when its main process exits or `timeoutMs` passes; then
 * everything it started (a speech engine from a global setup, a browser, a dev server) is stopped with the
 * group, so a process left holding the output pipe can't keep the run waiting. With `live: false` (a step that
 * runs beside others) its output is held and printed in one piece when it ends, so steps don't interleave.
 */
export function runCounted(name, cmd, args, { timeoutMs = 15 * 60_000, live = true, ...opts } = {}) {
  return new Promise((resolve) => {
    if (live) console.log(`\n━━ ${name} ━━`);
    const started = Date.now();
    const child = spawn(cmd, args, { env: wranglerEnv, ...opts, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let out = "";
    let lastLine = "";
    const tee = (stream, to) =>
      stream.on("data", (d) => {
        out += d;
        lastLine = String(d).trim().split("\n").filter(Boolean).at(-1) ?? lastLine;
        if (live) to.write(d);
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);

    let timedOut = null;
    const timer = setTimeout(() => {
      timedOut = { waitingFor: processesOf(child.pid), lastLine };
      signalGroup(child.pid, "SIGTERM");
      setTimeout(() => signalGroup(child.pid, "SIGKILL"), GRACE_MS).unref();
    }, timeoutMs);

    let settled = false;
    const finish = (code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.stdout.destroy();
      child.stderr.destroy();
      if (!live) process.stdout.write(`\n━━ ${name} ━━\n${out}${out.endsWith("\n") ? "" : "\n"}`);
      const result = {
        name,
        ok: code === 0 && !timedOut,
        seconds: (Date.now() - started) / 1000,
        output: out,
        ...countResults(out),
      };
      if (timedOut) {
        result.note = `timed out after ${timeoutMs / 1000} s, waiting for: ${timedOut.waitingFor || "(nothing left running)"}; last output: ${timedOut.lastLine || "(none)"}`;
      }
      resolve(result);
    };
    child.on("error", (err) => {
      out += String(err);
      finish(1);
    });
    child.on("exit", (code, signal) => {
      // Whatever the step left running is stopped with its group; the pipes it holds are let go.
      const leftovers = processesOf(child.pid);
      if (leftovers) {
        signalGroup(child.pid, "SIGTERM");
        setTimeout(() => signalGroup(child.pid, "SIGKILL"), GRACE_MS).unref();
      }
      // Give the output a moment to drain, but never wait on a process that keeps the pipe open.
      const done = () => finish(code ?? (signal ? 1 : 0));
      child.stdout.once("close", () => setImmediate(done));
      setTimeout(done, leftovers ? GRACE_MS + 1000 : 1000);
    });
  });
}

/** The commands still running in `pgid`'s process group, for the summary of a step that timed out. */
function processesOf(pgid) {
  try {
    return execFileSync("ps", ["-o", "pid=,args=", "-g", String(pgid)], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((l) => l.trim().slice(0, 160))
      .join(" | ");
  } catch {
    return "";
  }
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: the runners' colour codes (ESC sequences).
const COLOURS = /\x1b\[[0-9;]*m/g;

/** The last `n` non-blank lines of a step's output, without colour codes. */
export function lastLines(out, n) {
  return out
    .replace(COLOURS, "")
    .split("\n")
    .filter((line) => line.trim())
    .slice(-n)
    .join("\n");
}

/**
 * The failed tests a step's output names, each with the first line of its error: vitest's "FAIL  file > test",
 * pytest's "FAILED file::test - error" and node's "✖ test". The summary prints them, so a log read only from its end
 * still says which test failed and why.
 */
export function failedTests(out) {
  const lines = out.replace(COLOURS, "").split("\n");
  const found = [];
  lines.forEach((line, i) => {
    const vitest = /^\s*FAIL\s+(\S.*>.*)$/.exec(line);
    if (vitest) found.push(vitestFailure(vitest[1].trim(), lines.slice(i + 1)));
    const pytest = /^FAILED (.+)$/.exec(line);
    if (pytest) found.push(pytest[1].trim());
  });
  // node's spec reporter repeats each failure under "✖ failing tests:"; the part after that heading is the list.
  const nodeList = lines.findIndex((l) => /^✖ failing tests:/.test(l.trim()));
  if (nodeList >= 0) {
    for (const line of lines.slice(nodeList + 1)) {
      const node = /^✖ (.+?)(?: \([\d.]+m?s\))?$/.exec(line.trim());
      if (node) found.push(node[1]);
    }
  }
  return [...new Set(found)].map((f) => f.slice(0, 500));
}

/**
 * One vitest failure: its name, the first line of its error, what Playwright was waiting for (a timeout's
 * message alone does not say which locator) and the first line of the test file it stopped at.
 */
function vitestFailure(name, after) {
  const end = after.findIndex((l) => /^\s*FAIL\s/.test(l) || /^\s*⎯{3,}\[\d+\/\d+\]⎯/.test(l));
  const block = end < 0 ? after : after.slice(0, end);
  const error = block.find((l) => l.trim() && !/^\s*[⎯-]+/.test(l))?.trim();
  const waiting = block
    .find((l) => /^\s*- waiting for /.test(l))
    ?.trim()
    .slice(2);
  // The stack's paths may be relative to another directory than the name's: match the file's own name.
  const file = name.split(" > ")[0].split("/").pop();
  const at = block
    .find((l) => new RegExp(`❯ (?:\\S*/)?${file.replace(/\./g, "\\.")}:\\d`).test(l))
    ?.trim()
    .slice(2);
  return [name, error, waiting, at && `at ${at}`].filter(Boolean).join(" — ");
}

/** Passed/failed counts from the closing lines of vitest, pytest and node's test runner. */
export function countResults(out) {
  const plain = out.replace(COLOURS, "");
  const count = (re, text = plain) => [...text.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);
  let passed = 0;
  let failed = 0;
  // vitest: "Tests  12 passed | 1 failed (13)"
  for (const m of plain.matchAll(/^\s*Tests\s+(.*)$/gm)) {
    passed += Number(m[1].match(/(\d+) passed/)?.[1] ?? 0);
    failed += Number(m[1].match(/(\d+) failed/)?.[1] ?? 0);
  }
  // pytest's closing line, with or without -q's "=" framing: "== 47 passed, 1 failed in 23.1s =="
  const pytest = plain.match(/^=*\s*((?:\d+ \w+,? ?)+) in [\d.]+s/m);
  if (pytest) {
    passed += count(/(\d+) passed/g, pytest[1]);
    failed += count(/(\d+) (?:failed|error)/g, pytest[1]);
  }
  // node --test: "ℹ pass 3" / "ℹ fail 0" (spec reporter) or "# pass 3" (TAP)
  passed += count(/^(?:ℹ|#) pass (\d+)$/gm);
  failed += count(/^(?:ℹ|#) fail (\d+)$/gm);
  return { passed, failed };
}
