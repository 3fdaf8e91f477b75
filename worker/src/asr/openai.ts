import OpenAI, { toFile } from "openai";
import { isTransientStatus, SpeechError, type SpeechProvider, type SpeechRequest } from "./types";
import { fromVerboseJson, type VerboseJson } from "./verbose-json";

/** Any OpenAI-compatible transcription endpoint (OpenAI, Groq, a self-hosted faster-whisper server…). */
export function openAiProvider(opts: {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  model: string;
  fetch?: typeof fetch;
}): SpeechProvider {
  const client = new OpenAI({
    baseURL: opts.baseUrl || undefined,
    apiKey: opts.apiKey || "not-needed",
    maxRetries: 0, // the job queue retries with its own backoff
    timeout: 15 * 60 * 1000,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
  });
  return {
    name: "openai",
    async transcribe(req: SpeechRequest) {
      try {
        const file = await toFile(new Response(req.audio), req.fileName, { type: req.contentType });
        const body = await client.audio.transcriptions.create({
          file,
          model: opts.model,
          response_format: "verbose_json",
          timestamp_granularities: ["segment", "word"],
          ...(req.language ? { language: req.language } : {}),
          ...(req.prompt ? { prompt: req.prompt } : {}),
        });
        return fromVerboseJson(body as unknown as VerboseJson);
      } catch (err) {
        if (err instanceof OpenAI.APIConnectionError)
          throw new SpeechError(`The speech service is unreachable (${err.message})`, true);
        if (err instanceof OpenAI.APIError) throw new SpeechError(err.message, isTransientStatus(err.status ?? 500));
        throw err;
      }
    },
  };
}
