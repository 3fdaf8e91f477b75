// Speed of the offline analysis on a 10,000-word transcript, against a plain word-count pass over the same text
// measured in the same run, and (under Node) the gzipped size the analysis adds to the Worker bundle.
// Runs in both vitest projects: `workers` (inside workerd) and `node`. Not a timed test: it only reports.
import { DEFAULT_ANALYSIS_PREFERENCES } from "@verbatim/shared";
import { bench, describe } from "vitest";
import { analyseOffline } from "../src/analysis/offline";
import { generatedTranscript } from "../src/analysis/test-support";

const WORDS = 10_000;
const input = generatedTranscript(WORDS);
const text = input.segments.map((s) => s.text).join("\n");
const analyse = () => {
  analyseOffline(input, DEFAULT_ANALYSIS_PREFERENCES);
};
const countWords = () => {
  text.split(/\s+/).filter((w) => w.length > 0);
};

function msPerRun(run: () => void, runs: number): number {
  const start = performance.now();
  for (let k = 0; k < runs; k++) run();
  return (performance.now() - start) / runs;
}

const inWorkerd = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === "Cloudflare-Workers";

/** Gzipped size of a minimal Worker with and without the analysis, bundled by wrangler as a deploy would. */
async function bundleSizes(): Promise<string> {
  const { execFileSync } = await import("node:child_process");
  const { mkdtempSync, writeFileSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const { fileURLToPath } = await import("node:url");
  const wrangler = fileURLToPath(new URL("../node_modules/.bin/wrangler", import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), "analysis-bundle-"));
  try {
    writeFileSync(
      join(dir, "wrangler.toml"),
      'name = "bench"\ncompatibility_date = "2026-04-26"\ncompatibility_flags = ["nodejs_compat"]\n',
    );
    const entries = {
      "empty Worker": "export default { fetch: () => new Response('ok') };",
      "offline engine": `import { analyseOffline } from ${JSON.stringify(fileURLToPath(new URL("../src/analysis/offline/index.ts", import.meta.url)))};
export default { fetch: async (r) => Response.json(analyseOffline(await r.json())) };`,
      "runAnalysis (offline + LLM providers)": `import { runAnalysis } from ${JSON.stringify(fileURLToPath(new URL("../src/analysis/index.ts", import.meta.url)))};
export default { fetch: async (r) => Response.json(await runAnalysis(await r.json(), {}, {})) };`,
    };
    const sizes: [string, number][] = Object.entries(entries).map(([name, source], k) => {
      writeFileSync(join(dir, `entry${k}.js`), source);
      const out = execFileSync(
        wrangler,
        [
          "deploy",
          "--dry-run",
          "--minify",
          "--outdir",
          join(dir, `out${k}`),
          "-c",
          join(dir, "wrangler.toml"),
          join(dir, `entry${k}.js`),
        ],
        { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
      );
      const gzip = /gzip: ([\d.]+) KiB/.exec(out)?.[1];
      return [name, Number(gzip)];
    });
    const base = sizes[0]?.[1] ?? 0;
    return sizes
      .map(([name, kib]) => `  ${name}: ${kib.toFixed(1)} KiB gzipped (adds ${(kib - base).toFixed(1)} KiB)`)
      .join("\n");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function report(): Promise<string> {
  analyse();
  const engine = msPerRun(analyse, 5);
  const baseline = msPerRun(countWords, 200);
  const lines = [
    `Analysis benchmark (${inWorkerd ? "workerd" : `Node ${process.version}`}):`,
    `  offline analysis: ${engine.toFixed(1)} ms per 10,000 words (target < 1000 ms)`,
    `  baseline word count: ${baseline.toFixed(3)} ms per 10,000 words`,
    `  ratio: ${(engine / Math.max(baseline, 0.001)).toFixed(0)}x the baseline`,
  ];
  if (!inWorkerd) lines.push("Bundle size (wrangler deploy --dry-run --minify):", await bundleSizes());
  return lines.join("\n");
}

// Vitest runs no hooks in bench mode, so the report is made while the file loads. Under Node it goes straight
// to stderr; workerd's output passes through vitest's console capture (shown with --silent=false).
const summary = await report();
if (inWorkerd) console.warn(summary);
else process.stderr.write(`${summary}\n`);

describe(`offline analysis of a ${WORDS.toLocaleString("en")}-word transcript`, () => {
  bench("analyseOffline", analyse, { iterations: 10 });
  bench("baseline: word count over the same text", countWords);
});
