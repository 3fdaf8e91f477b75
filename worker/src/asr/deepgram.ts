import type { Segment, Word } from "@verbatim/shared";
import { endsWithSentenceMark } from "@verbatim/shared/sentences";
import type { SpeechResult } from "./types";

/** Deepgram Nova-3 on Workers AI: the model there that tells speakers apart (`diarize: true`). */
export const WORKERS_AI_NOVA3 = "@cf/deepgram/nova-3";
/** The languages Nova-3 transcribes on Workers AI (its model page); others stay with Whisper. */
export const NOVA3_LANGUAGES = new Set(["en", "es", "fr", "de", "hi", "ru", "pt", "ja", "it", "nl"]);

/** Deepgram's pre-recorded answer; with diarize, every word has a `speaker` number (not in the binding's types). */
export interface DeepgramAnswer {
  metadata?: { duration?: number };
  results?: {
    channels?: {
      detected_language?: string;
      alternatives?: {
        words?: { word?: string; punctuated_word?: string; start?: number; end?: number; speaker?: number }[];
      }[];
    }[];
  };
}

/** A pause this long starts a new segment even when the same person goes on. */
const PAUSE_SECONDS = 1.5;

/** Words become segments: a new one where the speaker changes, after a long pause, or after a sentence end. */
export function fromDeepgram(answer: DeepgramAnswer, language: string | null): SpeechResult {
  const channel = answer.results?.channels?.[0];
  const words: Word[] = (channel?.alternatives?.[0]?.words ?? []).map((w) => ({
    word: (w.punctuated_word ?? w.word ?? "").trim(),
    start: w.start ?? 0,
    end: w.end ?? w.start ?? 0,
    ...(typeof w.speaker === "number" ? { speaker: `SPEAKER_${String(w.speaker).padStart(2, "0")}` } : {}),
  }));
  const segments: Segment[] = [];
  let current: Word[] = [];
  const close = () => {
    const first = current[0];
    const last = current.at(-1);
    if (first && last)
      segments.push({
        start: first.start,
        end: last.end,
        text: current.map((w) => w.word).join(" "),
        words: current,
        ...(first.speaker ? { speaker: first.speaker } : {}),
      });
    current = [];
  };
  for (const w of words.filter((x) => x.word)) {
    const prev = current.at(-1);
    if (prev && (prev.speaker !== w.speaker || w.start - prev.end > PAUSE_SECONDS || endsWithSentenceMark(prev.word)))
      close();
    current.push(w);
  }
  close();
  return {
    language: language ?? channel?.detected_language?.slice(0, 2) ?? null,
    duration: answer.metadata?.duration ?? segments.at(-1)?.end ?? 0,
    segments,
    diarization: { state: "done", message: null },
  };
}
