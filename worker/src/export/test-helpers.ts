import type { ExportResult } from "./types";

/** The body of a format that is rendered whole (all but bulk ZIPs). */
export function bytesOf(result: ExportResult): Uint8Array {
  if (!(result.body instanceof Uint8Array)) throw new Error("expected a rendered body, got a stream");
  return result.body;
}

/** The body as text, byte-order mark included (a plain TextDecoder would drop it). */
export function textOf(result: ExportResult): string {
  return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytesOf(result));
}
