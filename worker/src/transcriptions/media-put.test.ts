import { transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { testFile, upload, waitUntilDone } from "../../test/transcriptions";

const PAGE = "<html><script>alert(document.cookie)</script></html>".padEnd(200, " ");
const putMedia = (cookie: string, id: string, body: BodyInit, type: string) =>
  api(`/api/transcriptions/${id}/media`, { method: "PUT", cookie, body, headers: { "Content-Type": type } });

/** A signed-up user's chunked transcription of one piece, waiting for its audio. */
async function newChunkedUpload() {
  const { cookie } = await signUp();
  const created = await api("/api/transcriptions/chunked", {
    method: "POST",
    cookie,
    json: { fileName: "talk.flac", fileType: "audio/flac", chunks: 1 },
  });
  return { cookie, id: (await readJson(created, transcriptionSchema)).id };
}

describe("the recording's PUT (finding 3)", () => {
  it("is refused on a finished transcription, whose recording stays the audio it was", async () => {
    const { cookie } = await signUp();
    const { id } = await readJson(
      await upload(cookie, await testFile("jfk.flac"), "jfk.flac", "audio/flac"),
      transcriptionSchema,
    );
    expect((await waitUntilDone(cookie, id)).t.status).toBe("COMPLETED");
    const put = await putMedia(cookie, id, PAGE, "text/html");
    expect(put.status).toBe(409);
    const media = await api(`/api/transcriptions/${id}/media`, { cookie });
    expect(media.headers.get("Content-Type")).toBe("audio/flac");
    expect(new Uint8Array(await media.arrayBuffer()).slice(0, 4)).toEqual(new TextEncoder().encode("fLaC"));
  });

  it("takes only audio or video for a chunked upload in progress, served with the type its bytes have", async () => {
    const { cookie, id } = await newChunkedUpload();
    const page = await putMedia(cookie, id, PAGE, "text/html");
    expect(page.status).toBe(415);
    // Real audio, declared as HTML: stored, and served as what it is.
    expect((await putMedia(cookie, id, await testFile("jfk.flac"), "text/html")).status).toBe(201);
    const media = await api(`/api/transcriptions/${id}/media`, { cookie });
    expect(media.status).toBe(200);
    expect(media.headers.get("Content-Type")).toBe("audio/flac");
    expect(media.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(media.headers.get("Content-Security-Policy")).toContain("sandbox");
    await media.body?.cancel();
  });

  it("is taken once by a chunked upload whose pieces were all transcribed before its recording arrived", async () => {
    const { cookie, id } = await newChunkedUpload();
    const chunk = await api(`/api/transcriptions/${id}/chunks/0?start=0`, {
      method: "PUT",
      cookie,
      body: await testFile("jfk.flac"),
      headers: { "Content-Type": "audio/flac" },
    });
    expect(chunk.status).toBe(201);
    // Every announced piece is in: the transcript is joined without waiting for the recording or the seal.
    expect((await waitUntilDone(cookie, id)).t.status).toBe("COMPLETED");

    expect((await putMedia(cookie, id, await testFile("jfk.flac"), "audio/flac")).status).toBe(201);
    const media = await api(`/api/transcriptions/${id}/media`, { cookie });
    expect(media.status).toBe(200);
    await media.body?.cancel();
    // Stored once, it stays: a finished transcription with its recording takes no other.
    expect((await putMedia(cookie, id, await testFile("jfk.flac"), "audio/flac")).status).toBe(409);

    // The late seal changes nothing.
    const seal = await api(`/api/transcriptions/${id}/chunks/seal`, { method: "POST", cookie, json: { chunks: 1 } });
    expect(seal.status).toBe(200);
    const sealed = await readJson(seal, transcriptionSchema);
    expect(sealed.status).toBe("COMPLETED");
    expect(sealed.file_size).toBeGreaterThan(0);
  });
});
