import { openAiProvider } from "./openai";
import type { AnalysisProvider } from "./types";

/** The model the start command's local service loads (llm/weights.mjs); the service answers to any name. */
export const DEFAULT_LOCAL_MODEL = "qwen2.5-coder-1.5b-instruct-q4_k_m";

// The service (llm/server.mjs) runs an 8k-token context: a section of about 4,500 tokens leaves room for the brief
// and the answer. On two cores it reads some 40-80 tokens a second but writes only 3-10: every section costs an
// answer, and a combining request more, so fewer, larger sections are faster (pnpm bench:analysis: 10 minutes of
// speech is one request, 30 minutes two and their combination).
const LOCAL_CHUNK_TOKENS = 4500;
// Summary and key points take 150-300 tokens; the cap stops a model that rambles (about ten tokens a second).
const LOCAL_MAX_TOKENS = 600;
// Any fixed seed, and each later request of an analysis the next one (sampled anew when asked again): the same
// transcript and settings are sampled alike, so two runs differ only where the arithmetic did. (It can: the service's
// thread count follows the machine's load, and another count can change a logit's last digits, then a word. Two dev
// runs of pnpm bench:analysis, one beside a test run, wrote 4 of 6 summaries word for word alike.)
const LOCAL_SAMPLING = { seed: 1 };
// A request can wait behind another in the service's queue (another transcription's analysis) before its own turn.
const LOCAL_TIMEOUT_MS = 10 * 60_000;

/**
 * The local language model (llm/ in this repository) through its OpenAI-compatible API: it writes the summary and
 * key points, one request at a time.
 */
export function localProvider(options: { baseUrl: string; model?: string; fetch?: typeof fetch }): AnalysisProvider {
  return openAiProvider(
    { ...options, model: options.model ?? DEFAULT_LOCAL_MODEL, timeoutMs: LOCAL_TIMEOUT_MS },
    {
      engine: "local",
      task: "summary",
      parallel: 1,
      chunkTokens: LOCAL_CHUNK_TOKENS,
      maxTokens: LOCAL_MAX_TOKENS,
      sampling: LOCAL_SAMPLING,
    },
  );
}
