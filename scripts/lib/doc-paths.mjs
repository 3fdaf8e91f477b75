import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, posix } from "node:path";
import { root as repoRoot } from "./env.mjs";

// Every repository path the docs and the code comments name must exist, so a file that moves takes its
// mentions with it. Scanned: every Markdown file (backticked text, fenced code and link targets) and the
// comments of the source files under SOURCE_ROOTS. A path is a token that starts with a top-level folder
// or is one of the root files below; a Markdown link may also name a relative path. A link or token with an
// anchor (a Markdown file's path, then "#", then a heading's slug) must name a heading of that file, and a
// quoted section after a Markdown path (the path, a comma, then the section in double quotes) must name one
// of its headings or bold-led items. Paths under what .gitignore names (node_modules/, dist/, .venv/, …) are
// made by the commands and never checked; a token with a glob or a placeholder (*, <x>, {a,b}, …) is skipped.

const TOP_FOLDERS = ["web", "worker", "asr", "shared", "testing", "scripts", "docs", "test-fixtures", ".ci"];
const ROOT_FILES = ["package.json", "pnpm-workspace.yaml", "wrangler.toml", "vite.config.ts", "biome.json"];
const SOURCE_ROOTS = [
  "web/src",
  "web/e2e",
  "web/scripts",
  "worker/src",
  "worker/test",
  "worker/bench",
  "worker/scripts",
  "shared/src",
  "testing",
  "asr",
  "scripts",
  ".ci",
];
const SOURCE_FILES = ["vite.config.ts", "wrangler.toml", "worker/drizzle.config.ts"];
const C_LIKE = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs", ".css"]);
const HASH = new Set([".py", ".sh", ".toml", ".txt", ".yaml", ".yml", ""]);

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PATH = new RegExp(
  `(?<![\\w./<>@$-])((?:${TOP_FOLDERS.map(escapeRegExp).join("|")})/[^\\s"'\`()\\[\\]<>,;|]*` +
    `|(?:${ROOT_FILES.map(escapeRegExp).join("|")})(?![\\w.-]))`,
  "g",
);
const QUOTED_SECTION = /^,?\s*\(?["“]([^"”]+)["”]/;

/** Tokens of `text` that name repository paths, with what follows each (for a quoted section). */
function pathTokens(text) {
  const found = [];
  for (const match of text.matchAll(PATH)) {
    let token = match[1].replace(/[.,:;!?'"’”)\]}]+$/, "");
    token = token.replace(/:\d+(?:[-:]\d+)?$/, "");
    if (/[*<{…$]/.test(token) || token === "") continue;
    found.push({ token, after: text.slice(match.index + match[0].length) });
  }
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens; repeats get -1, -2, … */
export function slugs(markdown) {
  const seen = new Map();
  const out = new Set();
  const names = new Set();
  let fence = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fence = !fence;
    if (fence) continue;
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const text = heading[1].replace(/\[([^\]]*)\]\([^)]*\)/g, "$1");
      const base = text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, "")
        .replace(/\s/g, "-");
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n ? `${base}-${n}` : base);
      names.add(text.replace(/`/g, "").toLowerCase());
    }
    for (const bold of line.matchAll(/^\s*(?:[-*]\s+|\d+\.\s+)?\*\*(.+?)[.:]?\*\*/g)) names.add(bold[1].toLowerCase());
  }
  return { anchors: out, names };
}

/** Comment text of a source file as [line, text] pairs (line numbers from 1). */
export function comments(source, ext) {
  if (C_LIKE.has(ext)) return cLikeComments(source);
  if (ext === ".sql") return lineComments(source, "--");
  if (ext === ".py") return pythonComments(source);
  if (HASH.has(ext)) return lineComments(source, "#");
  return [];
}

function cLikeComments(src) {
  const out = [];
  let line = 1;
  let i = 0;
  const push = (start, end, startLine) => {
    src
      .slice(start, end)
      .split("\n")
      .forEach((text, k) => {
        out.push([startLine + k, text]);
      });
  };
  while (i < src.length) {
    const c = src[i];
    if (c === "\n") line++;
    if (c === "/" && src[i + 1] === "/") {
      const end = src.indexOf("\n", i);
      push(i + 2, end === -1 ? src.length : end, line);
      i = end === -1 ? src.length : end;
      continue;
    }
    if (c === "/" && src[i + 1] === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end === -1 ? src.length : end;
      push(i + 2, stop, line);
      line += src.slice(i, stop).split("\n").length - 1;
      i = stop + 2;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < src.length && src[j] !== c) {
        if (src[j] === "\\") j++;
        else if (src[j] === "\n") {
          if (c !== "`") break;
          line++;
        }
        j++;
      }
      i = j + 1;
      continue;
    }
    i++;
  }
  return out;
}

function lineComments(src, marker) {
  const out = [];
  src.split("\n").forEach((text, k) => {
    let quote = null;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quote) {
        if (c === "\\") i++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'") quote = c;
      else if (text.startsWith(marker, i) && (marker !== "#" || i === 0 || /\s/.test(text[i - 1]))) {
        out.push([k + 1, text.slice(i + marker.length)]);
        break;
      }
    }
  });
  return out;
}

function pythonComments(src) {
  const out = [];
  let line = 1;
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "\n") line++;
    if (c === "#") {
      const end = src.indexOf("\n", i);
      out.push([line, src.slice(i + 1, end === -1 ? src.length : end)]);
      i = end === -1 ? src.length : end;
      continue;
    }
    if (c === '"' || c === "'") {
      const triple = src.startsWith(c.repeat(3), i);
      const close = triple ? c.repeat(3) : c;
      let j = i + close.length;
      while (j < src.length && !src.startsWith(close, j)) {
        if (src[j] === "\\") j++;
        else if (src[j] === "\n" && !triple) break;
        j++;
      }
      if (triple) {
        // Docstrings and other long strings are read as prose.
        src
          .slice(i + 3, j)
          .split("\n")
          .forEach((text, k) => {
            out.push([line + k, text]);
          });
      }
      line += src.slice(i, j).split("\n").length - 1;
      i = j + close.length;
      continue;
    }
    i++;
  }
  return out;
}

/** Markdown text a path may hide in, as [line, text, kind]: backticked spans, fenced code and link targets. */
function markdownParts(markdown) {
  const out = [];
  let fence = false;
  markdown.split("\n").forEach((text, k) => {
    const line = k + 1;
    if (/^\s*```/.test(text)) {
      fence = !fence;
      return;
    }
    if (fence) {
      out.push([line, text, "code"]);
      return;
    }
    for (const m of text.matchAll(/(`+)([^`]+?)\1/g)) out.push([line, m[2], "code", text.slice(m.index + m[0].length)]);
    for (const m of text.replace(/`[^`]*`/g, "").matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      out.push([line, m[1], "link", text.slice(m.index + m[0].length)]);
    }
  });
  return out;
}

/** Directories and files .gitignore names: made by the commands, never in the repository. */
function generatedMatcher(root) {
  const names = new Set(["node_modules", ".git"]);
  const paths = [];
  const ignore = join(root, ".gitignore");
  if (existsSync(ignore)) {
    for (const raw of readFileSync(ignore, "utf8").split("\n")) {
      const entry = raw.trim().replace(/^\//, "");
      if (!entry || entry.startsWith("#") || /[*?[!]/.test(entry)) continue;
      if (entry.replace(/\/$/, "").includes("/")) paths.push(entry.replace(/\/$/, ""));
      else names.add(entry.replace(/\/$/, ""));
    }
  }
  return (path) =>
    path.split("/").some((segment) => names.has(segment)) || paths.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Files under `dir` that `keep` accepts; symbolic links, hidden folders (but .ci) and `skip` are left out. */
function walk(root, dir, keep, skip) {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return keep(dir) ? [dir] : [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isSymbolicLink() || skip(path)) return [];
    if (entry.isDirectory() && entry.name.startsWith(".") && path !== ".ci") return [];
    return entry.isDirectory() ? walk(root, path, keep, skip) : keep(path) ? [path] : [];
  });
}

/**
 * Every repository path named in the docs or in a comment that does not exist under `root`, as
 * "file:line: path" (with the reason when the file exists but the anchor or section does not).
 */
export function missingDocPaths(root = repoRoot) {
  const generated = generatedMatcher(root);
  const headingCache = new Map();
  const headings = (file) => {
    if (!headingCache.has(file)) headingCache.set(file, slugs(readFileSync(join(root, file), "utf8")));
    return headingCache.get(file);
  };
  const missing = [];

  /** Checks one path (repository-relative, posix), with its anchor and the quoted section after it. */
  const check = (where, path, anchor, after) => {
    const clean = path.replace(/\/+$/, "") || ".";
    if (generated(clean)) return;
    if (clean.startsWith("..") || !existsSync(join(root, clean))) {
      missing.push(`${where}: ${path}${anchor ? `#${anchor}` : ""}`);
      return;
    }
    if (!clean.endsWith(".md") || statSync(join(root, clean)).isDirectory()) return;
    if (anchor && !headings(clean).anchors.has(anchor.toLowerCase())) {
      missing.push(`${where}: ${clean}#${anchor} (no such heading)`);
    }
    const section = after && QUOTED_SECTION.exec(after);
    if (section && !headings(clean).names.has(section[1].toLowerCase())) {
      missing.push(`${where}: ${clean} "${section[1]}" (no such section)`);
    }
  };
  const checkToken = (where, token, after) => {
    const [path, anchor] = token.split("#");
    check(where, path, anchor, after);
  };

  const markdownFiles = walk(
    root,
    "",
    (p) => p.endsWith(".md"),
    (p) => generated(p),
  );
  for (const file of markdownFiles) {
    const text = readFileSync(join(root, file), "utf8");
    for (const [line, part, kind, afterPart] of markdownParts(text)) {
      const where = `${file}:${line}`;
      if (kind === "code") {
        // A quoted section may follow the closing backtick: the span's own rest, then the line's.
        for (const { token, after } of pathTokens(part)) checkToken(where, token, after || afterPart);
        continue;
      }
      if (/^[a-z][a-z0-9+.-]*:/i.test(part) || part.startsWith("/")) continue;
      const [target, anchor] = part.split("#");
      const resolved = target ? posix.normalize(posix.join(posix.dirname(file), target)) : file;
      check(where, resolved, anchor, afterPart);
    }
  }

  const sourceFiles = [...SOURCE_ROOTS, ...SOURCE_FILES].flatMap((dir) =>
    walk(
      root,
      dir,
      (p) => C_LIKE.has(extname(p)) || HASH.has(extname(p)) || [".py", ".sql"].includes(extname(p)),
      (p) => generated(p),
    ),
  );
  for (const file of new Set(sourceFiles)) {
    if (extname(file) === "" && !/^#!.*\b(ba)?sh\b/.test(readFileSync(join(root, file), "utf8").split("\n")[0])) {
      continue;
    }
    if (extname(file) === ".txt" && !/requirements/.test(file)) continue;
    const text = readFileSync(join(root, file), "utf8");
    for (const [line, comment] of comments(text, extname(file))) {
      for (const { token, after } of pathTokens(comment)) checkToken(`${file}:${line}`, token, after);
      // A bare README with a quoted section means the root README, whose sections moved to docs/.
      const stale = /(?<![\w./])README(?:\.md)?(?:'s)?,?\s*\(?["“]([^"”]+)["”]/.exec(comment);
      if (stale && !headings("README.md").names.has(stale[1].toLowerCase())) {
        missing.push(`${file}:${line}: README.md "${stale[1]}" (no such section)`);
      }
    }
  }
  return missing;
}
