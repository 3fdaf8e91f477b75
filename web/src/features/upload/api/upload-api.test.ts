import { afterEach, describe, expect, test, vi } from "vitest";
import { NO_SPEAKER_RECOGNITION } from "@/entities/transcription/speaker-choice";
import { xhrUpload } from "@/lib/xhr";
import { fakeTranscription } from "../../../../e2e/support/fake-answers";
import { createChunked, createResumable, uploadSingle } from "./upload-api";

// The one-request upload goes by XHR (for its progress): only the URL it is given matters here.
vi.mock("@/lib/xhr", async (original) => ({
  ...(await original<typeof import("@/lib/xhr")>()),
  xhrUpload: vi.fn(async () => fakeTranscription()),
}));

// Uploads go into the space chosen on the upload screen: `?space=` on the routes that create, none for personal.

const asked: string[] = [];
afterEach(() => {
  asked.length = 0;
  vi.unstubAllGlobals();
  vi.mocked(xhrUpload).mockClear();
});

function answering(body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(String(input instanceof Request ? input.url : input));
      return new Response(JSON.stringify(body), { status: 201, headers: { "Content-Type": "application/json" } });
    }),
  );
}

describe("the space of an upload", () => {
  test("a resumable upload is created in the workspace", async () => {
    answering({ id: "up1", fileName: "a.mp3", size: 20, partSize: 10, partCount: 2, parts: [] });
    await createResumable({ fileName: "a.mp3", fileType: "audio/mpeg", size: 20 }, new AbortController().signal, "w1");
    expect(new URL(asked[0] ?? "").pathname).toBe("/api/uploads");
    expect(new URL(asked[0] ?? "").searchParams.get("space")).toBe("w1");
  });

  test("a chunked upload into the personal space carries no space", async () => {
    answering(fakeTranscription());
    const input = { fileName: "a.ogg", fileType: "audio/ogg", chunks: 2, diarize: false };
    await createChunked(input, new AbortController().signal, null);
    expect(new URL(asked[0] ?? "").pathname).toBe("/api/transcriptions/chunked");
    expect(new URL(asked[0] ?? "").searchParams.has("space")).toBe(false);
  });

  test.each([
    ["w1", "?space=w1"],
    [null, ""],
  ])("a one-request upload into %s is sent to the upload route with %j", async (space, search) => {
    const file = new Blob(["a"], { type: "audio/mpeg" });
    await uploadSingle(file, "a.mp3", null, NO_SPEAKER_RECOGNITION, () => {}, new AbortController().signal, space);
    const url = vi.mocked(xhrUpload).mock.calls[0]?.[0].url;
    expect(url?.pathname).toBe("/api/transcriptions/upload");
    expect(url?.search).toBe(search);
  });
});
