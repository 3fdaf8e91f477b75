import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { comments, missingDocPaths, slugs } from "./doc-paths.mjs";

test("every repository path the docs and the comments name exists", () => {
  assert.deepEqual(missingDocPaths(), []);
});

/** A throwaway repository holding `files` (path → text); returns what missingDocPaths finds there, sorted. */
function missingIn(files) {
  const root = mkdtempSync(join(tmpdir(), "doc-paths-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return missingDocPaths(root).sort();
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const BASE = {
  ".gitignore": "node_modules/\ndist/\n.venv/\n*.log\nweb/src/routeTree.gen.ts\n",
  "package.json": "{}\n",
  "README.md": "# Demo\n\n## Two commands\n\n**Start.** Run it.\n",
  "docs/guide.md": "# Guide\n\n## Sign-in lockout\n\n### `base` without Hugging Face\n\n- **Upload statuses.** x\n",
  "worker/src/app.ts": "export const app = 1;\n",
  "asr/tests/test_x.py": "x = 1\n",
};

test("Markdown: backticks, fenced code and links are checked; prose, URLs and API routes are not", () => {
  const found = missingIn({
    ...BASE,
    "docs/other.md": [
      "# Other",
      "",
      "See `worker/src/app.ts`, `worker/src/gone.ts:12` and `asr/tests/`.",
      "Prose naming worker/src/prose-only.ts is not a path to check.",
      "[Guide](guide.md), [gone](missing.md), [web](https://example.com/web/x.md), [top](#other).",
      "`GET /api/transcriptions/{id}`, `worker/src/<area>/routes.ts`, `scripts/lib/*.test.mjs` and `asr/.venv/bin/x`.",
      "",
      "```sh",
      "bash scripts/gone.sh --flag",
      "```",
    ].join("\n"),
  });
  assert.deepEqual(found, [
    "docs/other.md:3: worker/src/gone.ts",
    "docs/other.md:5: docs/missing.md",
    "docs/other.md:9: scripts/gone.sh",
  ]);
});

test("anchors and quoted sections must name a heading (GitHub's slugs) or a bold-led item", () => {
  const found = missingIn({
    ...BASE,
    "docs/links.md": [
      "# Links",
      "",
      "[ok](guide.md#sign-in-lockout) [ok](guide.md#base-without-hugging-face) [bad](guide.md#lockout)",
      '[ok](guide.md) ("Upload statuses") and [bad](guide.md), "Nowhere".',
      "[self](#links) [self, wrong](#nope)",
    ].join("\n"),
    "worker/src/a.ts": [
      "// The design: docs/guide.md#sign-in-lockout, and docs/guide.md#nope.",
      '// See docs/guide.md, "Upload statuses".',
      '// Stale: README "Web app layout"; fine: README "Two commands".',
    ].join("\n"),
  });
  assert.deepEqual(found, [
    "docs/links.md:3: docs/guide.md#lockout (no such heading)",
    'docs/links.md:4: docs/guide.md "Nowhere" (no such section)',
    "docs/links.md:5: docs/links.md#nope (no such heading)",
    "worker/src/a.ts:1: docs/guide.md#nope (no such heading)",
    'worker/src/a.ts:3: README.md "Web app layout" (no such section)',
  ]);
});

test("source files: comments are checked, code and strings are not", () => {
  const found = missingIn({
    ...BASE,
    "worker/src/b.ts": [
      "// Reads worker/src/app.ts and worker/src/gone.ts.",
      'const path = "worker/src/in-a-string.ts"; // but shared/src/gone.ts here',
      "/**",
      " * A block: asr/tests/test_x.py, asr/tests/gone.py, and a route /api/worker/x.",
      " */",
      "const url = `https://example.com/docs/x`; // https://example.com/shared/y is a URL",
      "// Generated: web/src/routeTree.gen.ts, worker/dist/types, asr/.venv/bin/python; a glob: web/src/**/x.ts",
    ].join("\n"),
    "asr/c.py": [
      '"""Module docstring naming docs/gone.md."""',
      'x = "# worker/src/not-a-comment.ts"  # asr/tests/test_x.py, package.json',
    ].join("\n"),
    "scripts/d.sh": '#!/usr/bin/env bash\n# Runs scripts/gone.mjs\necho "$#" worker/src/code.ts\n',
  });
  assert.deepEqual(found, [
    "asr/c.py:1: docs/gone.md",
    "scripts/d.sh:2: scripts/gone.mjs",
    "worker/src/b.ts:1: worker/src/gone.ts",
    "worker/src/b.ts:2: shared/src/gone.ts",
    "worker/src/b.ts:4: asr/tests/gone.py",
  ]);
});

test("comment extraction keeps line numbers", () => {
  const source = 'const a = "// no";\n/* one\n   two */ const b = 1; // three\n';
  assert.deepEqual(comments(source, ".ts"), [
    [2, " one"],
    [3, "   two "],
    [3, " three"],
  ]);
});

test("slugs follow GitHub's rules", () => {
  const { anchors } = slugs(
    "# A title\n## Default: batched decoding, one decoder per core\n### `base` without Hugging Face\n" +
      "## Repeat\n## Repeat\n```\n# not a heading\n```\n",
  );
  assert.deepEqual(
    [...anchors],
    ["a-title", "default-batched-decoding-one-decoder-per-core", "base-without-hugging-face", "repeat", "repeat-1"],
  );
});
