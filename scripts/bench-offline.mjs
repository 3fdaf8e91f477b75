// The server half of issue 16's offline benchmark (pnpm bench:offline; not a test). On loopback only:
// `wrangler dev` on a throwaway --persist-to directory, a user registered through the real API, then 500
// completed transcriptions of about 22 s each (3 h of speech in all) with their timed transcripts, seeded
// straight into that directory's local D1 and R2 and indexed for search by the hourly trigger's sweep.
// It measures what a device's library costs the server: the first sync (every page of GET /api/sync), an
// incremental sync after 5 changes (3 renames, 2 deletions), in time and bytes moved, and GET /api/search over
// words of the transcripts, p50/p99 per query, beside GET /api/health measured the same way in the same run.
// The device half: the first sync's transcriptions go into the browser's offline index (web/src/features/
// library/search-index.ts, bundled for Node by Vite) and the same words are searched there, p50/p99 per query,
// beside a plain scan of the same lines as the baseline.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { fixture } from "@verbatim/testing/fixtures";
import { build } from "vite";
import { getPlatformProxy } from "wrangler";
import { startWorker } from "./lib/app.mjs";
import { register, transcriptOf } from "./lib/bench-seed.mjs";
import { root } from "./lib/env.mjs";
import { stopAll, stopAllOnSignals, stopService } from "./lib/processes.mjs";
import { migrate } from "./lib/setup.mjs";

const PORT = Number(process.env.BENCH_PORT || 8796);
const TRANSCRIPTIONS = 500;
const SECONDS_EACH = (3 * 3600) / TRANSCRIPTIONS;
const QUERIES = 200;
const base = `http://127.0.0.1:${PORT}`;

/** The fixture meeting's sentences with their speakers, to be cut into short recordings. */
function meetingSentences() {
  const lines = readFileSync(fixture("meetings/atlas-q3-planning.txt"), "utf8").split("\n").filter(Boolean);
  return lines.flatMap((line) => {
    const [speaker, said = ""] = line.split(/:\s(.*)/s);
    return (said.match(/[^.!?]+[.!?]*/g) ?? []).map((s) => ({ speaker, text: s.trim() }));
  });
}

/** Recording `i`: consecutive sentences of the meeting, timed at a speaking pace, for SECONDS_EACH seconds. */
function recording(sentences, i) {
  const segments = [];
  let t = 0;
  for (let k = (i * 7) % sentences.length; t < SECONDS_EACH; k = (k + 1) % sentences.length) {
    const { speaker, text } = sentences[k];
    const words = text.split(/\s+/).map((word) => {
      const w = { word, start: t, end: t + 0.35 };
      t += 0.4;
      return w;
    });
    segments.push({ start: words[0].start, end: words.at(-1).end, text, speaker, words });
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
    const sentences = meetingSentences();
    const insert = env.DB.prepare(
      `INSERT INTO transcriptions (id, user_id, name, file_name, file_path, file_type, file_size, status,
         progress_percentage, text, summary, language, duration, analysis_engine, source, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'audio/mpeg', 350000, 'COMPLETED', 100, ?, ?, 'en', ?, 'offline', 'file', ?, ?)`,
    );
    const at = (i) => new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
    const made = Array.from({ length: TRANSCRIPTIONS }, (_, i) => ({
      id: crypto.randomUUID(),
      ...recording(sentences, i),
    }));
    await env.DB.batch(
      made.map(({ id, doc, text }, i) =>
        insert.bind(
          id,
          userId,
          `Atlas standup ${i + 1}`,
          `atlas-${i + 1}.mp3`,
          `users/${userId}/transcriptions/${id}/media/atlas-${i + 1}.mp3`,
          text,
          doc.segments[0].text,
          doc.duration,
          at(i),
          at(i),
        ),
      ),
    );
    for (const { id, doc } of made)
      await env.MEDIA.put(`users/${userId}/transcriptions/${id}/transcript.json`, JSON.stringify(doc));
    const words = [...new Set(made.flatMap((m) => m.text.toLowerCase().match(/\p{L}{4,}/gu) ?? []))];
    return { ids: made.map((m) => m.id), words, speech: made.reduce((s, m) => s + m.doc.duration, 0) };
  } finally {
    await dispose();
  }
}

/** Rows seeded straight into D1 have no search entries: the hourly trigger's sweep indexes them. */
async function indexSeeded(cookie) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    await fetch(`${base}/__scheduled?cron=${encodeURIComponent("17 * * * *")}`);
    const res = await fetch(`${base}/api/search?q=atlas`, { headers: { cookie } });
    if (res.ok && (await res.json()).total === TRANSCRIPTIONS) return;
  }
  throw new Error("the seeded transcriptions were not all searchable within 300 s");
}

async function get(path, cookie) {
  const res = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
  const body = await res.text();
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${body.slice(0, 200)}`);
  return body;
}

/** Every page of a sync from `since`, as a device does: time, bytes and changes. */
async function syncFrom(cookie, since) {
  const started = performance.now();
  let bytes = 0;
  let changes = 0;
  let pages = 0;
  let cursor = since;
  const rows = [];
  for (;;) {
    const body = await get(`/api/sync?since=${cursor}`, cookie);
    bytes += Buffer.byteLength(body);
    pages++;
    const page = JSON.parse(body);
    changes += page.changes.length;
    for (const change of page.changes) if (change.type === "upsert") rows.push(change.transcription);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { ms: performance.now() - started, bytes, changes, pages, cursor, rows };
}

/** p50/p99 of running `run` once per input. */
async function timed(inputs, run) {
  const times = [];
  for (const input of inputs) {
    const started = performance.now();
    await run(input);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99) };
}

const latencies = (paths, cookie) => timed(paths, (path) => get(path, cookie));

/** The browser's offline search index, bundled for Node from its TypeScript (the app's own code). */
async function offlineSearchIndex() {
  const outDir = mkdtempSync(join(tmpdir(), "verbatim-bench-index-"));
  await build({
    configFile: false,
    logLevel: "silent",
    resolve: { alias: { "@": `${root}web/src` } },
    build: {
      outDir,
      minify: false,
      lib: { entry: `${root}web/src/entities/library/search-index.ts`, formats: ["es"], fileName: "search-index" },
    },
  });
  const { OfflineSearchIndex } = await import(pathToFileURL(join(outDir, "search-index.js")).href);
  rmSync(outDir, { recursive: true, force: true });
  return OfflineSearchIndex;
}

/** The baseline: every line of every transcription read for every word, as a device without an index would. */
function plainScan(rows, q) {
  const words = q.toLowerCase().split(/\s+/);
  const hits = [];
  for (const row of rows)
    for (const line of `${row.name}\n${row.summary ?? ""}\n${row.text ?? ""}`.split("\n"))
      if (words.every((w) => line.toLowerCase().includes(w))) hits.push(row.id);
  return hits;
}

stopAllOnSignals();
const persistTo = mkdtempSync(join(tmpdir(), "verbatim-bench-offline-"));
try {
  migrate(persistTo);
  const start = () => startWorker({ port: PORT, asrPort: PORT + 1, persistTo });
  let worker = await start();
  const user = await register(base, "offline");
  // The local D1/R2 are written by one process at a time: wrangler dev stops while the data is seeded.
  await stopService(worker);
  const seeded = await seed(persistTo, user.id);
  worker = await start();
  await indexSeeded(user.cookie);

  const first = await syncFrom(user.cookie, "0");
  for (const id of seeded.ids.slice(0, 3)) {
    const res = await fetch(`${base}/api/transcriptions/${id}/rename`, {
      method: "PATCH",
      headers: { cookie: user.cookie, "Content-Type": "application/json", Origin: base },
      body: JSON.stringify({ name: "Renamed offline" }),
    });
    if (!res.ok) throw new Error(`rename: ${res.status}`);
  }
  for (const id of seeded.ids.slice(3, 5)) {
    const res = await fetch(`${base}/api/transcriptions/${id}`, {
      method: "DELETE",
      headers: { cookie: user.cookie, Origin: base },
    });
    if (!res.ok) throw new Error(`delete: ${res.status}`);
  }
  const incremental = await syncFrom(user.cookie, first.cursor);

  // Words of the transcripts, spread over the vocabulary (deterministic), each searched once.
  const step = Math.max(1, Math.floor(seeded.words.length / QUERIES));
  const queries = seeded.words.filter((_, i) => i % step === 0).slice(0, QUERIES);
  const search = await latencies(
    queries.map((w) => `/api/search?q=${encodeURIComponent(w)}`),
    user.cookie,
  );
  const health = await latencies(
    queries.map(() => "/api/health"),
    null,
  );

  const OfflineSearchIndex = await offlineSearchIndex();
  const built = performance.now();
  const index = new OfflineSearchIndex(first.rows);
  const buildMs = performance.now() - built;
  const offline = await timed(queries, (q) => index.search({ q, limit: 20, offset: 0 }));
  const scan = await timed(queries, (q) => plainScan(first.rows, q));

  const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
  console.log(
    `\nbench:offline (server) — ${TRANSCRIPTIONS} transcriptions, ${(seeded.speech / 3600).toFixed(1)} h of speech\n`,
  );
  console.table([
    {
      measure: "first sync",
      ms: first.ms.toFixed(0),
      bytes: kb(first.bytes),
      changes: first.changes,
      pages: first.pages,
    },
    {
      measure: "incremental sync (3 renames, 2 deletions)",
      ms: incremental.ms.toFixed(0),
      bytes: kb(incremental.bytes),
      changes: incremental.changes,
      pages: incremental.pages,
    },
  ]);
  console.log(
    `incremental / first sync bytes: ${((incremental.bytes / first.bytes) * 100).toFixed(2)} % (target < 5 %); ` +
      `first sync ${(first.ms / 1000).toFixed(1)} s (target < 10 s on loopback)`,
  );
  console.table([
    {
      request: `GET /api/search (${queries.length} words)`,
      "p50 ms": search.p50.toFixed(1),
      "p99 ms": search.p99.toFixed(1),
    },
    { request: "GET /api/health (baseline)", "p50 ms": health.p50.toFixed(1), "p99 ms": health.p99.toFixed(1) },
  ]);
  console.log(`search p50 / health p50: ${(search.p50 / health.p50).toFixed(2)}×`);
  console.log(`\nbench:offline (device) — offline index of the first sync's ${first.rows.length} transcriptions`);
  console.table([
    {
      search: `offline index (${queries.length} words)`,
      "p50 ms": offline.p50.toFixed(2),
      "p99 ms": offline.p99.toFixed(2),
    },
    { search: "plain scan (baseline)", "p50 ms": scan.p50.toFixed(2), "p99 ms": scan.p99.toFixed(2) },
  ]);
  console.log(
    `index built in ${buildMs.toFixed(0)} ms; offline p99 ${offline.p99.toFixed(1)} ms (target < 50 ms); ` +
      `plain scan p50 / index p50: ${(scan.p50 / offline.p50).toFixed(1)}×`,
  );
  if (incremental.changes !== 5) throw new Error(`the incremental sync brought ${incremental.changes} changes, not 5`);
} finally {
  await stopAll();
  rmSync(persistTo, { recursive: true, force: true });
}
process.exit(0);
