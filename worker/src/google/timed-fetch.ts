// A fetch that gives up on a silent server: the answer must start within `ms`, and once it has, its body may
// not go `ms` without a byte while it is being read. A deadline for the whole body would cut off a large
// download that is merely slow, or one whose reader is busy storing what it already has.

const silence = () => new DOMException("Google did not answer in time", "TimeoutError");

export const isTimeout = (err: unknown) => err instanceof DOMException && err.name === "TimeoutError";

/** `fetch`, failing with a TimeoutError when the server is silent for `ms` (see above). */
export async function timedFetch(url: string, init: RequestInit, ms: number): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(silence()), ms);
  let res: Response;
  try {
    res = await fetch(url, { ...init, signal: controller.signal });
  } finally {
    clearTimeout(timer);
  }
  if (!res.body) return res;
  const body = idleLimited(res.body, ms);
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

/** `body`, failing with a TimeoutError when a read waits `ms` for its next bytes (the source is then closed). */
function idleLimited(body: ReadableStream<Uint8Array>, ms: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(silence()), ms);
      });
      try {
        const next = await Promise.race([reader.read(), idle]);
        if (next.done) controller.close();
        else controller.enqueue(next.value);
      } catch (err) {
        reader.cancel(err).catch(() => {});
        throw err;
      } finally {
        clearTimeout(timer);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** `work`, failing with a TimeoutError after `ms`: for clients that take no signal (arctic's token calls). */
export function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(silence()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
