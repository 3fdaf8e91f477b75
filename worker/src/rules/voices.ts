// Voices compared by the engine's speaker embeddings (CAM++, unit length): the one rule for "the same person",
// used to link the speakers of a recording's chunks (transcript-doc/link-speakers.ts) and to name a new recording's
// speakers after the voices the user remembered (voices/).

/**
 * Two voices at least this similar (cosine) are one person. Measured with the local engine: 0.68–0.84 for one voice
 * within the two-speaker fixture and 0.875–0.925 for one reader across five LibriVox clips, against 0.34–0.40
 * between the fixture's two people and at most 0.36 between any two different people of the fixtures
 * (asr/tests/test_speaker_embeddings.py, worker/src/voices/voices.test.ts).
 */
export const SAME_VOICE = 0.55;

/** Cosine similarity of two unit-length embeddings. */
export const voiceSimilarity = (a: readonly number[], b: readonly number[]) =>
  a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);

/** The mean of voices, weighted, scaled back to unit length: a remembered voice heard once more. */
export function meanVoice(voices: readonly { voice: readonly number[]; weight: number }[]): number[] {
  const size = voices[0]?.voice.length ?? 0;
  const sum = new Array<number>(size).fill(0);
  for (const { voice, weight } of voices) {
    for (const [i, x] of voice.entries()) sum[i] = (sum[i] ?? 0) + x * weight;
  }
  const norm = Math.hypot(...sum);
  return norm > 0 ? sum.map((x) => x / norm) : sum;
}

/**
 * Pairs voices of `heard` with voices of `known`, most similar pairs first, each at most once on either side, and
 * only pairs at least SAME_VOICE alike: heard key → known key.
 */
export function matchVoices(
  heard: ReadonlyMap<string, readonly number[]>,
  known: ReadonlyMap<string, readonly number[]>,
): Map<string, string> {
  const pairs = [...heard].flatMap(([h, hv]) =>
    [...known].map(([k, kv]) => ({ h, k, similarity: voiceSimilarity(hv, kv) })),
  );
  pairs.sort((a, b) => b.similarity - a.similarity);
  const matched = new Map<string, string>();
  const taken = new Set<string>();
  for (const { h, k, similarity } of pairs) {
    if (similarity < SAME_VOICE) break;
    if (matched.has(h) || taken.has(k)) continue;
    matched.set(h, k);
    taken.add(k);
  }
  return matched;
}
