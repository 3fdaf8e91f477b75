// Cutting a transcript into requests a model's context can hold, and running those requests a few at a time.
import type { AnalysisInput } from "../types";

/** Rough token count for English-like text: about four characters a token, erring towards more tokens. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 3.5);

/** Transcript tokens per request; with prompt and a 4k-token answer this fits a 24k-token context window. */
export const DEFAULT_CHUNK_TOKENS = 12_000;

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
export function chunkSegments(input: AnalysisInput, budget: number): Segments[] {
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
export async function mapLimited<T, R>(
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
