import { isNearDuplicate } from "./salience";
import type { Sentence } from "./sentences";
import { tidySentence } from "./text";

// What people say when they settle something in a meeting. "Let's move to …" only changes the subject, so
// "let's" counts only with verbs that commit to a course.
const DECISION_CUES = [
  /\b(?:that's|that is|it's|this is) (?:a|the|our) (?:decision|call)\b/,
  /\bwe(?:'ve| have)? (?:all )?(?:agreed|decided)\b/,
  /\b(?:agreed|decided) (?:to|that|on)\b/,
  /\b(?:the|our|final) decision is\b/,
  /\blet's (?:not )?(?:go with|do that|do it|include|add|keep|drop|ship|hire|postpone|delay|defer|decide|put|use|go ahead|proceed|stick with|cut|revisit|schedule|approve)\b/,
  /\b(?:is|are|was|were|been) (?:approved|signed off)\b/,
];

// Recaps announce agreements without being one.
const META = /^(?:let me|to summari[sz]e|in summary|to recap|let's recap|let's summari[sz]e)\b/i;

export function isDecision(sentence: Sentence): boolean {
  if (sentence.question || sentence.words < 4) return false;
  const text = sentence.text.toLowerCase().replace(/[’]/g, "'");
  if (META.test(tidySentence(sentence.text))) return false;
  return DECISION_CUES.some((cue) => cue.test(text));
}

/** The decision as a summary sentence: "So that's a decision: X" reads better as just "X". */
export function decisionText(sentence: Sentence): string {
  const stripped = sentence.text.replace(
    /^.*?\b(?:that's|that is|it's|this is) (?:a|the|our) (?:decision|call)\s*[:,-]\s*/i,
    "",
  );
  return tidySentence(stripped);
}

/** The decisions made, each once: a decision restated later (often in a recap) is not a second decision. */
export function findDecisions(sentences: readonly Sentence[]): Sentence[] {
  const decisions: Sentence[] = [];
  for (const sentence of sentences) {
    if (isDecision(sentence) && !decisions.some((d) => isNearDuplicate(d.terms, sentence.terms)))
      decisions.push(sentence);
  }
  return decisions;
}
