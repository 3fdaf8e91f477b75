import { ApiError } from "./errors";

// A streaming multipart/form-data reader. Libraries at hand buffer each part whole; a 500 MB recording must
// flow to R2 without ever being held in memory, so the file part is handed on as a stream.

const enc = new TextEncoder();
const dec = new TextDecoder();
const MAX_HEADER_BYTES = 16 * 1024;
const MAX_FIELD_BYTES = 64 * 1024;
/** The client went away mid-upload (cancelled, network drop): its fault, not a server error. */
const INTERRUPTED = "The upload was interrupted before the file was complete";

function indexOf(haystack: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0];
  outer: for (
    let i = haystack.indexOf(first as number, from);
    i !== -1 && i <= haystack.length - needle.length;
    i = haystack.indexOf(first as number, i + 1)
  ) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function concat(a: Uint8Array, b: Uint8Array) {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** Refuses a request that can't be a multipart form with a body before any of it is read; its boundary. */
function assertMultipartForm(request: Request): string {
  const boundary = boundaryOf(request.headers.get("Content-Type") ?? undefined);
  if (!request.body) throw new ApiError(400, "File cannot be empty");
  return boundary;
}

function boundaryOf(contentType: string | undefined) {
  const match = contentType?.match(/^multipart\/form-data;.*boundary=(?:"([^"]+)"|([^;]+))/i);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new ApiError(400, "Expected a multipart/form-data upload with a file field");
  return boundary.trim();
}

function parsePartHeaders(raw: string) {
  const headers = new Map<string, string>();
  for (const line of raw.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get("content-disposition") ?? "";
  const param = (key: string) => {
    const star = disposition.match(new RegExp(`${key}\\*=(?:UTF-8|utf-8)''([^;]+)`));
    if (star?.[1]) return decodeURIComponent(star[1]);
    return disposition.match(new RegExp(`(?:^|;)\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`))?.[1]?.replace(/\\(.)/g, "$1");
  };
  // Browsers escape a double quote in a file name as %22 (WHATWG multipart/form-data encoding).
  const fileName = param("filename")?.replaceAll("%22", '"');
  return { name: param("name") ?? "", fileName, contentType: headers.get("content-type") ?? "" };
}

/**
 * Reads text fields until the part named `fileField`, then returns it as a stream (which must be consumed).
 * Fields after the file are ignored: browsers send fields in form order and the client puts the file last.
 */
export async function readFormUntilFile(request: Request, fileField: string) {
  const boundary = assertMultipartForm(request);
  const reader = (request.body as ReadableStream<Uint8Array>).getReader();
  const delimiter = enc.encode(`\r\n--${boundary}`);
  // The body starts with "--boundary" (no CRLF); prefixing one lets every delimiter be searched the same way.
  let buf: Uint8Array = enc.encode("\r\n");
  let done = false;

  const pull = async () => {
    const next = await reader.read().catch(() => {
      throw new ApiError(400, INTERRUPTED);
    });
    if (next.done) done = true;
    else buf = concat(buf, next.value);
  };
  /** Reads until `needle` is in the buffer (its index) or the body ends (-1); `limit` caps what may pile up. */
  const seek = async (needle: Uint8Array, limit?: { bytes: number; error: ApiError }) => {
    for (;;) {
      const at = indexOf(buf, needle);
      if (at !== -1 || done) return at;
      if (limit && buf.length > limit.bytes) throw limit.error;
      await pull();
    }
  };
  const fields: Record<string, string> = {};

  for (;;) {
    const at = await seek(delimiter);
    if (at === -1) throw new ApiError(400, "Malformed multipart body");
    buf = buf.subarray(at + delimiter.length);
    while (buf.length < 2 && !done) await pull();
    if (buf[0] === 45 && buf[1] === 45) break; // "--": closing delimiter, no file part came
    const headerEnd = await seek(enc.encode("\r\n\r\n"), {
      bytes: MAX_HEADER_BYTES,
      error: new ApiError(400, "Malformed multipart body"),
    });
    if (headerEnd === -1) throw new ApiError(400, "Malformed multipart body");
    const part = parsePartHeaders(dec.decode(buf.subarray(2, headerEnd)));
    buf = buf.subarray(headerEnd + 4);

    if (part.name === fileField && part.fileName !== undefined) {
      return {
        fields,
        file: { ...part, fileName: part.fileName, stream: streamUntil(buf, reader, delimiter, () => done) },
      };
    }
    const end = await seek(delimiter, { bytes: MAX_FIELD_BYTES, error: new ApiError(413, "Form field is too large") });
    if (end === -1) throw new ApiError(400, "Malformed multipart body");
    fields[part.name] = dec.decode(buf.subarray(0, end));
    buf = buf.subarray(end);
  }
  return { fields, file: null };
}

/** Emits bytes up to the next delimiter, holding back just enough to recognise a delimiter split across reads. */
function streamUntil(
  initial: Uint8Array,
  reader: ReadableStreamDefaultReader<Uint8Array>,
  delimiter: Uint8Array,
  wasDone: () => boolean,
): ReadableStream<Uint8Array> {
  let buf = initial;
  let finished = false;
  let sourceDone = wasDone();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (finished) return;
        const at = indexOf(buf, delimiter);
        if (at !== -1) {
          if (at > 0) controller.enqueue(buf.subarray(0, at));
          finished = true;
          controller.close();
          await reader.cancel().catch(() => {});
          return;
        }
        const safe = buf.length - (delimiter.length - 1);
        if (safe > 0) {
          controller.enqueue(buf.slice(0, safe));
          buf = buf.slice(safe);
          return;
        }
        if (sourceDone) {
          controller.error(new ApiError(400, "The upload ended before the file was complete"));
          return;
        }
        const next = await reader.read().catch(() => {
          throw new ApiError(400, INTERRUPTED);
        });
        if (next.done) sourceDone = true;
        else buf = concat(buf, next.value);
      }
    },
    async cancel() {
      await reader.cancel().catch(() => {});
    },
  });
}
