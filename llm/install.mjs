// Installs the local language model: node-llama-cpp (prebuilt CPU binaries, nothing compiled) into llm/node_modules,
// and the weights into the cache (weights.mjs). Idempotent and quick when nothing changed. Prints the model's path.
//   node llm/install.mjs
//   node llm/install.mjs --check   installs nothing: exits 0 when both are in place, else 1 saying what is missing
// Its own npm project, outside the pnpm workspace: a machine where it fails still installs and runs the app, which
// then analyses with the offline engine and says why.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { installWeights, modelPath, weightsReady } from "./weights.mjs";

const dir = new URL(".", import.meta.url).pathname;
const stamp = `${dir}node_modules/.installed`;
const lock = createHash("sha256")
  .update(`${process.version}\n${readFileSync(`${dir}package-lock.json`)}`)
  .digest("hex");

let installed = "";
try {
  installed = readFileSync(stamp, "utf8");
} catch {
  // Not installed yet.
}
// For what must not download a gigabyte on its own (pnpm bench:analysis): is the model ready to run?
if (process.argv.includes("--check")) {
  const missing = [
    ...(installed === lock ? [] : ["node-llama-cpp is not installed"]),
    ...((await weightsReady()) ? [] : [`the weights (${modelPath()}) are not installed`]),
  ];
  if (missing.length > 0) console.error(`llm: ${missing.join("; ")}: run node llm/install.mjs`);
  process.exit(missing.length > 0 ? 1 : 0);
}
if (installed !== lock) {
  console.log("llm: installing node-llama-cpp …");
  const npm = spawnSync("npm", ["ci", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: dir,
    stdio: "inherit",
    timeout: 10 * 60_000,
  });
  if (npm.status !== 0) {
    console.error(`llm: npm ci failed (${npm.status ?? npm.signal})`);
    process.exit(1);
  }
  writeFileSync(stamp, lock);
}

try {
  console.log(await installWeights());
} catch (err) {
  console.error(`llm: ${err.message}`);
  process.exit(1);
}
