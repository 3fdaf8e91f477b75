import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { test } from "node:test";
import languages from "./data/languages.json" with { type: "json" };

// A rule more than one package needs has one home: a table in shared/data (read by the TypeScript packages and
// the speech engine alike) or a module in shared/src. These checks fail when a second copy appears anywhere
// else, before it can drift from the first.

const root = join(import.meta.dirname, "..");
const SOURCES = [
  "shared/src",
  "worker/src",
  "worker/test",
  "worker/bench",
  "web/src",
  "web/e2e",
  "testing",
  "scripts",
  "asr/verbatim_asr",
  "asr/tests",
];
const SKIPPED = new Set(["node_modules", "dist", "__pycache__", "routeTree.gen.ts"]);

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.isFile() && /\.(?:ts|tsx|mjs|js|py)$/.test(entry.name) ? [path] : [];
  });
}

const files = SOURCES.flatMap((dir) => sourceFiles(join(root, dir))).map((path) => ({
  path: relative(root, path).split(sep).join("/"),
  text: readFileSync(path, "utf8"),
}));

/** The files, outside `homes`, for which `isCopy` holds. */
const copies = (isCopy, homes = [], among = files) =>
  among.filter((f) => !homes.includes(f.path) && isCopy(f.text)).map((f) => f.path);
/** Tests may pin a rule's numbers and words: they check it, they do not apply it. */
const code = files.filter((f) => !/(?:\.test(?:-d)?\.|^asr\/tests\/|^worker\/test\/|^web\/e2e\/)/.test(f.path));

const quoted = (word) => new RegExp(`["'\`]${word}["'\`]`);
const countOf = (text, patterns) => patterns.filter((p) => p.test(text)).length;

test("Whisper's language table is shared/data/languages.json alone", () => {
  // Names and codes few other lists hold: a copy of the table has most of them.
  const rare = ["cantonese", "luxembourgish", "bashkir", "lingala", "sundanese", "faroese", "haw", "yue", "jw", "ln"];
  const patterns = rare.map(quoted);
  assert.deepEqual(
    copies((text) => countOf(text, patterns) >= 3),
    [],
  );
});

test("the language table's aliases name languages it has, and no name is given twice", () => {
  for (const [alias, code] of Object.entries(languages.aliases)) assert.ok(code in languages.names, alias);
  const names = [...Object.values(languages.names), ...Object.keys(languages.aliases)];
  assert.equal(new Set(names).size, names.length);
});

test("sentence ends and abbreviations are shared/data/sentences.json alone", () => {
  const abbreviations = ["mlle", "dott", "bzw", "sra", "dra", "mme"].map((w) => new RegExp(`\\b${w}\\b`));
  assert.deepEqual(
    copies((text) => countOf(text, abbreviations) >= 3),
    [],
  );
  // The Arabic question mark, the Devanagari danda and the ideographic full stop together are a list of ends.
  assert.deepEqual(
    copies((text) => ["؟", "।", "。"].every((mark) => text.includes(mark))),
    [],
  );
});

test("the speaker count's bounds are shared/data/speakers.json alone", () => {
  const literal = /(?:\.max\(|length:\s*|MAX_SPEAKERS\s*=\s*|from 1 to |<=\s*)20\b/;
  assert.deepEqual(
    copies((text) => /speaker/i.test(text) && literal.test(text), [], code),
    [],
  );
});

test("the transcript's [mm:ss] marker is read by shared/src/time-marker.ts alone", () => {
  // A regular expression that reads "[" and then digits.
  const reader = /\\\[\((?:\?:\()?\\d/;
  assert.deepEqual(
    copies((text) => reader.test(text), ["shared/src/time-marker.ts"], code),
    [],
  );
});

test("the word error rate has one implementation a language, both by shared/data/wer.json", () => {
  const definition =
    /\bdef (?:wer|word_error_rate)\b|\bfunction (?:wer|wordErrorRate)\b|\b(?:const|let) (?:wer|wordErrorRate) =/;
  assert.deepEqual(
    copies((text) => definition.test(text), ["asr/tests/wer.py", "testing/wer.mjs"]),
    [],
  );
});

test("rules the Worker and the web app both apply are defined in shared/src alone", () => {
  const exported = /^export (?:async )?(?:function|const|let|class) (\w+)/gm;
  const names = (prefix) =>
    new Set(
      files.filter((f) => f.path.startsWith(prefix)).flatMap((f) => [...f.text.matchAll(exported)].map((m) => m[1])),
    );
  // Same name, different things: each side's own work, not one rule twice.
  const unrelated = new Set([
    "ApiError", // the Worker's refusal it answers with; the web app's failed answer it shows
    "exportTranscription", // the Worker writes the file; the web app asks for it and saves it
    "register", // the Worker creates the account; the web app posts the form
    "speakerStats", // the analysis counts words per speaker; the web app times talk from segments
  ]);
  const web = names("web/src/");
  const twins = [...names("worker/src/")].filter((name) => web.has(name) && !unrelated.has(name));
  assert.deepEqual(twins, []);
});
