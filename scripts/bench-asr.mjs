// Benchmark (not a test): about 10 minutes of fixture speech with known text, for tiny.en and base, in one
// run: the engine alone with faster-whisper's own decoding (sequential 30 s windows, beam search of 5; the
// baseline) and with its defaults (VAD windows decoded in batches by one decoder per core,
// docs/speech-engine/decoding.md), then the full pipeline (upload, queue, engine, storage) on the defaults.
// Prints time, RTF, × real time and WER for each, the speed-up over the baseline and the share of the engine's
// throughput the pipeline keeps. Baseline, defaults and pipeline run interleaved, round after round, so a busy
// machine slows them alike; each keeps its best round. Both engines are also timed with speaker recognition
// (diarize=true) on the same recording, to print what it adds to each.
//   BENCH_MODELS=tiny.en,base  BENCH_ROUNDS=1  (each round times each engine and the pipeline once; best kept)
//   BENCH_PIPELINE=0  (skip the full pipeline: the engine's numbers only)  BENCH_SECONDS=600  (recording length)
//   BENCH_DIARIZE=0  (skip the diarize=true timing: on a busy machine it takes longer than the rest)
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import {
  audioFixture,
  durationOf,
  JFK_FLAC,
  joinAudio,
  REFERENCE_CLIPS,
  referenceOf,
  toMono16k,
} from "@verbatim/testing/audio";
import { wordErrorRate } from "@verbatim/testing/wer";
import { startEngine, startWorker } from "./lib/app.mjs";
import { register, upgradeToPro } from "./lib/bench-seed.mjs";
import { stopAll, stopAllOnSignals, stopService } from "./lib/processes.mjs";
import { buildWeb, install, migrate } from "./lib/setup.mjs";

// A meeting's length: the pipeline's fixed costs (upload, queue, analysis) weigh as they would. The benchmark's
// user is put on the PRO plan, whose recordings may be longer than the Free plan's 5 minutes.
const TARGET_SECONDS = Number(process.env.BENCH_SECONDS || 600);
// Every clip with a reference transcript, so the whole recording has one.
const CLIPS = REFERENCE_CLIPS;
const MODELS = { "tiny.en": "bundled", base: "base" };
const BASELINE = "faster-whisper defaults";
const CHOSEN = "defaults";
const CONFIGS = {
  // The baseline: faster-whisper's sequential decoding, 30 s windows one after another, beam search of 5.
  [BASELINE]: { ASR_BATCH_SIZE: "0" },
  // The engine's defaults (docs/speech-engine/decoding.md).
  [CHOSEN]: {},
};
const models = (process.env.BENCH_MODELS || "tiny.en,base").split(",").map((m) => m.trim());
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS || 1));
const withPipeline = process.env.BENCH_PIPELINE !== "0";
const withDiarization = process.env.BENCH_DIARIZE !== "0";

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Whole clips, looped until the recording is at least TARGET_SECONDS long; returns the file and its text. */
function buildRecording(dir) {
  const clips = CLIPS.map((clip, i) => toMono16k(audioFixture(clip), join(dir, `c${i}.wav`), 0.5));
  const once = joinAudio(clips, join(dir, "once.wav"));
  const loops = Math.ceil(TARGET_SECONDS / durationOf(once));
  const out = joinAudio(
    Array.from({ length: loops }, () => once),
    join(dir, "recording.wav"),
  );
  const text = Array.from({ length: loops }, () => CLIPS.map(referenceOf).join(" ")).join(" ");
  return { file: out, text };
}

async function timed(fn) {
  const t0 = performance.now();
  const value = await fn();
  return { seconds: (performance.now() - t0) / 1000, value };
}

/** What the pipeline asks of the engine: verbose_json with segment and word times. */
function transcribeDirect(asrPort, audio, name, fields = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", audio, name);
  form.append("model", "whisper-1");
  form.append("response_format", "verbose_json");
  form.append("timestamp_granularities[]", "segment");
  form.append("timestamp_granularities[]", "word");
  return fetch(`http://127.0.0.1:${asrPort}/v1/audio/transcriptions`, { method: "POST", body: form }).then(
    async (r) => {
      if (!r.ok) throw new Error(`engine answered ${r.status}: ${await r.text()}`);
      return r.json();
    },
  );
}

/** An engine request, timed; sent again once when the connection was closed before any answer: uvicorn closes
 * keep-alive connections after 5 s idle, and the next request on one can race that close. */
async function timedDirect(asrPort, audio, name, fields) {
  try {
    return await timed(() => transcribeDirect(asrPort, audio, name, fields));
  } catch (e) {
    if (e?.cause?.code !== "UND_ERR_SOCKET") throw e;
    console.warn(`engine on port ${asrPort}: connection closed before an answer (${e.cause.message}); sending again`);
    return timed(() => transcribeDirect(asrPort, audio, name, fields));
  }
}

/** One recording through the app: upload, queue, engine, storage, analysis. Returns the transcription, the seconds
 * from the upload's start to its completion (by the row's updated_at: the server's clock, the same machine's,
 * so the poll's interval is not counted) and the seconds its own log gives the engine ("Transcribed the
 * recording: … in N s"). */
async function pipeline(app, cookie, audio) {
  const started = Date.now();
  const form = new FormData();
  form.append("size", String(audio.size)); // as the web app sends it: the file is stored in one piece
  form.append("file", audio, "recording.wav");
  const up = await fetch(`${app}/api/transcriptions/upload`, {
    method: "POST",
    body: form,
    headers: { Cookie: cookie, Origin: app },
  });
  const { id } = await up.json();
  const until = Date.now() + 30 * 60_000;
  while (Date.now() < until) {
    const t = await (await fetch(`${app}/api/transcriptions/${id}`, { headers: { Cookie: cookie } })).json();
    if (t.status === "FAILED") throw new Error(`pipeline failed: ${t.error_message}`);
    if (["COMPLETED", "COMPLETED_WITH_ERRORS"].includes(t.status)) {
      const trace = await fetch(`${app}/api/transcriptions/${id}/trace`, { headers: { Cookie: cookie } });
      const log = (await trace.json()).logs.join("\n");
      const engine = Number(log.match(/Transcribed the recording: .* in ([\d.]+) s/)?.[1] ?? Number.NaN);
      return { t, seconds: (Date.parse(t.updated_at) - started) / 1000, engine };
    }
    // Every 3 s, as the web app polls: each read crosses wrangler dev's proxy and costs the engine CPU (polling
    // every 100 ms cost it a fifth of its two cores), and the time is taken from the row, not from the poll.
    await new Promise((r) => setTimeout(r, 3000));
  }
  throw new Error("the pipeline did not finish within 30 minutes");
}

stopAllOnSignals();
install({ withTests: true });
if (withPipeline) buildWeb();
const dir = mkdtempSync(join(tmpdir(), "verbatim-bench-"));
const rows = [];
const load = () => loadavg()[0].toFixed(2);
const loadBefore = load();
let duration = 0;
let recording = null;
function printTable() {
  if (!rows.length) return;
  console.log(
    `\nspeech: ${duration.toFixed(1)} s of audio (${CLIPS.length} fixture clips, looped), ${rounds} round(s); load average ${loadBefore} before, ${load()} after`,
  );
  console.log("model    path           configuration                 seconds      RTF   × real time   WER %   ratio");
  for (const r of rows) {
    const rtf = r.seconds / duration;
    console.log(
      `${r.model.padEnd(8)} ${r.path.padEnd(14)} ${r.config.padEnd(27)} ${r.seconds.toFixed(2).padStart(9)} ${rtf.toFixed(4).padStart(8)} ${(1 / rtf).toFixed(1).padStart(11)}× ${(100 * wordErrorRate(recording.text, r.text)).toFixed(2).padStart(7)}   ${r.vs}`,
    );
  }
}
try {
  recording = buildRecording(dir);
  const audio = new Blob([readFileSync(recording.file)], { type: "audio/wav" });
  const warmup = new Blob([readFileSync(JFK_FLAC)]);
  if (withPipeline) migrate(join(dir, "state"));
  for (const label of models) {
    const model = MODELS[label];
    if (!model) throw new Error(`BENCH_MODELS: unknown model ${label} (tiny.en, base)`);
    // Both configurations load side by side; the idle one costs no CPU.
    const engines = {};
    for (const [config, env] of Object.entries(CONFIGS)) {
      const port = await freePort();
      const child = await startEngine({ port, model, env: { ...env, ASR_LOG_LEVEL: "warning" } });
      const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
      if (health.model !== model) throw new Error(`${label}: the engine fell back to ${health.model}`);
      await transcribeDirect(port, warmup, "warmup.flac"); // both start from the same, warm state
      engines[config] = { port, child, best: null };
    }
    // The app on the defaults' engine, for the full pipeline: it runs in the same rounds as the engine alone, so
    // the share it keeps compares runs made moments apart.
    let app = null;
    let worker = null;
    if (withPipeline) {
      const port = await freePort();
      worker = await startWorker({ port, asrPort: engines[CHOSEN].port, persistTo: join(dir, "state") });
      app = {
        url: `http://127.0.0.1:${port}`,
        ...(await register(`http://127.0.0.1:${port}`, `bench${label.replace(/\W/g, "")}`)),
      };
      await upgradeToPro(join(dir, "state"), app.id);
    }
    // Speaker recognition on each engine: the same request plus diarize=true.
    const diarized = {};
    let full = null;
    for (let round = 0; round < rounds; round++) {
      for (const e of Object.values(engines)) {
        const run = await timedDirect(e.port, audio, "recording.wav");
        duration = run.value.duration;
        if (!e.best || run.seconds < e.best.seconds) e.best = { seconds: run.seconds, text: run.value.text };
      }
      if (app) {
        const run = await pipeline(app.url, app.cookie, audio);
        if (!full || run.seconds < full.seconds) full = run;
      }
      if (!withDiarization) continue;
      for (const [config, e] of Object.entries(engines)) {
        const run = await timedDirect(e.port, audio, "recording.wav", { diarize: "true" });
        if (run.value.warning) throw new Error(`${label}: diarization failed: ${run.value.warning}`);
        if (!diarized[config] || run.seconds < diarized[config].seconds) {
          diarized[config] = { seconds: run.seconds, text: run.value.text, speakers: run.value.speakers.length };
        }
      }
    }
    const baseline = engines[BASELINE].best.seconds;
    for (const [config, e] of Object.entries(engines)) {
      rows.push({
        model: label,
        path: "engine alone",
        config,
        ...e.best,
        vs: `${(baseline / e.best.seconds).toFixed(2)}× the baseline's speed`,
      });
    }
    for (const [config, d] of Object.entries(diarized)) {
      const added = ((d.seconds / engines[config].best.seconds - 1) * 100).toFixed(1);
      rows.push({
        model: label,
        path: "engine alone",
        config: `${config} + diarization`,
        ...d,
        vs: `${(baseline / d.seconds).toFixed(2)}× the baseline's speed; diarization adds ${added} % to ${config}'s time, ${d.speakers} speakers`,
      });
    }
    if (full) {
      const kept = ((engines[CHOSEN].best.seconds / full.seconds) * 100).toFixed(1);
      rows.push({
        model: label,
        path: "full pipeline",
        config: CHOSEN,
        seconds: full.seconds,
        text: full.t.text ?? "",
        vs: `${(baseline / full.seconds).toFixed(2)}× the baseline's speed; keeps ${kept} % of the engine's throughput (the engine took ${full.engine.toFixed(1)} s of it by the job's log, the rest ${(full.seconds - full.engine).toFixed(1)} s)`,
      });
    }
    if (worker) await stopService(worker);
    for (const e of Object.values(engines)) await stopService(e.child);
  }
} finally {
  // Also after a failure: what was measured up to it.
  printTable();
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
}
