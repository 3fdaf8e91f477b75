import { apiErrorSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { upload } from "../../test/transcriptions";

const UPLOAD = "/api/transcriptions/upload";
const BOUNDARY = "----verbatimtest";

/** A body that sends `head`, then `size` more bytes in 1 MiB pieces, then fails if `breakAt` is reached. */
function streamed(head: Uint8Array, size: number, breakAt = Number.POSITIVE_INFINITY) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent === 0) c.enqueue(head);
      if (sent >= breakAt) return c.error(new Error("client went away"));
      const n = Math.min(1 << 20, size - sent);
      if (n <= 0) return c.close();
      c.enqueue(new Uint8Array(n));
      sent += n;
    },
  });
}

const filePartHead = (name: string, type: string, first = "") =>
  new TextEncoder().encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n${first}`,
  );

/** `unread`: refused before the body was read to its end (a body read whole, or cut off, leaves nothing). */
type Refusal = { name: string; status: number; unread: boolean; send: (cookie: string) => Promise<Response> };

const refusals: Refusal[] = [
  {
    name: "a text file renamed .mp3 (415 by content)",
    unread: true,
    status: 415,
    send: (cookie) => upload(cookie, "Just notes.\n".repeat(200_000), "notes.mp3", "audio/mpeg"),
  },
  {
    name: "a declared size over the limit (413, unread)",
    unread: true,
    status: 413,
    send: (cookie) =>
      api(UPLOAD, {
        method: "POST",
        cookie,
        body: streamed(filePartHead("big.mp3", "audio/mpeg", "ID3"), 4 << 20),
        headers: {
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length": String(600 * 2 ** 20),
        },
        // @ts-expect-error: workerd needs duplex for a streamed request body
        duplex: "half",
      }),
  },
  {
    name: "a declared size over the limit whose body never comes (413 at once)",
    unread: true,
    status: 413,
    send: (cookie) =>
      Promise.race([
        api(UPLOAD, {
          method: "POST",
          cookie,
          // The form's head, then nothing: a client that waits for its answer before sending the rest.
          body: new ReadableStream<Uint8Array>({
            start: (c) => c.enqueue(filePartHead("big.mp3", "audio/mpeg", "ID3")),
            pull: () => new Promise(() => {}),
          }),
          headers: {
            "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
            "Content-Length": String(600 * 2 ** 20),
          },
          // @ts-expect-error: workerd needs duplex for a streamed request body
          duplex: "half",
        }),
        new Promise<Response>((_, reject) => setTimeout(() => reject(new Error("no answer within 3 s")), 3000)),
      ]),
  },
  {
    name: "an empty file (400)",
    unread: true,
    status: 400,
    send: (cookie) => upload(cookie, new Uint8Array(), "empty.mp3", "audio/mpeg"),
  },
  {
    name: "a body that is no multipart form (400)",
    unread: false,
    status: 400,
    send: (cookie) =>
      api(UPLOAD, {
        method: "POST",
        cookie,
        body: new Uint8Array(2 << 20),
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      }),
  },
  {
    name: "a client that goes away mid-upload (400)",
    unread: false,
    status: 400,
    send: (cookie) =>
      api(UPLOAD, {
        method: "POST",
        cookie,
        body: streamed(filePartHead("cut.mp3", "audio/mpeg", "ID3"), 20 << 20, 3 << 20),
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
        // @ts-expect-error: workerd needs duplex for a streamed request body
        duplex: "half",
      }),
  },
  {
    name: "a JSON body over 1 MB (413)",
    unread: true,
    status: 413,
    send: (cookie) => api("/api/user/profile", { method: "PUT", cookie, json: { name: "x".repeat(1_200_000) } }),
  },
];

describe("a request refused before its body was read", () => {
  for (const refusal of refusals) {
    it(`${refusal.name} is answered at once and the next 10 requests are quick`, async () => {
      const { cookie } = await signUp();
      const res = await refusal.send(cookie);
      expect(res.status).toBe(refusal.status);
      expect((await readJson(res, apiErrorSchema)).message).toBeTruthy();
      // The unread rest of a body must not be left on a connection that a proxy would reuse.
      expect(res.headers.get("Connection")).toBe(refusal.unread ? "close" : null);
      for (let i = 0; i < 10; i++) {
        const started = Date.now();
        const next = await api("/api/user", { cookie });
        expect(next.status).toBe(200);
        expect(Date.now() - started).toBeLessThan(2000);
      }
    });
  }

  it("keeps the connection of a request whose body was read, refused or not", async () => {
    const { user } = await signUp();
    const wrong = await api("/api/login", {
      method: "POST",
      json: { username: user.username, password: "not it at all" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("Connection")).toBeNull();
  });
});
