// One command from a fresh clone to a running app: installs, builds, migrates, then runs the speech engine
// beside `wrangler dev`. Ctrl-C stops both.
import { startEngine, startWorker } from "./lib/app.mjs";
import { root } from "./lib/env.mjs";
import { preflight } from "./lib/preflight.mjs";
import { stopAll, stopAllOnSignals } from "./lib/processes.mjs";
import { buildWeb, install, migrate, seedAssets } from "./lib/setup.mjs";

const started = Date.now();
const port = Number(process.env.PORT || 8787);
const asrPort = Number(process.env.ASR_PORT || 8788);
const persistTo = process.env.VERBATIM_DATA_DIR || `${root}.wrangler/state`;

stopAllOnSignals(() => console.log("\nStopping Verbatim…"));

preflight("start");
try {
  install();
  buildWeb();
  migrate(persistTo);
  seedAssets(persistTo);
  console.log("Starting the speech engine and the app…");
  await startEngine({ port: asrPort, model: process.env.VERBATIM_ASR_MODEL || "base" });
  await startWorker({ port, asrPort, persistTo });
} catch (err) {
  console.error(`\n✗ ${err.message}`);
  await stopAll();
  process.exit(1);
}
console.log(
  `\n  Verbatim is running at http://127.0.0.1:${port}  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Ctrl-C to stop)\n`,
);
