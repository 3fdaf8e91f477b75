import { type AnalysisPreferences, type AnalysisResult, analysisResultSchema } from "@verbatim/shared";
import { type AnalysisProvider, LlmError } from "./providers/types";
import type { AiBinding } from "./providers/workers-ai";
import type { AnalysisInput } from "./types";

export type { AnalysisProvider } from "./providers/types";
export type { AiBinding } from "./providers/workers-ai";
export type { AnalysisInput } from "./types";

/** How to analyse, from the Worker's environment (ANALYSIS_PROVIDER, ANALYSIS_BASE_URL, ANALYSIS_API_KEY, ANALYSIS_MODEL, AI). */
export interface AnalysisConfig {
  /** "offline" (default), "workers-ai" or "openai". */
  provider?: string;
  ai?: AiBinding;
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Transport for the openai provider; tests pass a fake. */
  fetch?: typeof fetch;
  /** Transcript tokens per model request; longer transcripts are analysed in parts. */
  chunkTokens?: number;
}

type Engine = typeof import("./engine");

// The engine and its language model are megabytes of script. Loaded on the first analysis, their evaluation is
// not paid by every Worker start that only serves API requests.
let engine: Promise<Engine> | null = null;
const loadEngine = () => {
  engine ??= import("./engine");
  return engine;
};

/** The configured language model, or a reason why none can be used. */
function selectProvider(
  config: AnalysisConfig,
  { openAiProvider, workersAiProvider }: Engine,
): AnalysisProvider | string | null {
  const name = (config.provider ?? "offline").trim().toLowerCase();
  if (name === "" || name === "offline") return null;
  if (name === "workers-ai") {
    return config.ai
      ? workersAiProvider(config.ai, config.model)
      : "ANALYSIS_PROVIDER is workers-ai but the AI binding is missing";
  }
  if (name === "openai") {
    if (!config.apiKey && !config.baseUrl)
      return "ANALYSIS_PROVIDER is openai but neither ANALYSIS_API_KEY nor ANALYSIS_BASE_URL is set";
    return openAiProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, fetch: config.fetch });
  }
  return `ANALYSIS_PROVIDER '${config.provider}' is not one of offline, workers-ai, openai`;
}

/**
 * Analyses a finished transcript. A language-model failure (network, API error, invalid JSON after one repair)
 * never fails the analysis: the offline engine fills in, and `engine` and `notes` record what happened. Errors
 * of the offline engine itself are unexpected and are thrown, for the caller to mark COMPLETED_WITH_ERRORS.
 */
export async function runAnalysis(
  input: AnalysisInput,
  prefs: AnalysisPreferences,
  config: AnalysisConfig,
): Promise<AnalysisResult> {
  const modules = await loadEngine();
  const offline = modules.analyseOffline(input, prefs);
  const provider = selectProvider(config, modules);
  if (provider === null) return analysisResultSchema.parse(offline);
  if (typeof provider === "string") {
    return analysisResultSchema.parse({ ...offline, notes: [...offline.notes, `${provider}; analysed offline.`] });
  }
  try {
    const result = await modules.analyseWithProvider(provider, input, prefs, offline, {
      chunkTokens: config.chunkTokens,
    });
    return analysisResultSchema.parse(result);
  } catch (error) {
    if (!(error instanceof LlmError)) throw error;
    return analysisResultSchema.parse({
      ...offline,
      notes: [...offline.notes, `${error.message}; the offline engine produced this analysis.`],
    });
  }
}
