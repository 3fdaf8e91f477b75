import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEFAULT_ANALYSIS_PREFERENCES } from "@verbatim/shared";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import meeting from "../../../../test-fixtures/meetings/atlas-q3-planning.txt?raw";
import { runAnalysis } from "../index";
import { chatCompletion, modelAnalysis, type RecordedChat, scriptedReplies, segmentsFromText } from "../test-support";

// A real OpenAI-compatible HTTP server on the loopback interface, driven by the real `openai` client.
let server: Server;
let baseUrl: string;
let script = scriptedReplies([]);
const paths: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => {
      body += chunk.toString("utf8");
    });
    req.on("end", () => {
      paths.push(`${req.method} ${req.url} ${req.headers.authorization ?? ""}`);
      const request = JSON.parse(body) as RecordedChat;
      res.writeHead(200, { "content-type": "application/json" });
      const reply = script.next(request);
      res.end(JSON.stringify(chatCompletion(reply.content, request.model, reply.finishReason)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  paths.length = 0;
});

const input = segmentsFromText(meeting);
const prefs = DEFAULT_ANALYSIS_PREFERENCES;
const valid = (marker: string) => JSON.stringify(modelAnalysis(marker));
const config = () => ({ provider: "openai", baseUrl, apiKey: "sk-test", model: "local-model" });

describe("openai provider against a local chat completions server", () => {
  it("analyses with valid JSON", async () => {
    script = scriptedReplies([valid("HTTP")]);
    const result = await runAnalysis(input, prefs, config());
    expect(paths).toEqual(["POST /v1/chat/completions Bearer sk-test"]);
    expect(script.requests[0]).toMatchObject({ model: "local-model", response_format: { type: "json_object" } });
    expect(result.engine).toBe("openai");
    expect(result.summary).toMatch(/^HTTP/);
  });

  it("repairs malformed JSON once", async () => {
    script = scriptedReplies(["{not json", valid("REPAIRED")]);
    const result = await runAnalysis(input, prefs, config());
    expect(paths).toHaveLength(2);
    expect(script.requests[1]?.messages.at(-1)?.content).toMatch(/^Your reply is not valid/);
    expect(result.engine).toBe("openai");
    expect(result.summary).toMatch(/^REPAIRED/);
  });

  it("falls back to offline after a second malformed reply", async () => {
    script = scriptedReplies(["{not json", "[]"]);
    const result = await runAnalysis(input, prefs, config());
    expect(paths).toHaveLength(2);
    expect(result.engine).toBe("offline");
    expect(result.transcription_details.actionItems.length).toBeGreaterThanOrEqual(10);
    expect(result.notes.at(-1)).toMatch(
      /did not return valid JSON after one repair; the offline engine produced this analysis\.$/,
    );
  });

  it("sends the local model a seed per request: an analysis repeats, a request asked again is sampled anew", async () => {
    const cutOff = { content: '{"summary": "The team met and met and met', finishReason: "length" as const };
    const summary = JSON.stringify({ summary: "The team planned the third quarter.", key_points: ["A budget."] });
    const seeds = async () => {
      script = scriptedReplies([cutOff, summary]);
      const result = await runAnalysis(segmentsFromText(meeting.split("\n\n")[0] ?? ""), prefs, {
        provider: "local",
        baseUrl,
      });
      expect(result.engine).toBe("local");
      return script.requests.map((request) => request.seed);
    };
    const first = await seeds();
    // The small model reads the transcript without its paragraphs' times (the summary cites none).
    const asked = script.requests[0]?.messages.at(-1)?.content ?? "";
    expect(asked).toMatch(/Transcript:\n\S/);
    expect(asked).not.toMatch(/^\[\d+:\d{2}\]/m);
    expect(first).toHaveLength(2);
    expect(first[1]).toBe((first[0] ?? 0) + 1);
    // The same transcript analysed again asks with the same seeds.
    expect(await seeds()).toEqual(first);
  });

  it("keeps what a local answer cut off at its cap wrote before its unfinished point, without asking again", async () => {
    const points = ["The budget is set.", "The hall is booked.", "The brief is written.", "The launch is planned."];
    const looping = `{"summary": "The team planned the third quarter.", "key_points": ${JSON.stringify([
      ...points,
      points[0],
    ]).slice(0, -1)}, "The launch moves to Augu`;
    script = scriptedReplies([{ content: looping, finishReason: "length" }]);
    const result = await runAnalysis(segmentsFromText(meeting.split("\n\n")[0] ?? ""), prefs, {
      provider: "local",
      baseUrl,
    });
    expect(script.requests).toHaveLength(1);
    expect(result.engine).toBe("local");
    expect(result.summary).toBe("The team planned the third quarter.");
    // The point written twice is kept once, and the unfinished one is dropped.
    expect(result.key_points).toEqual(points);
    expect(result.enhanced_key_points?.map((p) => p.text)).toEqual(points);
    expect(result.notes.join(" ")).toMatch(/wrote to its length cap; what it wrote before its last, unfinished point/);
  });

  it("asks again when a local answer cut off at its cap has fewer whole key points than were asked for", async () => {
    const cut = '{"summary": "The team planned.", "key_points": ["The budget is set.", "The budget is set.", "Ana bo';
    const whole = JSON.stringify({ summary: "The team planned the quarter.", key_points: ["The budget is set."] });
    script = scriptedReplies([{ content: cut, finishReason: "length" }, whole]);
    const result = await runAnalysis(segmentsFromText(meeting.split("\n\n")[0] ?? ""), prefs, {
      provider: "local",
      baseUrl,
    });
    expect(script.requests).toHaveLength(2);
    expect(result.summary).toBe("The team planned the quarter.");
  });

  it("analyses a long transcript in parts and combines them", async () => {
    script = scriptedReplies([
      (request) =>
        /This is part \d+ of/.test(request.messages.at(-1)?.content ?? "") ? valid("PART") : valid("WHOLE"),
    ]);
    const result = await runAnalysis(input, prefs, { ...config(), chunkTokens: 1200 });
    expect(paths.length).toBeGreaterThanOrEqual(4);
    expect(result.engine).toBe("openai");
    expect(result.summary).toMatch(/^WHOLE/);
    expect(result.notes[0]).toMatch(/^Analysed in \d+ parts by openai \(local-model\) and combined\.$/);
  });
});
