import { describe, expect, test } from "vitest";
import { appHarness, FAKE_USER, jsonAnswer, noFakeAnswer, until } from "@/test-support/app-harness";
import { fakeTranscription } from "../../../../e2e/support/fake-answers";
import { TranscriptionCard } from "./transcription-card";

// A translation made through /v1/audio/translations sits in the library beside the transcriptions: its card says
// that its text is the recording's English translation, not what was said.

function fakeApi(request: Request) {
  const path = new URL(request.url).pathname;
  if (path === "/api/session") return jsonAnswer({ user: FAKE_USER });
  if (path === "/api/user") return jsonAnswer(FAKE_USER);
  return noFakeAnswer(request);
}

const app = appHarness(fakeApi);

describe("a transcription's card", () => {
  test.each([
    ["translate", true],
    ["transcribe", false],
  ] as const)("with task %s says it is an English translation: %s", async (task, says) => {
    await app.mount(() => (
      <TranscriptionCard
        transcription={fakeTranscription({ id: "t1", name: "Reunión", task })}
        selected={false}
        onSelectedChange={() => undefined}
        onDownload={() => undefined}
        onRename={() => undefined}
        onDelete={() => undefined}
      />
    ));
    await until(() => expect(app.host.textContent).toContain("Reunión"));
    expect(app.host.textContent?.includes("English translation")).toBe(says);
  });
});
