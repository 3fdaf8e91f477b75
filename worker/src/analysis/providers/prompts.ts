import type { AnalysisPreferences } from "@verbatim/shared";
import type { ChatMessage } from "./types";

export interface Facts {
  duration: string;
  speakers: string;
}

function instructions(prefs: AnalysisPreferences, schema: string): string {
  const rules = [
    "You analyse meeting and call transcripts. Use only what the transcript says; never invent names, numbers or dates.",
    `Reply with one JSON object and nothing else. It must match this JSON Schema:\n${schema}`,
    "summary: prose in 1-3 short paragraphs: a lead sentence on who met and what about, then the decisions, then the most important points. No sentence may repeat another.",
    "key_points: 4-10 short, self-contained statements of the most important facts, decisions and commitments.",
    "summary_analysis: overview (2-3 sentences), duration (as given), tone (how the conversation felt, and why), speakers (who spoke and their apparent roles), topics (topic names in order).",
    "transcription_details.topics: each topic discussed, in order, with name, a one-sentence description and 1-3 keyPoints.",
    "transcription_details.entities: people, organizations, places, products, dates and amounts, with type one of person, organization, place, product, date, amount, and how many times each is mentioned.",
    'transcription_details.questions: every question asked, verbatim, as "Name: question?" when the speaker is known.',
    'transcription_details.actionItems: every task someone took on or was given, as "Owner: task — due date" (leave out parts that were not stated).',
    "informative_summary: a longer account with one paragraph per topic, then the decisions and the action items.",
    `Write every text value in ${prefs.preferredLanguage}, whatever the language of the transcript; keep names and quoted questions as spoken.`,
  ];
  if (!prefs.topicDetection) rules.push("Topic detection is off: return empty topic lists.");
  if (!prefs.actionItemsExtraction) rules.push("Action item extraction is off: return an empty actionItems list.");
  if (!prefs.summaryGeneration)
    rules.push("Summary generation is off: return empty strings for summary and informative_summary.");
  if (!prefs.speakerIdentification)
    rules.push("Speaker identification is off: do not attribute anything to a named speaker.");
  return rules.join("\n");
}

const factsText = (facts: Facts) => `Duration: ${facts.duration}\nSpeakers: ${facts.speakers}`;

/** Messages asking for the analysis of one transcript, or of one part of a longer one. */
export function analysisMessages(
  transcript: string,
  facts: Facts,
  prefs: AnalysisPreferences,
  schema: string,
  part?: { index: number; count: number },
): ChatMessage[] {
  const scope = part
    ? `This is part ${part.index} of ${part.count} of a longer transcript. Analyse only this part; the parts are combined afterwards.\n`
    : "";
  return [
    { role: "system", content: instructions(prefs, schema) },
    { role: "user", content: `${scope}${factsText(facts)}\n\nTranscript:\n${transcript}` },
  ];
}

/** Messages asking to combine analyses of consecutive parts into one analysis of the whole. */
export function combineMessages(
  partials: readonly unknown[],
  facts: Facts,
  prefs: AnalysisPreferences,
  schema: string,
): ChatMessage[] {
  return [
    { role: "system", content: instructions(prefs, schema) },
    {
      role: "user",
      content:
        `These are analyses of ${partials.length} consecutive parts of one transcript, in order. Combine them into one analysis of the whole: ` +
        "merge topics that continue across parts, merge duplicate entities (adding up their mentions), keep every distinct question and action item once, " +
        `and write the summaries for the whole.\n${factsText(facts)}\n\nPart analyses:\n${JSON.stringify(partials)}`,
    },
  ];
}

/** The message sent back after an invalid reply: the validation error, and the request to answer again. */
export function repairMessages(original: ChatMessage[], reply: string, error: string): ChatMessage[] {
  return [
    ...original,
    { role: "assistant", content: reply },
    {
      role: "user",
      content: `Your reply is not valid: ${error}\nReply again with the complete, corrected JSON object only, matching the schema.`,
    },
  ];
}

// A 1.5B-parameter model follows a short brief with an example better than a JSON Schema, and the answer's language
// best when it is asked for last, next to the transcript. The brief is the same for every request, so the local
// service reuses its evaluation (llama.cpp keeps the common start of the context); what differs comes after it.
function summaryInstructions(prefs: AnalysisPreferences): string {
  const rules = [
    "You summarise meetings. Write in your own words: never copy a sentence from the text you are given.",
    "Keep every name, number, date and decision exactly as stated. Never add a name, number or date that is not in the text.",
    // The check (grounding.ts) reads a number in either form; a number copied as it was said is one the model
    // cannot convert wrongly ("three hundred and twenty thousand" is easy to write as 3,200,000).
    'Write numbers, amounts and dates as the text says them: "forty thousand" stays "forty thousand", "March third" stays "March third".',
    'Reply with one JSON object and nothing else, shaped like {"summary": "…", "key_points": ["…", "…"]}.',
    "summary: who met and what about, what was decided, and what happens next.",
    // A small model otherwise lists the subjects ("the cost of the buses was discussed") and loses what was said.
    'Never write that something "was discussed": say what was said or decided about it, with its numbers.',
    "key_points: one short statement for each decision, deadline, amount and task: who does what, by when, with its numbers and dates.",
    `Write the summary and the key points in ${prefs.preferredLanguage}, whatever the language of the text; keep names as spoken.`,
  ];
  if (!prefs.summaryGeneration) rules.push('Summary generation is off: return "" for summary.');
  if (!prefs.speakerIdentification)
    rules.push("Speaker identification is off: do not attribute anything to a named speaker.");
  return rules.join("\n");
}

/** The fewest key points asked of a transcript longer than a short call. */
export const MIN_KEY_POINTS = 4;

// A short call (under about 800 tokens) gets a short summary: on a CPU every token written costs a tenth of a second.
const lengthOf = (short: boolean) =>
  short
    ? "Length: summary 1-2 sentences, 2 key points."
    : `Length: summary 2-4 sentences, ${MIN_KEY_POINTS}-8 key points.`;

// The language asked for in that language: a small model follows the language of the words it last read.
const WRITE_IN: Record<AnalysisPreferences["preferredLanguage"], string> = {
  English: "Write the summary and the key points in English.",
  Spanish: "Escribe el resumen y los puntos clave en español.",
  French: "Rédige le résumé et les points clés en français.",
  German: "Schreibe die Zusammenfassung und die Kernpunkte auf Deutsch.",
  Swedish: "Skriv sammanfattningen och huvudpunkterna på svenska.",
};
const answerIn = (prefs: AnalysisPreferences) =>
  `Answer with the JSON object, written in ${prefs.preferredLanguage}. ${WRITE_IN[prefs.preferredLanguage]}`;

// Each paragraph's "[mm:ss] " is some five tokens a small model reads for nothing: the summary cites no times (the
// key points are placed in time afterwards, anchor.ts), and on a CPU reading is half of a long meeting's cost
// (without them, the dev meetings' requests were 11-14 % shorter).
const withoutTimes = (transcript: string) => transcript.replace(/^\[\d+(?::\d{2}){1,2}\] /gm, "");

/** Messages asking a small model for the summary and key points of a transcript, or of one section of it. */
export function summaryMessages(
  transcript: string,
  facts: Facts,
  prefs: AnalysisPreferences,
  part?: { index: number; count: number },
): ChatMessage[] {
  const scope = part ? `This is section ${part.index} of ${part.count} of a meeting transcript.\n` : "";
  return [
    { role: "system", content: summaryInstructions(prefs) },
    {
      role: "user",
      content: `${scope}${factsText(facts)}\n\nTranscript:\n${withoutTimes(transcript)}\n\n${lengthOf(transcript.length < 3000)} ${answerIn(prefs)}`,
    },
  ];
}

/** Messages asking a small model to summarise the whole meeting from its sections' summaries, in order. */
export function summaryCombineMessages(
  partials: readonly { summary: string; key_points: string[] }[],
  facts: Facts,
  prefs: AnalysisPreferences,
): ChatMessage[] {
  const sections = partials
    .map((p, i) => `Section ${i + 1}: ${p.summary}\n${p.key_points.map((k) => `- ${k}`).join("\n")}`)
    .join("\n\n");
  return [
    { role: "system", content: summaryInstructions(prefs) },
    {
      role: "user",
      content:
        `These are the summaries of the ${partials.length} consecutive sections of one meeting, in order. Summarise the whole meeting from them.\n` +
        `${factsText(facts)}\n\n${sections}\n\n${lengthOf(false)} ${answerIn(prefs)}`,
    },
  ];
}
