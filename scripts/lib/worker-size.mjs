// The Worker's upload size as Cloudflare counts it: `wrangler deploy --dry-run` bundles it as a deploy would and prints
// "Total Upload: … KiB / gzip: … KiB". The free plan takes at most 3 MiB gzipped (the paid plan 10 MiB).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { root, wranglerBin, wranglerEnv } from "./env.mjs";

export const FREE_PLAN_GZIP_KIB = 3 * 1024;

/** { totalKiB, gzipKiB } from wrangler's output, or null when it has no "Total Upload" line. */
export function parseUploadSize(output) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: wrangler colours the sizes; the colour codes go first.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, "");
  const match = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(plain);
  return match ? { totalKiB: Number(match[1]), gzipKiB: Number(match[2]) } : null;
}

/** The script's bytes in the bundle by npm package (or by folder, for the app's own code), largest first. */
function largestParts(metafile, count = 6) {
  const meta = JSON.parse(readFileSync(metafile, "utf8"));
  const output = Object.entries(meta.outputs).find(([name]) => name.endsWith(".js"))?.[1];
  const parts = new Map();
  for (const [input, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(input);
    const name = pkg ? pkg[1] : input.split("/").slice(0, 3).join("/");
    parts.set(name, (parts.get(name) ?? 0) + bytesInOutput);
  }
  return [...parts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, bytes]) => `${name} ${Math.round(bytes / 1024)} KiB`);
}

/**
 * Bundles the Worker as `wrangler deploy --env production` would, offline and without deploying, and measures it.
 * Needs web/dist (the build), which wrangler.toml names as the static assets (they do not count in the size).
 */
export function measureWorker({ env = "production", timeoutMs = 180_000 } = {}) {
  if (!existsSync(`${root}web/dist/index.html`))
    throw new Error("web/dist is missing: build the web app first (pnpm build), the dry run reads its assets");
  const dir = mkdtempSync(join(tmpdir(), "verbatim-dry-run-"));
  try {
    const metafile = join(dir, "meta.json");
    const args = ["deploy", "--dry-run", "--env", env, "--outdir", join(dir, "out"), "--metafile", metafile];
    const res = spawnSync(wranglerBin, args, {
      cwd: root,
      env: { ...wranglerEnv, FORCE_COLOR: "0" },
      encoding: "utf8",
      timeout: timeoutMs,
      killSignal: "SIGKILL",
    });
    const output = `${res.stdout ?? ""}${res.stderr ?? ""}`;
    if (res.error?.code === "ETIMEDOUT") throw new Error(`wrangler deploy --dry-run took over ${timeoutMs / 1000} s`);
    const size = parseUploadSize(output);
    if (res.status !== 0 || !size)
      throw new Error(`wrangler deploy --dry-run exited with ${res.status ?? res.signal}:\n${output.slice(-3000)}`);
    return { ...size, largest: existsSync(metafile) ? largestParts(metafile) : [] };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
