import { notFound } from "../http/errors";
import { SNIFF_BYTES, sniffMediaType } from "../rules/media-sniff";

/**
 * The type the stored bytes really have, never the one a client declared: bytes that are not audio or video
 * are served as an opaque download, so nothing uploaded can ever render as a page on the app's origin.
 */
async function servedType(bucket: R2Bucket, key: string) {
  const first = await bucket.get(key, { range: { offset: 0, length: SNIFF_BYTES } });
  const head = first ? new Uint8Array(await first.arrayBuffer()) : new Uint8Array();
  return sniffMediaType(head);
}

/** Serves the recording with HTTP Range support, which media players need to seek. */
export async function streamMedia(bucket: R2Bucket, key: string, rangeHeader: string | undefined) {
  const head = await bucket.head(key);
  if (!head) throw notFound("The recording is not available");
  const size = head.size;
  const type = await servedType(bucket, key);
  const headers = new Headers({
    "Content-Type": type ?? "application/octet-stream",
    "X-Content-Type-Options": "nosniff",
    // Even opened directly, the response is a sandboxed, script-less document.
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=3600",
    ETag: head.httpEtag,
  });
  if (!type) headers.set("Content-Disposition", "attachment");
  const match = rangeHeader?.match(/^bytes=(\d*)-(\d*)$/);
  if (match && (match[1] || match[2])) {
    let start = match[1] ? Number(match[1]) : Math.max(0, size - Number(match[2]));
    let end = match[1] && match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      headers.set("Content-Range", `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    start = Math.max(0, start);
    end = Math.max(start, end);
    const obj = await bucket.get(key, { range: { offset: start, length: end - start + 1 } });
    if (!obj) throw notFound("The recording is not available");
    headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
    headers.set("Content-Length", String(end - start + 1));
    return new Response(obj.body, { status: 206, headers });
  }
  const obj = await bucket.get(key);
  if (!obj) throw notFound("The recording is not available");
  headers.set("Content-Length", String(size));
  return new Response(obj.body, { headers });
}
