import { type ActionItem, formatActionItem } from "./action-items";
import { decisionText } from "./decisions";
import { pickDistinct } from "./salience";
import type { Sentence } from "./sentences";
import { capitalize, joinList, tidySentence } from "./text";
import type { Topic } from "./topics";

const NUMBER_WORDS = [
  "no",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];
const spell = (n: number) => NUMBER_WORDS[n] ?? String(n);

export interface SummaryContext {
  sentences: readonly Sentence[];
  scores: readonly number[];
  decisions: readonly Sentence[];
  participants: readonly string[];
  durationText: string;
  topics: readonly Topic[];
}

/** "Six participants (A, B, …) met for 11 minutes to discuss x, y and z, and made three decisions." */
export function leadSentence({ participants, durationText, topics, decisions: made }: SummaryContext): string {
  const decisionCount = made.length;
  const labels = [...new Set(topics.filter((t) => !t.recap).map((t) => t.label))].slice(0, 5);
  const decisions = `${spell(decisionCount)} decision${decisionCount === 1 ? "" : "s"}`;
  if (participants.length > 1) {
    const shown =
      participants.length > 8 ? [...participants.slice(0, 6), `${participants.length - 6} others`] : participants;
    const about = labels.length > 0 ? ` to discuss ${joinList(labels)}` : "";
    const decided = decisionCount > 0 ? `, and made ${decisions}` : "";
    return `${capitalize(spell(participants.length))} participants (${joinList(shown)}) met for ${durationText}${about}${decided}.`;
  }
  const who = participants[0] ? ` of ${participants[0]}` : "";
  const about = labels.length > 0 ? ` covers ${joinList(labels)}` : " has no clearly separate topics";
  const decided = decisionCount > 0 ? `, and records ${decisions}` : "";
  return `This recording${who} (${durationText})${about}${decided}.`;
}

/**
 * Prose summary: a lead sentence (who, how long, which topics), then the decisions, then the most central
 * remaining points in the order they were said. Sentences that mostly repeat an earlier one are skipped, which
 * also drops the end-of-meeting recap of things already covered.
 */
export function composeSummary(context: SummaryContext): string {
  const shown = context.decisions.slice(0, 5);
  const taken = shown.map((d) => d.terms);
  const decisionIndexes = new Set(context.decisions.map((d) => d.index));
  const statements = context.sentences.filter((s) => !s.question && !decisionIndexes.has(s.index));
  const count = Math.min(8, Math.max(3, Math.round(context.sentences.length / 25)));
  const points = pickDistinct(statements, context.scores, count, taken).map((s) => tidySentence(s.text));
  const paragraphs = [[leadSentence(context), ...shown.map(decisionText)].join(" "), points.join(" ")];
  return paragraphs.filter((p) => p.length > 0).join("\n\n");
}

/**
 * The longer account for informative_summary: one paragraph per topic with its time range, then the
 * decisions, the action items and the questions that were asked.
 */
export function composeInformativeSummary(
  context: SummaryContext,
  actionItems: readonly ActionItem[],
  questions: readonly string[],
): string {
  const sections: string[] = [leadSentence(context)];
  for (const topic of context.topics) {
    sections.push([`${topic.name}. ${topic.when}`, topic.central, ...topic.keyPoints].filter(Boolean).join(" "));
  }
  if (context.decisions.length > 0) {
    sections.push(
      `Decisions:\n${context.decisions
        .slice(0, 20)
        .map((d) => `- ${decisionText(d)}`)
        .join("\n")}`,
    );
  }
  if (actionItems.length > 0) {
    sections.push(`Action items:\n${actionItems.map((a) => `- ${formatActionItem(a)}`).join("\n")}`);
  }
  if (questions.length > 0) sections.push(`Questions raised:\n${questions.map((q) => `- ${q}`).join("\n")}`);
  return sections.join("\n\n");
}
