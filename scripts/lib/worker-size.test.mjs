import assert from "node:assert/strict";
import { test } from "node:test";
import { FREE_PLAN_GZIP_KIB, measureWorker, parseUploadSize } from "./worker-size.mjs";

test("reads wrangler's Total Upload line, coloured or not", () => {
  assert.deepEqual(parseUploadSize("✨ Read 194 files\nTotal Upload: 10215.29 KiB / gzip: 2505.96 KiB\nYour Worker"), {
    totalKiB: 10215.29,
    gzipKiB: 2505.96,
  });
  assert.deepEqual(parseUploadSize("Total Upload: \u001b[32m16408.42 KiB / gzip: 5995.44 KiB\u001b[39m"), {
    totalKiB: 16408.42,
    gzipKiB: 5995.44,
  });
  assert.equal(parseUploadSize("✘ [ERROR] Could not resolve"), null);
});

test("the Worker fits Cloudflare's free plan: at most 3 MiB gzipped, by wrangler deploy --dry-run", () => {
  const { totalKiB, gzipKiB, largest } = measureWorker();
  const report = `Worker upload: ${totalKiB} KiB, gzip ${gzipKiB} KiB of ${FREE_PLAN_GZIP_KIB} KiB`;
  console.log(report);
  assert.ok(
    gzipKiB <= FREE_PLAN_GZIP_KIB,
    `${report}: over the free plan's limit. Largest parts of the script: ${largest.join(", ")}. ` +
      "Load big data from R2 (as the PDF fonts are) or drop a dependency.",
  );
});
