import type { Segment } from "@verbatim/shared";
import type OpenAI from "openai";
import type { TranscriptionDiarized } from "openai/resources/audio/transcriptions";
import { isTransientStatus, SpeechError, type SpeechProvider, type SpeechRequest, type SpeechResult } from "./types";
import { fromVerboseJson, type VerboseJson } from "./verbose-json";

/** OpenAI's diarizing models (gpt-4o-transcribe-diarize) answer diarized_json; other models cannot diarize. */
const isDiarizingModel = (model: string) => /diariz/i.test(model);

/** diarized_json: one segment per speaker turn, labelled "A", "B"… (no word times in this format). */
export function fromDiarizedJson(body: TranscriptionDiarized, language: string | null): SpeechResult {
  const segments: Segment[] = body.segments
    .map((s) => ({ start: s.start, end: s.end, text: s.text.trim(), speaker: s.speaker }))
    .filter((s) => s.text.length > 0);
  return {
    language,
    duration: body.duration ?? segments.at(-1)?.end ?? 0,
    segments,
    diarization: { state: "done", message: null },
  };
}

/** Any OpenAI-compatible transcription endpoint (OpenAI, Groq, a self-hosted faster-whisper server…). */
export function openAiProvider(opts: {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  fetch?: typeof fetch;
}): SpeechProvider {
  let client: OpenAI | undefined;
  return {
    name: "openai",
    async transcribe(req: SpeechRequest) {
      // The SDK is loaded by the first transcription that uses this provider, not by every Worker start.
      const sdk = await import("openai");
      client ??= new sdk.OpenAI({
        baseURL: opts.baseUrl || undefined,
        apiKey: opts.apiKey || "not-needed",
        maxRetries: 0, // the job queue retries with its own backoff
        timeout: 15 * 60 * 1000,
        ...(opts.fetch ? { fetch: opts.fetch } : {}),
      });
      try {
        const file = await sdk.toFile(new Response(req.audio), req.fileName, { type: req.contentType });
        if (req.task === "translate") {
          // OpenAI translates with whisper-1 only, into English, without word times or speakers.
          const translated = await client.audio.translations.create({
            file,
            model: opts.model,
            response_format: "verbose_json",
            ...(req.prompt ? { prompt: req.prompt } : {}),
          });
          const result = fromVerboseJson(translated as unknown as VerboseJson);
          if (req.diarize)
            result.diarization = { state: "unavailable", message: "Speakers are not told apart in a translation" };
          return result;
        }
        if (req.diarize && isDiarizingModel(opts.model)) {
          // Required past 30 s of audio; a prompt is refused by diarizing models.
          const diarized = await client.audio.transcriptions.create({
            file,
            model: opts.model,
            response_format: "diarized_json",
            chunking_strategy: "auto",
            ...(req.language ? { language: req.language } : {}),
          });
          return fromDiarizedJson(diarized as TranscriptionDiarized, req.language ?? null);
        }
        const body = await client.audio.transcriptions.create({
          file,
          model: opts.model,
          response_format: "verbose_json",
          timestamp_granularities: ["segment", "word"],
          ...(req.language ? { language: req.language } : {}),
          ...(req.prompt ? { prompt: req.prompt } : {}),
        });
        const result = fromVerboseJson(body as unknown as VerboseJson);
        if (req.diarize)
          result.diarization = {
            state: "unavailable",
            message: `The speech model ${opts.model} cannot tell speakers apart (OpenAI's gpt-4o-transcribe-diarize can)`,
          };
        return result;
      } catch (err) {
        if (err instanceof sdk.APIConnectionError)
          throw new SpeechError(`The speech service is unreachable (${err.message})`, true);
        if (err instanceof sdk.APIError) throw new SpeechError(err.message, isTransientStatus(err.status ?? 500));
        throw err;
      }
    },
  };
}
