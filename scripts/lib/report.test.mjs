import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { countResults, failedTests, lastLines, runCounted } from "./report.mjs";

/** Gone, or a zombie waiting for a reaper: either way it holds nothing open and does no work. */
function gone(pid) {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? true;
  } catch {
    return true;
  }
}

test("a step whose setup fails after starting the engine ends at once and leaves no engine behind", async () => {
  const started = Date.now();
  const result = await runCounted("failing setup", process.execPath, [
    new URL("./fixtures/setup-fails-after-engine.mjs", import.meta.url).pathname,
  ]);
  assert.equal(result.ok, false);
  assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
  const out = result.output ?? "";
  const pid = Number(/engine pid (\d+)/.exec(out)?.[1]);
  assert.ok(pid > 0, "the fixture printed the engine's pid");
  // Stopped with the step's group: gone within a few seconds at most (checked every 50 ms, not after a fixed wait).
  const until = Date.now() + 5000;
  while (!gone(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  assert.ok(gone(pid), `engine ${pid} is still running`);
});

test("a step that outlives its time limit is stopped, and the summary says what it waited for", async () => {
  const started = Date.now();
  const result = await runCounted("hangs", "bash", ["-c", "echo waiting for the engine; sleep 300"], {
    timeoutMs: 1500,
  });
  assert.equal(result.ok, false);
  assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
  assert.match(result.note, /timed out after 1.5 s/);
  assert.match(result.note, /sleep 300/);
  assert.match(result.note, /last output: waiting for the engine/);
});

test("counts vitest, pytest and node's closing lines", () => {
  assert.deepEqual(countResults(" Tests  12 passed | 1 failed (13)\n"), { passed: 12, failed: 1 });
  assert.deepEqual(countResults("==== 47 passed, 2 failed in 23.1s ====\n"), { passed: 47, failed: 2 });
  assert.deepEqual(countResults("ℹ pass 3\nℹ fail 1\n"), { passed: 3, failed: 1 });
});

test("lastLines keeps a step's last non-blank lines, without colour codes", () => {
  const out = "one\n\n\x1b[31mtwo\x1b[39m\n  \nthree\n";
  assert.equal(lastLines(out, 2), "two\nthree");
  assert.equal(lastLines(out, 10), "one\ntwo\nthree");
});

test("failedTests names vitest's, pytest's and node's failed tests with their first error line", () => {
  const vitest = [
    "⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯",
    "",
    " \x1b[31mFAIL\x1b[39m  e2e/ask.e2e.ts > Ask > answers with a citation",
    "AssertionError: expected 0 to be 1",
    " ❯ e2e/ask.e2e.ts:12:3",
  ].join("\n");
  assert.deepEqual(failedTests(vitest), [
    "e2e/ask.e2e.ts > Ask > answers with a citation — AssertionError: expected 0 to be 1 — at e2e/ask.e2e.ts:12:3",
  ]);
  // A Playwright timeout names the locator it waited for, and the line is the test's, not a helper's.
  const timeout = [
    " FAIL  e2e/library.e2e.ts > the device library > opens offline",
    "TimeoutError: locator.waitFor: Timeout 15000ms exceeded.",
    "Call log:",
    "  - waiting for getByTestId('offline-indicator') to be visible",
    "",
    " ❯ e2e/support/browser.ts:40:3",
    " ❯ e2e/library.e2e.ts:36:50",
    "⎯⎯⎯⎯⎯⎯⎯[1/2]⎯",
    " FAIL  e2e/b.e2e.ts > b > c",
    "Error: other",
  ].join("\n");
  assert.deepEqual(failedTests(timeout), [
    "e2e/library.e2e.ts > the device library > opens offline — TimeoutError: locator.waitFor: Timeout 15000ms exceeded. — waiting for getByTestId('offline-indicator') to be visible — at e2e/library.e2e.ts:36:50",
    "e2e/b.e2e.ts > b > c — Error: other",
  ]);
  const pytest =
    "FAILED asr/tests/test_api.py::test_language - AssertionError: 'en' != 'de'\n1 failed, 3 passed in 2.0s\n";
  assert.deepEqual(failedTests(pytest), ["asr/tests/test_api.py::test_language - AssertionError: 'en' != 'de'"]);
  const node =
    "✖ first (3.1ms)\nℹ fail 1\n\n✖ failing tests:\n\ntest at a.test.mjs:1:1\n✖ first (3.1ms)\n  Error: boom\n";
  assert.deepEqual(failedTests(node), ["first"]);
  assert.deepEqual(failedTests(" Tests  3 passed (3)\n"), []);
});
