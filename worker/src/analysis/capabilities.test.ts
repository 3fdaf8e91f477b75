import { AI_LANGUAGES, AI_SWITCHES } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { type AiBinding, analysisCapabilities } from ".";

// What the settings screen is told the engine can apply (GET /api/user/analysis-capabilities).
describe("analysisCapabilities", () => {
  it("the offline engine writes English only and applies every switch", () => {
    for (const provider of [undefined, "", "offline", " Offline "]) {
      expect(analysisCapabilities({ provider })).toEqual({
        engine: "offline",
        languages: ["English"],
        models: [],
        switches: [...AI_SWITCHES],
        fallback: null,
      });
    }
  });

  it("a language model writes every offered language; the model choice is the server's", () => {
    const ai = { run: async () => ({}) } as unknown as AiBinding;
    expect(analysisCapabilities({ provider: "workers-ai", ai })).toEqual({
      engine: "workers-ai",
      languages: [...AI_LANGUAGES],
      models: [],
      switches: [...AI_SWITCHES],
      fallback: null,
    });
    expect(analysisCapabilities({ provider: "local", baseUrl: "http://127.0.0.1:8789/v1" })).toMatchObject({
      engine: "local",
      languages: [...AI_LANGUAGES],
      fallback: null,
    });
    expect(analysisCapabilities({ provider: "openai", apiKey: "k" })).toMatchObject({
      engine: "openai",
      languages: [...AI_LANGUAGES],
    });
  });

  it("a provider that cannot be used counts as the offline engine it falls back to, and says why", () => {
    for (const config of [{ provider: "openai" }, { provider: "workers-ai" }, { provider: "claude" }]) {
      expect(analysisCapabilities(config)).toMatchObject({ engine: "offline", languages: ["English"] });
    }
    expect(analysisCapabilities({ provider: "openai" }).fallback).toMatch(/neither ANALYSIS_API_KEY/);
    const local = { provider: "local", baseUrl: "http://127.0.0.1:8789/v1", localError: "only 1.2 GB of memory free" };
    expect(analysisCapabilities(local)).toMatchObject({
      engine: "offline",
      fallback: "The local language model is not running (only 1.2 GB of memory free)",
    });
  });
});
