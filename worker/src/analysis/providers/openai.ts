import OpenAI from "openai";
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

/** Any OpenAI-compatible chat completions API through the `openai` client, in JSON mode (json_object). */
export function openAiProvider(options: OpenAiOptions): AnalysisProvider {
  const model = options.model ?? DEFAULT_OPENAI_MODEL;
  const client = new OpenAI({
    // Self-hosted compatible servers often need no key, but the client insists on one.
    apiKey: options.apiKey ?? "not-needed",
    baseURL: options.baseUrl ?? null,
    fetch: options.fetch,
    maxRetries: 1,
    timeout: options.timeoutMs ?? 120_000,
  });
  return {
    engine: "openai",
    model,
    async complete(messages: ChatMessage[]) {
      try {
        const completion = await client.chat.completions.create({
          model,
          messages,
          response_format: { type: "json_object" },
          temperature: 0.2,
        });
        return completion.choices[0]?.message?.content ?? "";
      } catch (error) {
        throw new LlmError(`OpenAI-compatible API (${model}) failed: ${describeError(error)}`, { cause: error });
      }
    },
  };
}
