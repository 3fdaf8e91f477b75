import { env } from "cloudflare:test";
import { FILE_EMPTY, FILE_TOO_LARGE, FILE_UNSUPPORTED, transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { testFile, upload } from "../../test/transcriptions";
import { NOT_MEDIA } from "./create";

async function nothingStored(cookie: string, userId: string) {
  const list = await readJson(await api("/api/transcriptions", { cookie }), transcriptionSchema.array());
  expect(list).toEqual([]);
  expect((await env.MEDIA.list({ prefix: `users/${userId}/` })).objects).toEqual([]);
}

/** A multipart body whose file part is `size` zero bytes, generated on the fly and never held in memory. */
function hugeUpload(cookie: string, size: number) {
  const boundary = "----verbatimtest";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="long.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent === 0) c.enqueue(head);
      const n = Math.min(1 << 20, size - sent);
      if (n > 0) {
        c.enqueue(new Uint8Array(n));
        sent += n;
      } else {
        c.enqueue(tail);
        c.close();
      }
    },
  });
  return api("/api/transcriptions/upload", {
    method: "POST",
    cookie,
    body,
    headers: {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "Content-Length": String(head.length + size + tail.length),
    },
    // @ts-expect-error: workerd needs duplex for a streamed request body
    duplex: "half",
  });
}

describe("uploads that must be refused", () => {
  it("refuses an empty file with 400", async () => {
    const { cookie, user } = await signUp();
    const res = await upload(cookie, new Uint8Array(), "empty.mp3", "audio/mpeg");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: FILE_EMPTY });
    await nothingStored(cookie, user.id);
  });

  it("refuses a file over 500 MB with 413 without reading it", async () => {
    const { cookie, user } = await signUp();
    const res = await hugeUpload(cookie, 501 * 1024 * 1024);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: FILE_TOO_LARGE });
    await nothingStored(cookie, user.id);
  });

  it("refuses a file whose length is not its declared size with 400, storing nothing; the right size is stored", async () => {
    const { cookie, user } = await signUp();
    const audio = await testFile("jfk.flac");
    const declaring = (size: string) => {
      const form = new FormData();
      form.append("size", size);
      form.append("file", new File([audio], "jfk.flac", { type: "audio/flac" }));
      return api("/api/transcriptions/upload", { method: "POST", body: form, cookie });
    };
    for (const wrong of [audio.length + 1, audio.length - 1]) {
      const res = await declaring(String(wrong));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        message: `The file's length does not match its declared size of ${wrong} bytes`,
      });
      await nothingStored(cookie, user.id);
    }
    const bad = await declaring("about 300 KB");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "size must be the file's length in bytes" });

    const ok = await declaring(String(audio.length));
    expect(ok.status).toBe(201);
    const { objects } = await env.MEDIA.list({ prefix: `users/${user.id}/` });
    expect(objects.map((o) => o.size)).toEqual([audio.length]);
  });

  it("refuses a declared size over 500 MB with 413 before the file is read", async () => {
    const { cookie, user } = await signUp();
    const form = new FormData();
    form.append("size", String(501 * 1024 * 1024));
    form.append("file", new File([await testFile("jfk.flac")], "jfk.flac", { type: "audio/flac" }));
    const res = await api("/api/transcriptions/upload", { method: "POST", body: form, cookie });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: FILE_TOO_LARGE });
    await nothingStored(cookie, user.id);
  });

  it("refuses a type outside the list with 415 and the spec's message", async () => {
    const { cookie, user } = await signUp();
    const res = await upload(cookie, "just some notes", "notes.txt", "text/plain");
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: FILE_UNSUPPORTED });
    await nothingStored(cookie, user.id);
  });

  it("refuses a text file renamed .mp3 by its content", async () => {
    const { cookie, user } = await signUp();
    const res = await upload(cookie, "Meeting notes: nothing to hear here.\n".repeat(50), "notes.mp3", "audio/mpeg");
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ message: NOT_MEDIA });
    await nothingStored(cookie, user.id);
  });

  it("asks for a file when the form has none", async () => {
    const { cookie } = await signUp();
    const form = new FormData();
    form.append("name", "no file");
    const res = await api("/api/transcriptions/upload", { method: "POST", body: form, cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Please select a file to upload." });
  });

  it("requires a session", async () => {
    const res = await upload("", "x", "a.mp3", "audio/mpeg");
    expect(res.status).toBe(401);
  });
});
