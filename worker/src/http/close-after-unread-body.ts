import { MAX_UPLOAD_BYTES } from "@verbatim/shared/upload";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../env";

/**
 * What a refused request's leftover body may cost us to read before we answer anyway: the largest body any
 * route accepts (a 500 MB single upload and its form). Below that the client is sending the body regardless,
 * and a body cut short made `wrangler dev` answer a refused 40 MB upload with 503 "Your worker restarted
 * mid-request" instead of its 400 and message. A body declared larger is refused by its declared length
 * without reading any of it.
 */
const DRAIN_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

/**
 * A request refused before its body was read to the end (an upload sniffed as text, a JSON body over 1 MB, a
 * declared size over the limit, …) leaves the rest of that body on the connection. Under `wrangler dev` the
 * proxy in front of workerd then wedged, and the *next* request hung for 60 s. A Worker cannot read the body
 * after it has responded, so, as HTTP/1.1 servers do (RFC 9112 §9.6), the leftover is read and discarded
 * before the answer goes out, up to DRAIN_BYTES (on loopback about a second per 100 MB), and the answer closes
 * its connection so nothing half-read is ever reused.
 */
export const closeAfterUnreadBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  // A GET or HEAD may not be rebuilt with a body (new Request throws), and no such route reads one: a body a
  // client sent anyway is drained after the answer.
  if (c.req.method === "GET" || c.req.method === "HEAD") {
    await next();
    c.res.headers.set("Connection", "close");
    if (!body.locked) await drain(body.getReader(), DRAIN_BYTES);
    return;
  }
  // A body declared past what any route accepts is answered without waiting for it: a client may send nothing
  // more until it has its answer. Its body is cancelled, since wrangler dev otherwise drains an unread body
  // after the Worker returns, and the answer would wait for it all the same.
  if (Number(c.req.header("Content-Length")) > DRAIN_BYTES) {
    await next();
    c.res.headers.set("Connection", "close");
    if (!body.locked) await body.cancel().catch(() => {});
    return;
  }
  const source = body.getReader();
  let ended = false;
  const watched = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const chunk = await source.read();
        if (chunk.done) {
          ended = true;
          controller.close();
        } else controller.enqueue(chunk.value);
      },
      // A handler that gives up on the body must not cancel it: the rest is drained below.
      cancel() {},
    },
    { highWaterMark: 0 },
  );
  c.req.raw = new Request(c.req.raw, { body: watched });
  await next();
  if (ended) return;
  c.res.headers.set("Connection", "close");
  await drain(source, DRAIN_BYTES);
};

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, maxBytes: number) {
  try {
    for (let read = 0; read < maxBytes; ) {
      const chunk = await reader.read();
      if (chunk.done) return;
      read += chunk.value.length;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing is left to read.
  }
}
