import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";

// The Worker's layers (docs/architecture.md#the-workers-layers), lowest first. Each imports only its own layer
// and those below it:
//   rules/                pure rules: state machines, statuses, limits, text rules (shared/ only below them);
//   env.ts, db/, http/    the platform: bindings, D1 schema and client, HTTP plumbing;
//   store/                storage: D1 repositories, R2 keys and writers, ownedWrite, the search index;
//   one folder per area   routes and services; an area uses another only through its index.ts;
//   app.ts, index.ts, …   the composition, which may use any area (through its index.ts too).
// No two files import each other in a loop, types included, and no two areas do.

const LAYERS = { rules: 0, "env.ts": 1, db: 1, http: 1, store: 2 };
const AREA = 3;
const TOP = 4;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']*)["']/g;

const isSource = (name) => /\.tsx?$/.test(name) && !/\.(test|node\.test|test-d|bench)\.ts$|\.d\.ts$/.test(name);

function sourceFiles(dir, under = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path, under);
    return isSource(e.name) ? [relative(under, path).split(sep).join("/")] : [];
  });
}

/** The file an import names, as a path under src, or null (a package, or a file that is not a source). */
function resolve(srcDir, from, spec) {
  const base = posix.normalize(posix.join(posix.dirname(from), spec));
  for (const c of [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base]) {
    const abs = join(srcDir, c);
    if (existsSync(abs) && statSync(abs).isFile() && isSource(c)) return c;
  }
  return null;
}

const top = (file) => file.split("/")[0];
const layerOf = (file) => LAYERS[top(file)] ?? (file.includes("/") ? AREA : TOP);
const areaOf = (file) => (layerOf(file) === AREA ? top(file) : null);

/** Every file's imports of other files under src (type imports too: a loop of types is a loop of design). */
export function importGraph(srcDir) {
  const graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const targets = new Set();
    for (const [, spec] of readFileSync(join(srcDir, file), "utf8").matchAll(SPECIFIER)) {
      const to = resolve(srcDir, file, spec);
      if (to && to !== file) targets.add(to);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The loops of a graph (Tarjan's strongly connected components of more than one node), each sorted. */
export function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** Every breach of the Worker's layering under `srcDir`, as one line each. */
export function workerViolations(srcDir) {
  const graph = importGraph(srcDir);
  const found = [];
  const areas = new Map();
  for (const [file, targets] of graph) {
    for (const to of targets) {
      const [from, into] = [layerOf(file), layerOf(to)];
      const theirs = areaOf(to);
      if (into > from && !(from === TOP && into === AREA) && !(from === AREA && into === AREA))
        found.push(`${file}: imports ${to} (a lower layer imports a higher one)`);
      else if (theirs && theirs !== areaOf(file)) {
        if (to !== `${theirs}/index.ts`)
          found.push(`${file}: imports ${to} (another area is used through its index.ts, its public entry)`);
        if (areaOf(file)) (areas.get(areaOf(file)) ?? areas.set(areaOf(file), new Set()).get(areaOf(file))).add(theirs);
      }
    }
  }
  for (const loop of cycles(graph)) found.push(`files import each other in a loop: ${loop.join(", ")}`);
  for (const loop of cycles(areas)) found.push(`areas import each other in a loop: ${loop.join(", ")}`);
  return found;
}

export const workerSrc = join(dirname(new URL(import.meta.url).pathname), "../../worker/src");
