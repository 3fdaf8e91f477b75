import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { hasText, untranslatedStrings, webSrc } from "./untranslated-strings.mjs";

test("web/src shows no text that is not in the message catalogues", () => {
  const found = untranslatedStrings(webSrc).map(
    (f) => `web/src/${f.file}:${f.line}: ${f.why}: ${JSON.stringify(f.text)}`,
  );
  assert.deepEqual(found, [], `untranslated text (put it in web/src/locales/*.json and use t()):\n${found.join("\n")}`);
});

/** What the check finds in a throwaway web/src holding `files` (path → text), as "file:line why: text". */
function foundIn(files) {
  const src = mkdtempSync(join(tmpdir(), "untranslated-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    }
    return untranslatedStrings(src).map((f) => `${f.file}:${f.line} ${f.why}: ${f.text}`);
  } finally {
    rmSync(src, { recursive: true, force: true });
  }
}

test("finds text between tags, in visible props, in rendered expressions, toasts and option lists", () => {
  const found = foundIn({
    "features/a/page.tsx": [
      'import { useTranslations } from "use-intl";',
      "export function Page({ busy }: { busy: boolean }) {",
      '  const t = useTranslations("a");',
      "  return (",
      '    <div className="flex gap-2" data-testid="page">',
      "      <h1>Upload Audio</h1>",
      '      <input placeholder="Search meetings..." aria-label={t("search")} />',
      '      <img alt="A chart" src="/x.png" />',
      '      <p>{busy ? "Saving..." : t("save")}</p>',
      "      <Empty note={`No transcript available.`} />",
      '      <Field label={"Email"} />',
      "    </div>",
      "  );",
      "}",
    ].join("\n"),
    "features/a/lib.ts": [
      'import { toast } from "@/components/ui/toast";',
      'export const THEMES = [{ value: "light", label: "Light" }];',
      'export const fail = () => toast({ title: "Upload failed", description: "Please try again." });',
      'export const boom = () => { throw new Error("Could not read the file"); };',
      'export function Spinner({ label = "Loading" }: { label?: string }) { return label; }',
    ].join("\n"),
  });
  assert.deepEqual(found, [
    "features/a/lib.ts:2 the object key label: Light",
    "features/a/lib.ts:3 the object key title: Upload failed",
    "features/a/lib.ts:3 the object key description: Please try again.",
    "features/a/lib.ts:4 a sentence: Could not read the file",
    "features/a/lib.ts:5 the object key label: Loading",
    "features/a/page.tsx:6 JSX text: Upload Audio",
    "features/a/page.tsx:7 the placeholder prop: Search meetings...",
    "features/a/page.tsx:8 the alt prop: A chart",
    "features/a/page.tsx:9 a JSX expression: Saving...",
    "features/a/page.tsx:10 the note prop: No transcript available.",
    "features/a/page.tsx:11 the label prop: Email",
  ]);
});

test("lets translated text, code, brand and format names, symbols, tests and marked lines through", () => {
  const found = foundIn({
    "components/ok.tsx": [
      'import { useTranslations } from "use-intl";',
      "export function Ok({ n }: { n: number }) {",
      '  const t = useTranslations("ok");',
      "  return (",
      '    <a href="/pricing" className="Flex items-center" role="status" aria-current="page">',
      '      {t("title", { count: n })} <span aria-hidden="true">✕</span> · {n}% — PDF, DOCX',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source of a template literal under test.
      "      <span>Verbatim</span> <b>Google Meet</b> <i>{`${n} MB`}</i>",
      '      {/* i18n-ignore: a sample */}<code>{"Hello World"}</code>',
      "    </a>",
      "  );",
      "}",
    ].join("\n"),
    "lib/ok.ts": [
      'console.warn("Offline cache write failed");',
      'export const KEY = "settingsTab";',
      'if (!ctx) throw new Error("useAuth must be used within an AuthProvider");',
      "// i18n-ignore: never shown",
      'export const X = "Upload aborted";',
    ].join("\n"),
    "components/ok.test.tsx": "export const t = () => <p>Some English text</p>;",
  });
  assert.deepEqual(found, []);
});

test("names and formats pass, words around them do not", () => {
  assert.equal(hasText("Google Meet"), false);
  assert.equal(hasText("PDF, DOCX, SRT/VTT"), false);
  assert.equal(hasText("© 2026 Verbatim · 12%"), false);
  assert.equal(hasText("Join with Google Meet"), true);
  assert.equal(hasText("Größe"), true);
});
