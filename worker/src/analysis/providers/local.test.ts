import { type AnalysisPreferences, analysisResultSchema, DEFAULT_ANALYSIS_PREFERENCES } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import meeting from "../../../../test-fixtures/meetings/atlas-q3-planning.txt?raw";
import { type AnalysisConfig, runAnalysis } from "../index";
import { analyseOffline } from "../offline";
import { fakeOpenAiFetch, type RecordedChat, scriptedReplies, segmentsFromText } from "../test-support";

// The local provider against a fake of the llm/ service: what it asks the small model, and what it keeps.
const prefs = DEFAULT_ANALYSIS_PREFERENCES;
// The meeting's opening, short enough for one request (the whole of it is cut into sections).
const opening = segmentsFromText(meeting.split("\n\n").slice(0, 6).join("\n\n"));
const summary = (text: string, keyPoints = ["Marcus Okafor wants the code freeze on August 15th"]) =>
  JSON.stringify({ summary: text, key_points: keyPoints });
const GOOD = "Sarah Chen ran the Q3 planning of the Atlas app. The team moved the code freeze to August 15th.";

async function viaLocal(
  replies: Parameters<typeof scriptedReplies>[0],
  extra: Partial<AnalysisConfig> = {},
  p: AnalysisPreferences = prefs,
) {
  const script = scriptedReplies(replies);
  const { fetch, urls } = fakeOpenAiFetch(script);
  const config = { provider: "local", baseUrl: "http://127.0.0.1:8789/v1", fetch, ...extra };
  const result = await runAnalysis(opening, p, config);
  return { result, urls, script };
}

const lastMessage = (r: RecordedChat) => r.messages.at(-1)?.content ?? "";

describe("local provider", () => {
  it("asks the model for the summary and key points only; the offline engine finds the rest", async () => {
    const { result, urls, script } = await viaLocal([summary(GOOD)]);
    expect(urls).toEqual(["http://127.0.0.1:8789/v1/chat/completions"]);
    expect(script.requests[0]).toMatchObject({ response_format: { type: "json_object" }, max_tokens: 600 });
    expect(script.requests[0]?.messages[0]?.content).toMatch(/"summary".*"key_points"/);
    expect(script.requests[0]?.messages[0]?.content).not.toMatch(/transcription_details/);
    expect(analysisResultSchema.safeParse(result).success).toBe(true);
    expect(result.engine).toBe("local");
    expect(result.summary).toBe(GOOD);
    expect(result.key_points).toEqual(["Marcus Okafor wants the code freeze on August 15th"]);
    const offline = analyseOffline(opening, prefs);
    expect(result.transcription_details).toEqual(offline.transcription_details);
    expect(result.summary_analysis).toEqual(offline.summary_analysis);
    expect(result.notes.at(-1)).toMatch(
      /^Summary and key points by local \(.+\); everything else found by the offline/,
    );
  });

  it("summarises a long transcript section by section, one request at a time, then the whole", async () => {
    let inFlight = 0;
    let most = 0;
    const script = scriptedReplies([
      (request) => {
        const section = /section (\d+) of \d+/.exec(lastMessage(request))?.[1];
        return summary(section ? `Sarah Chen led section ${section}.` : GOOD);
      },
    ]);
    const { fetch } = fakeOpenAiFetch(script);
    const counting = (async (url: string | URL | Request, init?: RequestInit) => {
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 5));
      const response = await fetch(url, init);
      inFlight--;
      return response;
    }) as typeof globalThis.fetch;
    const config = { provider: "local", baseUrl: "http://llm.test/v1", fetch: counting, chunkTokens: 800 };
    const result = await runAnalysis(segmentsFromText(meeting), prefs, config);
    const sections = script.requests.filter((r) => /This is section \d+ of/.test(lastMessage(r)));
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    const whole = script.requests.at(-1) as RecordedChat;
    expect(whole.messages[0]?.content).toBe(sections[0]?.messages[0]?.content);
    expect(lastMessage(whole)).toMatch(/^These are the summaries of the \d+ consecutive sections/);
    expect(lastMessage(whole)).toContain("Section 1: Sarah Chen led section 1.");
    expect(lastMessage(whole)).toContain(`Section ${sections.length}: Sarah Chen led section ${sections.length}.`);
    expect(result.summary).toBe(GOOD);
    expect(result.notes[0]).toMatch(/^Analysed in \d+ parts by local/);
  });

  it("drops a sentence naming what the transcript does not mention, and says so", async () => {
    const { result } = await viaLocal([
      summary(`${GOOD} The budget of 90,000 euros was approved by John Smith.`, [
        "Freeze on August 15th",
        "Budget approved by John",
      ]),
    ]);
    expect(result.summary).toBe(GOOD);
    expect(result.key_points).toEqual(["Freeze on August 15th"]);
    expect(result.notes.join(" ")).toMatch(
      /1 sentence\(s\) of the summary .* the transcript does not mention 90,000, John, Smith\./,
    );
  });

  it("shows the offline summary when no sentence holds up", async () => {
    const { result } = await viaLocal([summary("John Smith closed the Paris office.")]);
    expect(result.engine).toBe("local");
    expect(result.summary).toBe(analyseOffline(opening, prefs).summary);
    expect(result.notes.join(" ")).toMatch(/the offline engine's summary is shown/);
  });

  it("repairs once, then falls back to the offline engine", async () => {
    const repaired = await viaLocal(['{"summary": 1}', summary(GOOD)]);
    expect(repaired.urls).toHaveLength(2);
    expect(repaired.result.summary).toBe(GOOD);
    const failed = await viaLocal(["not json", "{still not"]);
    expect(failed.result.engine).toBe("offline");
    expect(failed.result.notes.at(-1)).toMatch(/did not return valid JSON after one repair/);
  });

  it("asks again, rather than send back, a reply cut off at its length cap", async () => {
    // A small model that loops until max_tokens: its ramble, sent back for repair, was only continued.
    const ramble = {
      content: `{"summary": "${"Sarah Chen said the freeze moves. ".repeat(40)}`,
      finishReason: "length",
    } as const;
    const { result, script } = await viaLocal([ramble, summary(GOOD)]);
    expect(script.requests).toHaveLength(2);
    expect(script.requests[1]?.messages).toEqual(script.requests[0]?.messages);
    expect(result.summary).toBe(GOOD);
    expect(result.notes.join(" ")).toMatch(/needed one repair to return valid JSON/);
  });

  it("asks for the user's language, last, beside the transcript", async () => {
    const spanish = { ...prefs, preferredLanguage: "Spanish" as const };
    const { script } = await viaLocal([summary(GOOD)], {}, spanish);
    expect(script.requests[0]?.messages[0]?.content).toMatch(/key points in Spanish/);
    expect(lastMessage(script.requests[0] as RecordedChat)).toMatch(
      /written in Spanish\. Escribe el resumen y los puntos clave en español\.$/,
    );
  });

  it("sends a summary in the wrong language back once", async () => {
    const spanish = { ...prefs, preferredLanguage: "Spanish" as const };
    const es = "Sarah Chen abrió la reunión del Q3 y el equipo movió la congelación del código al 15 de agosto.";
    const { result, script } = await viaLocal(
      [summary(GOOD), summary(es, ["La congelación pasa al 15 de agosto"])],
      {},
      spanish,
    );
    expect(lastMessage(script.requests[1] as RecordedChat)).toMatch(
      /the summary is written in English, not in Spanish/,
    );
    expect(result.engine).toBe("local");
    expect(result.summary).toBe(es);
  });

  it("falls back to the offline engine when the start command could not run the model, saying why", async () => {
    const { result, urls } = await viaLocal([summary(GOOD)], { localError: "only 1.2 GB of memory free" });
    expect(urls).toEqual([]);
    expect(result.engine).toBe("offline");
    expect(result.notes.at(-1)).toBe(
      "The local language model is not running (only 1.2 GB of memory free); analysed offline.",
    );
  });
});
