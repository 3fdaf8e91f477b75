import { env } from "cloudflare:test";
import {
  ASK_MAX_QUESTION,
  type AskEvent,
  askAnswerListSchema,
  askEventSchema,
  NOT_FOUND_ANSWER,
} from "@verbatim/shared/ask";
import { describe, expect, it } from "vitest";
import { api, errorMessage, readJson, signUp } from "../../test/http";
import { seedIndexedTranscription } from "../../test/transcriptions";
import { teamWithRoles } from "../../test/workspaces";
import { fakeOpenAiFetch, type RecordedChat, scriptedReplies } from "../analysis/test-support";
import { createDb } from "../db/client";
import { answerEvents } from "./answer";
import { answerWriter } from "./model";
import { meetingSource } from "./sources";

const SEGMENTS = [
  { start: 0, end: 2.5, text: "We start the pilot on the ninth of March.", speaker: "Ana" },
  { start: 2.5, end: 5, text: "Then the budget is twelve thousand euros.", speaker: "Ben" },
  { start: 5, end: 8, text: "Lunch is at noon on Fridays.", speaker: "Ana" },
];

/** A finished, diarized transcription whose lines are in the search index, as a speech run leaves one. */
const meeting = (userId: string, workspaceId: string | null = null) =>
  seedIndexedTranscription(userId, "Pilot kickoff", SEGMENTS, workspaceId);

/** The events of an answer's text/event-stream. */
async function eventsOf(res: Response): Promise<AskEvent[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("text/event-stream");
  const text = await res.text();
  return text
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => askEventSchema.parse(JSON.parse(block.slice("data: ".length))));
}

const ask = (cookie: string, id: string, question: string) =>
  api(`/api/transcriptions/${id}/ask`, { method: "POST", cookie, json: { question } });

const doneOf = (events: AskEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== "done") throw new Error(`the stream ended with ${JSON.stringify(last)}`);
  return last.answer;
};

/** A fetch answering as an OpenAI-compatible server streaming these pieces (SSE chunks), recording requests. */
function streamingFetch(pieces: string[]) {
  const requests: RecordedChat[] = [];
  const fetch = async (_url: string | URL | Request, init?: RequestInit) => {
    requests.push(JSON.parse(String(init?.body)));
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    const body = [...pieces.map((content) => chunk({ content }, null)), chunk({}, "stop"), "data: [DONE]\n\n"].join("");
    return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

async function collect(events: AsyncGenerator<AskEvent>) {
  const out: AskEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe("asking a meeting", () => {
  it("finds the lines that answer, quotes them without a model, and keeps the answer for a reload", async () => {
    const { user, cookie } = await signUp();
    const id = await meeting(user.id);
    const events = await eventsOf(await ask(cookie, id, "When does the pilot start?"));
    const passages = events[0]?.type === "passages" ? events[0].passages : [];
    // The hit, with the line after it as context (there is none before).
    expect(passages).toEqual([
      { start: 0, speaker: "Ana", text: "We start the pilot on the ninth of March.", hit: true },
      // The index keeps a line's marker, whole seconds.
      { start: 2, speaker: "Ben", text: "Then the budget is twelve thousand euros.", hit: false },
    ]);
    const answer = doneOf(events);
    expect(answer).toMatchObject({ mode: "extractive", fallback: "no-model" });
    expect(answer.answer).toBe("[00:00] Ana: We start the pilot on the ninth of March.");

    // The same question again, however written, replaces the kept answer.
    doneOf(await eventsOf(await ask(cookie, id, "  when does the PILOT start? ")));
    const kept = await readJson(await api(`/api/transcriptions/${id}/answers`, { cookie }), askAnswerListSchema);
    expect(kept.answers).toHaveLength(1);
    expect(kept.answers[0]).toMatchObject({ question: "when does the PILOT start?", mode: "extractive" });
  });

  it("says so when nothing in the meeting matches, or the question has no word to look for", async () => {
    const { user, cookie } = await signUp();
    const id = await meeting(user.id);
    for (const question of ["Who signed the marketing contract?", "What is it?"]) {
      const events = await eventsOf(await ask(cookie, id, question));
      expect(events[0]).toEqual({ type: "passages", passages: [] });
      expect(doneOf(events)).toMatchObject({ answer: NOT_FOUND_ANSWER, mode: "not-found", fallback: null });
    }
  });

  it("refuses an empty or overlong question with a 400 that says why", async () => {
    const { user, cookie } = await signUp();
    const id = await meeting(user.id);
    const long = await ask(cookie, id, "a".repeat(ASK_MAX_QUESTION + 1));
    expect(long.status).toBe(400);
    expect(await errorMessage(long)).toBe(`A question is at most ${ASK_MAX_QUESTION} characters`);
    const empty = await ask(cookie, id, "   ");
    expect(empty.status).toBe(400);
    expect(await errorMessage(empty)).toBe("Type a question");
  });

  it("streams a model's answer written from the passages, keeping only citations of their times", async () => {
    const { user } = await signUp();
    const id = await meeting(user.id);
    const model = streamingFetch([
      "The pilot starts on the ninth of March [00:",
      "00], with a budget of twelve thousand euros [0:0",
      "2] and a launch party [07:30].",
    ]);
    const writer = answerWriter({ provider: "openai", baseUrl: "http://model.test/v1", fetch: model.fetch });
    const events = await collect(
      answerEvents(meetingSource(createDb(env.DB), id), "When does the pilot start and what budget?", writer),
    );
    const streamed = events.flatMap((e) => (e.type === "delta" ? [e.text] : [])).join("");
    expect(streamed).not.toContain("07:30");
    expect(doneOf(events)).toMatchObject({
      mode: "model",
      fallback: null,
      answer:
        "The pilot starts on the ninth of March [00:00], with a budget of twelve thousand euros [00:02] and a launch party.",
    });
    // Asked to stream, from the passages only, the question last.
    const [request] = model.requests;
    expect(request).toMatchObject({ stream: true });
    expect(request?.messages.at(-1)?.content).toContain("[00:00] Ana: We start the pilot on the ninth of March.");
    expect(request?.messages.at(-1)?.content).toMatch(/Question: When does the pilot start and what budget\?$/);
  });

  it("quotes the passages when the model fails, and says it did", async () => {
    const { user } = await signUp();
    const id = await meeting(user.id);
    const down = fakeOpenAiFetch(scriptedReplies([]), { status: 503 });
    const writer = answerWriter({ provider: "local", baseUrl: "http://model.test/v1", fetch: down.fetch });
    const events = await collect(
      answerEvents(meetingSource(createDb(env.DB), id), "When does the pilot start?", writer),
    );
    expect(down.urls).toHaveLength(1);
    expect(doneOf(events)).toMatchObject({
      mode: "extractive",
      fallback: "model-failed",
      answer: "[00:00] Ana: We start the pilot on the ninth of March.",
    });
  });

  it("answers a viewer of the workspace and hides the meeting from anyone outside it", async () => {
    const { workspace, people } = await teamWithRoles();
    const id = await meeting(people.owner.user.id, workspace.id);
    expect(doneOf(await eventsOf(await ask(people.viewer.cookie, id, "When does the pilot start?")))).toMatchObject({
      mode: "extractive",
    });
    const kept = await api(`/api/transcriptions/${id}/answers`, { cookie: people.viewer.cookie });
    expect((await readJson(kept, askAnswerListSchema)).answers).toHaveLength(1);

    const outsider = await signUp();
    const refused = await ask(outsider.cookie, id, "When does the pilot start?");
    expect(refused.status).toBe(404);
    expect(await errorMessage(refused)).toBe("Transcription not found");
    expect((await api(`/api/transcriptions/${id}/answers`, { cookie: outsider.cookie })).status).toBe(404);
  });
});
