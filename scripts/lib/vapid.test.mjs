import assert from "node:assert/strict";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { localVapidVars, makeVapidKeys } from "./vapid.mjs";

test("a new pair: an uncompressed P-256 point and a 32-byte scalar, base64url", async () => {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY } = await makeVapidKeys();
  const point = Buffer.from(VAPID_PUBLIC_KEY, "base64url");
  assert.equal(point.length, 65);
  assert.equal(point[0], 4);
  assert.equal(Buffer.from(VAPID_PRIVATE_KEY, "base64url").length, 32);
  assert.match(VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY, /^[A-Za-z0-9_-]+$/);
});

test("made on first start, the same pair on the next, private to its owner", async () => {
  const dir = mkdtempSync(join(tmpdir(), "vapid-"));
  try {
    const first = await localVapidVars(dir);
    assert.deepEqual(await localVapidVars(dir), first);
    assert.equal(statSync(join(dir, "vapid-keys.json")).mode & 0o077, 0);
    writeFileSync(join(dir, "vapid-keys.json"), "not json");
    assert.notDeepEqual(await localVapidVars(dir), first);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
