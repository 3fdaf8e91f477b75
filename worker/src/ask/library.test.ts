import { env } from "cloudflare:test";
import type { Segment } from "@verbatim/shared";
import {
  type AskEvent,
  askAnswerListSchema,
  askEventSchema,
  citedPassage,
  NOT_FOUND_IN_LIBRARY,
} from "@verbatim/shared/ask";
import { describe, expect, it } from "vitest";
import { api, errorMessage, readJson, signUp } from "../../test/http";
import { seedIndexedTranscription } from "../../test/transcriptions";
import { teamWithRoles } from "../../test/workspaces";
import { type RecordedChat, scriptedReplies } from "../analysis/test-support";
import { createDb } from "../db/client";
import { answerEvents } from "./answer";
import { answerWriter } from "./model";
import { librarySource } from "./sources";
import { KEPT_LIBRARY_ANSWERS, keepLibraryAnswer } from "./store";

const PILOT: Segment[] = [
  { start: 0, end: 3, text: "Good morning, everyone.", speaker: "Ana" },
  { start: 3, end: 6, text: "We start the pilot on the ninth of March.", speaker: "Ana" },
  { start: 6, end: 9, text: "Then the budget is twelve thousand euros.", speaker: "Ben" },
];
const HIRING: Segment[] = [
  { start: 0, end: 4, text: "Two engineers join in April.", speaker: "Cleo" },
  { start: 4, end: 8, text: "The pilot team needs one of them.", speaker: "Dan" },
];
const LUNCH: Segment[] = [{ start: 0, end: 3, text: "Lunch is at noon on Fridays.", speaker: "Eve" }];

/** A finished transcription in the space (a team's when `workspaceId` is given) whose lines are in the index. */
const meeting = seedIndexedTranscription;

const ask = (cookie: string, question: string, space?: string) =>
  api(`/api/library/ask${space ? `?space=${space}` : ""}`, { method: "POST", cookie, json: { question } });
const kept = async (cookie: string, space?: string) =>
  (await readJson(await api(`/api/library/answers${space ? `?space=${space}` : ""}`, { cookie }), askAnswerListSchema))
    .answers;

async function eventsOf(res: Response): Promise<AskEvent[]> {
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toContain("text/event-stream");
  return (await res.text())
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => askEventSchema.parse(JSON.parse(block.slice("data: ".length))));
}
const doneOf = (events: AskEvent[]) => {
  const last = events.at(-1);
  if (last?.type !== "done") throw new Error(`the stream ended with ${JSON.stringify(last)}`);
  return last.answer;
};

describe("asking my library", () => {
  it("answers from the lines of every meeting of the space, each naming its meeting, best meeting first", async () => {
    const { user, cookie } = await signUp();
    const pilot = await meeting(user.id, "Pilot kickoff", PILOT);
    const hiring = await meeting(user.id, "Hiring sync", HIRING);
    await meeting(user.id, "Office notes", LUNCH);
    // Someone else's meeting about the pilot is never read.
    const stranger = await signUp();
    await meeting(stranger.user.id, "Their pilot", [
      { start: 0, end: 2, text: "Our pilot starts in May.", speaker: "X" },
    ]);

    const events = await eventsOf(await ask(cookie, "When does the pilot start?"));
    const passages = events[0]?.type === "passages" ? events[0].passages : [];
    expect(new Set(passages.map((p) => p.meeting?.id))).toEqual(new Set([pilot, hiring]));
    // The meeting with the better line ("pilot" and "start") comes first, its lines in the recording's order.
    expect(passages[0]?.meeting).toEqual({ id: pilot, title: "Pilot kickoff" });
    expect(passages.filter((p) => p.meeting?.id === pilot).map((p) => p.start)).toEqual([0, 3, 6]);
    expect(passages.find((p) => p.hit && p.meeting?.id === pilot)?.text).toBe(
      "We start the pilot on the ninth of March.",
    );

    const answer = doneOf(events);
    expect(answer).toMatchObject({ mode: "extractive", fallback: "no-model" });
    expect(answer.answer).toBe(
      [
        "Pilot kickoff",
        "[00:03] Ana: We start the pilot on the ninth of March.",
        "",
        "Hiring sync",
        "[00:04] Dan: The pilot team needs one of them.",
      ].join("\n"),
    );
    // A citation points to its meeting's line.
    expect(citedPassage(answer.passages, 4)?.meeting?.id).toBe(hiring);

    // Kept for the asker; the same question again replaces it.
    doneOf(await eventsOf(await ask(cookie, "when does the PILOT start?")));
    expect(await kept(cookie)).toHaveLength(1);
    expect(await kept(stranger.cookie)).toEqual([]);
  });

  it("says so when nothing in the library matches", async () => {
    const { user, cookie } = await signUp();
    await meeting(user.id, "Office notes", LUNCH);
    const events = await eventsOf(await ask(cookie, "Who signed the marketing contract?"));
    expect(events[0]).toEqual({ type: "passages", passages: [] });
    expect(doneOf(events)).toMatchObject({ answer: NOT_FOUND_IN_LIBRARY, mode: "not-found" });
  });

  it("answers a team's members from the team's meetings only, and no one outside it", async () => {
    const { workspace, people } = await teamWithRoles();
    const team = await meeting(people.owner.user.id, "Team pilot review", PILOT, workspace.id);
    // The viewer's own meeting is in their personal space, not the team's.
    const own = await meeting(people.viewer.user.id, "My hiring notes", HIRING);

    const inTeam = doneOf(await eventsOf(await ask(people.viewer.cookie, "pilot", workspace.id)));
    expect(new Set(inTeam.passages.map((p) => p.meeting?.id))).toEqual(new Set([team]));
    const personal = doneOf(await eventsOf(await ask(people.viewer.cookie, "pilot")));
    expect(new Set(personal.passages.map((p) => p.meeting?.id))).toEqual(new Set([own]));
    // Each space keeps its own answers.
    expect((await kept(people.viewer.cookie, workspace.id)).map((a) => a.passages[0]?.meeting?.id)).toEqual([team]);
    expect((await kept(people.viewer.cookie)).map((a) => a.passages[0]?.meeting?.id)).toEqual([own]);

    const outsider = await signUp();
    const refused = await ask(outsider.cookie, "pilot", workspace.id);
    expect(refused.status).toBe(404);
    expect(await errorMessage(refused)).toBe("Workspace not found");
    expect((await api(`/api/library/answers?space=${workspace.id}`, { cookie: outsider.cookie })).status).toBe(404);
  });

  it("stops showing a kept answer once a meeting it quotes has left the space", async () => {
    const { workspace, people } = await teamWithRoles();
    const team = await meeting(people.owner.user.id, "Team pilot review", PILOT, workspace.id);
    doneOf(await eventsOf(await ask(people.member.cookie, "pilot", workspace.id)));
    expect(await kept(people.member.cookie, workspace.id)).toHaveLength(1);
    // The owner moves it to their personal space: the member may no longer read what the answer quotes.
    const moved = await api(`/api/transcriptions/${team}/space`, {
      method: "PATCH",
      cookie: people.owner.cookie,
      json: { workspaceId: null },
    });
    expect(moved.status).toBe(200);
    expect(await kept(people.member.cookie, workspace.id)).toEqual([]);
  });

  it(`keeps the latest ${KEPT_LIBRARY_ANSWERS} answers per asker and space`, async () => {
    const { user, cookie } = await signUp();
    const space = { userId: user.id, workspaceId: null };
    const db = createDb(env.DB);
    for (let k = 0; k <= KEPT_LIBRARY_ANSWERS; k++) {
      await keepLibraryAnswer(db, space, {
        question: `Question ${k}`,
        answer: NOT_FOUND_IN_LIBRARY,
        mode: "not-found",
        fallback: null,
        passages: [],
      });
    }
    const answers = await kept(cookie);
    expect(answers).toHaveLength(KEPT_LIBRARY_ANSWERS);
    expect(answers.map((a) => a.question)).not.toContain("Question 0");
  });

  it("gives the model each meeting's lines under its title", async () => {
    const { user } = await signUp();
    await meeting(user.id, "Pilot kickoff", PILOT);
    await meeting(user.id, "Hiring sync", HIRING);
    const replies = scriptedReplies(["The pilot starts on the ninth of March [00:03]."]);
    const fetch = (async (_url: string | URL | Request, init?: RequestInit) => {
      const { content } = replies.next(JSON.parse(String(init?.body)) as RecordedChat);
      const chunk = `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 1, model: "m", choices: [{ index: 0, delta: { content }, finish_reason: "stop" }] })}\n\n`;
      return new Response(`${chunk}data: [DONE]\n\n`, { headers: { "Content-Type": "text/event-stream" } });
    }) as typeof globalThis.fetch;
    const writer = answerWriter({ provider: "openai", baseUrl: "http://model.test/v1", fetch });
    const events: AskEvent[] = [];
    const source = librarySource(createDb(env.DB), { userId: user.id, workspaceId: null });
    for await (const event of answerEvents(source, "When does the pilot start?", writer)) events.push(event);
    expect(doneOf(events)).toMatchObject({ mode: "model", answer: "The pilot starts on the ninth of March [00:03]." });
    const prompt = String(replies.requests[0]?.messages.at(-1)?.content);
    expect(prompt).toContain("Pilot kickoff\n[00:00] Ana: Good morning, everyone.");
    expect(prompt).toContain("\n\nHiring sync\n");
  });
});
