import type { Sentence } from "./sentences";

/** Every question asked, verbatim, as "Name: question?" when the speaker is known; repeats are listed once. */
export function extractQuestions(sentences: readonly Sentence[]): string[] {
  const seen = new Set<string>();
  const questions: string[] = [];
  for (const sentence of sentences) {
    if (!sentence.question) continue;
    const line = sentence.speaker ? `${sentence.speaker}: ${sentence.text}` : sentence.text;
    const key = line.toLowerCase().replace(/\W+/g, " ");
    if (seen.has(key)) continue;
    seen.add(key);
    questions.push(line);
  }
  return questions;
}
