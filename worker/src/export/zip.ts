import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { safeFileName } from "./filename";

export interface ZipEntry {
  name: string;
  body: Uint8Array | ReadableStream<Uint8Array>;
}

// PDF content streams and DOCX (itself a ZIP) are deflated already: compressing them again only costs CPU time.
const ALREADY_COMPRESSED = /\.(pdf|docx)$/i;
// Made on "Unix", as a regular file readable by all: Info-ZIP's unzip reads the names of entries made on "MS-DOS"
// (fflate's default) as code page 437 despite the UTF-8 flag, garbling every non-ASCII name.
const UNIX = 3;
const REGULAR_FILE_0644 = 0o100644 * 0x10000;

/**
 * Makes `name` unique among `taken` as "Name_transcript (2).txt". Names compare case-insensitively because Windows and
 * macOS unpack "A.txt" and "a.txt" onto the same file.
 */
function uniqueName(name: string, taken: Set<string>): string {
  const safe = safeFileName(name) || "transcript";
  const dot = safe.lastIndexOf(".");
  const [base, extension] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ""];
  let candidate = safe;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * Streams a ZIP of the entries as they arrive, one entry per pull, so a bulk export never holds more than one file in
 * memory and a client that stops reading stops the work.
 */
export function zipExports(entries: AsyncIterable<ZipEntry>): ReadableStream<Uint8Array> {
  const iterator = entries[Symbol.asyncIterator]();
  const taken = new Set<string>();
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const next = await iterator.next();
      if (next.done) {
        zip.end();
        return;
      }
      const name = uniqueName(next.value.name, taken);
      const file = ALREADY_COMPRESSED.test(name) ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
      file.os = UNIX;
      file.attrs = REGULAR_FILE_0644;
      zip.add(file);
      const { body } = next.value;
      if (body instanceof Uint8Array) {
        file.push(body, true);
        return;
      }
      const reader = body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) file.push(read.value);
      file.push(new Uint8Array(0), true);
    },
    async cancel() {
      zip.terminate();
      await iterator.return?.();
    },
  });
}
