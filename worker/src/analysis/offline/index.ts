import { type AnalysisPreferences, type AnalysisResult, DEFAULT_ANALYSIS_PREFERENCES } from "@verbatim/shared";
import type { AnalysisInput } from "../types";
import { extractActionItems, formatActionItem } from "./action-items";
import { findDecisions } from "./decisions";
import { extractEntities, isPersonName } from "./entities";
import { formatTranscript } from "./format";
import { enhanceKeyPoints, selectKeyPoints } from "./key-points";
import { languageName, resolveLanguage } from "./language";
import { extractQuestions } from "./questions";
import { salience } from "./salience";
import { englishSentences, plainSentences } from "./sentences";
import { buildTurns, describeSpeakers, speakerStats } from "./speakers";
import { composeInformativeSummary, composeSummary, leadSentence, type SummaryContext } from "./summary";
import { humanDuration, tidySentence, wordCount } from "./text";
import { describeTone } from "./tone";
import { detectTopics } from "./topics";

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/**
 * The offline analysis: deterministic, no network, no model download. English transcripts get every field;
 * other languages get what can be measured without understanding the words (duration, speakers, questions by
 * their question marks, the formatted transcript) and say so in `notes` and the overview.
 */
export function analyseOffline(
  input: AnalysisInput,
  prefs: AnalysisPreferences = DEFAULT_ANALYSIS_PREFERENCES,
): AnalysisResult {
  const turns = buildTurns(input.segments, prefs.speakerIdentification);
  const end = turns.reduce((max, t) => Math.max(max, t.end), 0);
  const durationText = humanDuration(input.duration > 0 ? input.duration : end);
  // The opening is enough to tell the language; reading all of a ten-hour transcript would only cost time.
  const language = resolveLanguage(
    input.language,
    turns
      .map((t) => t.text)
      .join("\n")
      .slice(0, 20_000),
  );
  const stats = speakerStats(turns, wordCount);
  const participants = stats.map((s) => s.name).filter(isPersonName);
  const speakers = describeSpeakers(stats, prefs.speakerIdentification);
  const formatted = formatTranscript(turns);
  const notes: string[] = [];

  if (turns.length === 0 || language !== "en") {
    const reason =
      turns.length === 0
        ? "The transcript has no speech to analyse."
        : language
          ? `Language '${language}' (${languageName(language)}) cannot be analysed in depth; filled duration, speakers and questions only.`
          : "The transcript's language could not be identified, so it was not analysed in depth; filled duration, speakers and questions only.";
    notes.push(reason);
    return {
      summary: "",
      key_points: [],
      summary_analysis: { overview: reason, duration: durationText, tone: "Not assessed.", speakers, topics: [] },
      transcription_details: {
        topics: [],
        entities: [],
        questions: extractQuestions(plainSentences(turns)),
        actionItems: [],
      },
      formatted_transcript: formatted,
      informative_summary: null,
      enhanced_key_points: null,
      claude_analysis: null,
      engine: "offline",
      language,
      notes,
    };
  }

  const sentences = englishSentences(turns);
  const scores = salience(sentences);
  const decisions = findDecisions(sentences);
  const questions = extractQuestions(sentences);
  const people = new Set(participants.flatMap((p) => [p.toLowerCase(), ...p.toLowerCase().split(/\s+/)]));
  const topics = prefs.topicDetection ? detectTopics(sentences, scores, people, end) : [];
  const actionItems = prefs.actionItemsExtraction ? extractActionItems(sentences, participants) : [];
  const keyPoints = selectKeyPoints(sentences, scores);
  const context: SummaryContext = { sentences, scores, decisions, participants, durationText, topics };

  if (prefs.preferredLanguage !== "English") {
    notes.push(
      `The offline engine writes in English; analysis in ${prefs.preferredLanguage} needs a language-model provider.`,
    );
  }
  const recorded = `${count(actionItems.length, "action item")} and ${count(questions.length, "question")} were recorded.`;
  return {
    summary: prefs.summaryGeneration ? composeSummary(context) : "",
    key_points: keyPoints.map((s) => tidySentence(s.text)),
    summary_analysis: {
      overview: `${leadSentence(context)} ${recorded}`,
      duration: durationText,
      tone: describeTone(sentences, decisions.length, questions.length),
      speakers,
      topics: topics.map((t) => t.name),
    },
    transcription_details: {
      topics: topics.map((t) => ({ name: t.name, description: t.description, keyPoints: t.keyPoints })),
      entities: extractEntities(sentences, participants).map(({ name, type, mentions }) => ({ name, type, mentions })),
      questions,
      actionItems: actionItems.map(formatActionItem),
    },
    formatted_transcript: formatted,
    informative_summary: prefs.summaryGeneration ? composeInformativeSummary(context, actionItems, questions) : null,
    enhanced_key_points: enhanceKeyPoints(keyPoints, new Set(actionItems.flatMap((a) => a.sentences))),
    claude_analysis: null,
    engine: "offline",
    language,
    notes,
  };
}
