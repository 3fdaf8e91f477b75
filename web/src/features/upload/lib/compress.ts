import { FFFSType, FFmpeg } from "@ffmpeg/ffmpeg";
import { translate } from "@/lib/i18n";
import { UPLOAD_ABORTED, UploadError } from "@/lib/xhr";
import { chunkPlan } from "./chunk-plan";

// Long recordings and videos are reduced in the browser to what transcription needs — mono 16 kHz speech
// audio (Opus, ≈11 MB per hour) — and cut into pieces the server transcribes in parallel. A 2 GB meeting
// video becomes a few dozen megabytes to upload. This module (and ffmpeg.wasm, ~31 MB, served by the Worker)
// is loaded only when a file is compressed.

const CORE_URL = "/api/ffmpeg/ffmpeg-core.js";
const WASM_URL = "/api/ffmpeg/ffmpeg-core.wasm";

/** Marked on the page's performance timeline each time ffmpeg.wasm is started (and measured per encoding). */
export const FFMPEG_RUN_MARK = "verbatim:ffmpeg";
export const ENCODE_MEASURE = "verbatim:compress";

export interface CompressedRecording {
  /** The whole recording, compressed: what the player streams. */
  audio: Blob;
  chunks: Array<{ start: number; audio: Blob }>;
  duration: number;
}

/** What an earlier attempt produced and kept (see ./compressed-store): only what is missing is made again. */
export interface CompressionSoFar {
  audio: Blob;
  duration: number;
  chunks: Array<Blob | undefined>;
}

/** Called as each output is produced, so it can be kept before the next one is made. */
export interface CompressionSink {
  audio: (audio: Blob, duration: number) => Promise<void>;
  chunk: (idx: number, audio: Blob) => Promise<void>;
}

const AUDIO_TYPE = "audio/ogg";

/** "00:01:02.50" → 62.5 */
function seconds(h: string, m: string, s: string) {
  return Number(h) * 3600 + Number(m) * 60 + Number(s);
}

/** The recording assembled from what was kept, when nothing is missing. */
function complete(soFar: CompressionSoFar | null): CompressedRecording | null {
  if (!soFar) return null;
  const plan = chunkPlan(soFar.duration);
  const chunks = plan.map(({ idx, start }) => ({ start, audio: soFar.chunks[idx] }));
  if (chunks.some((c) => c.audio === undefined)) return null;
  return { audio: soFar.audio, duration: soFar.duration, chunks: chunks as CompressedRecording["chunks"] };
}

/**
 * Compresses `file` and cuts it into pieces, handing each output to `sink` as it is made. Given what an earlier
 * attempt kept, it neither encodes again nor cuts the pieces it has, and with everything kept it does not
 * start ffmpeg at all. `onProgress` gets 0–1 as the recording is encoded. Rejects with 'Upload aborted' when
 * the signal fires, or with an Error when the file cannot be decoded.
 */
export async function compressRecording(
  file: Blob,
  name: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
  soFar: CompressionSoFar | null,
  sink: CompressionSink,
): Promise<CompressedRecording> {
  const done = complete(soFar);
  if (done) {
    onProgress(1);
    return done;
  }
  const ffmpeg = new FFmpeg();
  const abort = () => ffmpeg.terminate();
  signal.addEventListener("abort", abort, { once: true });
  try {
    performance.mark(FFMPEG_RUN_MARK);
    await ffmpeg.load({ coreURL: CORE_URL, wasmURL: WASM_URL });
    let audio: Blob;
    let duration: number;
    if (soFar) {
      ({ audio, duration } = soFar);
      await ffmpeg.writeFile("/full.ogg", new Uint8Array(await audio.arrayBuffer()));
    } else {
      ({ audio, duration } = await encode(ffmpeg, file, name, onProgress));
      await sink.audio(audio, duration);
    }
    onProgress(1);

    const chunks: CompressedRecording["chunks"] = [];
    for (const { idx, start, length } of chunkPlan(duration)) {
      const kept = soFar?.chunks[idx];
      if (kept) {
        chunks.push({ start, audio: kept });
        continue;
      }
      const out = `/chunk${idx}.ogg`;
      const cut = await ffmpeg.exec(["-ss", String(start), "-t", String(length), "-i", "/full.ogg", "-c", "copy", out]);
      if (cut !== 0) throw new Error(translate("upload.errors.cut"));
      const bytes = (await ffmpeg.readFile(out)) as Uint8Array;
      await ffmpeg.deleteFile(out);
      const piece = new Blob([bytes as BlobPart], { type: AUDIO_TYPE });
      await sink.chunk(idx, piece);
      chunks.push({ start, audio: piece });
    }
    return { audio, chunks, duration };
  } catch (error) {
    if (signal.aborted) throw new UploadError(UPLOAD_ABORTED, 0);
    throw error;
  } finally {
    signal.removeEventListener("abort", abort);
    ffmpeg.terminate();
  }
}

/** Encodes the recording's speech into /full.ogg (left in ffmpeg's file system for the cuts). */
async function encode(ffmpeg: FFmpeg, file: Blob, name: string, onProgress: (fraction: number) => void) {
  const started = performance.now();
  // WORKERFS reads the file in place: a recording of several GB is never copied into memory.
  await ffmpeg.createDir("/in");
  const input = `/in/${name.replace(/[/\\]/g, "_")}`;
  await ffmpeg.mount(FFFSType.WORKERFS, { blobs: [{ name: input.slice(4), data: file }] }, "/in");

  let duration = 0;
  ffmpeg.on("log", ({ message }) => {
    const total = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(message);
    if (total?.[1] && total[2] && total[3] && duration === 0) duration = seconds(total[1], total[2], total[3]);
    const at = /time=(\d+):(\d+):(\d+(?:\.\d+)?)/.exec(message);
    if (at?.[1] && at[2] && at[3] && duration > 0) onProgress(Math.min(1, seconds(at[1], at[2], at[3]) / duration));
  });

  // Speech settings: mono, 16 kHz, Opus in its VoIP mode; small Ogg pages (100 ms) so the pieces can be cut at
  // exact times without re-encoding.
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
  if (code !== 0 || duration === 0) throw new Error(translate("upload.errors.read"));
  const full = (await ffmpeg.readFile("/full.ogg")) as Uint8Array;
  performance.measure(ENCODE_MEASURE, { start: started });
  return { audio: new Blob([full as BlobPart], { type: AUDIO_TYPE }), duration };
}
