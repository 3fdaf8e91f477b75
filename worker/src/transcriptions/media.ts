import { notFound } from "../http/errors";

/** Serves the recording with HTTP Range support, which media players need to seek. */
export async function streamMedia(bucket: R2Bucket, key: string, contentType: string, rangeHeader: string | undefined) {
  const head = await bucket.head(key);
  if (!head) throw notFound("The recording is not available");
  const size = head.size;
  const headers = new Headers({
    "Content-Type": head.httpMetadata?.contentType || contentType || "application/octet-stream",
    "Accept-Ranges": "bytes",
    "Cache-Control": "private, max-age=3600",
    ETag: head.httpEtag,
  });
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
