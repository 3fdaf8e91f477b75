// How a compressed recording is cut: pieces of 10 minutes, each repeating the last 2 s of the one before (the
// server joins them by word times). The plan follows from the duration alone, so a piece cut before a reload
// is the same piece after it.

export const CHUNK_SECONDS = 600;
export const OVERLAP_SECONDS = 2;

export interface PlannedChunk {
  idx: number;
  start: number;
  length: number;
}

export function chunkPlan(duration: number): PlannedChunk[] {
  const count = Math.max(1, Math.ceil(duration / CHUNK_SECONDS));
  return Array.from({ length: count }, (_, idx) => ({
    idx,
    start: Math.max(0, idx * CHUNK_SECONDS - (idx > 0 ? OVERLAP_SECONDS : 0)),
    length: CHUNK_SECONDS + (idx > 0 ? OVERLAP_SECONDS : 0),
  }));
}
