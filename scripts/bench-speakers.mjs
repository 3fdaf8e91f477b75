// Benchmark (not a test): speaker recognition on the development set and the held-out set that
// asr/tests/devset.py mixes from test-fixtures/ (real single-speaker speech and espeak-ng voices, 2-6 speakers per
// recording, each with a reference RTTM; cached in asr/.cache/speaker-devset/). Prints per recording and overall the
// DER (pyannote.metrics, collar 0.25 s, overlap scored), the speakers found against the true count, word-speaker
// accuracy (tiny.en's words, cached), and diarization's seconds against the recording's length. Arguments go to
// asr/tests/bench_speaker_devset.py: --sets dev,dev2,heldout,heldout2 (any of them)  --hints (give the true count)  --json FILE.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const python = join(root, "asr", ".venv", "bin", "python");
if (!existsSync(python)) {
  console.error("bench:speakers: asr/.venv is missing: run bash asr/install.sh --test");
  process.exit(1);
}
const run = spawnSync(python, [join(root, "asr", "tests", "bench_speaker_devset.py"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
process.exit(run.status ?? 1);
