import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ensureStripeMock, STRIPE_TEST_VARS, startStripeMock, stripeMockGo } from "./stripe-mock.mjs";

test("without Go ≥ 1.22 it stops at once and says what to install", () => {
  const dir = mkdtempSync(join(tmpdir(), "stripe-mock-test-"));
  try {
    const oldGo = join(dir, "go");
    writeFileSync(oldGo, "#!/bin/sh\necho go1.19.8\n");
    chmodSync(oldGo, 0o755);
    const missing = { bin: join(dir, "stripe-mock") };
    assert.throws(
      () => ensureStripeMock({ ...missing, goCandidates: [oldGo] }),
      /Go ≥ 1\.22 \(found: go1\.19\.8\).*go\.dev.*golang-go is too old/,
    );
    assert.throws(() => ensureStripeMock({ ...missing, goCandidates: [join(dir, "no-go-here")] }), /found: no Go/);
    assert.throws(() => stripeMockGo({ ...missing, goCandidates: [oldGo] }), /Go ≥ 1\.22 \(found: go1\.19\.8\)/);
    // With the binary there, no Go is needed.
    assert.equal(stripeMockGo({ bin: oldGo, goCandidates: [] }), null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/**
 * A caller's own services, as the test command keeps them: each in its own process group.
 * @type {import("./stripe-mock.mjs").Service}
 */
const service = {
  start: (_name, cmd, args, opts) => spawn(cmd, args, { ...opts, detached: true }),
  stop: (child) =>
    new Promise((resolve) => {
      child.once("exit", () => resolve());
      if (child.pid) process.kill(-child.pid, "SIGTERM");
    }),
};

test("starts stripe-mock, which answers the Stripe API, and stops it", async () => {
  for (const options of [{}, { service }]) {
    const mock = await startStripeMock(options);
    try {
      const res = await fetch(`${mock.url}/v1/customers`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${STRIPE_TEST_VARS.STRIPE_SECRET_KEY}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: "email=a%40example.com",
      });
      assert.equal(res.status, 200);
      assert.match(/** @type {{ id: string }} */ (await res.json()).id, /^cus_/);
    } finally {
      await mock.stop();
    }
    await assert.rejects(fetch(`${mock.url}/v1/customers`));
  }
});
