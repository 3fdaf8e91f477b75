import { resumableUploadSchema, transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { created, testFile, waitUntilDone } from "../../test/transcriptions";

// Speaker recognition is asked for on every way in and stored on the transcription; bad choices are refused
// with the reason before anything is stored.

async function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append("file", new File([await testFile("jfk.flac")], "jfk.flac", { type: "audio/flac" }));
  return f;
}
const list = async (cookie: string) => (await (await api("/api/transcriptions", { cookie })).json()) as unknown[];

describe("speaker recognition options", () => {
  it("the upload form: refuses a bad count or a count without diarize, stores a good choice", async () => {
    const { cookie } = await signUp();
    const upload = async (fields: Record<string, string>) =>
      api("/api/transcriptions/upload", { method: "POST", body: await form(fields), cookie });
    const zero = await upload({ diarize: "true", num_speakers: "0" });
    expect([zero.status, await zero.json()]).toEqual([
      400,
      { message: "Number of speakers must be a whole number from 1 to 20" },
    ]);
    const alone = await upload({ num_speakers: "2" });
    expect([alone.status, await alone.json()]).toEqual([
      400,
      { message: "Number of speakers applies only with speaker recognition on (diarize=true)" },
    ]);
    const maybe = await upload({ diarize: "maybe" });
    expect(maybe.status).toBe(400);
    expect(await list(cookie)).toEqual([]);

    const t = await created(upload({ diarize: "true", num_speakers: "1" }));
    expect([t.diarize, t.num_speakers]).toEqual([true, 1]);
    const plain = await created(upload({}));
    expect([plain.diarize, plain.num_speakers]).toEqual([false, null]);
    await waitUntilDone(cookie, t.id, 120_000);
    await waitUntilDone(cookie, plain.id, 120_000);
  });

  it("chunked create and resumable completion take them as JSON", async () => {
    const { cookie } = await signUp();
    const bad = await api("/api/transcriptions/chunked", {
      method: "POST",
      cookie,
      json: { fileName: "a.wav", fileType: "audio/wav", num_speakers: 3 },
    });
    expect(bad.status).toBe(400);
    const chunked = await readJson(
      await api("/api/transcriptions/chunked", {
        method: "POST",
        cookie,
        json: { fileName: "a.wav", fileType: "audio/wav", diarize: true, num_speakers: 3 },
      }),
      transcriptionSchema,
    );
    expect([chunked.diarize, chunked.num_speakers]).toEqual([true, 3]);
    await api(`/api/transcriptions/${chunked.id}`, { method: "DELETE", cookie });

    const bytes = await testFile("jfk.flac");
    const state = await readJson(
      await api("/api/uploads", {
        method: "POST",
        cookie,
        json: { fileName: "jfk.flac", fileType: "audio/flac", size: bytes.length },
      }),
      resumableUploadSchema,
    );
    expect((await api(`/api/uploads/${state.id}/parts/1`, { method: "PUT", cookie, body: bytes })).status).toBe(200);
    const malformed = await api(`/api/uploads/${state.id}/complete`, { method: "POST", cookie, json: { diarize: 1 } });
    expect(malformed.status).toBe(400);
    const done = await api(`/api/uploads/${state.id}/complete`, {
      method: "POST",
      cookie,
      json: { diarize: true, num_speakers: 1 },
    });
    const t = await readJson(done, transcriptionSchema);
    expect([done.status, t.diarize, t.num_speakers]).toEqual([201, true, 1]);
    await waitUntilDone(cookie, t.id, 120_000);
  });

  it("reprocess turns speaker recognition on for an existing recording, and off again", async () => {
    const { cookie } = await signUp();
    const t = await created(api("/api/transcriptions/upload", { method: "POST", body: await form({}), cookie }));
    await waitUntilDone(cookie, t.id, 120_000);
    const reprocess = (json: unknown) => api(`/api/transcriptions/${t.id}/reprocess`, { method: "POST", cookie, json });

    const refused = await reprocess({ num_speakers: 2 });
    expect(refused.status).toBe(400);
    const on = await readJson(await reprocess({ diarize: true, num_speakers: 1 }), transcriptionSchema);
    expect([on.status, on.diarize, on.num_speakers]).toEqual(["REPROCESSING", true, 1]);
    const { t: done } = await waitUntilDone(cookie, t.id, 120_000);
    expect(done.status).toBe("COMPLETED");
    const doc = (await (await api(`/api/transcriptions/${t.id}/segments`, { cookie })).json()) as {
      speakers?: unknown[];
      diarization?: unknown;
    };
    expect(doc.speakers).toEqual([{ id: "SPEAKER_00", name: null }]);
    expect(done.text).toMatch(/^\[00:00\] Speaker 1: /);

    const off = await readJson(await reprocess({ diarize: false }), transcriptionSchema);
    expect([off.diarize, off.num_speakers]).toEqual([false, null]);
    await waitUntilDone(cookie, t.id, 120_000);
  });
});
