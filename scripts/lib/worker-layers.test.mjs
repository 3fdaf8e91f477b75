import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { workerSrc, workerViolations } from "./worker-layers.mjs";

test("worker/src keeps its layers, uses areas through their entries, and has no loops", () => {
  assert.deepEqual(workerViolations(workerSrc), []);
});

/** The violations of a made-up src tree. */
function violationsOf(files) {
  const src = mkdtempSync(join(tmpdir(), "worker-layers-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    }
    return workerViolations(src).sort();
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
}

test("finds a lower layer importing a higher one, and an area's private file used from outside", () => {
  const found = violationsOf({
    "rules/state.ts": 'import type { Bindings } from "../env";',
    "env.ts": "export type Bindings = {};",
    "store/keys.ts": 'import { enqueue } from "../jobs/enqueue";',
    "jobs/enqueue.ts": "export const enqueue = 1;",
    "jobs/index.ts": 'export { enqueue } from "./enqueue";',
    "transcriptions/create.ts": 'import { enqueue } from "../jobs/enqueue";\nimport { e } from "../jobs";',
  });
  assert.equal(found.length, 3, found.join("\n"));
  assert.match(found[0], /^rules\/state\.ts: imports env\.ts \(a lower layer/);
  assert.match(found[1], /^store\/keys\.ts: imports jobs\/enqueue\.ts \(a lower layer/);
  assert.match(found[2], /^transcriptions\/create\.ts: imports jobs\/enqueue\.ts \(another area/);
});

test("finds a loop of files, types included, and a loop of areas", () => {
  const found = violationsOf({
    "db/client.ts": 'import { x } from "./schema";',
    "db/schema.ts": 'import type { Db } from "./client";',
    "jobs/index.ts": 'import { t } from "../transcriptions";\nexport const j = 1;',
    "transcriptions/index.ts": 'export const t = 1;\nimport { j } from "../jobs/index";',
  });
  assert.ok(found.includes("files import each other in a loop: db/client.ts, db/schema.ts"), found.join("\n"));
  assert.ok(found.includes("areas import each other in a loop: jobs, transcriptions"), found.join("\n"));
});
