import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

// Every test file of the Workers project runs in a fresh workerd, which loads the Worker's whole module graph
// again, one module per request to Vite: stripe, openai, zod, drizzle-orm and hono alone are hundreds of files.
// Pre-bundled (Vite's dependency optimizer, as wrangler bundles them for production anyway) they are a few,
// and loading the app per file takes about half as long.

/** A package named in `import … from`, `export … from`, a bare `import` or `import()`; not `import type`/`export type`. */
const BARE_IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?!type\s)(?:[^"';]*?\sfrom\s+)?"([^"./][^"]*)"|\bimport\(\s*"([^"./][^"]*)"\s*\)/g;

/** Files that run inside workerd: not the Node project's tests, declarations, type tests or benchmarks. */
const inWorkerd = (name: string) => name.endsWith(".ts") && !/\.(node\.test|test-d|d|bench)\.ts$/.test(name);

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && inWorkerd(e.name))
    .map((e) => join(e.parentPath, e.name));
}

const packageOf = (spec: string) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

/**
 * The packages (with the subpaths used, so no package is loaded twice, bundled and not) that the sources under
 * `dirs` import, read from them so that a new import is pre-bundled too. Only `packages` count: the runtime's
 * modules (cloudflare:, node:), the workspace's TypeScript and the test runner stay as they are.
 */
export function workerdDependencies(dirs: string[], packages: string[]): string[] {
  const found = new Set<string>();
  for (const file of dirs.flatMap(filesUnder)) {
    for (const m of readFileSync(file, "utf8").matchAll(BARE_IMPORT)) {
      const spec = (m[1] ?? m[2]) as string;
      if (packages.includes(packageOf(spec))) found.add(spec);
    }
  }
  return [...found].sort();
}
