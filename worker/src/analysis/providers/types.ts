export interface ChatMessage {
  role: "system" | "user" | "assistant";
  content: string;
}

/** A model's reply: its text, and whether it stopped at the answer's length cap (OpenAI's finish_reason "length"). */
export interface Reply {
  text: string;
  cutOff: boolean;
}

/** A language model that can be asked for one JSON object. */
export interface AnalysisProvider {
  readonly engine: "local" | "workers-ai" | "openai";
  readonly model: string;
  /**
   * What it is asked to write: the whole analysis, or only the summary and key points (a small local model, whose
   * every token costs a CPU; the offline engine finds the rest).
   */
  readonly task: "analysis" | "summary";
  /** Requests it may take at once: a local model answers one at a time, so more would only wait, then time out. */
  readonly parallel: number;
  /** Transcript tokens per request; longer transcripts are summarised in sections, then as a whole. */
  readonly chunkTokens: number;
  /**
   * The model's raw reply to the chat; `jsonSchema` describes the object wanted, for APIs that can enforce it.
   * Throws LlmError when the call itself fails (network, quota, refusal by the API); a reply that is not the
   * JSON asked for is returned as it is, for the caller to repair.
   */
  complete(messages: ChatMessage[], jsonSchema: Record<string, unknown>): Promise<Reply>;
}

/** A failed call to a language model: the analysis falls back to the offline engine instead of failing. */
export class LlmError extends Error {
  override name = "LlmError";
}

export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
