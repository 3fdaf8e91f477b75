import { AI_LANGUAGES, analysisCapabilitiesSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, apiWithEnv, readJson, signUp } from "../../test/http";

describe("GET /api/user/analysis-capabilities", () => {
  it("says what the configured engine applies: offline writes English only", async () => {
    const { cookie } = await signUp();
    const res = await apiWithEnv({ ANALYSIS_PROVIDER: "offline" }, "/api/user/analysis-capabilities", { cookie });
    expect(res.status).toBe(200);
    expect(await readJson(res, analysisCapabilitiesSchema)).toMatchObject({
      engine: "offline",
      languages: ["English"],
      models: [],
    });
  });

  it("a language-model provider writes every language", async () => {
    const { cookie } = await signUp();
    const res = await apiWithEnv(
      { ANALYSIS_PROVIDER: "openai", ANALYSIS_BASE_URL: "https://llm.test/v1" },
      "/api/user/analysis-capabilities",
      { cookie },
    );
    expect(await readJson(res, analysisCapabilitiesSchema)).toMatchObject({
      engine: "openai",
      languages: [...AI_LANGUAGES],
    });
  });

  it("needs a session", async () => {
    expect((await api("/api/user/analysis-capabilities")).status).toBe(401);
  });
});
