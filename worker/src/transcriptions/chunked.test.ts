import { env } from "cloudflare:test";
import { apiErrorSchema, transcriptionSchema } from "@verbatim/shared";
import { wordErrorRate } from "@verbatim/testing/wer";
import { describe, expect, inject, it } from "vitest";
import { api, makePro, readJson, signUp } from "../../test/http";
import { testFile, waitUntilDone } from "../../test/transcriptions";
import { chunkKey } from "../store/keys";

const long = inject("longRecording");

/** The engine's own reading of each clip alone: the baseline the chunked pipeline is held to. */
async function clipByClipErrorRate() {
  const hyps: string[] = [];
  for (const clip of long.clips) {
    const form = new FormData();
    form.append("file", new File([await testFile(clip)], clip, { type: "audio/wav" }));
    form.append("model", "whisper-1");
    const res = await fetch(`${inject("asrBaseUrl")}/audio/transcriptions`, { method: "POST", body: form });
    hyps.push(((await res.json()) as { text: string }).text);
  }
  return wordErrorRate(long.clipReferences.join(" "), hyps.join(" "));
}

/** A Free user's transcription that waits for its parts. */
async function newChunked() {
  const { cookie } = await signUp();
  const { id } = await readJson(
    await api("/api/transcriptions/chunked", {
      method: "POST",
      cookie,
      json: { fileName: "a.wav", fileType: "audio/wav" },
    }),
    transcriptionSchema,
  );
  return { cookie, id };
}

describe("a long recording sent as chunks", () => {
  it("is transcribed part by part with rising progress and no loss at the seams", async () => {
    expect(long.duration).toBeGreaterThanOrEqual(300);
    expect(long.chunks.length).toBeGreaterThanOrEqual(3);
    const { user, cookie } = await signUp();
    await makePro(user.id); // over the Free plan's 5 minutes
    const created = await api("/api/transcriptions/chunked", {
      method: "POST",
      cookie,
      json: { fileName: "board-meeting.wav", fileType: "audio/wav", chunks: long.chunks.length },
    });
    expect(created.status).toBe(201);
    const { id } = await readJson(created, transcriptionSchema);

    for (const [idx, chunk] of long.chunks.entries()) {
      const res = await api(`/api/transcriptions/${id}/chunks/${idx}?start=${chunk.start}`, {
        method: "PUT",
        cookie,
        body: await testFile(chunk.name),
        headers: { "Content-Type": "audio/wav" },
      });
      expect(res.status).toBe(201);
    }
    const sealed = await api(`/api/transcriptions/${id}/chunks/seal`, {
      method: "POST",
      cookie,
      json: { chunks: long.chunks.length },
    });
    expect(sealed.status).toBe(200);

    const { t, progress } = await waitUntilDone(cookie, id, 170_000);
    expect(t.status).toBe("COMPLETED");
    // Real progress: one step per finished part, never going back.
    expect(new Set(progress).size).toBeGreaterThanOrEqual(3);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(Math.abs((t.duration ?? 0) - long.duration)).toBeLessThanOrEqual(0.5);

    const lines = (t.text ?? "").split("\n");
    const minutes = lines.map((l) => Number(l.match(/^\[(\d+):/)?.[1]));
    expect(Math.max(...minutes)).toBeGreaterThanOrEqual(4);

    const chunked = wordErrorRate(long.reference, t.text ?? "");
    const baseline = await clipByClipErrorRate();
    console.info(`WER chunked ${(chunked * 100).toFixed(1)} % vs clip by clip ${(baseline * 100).toFixed(1)} %`);
    expect(chunked).toBeLessThanOrEqual(baseline + 0.02);
  });

  it("refuses to seal while chunks are missing", async () => {
    const { cookie, id } = await newChunked();
    const res = await api(`/api/transcriptions/${id}/chunks/seal`, { method: "POST", cookie, json: { chunks: 2 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Missing chunks: 0, 1" });
  });

  it("refuses a part that starts past the Free plan's 5 minutes with 402, storing nothing (issue 32, finding 5)", async () => {
    const { cookie, id } = await newChunked();
    const audio = await testFile("jfk.flac");
    const put = (idx: number, start: number) =>
      api(`/api/transcriptions/${id}/chunks/${idx}?start=${start}`, {
        method: "PUT",
        cookie,
        headers: { "Content-Type": "audio/flac" },
        body: audio,
      });
    const res = await put(999999, 99999);
    expect(res.status).toBe(402);
    expect((await readJson(res, apiErrorSchema)).message).toMatch(/Free plan transcribes up to 5 minutes/);
    // The recording failed, so no other part is taken either.
    expect((await put(1, 300)).status).toBe(409);
    // Nothing was stored, and the recording failed with the reason, as when a transcribed part reveals its length.
    const t = await readJson(await api(`/api/transcriptions/${id}`, { cookie }), transcriptionSchema);
    expect(t.status).toBe("FAILED");
    expect(t.error_message).toMatch(/Free plan transcribes up to 5 minutes/);
    for (const idx of [1, 999999]) expect(await env.MEDIA.head(chunkKey(t.user_id, id, idx))).toBeNull();
  });
});
