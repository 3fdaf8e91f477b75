import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { importViolations, webSrc } from "./import-boundaries.mjs";

test("web/src has no feature→feature and no layout/shared→feature imports", () => {
  assert.deepEqual(importViolations(webSrc), []);
});

test("the check finds each kind of crossing, static, relative and dynamic", () => {
  const src = mkdtempSync(join(tmpdir(), "boundaries-"));
  const files = {
    "features/upload/a.ts":
      'import { b } from "./b";\nimport { x } from "@/features/upload/lib/x";\nimport { k } from "@/entities/session/use-auth";',
    "features/upload/b.ts": 'import { useAuth } from "@/features/auth/hooks/use-auth";',
    "features/settings/c.ts": 'const m = await import("../upload/a");',
    "components/layout/d.tsx": 'export { Runner } from "@/features/upload/runner";',
    "entities/session/e.ts": 'import "@/features/auth/side-effect";',
    "routes/f.tsx": 'import { Page } from "@/features/upload/page";',
    "main.tsx": 'import { forget } from "@/features/upload/a";',
  };
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    }
    const found = importViolations(src).sort();
    assert.equal(found.length, 4, found.join("\n"));
    assert.match(found[0], /^components\/layout\/d\.tsx: imports @\/features\/upload\/runner/);
    assert.match(found[1], /^entities\/session\/e\.ts: imports @\/features\/auth\/side-effect/);
    assert.match(
      found[2],
      /^features\/settings\/c\.ts: imports \.\.\/upload\/a \(feature 'settings' imports feature 'upload'/,
    );
    assert.match(found[3], /^features\/upload\/b\.ts: imports @\/features\/auth\/hooks\/use-auth/);
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
});
