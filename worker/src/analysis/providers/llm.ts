import type { AnalysisPreferences, AnalysisResult, LlmAnalysis } from "@verbatim/shared";
import { z } from "zod";
import { analyseOffline } from "../offline";
import { formatTranscript } from "../offline/format";
import { buildTurns } from "../offline/speakers";
import type { AnalysisInput } from "../types";
import { anchorKeyPoints } from "./anchor";
import { chunkSegments, estimateTokens, mapLimited } from "./chunks";
import { closedCutOffs, withoutRepeats } from "./cut-off";
import { groundedAnalysis } from "./grounded-analysis";
import { type Facts, repairMessages } from "./prompts";
import { analysisTask, type LlmTask, summaryTask } from "./tasks";
import type { AnalysisProvider, ChatMessage } from "./types";

type Validation<T> = { ok: true; value: T } | { ok: false; error: string };

/** Parses a reply as the task's object; models sometimes wrap JSON in a Markdown fence. */
function validateReply<T>(task: LlmTask<T>, reply: string, prefs: AnalysisPreferences): Validation<T> {
  const text = reply.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/i, "$1");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, error: `it is not JSON (${error instanceof Error ? error.message : "parse error"}).` };
  }
  const result = task.schema.safeParse(parsed);
  if (!result.success) return { ok: false, error: z.prettifyError(result.error).slice(0, 2000) };
  const wrong = task.check?.(result.data, prefs);
  return wrong ? { ok: false, error: wrong } : { ok: true, value: result.data };
}

/**
 * One request with one repair: an invalid reply is sent back with its validation error. Null if both fail. A reply
 * cut off at the length cap is a model that rambled (a small one loops, or lists point after point): what it wrote
 * before the point it was cut in is kept when the task counts that a whole answer (`enoughWhenCut`; `cutShort`).
 * Otherwise, since a cut-off reply sent back was continued, not mended (3 of 3 such repairs ran into the cap again
 * in pnpm bench:analysis), the request is made again as it was.
 */
async function ask<T>(
  provider: AnalysisProvider,
  task: LlmTask<T>,
  prefs: AnalysisPreferences,
  messages: ChatMessage[],
): Promise<{ value: T | null; repaired: boolean; cutShort?: boolean }> {
  const reply = await provider.complete(messages, task.jsonSchema);
  const first = validateReply(task, reply.text, prefs);
  if (first.ok) return { value: first.value, repaired: false };
  if (reply.cutOff && task.enoughWhenCut) {
    for (const closed of closedCutOffs(reply.text)) {
      const kept = validateReply(task, closed, prefs);
      if (kept.ok && task.enoughWhenCut(kept.value)) return { value: kept.value, repaired: false, cutShort: true };
    }
  }
  const retry = reply.cutOff ? messages : repairMessages(messages, reply.text, first.error);
  const second = validateReply(task, (await provider.complete(retry, task.jsonSchema)).text, prefs);
  return { value: second.ok ? second.value : null, repaired: true };
}

const cutShortNote = (who: string) =>
  `${who} wrote to its length cap; what it wrote before its last, unfinished point was kept.`;

export interface LlmRunOptions {
  chunkTokens?: number;
}

interface Draft {
  /** The model's answer as the fields of an analysis; null when it failed. */
  value: LlmAnalysis | null;
  notes: string[];
}

/**
 * The model's answer for the whole transcript: in one request when it fits the token budget, else section by
 * section and then the whole from the sections' answers (map-reduce). A section the model cannot answer validly,
 * even after one repair, is answered by the offline engine instead. Null when the answer for the whole fails.
 */
async function draft<T>(
  provider: AnalysisProvider,
  task: LlmTask<T>,
  input: AnalysisInput,
  prefs: AnalysisPreferences,
  offline: AnalysisResult,
  budget: number,
): Promise<Draft> {
  const who = `${provider.engine} (${provider.model})`;
  const facts: Facts = { duration: offline.summary_analysis.duration, speakers: offline.summary_analysis.speakers };
  if (estimateTokens(offline.formatted_transcript) <= budget) {
    const answer = await ask(provider, task, prefs, task.messages(offline.formatted_transcript, facts, prefs));
    const repaired = answer.repaired && answer.value ? [`${who} needed one repair to return valid JSON.`] : [];
    const cut = answer.cutShort ? [cutShortNote(who)] : [];
    return { value: answer.value && task.toAnalysis(answer.value, offline), notes: [...repaired, ...cut] };
  }
  const chunks = chunkSegments(input, budget);
  const offlineParts: number[] = [];
  const cutParts: number[] = [];
  const partials = await mapLimited(chunks, provider.parallel, async (segments, k) => {
    const text = formatTranscript(buildTurns(segments, prefs.speakerIdentification));
    const answer = await ask(
      provider,
      task,
      prefs,
      task.messages(text, facts, prefs, { index: k + 1, count: chunks.length }),
    );
    if (answer.cutShort) cutParts.push(k + 1);
    if (answer.value) return answer.value;
    offlineParts.push(k + 1);
    return task.fromOffline(analyseOffline({ segments, language: input.language, duration: 0 }, prefs));
  });
  const notes = [
    ...offlineParts
      .sort((a, b) => a - b)
      .map(
        (index) =>
          `Part ${index} of ${chunks.length} was analysed offline: ${who} did not return valid JSON after one repair.`,
      ),
    ...cutParts.sort((a, b) => a - b).map((index) => `Part ${index} of ${chunks.length}: ${cutShortNote(who)}`),
  ];
  const value = await combine(provider, task, partials, facts, prefs, budget);
  if (value) notes.unshift(`Analysed in ${chunks.length} parts by ${who} and combined.`);
  return { value: value && task.toAnalysis(value, offline), notes };
}

/**
 * The analysis by a language model (the whole of it, or the summary and key points for a small local model, see
 * tasks.ts). Its summary and key points are checked against the transcript (grounding.ts); the formatted
 * transcript and key-point timestamps are always measured offline. When the model's answer fails, the whole
 * offline analysis is returned. Throws LlmError when a call fails.
 */
export async function analyseWithProvider(
  provider: AnalysisProvider,
  input: AnalysisInput,
  prefs: AnalysisPreferences,
  offline: AnalysisResult,
  options: LlmRunOptions = {},
): Promise<AnalysisResult> {
  const budget = options.chunkTokens ?? provider.chunkTokens;
  const { value, notes } =
    provider.task === "summary"
      ? await draft(provider, summaryTask, input, prefs, offline, budget)
      : await draft(provider, analysisTask, input, prefs, offline, budget);
  if (!value) {
    return {
      ...offline,
      notes: [
        ...offline.notes,
        `${provider.engine} (${provider.model}) did not return valid JSON after one repair; the offline engine produced this analysis.`,
      ],
    };
  }
  const checked = groundedAnalysis(value, offline, prefs, `${provider.engine} (${provider.model})`);
  return compose(checked.analysis, offline, prefs, provider, input, [...notes, ...checked.notes]);
}

/** Combines the sections' answers, in rounds when even those exceed the token budget. */
async function combine<T>(
  provider: AnalysisProvider,
  task: LlmTask<T>,
  partials: T[],
  facts: Facts,
  prefs: AnalysisPreferences,
  budget: number,
): Promise<T | null> {
  let level = partials;
  while (level.length > 1) {
    const groups: T[][] = [];
    let group: T[] = [];
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
    const next: T[] = [];
    for (const members of groups) {
      if (members.length === 1) {
        next.push(members[0] as T);
        continue;
      }
      const answer = await ask(provider, task, prefs, task.combine(members, facts, prefs));
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
  // A model that loops writes a point again, word for word.
  const keyPoints = withoutRepeats(analysis.key_points);
  const scope =
    provider.task === "summary"
      ? `Summary and key points by ${provider.engine} (${provider.model}); everything else found by the offline engine.`
      : `Summary and analysis by ${provider.engine} (${provider.model}); formatted transcript, duration and key-point timestamps measured offline.`;
  return {
    summary: prefs.summaryGeneration ? analysis.summary : "",
    key_points: keyPoints,
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
    enhanced_key_points: anchorKeyPoints(keyPoints, offline.formatted_transcript, speakers),
    claude_analysis: null,
    engine: provider.engine,
    language: offline.language,
    notes: [...notes, scope],
  };
}
