import { env } from "cloudflare:test";
import { traceSchema, transcriptDocSchema, transcriptionSchema } from "@verbatim/shared";
import { wordErrorRate } from "@verbatim/testing/wer";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { testFile, upload, waitUntilDone } from "../../test/transcriptions";

const JFK =
  "And so my fellow Americans, ask not what your country can do for you, ask what you can do for your country.";
const JFK_SECONDS = 11.0;

describe("uploading a recording", () => {
  it.each([
    ["jfk.flac", "audio/flac"],
    ["jfk.mp3", "audio/mpeg"],
    ["jfk_video.mp4", "video/mp4"],
  ])("transcribes %s accurately with timestamps and its real duration", async (name, type) => {
    const { cookie } = await signUp();
    const res = await upload(cookie, await testFile(name), name, type);
    if (res.status !== 201) console.error(await res.clone().text());
    expect(res.status).toBe(201);
    const created = await readJson(res, transcriptionSchema);
    expect(created).toMatchObject({ status: "PENDING", file_name: name, file_type: type });
    expect(await env.MEDIA.head(created.file_path)).not.toBeNull();

    const { t } = await waitUntilDone(cookie, created.id);
    expect(t.status).toBe("COMPLETED");
    expect(t.progress_percentage).toBe(100);
    expect(wordErrorRate(JFK, t.text ?? "")).toBeLessThanOrEqual(0.15);
    for (const line of (t.text ?? "").split("\n")) expect(line).toMatch(/^\[\d{2,}:\d{2}\] \S/);
    expect(Math.abs((t.duration ?? 0) - JFK_SECONDS)).toBeLessThanOrEqual(0.5);

    const segments = await readJson(
      await api(`/api/transcriptions/${created.id}/segments`, { cookie }),
      transcriptDocSchema,
    );
    expect(segments.segments.length).toBeGreaterThan(0);
    expect(segments.segments.flatMap((s) => s.words).length).toBeGreaterThan(15);

    const trace = await readJson(await api(`/api/transcriptions/${created.id}/trace`, { cookie }), traceSchema);
    expect(trace.transcription.status).toBe("COMPLETED");
    expect(trace.hasText).toBe(true);
    expect(trace.textLength).toBe(t.text?.length);
    expect(trace.logs.join("\n")).toMatch(/Transcribed the recording: 11\.\d s of audio/);
  });

  it("serves the recording with range requests for the player", async () => {
    const { cookie } = await signUp();
    const bytes = await testFile("jfk.mp3");
    const { id } = await readJson(await upload(cookie, bytes, "jfk.mp3", "audio/mpeg"), transcriptionSchema);
    const whole = await api(`/api/transcriptions/${id}/media`, { cookie });
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes);
    const part = await api(`/api/transcriptions/${id}/media`, { cookie, headers: { Range: "bytes=100-199" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${bytes.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(100, 200));
    await waitUntilDone(cookie, id);
  });
});
