// Generates worker-configuration.d.ts (the Worker's Env: bindings and vars) from wrangler.toml with
// `wrangler types`; `--check` fails when the committed file is not what wrangler.toml gives now (typecheck
// runs it). Offline, and blind to .dev.vars (`--env-file /dev/null`): local secrets never leak into the type.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const worker = fileURLToPath(new URL("..", import.meta.url));
const TARGET = "worker-configuration.d.ts";
const check = process.argv.includes("--check");
const out = check ? ".worker-configuration.check.d.ts" : TARGET;

// `--strict-vars=false`: vars are `string`, not the union of the values in wrangler.toml's environments.
// `--include-runtime=false`: the runtime's types come from @cloudflare/workers-types (tsconfig).
const args = [
  "types",
  "-c",
  "../wrangler.toml",
  out,
  "--include-runtime=false",
  "--strict-vars=false",
  "--env-file",
  "/dev/null",
];
const offline = {
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_HIDE_BANNER: "true",
};
execFileSync(`${worker}node_modules/.bin/wrangler`, args, {
  cwd: worker,
  env: { ...process.env, ...offline },
  stdio: ["ignore", "ignore", "inherit"],
  timeout: 60_000,
});

// wrangler declares `GlobalProps.mainModule: typeof import("./src/index")` (for ctx.exports, which Verbatim does
// not use). That import pulls the whole app into every program that reads Env, including the declaration build
// of the web app's AppType, where the app's inferred type is too long to write out (TS7056). So it is dropped.
const MAIN_MODULE = /\tinterface GlobalProps \{\n\t\tmainModule: typeof import\("\.\/src\/index"\);\n\t\}\n/;
const generated = readFileSync(`${worker}${out}`, "utf8");
writeFileSync(`${worker}${out}`, generated.replace(MAIN_MODULE, ""));

if (check) {
  // The second line names the command (and the output path); the rest must match.
  const body = (file) => readFileSync(`${worker}${file}`, "utf8").split("\n").slice(2).join("\n");
  const fresh = body(out);
  rmSync(`${worker}${out}`);
  let committed = "";
  try {
    committed = body(TARGET);
  } catch {}
  if (fresh !== committed) {
    console.error(
      `worker/${TARGET} does not match wrangler.toml: run \`pnpm --filter @verbatim/worker cf-types\` and commit it.`,
    );
    process.exit(1);
  }
}
