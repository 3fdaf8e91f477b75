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

/** The body being read: what was read but not yet used, and whether the client has sent everything. */
interface Source {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  delimiter: Uint8Array;
  buf: Uint8Array;
  done: boolean;
}

function openForm(request: Request): Source {
  const boundary = assertMultipartForm(request);
  return {
    reader: (request.body as ReadableStream<Uint8Array>).getReader(),
    delimiter: enc.encode(`\r\n--${boundary}`),
    // The body starts with "--boundary" (no CRLF); prefixing one lets every delimiter be searched the same way.
    buf: enc.encode("\r\n"),
    done: false,
  };
}

async function pull(src: Source) {
  const next = await src.reader.read().catch(() => {
    throw new ApiError(400, INTERRUPTED);
  });
  if (next.done) src.done = true;
  else src.buf = concat(src.buf, next.value);
}

/** Reads until `needle` is in the buffer (its index) or the body ends (-1); `limit` caps what may pile up. */
async function seek(src: Source, needle: Uint8Array, limit?: { bytes: number; error: ApiError }) {
  for (;;) {
    const at = indexOf(src.buf, needle);
    if (at !== -1 || src.done) return at;
    if (limit && src.buf.length > limit.bytes) throw limit.error;
    await pull(src);
  }
}

type FilePart = { name: string; fileName: string; contentType: string };

/**
 * Reads text fields into `fields` (in order, a repeated name once for each value) until the part named `fileField`,
 * whose headers it returns with the source at its first byte; null at the closing delimiter. With `fileField`
 * null every part is read as a field (capped like one).
 */
async function readFields(src: Source, fileField: string | null, fields: [string, string][]): Promise<FilePart | null> {
  for (;;) {
    const at = await seek(src, src.delimiter);
    if (at === -1) throw new ApiError(400, "Malformed multipart body");
    src.buf = src.buf.subarray(at + src.delimiter.length);
    while (src.buf.length < 2 && !src.done) await pull(src);
    if (src.buf[0] === 45 && src.buf[1] === 45) return null; // "--": closing delimiter, no file part came
    const headerEnd = await seek(src, enc.encode("\r\n\r\n"), {
      bytes: MAX_HEADER_BYTES,
      error: new ApiError(400, "Malformed multipart body"),
    });
    if (headerEnd === -1) throw new ApiError(400, "Malformed multipart body");
    const part = parsePartHeaders(dec.decode(src.buf.subarray(2, headerEnd)));
    src.buf = src.buf.subarray(headerEnd + 4);

    if (part.name === fileField && part.fileName !== undefined) return { ...part, fileName: part.fileName };
    const end = await seek(src, src.delimiter, {
      bytes: MAX_FIELD_BYTES,
      error: new ApiError(413, "Form field is too large"),
    });
    if (end === -1) throw new ApiError(400, "Malformed multipart body");
    fields.push([part.name, dec.decode(src.buf.subarray(0, end))]);
    src.buf = src.buf.subarray(end);
  }
}

/**
 * Reads text fields until the part named `fileField`, then returns it as a stream (which must be consumed).
 * Fields after the file are ignored: browsers send fields in form order and the client puts the file last.
 */
export async function readFormUntilFile(request: Request, fileField: string) {
  const src = openForm(request);
  const pairs: [string, string][] = [];
  const part = await readFields(src, fileField, pairs);
  const fields = Object.fromEntries(pairs) as Record<string, string>;
  if (!part) return { fields, file: null };
  return { fields, file: { ...part, stream: streamUntil(src, { keepReading: false }) } };
}

/**
 * A form whose file may come anywhere in it: OpenAI's clients send the file first and the options after it. Answers
 * the fields before the file and the file as a stream; once that stream has been read to its end, `rest()` reads
 * the fields after it and answers all of them (in order, a repeated name once for each value, as
 * `timestamp_granularities[]` comes).
 */
export async function readFormAroundFile(request: Request, fileField: string) {
  const src = openForm(request);
  const before: [string, string][] = [];
  const part = await readFields(src, fileField, before);
  if (!part) return { fields: before, file: null, rest: async () => before };
  let ended = false;
  const stream = streamUntil(src, {
    keepReading: true,
    onEnd: () => {
      ended = true;
    },
  });
  const rest = async () => {
    if (!ended) throw new Error("rest() reads the fields after the file: read the file's stream to its end first");
    const after: [string, string][] = [];
    await readFields(src, null, after);
    return [...before, ...after];
  };
  return { fields: [...before], file: { ...part, stream }, rest };
}

/**
 * Emits the file's bytes up to the next delimiter, holding back just enough to recognise a delimiter split across
 * reads. At the delimiter the body is cancelled, or with `keepReading` left there for the parts after the file.
 */
function streamUntil(src: Source, options: { keepReading: boolean; onEnd?: () => void }): ReadableStream<Uint8Array> {
  let finished = false;
  const { delimiter } = src;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (finished) return;
        const at = indexOf(src.buf, delimiter);
        if (at !== -1) {
          if (at > 0) controller.enqueue(src.buf.slice(0, at));
          src.buf = src.buf.subarray(at);
          finished = true;
          controller.close();
          options.onEnd?.();
          if (!options.keepReading) await src.reader.cancel().catch(() => {});
          return;
        }
        const safe = src.buf.length - (delimiter.length - 1);
        if (safe > 0) {
          controller.enqueue(src.buf.slice(0, safe));
          src.buf = src.buf.slice(safe);
          return;
        }
        if (src.done) {
          controller.error(new ApiError(400, "The upload ended before the file was complete"));
          return;
        }
        await pull(src);
      }
    },
    async cancel() {
      await src.reader.cancel().catch(() => {});
    },
  });
}
