import {
  AI_LANGUAGES,
  AI_SWITCHES,
  type AnalysisCapabilities,
  type AnalysisPreferences,
  type AnalysisResult,
  analysisResultSchema,
} from "@verbatim/shared";
import type { Bindings } from "../env";
import { type AnalysisProvider, LlmError } from "./providers/types";
import type { AiBinding } from "./providers/workers-ai";
import type { AnalysisInput } from "./types";

export type { AnalysisProvider } from "./providers/types";
export type { AiBinding } from "./providers/workers-ai";
export type { AnalysisInput } from "./types";

/**
 * How to analyse, from the Worker's environment (ANALYSIS_PROVIDER, ANALYSIS_BASE_URL, ANALYSIS_API_KEY,
 * ANALYSIS_MODEL, ANALYSIS_LOCAL_ERROR, AI).
 */
export interface AnalysisConfig {
  /** "offline" (default), "local", "workers-ai" or "openai". */
  provider?: string;
  /** Why the start command could not run the local model (llm/); set, "local" falls back to the offline engine. */
  localError?: string;
  ai?: AiBinding;
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** Transport for the openai provider; tests pass a fake. */
  fetch?: typeof fetch;
  /** Transcript tokens per model request; longer transcripts are analysed in parts. */
  chunkTokens?: number;
}

/** The analysis configuration the Worker's environment sets. */
export function analysisConfigOf(env: Bindings): AnalysisConfig {
  return {
    provider: env.ANALYSIS_PROVIDER ?? "offline",
    ai: env.AI,
    baseUrl: env.ANALYSIS_BASE_URL,
    apiKey: env.ANALYSIS_API_KEY,
    model: env.ANALYSIS_MODEL,
    localError: env.ANALYSIS_LOCAL_ERROR,
  };
}

type Engine = typeof import("./engine");

// The engine and its language model are megabytes of script. Loaded on the first analysis, their evaluation is
// not paid by every Worker start that only serves API requests.
let engine: Promise<Engine> | null = null;
const loadEngine = () => {
  engine ??= import("./engine");
  return engine;
};

/** The provider the configuration names, or a reason why none can be used; null for the offline engine. */
function configuredProvider(config: AnalysisConfig): "local" | "workers-ai" | "openai" | string | null {
  const name = (config.provider ?? "offline").trim().toLowerCase();
  if (name === "" || name === "offline") return null;
  if (name === "local") {
    if (config.localError) return `The local language model is not running (${config.localError})`;
    return config.baseUrl ? name : "ANALYSIS_PROVIDER is local but ANALYSIS_BASE_URL is not set";
  }
  if (name === "workers-ai") {
    return config.ai ? name : "ANALYSIS_PROVIDER is workers-ai but the AI binding is missing";
  }
  if (name === "openai") {
    return config.apiKey || config.baseUrl
      ? name
      : "ANALYSIS_PROVIDER is openai but neither ANALYSIS_API_KEY nor ANALYSIS_BASE_URL is set";
  }
  return `ANALYSIS_PROVIDER '${config.provider}' is not one of offline, local, workers-ai, openai`;
}

/** The configured language model, or a reason why none can be used. */
function selectProvider(
  config: AnalysisConfig,
  { localProvider, openAiProvider, workersAiProvider }: Engine,
): AnalysisProvider | string | null {
  const name = configuredProvider(config);
  if (name === "local" && config.baseUrl) {
    return localProvider({ baseUrl: config.baseUrl, model: config.model, fetch: config.fetch });
  }
  if (name === "workers-ai" && config.ai) return workersAiProvider(config.ai, config.model);
  if (name === "openai") {
    return openAiProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, model: config.model, fetch: config.fetch });
  }
  return name;
}

/**
 * Which AI Assistant preferences the configured engine applies (the settings screen says which it cannot). Every
 * engine applies the four switches. The offline engine writes only English; a language model writes any of the
 * offered languages. No engine honours the model choice: the server analyses with its one configured model. A
 * configured model that cannot be used is the offline engine, with the reason in `fallback`.
 */
export function analysisCapabilities(config: AnalysisConfig): AnalysisCapabilities {
  const name = configuredProvider(config);
  const engine = name === "local" || name === "workers-ai" || name === "openai" ? name : "offline";
  return {
    engine,
    languages: engine === "offline" ? ["English"] : [...AI_LANGUAGES],
    models: [],
    switches: [...AI_SWITCHES],
    fallback: engine === "offline" && name !== null ? name : null,
  };
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

/** The analysis' language model as a chat client with its model name, for other uses of it (streamed answers). */
export interface ChatModel {
  model: string;
  client: ReturnType<typeof import("./providers/openai").openAiClient>;
}

/**
 * The configured model behind the `openai` client, when it is one (ANALYSIS_PROVIDER local or openai, usable), else
 * null. `timeoutMs` per engine: how long to wait for a reply to begin. The client loads on first use, as the
 * analysis' does. No retries: a person is waiting, and the caller has a fallback.
 */
export function chatModelOf(
  config: AnalysisConfig,
  timeoutMs: Record<"local" | "openai", number>,
): (() => Promise<ChatModel>) | null {
  const engine = configuredProvider(config);
  if (engine !== "local" && engine !== "openai") return null;
  return async () => {
    const [{ openAiClient, DEFAULT_OPENAI_MODEL }, { DEFAULT_LOCAL_MODEL }] = await Promise.all([
      import("./providers/openai"),
      import("./providers/local"),
    ]);
    const options = {
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      fetch: config.fetch,
      timeoutMs: timeoutMs[engine],
    };
    return {
      model: config.model ?? (engine === "local" ? DEFAULT_LOCAL_MODEL : DEFAULT_OPENAI_MODEL),
      client: openAiClient(options, 0),
    };
  };
}

/** Workers AI with the analysis' instruct model, for other uses of it (streamed answers). */
export interface WorkersAiModel {
  ai: AiBinding;
  model: string;
}

/**
 * The configured Workers AI binding and model, when ANALYSIS_PROVIDER is a usable workers-ai, else null. The model's
 * name loads on first use, as the analysis' provider does.
 */
export function workersAiModelOf(config: AnalysisConfig): (() => Promise<WorkersAiModel>) | null {
  const ai = config.ai;
  if (configuredProvider(config) !== "workers-ai" || !ai) return null;
  return async () => {
    const { DEFAULT_WORKERS_AI_MODEL } = await import("./providers/workers-ai");
    return { ai, model: config.model ?? DEFAULT_WORKERS_AI_MODEL };
  };
}
