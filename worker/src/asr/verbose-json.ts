import type { DiarizationNote, Segment } from "@verbatim/shared";
import { toLanguageCode } from "@verbatim/shared/languages";
import type { SpeechResult } from "./types";

type Timed = { start: number; end: number; speaker?: string | null };

/** OpenAI's verbose_json transcription shape (the fields Verbatim reads), with the local engine's speakers. */
export interface VerboseJson {
  language?: string;
  duration?: number;
  text?: string;
  segments?: (Timed & { text: string })[];
  words?: (Timed & { word: string })[];
  /** Local engine with diarize=true: the speakers found ("SPEAKER_00"…), and why there are none if it failed. */
  speakers?: string[];
  warning?: string;
  speaker_embeddings?: Record<string, number[]>;
}

const speakerOf = (t: Timed) => (t.speaker ? { speaker: t.speaker } : {});

/**
 * Words arrive as one flat list; each is given to the segment whose span holds its midpoint. `diarize`: speaker
 * recognition was asked for, so the answer says whether it worked (a warning means it failed; the words stay).
 */
export function fromVerboseJson(body: VerboseJson, diarize = false): SpeechResult {
  const words = body.words ?? [];
  let w = 0;
  const segments: Segment[] = (body.segments ?? []).map((s, i, all) => {
    const next = all[i + 1];
    const own: Segment["words"] = [];
    while (w < words.length) {
      const word = words[w] as Timed & { word: string };
      const mid = (word.start + word.end) / 2;
      if (next && mid >= next.start) break;
      own.push({ word: word.word.trim(), start: word.start, end: word.end, ...speakerOf(word) });
      w++;
    }
    return { start: s.start, end: s.end, text: s.text.trim(), words: own, ...speakerOf(s) };
  });
  const result: SpeechResult = {
    language: toLanguageCode(body.language),
    duration: body.duration ?? segments.at(-1)?.end ?? 0,
    segments: segments.filter((s) => s.text.length > 0),
  };
  if (diarize) result.diarization = diarizationOf(body);
  if (body.speaker_embeddings) result.speakerEmbeddings = body.speaker_embeddings;
  return result;
}

function diarizationOf(body: VerboseJson): DiarizationNote {
  if (body.warning) return { state: "failed", message: body.warning };
  if (body.speakers === undefined)
    return { state: "unavailable", message: "This speech server cannot tell speakers apart" };
  return { state: "done", message: null };
}
