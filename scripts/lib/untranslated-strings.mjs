import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import ts from "typescript";

// The web app shows no text that is not in its message catalogues (web/src/locales, docs/architecture/web-app.md,
// "Languages"). This finds the text written straight into the code instead, with TypeScript's own parser:
//
// - text between JSX tags (`<p>Saved</p>`);
// - a string in a user-visible JSX prop (`title`, `placeholder`, `aria-label`, `alt`, `label`, `description`, …);
// - a string that a JSX expression renders (`{saving ? "Saving…" : "Save"}`);
// - a string under a user-visible key of an object (`toast({ title: "Saved" })`, `{ label: "Light" }`);
// - anywhere else, a string that reads as a sentence (a capital, then more words: an error shown in a toast).
//
// Brand and format names, symbols, numbers and code-like values pass (ALLOWED_WORDS, hasText). A line that must
// keep a literal (a developer's error that never reaches the screen) says why after `i18n-ignore`, on that line or
// the one before.

/** Props whose string value people read or hear. */
const VISIBLE_PROPS = new Set([
  "title",
  "placeholder",
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "aria-roledescription",
  "alt",
  "label",
  "description",
  "hint",
  "heading",
  "message",
  "tooltip",
  "caption",
]);
/** The same for props named like `confirmLabel`, `emptyText`, `savingTitle`. */
const VISIBLE_PROP_SUFFIX = /(Label|Text|Title|Description|Message|Hint|Placeholder)$/;

/** Props that hold code, never words: class names, links, ids, input settings. */
const CODE_PROPS =
  /^(className|class|href|src|to|id|key|type|role|name|value|defaultValue|htmlFor|target|rel|accept|autoComplete|inputMode|pattern|method|action|encType|lang|dir|srcLang|kind|style|d|viewBox|fill|stroke|data-.*|aria-(?!label|description|valuetext|roledescription).*)$/;

/** Object keys whose string value is shown: toasts, option lists, page content. */
const VISIBLE_KEYS = new Set([
  ...VISIBLE_PROPS,
  "body",
  "question",
  "answer",
  "quote",
  "error",
  "cta",
  "summary",
  "subtitle",
]);

/** Names that stay the same in every language, and format names. Matched as whole words, case-sensitive. */
export const ALLOWED_WORDS = [
  "Verbatim",
  "Google Meet",
  "Google Calendar",
  "Google",
  "Stripe",
  "GPT-4o",
  "OpenAI",
  "Anthropic",
  "Claude",
  "Gemini",
  "PDF",
  "DOCX",
  "TXT",
  "SRT",
  "VTT",
  "CSV",
  "JSON",
  "MP3",
  "MP4",
  "M4A",
  "WAV",
  "WebM",
  "OGG",
  "FLAC",
  "AAC",
  "GMT",
  "UTC",
  "KB",
  "MB",
  "GB",
];
const ALLOWED = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${ALLOWED_WORDS.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\p{L}\\p{N}])`,
  "gu",
);

/** True when `text` has a letter that is not part of an allowed name. */
export function hasText(text) {
  return /\p{L}/u.test(text.replace(ALLOWED, ""));
}

/** Code-like: one token without spaces that is not a capitalised word ("submit", "en-US", "aria-x", "a.b"). */
const codeLike = (text) => !/\s/.test(text.trim()) && !/^\p{Lu}\p{Ll}/u.test(text.trim());

/** A sentence: a capital, then at least one more word ("Upload failed", "Could not read the file."). */
const SENTENCE = /^\s*\p{Lu}[\p{L}'’-]*[\s,:]+[\p{L}\d]/u;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    // test-support/ is the component tests' harness: test code, like the *.test.tsx files, never on screen.
    if (entry.isDirectory()) return ["node_modules", "test-support"].includes(entry.name) ? [] : sourceFiles(path);
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.(test|d)\.tsx?$/.test(entry.name)) return [];
    return entry.name === "routeTree.gen.ts" ? [] : [path];
  });
}

const propName = (name) => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : null);

/**
 * The string parts an expression evaluates to when shown: the literal itself, both branches of a condition,
 * the alternatives of `a || b` / `a ?? b` / `a && b`, the text of a template. Not arguments of calls: `t("key")`
 * and `format(date, "short")` pass strings that are not shown as written.
 */
function shownLiterals(node) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return shownLiterals(node.expression);
  if (ts.isConditionalExpression(node)) return [...shownLiterals(node.whenTrue), ...shownLiterals(node.whenFalse)];
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(node.right);
    if (
      op === ts.SyntaxKind.BarBarToken ||
      op === ts.SyntaxKind.QuestionQuestionToken ||
      op === ts.SyntaxKind.PlusToken
    )
      return [...shownLiterals(node.left), ...shownLiterals(node.right)];
  }
  return [];
}

/** The words of a literal as written (a template's text parts only: `${x} items` → " items"). */
function literalText(node) {
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
  return node.text;
}

/** Calls whose string arguments are never shown: logs, translation keys, class names, test ids. */
const SILENT_CALLS = /^(console\.\w+|t|t\.rich|t\.markup|t\.raw|t\.has|translate|useTranslations|cn|cva|clsx)$/;

function calleeName(call) {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) {
    const target = ts.isIdentifier(callee.expression) ? callee.expression.text : "";
    return `${target}.${callee.name.text}`;
  }
  return "";
}

/** Every string a person would see that is not translated, in `srcDir`, as { file, line, text, why }. */
export function untranslatedStrings(srcDir) {
  const found = [];
  for (const absolute of sourceFiles(srcDir)) {
    const file = relative(srcDir, absolute).split(sep).join("/");
    const code = readFileSync(absolute, "utf8");
    const lines = code.split("\n");
    const source = ts.createSourceFile(
      absolute,
      code,
      ts.ScriptTarget.Latest,
      true,
      file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
    );
    const seen = new Set();
    const ignored = (node) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      return [line, line - 1].some((n) => n >= 0 && lines[n]?.includes("i18n-ignore"));
    };
    const report = (node, text, why) => {
      if (seen.has(node.pos) || ignored(node)) return;
      seen.add(node.pos);
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push({ file, line, text: text.trim().replace(/\s+/g, " "), why });
    };
    const reportShown = (expression, why, { allowCode }) => {
      for (const literal of shownLiterals(expression)) {
        const text = literalText(literal);
        if (hasText(text) && !(allowCode && codeLike(text))) report(literal, text, why);
      }
    };

    const visit = (node, silent) => {
      if (ts.isJsxText(node)) {
        if (hasText(node.text)) report(node, node.text, "JSX text");
      } else if (ts.isJsxAttribute(node)) {
        const name = node.name.getText(source);
        const init = node.initializer;
        const expression = init && ts.isJsxExpression(init) ? init.expression : init;
        if (expression && (VISIBLE_PROPS.has(name) || VISIBLE_PROP_SUFFIX.test(name))) {
          reportShown(expression, `the ${name} prop`, { allowCode: false });
        } else if (expression && !CODE_PROPS.test(name)) {
          // Any other prop that is handed a sentence (`empty="No transcript available."`) shows it somewhere.
          for (const literal of shownLiterals(expression)) {
            const text = literalText(literal);
            if (SENTENCE.test(text) && hasText(text)) report(literal, text, `the ${name} prop`);
          }
        }
      } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
        reportShown(node.expression, "a JSX expression", { allowCode: false });
      } else if (ts.isPropertyAssignment(node) || ts.isBindingElement(node) || ts.isParameter(node)) {
        // `{ title: "Saved" }`, and a default in a signature: `function Spinner({ label = "Loading" })`.
        const key = ts.isPropertyAssignment(node) ? propName(node.name) : propName(node.propertyName ?? node.name);
        const value = ts.isPropertyAssignment(node) ? node.initializer : node.initializer;
        if (key && value && VISIBLE_KEYS.has(key)) reportShown(value, `the object key ${key}`, { allowCode: true });
      } else if (ts.isCallExpression(node) && SILENT_CALLS.test(calleeName(node))) {
        silent = true;
      } else if (
        !silent &&
        (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) &&
        !ts.isImportDeclaration(node.parent) &&
        !ts.isExportDeclaration(node.parent) &&
        !ts.isLiteralTypeNode(node.parent) &&
        !ts.isExternalModuleReference(node.parent) &&
        !(ts.isPropertyAssignment(node.parent) && node.parent.name === node) &&
        !ts.isJsxAttribute(node.parent)
      ) {
        const text = literalText(node);
        if (SENTENCE.test(text) && hasText(text)) report(node, text, "a sentence");
      }
      ts.forEachChild(node, (child) => visit(child, silent));
    };
    visit(source, false);
  }
  return found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

/** The web app's sources, the service worker's included. */
export const webSrc = join(dirname(new URL(import.meta.url).pathname), "../../web/src");

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = untranslatedStrings(webSrc);
  for (const f of found) console.log(`web/src/${f.file}:${f.line}: ${f.why}: ${JSON.stringify(f.text)}`);
  console.log(`${found.length} untranslated`);
  process.exitCode = found.length ? 1 : 0;
}
