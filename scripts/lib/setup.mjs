import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { root, wranglerBin } from "./env.mjs";
import { renameAppliedMigrationsSql } from "./migration-names.mjs";
import { run, runAsync } from "./processes.mjs";

/** Installs what the app needs, each step idempotent and quick when nothing changed. */
export function install({ withTests = false } = {}) {
  run("pnpm", ["install", "--frozen-lockfile", "--prefer-offline"], { cwd: root });
  run("bash", [`${root}asr/install.sh`, ...(withTests ? ["--test"] : ["--bundled"])]);
}

export function buildWeb() {
  run(`${root}node_modules/.bin/vite`, ["build", "--logLevel", "warn"], { cwd: root });
}

/**
 * install({ withTests: true }) and buildWeb() for the test command, side by side: pnpm and pip mostly wait on
 * the network and the disk, so the engine's virtualenv is made while the JavaScript packages come in and the
 * web app is built. `alongside`: more setup to wait for (stripe-mock's Go build, the fuzz virtualenv).
 */
export async function installAndBuildForTests(alongside = []) {
  const settled = await Promise.allSettled([
    runAsync("pnpm", ["install", "--frozen-lockfile", "--prefer-offline"], { cwd: root }).then(() =>
      runAsync(`${root}node_modules/.bin/vite`, ["build", "--logLevel", "warn"], { cwd: root }),
    ),
    runAsync("bash", [`${root}asr/install.sh`, "--test"]),
    ...alongside,
  ]);
  // Each part ran to its end (none is left running behind the summary); the first failure is the step's.
  const failed = settled.find((s) => s.status === "rejected");
  if (failed) throw failed.reason;
}

/** Applies the migrations to the local D1 in `persistTo`; `config`: another wrangler.toml (tests). */
export function migrate(persistTo, { config } = {}) {
  applyMigrations(["--local", "--persist-to", persistTo, ...(config ? ["--config", config] : [])]);
}

/** Renames the rows of migrations applied under old names (migration-names.mjs), then applies the rest. */
export function applyMigrations(where) {
  const opts = { cwd: root, stdio: ["ignore", "ignore", "inherit"] };
  run(wranglerBin, ["d1", "execute", "DB", ...where, "--command", renameAppliedMigrationsSql()], opts);
  run(wranglerBin, ["d1", "migrations", "apply", "DB", ...where], { cwd: root });
}

/**
 * What the Worker reads from R2 rather than from its bundle or static assets, under `assets/` in the MEDIA bucket:
 * ffmpeg.wasm's core (past the 25 MiB asset limit; worker/src/uploads/ffmpeg-core.ts serves it) and the PDF fonts
 * (bundled, they would put the Worker past the free plan's 3 MB; worker/src/export/fonts reads them). ffmpeg's core
 * comes with the web app's packages: without them it is left out, unless `required`.
 */
export function r2Assets({ required = false } = {}) {
  const ffmpeg = `${root}web/node_modules/@ffmpeg/core/dist/esm/`;
  const fonts = `${root}worker/assets/fonts/`;
  if (required && !existsSync(`${ffmpeg}ffmpeg-core.wasm`))
    throw new Error(`ffmpeg.wasm's core is missing from ${ffmpeg}: run pnpm install first`);
  return [
    ...(existsSync(`${ffmpeg}ffmpeg-core.wasm`) ? ["ffmpeg-core.js", "ffmpeg-core.wasm"] : []).map((f) => ({
      key: `assets/ffmpeg/${f}`,
      file: `${ffmpeg}${f}`,
    })),
    ...readdirSync(fonts)
      .filter((f) => f.endsWith(".ttf"))
      .map((f) => ({ key: `assets/fonts/${f}`, file: `${fonts}${f}` })),
  ];
}

/** `wrangler r2 object put` of one asset; `where`: --local --persist-to …, or --remote (and --env …). */
export function putAsset({ key, file }, where, { bucket = "verbatim-media" } = {}) {
  run(wranglerBin, ["r2", "object", "put", `${bucket}/${key}`, "--file", file, ...where], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * Puts r2Assets() into the local R2 in `persistTo`. A stamp beside miniflare's R2 data remembers what went in, so a
 * restart skips the files that have not changed (each put starts wrangler, and ffmpeg's core is 31 MiB).
 */
export function seedAssets(persistTo) {
  const stampFile = join(persistTo, "v3", "r2", "verbatim-assets.json");
  let stamp = {};
  try {
    stamp = JSON.parse(readFileSync(stampFile, "utf8"));
  } catch {
    // No stamp yet (a fresh data directory) or an unreadable one: every asset is put.
  }
  for (const asset of r2Assets()) {
    const { size, mtimeMs } = statSync(asset.file);
    const version = `${size}:${Math.round(mtimeMs)}`;
    if (stamp[asset.key] === version) continue;
    putAsset(asset, ["--local", "--persist-to", persistTo]);
    stamp[asset.key] = version;
    mkdirSync(dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
  }
}
