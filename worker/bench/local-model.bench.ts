// The local language model in the analysis (issue 39): how well and how fast it summarises, and how soon it
// answers a question. Run by scripts/bench-local-model.mjs (the second half of `pnpm bench:analysis`), which starts
// the model's service and passes its address (BENCH_LLM_URL) and process id (BENCH_LLM_PID); alone, it only says
// so. Not a timed test: it reports.
//   - quality: each meeting of bench/meetings/{dev,held-out} summarised as the Worker does (runAnalysis with the
//     local provider), scored by scoring.ts: reference facts kept, sentences the transcript supports;
//   - speed: 10, 30 and 60 minutes of speech (the meetings joined) from transcript to summary, and one question
//     from passages to its answer's first and last piece;
//   - memory: the service's peak resident size (VmHWM).
// The baselines come from the same run, since this 2-core machine is shared and its speed drifts: the service
// reading a fixed text of about 1,000 tokens (prompt only, one token out), at the start and at the end, and the
// offline engine on the same transcripts.
//   BENCH_LLM_PARTS: which of dev,held-out,10,30,60,ask to run (all by default)
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { type AnalysisResult, DEFAULT_ANALYSIS_PREFERENCES } from "@verbatim/shared";
import { type AskPassage, contentWords } from "@verbatim/shared/ask";
import { bench, describe } from "vitest";
import { runAnalysis } from "../src/analysis";
import { analyseOffline } from "../src/analysis/offline";
import { openAiClient } from "../src/analysis/providers/openai";
import { answerWriter } from "../src/ask/model";
import { joinedMeetings, loadMeetings, type Meeting, SPLITS, type Split } from "./meetings";
import { type SummaryScore, scoreSummary } from "./scoring";

const baseUrl = process.env.BENCH_LLM_URL;
const pid = process.env.BENCH_LLM_PID;
const PARTS = new Set((process.env.BENCH_LLM_PARTS || "dev,held-out,10,30,60,ask").split(",").map((p) => p.trim()));
const MINUTES = [10, 30, 60] as const;
// What the model wrote, for reading afterwards: beside the service's log, or nowhere when run alone.
const saved = process.env.BENCH_LLM_LOG ? join(dirname(process.env.BENCH_LLM_LOG), "summaries.json") : null;
const outputs: { id: string; summary: string; key_points: string[]; notes: string[]; missed?: string[] }[] = [];
const keep = (output: (typeof outputs)[number]) => {
  outputs.push(output);
  if (saved) writeFileSync(saved, JSON.stringify(outputs, null, 2));
};
const config = { provider: "local", baseUrl };
const prefs = DEFAULT_ANALYSIS_PREFERENCES;

const say = (line: string) => process.stderr.write(`${line}\n`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(0)} %`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: performance.now() - start };
}

/** The service's peak and current resident size, from /proc (Linux). */
function memory(): string {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    const gb = (k: number) => `${(k / 1024 ** 2).toFixed(2)} GB`;
    return `${gb(kib("VmHWM"))} peak (VmHWM), ${gb(kib("VmRSS"))} at the end`;
  } catch {
    return "unknown (no /proc)";
  }
}

// About 1,000 tokens of meeting talk: the baseline's fixed text, the same in every run.
const BASELINE_TEXT = loadMeetings("dev")
  .flatMap((m) => m.input.segments.map((s) => s.text))
  .join(" ")
  .split(/\s+/)
  .slice(0, 760)
  .join(" ");

/**
 * The baseline: the service reads BASELINE_TEXT and writes one token. A different first line each time keeps
 * llama.cpp from reusing the previous request's evaluation, so the whole text is read.
 */
async function readingBaseline(label: string): Promise<{ ms: number; tokens: number }> {
  const client = openAiClient({ baseUrl, timeoutMs: 10 * 60_000 });
  const { value, ms } = await timed(() =>
    client.chat.completions.create({
      model: "local",
      messages: [
        { role: "system", content: `Baseline ${label} ${Date.now()}. Reply with the word OK.` },
        { role: "user", content: BASELINE_TEXT },
      ],
      max_tokens: 1,
      temperature: 0,
    }),
  );
  return { ms, tokens: value.usage?.prompt_tokens ?? 0 };
}

interface Summarised {
  meeting: Meeting;
  ms: number;
  result: AnalysisResult;
  score: SummaryScore;
}

async function summarise(meeting: Meeting): Promise<Summarised> {
  const { value: result, ms } = await timed(() => runAnalysis(meeting.input, prefs, config));
  const transcript = analyseOffline(meeting.input, prefs).formatted_transcript;
  const score = scoreSummary(result, transcript, meeting.facts);
  const model = score.model
    ? `${score.model.written - score.model.unsupported}/${score.model.written} supported, ${score.model.copied} dropped as copies`
    : "offline";
  say(
    `  ${meeting.id}: ${seconds(ms)}, facts ${score.factsKept}/${score.facts}, supported ${score.supportedSentences}/${score.sentences}, model's sentences ${model}` +
      (score.missed.length > 0 ? `\n    missed: ${score.missed.join("; ")}` : ""),
  );
  keep({
    id: meeting.id,
    summary: result.summary,
    key_points: result.key_points,
    notes: result.notes,
    missed: score.missed,
  });
  return { meeting, ms, result, score };
}

function qualityRow(split: Split, runs: Summarised[]): string {
  const sum = (f: (s: SummaryScore) => number) => runs.reduce((n, r) => n + f(r.score), 0);
  const written = sum((s) => s.model?.written ?? 0);
  const kept = written - sum((s) => s.model?.unsupported ?? 0);
  const offline = runs.filter((r) => r.score.model === null).length;
  const times = runs.map((r) => r.ms).sort((a, b) => a - b);
  return `| ${split} (${runs.length}) | ${sum((s) => s.factsKept)}/${sum((s) => s.facts)} = ${percent(
    sum((s) => s.factsKept),
    sum((s) => s.facts),
  )} | ${percent(kept, written)} (${kept}/${written}) | ${percent(
    sum((s) => s.supportedSentences),
    sum((s) => s.sentences),
  )} | ${offline} | ${seconds(times[Math.floor(times.length / 2)] ?? 0)} (${seconds(times[0] ?? 0)}–${seconds(times.at(-1) ?? 0)}) |`;
}

/** Up to eight lines that share a content word with the question, most shared first, each with its neighbours. */
function passagesFor(meeting: Meeting, question: string): AskPassage[] {
  const wanted = new Set(contentWords(question));
  const segments = meeting.input.segments;
  const shared = (text: string) => contentWords(text).filter((w) => wanted.has(w)).length;
  const hits = segments
    .map((s, i) => ({ i, n: shared(s.text) }))
    .filter((h) => h.n > 0)
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, 8)
    .map((h) => h.i);
  const shown = [...new Set(hits.flatMap((i) => [i - 1, i, i + 1]))]
    .filter((i) => i >= 0 && i < segments.length)
    .sort((a, b) => a - b);
  return shown.map((i) => {
    const s = segments[i] as Meeting["input"]["segments"][number];
    return { start: s.start, speaker: s.speaker ?? null, text: s.text, hit: hits.includes(i) };
  });
}

async function askOnce(meeting: Meeting, question: string) {
  const write = answerWriter(config);
  if (!write) throw new Error("no answer writer for the local provider");
  const passages = passagesFor(meeting, question);
  const start = performance.now();
  let first = 0;
  let answer = "";
  for await (const piece of write(passages, question)) {
    first ||= performance.now() - start;
    answer += piece;
  }
  return { first, total: performance.now() - start, answer: answer.trim(), passages: passages.length };
}

async function report(): Promise<void> {
  const started = Date.now();
  say(`\nLocal model benchmark (${new Date().toISOString()}; load average ${load()}; parts: ${[...PARTS].join(",")})`);
  const before = await readingBaseline("start");
  say(
    `  baseline: ${before.tokens} prompt tokens read in ${seconds(before.ms)} (${((1000 * before.tokens) / before.ms).toFixed(0)} tokens/s)`,
  );
  const meetings = SPLITS.flatMap((split) => loadMeetings(split));

  const quality = new Map<Split, Summarised[]>();
  for (const split of SPLITS) {
    if (!PARTS.has(split)) continue;
    say(`Summaries, ${split} meetings (load ${load()}):`);
    const runs: Summarised[] = [];
    for (const meeting of loadMeetings(split)) runs.push(await summarise(meeting));
    quality.set(split, runs);
  }

  const speed: string[] = [];
  for (const minutes of MINUTES) {
    if (!PARTS.has(String(minutes))) continue;
    const input = joinedMeetings(meetings, minutes);
    const words = input.segments.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
    const offline = await timed(async () => analyseOffline(input, prefs));
    say(`Summary of ${minutes} minutes (${words} words; load ${load()})…`);
    const { value: result, ms } = await timed(() => runAnalysis(input, prefs, config));
    keep({ id: `${minutes} min`, summary: result.summary, key_points: result.key_points, notes: result.notes });
    const parts = /Analysed in (\d+) parts/.exec(result.notes.join(" "))?.[1] ?? "1";
    say(`  ${seconds(ms)}, engine ${result.engine}, ${parts} request(s) and a combining one if more than one`);
    speed.push(
      `| ${minutes} min (${words.toLocaleString("en")} words) | ${seconds(ms)} | ${result.engine}, ${parts} part(s) | ${(ms / before.ms).toFixed(1)}× | ${offline.ms.toFixed(0)} ms (${(ms / offline.ms).toFixed(0)}×) |`,
    );
  }

  let ask = "";
  if (PARTS.has("ask")) {
    const meeting = meetings.find((m) => m.id === "product-launch") ?? (meetings[0] as Meeting);
    const question = "When does the pilot with Harbor Clinics start now?";
    say(`Ask this meeting: "${question}" (load ${load()})`);
    const answer = await askOnce(meeting, question);
    say(
      `  ${answer.passages} passages; first piece after ${seconds(answer.first)}, all after ${seconds(answer.total)}: ${answer.answer}`,
    );
    ask = `| "${question}" (${answer.passages} passages) | ${seconds(answer.first)} (${(answer.first / before.ms).toFixed(1)}×) | ${seconds(answer.total)} (${(answer.total / before.ms).toFixed(1)}×) |`;
  }

  const after = await readingBaseline("end");
  if (saved) say(`What the model wrote: ${saved}`);
  const lines = [
    "",
    `Local model (${load()} load average at the end; ${((Date.now() - started) / 60_000).toFixed(0)} min in all)`,
    "",
    `Baseline: ${before.tokens} prompt tokens read in ${seconds(before.ms)} at the start, ${seconds(after.ms)} at the end; ratios below are against the start's.`,
    `Service memory: ${memory()}.`,
  ];
  if (quality.size > 0) {
    lines.push(
      "",
      "| Meetings | Reference facts kept | Model's sentences supported (before the check) | Shown sentences supported (after) | Offline fallbacks | Time per meeting, median (range) |",
      "| --- | --- | --- | --- | --- | --- |",
      ...[...quality].map(([split, runs]) => qualityRow(split, runs)),
    );
  }
  if (speed.length > 0) {
    lines.push(
      "",
      "| Speech | Transcript to summary | How | × baseline | Offline engine (model ×) |",
      "| --- | --- | --- | --- | --- |",
      ...speed,
    );
  }
  if (ask)
    lines.push("", "| Question | First piece (× baseline) | Whole answer (× baseline) |", "| --- | --- | --- |", ask);
  say(lines.join("\n"));
}

// Vitest runs no hooks in bench mode, so the report is made while the file loads (as analysis.bench.ts does).
if (!baseUrl)
  say("Local model benchmark skipped: run it with `pnpm bench:analysis`, which starts the model's service.");
else await report();

const sample = loadMeetings("dev")[0] as Meeting;
const sampleResult = analyseOffline(sample.input, prefs);
describe("scoring (no model)", () => {
  bench("score an offline summary of a benchmark meeting", () => {
    scoreSummary(sampleResult, sampleResult.formatted_transcript, sample.facts);
  });
});
