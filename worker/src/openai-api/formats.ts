import type { Segment, TranscriptDoc, TranscriptionTask } from "@verbatim/shared";
import { speechLanguageEnglishName } from "@verbatim/shared/languages";
import type { TranscriptionRow } from "../db/schema";
import { namedSegments } from "../transcript-doc";
import type { AudioRequest } from "./request";

// The OpenAI audio API's response bodies, written from the transcript Verbatim's pipeline saved: one home for
// each format. Subtitles are the exports' own SRT and WebVTT writers (export/), so a subtitle file from this API is
// the one the library's Export gives.

/** A body and its media type. */
export interface Rendered {
  body: string;
  contentType: string;
}

const asJson = (value: unknown): Rendered => ({
  body: JSON.stringify(value),
  contentType: "application/json; charset=utf-8",
});

/** The whole text, as OpenAI's `text`: the segments' texts in one line, without speakers or times. */
const plainText = (segments: Segment[]) =>
  segments
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join(" ");

/**
 * verbose_json. Verbatim keeps no decoder statistics per segment: `tokens`, `temperature`, `avg_logprob`,
 * `compression_ratio` and `no_speech_prob` are sent empty or 0, so clients that type the segment still parse it.
 * Speakers, when recognised, are on segments and words by name, as the local engine gives them.
 */
function verboseJson(task: TranscriptionTask, doc: TranscriptDoc, segments: Segment[], req: AudioRequest) {
  const speaker = (s: { speaker?: string | undefined }) => (s.speaker ? { speaker: s.speaker } : {});
  return {
    task,
    // OpenAI names the text's language in English, lower case ("english"); a translation's is English.
    language: (speechLanguageEnglishName(task === "translate" ? "en" : (doc.language ?? "")) ?? "").toLowerCase(),
    duration: doc.duration,
    text: plainText(segments),
    ...(req.segments
      ? {
          segments: segments.map((s, id) => ({
            id,
            seek: 0,
            start: s.start,
            end: s.end,
            text: s.text,
            tokens: [],
            temperature: 0,
            avg_logprob: 0,
            compression_ratio: 0,
            no_speech_prob: 0,
            ...speaker(s),
          })),
        }
      : {}),
    ...(req.words
      ? {
          words: segments.flatMap((s) =>
            (s.words ?? []).map((w) => ({ word: w.word, start: w.start, end: w.end, ...speaker(w) })),
          ),
        }
      : {}),
  };
}

/** diarized_json, as gpt-4o-transcribe-diarize answers: one segment per speaker turn, with the speaker's name. */
function diarizedJson(task: TranscriptionTask, doc: TranscriptDoc, segments: Segment[]) {
  return {
    task,
    duration: doc.duration,
    text: plainText(segments),
    segments: segments.map((s, i) => ({
      type: "transcript.text.segment",
      id: `seg_${i}`,
      start: s.start,
      end: s.end,
      text: s.text,
      speaker: s.speaker ?? null,
    })),
  };
}

/** The answer in the format asked for, from the finished transcription and its transcript. */
export async function render(t: TranscriptionRow, doc: TranscriptDoc, req: AudioRequest): Promise<Rendered> {
  // Speakers as the user sees them ("Speaker 1", or the name of a voice they remembered).
  const segments = namedSegments(doc);
  switch (req.format) {
    case "json":
      return asJson({ text: plainText(segments) });
    case "text":
      return { body: `${plainText(segments)}\n`, contentType: "text/plain; charset=utf-8" };
    case "verbose_json":
      return asJson(verboseJson(t.task, doc, segments, req));
    case "diarized_json":
      return asJson(diarizedJson(t.task, doc, segments));
    case "srt":
    case "vtt": {
      // The exporter (loaded on first use, as the export routes load it) renders from the same segments.
      const { exportTranscription } = await import("../export");
      const file = await exportTranscription(
        {
          id: t.id,
          name: t.name,
          fileName: t.fileName,
          createdAt: t.createdAt,
          status: t.status,
          language: doc.language,
          duration: doc.duration,
          text: null,
          segments,
          summary: null,
          keyPoints: null,
          summaryAnalysis: null,
          details: null,
          formattedTranscript: null,
        },
        req.format,
      );
      return { body: new TextDecoder().decode(file.body as Uint8Array), contentType: file.contentType };
    }
  }
}

/** Where a transcription still running is polled (GET, with a key that has transcriptions:read). */
export const jobUrl = (id: string) => `/api/transcriptions/${id}`;

/** The 202 answer: the recording is in the library and still being transcribed. */
export const pendingJob = (t: TranscriptionRow) => ({
  id: t.id,
  object: "transcription.job",
  status: t.status,
  url: jobUrl(t.id),
});
