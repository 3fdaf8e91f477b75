import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ApiError } from "../http/errors";
import { writeStreamToR2 } from "./r2-writer";

/** The real bucket, noting the multipart upload the writer opens so the test can try to use it afterwards. */
function recordingBucket() {
  const opened: R2MultipartUpload[] = [];
  const bucket = new Proxy(env.MEDIA, {
    get(target, prop) {
      if (prop === "createMultipartUpload")
        return async (...args: Parameters<R2Bucket["createMultipartUpload"]>) => {
          const upload = await target.createMultipartUpload(...args);
          opened.push(upload);
          return upload;
        };
      const value = Reflect.get(target, prop);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { bucket, opened };
}

const uploadIdOf = (opened: R2MultipartUpload[]) => opened[0]?.uploadId ?? "none opened";

/** `size` bytes in 1 MiB pieces; errors instead of sending more once `breakAt` bytes went out. */
function bytes(size: number, breakAt = Number.POSITIVE_INFINITY) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(c) {
      if (sent >= breakAt) return c.error(new ApiError(400, "The upload was interrupted before the file was complete"));
      const n = Math.min(1 << 20, size - sent);
      if (n <= 0) return c.close();
      c.enqueue(new Uint8Array(n).fill(7));
      sent += n;
    },
  });
}

const opts = { contentType: "audio/mpeg", maxBytes: 12 << 20, tooLarge: "too large" };

describe("a streamed upload that is refused midway", () => {
  it("over the size limit: 413, and its multipart upload is aborted at once", async () => {
    const { bucket, opened } = recordingBucket();
    const key = `test/${crypto.randomUUID()}`;
    await expect(writeStreamToR2(bucket, key, bytes(20 << 20), opts)).rejects.toMatchObject({ status: 413 });
    expect(opened).toHaveLength(1);
    // An aborted upload takes no more parts: nothing is left for a sweep to find.
    await expect(
      env.MEDIA.resumeMultipartUpload(key, uploadIdOf(opened)).uploadPart(2, new Uint8Array(8)),
    ).rejects.toThrow();
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("cut off by the client: its multipart upload is aborted at once", async () => {
    const { bucket, opened } = recordingBucket();
    const key = `test/${crypto.randomUUID()}`;
    await expect(writeStreamToR2(bucket, key, bytes(20 << 20, 10 << 20), opts)).rejects.toMatchObject({ status: 400 });
    expect(opened).toHaveLength(1);
    await expect(
      env.MEDIA.resumeMultipartUpload(key, uploadIdOf(opened)).uploadPart(2, new Uint8Array(8)),
    ).rejects.toThrow();
  });

  it("within the limit: stored whole", async () => {
    const key = `test/${crypto.randomUUID()}`;
    expect(await writeStreamToR2(env.MEDIA, key, bytes(10 << 20), opts)).toEqual({ size: 10 << 20 });
    expect((await env.MEDIA.head(key))?.size).toBe(10 << 20);
  });
});

describe("an upload of declared size", () => {
  it("is stored in one put as it arrives, without a multipart upload", async () => {
    const { bucket, opened } = recordingBucket();
    const key = `test/${crypto.randomUUID()}`;
    expect(await writeStreamToR2(bucket, key, bytes(10 << 20), { ...opts, size: 10 << 20 })).toEqual({
      size: 10 << 20,
    });
    expect(opened).toHaveLength(0);
    const stored = await env.MEDIA.get(key);
    expect(stored?.size).toBe(10 << 20);
    expect(new Uint8Array((await stored?.arrayBuffer()) ?? new ArrayBuffer(0)).every((b) => b === 7)).toBe(true);
  });

  it("longer or shorter than declared: 400, and nothing is stored", async () => {
    for (const declared of [(3 << 20) - 1, (3 << 20) + 1]) {
      const key = `test/${crypto.randomUUID()}`;
      await expect(writeStreamToR2(env.MEDIA, key, bytes(3 << 20), { ...opts, size: declared })).rejects.toMatchObject({
        status: 400,
        message: `The file's length does not match its declared size of ${declared} bytes`,
      });
      expect(await env.MEDIA.head(key)).toBeNull();
    }
  });

  it("declared over the limit: 413 before a byte is read", async () => {
    let pulled = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled++;
        c.enqueue(new Uint8Array(1 << 20));
      },
    });
    const key = `test/${crypto.randomUUID()}`;
    await expect(writeStreamToR2(env.MEDIA, key, source, { ...opts, size: 13 << 20 })).rejects.toMatchObject({
      status: 413,
    });
    expect(pulled).toBeLessThanOrEqual(1); // a stream pulls once on its own, to fill its queue
    expect(await env.MEDIA.head(key)).toBeNull();
  });
});
