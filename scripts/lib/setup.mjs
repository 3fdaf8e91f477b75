import { existsSync } from "node:fs";
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

/** ffmpeg.wasm's core is past the 25 MiB asset limit, so it lives in R2 and the Worker serves it. */
export function seedFfmpegCore(persistTo) {
  const dist = `${root}web/node_modules/@ffmpeg/core/dist/esm/`;
  if (!existsSync(`${dist}ffmpeg-core.wasm`)) return;
  for (const file of ["ffmpeg-core.js", "ffmpeg-core.wasm"]) {
    run(
      wranglerBin,
      [
        "r2",
        "object",
        "put",
        `verbatim-media/assets/ffmpeg/${file}`,
        "--file",
        `${dist}${file}`,
        "--local",
        "--persist-to",
        persistTo,
      ],
      { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
    );
  }
}
