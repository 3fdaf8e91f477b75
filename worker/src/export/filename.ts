import { withoutUnsafeChars } from "@verbatim/shared";
import type { ExportDoc } from "./types";

// A lone surrogate (possible in JSON-sourced names) makes encodeURIComponent throw.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Characters Windows refuses in a file name; "/" and "\" would also turn a ZIP entry into a path.
const RESERVED = /[<>:"/\\|?*]/g;
// Most file systems cap a name at 255 bytes; this leaves room for "_transcript", a " (2)" and the extension.
const MAX_BASE_BYTES = 200;
const utf8 = new TextEncoder();

/** A name that is safe as a downloaded file and as a ZIP entry on every desktop OS. */
export function safeFileName(name: string): string {
  return withoutUnsafeChars(name.replace(LONE_SURROGATE, "\uFFFD"))
    .replaceAll('"', "'")
    .replace(RESERVED, "_")
    .trim()
    .replace(/^\.+/, "_");
}

function stripExtension(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? fileName;
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(0, dot) : base;
}

function truncateUtf8(s: string, maxBytes: number): string {
  let out = "";
  let bytes = 0;
  for (const char of s) {
    bytes += utf8.encode(char).length;
    if (bytes > maxBytes) return out.trimEnd();
    out += char;
  }
  return out;
}

/** The transcription's name, or its file name without the extension, plus "_transcript". */
export function exportFileName(doc: Pick<ExportDoc, "name" | "fileName">, extension: string): string {
  const base = safeFileName(doc.name?.trim() || stripExtension(doc.fileName)) || "transcription";
  return `${truncateUtf8(base, MAX_BASE_BYTES)}_transcript.${extension}`;
}

const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/** RFC 8187 ext-value: UTF-8 bytes, every byte outside attr-char percent-encoded. */
function encodeExtValue(s: string): string {
  let out = "";
  for (const char of s) {
    if (ATTR_CHAR.test(char)) out += char;
    else for (const byte of utf8.encode(char)) out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * RFC 6266 `Content-Disposition: attachment` with an ASCII `filename` for old clients and a UTF-8 `filename*`, which
 * every current browser prefers.
 */
export function contentDisposition(filename: string): string {
  const name = safeFileName(filename) || "download";
  const ascii =
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036F]/g, "")
      .replace(/[^\x20-\x7E]/g, "_") || "download";
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeExtValue(name)}`;
}
