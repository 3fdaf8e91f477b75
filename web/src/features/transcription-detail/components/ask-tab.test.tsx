import type { AskAnswer, AskEvent } from "@verbatim/shared/ask";
import { act } from "react";
import { describe, expect, test, vi } from "vitest";
import { appHarness, button, click, FAKE_USER, jsonAnswer, noFakeAnswer, until } from "@/test-support/app-harness";
import type { TimedLine } from "../lib/timed-lines";
import { AskTab } from "./ask-tab";

// "Ask this meeting": the streamed answer with its citations as buttons that play the recording, the kept answers,
// how a quoted answer says why, and offline, the lines found in the device's copy.

const LINES: TimedLine[] = [
  { start: 0, end: 2, speaker: "Ana", text: "We start the pilot on the ninth of March." },
  { start: 2, end: 5, speaker: "Ben", text: "Then the budget is twelve thousand euros." },
  { start: 65, end: 70, speaker: "Ana", text: "Lunch is at noon on Fridays." },
];

const answer = (over: Partial<AskAnswer>): AskAnswer => ({
  question: "When does the pilot start?",
  answer: "The pilot starts on the ninth of March [00:00].",
  mode: "model",
  fallback: null,
  passages: [],
  askedAt: "2026-11-27T10:00:00.000Z",
  ...over,
});

let kept: AskAnswer[];
let stream: AskEvent[];
let asked: unknown[];

function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (path === "/api/user") return jsonAnswer(FAKE_USER);
  if (path === "/api/transcriptions/t1/answers") return jsonAnswer({ answers: kept });
  if (path === "/api/transcriptions/t1/ask" && request.method === "POST") {
    asked.push(path);
    const body = stream.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
    return new Response(body, { headers: { "Content-Type": "text/event-stream" } });
  }
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi, () => {
  kept = [];
  stream = [];
  asked = [];
});

async function askQuestion(question: string) {
  const box = document.querySelector("textarea") as HTMLTextAreaElement;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")?.set?.call(box, question);
    box.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await click(button("Ask"));
}

const answerSection = () => document.querySelector('section[aria-label="Answer"]');

describe("Ask this meeting", () => {
  test("streams the answer, its citations play the recording, and earlier answers are listed", async () => {
    kept = [answer({ question: "What is the budget?", answer: "Twelve thousand euros [00:02]." })];
    const done = answer({});
    stream = [
      { type: "passages", passages: [] },
      { type: "delta", text: "The pilot starts on the ninth of March " },
      { type: "delta", text: "[00:00]." },
      { type: "done", answer: done },
    ];
    const onSeek = vi.fn();
    await app.mount(() => <AskTab transcriptionId="t1" lines={LINES} onSeek={onSeek} online />);
    await until(() => expect(document.body.textContent).toContain("Twelve thousand euros"));
    await askQuestion("When does the pilot start?");
    await until(() =>
      expect(answerSection()?.textContent).toContain("The pilot starts on the ninth of March [00:00]."),
    );
    expect(asked).toHaveLength(1);
    await click(answerSection()?.querySelector('button[aria-label="Play from 00:00"]'));
    expect(onSeek).toHaveBeenCalledWith(0);
    await click(document.querySelector('button[aria-label="Play from 00:02"]'));
    expect(onSeek).toHaveBeenLastCalledWith(2);
  });

  test("a quoted answer says why, and a question nothing answers says so", async () => {
    stream = [
      { type: "passages", passages: [] },
      {
        type: "done",
        answer: answer({
          answer: "[00:00] Ana: We start the pilot on the ninth of March.",
          mode: "extractive",
          fallback: "model-failed",
        }),
      },
    ];
    await app.mount(() => <AskTab transcriptionId="t1" lines={LINES} online />);
    await askQuestion("When does the pilot start?");
    await until(() => expect(answerSection()?.textContent).toContain("the language model did not answer"));
    // Without a recording to play, a citation is text.
    expect(answerSection()?.querySelector("button")).toBeNull();

    stream = [
      { type: "passages", passages: [] },
      {
        type: "done",
        answer: answer({ answer: "I couldn't find that in this meeting", mode: "not-found", passages: [] }),
      },
    ];
    await askQuestion("Who signed the contract?");
    await until(() => expect(answerSection()?.textContent).toContain("I couldn't find that in this meeting"));
  });

  test("offline, it quotes the matching lines of the device's copy without asking the server", async () => {
    const onSeek = vi.fn();
    await app.mount(() => <AskTab transcriptionId="t1" lines={LINES} onSeek={onSeek} online={false} />);
    await askQuestion("When is lunch?");
    await until(() => expect(answerSection()?.textContent).toContain("Ana: Lunch is at noon on Fridays."));
    expect(answerSection()?.textContent).toContain("you are offline");
    expect(answerSection()?.textContent).not.toContain("pilot");
    await click(answerSection()?.querySelector('button[aria-label="Play from 01:05"]'));
    expect(onSeek).toHaveBeenCalledWith(65);
    expect(asked).toEqual([]);

    await askQuestion("Who signed the contract?");
    await until(() => expect(answerSection()?.textContent).toContain("I couldn't find that in this meeting"));
  });
});
