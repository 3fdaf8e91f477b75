import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { safeFileName } from "./filename";

export interface ZipEntry {
  name: string;
  body: Uint8Array | ReadableStream<Uint8Array>;
}

/** An item that could not be exported: left out of the archive and listed in its ERRORS_FILE instead. */
export interface ZipFailure {
  /** What the reader knows the item by, e.g. its title and id. */
  item: string;
  /** A short reason for the reader: no stack, nothing internal. */
  reason: string;
}

export type ZipItem = ZipEntry | ZipFailure;

export const ERRORS_FILE = "export-errors.txt";

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

function errorsText(failures: readonly ZipFailure[]): string {
  const lines = failures.map((f) => `${f.item}: ${f.reason}`);
  return `These could not be exported and are not in this archive:\n\n${lines.join("\n")}\n`;
}

/**
 * Streams a ZIP of the entries as they arrive, one entry per pull, so a bulk export never holds more than one file in
 * memory and a client that stops reading stops the work. Failed items are skipped and listed in ERRORS_FILE, the
 * archive's last entry. Resolves once the first entry is ready, so that when every item failed the caller still can
 * answer with an error status: then it resolves to null.
 */
export async function zipExports(items: AsyncIterable<ZipItem>): Promise<ReadableStream<Uint8Array> | null> {
  const iterator = items[Symbol.asyncIterator]();
  const failures: ZipFailure[] = [];
  const nextEntry = async (): Promise<ZipEntry | undefined> => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      if (!("reason" in next.value)) return next.value;
      failures.push(next.value);
    }
    return undefined;
  };
  let first = await nextEntry();
  if (!first && failures.length > 0) return null;

  const taken = new Set<string>();
  let zip: Zip;
  const add = async ({ name, body }: ZipEntry) => {
    const unique = uniqueName(name, taken);
    const file = ALREADY_COMPRESSED.test(unique) ? new ZipPassThrough(unique) : new ZipDeflate(unique, { level: 6 });
    file.os = UNIX;
    file.attrs = REGULAR_FILE_0644;
    zip.add(file);
    if (body instanceof Uint8Array) {
      file.push(body, true);
      return;
    }
    const reader = body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) file.push(read.value);
    file.push(new Uint8Array(0), true);
  };
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull() {
      const entry = first ?? (await nextEntry());
      first = undefined;
      if (entry) return add(entry);
      if (failures.length > 0) await add({ name: ERRORS_FILE, body: new TextEncoder().encode(errorsText(failures)) });
      zip.end();
    },
    async cancel() {
      zip.terminate();
      await iterator.return?.();
    },
  });
}
