import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { ensureStripeMock, STRIPE_TEST_VARS, startStripeMock } from "./stripe-mock.mjs";

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
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("starts stripe-mock, which answers the Stripe API, and stops it", async () => {
  for (const detached of [true, false]) {
    const mock = await startStripeMock({ detached });
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
      assert.match((await res.json()).id, /^cus_/);
    } finally {
      await mock.stop();
    }
    await assert.rejects(fetch(`${mock.url}/v1/customers`));
  }
});
