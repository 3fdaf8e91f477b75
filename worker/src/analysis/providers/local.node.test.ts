import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type AnalysisResult, analysisResultSchema, DEFAULT_ANALYSIS_PREFERENCES } from "@verbatim/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import meeting from "../../../../test-fixtures/meetings/atlas-q3-planning.txt?raw";
import { runAnalysis } from "../index";
import { segmentsFromText } from "../test-support";

// The real local model (llm/server.mjs with the weights the test command installs) summarising the opening of a
// real meeting: about 450 tokens in (brief and transcript), a short answer out. The model's words differ from run to run and machine to
// machine, so only structure and behaviour are asserted, never wording.
const SERVER = fileURLToPath(new URL("../../../../llm/server.mjs", import.meta.url));
const START_TIMEOUT_MS = 120_000;
// A summary of this size takes 15-30 s on two idle cores; with twice as many busy processes as cores it took 65-115 s.
const REQUEST_TIMEOUT_MS = 240_000;

const opening = meeting.split("\n\n").slice(0, 2).join("\n\n");
const input = segmentsFromText(opening);

let server: ChildProcess | undefined;
let baseUrl = "";

/** Starts the service on a free port; rejects with its own words if it stops or does not listen in time. */
function startServer(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], {
      // A cap on the answer keeps the test short even if the model rambles.
      env: { ...process.env, LLM_PORT: "0", LLM_CONTEXT: "4096", LLM_MAX_TOKENS: "300" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server = child;
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`llm/server.mjs did not listen within 120 s:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(`${url}/v1`);
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`llm/server.mjs exited with ${code}:\n${output}`));
    });
  });
}

beforeAll(async () => {
  baseUrl = await startServer();
}, START_TIMEOUT_MS + 5_000);

afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once("exit", resolve));
  server.kill("SIGTERM");
  const kill = setTimeout(() => server?.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(kill);
});

// Accents aside: a Spanish summary may write "Berlín" for "Berlin".
const fold = (word: string) => word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
const sourceWords = new Set((opening.match(/[\p{L}\p{N}]+/gu) ?? []).map(fold));
const sourceSentences = opening.split(/(?<=[.!?])\s+|\n+/).map((s) => s.replace(/^[^:]{1,40}:\s*/, "").trim());
const summarySentences = (summary: string) => summary.split(/(?<=[.!?])\s+/).filter((s) => s.trim());

const count = (text: string, words: string[]) =>
  (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => words.includes(w)).length;
const ENGLISH = ["the", "and", "of", "to", "is", "that", "for", "with", "we", "will", "are"];
const SPANISH = ["el", "la", "los", "las", "de", "del", "que", "y", "en", "para", "con", "se", "una", "por"];

/**
 * A 1.5B model samples: now and then (once in about a dozen runs here, in Spanish) its answer is not valid JSON
 * even after the repair. That is the model's luck, not the code's, so it is not asserted: the analysis must then
 * be the offline engine's, saying why. Otherwise it must be a written summary. Returns whether the model wrote it.
 */
function expectWrittenSummary(result: AnalysisResult): boolean {
  expect(analysisResultSchema.safeParse(result).success).toBe(true);
  if (result.engine === "offline") {
    expect(result.notes.join("\n")).toMatch(/did not return valid JSON after one repair/);
    console.warn(`the local model's answer was not usable this run: ${result.notes.join(" ")}`);
    return false;
  }
  expect(result.engine, result.notes.join("\n")).toBe("local");
  expect(result.summary.trim().length).toBeGreaterThan(40);
  // Written, not quoted: no sentence of the summary is a sentence of the transcript.
  for (const sentence of summarySentences(result.summary)) expect(sourceSentences).not.toContain(sentence.trim());
  // Every name it gives (a capitalised word past a sentence's first) is in the transcript.
  for (const sentence of summarySentences(result.summary)) {
    const names = (sentence.match(/[\p{L}\p{N}]+/gu) ?? []).slice(1).filter((w) => /^\p{Lu}/u.test(w));
    for (const name of names) expect(sourceWords, `"${name}" in "${sentence}"`).toContain(fold(name));
  }
  expect(result.key_points.length).toBeGreaterThan(0);
  return true;
}

describe("the local model summarises a real meeting", () => {
  it(
    "in English: written in its own words, naming only who and what the meeting did",
    async () => {
      const result = await runAnalysis(input, DEFAULT_ANALYSIS_PREFERENCES, { provider: "local", baseUrl });
      if (expectWrittenSummary(result))
        expect(count(result.summary, ENGLISH)).toBeGreaterThan(count(result.summary, SPANISH));
    },
    REQUEST_TIMEOUT_MS,
  );

  it(
    "in Spanish when the AI Assistant's language is Spanish, from an English meeting",
    async () => {
      const prefs = { ...DEFAULT_ANALYSIS_PREFERENCES, preferredLanguage: "Spanish" as const };
      const result = await runAnalysis(input, prefs, { provider: "local", baseUrl });
      if (expectWrittenSummary(result))
        expect(count(result.summary, SPANISH)).toBeGreaterThan(count(result.summary, ENGLISH));
    },
    REQUEST_TIMEOUT_MS,
  );
});
