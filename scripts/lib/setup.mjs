import { existsSync } from "node:fs";
import { root, wranglerBin } from "./env.mjs";
import { run } from "./processes.mjs";

/** Installs what the app needs, each step idempotent and quick when nothing changed. */
export function install({ withTests = false } = {}) {
  run("pnpm", ["install", "--frozen-lockfile", "--prefer-offline"], { cwd: root });
  run("bash", [`${root}asr/install.sh`, ...(withTests ? ["--test"] : ["--bundled"])]);
}

export function buildWeb() {
  run(`${root}node_modules/.bin/vite`, ["build", "--logLevel", "warn"], { cwd: root });
}

export function migrate(persistTo) {
  run(wranglerBin, ["d1", "migrations", "apply", "DB", "--local", "--persist-to", persistTo], { cwd: root });
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
