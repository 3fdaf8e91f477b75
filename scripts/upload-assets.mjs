// Uploads what the Worker reads from R2 (ffmpeg.wasm's core and the PDF fonts, lib/setup.mjs r2Assets) to the MEDIA
// bucket where wrangler's flags say, e.g. `node scripts/upload-assets.mjs --remote --env production`. `--bucket NAME`
// for a bucket not named verbatim-media. The start and test commands put them into their local R2 themselves.
import { putAsset, r2Assets } from "./lib/setup.mjs";

function fail(message) {
  console.error(`upload-assets: ${message}`);
  process.exit(1);
}

const args = process.argv.slice(2);
const at = args.indexOf("--bucket");
const bucket = at === -1 ? undefined : args[at + 1];
if (at !== -1 && !bucket) fail("--bucket needs a name");
const where = at === -1 ? args : [...args.slice(0, at), ...args.slice(at + 2)];
if (!where.includes("--remote") && !where.includes("--local"))
  fail("say where: --remote (with --env production), or --local --persist-to DIR");

try {
  for (const asset of r2Assets({ required: true })) {
    console.log(`${asset.key} ← ${asset.file}`);
    putAsset(asset, where, { bucket });
  }
} catch (err) {
  fail(err.message);
}
