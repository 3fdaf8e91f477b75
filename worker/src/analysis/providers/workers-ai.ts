import { DEFAULT_CHUNK_TOKENS } from "./chunks";
import { type AnalysisProvider, type ChatMessage, describeError, LlmError } from "./types";

export const DEFAULT_WORKERS_AI_MODEL = "@cf/meta/llama-3.3-70b-instruct-fp8-fast";

/** The part of the Workers AI binding (`env.AI`) used here. */
export interface AiBinding {
  /** With `stream: true` in `inputs`, a ReadableStream of server-sent events (ask/workers-ai-stream.ts). */
  run(model: string, inputs: Record<string, unknown>, options?: { signal?: AbortSignal }): Promise<unknown>;
}

// Workers AI answers with 256 tokens unless told otherwise, far too few for a full analysis.
const MAX_OUTPUT_TOKENS = 4096;

/** Workers AI through its binding, with JSON mode (response_format json_schema). */
export function workersAiProvider(ai: AiBinding, model = DEFAULT_WORKERS_AI_MODEL): AnalysisProvider {
  return {
    engine: "workers-ai",
    model,
    task: "analysis",
    parallel: 3,
    chunkTokens: DEFAULT_CHUNK_TOKENS,
    async complete(messages: ChatMessage[], jsonSchema: Record<string, unknown>) {
      let output: unknown;
      try {
        output = await ai.run(model, {
          messages,
          response_format: { type: "json_schema", json_schema: jsonSchema },
          max_tokens: MAX_OUTPUT_TOKENS,
          temperature: 0.2,
        });
      } catch (error) {
        throw new LlmError(`Workers AI (${model}) failed: ${describeError(error)}`, { cause: error });
      }
      // In JSON mode the binding usually hands back the parsed object; older models return text. Its usage tells
      // an answer that ran into the cap.
      const { response, usage } = (output ?? {}) as { response?: unknown; usage?: { completion_tokens?: number } };
      const cutOff = (usage?.completion_tokens ?? 0) >= MAX_OUTPUT_TOKENS;
      if (typeof response === "string") return { text: response, cutOff };
      return { text: response === undefined ? "" : JSON.stringify(response), cutOff };
    },
  };
}
