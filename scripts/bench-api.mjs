// Load benchmark of the API (pnpm bench:api; not a test). On loopback only: `wrangler dev` on a throwaway
// --persist-to directory, a user registered through the real API, then 200 completed transcriptions with
// their timed transcripts seeded straight into that directory's local D1 and R2 (transcribing 200
// recordings would take an hour). autocannon then loads each endpoint at 1, 10 and 50 connections, with
// GET /api/health measured the same way in the same run as the baseline. Any error or non-2xx fails the run.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fixture } from "@verbatim/testing/fixtures";
import autocannon from "autocannon";
import { getPlatformProxy } from "wrangler";
import { startWorker } from "./lib/app.mjs";
import { register, transcriptOf } from "./lib/bench-seed.mjs";
import { root } from "./lib/env.mjs";
import { stopAll, stopAllOnSignals, stopService } from "./lib/processes.mjs";
import { migrate } from "./lib/setup.mjs";

const PORT = Number(process.env.BENCH_PORT || 8799);
const SECONDS = Number(process.env.BENCH_SECONDS || 5);
const TRANSCRIPTIONS = 200;
const CONNECTIONS = [1, 10, 50];
const base = `http://127.0.0.1:${PORT}`;

/** A real meeting's words (test-fixtures/), timed at a speaking pace, as the engine would store them. */
function meetingTranscript() {
  const lines = readFileSync(fixture("meetings/atlas-q3-planning.txt"), "utf8").split("\n").filter(Boolean);
  const segments = [];
  let t = 0;
  for (const line of lines) {
    const [speaker, said = ""] = line.split(/:\s(.*)/s);
    for (const sentence of said.match(/[^.!?]+[.!?]*/g) ?? []) {
      const words = sentence
        .trim()
        .split(/\s+/)
        .map((word) => {
          const w = { word, start: t, end: t + 0.35 };
          t += 0.4;
          return w;
        });
      segments.push({ start: words[0].start, end: words.at(-1).end, text: sentence.trim(), speaker, words });
    }
  }
  return transcriptOf(segments, t);
}

async function seed(persistTo, userId) {
  const { env, dispose } = await getPlatformProxy({
    configPath: `${root}wrangler.toml`,
    persist: { path: join(persistTo, "v3") },
    remoteBindings: false,
  });
  try {
    const { doc, text } = meetingTranscript();
    const ids = Array.from({ length: TRANSCRIPTIONS }, () => crypto.randomUUID());
    const insert = env.DB.prepare(
      `INSERT INTO transcriptions (id, user_id, name, file_name, file_path, file_type, file_size, status,
         progress_percentage, text, summary, language, duration, analysis_engine, source, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'audio/mpeg', 9600000, 'COMPLETED', 100, ?, ?, 'en', ?, 'offline', 'file', ?, ?)`,
    );
    const at = (i) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
    await env.DB.batch(
      ids.map((id, i) =>
        insert.bind(
          id,
          userId,
          `Atlas planning ${i + 1}`,
          `atlas-${i + 1}.mp3`,
          `users/${userId}/transcriptions/${id}/media/atlas-${i + 1}.mp3`,
          text,
          "Release timeline, payment provider migration and pilot feedback.",
          doc.duration,
          at(i),
          at(i),
        ),
      ),
    );
    const body = JSON.stringify(doc);
    for (const id of ids) await env.MEDIA.put(`users/${userId}/transcriptions/${id}/transcript.json`, body);
    return { ids, segments: doc.segments.length, words: text.split(/\s+/).length };
  } finally {
    await dispose();
  }
}

/** Rows seeded straight into D1 have no search entries: the hourly trigger's sweep indexes them. */
async function indexSeeded(cookie) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    await fetch(`${base}/__scheduled?cron=${encodeURIComponent("17 * * * *")}`);
    const res = await fetch(`${base}/api/search?q=adyen`, { headers: { cookie } });
    if (res.ok && (await res.json()).total === TRANSCRIPTIONS) return;
  }
  throw new Error(`the seeded transcriptions were not all searchable within 120 s`);
}

function load(path, connections, cookie) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${base}${path}`, connections, duration: SECONDS, timeout: 10, headers: cookie ? { cookie } : {} },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

stopAllOnSignals();
const persistTo = mkdtempSync(join(tmpdir(), "verbatim-bench-"));
let failed = false;
try {
  migrate(persistTo);
  // No speech engine: nothing is transcribed during the benchmark (the seeded work is complete).
  // The export limit (30 a minute per user) would answer most of the export runs with 429.
  const vars = { EXPORTS_PER_MINUTE: "1000000" };
  const start = () => startWorker({ port: PORT, asrPort: PORT + 1, persistTo, vars });
  let worker = await start();
  const user = await register(base, "bench");
  // The local D1/R2 are written by one process at a time: wrangler dev stops while the data is seeded.
  await stopService(worker);
  const seeded = await seed(persistTo, user.id);
  worker = await start();
  await indexSeeded(user.cookie);

  const one = seeded.ids[TRANSCRIPTIONS / 2];
  const targets = [
    ["GET /api/health (baseline)", "/api/health", null],
    [`GET /api/transcriptions (list of ${TRANSCRIPTIONS})`, "/api/transcriptions", user.cookie],
    ["GET /api/transcriptions/{id}", `/api/transcriptions/${one}`, user.cookie],
    [`GET …/{id}/segments (${seeded.segments} segments)`, `/api/transcriptions/${one}/segments`, user.cookie],
    ["GET …/{id}/export?format=txt", `/api/transcriptions/${one}/export?format=txt`, user.cookie],
    [`GET /api/search?q=adyen (${TRANSCRIPTIONS} match)`, `/api/search?q=adyen`, user.cookie],
    // A first sync's page of 5 (about 0.5 MB with their timed transcripts): at 50 connections, pages of 50
    // (2 MB) are bound by the bytes loopback moves, not by the Worker.
    ["GET /api/sync?limit=5 (first page, with transcripts)", "/api/sync?limit=5", user.cookie],
  ];
  console.log(
    `\nbench:api — ${TRANSCRIPTIONS} completed transcriptions of ${seeded.words} words; ${SECONDS} s per run\n`,
  );
  const rows = [];
  const baseline = {};
  for (const [name, path, cookie] of targets) {
    for (const connections of CONNECTIONS) {
      const r = await load(path, connections, cookie);
      const errors = r.errors + r.timeouts + r.non2xx;
      // A run in which no request finished within its time has measured nothing: that fails too.
      if (errors || r.requests.total === 0) failed = true;
      const rps = r.requests.average;
      baseline[connections] ??= rps;
      rows.push({
        endpoint: name,
        conns: connections,
        requests: r.requests.total,
        "req/s": rps.toFixed(0),
        "p50 ms": r.latency.p50,
        "p99 ms": r.latency.p99,
        errors,
        "× health req/s": (rps / baseline[connections]).toFixed(2),
      });
    }
  }
  console.table(rows);
  console.log(failed ? "✗ some requests failed (errors, timeouts or non-2xx), or a run finished none" : "✓ 0 errors");
} finally {
  await stopAll();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
