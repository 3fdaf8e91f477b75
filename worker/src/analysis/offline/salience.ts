import type { Sentence } from "./sentences";
import { addCounts, cosine, overlap } from "./text";

const FIRST_PERSON = /\b(?:i|i'm|i'd|i'll|i've|me|my)\b/i;
// Sentences opening with a pronoun lean on the one before them and read as fragments out of context.
const ANAPHORIC = /^(?:(?:so|and|but|okay|yes|well),?\s+)?(?:it|that|this|they|he|she|those|these)\b/i;
const META =
  /^(?:(?:okay|so|great|good),?\s+)?(?:let me|let's (?:get started|move|start|wrap)|thanks|thank you|last topic|next topic|same time)\b/i;

/**
 * How central each sentence is: cosine similarity of its content words (weighted by rarity) to the whole
 * transcript's, the classic centroid measure, which stays linear in the length of the transcript. Questions,
 * fragments, first-person asides and meeting logistics are down-weighted because they make poor summary lines.
 */
export function salience(sentences: readonly Sentence[]): number[] {
  const documentFrequency = new Map<string, number>();
  for (const sentence of sentences) addCounts(documentFrequency, sentence.terms);
  const n = sentences.length;
  const idf = (term: string) => Math.log((n + 1) / (documentFrequency.get(term) ?? 1));
  const vectors = sentences.map((s) => new Map([...s.terms].map((t) => [t, idf(t)])));
  const centroid = new Map<string, number>();
  for (const vector of vectors)
    for (const [term, weight] of vector) centroid.set(term, (centroid.get(term) ?? 0) + weight);

  return sentences.map((sentence, k) => {
    if (sentence.words < 5 || sentence.terms.size < 2) return 0;
    let score = cosine(vectors[k] as Map<string, number>, centroid);
    score *= Math.min(1, sentence.words / 12);
    if (sentence.words > 45) score *= 0.8;
    if (sentence.question) score *= 0.4;
    if (FIRST_PERSON.test(sentence.text)) score *= 0.75;
    if (ANAPHORIC.test(sentence.text)) score *= 0.6;
    if (META.test(sentence.text)) score *= 0.3;
    return score;
  });
}

/** Sentences in order of salience, skipping any whose content words mostly repeat one already taken. */
export function pickDistinct(
  candidates: readonly Sentence[],
  scores: readonly number[],
  limit: number,
  taken: Set<string>[] = [],
): Sentence[] {
  const picked: Sentence[] = [];
  const ranked = [...candidates]
    .filter((s) => (scores[s.index] ?? 0) > 0)
    .sort((a, b) => (scores[b.index] ?? 0) - (scores[a.index] ?? 0));
  for (const sentence of ranked) {
    if (picked.length >= limit) break;
    if (taken.some((terms) => isNearDuplicate(terms, sentence.terms))) continue;
    picked.push(sentence);
    taken.push(sentence.terms);
  }
  return picked.sort((a, b) => a.index - b.index);
}

/** Two sentences say the same thing when most of the shorter one's content words are in the longer one. */
export function isNearDuplicate(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return overlap(a, b) >= 0.6;
}
