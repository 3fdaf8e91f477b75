import type { Transcription } from "@verbatim/shared/transcription";
import { beforeEach, describe, expect, test, vi } from "vitest";
import { NO_SPEAKER_RECOGNITION } from "@/entities/transcription/speaker-choice";
import { UploadError } from "@/lib/xhr";
import { createChunked, putChunk, putMedia, sealChunks } from "../api/upload-api";
import { type ChunkedReceipts, uploadChunked } from "./chunked";

vi.mock("../api/upload-api", () => ({
  createChunked: vi.fn(),
  putChunk: vi.fn(),
  putMedia: vi.fn(),
  sealChunks: vi.fn(),
}));

/** Every request made, in order, e.g. "create", "chunk t1/2", "media t1", "seal t1". */
let calls: string[] = [];
/** Transcriptions the server no longer accepts audio for. */
let gone: Set<string>;
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
const refuseIfGone = (id: string) => {
  if (gone.has(id)) throw new UploadError("This transcription is no longer accepting audio", 409);
};

beforeEach(() => {
  calls = [];
  gone = new Set();
  created = 0;
  vi.mocked(createChunked).mockImplementation(async () => {
    calls.push("create");
    return { id: `t${++created}`, status: "PENDING" } as Transcription;
  });
  vi.mocked(putChunk).mockImplementation(async (id, idx, start) => {
    refuseIfGone(id);
    calls.push(`chunk ${id}/${idx}`);
    return { idx, start };
  });
  vi.mocked(putMedia).mockImplementation(async (id, audio) => {
    refuseIfGone(id);
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
    expect(calls).toEqual(["chunk t9/1", "media t9", "seal t9"]);
    calls = [];
    await send({ transcriptionId: "t9", sentChunks: [0, 1, 2], mediaSent: true });
    expect(calls).toEqual(["seal t9"]);
  });

  test("a transcription that no longer takes audio is replaced by a new one, sent whole", async () => {
    gone.add("t9");
    const r = receipts();
    expect((await send({ transcriptionId: "t9", sentChunks: [0], mediaSent: false }, r)).id).toBe("t1");
    expect(calls[0]).toBe("create");
    expect(calls.filter((c) => c.startsWith("chunk"))).toHaveLength(3);
    expect(r.log[0]).toBe("created t1");
  });
});
