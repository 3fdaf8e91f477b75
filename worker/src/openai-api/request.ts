import type { TranscriptionTask } from "@verbatim/shared";
import { ApiError } from "../http/errors";
import { speakerChoiceFromForm, spokenLanguage, type UploadOptions } from "../transcriptions";
import { badField, withParam } from "./errors";

// The form fields of POST /v1/audio/transcriptions and /v1/audio/translations, as OpenAI's clients send them
// (docs/architecture/api.md#openai-compatible-audio-api says which are honoured, accepted or refused).

export const RESPONSE_FORMATS = ["json", "text", "srt", "vtt", "verbose_json", "diarized_json"] as const;
export type ResponseFormat = (typeof RESPONSE_FORMATS)[number];
/** OpenAI's translations answer every format but diarized_json (a translation has no speakers). */
const TRANSLATION_FORMATS: readonly ResponseFormat[] = RESPONSE_FORMATS.filter((f) => f !== "diarized_json");
const GRANULARITIES = ["segment", "word"] as const;

export interface AudioRequest {
  format: ResponseFormat;
  /** verbose_json's parts: segments unless only words were asked for, words only when asked for (OpenAI's rule). */
  segments: boolean;
  words: boolean;
  /** The library entry the recording becomes. */
  upload: UploadOptions;
}

/** Runs a check of one field, naming that field in its refusal. */
function field<T>(param: string, check: () => T): T {
  try {
    return check();
  } catch (err) {
    throw err instanceof ApiError ? withParam(param, err) : err;
  }
}

/**
 * The request's options from its fields (in order, a repeated name once for each value). `complete`: every field has
 * arrived, so a missing `model` is refused; the fields before the file are checked alone first, so a bad option
 * is refused before the recording is read.
 */
export function audioRequest(pairs: [string, string][], task: TranscriptionTask, complete: boolean): AudioRequest {
  const one = new Map(pairs.map(([k, v]) => [k, v.trim()]));
  const all = (name: string) => pairs.filter(([k]) => k === name || k === `${name}[]`).map(([, v]) => v.trim());

  if (complete && !one.get("model")) throw badField("model", "Missing required parameter: 'model'.");
  if (/^true$/i.test(one.get("stream") ?? ""))
    throw badField("stream", "Streaming is not supported: leave out 'stream' and the answer comes when it is done.");

  const format = (one.get("response_format") || "json") as ResponseFormat;
  const formats = task === "translate" ? TRANSLATION_FORMATS : RESPONSE_FORMATS;
  if (!formats.includes(format))
    throw badField(
      "response_format",
      `Invalid value for 'response_format': '${format}'. Supported values are: ${formats.join(", ")}.`,
    );

  const granularities = all("timestamp_granularities");
  for (const g of granularities)
    if (!(GRANULARITIES as readonly string[]).includes(g))
      throw badField(
        "timestamp_granularities",
        `Invalid value for 'timestamp_granularities': '${g}'. Supported values are: segment, word.`,
      );

  const temperature = one.get("temperature");
  if (temperature && !(/^\d*\.?\d+$/.test(temperature) && Number(temperature) <= 1))
    throw badField("temperature", "'temperature' must be a number between 0 and 1.");

  // A translation's spoken language is always detected (OpenAI's translations take none).
  const language = task === "translate" ? null : field("language", () => spokenLanguage(one.get("language")));
  const speakers = field("num_speakers", () =>
    speakerChoiceFromForm({
      // diarized_json is speakers' turns: asking for it asks for speaker recognition.
      diarize: format === "diarized_json" ? "true" : one.get("diarize"),
      num_speakers: one.get("num_speakers"),
    }),
  );
  if (task === "translate" && speakers.diarize)
    throw badField("diarize", "A translation has no speakers: leave out 'diarize' and 'num_speakers'.");

  return {
    format,
    segments: !(granularities.length > 0 && granularities.every((g) => g === "word")),
    words: granularities.includes("word"),
    upload: { name: null, language, task, ...speakers },
  };
}
