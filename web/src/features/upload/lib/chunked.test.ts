import type { Transcription } from "@verbatim/shared/transcription";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { NO_SPEAKER_RECOGNITION } from "@/entities/transcription/speaker-choice";
import { ApiError } from "@/lib/api";
import { UploadError } from "@/lib/xhr";
import { createChunked, getTranscriptionNow, putChunk, putMedia, sealChunks } from "../api/upload-api";
import { type ChunkedReceipts, uploadChunked } from "./chunked";

vi.mock("../api/upload-api", () => ({
  createChunked: vi.fn(),
  getTranscriptionNow: vi.fn(),
  putChunk: vi.fn(),
  putMedia: vi.fn(),
  sealChunks: vi.fn(),
}));

/** Every request made, in order, e.g. "create", "chunk t1/2", "media t1", "seal t1". */
let calls: string[] = [];
/** The server's transcriptions, as GET answers them; one missing is deleted (404). */
let server: Map<string, Pick<Transcription, "status" | "file_size">>;
let created = 0;

const recording = {
  audio: new Blob(["whole"], { type: "audio/ogg" }),
  duration: 1300,
  chunks: [0, 598, 1198].map((start) => ({ start, audio: new Blob([`piece at ${start}`], { type: "audio/ogg" }) })),
};
const receipts = (): ChunkedReceipts & { log: string[] } => {
  const log: string[] = [];
  return {
    log,
    created: async (id) => void log.push(`created ${id}`),
    chunk: async (idx) => void log.push(`chunk ${idx}`),
    media: async () => void log.push("media"),
  };
};
const refuseIfNotReceiving = (id: string) => {
  if (!["PENDING", "PROCESSING"].includes(server.get(id)?.status ?? ""))
    throw new UploadError("This transcription is no longer accepting audio", 409);
};

beforeEach(() => {
  calls = [];
  server = new Map([["t9", { status: "PENDING", file_size: null }]]);
  created = 0;
  vi.mocked(createChunked).mockImplementation(async () => {
    calls.push("create");
    const id = `t${++created}`;
    server.set(id, { status: "PENDING", file_size: null });
    return { id, status: "PENDING" } as Transcription;
  });
  vi.mocked(getTranscriptionNow).mockImplementation(async (id) => {
    calls.push(`get ${id}`);
    const found = server.get(id);
    if (!found) throw new ApiError(404, JSON.stringify({ message: "Transcription not found" }), "Not Found");
    return { id, ...found } as Transcription;
  });
  vi.mocked(putChunk).mockImplementation(async (id, idx, start) => {
    refuseIfNotReceiving(id);
    calls.push(`chunk ${id}/${idx}`);
    return { idx, start };
  });
  vi.mocked(putMedia).mockImplementation(async (id, audio) => {
    const t = server.get(id);
    if (!t || t.file_size !== null) throw new UploadError("This transcription is no longer accepting audio", 409);
    calls.push(`media ${id}`);
    return { size: audio.size };
  });
  vi.mocked(sealChunks).mockImplementation(async (id) => {
    calls.push(`seal ${id}`);
    return { id, status: "PENDING" } as Transcription;
  });
});

const send = (soFar: Parameters<typeof uploadChunked>[6], r = receipts()) =>
  uploadChunked(
    recording,
    "meeting.mp4",
    null,
    NO_SPEAKER_RECOGNITION,
    new AbortController().signal,
    () => {},
    soFar,
    r,
  );

describe("chunked upload", () => {
  test("a first attempt creates, sends every piece and the recording, seals, and reports each receipt", async () => {
    const r = receipts();
    expect((await send(null, r)).id).toBe("t1");
    expect(calls.slice(0, 1)).toEqual(["create"]);
    expect(calls.slice(1, 4).sort()).toEqual(["chunk t1/0", "chunk t1/1", "chunk t1/2"]);
    expect(calls.slice(4)).toEqual(["media t1", "seal t1"]);
    expect(r.log.slice(0, 1)).toEqual(["created t1"]);
    expect(r.log.slice(1, 4).sort()).toEqual(["chunk 0", "chunk 1", "chunk 2"]);
    expect(r.log.at(-1)).toBe("media");
  });

  test("continuing sends only what the server did not acknowledge, to the same transcription", async () => {
    expect((await send({ transcriptionId: "t9", sentChunks: [0, 2], mediaSent: false })).id).toBe("t9");
    expect(calls).toEqual(["get t9", "chunk t9/1", "media t9", "seal t9"]);
  });

  test("a recording the server stored just before the reload is not sent again", async () => {
    server.set("t9", { status: "PROCESSING", file_size: 5 });
    await send({ transcriptionId: "t9", sentChunks: [0, 1], mediaSent: false });
    expect(calls).toEqual(["get t9", "chunk t9/2", "seal t9"]);
  });

  test("a transcript joined meanwhile needs no piece: only its missing recording, and the seal", async () => {
    server.set("t9", { status: "COMPLETED", file_size: null });
    expect((await send({ transcriptionId: "t9", sentChunks: [0], mediaSent: false })).id).toBe("t9");
    expect(calls).toEqual(["get t9", "media t9", "seal t9"]);
  });

  test("a transcription deleted or failed meanwhile is replaced by a new one, sent whole", async () => {
    for (const [before, status] of [
      ["deleted", null],
      ["failed", "FAILED"],
    ] as const) {
      calls = [];
      server = new Map(status ? [["t9", { status, file_size: null }]] : []);
      const r = receipts();
      const sent = await send({ transcriptionId: "t9", sentChunks: [0], mediaSent: false }, r);
      expect(sent.id, before).toBe(`t${created}`);
      expect(calls.slice(0, 2), before).toEqual(["get t9", "create"]);
      expect(
        calls.filter((c) => c.startsWith("chunk")),
        before,
      ).toHaveLength(3);
      expect(r.log[0], before).toBe(`created t${created}`);
    }
  });

  test("a kept video: the pieces are the compressed audio, the recording for playback is the video itself", async () => {
    vi.clearAllMocks();
    const video = new File(["the whole video"], "meeting.mp4", { type: "video/mp4" });
    const stored: Blob[] = [];
    vi.mocked(putMedia).mockImplementation(async (id, media) => {
      calls.push(`media ${id}`);
      stored.push(media);
      return { size: media.size };
    });
    const progress: Array<[number, number]> = [];
    await uploadChunked(
      recording,
      "meeting.mp4",
      null,
      NO_SPEAKER_RECOGNITION,
      new AbortController().signal,
      (sent, total) => progress.push([sent, total]),
      null,
      receipts(),
      video,
    );
    expect(vi.mocked(createChunked).mock.calls[0]?.[0]).toMatchObject({
      fileName: "meeting.mp4",
      fileType: "video/mp4",
    });
    expect(vi.mocked(putChunk).mock.calls.map((call) => call[3].type)).toEqual(["audio/ogg", "audio/ogg", "audio/ogg"]);
    expect(stored).toEqual([video]);
    const total = video.size + recording.chunks.reduce((sum, c) => sum + c.audio.size, 0);
    expect(progress.at(-1)?.[1]).toBe(total);
  });

  test("without a video to keep, the compressed audio is the recording, typed as such", async () => {
    vi.clearAllMocks();
    await send(null);
    expect(vi.mocked(createChunked).mock.calls[0]?.[0]).toMatchObject({ fileType: "audio/ogg" });
    expect(vi.mocked(putMedia).mock.calls[0]?.[1]).toBe(recording.audio);
  });
});
