import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { root } from "./env.mjs";

// One workspace folder uses another only by its package name (@verbatim/shared, @verbatim/testing, …), through
// the exports in that package's package.json: never by a relative path into the other folder, which skips those
// exports and breaks when either folder moves. scripts/ (the root's commands) counts as a package here too.
// A relative path may leave its folder only for data: the recordings and texts under test-fixtures/ (read with
// Vite's ?raw or as JSON) and the root package.json (the version).

export const PACKAGES = ["shared", "worker", "web", "testing", "scripts"];
const DATA = [/^test-fixtures\//, /^package\.json$/];
const SKIPPED = new Set(["node_modules", "dist", ".wrangler"]);
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * What a file loads: `import`/`export … from`, a bare `import`, `import()` (and `typeof import()`), `require()`,
 * vitest's module mocks, and `/// <reference path>`.
 */
const SPECIFIER =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.(?:mock|doMock|unmock|importActual|importMock)\s*\(\s*|<reference\s+path=)["']([^"']+)["']/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.isFile() && SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Every relative import under `repoRoot`'s packages that leaves its package, as "file: imports specifier (why)". */
export function packageViolations(repoRoot = root) {
  const found = [];
  for (const pkg of PACKAGES.filter((p) => existsSync(join(repoRoot, p)))) {
    for (const absolute of sourceFiles(join(repoRoot, pkg))) {
      const file = relative(repoRoot, absolute).split(sep).join("/");
      for (const [, specifier] of readFileSync(absolute, "utf8").matchAll(SPECIFIER)) {
        if (!specifier.startsWith("./") && !specifier.startsWith("../")) continue;
        const target = posix.normalize(posix.join(posix.dirname(file), specifier.split("?")[0]));
        if (target.startsWith(`${pkg}/`) || DATA.some((data) => data.test(target))) continue;
        const other = PACKAGES.find((p) => target.startsWith(`${p}/`));
        const why =
          other === "scripts"
            ? "scripts/ holds the commands, not a library: move what both need into a package, e.g. testing/"
            : other
              ? `${other}/ is another package: import it by its name, through its exports`
              : `${target} is outside ${pkg}/ and not data under test-fixtures/`;
        found.push(`${file}: imports ${specifier} (${why})`);
      }
    }
  }
  return found;
}
