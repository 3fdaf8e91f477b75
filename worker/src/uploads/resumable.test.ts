import { resumableUploadSchema, transcriptionSchema } from "@verbatim/shared";
import { says } from "@verbatim/testing/stable-words";
import { describe, expect, it } from "vitest";
import { api, makePro, readJson, signUp } from "../../test/http";
import { testFile, waitUntilDone } from "../../test/transcriptions";

const sha256 = async (data: ArrayBuffer | Uint8Array) =>
  Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", data)), (b) => b.toString(16).padStart(2, "0")).join(
    "",
  );

describe("resumable uploads of large recordings", () => {
  it("accepts parts in any order, lists them for resuming, and completes into a transcription", async () => {
    const { user, cookie } = await signUp();
    await makePro(user.id); // over the Free plan's 5 minutes
    // Five minutes of 16 kHz WAV: over one 8 MiB part, so it travels as two.
    const bytes = await testFile("long.wav");
    const created = await api("/api/uploads", {
      method: "POST",
      cookie,
      json: { fileName: "all-hands.wav", fileType: "audio/wav", size: bytes.length },
    });
    expect(created.status).toBe(201);
    const state = await readJson(created, resumableUploadSchema);
    expect(state.partCount).toBe(2);
    const part = (n: number) => bytes.slice((n - 1) * state.partSize, n * state.partSize);
    const put = (n: number, body: Uint8Array) =>
      api(`/api/uploads/${state.id}/parts/${n}`, { method: "PUT", cookie, body });

    expect((await put(2, part(2))).status).toBe(200);
    // The connection drops; the client asks what the server already has and sends only the rest.
    const resumed = await readJson(await api(`/api/uploads/${state.id}`, { cookie }), resumableUploadSchema);
    expect(resumed.parts.map((p) => p.partNumber)).toEqual([2]);
    const early = await api(`/api/uploads/${state.id}/complete`, { method: "POST", cookie });
    expect(early.status).toBe(400);
    expect(await early.json()).toEqual({ message: "Missing parts: 1" });
    expect((await put(1, part(1).slice(0, 1000))).status).toBe(400); // a truncated part is refused
    expect((await put(1, part(1))).status).toBe(200);
    expect((await put(1, part(1))).status).toBe(200); // a retried part replaces itself

    const done = await api(`/api/uploads/${state.id}/complete`, { method: "POST", cookie });
    expect(done.status).toBe(201);
    const t = await readJson(done, transcriptionSchema);
    expect(t).toMatchObject({ id: state.id, file_name: "all-hands.wav", file_size: bytes.length });
    const media = await api(`/api/transcriptions/${t.id}/media`, { cookie });
    expect(await sha256(await media.arrayBuffer())).toBe(await sha256(bytes));
    const final = await waitUntilDone(cookie, t.id, 170_000);
    expect(final.t.status).toBe("COMPLETED");
    expect(says(final.t.text), final.t.text ?? "").toBe(true);
    expect((await api(`/api/uploads/${state.id}`, { cookie })).status).toBe(409);
  });

  it("refuses a part whose sender went away halfway, keeps nothing of it, and takes it again", async () => {
    const { cookie } = await signUp();
    const bytes = await testFile("long.wav");
    const created = await api("/api/uploads", {
      method: "POST",
      cookie,
      json: { fileName: "all-hands.wav", fileType: "audio/wav", size: bytes.length },
    });
    const state = await readJson(created, resumableUploadSchema);
    const part2 = bytes.slice(state.partSize);
    // The declared length is right, but the connection breaks after the first megabyte.
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(part2.slice(0, 1024 * 1024));
        controller.error(new Error("connection reset"));
      },
    });
    const cut = await api(`/api/uploads/${state.id}/parts/2`, {
      method: "PUT",
      cookie,
      body: broken,
      headers: { "Content-Length": String(part2.length) },
      duplex: "half",
    } as RequestInit);
    expect(cut.status).toBe(400);
    expect(await cut.json()).toEqual({ message: "Part 2 was cut off before it arrived whole; send it again" });
    const held = await readJson(await api(`/api/uploads/${state.id}`, { cookie }), resumableUploadSchema);
    expect(held.parts).toEqual([]);
    expect((await api(`/api/uploads/${state.id}/parts/2`, { method: "PUT", cookie, body: part2 })).status).toBe(200);
  });

  it("refuses unsupported types, and aborts on request", async () => {
    const { cookie } = await signUp();
    const bad = await api("/api/uploads", {
      method: "POST",
      cookie,
      json: { fileName: "slides.pdf", fileType: "application/pdf", size: 10 },
    });
    expect(bad.status).toBe(415);
    const big = await api("/api/uploads", {
      method: "POST",
      cookie,
      json: { fileName: "a.mp4", fileType: "video/mp4", size: 6 * 1024 ** 3 },
    });
    expect(big.status).toBe(400);
    const { id } = await readJson(
      await api("/api/uploads", {
        method: "POST",
        cookie,
        json: { fileName: "a.mp4", fileType: "video/mp4", size: 10 },
      }),
      resumableUploadSchema,
    );
    expect((await api(`/api/uploads/${id}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await api(`/api/uploads/${id}/parts/1`, { method: "PUT", cookie, body: new Uint8Array(10) })).status).toBe(
      409,
    );
  });
});
