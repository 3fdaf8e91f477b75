import type { Segment } from "@verbatim/shared";
import { toLanguageCode } from "@verbatim/shared/languages";
import { type DeepgramAnswer, fromDeepgram, NOVA3_LANGUAGES, WORKERS_AI_NOVA3 } from "./deepgram";
import { SpeechError, type SpeechProvider, type SpeechRequest } from "./types";

export const WORKERS_AI_WHISPER = "@cf/openai/whisper-large-v3-turbo";

type WhisperOutput = Ai_Cf_Openai_Whisper_Large_V3_Turbo_Output;

function toBase64(bytes: Uint8Array) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Maps Workers AI's Whisper output (segments with nested words) to Verbatim's shape. */
export function fromWorkersAi(out: WhisperOutput): { language: string | null; duration: number; segments: Segment[] } {
  const segments: Segment[] = (out.segments ?? [])
    .map((s) => ({
      start: s.start ?? 0,
      end: s.end ?? s.start ?? 0,
      text: (s.text ?? "").trim(),
      words: (s.words ?? []).map((w) => ({ word: (w.word ?? "").trim(), start: w.start ?? 0, end: w.end ?? 0 })),
    }))
    .filter((s) => s.text.length > 0);
  return {
    language: toLanguageCode(out.transcription_info?.language),
    duration: out.transcription_info?.duration ?? segments.at(-1)?.end ?? 0,
    segments,
  };
}

/**
 * Workers AI (production). Audio goes base64-encoded; the language is passed when known, else detected. With
 * speaker recognition asked for, Deepgram Nova-3 (which diarizes) transcribes instead of Whisper, in the languages
 * it knows; in others Whisper transcribes and the note says speakers could not be told apart.
 */
export function workersAiProvider(ai: Ai, model = WORKERS_AI_WHISPER): SpeechProvider {
  return {
    name: "workers-ai",
    async transcribe(req: SpeechRequest) {
      const translate = req.task === "translate";
      // Nova-3 does not translate: a translation is Whisper's, without speakers.
      if (!translate && req.diarize && (!req.language || NOVA3_LANGUAGES.has(req.language))) {
        const answer = await runModel(() =>
          ai.run(WORKERS_AI_NOVA3, {
            audio: { body: req.audio, contentType: req.contentType || "application/octet-stream" },
            diarize: true,
            punctuate: true,
            smart_format: true,
            ...(req.language ? { language: req.language } : { detect_language: true }),
          }),
        );
        return fromDeepgram(answer as DeepgramAnswer, req.language ?? null);
      }
      const audio = new Uint8Array(await new Response(req.audio).arrayBuffer());
      const out = (await runModel(() =>
        ai.run(model as typeof WORKERS_AI_WHISPER, {
          audio: toBase64(audio),
          task: translate ? "translate" : "transcribe",
          vad_filter: true,
          ...(req.language ? { language: req.language } : {}),
          ...(req.prompt ? { initial_prompt: req.prompt } : {}),
        }),
      )) as WhisperOutput;
      const result = fromWorkersAi(out);
      if (!req.diarize) return result;
      return {
        ...result,
        diarization: {
          state: "unavailable" as const,
          message: translate
            ? "Workers AI cannot tell speakers apart in a translation; the transcript has no speakers"
            : `Workers AI cannot tell speakers apart in this language (${req.language}); the transcript has no speakers`,
        },
      };
    },
  };
}

async function runModel<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const message = (err as Error).message ?? String(err);
    // Input errors (bad audio) are final; capacity and network errors are worth another try.
    const permanent = /invalid|decode|unsupported|too large/i.test(message);
    throw new SpeechError(`Workers AI could not transcribe the audio: ${message}`, !permanent);
  }
}
