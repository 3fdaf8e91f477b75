import { type AnalysisPreferences, analysisResultSchema, DEFAULT_ANALYSIS_PREFERENCES } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import meeting from "../../../../test-fixtures/meetings/atlas-q3-planning.txt?raw";
import { type AnalysisConfig, runAnalysis } from "../index";
import { fakeOpenAiFetch, modelAnalysis, type RecordedChat, scriptedReplies, segmentsFromText } from "../test-support";
import type { AiBinding } from "./workers-ai";

const prefs = DEFAULT_ANALYSIS_PREFERENCES;
const input = segmentsFromText(meeting);
const valid = (marker: string) => JSON.stringify(modelAnalysis(marker));

/** A stand-in for env.AI: JSON mode hands back the parsed object when the reply is JSON, else the text. */
function fakeAi(script: ReturnType<typeof scriptedReplies>, options: { fail?: boolean } = {}) {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  const ai: AiBinding = {
    async run(model, inputs) {
      calls.push({ model, inputs });
      if (options.fail) throw new Error("3040: Capacity temporarily exceeded");
      const reply = script.next({ model, messages: inputs.messages as RecordedChat["messages"] }).content;
      try {
        return { response: JSON.parse(reply), usage: {} };
      } catch {
        return { response: reply, usage: {} };
      }
    },
  };
  return { ai, calls };
}

async function viaWorkersAi(
  replies: Parameters<typeof scriptedReplies>[0],
  extra: Partial<AnalysisConfig> = {},
  p: AnalysisPreferences = prefs,
) {
  const script = scriptedReplies(replies);
  const { ai, calls } = fakeAi(script);
  const result = await runAnalysis(input, p, { provider: "workers-ai", ai, ...extra });
  return { result, calls, script };
}

async function viaOpenAi(replies: Parameters<typeof scriptedReplies>[0], extra: Partial<AnalysisConfig> = {}) {
  const script = scriptedReplies(replies);
  const { fetch, urls } = fakeOpenAiFetch(script);
  const config = {
    provider: "openai",
    baseUrl: "https://llm.test/v1",
    apiKey: "k",
    model: "test-model",
    fetch,
    ...extra,
  };
  const result = await runAnalysis(input, prefs, config);
  return { result, urls, script };
}

describe("workers-ai provider", () => {
  it("uses valid JSON from the model and keeps offline measurements", async () => {
    const { result, calls } = await viaWorkersAi([valid("LLM")]);
    expect(analysisResultSchema.safeParse(result).success).toBe(true);
    expect(result.engine).toBe("workers-ai");
    expect(result.summary).toBe("LLM: the team agreed to move the code freeze to August 15th.");
    expect(result.summary_analysis.duration).toMatch(/^\d+ minutes/);
    expect(result.formatted_transcript).toMatch(/^\[00:00\] Sarah Chen: /);
    expect(result.enhanced_key_points?.[0]).toMatchObject({
      text: "LLM: code freeze moves to August 15th",
      kind: "decision",
    });
    expect(result.enhanced_key_points?.[1]?.speaker).not.toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.model).toBe("@cf/meta/llama-3.3-70b-instruct-fp8-fast");
    expect(calls[0]?.inputs).toMatchObject({ response_format: { type: "json_schema" }, max_tokens: 4096 });
    const format = calls[0]?.inputs.response_format as { json_schema: { required: string[] } } | undefined;
    expect(format?.json_schema.required).toContain("transcription_details");
  });

  it("repairs malformed JSON once, sending the validation error back", async () => {
    const { result, calls, script } = await viaWorkersAi(['{"summary": "cut off', valid("REPAIRED")], {
      model: "@cf/test/model",
    });
    expect(result.engine).toBe("workers-ai");
    expect(result.summary).toMatch(/^REPAIRED/);
    expect(calls).toHaveLength(2);
    const repair = script.requests[1]?.messages ?? [];
    expect(repair.at(-2)).toEqual({ role: "assistant", content: '{"summary": "cut off' });
    expect(repair.at(-1)?.content).toMatch(/^Your reply is not valid: it is not JSON/);
    expect(result.notes.join(" ")).toMatch(/needed one repair/);
  });

  it("sends schema errors back, not only parse errors", async () => {
    const { result, script } = await viaWorkersAi([JSON.stringify({ summary: 42 }), valid("FIXED")]);
    expect(result.summary).toMatch(/^FIXED/);
    expect(script.requests[1]?.messages.at(-1)?.content).toMatch(/summary/);
  });

  it("falls back to the offline engine when the model fails twice", async () => {
    const { result, calls } = await viaWorkersAi(["not json", "still not json"]);
    expect(calls).toHaveLength(2);
    expect(result.engine).toBe("offline");
    expect(result.transcription_details.questions).toHaveLength(16);
    expect(result.notes.at(-1)).toBe(
      "workers-ai (@cf/meta/llama-3.3-70b-instruct-fp8-fast) did not return valid JSON after one repair; the offline engine produced this analysis.",
    );
  });

  it("drops what names someone the transcript does not mention, and says so", async () => {
    const invented = {
      ...modelAnalysis("LLM"),
      summary: "LLM: the team agreed to move the code freeze to August 15th. The budget was approved by John Smith.",
      key_points: ["LLM: code freeze moves to August 15th", "John Smith approved the budget"],
    };
    const { result } = await viaWorkersAi([JSON.stringify(invented)]);
    expect(result.engine).toBe("workers-ai");
    expect(result.summary).toBe("LLM: the team agreed to move the code freeze to August 15th.");
    expect(result.key_points).toEqual(["LLM: code freeze moves to August 15th"]);
    const model = "workers-ai (@cf/meta/llama-3.3-70b-instruct-fp8-fast)";
    expect(result.notes).toContain(
      `1 sentence(s) of the summary by ${model} were dropped: the transcript does not mention John, Smith.`,
    );
    expect(result.notes).toContain(`1 key point(s) by ${model} were dropped: they name what the transcript does not.`);
  });

  it("falls back to the offline engine when the binding throws", async () => {
    const { ai } = fakeAi(scriptedReplies([]), { fail: true });
    const result = await runAnalysis(input, prefs, { provider: "workers-ai", ai });
    expect(result.engine).toBe("offline");
    expect(result.notes.at(-1)).toMatch(/Capacity temporarily exceeded; the offline engine produced this analysis\.$/);
  });

  it("analyses a long transcript in parts and combines them", async () => {
    const replies = (request: RecordedChat) => {
      const last = request.messages.at(-1)?.content ?? "";
      const part = /part (\d+) of \d+/.exec(last)?.[1];
      return part ? valid(`PART${part}`) : valid("COMBINED");
    };
    const { result, script } = await viaWorkersAi([replies], { chunkTokens: 1200 });
    const parts = script.requests.filter((r) => /This is part \d+ of/.test(r.messages.at(-1)?.content ?? ""));
    expect(parts.length).toBeGreaterThanOrEqual(3);
    const combine = script.requests.filter((r) =>
      /consecutive parts of one transcript/.test(r.messages.at(-1)?.content ?? ""),
    );
    expect(combine).toHaveLength(1);
    expect(combine[0]?.messages.at(-1)?.content).toContain("PART1: the team agreed");
    expect(combine[0]?.messages.at(-1)?.content).toContain(`PART${parts.length}: the team agreed`);
    expect(result.engine).toBe("workers-ai");
    expect(result.summary).toMatch(/^COMBINED/);
    expect(result.notes[0]).toBe(
      `Analysed in ${parts.length} parts by workers-ai (@cf/meta/llama-3.3-70b-instruct-fp8-fast) and combined.`,
    );
  });

  it("cuts a single overlong segment into parts", async () => {
    const script = scriptedReplies([
      (request) =>
        /This is part \d+ of/.test(request.messages.at(-1)?.content ?? "") ? valid("PART") : valid("WHOLE"),
    ]);
    const { ai } = fakeAi(script);
    const oneSegment = { segments: [{ start: 0, end: 600, text: meeting }], language: "en", duration: 600 };
    const result = await runAnalysis(oneSegment, prefs, { provider: "workers-ai", ai, chunkTokens: 1200 });
    const parts = script.requests.filter((r) => /This is part \d+ of/.test(r.messages.at(-1)?.content ?? ""));
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const part of parts) expect((part.messages.at(-1)?.content ?? "").length).toBeLessThan(1200 * 3.5 + 600);
    expect(result.summary).toMatch(/^WHOLE/);
  });

  it("fills a part the model cannot analyse with the offline analysis of that part", async () => {
    const replies = (request: RecordedChat) => {
      const last = request.messages.at(-1)?.content ?? "";
      if (/part 2 of/.test(last) || (/not valid/.test(last) && /part 2 of/.test(request.messages[1]?.content ?? "")))
        return "garbage";
      return /part \d+ of/.test(last) ? valid("PART") : valid("COMBINED");
    };
    const { result, script } = await viaWorkersAi([replies], { chunkTokens: 1200 });
    expect(result.engine).toBe("workers-ai");
    expect(result.notes.join(" ")).toMatch(/Part 2 of \d+ was analysed offline/);
    const combine = script.requests.find((r) => /consecutive parts/.test(r.messages.at(-1)?.content ?? ""));
    expect(combine?.messages.at(-1)?.content).toMatch(/"engine"|Discussed from/);
  });

  it("honours the user's preferences", async () => {
    const custom: AnalysisPreferences = {
      ...prefs,
      preferredLanguage: "Swedish",
      topicDetection: false,
      actionItemsExtraction: false,
    };
    const { result, script } = await viaWorkersAi([valid("SV")], {}, custom);
    expect(script.requests[0]?.messages[0]?.content).toMatch(/Write every text value in Swedish/);
    expect(script.requests[0]?.messages[0]?.content).toMatch(/Topic detection is off/);
    expect(result.transcription_details.topics).toEqual([]);
    expect(result.summary_analysis.topics).toEqual([]);
    expect(result.transcription_details.actionItems).toEqual([]);
    expect(result.transcription_details.questions).toHaveLength(1);
  });
});

describe("openai provider", () => {
  it("uses valid JSON from an OpenAI-compatible endpoint", async () => {
    const { result, urls, script } = await viaOpenAi([valid("OAI")]);
    expect(urls).toEqual(["https://llm.test/v1/chat/completions"]);
    expect(script.requests[0]).toMatchObject({ model: "test-model", response_format: { type: "json_object" } });
    expect(script.requests[0]?.messages[0]?.content).toMatch(/JSON Schema/);
    expect(result.engine).toBe("openai");
    expect(result.summary).toMatch(/^OAI/);
    expect(result.notes.at(-1)).toMatch(/^Summary and analysis by openai \(test-model\)/);
  });

  it("accepts JSON wrapped in a Markdown fence", async () => {
    const { result } = await viaOpenAi([`\`\`\`json\n${valid("FENCED")}\n\`\`\``]);
    expect(result.summary).toMatch(/^FENCED/);
  });

  it("repairs malformed JSON once", async () => {
    const { result, urls } = await viaOpenAi(["{oops", valid("OK")]);
    expect(urls).toHaveLength(2);
    expect(result.engine).toBe("openai");
    expect(result.summary).toMatch(/^OK/);
  });

  it("falls back to offline after two malformed replies", async () => {
    const { result, urls } = await viaOpenAi(["{oops", "{still"]);
    expect(urls).toHaveLength(2);
    expect(result.engine).toBe("offline");
    expect(result.notes.at(-1)).toMatch(/^openai \(test-model\) did not return valid JSON after one repair/);
  });

  it("falls back to offline when the server errors", async () => {
    const { fetch, urls } = fakeOpenAiFetch(scriptedReplies([]), { status: 500 });
    const result = await runAnalysis(input, prefs, {
      provider: "openai",
      baseUrl: "https://llm.test/v1",
      apiKey: "k",
      fetch,
    });
    expect(urls).toHaveLength(2);
    expect(result.engine).toBe("offline");
    expect(result.notes.at(-1)).toMatch(/^OpenAI-compatible API \(gpt-4o-mini\) failed: 500/);
  });

  it("combines parts of a long transcript", async () => {
    const replies = (request: RecordedChat) =>
      /part \d+ of/.test(request.messages.at(-1)?.content ?? "") ? valid("PART") : valid("WHOLE");
    const { result, urls } = await viaOpenAi([replies], { chunkTokens: 1500 });
    expect(urls.length).toBeGreaterThanOrEqual(3);
    expect(result.summary).toMatch(/^WHOLE/);
  });
});

describe("runAnalysis", () => {
  it("runs offline by default and when the provider cannot be used", async () => {
    expect((await runAnalysis(input, prefs, {})).engine).toBe("offline");
    const missing = await runAnalysis(input, prefs, { provider: "workers-ai" });
    expect(missing.notes.at(-1)).toBe(
      "ANALYSIS_PROVIDER is workers-ai but the AI binding is missing; analysed offline.",
    );
    const unknown = await runAnalysis(input, prefs, { provider: "claude" });
    expect(unknown.notes.at(-1)).toMatch(/is not one of offline, local, workers-ai, openai/);
  });

  it("throws on errors that are not the model's, so the job can be marked COMPLETED_WITH_ERRORS", async () => {
    const broken = { segments: [{ start: 0, end: 1, text: null as unknown as string }], language: null, duration: 1 };
    await expect(runAnalysis(broken, prefs, { provider: "offline" })).rejects.toThrow(TypeError);
  });
});
