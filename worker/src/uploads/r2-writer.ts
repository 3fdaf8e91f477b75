import { ApiError } from "../http/errors";

// R2's put() needs a known length, and a multipart form part has none; uploading in fixed-size parts keeps
// memory bounded (one part at a time) whatever the file size. R2 wants equal parts of at least 5 MiB.
const PART_BYTES = 8 * 1024 * 1024;

export interface WriteResult {
  size: number;
}

/** Streams into R2 under `key`, refusing (and cleaning up) once more than `maxBytes` arrived. */
export async function writeStreamToR2(
  bucket: R2Bucket,
  key: string,
  stream: ReadableStream<Uint8Array>,
  opts: { contentType: string; maxBytes: number; tooLarge: string },
): Promise<WriteResult> {
  const reader = stream.getReader();
  let part = new Uint8Array(PART_BYTES);
  let fill = 0;
  let size = 0;
  let upload: R2MultipartUpload | null = null;
  const parts: R2UploadedPart[] = [];
  const httpMetadata = { contentType: opts.contentType || "application/octet-stream" };

  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) break;
      let chunk = next.value;
      size += chunk.length;
      if (size > opts.maxBytes) throw new ApiError(413, opts.tooLarge);
      while (chunk.length) {
        const take = Math.min(chunk.length, PART_BYTES - fill);
        part.set(chunk.subarray(0, take), fill);
        fill += take;
        chunk = chunk.subarray(take);
        if (fill === PART_BYTES) {
          upload ??= await bucket.createMultipartUpload(key, { httpMetadata });
          parts.push(await upload.uploadPart(parts.length + 1, part));
          part = new Uint8Array(PART_BYTES);
          fill = 0;
        }
      }
    }
    if (!upload) {
      await bucket.put(key, part.subarray(0, fill), { httpMetadata });
    } else {
      if (fill > 0) parts.push(await upload.uploadPart(parts.length + 1, part.subarray(0, fill)));
      await upload.complete(parts);
    }
    return { size };
  } catch (err) {
    // Free the stored parts first: cancelling a body whose client is still sending may not settle soon.
    await upload?.abort().catch(() => {});
    reader.cancel().catch(() => {});
    throw err;
  }
}
