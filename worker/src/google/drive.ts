import { ApiError } from "../http/errors";
import { type GoogleCall, googleFetch } from "./api-client";

// Drive v3 files.get: metadata, then the content (alt=media) as a stream of Range requests, so a large
// recording is never held in memory and a dropped connection resumes at the byte it reached.

const RANGE_BYTES = 8 * 1024 * 1024;
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
  const body = (await (await googleFetch(call, url.toString())).json()) as Partial<DriveFile> & {
    size?: string | number;
  };
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
  let resumes = 0;

  const openRange = async () => {
    const end = Math.min(offset + RANGE_BYTES, file.size) - 1;
    const res = await googleFetch(call, url.toString(), { headers: { Range: `bytes=${offset}-${end}` } });
    if (res.status !== 206 && offset > 0)
      throw new ApiError(502, "Google Drive ignored the byte range; the download cannot resume.");
    if (!res.body) throw new ApiError(502, "Google Drive sent no content");
    return res.body.getReader();
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (offset >= file.size) {
          controller.close();
          return;
        }
        reader ??= await openRange();
        try {
          const { done, value } = await reader.read();
          if (done) {
            reader = null;
            continue;
          }
          offset += value.length;
          controller.enqueue(value);
          return;
        } catch (err) {
          // The connection dropped mid-range: ask again from the byte we reached.
          reader = null;
          if (++resumes > RESUMES) throw err;
        }
      }
    },
    cancel() {
      reader?.cancel().catch(() => {});
    },
  });
}
