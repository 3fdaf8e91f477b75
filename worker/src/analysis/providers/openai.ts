import OpenAI from "openai";
import { DEFAULT_CHUNK_TOKENS } from "./chunks";
import { type AnalysisProvider, type ChatMessage, describeError, LlmError } from "./types";

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

export interface OpenAiOptions {
  /** Any OpenAI-compatible endpoint (…/v1); the OpenAI API when absent. */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** For tests and custom transports; the global fetch otherwise. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** How a provider built on this client is run: the hosted defaults, or those of the local model (local.ts). */
export type OpenAiRun = Pick<AnalysisProvider, "engine" | "task" | "parallel" | "chunkTokens"> & {
  /** The longest answer asked for; unset, the server's own limit. */
  maxTokens?: number;
  /**
   * Sampling beyond the temperature, in OpenAI's terms, and llama.cpp's DRY fields for a server that takes them
   * (llm/sampling.mjs). `seed` is the first request's; each later request of the same analysis takes the next one,
   * so an analysis asks alike each time while a request asked again (after a reply cut off) is sampled anew.
   */
  sampling?: {
    seed?: number;
    frequency_penalty?: number;
    presence_penalty?: number;
    dry_multiplier?: number;
    dry_allowed_length?: number;
    dry_penalty_last_n?: number;
  };
};

// A hosted model writes the whole analysis, of a few parts at a time: faster for long recordings, gentle on the
// provider's rate limits.
const HOSTED: OpenAiRun = { engine: "openai", task: "analysis", parallel: 3, chunkTokens: DEFAULT_CHUNK_TOKENS };

/** The `openai` client for an OpenAI-compatible endpoint (analysis, and the answers of worker/src/ask). */
export function openAiClient(options: OpenAiOptions, maxRetries = 1) {
  return new OpenAI({
    // Self-hosted compatible servers often need no key, but the client insists on one.
    apiKey: options.apiKey ?? "not-needed",
    baseURL: options.baseUrl ?? null,
    fetch: options.fetch,
    maxRetries,
    timeout: options.timeoutMs ?? 120_000,
  });
}

/** Any OpenAI-compatible chat completions API through the `openai` client, in JSON mode (json_object). */
export function openAiProvider(options: OpenAiOptions, run: OpenAiRun = HOSTED): AnalysisProvider {
  const { maxTokens, sampling, ...shape } = run;
  const model = options.model ?? DEFAULT_OPENAI_MODEL;
  const client = openAiClient(options);
  let requests = 0;
  return {
    ...shape,
    model,
    async complete(messages: ChatMessage[]) {
      try {
        const completion = await client.chat.completions.create({
          model,
          messages,
          response_format: { type: "json_object" },
          temperature: 0.2,
          ...(maxTokens ? { max_tokens: maxTokens } : {}),
          ...sampling,
          ...(sampling?.seed !== undefined ? { seed: sampling.seed + requests++ } : {}),
        });
        const choice = completion.choices[0];
        return { text: choice?.message?.content ?? "", cutOff: choice?.finish_reason === "length" };
      } catch (error) {
        throw new LlmError(`OpenAI-compatible API (${model}) failed: ${describeError(error)}`, { cause: error });
      }
    },
  };
}
