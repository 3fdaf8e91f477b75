import type { AskAnswer, AskEvent } from "@verbatim/shared/ask";
import { act } from "react";
import { describe, expect, test } from "vitest";
import { appHarness, button, click, FAKE_USER, jsonAnswer, noFakeAnswer, until } from "@/test-support/app-harness";
import { LibraryAsk } from "./library-ask";

// "Ask my library": closed until opened; the answer streams, each citation opens its own transcription at that
// moment, and the kept answers are listed.

const PASSAGES = [
  {
    start: 3,
    speaker: "Ana",
    text: "We start the pilot on the ninth of March.",
    hit: true,
    meeting: { id: "t1", title: "Pilot kickoff" },
  },
  {
    start: 4,
    speaker: null,
    text: "The pilot team needs one of them.",
    hit: true,
    meeting: { id: "t2", title: "Hiring sync" },
  },
];
const answer = (over: Partial<AskAnswer>): AskAnswer => ({
  question: "When does the pilot start?",
  answer: "It starts on the ninth of March [00:03]; the team needs an engineer [00:04].",
  mode: "model",
  fallback: null,
  passages: PASSAGES,
  askedAt: "2026-11-27T10:00:00.000Z",
  ...over,
});

let kept: AskAnswer[];
let stream: AskEvent[];
let requests: string[];

function fakeApi(request: Request) {
  const url = new URL(request.url);
  if (url.pathname === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (url.pathname === "/api/user") return jsonAnswer(FAKE_USER);
  if (url.pathname === "/api/library/answers") {
    requests.push(`GET ${url.pathname}${url.search}`);
    return jsonAnswer({ answers: kept });
  }
  if (url.pathname === "/api/library/ask" && request.method === "POST") {
    requests.push(`POST ${url.pathname}${url.search}`);
    return new Response(stream.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""), {
      headers: { "Content-Type": "text/event-stream" },
    });
  }
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  kept = [];
  stream = [];
  requests = [];
});

describe("Ask my library", () => {
  test("asks nothing until opened, then streams an answer whose citations open their meetings", async () => {
    kept = [answer({ question: "Who joins in April?", answer: "Two engineers [00:04]." })];
    stream = [
      { type: "passages", passages: PASSAGES },
      { type: "delta", text: "It starts on the ninth of March [00:03]" },
      { type: "done", answer: answer({}) },
    ];
    await app.mount(() => <LibraryAsk />, { routes: { "/transcription/$id": () => <p>transcript page</p> } });
    expect(requests).toEqual([]);
    await click(button("Ask a question"));
    await until(() => expect(document.body.textContent).toContain("Two engineers"));
    expect(requests).toEqual(["GET /api/library/answers"]);

    const box = document.querySelector("textarea") as HTMLTextAreaElement;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(
        box,
        "When does the pilot start?",
      );
      box.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await click(button("Ask"));
    const section = () => document.querySelector('section[aria-label="Answer"]');
    await until(() => expect(section()?.textContent).toContain("the team needs an engineer"));
    const first = section()?.querySelector<HTMLAnchorElement>('a[aria-label="Open Pilot kickoff at 00:03"]');
    const second = section()?.querySelector<HTMLAnchorElement>('a[aria-label="Open Hiring sync at 00:04"]');
    expect(first?.getAttribute("href")).toBe("/transcription/t1?t=3");
    expect(second?.getAttribute("href")).toBe("/transcription/t2?t=4");
    await click(first);
    await until(() => expect(app.router.state.location.pathname).toBe("/transcription/t1"));
  });
});
