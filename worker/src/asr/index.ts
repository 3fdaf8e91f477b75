import type { Bindings } from "../env";
import { localProvider } from "./local";
import { openAiProvider } from "./openai";
import type { SpeechProvider } from "./types";
import { WORKERS_AI_WHISPER, workersAiProvider } from "./workers-ai";

/** ASR_PROVIDER picks the engine: local (default, the embedded asr/ service), openai, or workers-ai. */
export function speechProvider(env: Bindings): SpeechProvider {
  switch (env.ASR_PROVIDER ?? "local") {
    case "local":
      return localProvider(env.ASR_BASE_URL || "http://127.0.0.1:8788/v1", env.ASR_MODEL || "whisper-1");
    case "openai":
      return openAiProvider({
        baseUrl: env.ASR_BASE_URL,
        apiKey: env.ASR_API_KEY,
        model: env.ASR_MODEL || "whisper-1",
      });
    case "workers-ai":
      if (!env.AI) throw new Error("ASR_PROVIDER=workers-ai needs the AI binding (only in [env.production])");
      return workersAiProvider(env.AI, env.ASR_MODEL || WORKERS_AI_WHISPER);
    default:
      throw new Error(`Unknown ASR_PROVIDER '${env.ASR_PROVIDER}' (use local, openai or workers-ai)`);
  }
}
export { SpeechError, type SpeechResult } from "./types";
