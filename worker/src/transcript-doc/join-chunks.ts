import type { Segment, TranscriptDoc, Word } from "@verbatim/shared";
import type { SpeechResult } from "../asr";
import { meanVoice } from "../rules/voices";
import {
  chunkSpeakerKey,
  joinDiarizationNotes,
  linkChunkSpeakers,
  numberSpeakers,
  splitBySpeaker,
} from "./link-speakers";
import { joinWords } from "./text";

export interface ChunkResult {
  /** Where the chunk starts in the whole recording, in seconds. */
  startOffset: number;
  result: SpeechResult;
}

export interface JoinedTranscript {
  doc: TranscriptDoc;
  /** Each of the doc's speakers' voice (the mean over the chunks it spoke in), when the engine sent embeddings. */
  voices: Map<string, number[]>;
}

const shift = (w: Word, by: number): Word => ({ ...w, start: w.start + by, end: w.end + by });

/**
 * Joins chunk transcripts into one. Neighbouring chunks may overlap (clients cut with a margin so no word is
 * sliced in two); each word belongs to exactly one chunk: the one on its side of the middle of the overlap.
 * That is what keeps words from being lost or doubled at the seams.
 */
export function joinChunks(chunks: ChunkResult[]): JoinedTranscript {
  const sorted = [...chunks].sort((a, b) => a.startOffset - b.startOffset);
  const ends = sorted.map((c) => c.startOffset + c.result.duration);
  const cuts = sorted.map((_, i) => {
    const next = sorted[i + 1];
    if (!next) return Number.POSITIVE_INFINITY;
    const end = ends[i] as number;
    return next.startOffset < end ? (next.startOffset + end) / 2 : next.startOffset;
  });

  // Speakers linked across chunks by the words both transcribed in their overlap (link-speakers.ts).
  const linked = linkChunkSpeakers(
    sorted.map((c, i) => ({
      from: c.startOffset,
      to: ends[i] as number,
      embeddings: c.result.speakerEmbeddings,
      words: c.result.segments.flatMap((s) =>
        (s.words?.length ? s.words : [{ word: s.text, start: s.start, end: s.end, speaker: s.speaker }]).map((w) =>
          shift({ ...w, speaker: w.speaker ?? s.speaker }, c.startOffset),
        ),
      ),
    })),
  );
  const relabel = <T extends { speaker?: string | undefined }>(i: number, x: T): T => {
    if (x.speaker === undefined) return x;
    const id = linked.get(chunkSpeakerKey(i, x.speaker));
    return id === undefined ? x : { ...x, speaker: id };
  };

  const joined: Segment[] = [];
  sorted.forEach((chunk, i) => {
    const from = i === 0 ? Number.NEGATIVE_INFINITY : (cuts[i - 1] as number);
    const to = cuts[i] as number;
    const inside = (start: number, end: number) => {
      const mid = (start + end) / 2;
      return mid >= from && mid < to;
    };
    for (const original of chunk.result.segments) {
      const seg = relabel(i, { ...original, words: original.words?.map((w) => relabel(i, w)) });
      const start = seg.start + chunk.startOffset;
      const end = seg.end + chunk.startOffset;
      if (seg.words && seg.words.length > 0) {
        const words = seg.words.map((w) => shift(w, chunk.startOffset)).filter((w) => inside(w.start, w.end));
        if (words.length === 0) continue;
        const whole = words.length === seg.words.length;
        joined.push({
          start: whole ? start : (words[0] as Word).start,
          end: whole ? end : (words.at(-1) as Word).end,
          text: whole ? seg.text : joinWords(words, seg.text),
          words,
          ...(seg.speaker ? { speaker: seg.speaker } : {}),
        });
      } else if (inside(start, end)) {
        joined.push({ ...seg, start, end });
      }
    }
  });

  const languages = sorted.map((c) => c.result.language).filter((l): l is string => !!l);
  const diarization = joinDiarizationNotes(sorted.map((c) => c.result.diarization));
  const { segments, speakers, ids } = numberSpeakers(joined.flatMap(splitBySpeaker));
  const heard = new Map<string, number[][]>();
  sorted.forEach((chunk, i) => {
    for (const [local, voice] of Object.entries(chunk.result.speakerEmbeddings ?? {})) {
      const id = ids.get(linked.get(chunkSpeakerKey(i, local)) ?? "");
      if (id) heard.set(id, [...(heard.get(id) ?? []), voice]);
    }
  });
  const voices = new Map(
    [...heard].map(([id, vs]) => [id, meanVoice(vs.map((voice) => ({ voice, weight: 1 })))] as const),
  );
  return {
    doc: {
      language: mostCommon(languages),
      duration: Math.max(0, ...ends),
      segments,
      ...(speakers.length > 0 ? { speakers } : {}),
      ...(diarization ? { diarization } : {}),
    },
    voices,
  };
}

function mostCommon(values: string[]): string | null {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  for (const [v, n] of counts) if (n > bestCount) [best, bestCount] = [v, n];
  return best;
}
