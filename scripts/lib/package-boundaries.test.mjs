import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { packageViolations } from "./package-boundaries.mjs";

test("no package reaches into another by a relative path", () => {
  assert.deepEqual(packageViolations(), []);
});

/** `n` steps up, written so that this file's own text holds no relative import for the check above to find. */
const up = (n) => "../".repeat(n);

test("the check finds every kind of crossing, and lets data and the package's own files be", () => {
  const repo = mkdtempSync(join(tmpdir(), "package-boundaries-"));
  const files = {
    // Crossings.
    "worker/src/a.test.ts": `import { says } from "${up(2)}scripts/lib/stable-words.mjs";`,
    "web/e2e/b.e2e.ts": `import {\n  wordErrorRate,\n} from "${up(2)}testing/wer.mjs";`,
    "testing/c.mjs": `import rules from "${up(1)}shared/data/wer.json" with { type: "json" };`,
    "scripts/d.mjs": `const m = await import("${up(1)}worker/src/index.ts");`,
    "shared/src/e.ts": `export * from "${up(2)}web/src/lib/x";`,
    "worker/test/f.ts": `vi.mock("${up(2)}shared/src/y", () => ({}));`,
    "scripts/lib/g.mjs": `import "${up(3)}elsewhere/h.mjs";`,
    // Not crossings: the package's own files, data, the root package.json, other packages by name.
    "worker/src/i.ts": `import { api } from "${up(1)}test/http";\nimport pkg from "${up(2)}package.json";`,
    "worker/src/j.test.ts": `import text from "${up(2)}test-fixtures/meetings/m.txt?raw";`,
    "testing/k.mjs": `import stable from "${up(1)}test-fixtures/audio/s.json" with { type: "json" };`,
    "web/src/l.test.ts": `import { fake } from "${up(1)}e2e/support/fake-answers";`,
    "web/e2e/n.ts": 'import { says } from "@verbatim/testing/stable-words";',
    // Not scanned: installed packages.
    "worker/node_modules/dep/index.js": `require("${up(3)}shared/src/z");`,
  };
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(repo, path)), { recursive: true });
      writeFileSync(join(repo, path), text);
    }
    const found = packageViolations(repo).sort();
    assert.equal(found.length, 7, found.join("\n"));
    const expected = [
      /^scripts\/d\.mjs: imports \.\.\/worker\/src\/index\.ts \(worker\/ is another package/,
      /^scripts\/lib\/g\.mjs: imports \.\.\/\.\.\/\.\.\/elsewhere\/h\.mjs \(\.\.\/elsewhere\/h\.mjs is outside scripts\//,
      /^shared\/src\/e\.ts: imports \.\.\/\.\.\/web\/src\/lib\/x \(web\/ is another package/,
      /^testing\/c\.mjs: imports \.\.\/shared\/data\/wer\.json \(shared\/ is another package/,
      /^web\/e2e\/b\.e2e\.ts: imports \.\.\/\.\.\/testing\/wer\.mjs \(testing\/ is another package/,
      /^worker\/src\/a\.test\.ts: imports \.\.\/\.\.\/scripts\/lib\/stable-words\.mjs \(scripts\/ holds the commands/,
      /^worker\/test\/f\.ts: imports \.\.\/\.\.\/shared\/src\/y \(shared\/ is another package/,
    ];
    for (const [i, pattern] of expected.entries()) assert.match(found[i], pattern);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});
