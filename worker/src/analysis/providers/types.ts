export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A language model that can be asked for one JSON object. */
export interface AnalysisProvider {
  readonly engine: "workers-ai" | "openai";
  readonly model: string;
  /**
   * The model's raw reply to the chat; `jsonSchema` describes the object wanted, for APIs that can enforce it.
   * Throws LlmError when the call itself fails (network, quota, refusal by the API); a reply that is not the
   * JSON asked for is returned as it is, for the caller to repair.
   */
  complete(messages: ChatMessage[], jsonSchema: Record<string, unknown>): Promise<string>;
}

/** A failed call to a language model: the analysis falls back to the offline engine instead of failing. */
export class LlmError extends Error {
  override name = "LlmError";
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
