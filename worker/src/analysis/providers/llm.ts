import { type AnalysisPreferences, type AnalysisResult, type LlmAnalysis, llmAnalysisSchema } from "@verbatim/shared";
import { z } from "zod";
import { analyseOffline } from "../offline";
import { formatTranscript } from "../offline/format";
import { buildTurns } from "../offline/speakers";
import type { AnalysisInput } from "../types";
import { anchorKeyPoints } from "./anchor";
import { analysisMessages, combineMessages, type Facts, repairMessages } from "./prompts";
import type { AnalysisProvider, ChatMessage } from "./types";

const { $schema: _, ...jsonSchema } = z.toJSONSchema(llmAnalysisSchema) as Record<string, unknown>;
const SCHEMA_TEXT = JSON.stringify(jsonSchema);

/** Rough token count for English-like text: about four characters a token, erring towards more tokens. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 3.5);

/** Transcript tokens per request; with prompt and a 4k-token answer this fits a 24k-token context window. */
export const DEFAULT_CHUNK_TOKENS = 12_000;

type Validation = { ok: true; value: LlmAnalysis } | { ok: false; error: string };

/** Parses a reply as the analysis object; models sometimes wrap JSON in a Markdown fence. */
function validateReply(reply: string): Validation {
  const text = reply.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, "$1");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `it is not JSON (${error instanceof Error ? error.message : "parse error"}).` };
  }
  const result = llmAnalysisSchema.safeParse(parsed);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, error: z.prettifyError(result.error).slice(0, 2000) };
}

/** One request with one repair: an invalid reply is sent back with its validation error. Null if both fail. */
async function ask(
  provider: AnalysisProvider,
  messages: ChatMessage[],
): Promise<{ value: LlmAnalysis | null; repaired: boolean }> {
  const reply = await provider.complete(messages, jsonSchema);
  const first = validateReply(reply);
  if (first.ok) return { value: first.value, repaired: false };
  const second = validateReply(await provider.complete(repairMessages(messages, reply, first.error), jsonSchema));
  return { value: second.ok ? second.value : null, repaired: true };
}

function llmFields(result: AnalysisResult): LlmAnalysis {
  return {
    summary: result.summary,
    key_points: result.key_points,
    summary_analysis: result.summary_analysis,
    transcription_details: result.transcription_details,
    informative_summary: result.informative_summary ?? "",
  };
}

type Segments = AnalysisInput["segments"];

/** A segment too long for one request, cut at spaces into parts that fit, timed in proportion to their length. */
function splitOversized(segment: Segments[number], budget: number): Segments {
  const maxChars = Math.max(200, Math.floor(budget * 3.5) - 100);
  if (segment.text.length <= maxChars) return [segment];
  const parts: Segments = [];
  const span = segment.end - segment.start;
  let from = 0;
  while (from < segment.text.length) {
    let to = Math.min(segment.text.length, from + maxChars);
    const space = segment.text.lastIndexOf(" ", to);
    if (to < segment.text.length && space > from) to = space;
    const start = segment.start + (span * from) / segment.text.length;
    const end = segment.start + (span * to) / segment.text.length;
    parts.push({ ...segment, start, end, text: segment.text.slice(from, to).trim(), words: undefined });
    from = to;
  }
  return parts;
}

/** Consecutive runs of segments whose text fits the token budget. */
function chunkSegments(input: AnalysisInput, budget: number): Segments[] {
  const chunks: Segments[] = [];
  let current: Segments = [];
  let tokens = 0;
  for (const segment of input.segments.flatMap((s) => splitOversized(s, budget))) {
    const cost = estimateTokens(segment.text) + 8;
    if (current.length > 0 && tokens + cost > budget) {
      chunks.push(current);
      current = [];
      tokens = 0;
    }
    current.push(segment);
    tokens += cost;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

/** Runs `task` over the items with at most `limit` in flight, keeping the results in order. */
async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// Parts are analysed a few at a time: faster for long recordings, gentle on the provider's rate limits.
const PARALLEL_PARTS = 3;

export interface LlmRunOptions {
  chunkTokens?: number;
}

/**
 * The analysis by a language model. Transcripts over the token budget are analysed in parts and the parts'
 * analyses combined by the model (map-reduce); a part the model cannot analyse validly, even after one repair,
 * is analysed offline instead; if the combined analysis fails, the whole offline analysis is returned. The
 * formatted transcript and key-point timestamps are always measured offline. Throws LlmError when a call fails.
 */
export async function analyseWithProvider(
  provider: AnalysisProvider,
  input: AnalysisInput,
  prefs: AnalysisPreferences,
  offline: AnalysisResult,
  options: LlmRunOptions = {},
): Promise<AnalysisResult> {
  const budget = options.chunkTokens ?? DEFAULT_CHUNK_TOKENS;
  const who = `${provider.engine} (${provider.model})`;
  const facts: Facts = { duration: offline.summary_analysis.duration, speakers: offline.summary_analysis.speakers };
  const notes: string[] = [];
  let analysis: LlmAnalysis | null;

  if (estimateTokens(offline.formatted_transcript) <= budget) {
    const answer = await ask(provider, analysisMessages(offline.formatted_transcript, facts, prefs, SCHEMA_TEXT));
    analysis = answer.value;
    if (answer.repaired && analysis) notes.push(`${who} needed one repair to return valid JSON.`);
  } else {
    const chunks = chunkSegments(input, budget);
    const offlineParts: number[] = [];
    const partials = await mapLimited(chunks, PARALLEL_PARTS, async (segments, k) => {
      const text = formatTranscript(buildTurns(segments, prefs.speakerIdentification));
      const answer = await ask(
        provider,
        analysisMessages(text, facts, prefs, SCHEMA_TEXT, { index: k + 1, count: chunks.length }),
      );
      if (answer.value) return answer.value;
      offlineParts.push(k + 1);
      return llmFields(analyseOffline({ segments, language: input.language, duration: 0 }, prefs));
    });
    for (const index of offlineParts.sort((a, b) => a - b)) {
      notes.push(
        `Part ${index} of ${chunks.length} was analysed offline: ${who} did not return valid JSON after one repair.`,
      );
    }
    analysis = await combine(provider, partials, facts, prefs, budget);
    if (analysis) notes.unshift(`Analysed in ${chunks.length} parts by ${who} and combined.`);
  }

  if (!analysis) {
    return {
      ...offline,
      notes: [
        ...offline.notes,
        `${who} did not return valid JSON after one repair; the offline engine produced this analysis.`,
      ],
    };
  }
  return compose(analysis, offline, prefs, provider, input, notes);
}

/** Combines part analyses, in rounds when even the partial analyses exceed the token budget. */
async function combine(
  provider: AnalysisProvider,
  partials: LlmAnalysis[],
  facts: Facts,
  prefs: AnalysisPreferences,
  budget: number,
): Promise<LlmAnalysis | null> {
  let level = partials;
  while (level.length > 1) {
    const groups: LlmAnalysis[][] = [];
    let group: LlmAnalysis[] = [];
    let tokens = 0;
    for (const partial of level) {
      const cost = estimateTokens(JSON.stringify(partial));
      if (group.length > 1 && tokens + cost > budget) {
        groups.push(group);
        group = [];
        tokens = 0;
      }
      group.push(partial);
      tokens += cost;
    }
    groups.push(group);
    const next: LlmAnalysis[] = [];
    for (const members of groups) {
      if (members.length === 1) {
        next.push(members[0] as LlmAnalysis);
        continue;
      }
      const answer = await ask(provider, combineMessages(members, facts, prefs, SCHEMA_TEXT));
      if (!answer.value) return null;
      next.push(answer.value);
    }
    level = next;
  }
  return level[0] ?? null;
}

/** The final result: the model's text, the offline measurements, and the user's switches enforced. */
function compose(
  analysis: LlmAnalysis,
  offline: AnalysisResult,
  prefs: AnalysisPreferences,
  provider: AnalysisProvider,
  input: AnalysisInput,
  notes: string[],
): AnalysisResult {
  const speakers = new Set(
    buildTurns(input.segments, prefs.speakerIdentification).flatMap((t) => (t.speaker ? [t.speaker] : [])),
  );
  const details = analysis.transcription_details;
  return {
    summary: prefs.summaryGeneration ? analysis.summary : "",
    key_points: analysis.key_points,
    summary_analysis: {
      ...analysis.summary_analysis,
      // Measured, not estimated by the model.
      duration: offline.summary_analysis.duration,
      topics: prefs.topicDetection ? analysis.summary_analysis.topics : [],
    },
    transcription_details: {
      ...details,
      topics: prefs.topicDetection ? details.topics : [],
      actionItems: prefs.actionItemsExtraction ? details.actionItems : [],
    },
    formatted_transcript: offline.formatted_transcript,
    informative_summary:
      prefs.summaryGeneration && analysis.informative_summary.trim() ? analysis.informative_summary : null,
    enhanced_key_points: anchorKeyPoints(analysis.key_points, offline.formatted_transcript, speakers),
    claude_analysis: null,
    engine: provider.engine,
    language: offline.language,
    notes: [
      ...notes,
      `Summary and analysis by ${provider.engine} (${provider.model}); formatted transcript, duration and key-point timestamps measured offline.`,
    ],
  };
}
