import { spawn } from "node:child_process";
import { wranglerEnv } from "./env.mjs";

/** Runs a test step with its output shown live, and reads the runner's own passed/failed counts from it. */
export function runCounted(name, cmd, args, opts = {}) {
  return new Promise((resolve) => {
    console.log(`\n━━ ${name} ━━`);
    const child = spawn(cmd, args, { env: wranglerEnv, ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const tee = (stream, to) =>
      stream.on("data", (d) => {
        out += d;
        to.write(d);
      });
    tee(child.stdout, process.stdout);
    tee(child.stderr, process.stderr);
    child.on("close", (code) => {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the runners' colour codes (ESC sequences).
      const plain = out.replace(/\x1b\[[0-9;]*m/g, "");
      const count = (re, text = plain) => [...text.matchAll(re)].reduce((n, m) => n + Number(m[1]), 0);
      // vitest: "Tests  12 passed | 1 failed (13)"; pytest: "== 47 passed, 1 failed in 23.1s =="
      const vitest = /^\s*Tests\s+(.*)$/gm;
      let passed = 0;
      let failed = 0;
      for (const m of plain.matchAll(vitest)) {
        passed += Number(m[1].match(/(\d+) passed/)?.[1] ?? 0);
        failed += Number(m[1].match(/(\d+) failed/)?.[1] ?? 0);
      }
      // pytest's closing line, with or without -q's "=" framing.
      const pytest = plain.match(/^=*\s*((?:\d+ \w+,? ?)+) in [\d.]+s/m);
      if (pytest) {
        passed += count(/(\d+) passed/g, pytest[1]);
        failed += count(/(\d+) (?:failed|error)/g, pytest[1]);
      }
      resolve({ name, ok: code === 0, passed, failed });
    });
  });
}
