import { FFFSType, FFmpeg } from "@ffmpeg/ffmpeg";
import { UPLOAD_ABORTED, UploadError } from "@/lib/xhr";

// Long recordings and videos are reduced in the browser to what transcription needs — mono 16 kHz speech
// audio (Opus, ≈11 MB per hour) — and cut into pieces the server transcribes in parallel. A 2 GB meeting
// video becomes a few dozen megabytes to upload. This module (and ffmpeg.wasm, ~31 MB, served by the Worker)
// is loaded only when a file is compressed.

const CORE_URL = "/api/ffmpeg/ffmpeg-core.js";
const WASM_URL = "/api/ffmpeg/ffmpeg-core.wasm";

/** Length of each piece, and how much each one repeats of the previous (the server stitches by word times). */
export const CHUNK_SECONDS = 600;
export const OVERLAP_SECONDS = 2;

export interface CompressedRecording {
  /** The whole recording, compressed: what the player streams. */
  audio: Blob;
  chunks: Array<{ start: number; audio: Blob }>;
  duration: number;
}

const AUDIO_TYPE = "audio/ogg";

/** "00:01:02.50" → 62.5 */
function seconds(h: string, m: string, s: string) {
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/**
 * Compresses `file` and cuts it into pieces. `onProgress` gets 0–1 as the recording is encoded. Rejects with
 * 'Upload aborted' when the signal fires, or with an Error when the file cannot be decoded.
 */
export async function compressRecording(
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<CompressedRecording> {
  const ffmpeg = new FFmpeg();
  const abort = () => ffmpeg.terminate();
  signal.addEventListener("abort", abort, { once: true });
  try {
    await ffmpeg.load({ coreURL: CORE_URL, wasmURL: WASM_URL });
    // WORKERFS reads the file in place: a recording of several GB is never copied into memory.
    await ffmpeg.createDir("/in");
    const input = `/in/${name.replace(/[/\\]/g, "_")}`;
    await ffmpeg.mount(FFFSType.WORKERFS, { blobs: [{ name: input.slice(4), data: file }] }, "/in");

    let duration = 0;
    ffmpeg.on("log", ({ message }) => {
      const total = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(message);
      if (total?.[1] && total[2] && total[3] && duration === 0) duration = seconds(total[1], total[2], total[3]);
      const done = /time=(\d+):(\d+):(\d+(?:\.\d+)?)/.exec(message);
      if (done?.[1] && done[2] && done[3] && duration > 0)
        onProgress(Math.min(1, seconds(done[1], done[2], done[3]) / duration));
    });

    // Speech settings: mono, 16 kHz, Opus in its VoIP mode; small Ogg pages (100 ms) so the pieces below can
    // be cut at exact times without re-encoding.
    const code = await ffmpeg.exec([
      "-i",
      input,
      "-vn",
      "-ac",
      "1",
      "-ar",
      "16000",
      "-c:a",
      "libopus",
      "-b:a",
      "24k",
      "-application",
      "voip",
      "-page_duration",
      "100000",
      "/full.ogg",
    ]);
    if (code !== 0 || duration === 0) throw new Error("This recording could not be read in the browser");
    onProgress(1);
    const full = (await ffmpeg.readFile("/full.ogg")) as Uint8Array;

    const chunks: CompressedRecording["chunks"] = [];
    const count = Math.max(1, Math.ceil(duration / CHUNK_SECONDS));
    for (let i = 0; i < count; i++) {
      const start = Math.max(0, i * CHUNK_SECONDS - (i > 0 ? OVERLAP_SECONDS : 0));
      const length = CHUNK_SECONDS + (i > 0 ? OVERLAP_SECONDS : 0);
      const out = `/chunk${i}.ogg`;
      const cut = await ffmpeg.exec(["-ss", String(start), "-t", String(length), "-i", "/full.ogg", "-c", "copy", out]);
      if (cut !== 0) throw new Error("This recording could not be cut into pieces");
      const bytes = (await ffmpeg.readFile(out)) as Uint8Array;
      await ffmpeg.deleteFile(out);
      chunks.push({ start, audio: new Blob([bytes as BlobPart], { type: AUDIO_TYPE }) });
    }
    return { audio: new Blob([full as BlobPart], { type: AUDIO_TYPE }), chunks, duration };
  } catch (error) {
    if (signal.aborted) throw new UploadError(UPLOAD_ABORTED, 0);
    throw error;
  } finally {
    signal.removeEventListener("abort", abort);
    ffmpeg.terminate();
  }
}
