import type { DiarizationNote, Segment, Speaker, Word } from "@verbatim/shared";
import { SAME_VOICE, voiceSimilarity } from "../rules/voices";
import { joinWords } from "./text";

// Each chunk of a chunked upload is diarized on its own, so its speaker ids ("SPEAKER_00"…) are its own: the
// first voice of part 2 need not be the first voice of part 1. Neighbouring chunks overlap (clients cut with a
// margin), and both chunks transcribe the words in the overlap: a speaker of the later chunk is the speaker of
// the earlier one whose words it shares the most time with there. A speaker who says nothing in the overlap is
// matched by voice (the engine's per-speaker embeddings) with the most similar speaker heard so far; one with
// no match either way is a new speaker.

export interface ChunkWords {
  /** Absolute times; `speaker` is the chunk's own id. */
  words: Word[];
  /** Absolute span of the chunk's audio. */
  from: number;
  to: number;
  /** The engine's voice embedding per local speaker id, when it sent them. */
  embeddings?: Record<string, number[]> | undefined;
}

const key = (chunk: number, id: string) => `${chunk}\u0000${id}`;

/** Maps every (chunk, local id) to one id shared across the recording ("S0", "S1"… before renumbering). */
export function linkChunkSpeakers(chunks: ChunkWords[]): Map<string, string> {
  const global = new Map<string, string>();
  const voices = new Map<string, number[]>(); // global id → the embedding it was first heard with
  let next = 0;
  chunks.forEach((chunk, i) => {
    const prev = chunks[i - 1];
    const votes = new Map<string, Map<string, number>>();
    if (prev) {
      const from = chunk.from;
      const to = Math.min(prev.to, chunk.to);
      const earlier = prev.words.filter((w) => w.speaker && w.end > from && w.start < to);
      for (const w of chunk.words) {
        if (!w.speaker || w.end <= from || w.start >= to) continue;
        for (const p of earlier) {
          const shared = Math.min(w.end, p.end) - Math.max(w.start, p.start);
          const g = global.get(key(i - 1, p.speaker as string));
          if (shared <= 0 || !g) continue;
          const mine = votes.get(w.speaker) ?? new Map<string, number>();
          mine.set(g, (mine.get(g) ?? 0) + shared);
          votes.set(w.speaker, mine);
        }
      }
    }
    // Best pairs first; one earlier speaker matches at most one of this chunk's speakers.
    const pairs = [...votes].flatMap(([local, gs]) => [...gs].map(([g, s]) => ({ local, g, s })));
    pairs.sort((a, b) => b.s - a.s);
    const taken = new Set<string>();
    for (const { local, g } of pairs) {
      if (global.has(key(i, local)) || taken.has(g)) continue;
      global.set(key(i, local), g);
      taken.add(g);
    }
    const locals = [...new Set(chunk.words.map((w) => w.speaker).filter((s): s is string => !!s))];
    const byVoice = locals
      .filter((local) => !global.has(key(i, local)) && chunk.embeddings?.[local])
      .flatMap((local) =>
        [...voices].map(([g, v]) => ({ local, g, s: voiceSimilarity(chunk.embeddings?.[local] as number[], v) })),
      )
      .filter((p) => p.s >= SAME_VOICE)
      .sort((a, b) => b.s - a.s);
    for (const { local, g } of byVoice) {
      if (global.has(key(i, local)) || taken.has(g)) continue;
      global.set(key(i, local), g);
      taken.add(g);
    }
    for (const local of locals) {
      if (!global.has(key(i, local))) global.set(key(i, local), `S${next++}`);
      const voice = chunk.embeddings?.[local];
      const g = global.get(key(i, local)) as string;
      if (voice && !voices.has(g)) voices.set(g, voice);
    }
  });
  return global;
}

export const chunkSpeakerKey = key;

/**
 * Renames speaker ids to "SPEAKER_00", "SPEAKER_01"… in order of first appearance and lists them (unnamed).
 * Returns the segments unchanged and no speakers when nobody was recognised.
 */
export function numberSpeakers(segments: Segment[]): {
  segments: Segment[];
  speakers: Speaker[];
  /** Each id given in → the "SPEAKER_nn" it became. */
  ids: Map<string, string>;
} {
  const ids = new Map<string, string>();
  const idOf = (s: string | undefined) => {
    if (s === undefined) return undefined;
    if (!ids.has(s)) ids.set(s, `SPEAKER_${String(ids.size).padStart(2, "0")}`);
    return ids.get(s);
  };
  const renamed = segments.map((seg) => {
    const words = seg.words?.map((w) => (w.speaker === undefined ? w : { ...w, speaker: idOf(w.speaker) as string }));
    const speaker = idOf(seg.speaker);
    return { ...seg, ...(words ? { words } : {}), ...(speaker ? { speaker } : {}) };
  });
  return { segments: renamed, speakers: [...ids.values()].map((id) => ({ id, name: null })), ids };
}

/** One note for the recording: a failure in any chunk is reported; otherwise unavailable, otherwise done. */
export function joinDiarizationNotes(notes: (DiarizationNote | undefined)[]): DiarizationNote | undefined {
  const given = notes.filter((n): n is DiarizationNote => n !== undefined);
  if (given.length === 0) return undefined;
  return given.find((n) => n.state === "failed") ?? given.find((n) => n.state === "unavailable") ?? given[0];
}

/**
 * Splits a segment where its words' speaker changes, each piece taking its words' speaker, so a segment never
 * mixes voices (a provider may label a segment by its main speaker only, or a seam may leave a mixed one).
 */
export function splitBySpeaker(segment: Segment): Segment[] {
  const words = segment.words ?? [];
  if (!words.some((w) => w.speaker !== undefined)) return [segment];
  const runs: Word[][] = [];
  for (const w of words) {
    const run = runs.at(-1);
    if (run && run[0]?.speaker === w.speaker) run.push(w);
    else runs.push([w]);
  }
  if (runs.length === 1) return [{ ...segment, ...speakerField(words[0]?.speaker) }];
  return runs.map((run, i) => ({
    start: i === 0 ? segment.start : (run[0] as Word).start,
    end: i === runs.length - 1 ? segment.end : (run.at(-1) as Word).end,
    text: joinWords(run, segment.text),
    words: run,
    ...speakerField(run[0]?.speaker),
  }));
}

const speakerField = (speaker: string | undefined) => (speaker === undefined ? {} : { speaker });
