import type { Sentence } from "./sentences";

/**
 * The tone in words, from the model's per-sentence sentiment and from how the meeting ran (how many decisions
 * and questions). A transcript has no voice, so this describes wording, not delivery.
 */
export function describeTone(sentences: readonly Sentence[], decisions: number, questions: number): string {
  const scored = sentences.filter((s) => s.sentiment !== 0);
  const total = sentences.length || 1;
  const positive = scored.filter((s) => s.sentiment > 0.1).length / total;
  const negative = scored.filter((s) => s.sentiment < -0.1).length / total;
  const mean = scored.reduce((sum, s) => sum + s.sentiment, 0) / (scored.length || 1);

  let mood: string;
  if (positive >= 0.25 && negative < 0.1) mood = "Positive and upbeat";
  else if (positive > negative * 1.5 && mean > 0.05) mood = "Constructive and mostly positive";
  else if (negative > positive * 1.5 && negative >= 0.15) mood = "Tense, with concerns dominating";
  else if (negative >= 0.1) mood = "Mixed: positive notes alongside concerns";
  else mood = "Neutral and matter-of-fact";

  const traits: string[] = [];
  if (decisions >= 2) traits.push("decision-oriented");
  if (questions / total >= 0.08) traits.push("inquisitive, with many questions");
  const detail = `${Math.round(positive * 100)}% of sentences positive, ${Math.round(negative * 100)}% negative`;
  return `${mood}${traits.length > 0 ? `; ${traits.join(", ")}` : ""} (${detail}).`;
}
