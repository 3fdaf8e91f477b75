// Against `wrangler dev`, the server self-hosters run: a request the API refuses before reading its body must
// be answered at once and leave the server ready. Each request opens its own connection, as separate tabs and
// clients do; the stall this guards against sat between wrangler's proxy and workerd, not in the client.
import { request } from "node:http";
import { transcriptionSchema } from "@verbatim/shared/transcription";
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_URL } from "./support/env";
import { openMultipartUploads } from "./support/r2-state";

interface Sent {
  status: number;
  ms: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** One request on a fresh connection. `body` may be a generator (sent as it yields); `cutAfter` drops the connection. */
function send(
  method: string,
  path: string,
  opts: {
    headers?: Record<string, string>;
    body?: Buffer | (() => Iterable<Buffer>);
    cutAfter?: number;
    timeoutMs?: number;
  } = {},
): Promise<Sent> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(`${BASE_URL}${path}`, { method, headers: opts.headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, ms: Date.now() - started, body, headers: res.headers }),
      );
    });
    req.setTimeout(opts.timeoutMs ?? 5000, () =>
      req.destroy(new Error(`${method} ${path}: no answer in ${opts.timeoutMs ?? 5000} ms`)),
    );
    req.on("error", (err) =>
      opts.cutAfter !== undefined
        ? resolve({ status: 0, ms: Date.now() - started, body: "", headers: {} })
        : reject(err),
    );
    if (typeof opts.body === "function") {
      let sent = 0;
      const pieces = opts.body()[Symbol.iterator]();
      const pump = () => {
        for (;;) {
          if (opts.cutAfter !== undefined && sent >= opts.cutAfter) return req.destroy();
          const next = pieces.next();
          if (next.done) return req.end();
          sent += next.value.length;
          if (!req.write(next.value)) return req.once("drain", pump);
        }
      };
      pump();
    } else req.end(opts.body);
  });
}

const BOUNDARY = "----verbatim-refusals";
const multipart = { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` };
const filePart = (name: string, type: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
const closing = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** An ID3-tagged "MP3" of `size` zero bytes, yielded 1 MiB at a time and never held whole. */
function* fakeMp3(size: number) {
  yield Buffer.concat([filePart("long.mp3", "audio/mpeg"), Buffer.from("ID3")]);
  const piece = Buffer.alloc(1 << 20);
  for (let sent = 0; sent < size; sent += piece.length) yield piece;
  yield closing;
}

let cookie = "";
beforeAll(async () => {
  const id = `refusals_${Date.now().toString(36)}`;
  const res = await send("POST", "/api/register", {
    headers: { "Content-Type": "application/json" },
    body: Buffer.from(JSON.stringify({ username: id, email: `${id}@example.com`, password: "correct-horse-1" })),
  });
  expect(res.status).toBe(201);
  cookie = String(res.headers["set-cookie"]).split(";")[0] ?? "";
});

/**
 * Ten ordinary requests after the refusal: every one answers, each within 5 s. The stall this guards against
 * held the next request for 60 s; 5 s leaves room for a busy machine without hiding it.
 */
async function serverStaysReady() {
  for (let i = 0; i < 10; i++) {
    const res = await send("GET", "/api/user", { headers: { Cookie: cookie }, timeoutMs: 5000 });
    expect(res.status).toBe(200);
    expect(res.ms).toBeLessThan(5000);
  }
}

const upload = (body: Buffer | (() => Iterable<Buffer>), extra: Record<string, string> = {}, cutAfter?: number) =>
  send("POST", "/api/transcriptions/upload", {
    headers: { Cookie: cookie, ...multipart, ...extra },
    body,
    cutAfter,
    timeoutMs: 60_000,
  });

describe("refused early by wrangler dev, and the next requests are quick", () => {
  it("a text file renamed .mp3: 415", async () => {
    const notes = Buffer.from("Meeting notes, nothing to hear.\n".repeat(20_000));
    const res = await upload(Buffer.concat([filePart("notes.mp3", "audio/mpeg"), notes, closing]));
    expect(res.status).toBe(415);
    expect(JSON.parse(res.body).message).toBe("This file is not an audio or video recording we can read");
    await serverStaysReady();
  });

  it("a declared size over 500 MB: 413", async () => {
    const res = await upload(() => fakeMp3(8 << 20), { "Content-Length": String(600 << 20) }, 8 << 20);
    expect([413, 0]).toContain(res.status);
    await serverStaysReady();
  });

  it("a declared size over 500 MB whose body never comes: 413 without waiting for it", async () => {
    // The client sends the form's head and waits for an answer before the rest: nothing may wait for the rest
    // (wrangler dev drains every unread body unless the Worker cancels it).
    const res = await send("POST", "/api/transcriptions/upload", {
      headers: { Cookie: cookie, ...multipart, "Content-Length": String(600 << 20) },
      body: Buffer.concat([filePart("big.mp3", "audio/mpeg"), Buffer.from("ID3")]),
      timeoutMs: 10_000,
    });
    expect(res.status).toBe(413);
    await serverStaysReady();
  });

  it("a form field refused before a 40 MB file: 400 with its message", async () => {
    // The leftover body is read before answering: cut short, wrangler dev answered 503 "Your worker restarted".
    const field = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="language"\r\n\r\nklingon\r\n`);
    const size = field.length + filePart("long.mp3", "audio/mpeg").length + 3 + (40 << 20) + closing.length;
    const res = await upload(
      function* () {
        yield field;
        yield* fakeMp3(40 << 20);
      },
      { "Content-Length": String(size) },
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toBe("Language must be a language code such as en, de or fr");
    await serverStaysReady();
  });

  it("an empty file: 400", async () => {
    const res = await upload(Buffer.concat([filePart("empty.mp3", "audio/mpeg"), closing]));
    expect(res.status).toBe(400);
    await serverStaysReady();
  });

  it("a malformed form: 400", async () => {
    const res = await upload(Buffer.alloc(300_000, 65));
    expect(res.status).toBe(400);
    await serverStaysReady();
  });

  it("a client that goes away mid-upload", async () => {
    await upload(() => fakeMp3(40 << 20), {}, 4 << 20);
    await serverStaysReady();
  });

  it("a JSON body over 1 MB: 413", async () => {
    const res = await send("PUT", "/api/user/preferences", {
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: Buffer.from(JSON.stringify({ language: "x".repeat(1_200_000) })),
    });
    expect(res.status).toBe(413);
    await serverStaysReady();
  });

  it("a chunk over 100 MB refused midway leaves no R2 multipart upload open", async () => {
    const created = await send("POST", "/api/transcriptions/chunked", {
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: Buffer.from(JSON.stringify({ fileName: "long.mp3", fileType: "audio/mpeg", chunks: 1 })),
    });
    expect(created.status).toBe(201);
    const { id } = transcriptionSchema.parse(JSON.parse(created.body));
    const before = openMultipartUploads();
    function* chunk() {
      yield Buffer.from("ID3");
      const piece = Buffer.alloc(1 << 20);
      for (let i = 0; i < 110; i++) yield piece;
    }
    const res = await send("PUT", `/api/transcriptions/${id}/chunks/0?start=0`, {
      headers: { Cookie: cookie, "Content-Type": "audio/mpeg", "Transfer-Encoding": "chunked" },
      body: chunk,
      timeoutMs: 120_000,
    }).catch(() => null);
    // The server closes a refused connection while the client may still be sending: a reset is an answer too.
    if (res) expect([413, 0]).toContain(res.status);
    expect(openMultipartUploads()).toBe(before);
    await serverStaysReady();
  });
});
