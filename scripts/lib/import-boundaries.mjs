import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, posix, relative, sep } from "node:path";

// The web app's layers (docs/architecture/web-app.md#layers): a feature imports only itself and the shared layers
// (components/, entities/, lib/); the shared layers import no feature. Routes and main.tsx compose features.
// Biome's noRestrictedImports matches import specifiers only, so it cannot say "another feature than mine".

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|js|jsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The file's path under src ("features/upload/lib/x.ts"), or the import's target there; null for packages. */
function target(fromFile, specifier) {
  if (specifier.startsWith("@/")) return posix.normalize(specifier.slice(2));
  if (specifier.startsWith(".")) return posix.normalize(posix.join(posix.dirname(fromFile), specifier));
  return null;
}

const featureOf = (path) => (path.startsWith("features/") ? path.split("/")[1] : null);
const SHARED_LAYERS = ["components/", "entities/", "lib/"];

/** Every import in `srcDir` that crosses a boundary, as "file: imports target (why)". */
export function importViolations(srcDir) {
  const found = [];
  for (const absolute of sourceFiles(srcDir)) {
    const file = relative(srcDir, absolute).split(sep).join("/");
    const ownFeature = featureOf(file);
    const sharedLayer = SHARED_LAYERS.some((layer) => file.startsWith(layer));
    if (!ownFeature && !sharedLayer) continue;
    for (const [, specifier] of readFileSync(absolute, "utf8").matchAll(SPECIFIER)) {
      const to = target(file, specifier);
      const toFeature = to && featureOf(to);
      if (!toFeature || toFeature === ownFeature) continue;
      const why = ownFeature
        ? `feature '${ownFeature}' imports feature '${toFeature}'`
        : `${file.split("/")[0]}/ imports a feature`;
      found.push(`${file}: imports ${specifier} (${why}; move what both need to entities/, components/ or lib/)`);
    }
  }
  return found;
}

export const webSrc = join(dirname(new URL(import.meta.url).pathname), "../../web/src");
