import { ApiError } from "../http/errors";
import { type GoogleCall, googleFetch, googleJson, googleUnavailable } from "./api-client";

// Drive v3 files.get: metadata, then the content (alt=media) as a stream of Range requests, so a large
// recording is never held in memory and a dropped or stalled connection resumes at the byte it reached.

const RANGE_BYTES = 8 * 1024 * 1024;
/** Resumes of one range before the download gives up: a connection that keeps breaking is an outage. */
const RESUMES = 3;

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  size: number;
}

export async function fileMetadata(call: GoogleCall, fileId: string): Promise<DriveFile> {
  const url = new URL(`${call.config.driveApiUrl}/files/${encodeURIComponent(fileId)}`);
  url.searchParams.set("fields", "id,name,mimeType,size");
  url.searchParams.set("supportsAllDrives", "true");
  const body = await googleJson<Partial<DriveFile> & { size?: string | number }>(call, url.toString());
  return {
    id: fileId,
    name: body.name ?? "recording",
    mimeType: body.mimeType ?? "application/octet-stream",
    size: Number(body.size ?? 0),
  };
}

/** The file's bytes from `files.get?alt=media`, fetched range by range as the consumer reads. */
export function fileStream(call: GoogleCall, file: DriveFile): ReadableStream<Uint8Array> {
  const url = new URL(`${call.config.driveApiUrl}/files/${encodeURIComponent(file.id)}`);
  url.searchParams.set("alt", "media");
  url.searchParams.set("supportsAllDrives", "true");
  let offset = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let rangeEnd = 0;
  let resumes = 0;

  const openRange = async () => {
    const end = Math.min(offset + RANGE_BYTES, file.size) - 1;
    rangeEnd = end + 1;
    const res = await googleFetch(call, url.toString(), { headers: { Range: `bytes=${offset}-${end}` } });
    if (res.status !== 206 && offset > 0)
      throw new ApiError(502, "Google Drive ignored the byte range; the download cannot resume.");
    if (!res.body) throw new ApiError(502, "Google Drive sent no content");
    return res.body.getReader();
  };

  /** A range broke off: it is asked again from the byte reached, a few times, then Drive counts as down. */
  const resume = (err: unknown) => {
    reader = null;
    if (++resumes <= RESUMES) return;
    console.warn(JSON.stringify({ level: "warn", msg: "Google Drive download failed", error: String(err) }));
    throw googleUnavailable(call.service);
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (offset >= file.size) {
          controller.close();
          return;
        }
        reader ??= await openRange();
        let next: ReadableStreamReadResult<Uint8Array>;
        try {
          next = await reader.read();
        } catch (err) {
          // The connection dropped, or went silent (timed-fetch), mid-range.
          resume(err);
          continue;
        }
        if (next.done) {
          // A range that ends short of its last byte broke off too.
          if (offset < rangeEnd) resume("the range ended early");
          else {
            reader = null;
            resumes = 0;
          }
          continue;
        }
        offset += next.value.length;
        controller.enqueue(next.value);
        return;
      }
    },
    cancel() {
      reader?.cancel().catch(() => {});
    },
  });
}
