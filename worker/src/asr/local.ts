import { isTransientStatus, SpeechError, type SpeechMedia, type SpeechProvider, type SpeechRequest } from "./types";
import { fromVerboseJson, type VerboseJson } from "./verbose-json";

const enc = new TextEncoder();

/**
 * The embedded engine (asr/) on loopback. It speaks OpenAI's API, but the openai client buffers the whole
 * file; this provider streams the multipart body straight from R2 so a long recording never sits in memory.
 */
export function localProvider(baseUrl: string, model: string): SpeechProvider {
  const url = (path: string) => `${baseUrl.replace(/\/$/, "")}${path}`;
  return {
    name: "local",
    async transcribe(req: SpeechRequest) {
      const fields: [string, string][] = [
        ["model", model],
        ["response_format", "verbose_json"],
        ["timestamp_granularities[]", "segment"],
        ["timestamp_granularities[]", "word"],
      ];
      if (req.language) fields.push(["language", req.language]);
      if (req.prompt) fields.push(["prompt", req.prompt]);
      if (req.diarize) {
        fields.push(["diarize", "true"]);
        const { numSpeakers, exact } = req.diarize;
        if (numSpeakers) fields.push([exact ? "num_speakers" : "max_speakers", String(numSpeakers)]);
        // Voices match a part's speakers with the other parts' (join-chunks) and with remembered voices (voices/).
        fields.push(["speaker_embeddings", "true"]);
      }
      // The engine's translations take the same fields and answer the same verbose_json (Whisper's translate task).
      const res = await postMedia(
        url(req.task === "translate" ? "/audio/translations" : "/audio/transcriptions"),
        fields,
        req,
      );
      return fromVerboseJson((await res.json()) as VerboseJson, req.diarize !== undefined);
    },
    // The engine's own endpoint (not OpenAI's): it reads the container's packets without decoding them.
    async probeDuration(media: SpeechMedia) {
      const res = await postMedia(url("/audio/probe"), [], media);
      const { duration } = (await res.json()) as { duration?: unknown };
      if (typeof duration !== "number" || !Number.isFinite(duration))
        throw new SpeechError("The speech engine gave no length for the recording", true);
      return duration;
    },
  };
}

/** POSTs `fields` and then the recording as a multipart form, streamed; a refusal becomes a SpeechError. */
async function postMedia(url: string, fields: [string, string][], media: SpeechMedia) {
  const boundary = `----verbatim${crypto.randomUUID()}`;
  let head = fields
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("");
  const fileName = media.fileName.replace(/["\r\n]/g, "_");
  head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${media.contentType || "application/octet-stream"}\r\n\r\n`;
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const headBytes = enc.encode(head);

  // Workers stream a request body only when its length is known: the parts' sizes add up exactly.
  const { readable, writable } = new FixedLengthStream(headBytes.length + media.size + tail.length);
  // A failure to write fails the request below, which reports it.
  framed(writable, headBytes, media.audio, tail).catch(() => {});
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      body: readable,
    });
  } catch (err) {
    throw new SpeechError(`The speech engine is unreachable (${(err as Error).message})`, true);
  }
  if (!res.ok) {
    const detail = await res.text().catch(() => "");
    let message = detail;
    try {
      message = (JSON.parse(detail) as { error?: { message?: string } }).error?.message ?? detail;
    } catch {}
    throw new SpeechError(message || `The speech engine answered ${res.status}`, isTransientStatus(res.status));
  }
  return res;
}

/**
 * Writes head, the audio, then tail into `writable`. The audio is piped, stream to stream, which workerd pumps
 * natively: no JavaScript per read (R2 hands its objects out in 4 KiB reads).
 */
async function framed(
  writable: WritableStream<Uint8Array>,
  head: Uint8Array,
  audio: ReadableStream<Uint8Array>,
  tail: Uint8Array,
) {
  const first = writable.getWriter();
  await first.write(head);
  first.releaseLock();
  await audio.pipeTo(writable, { preventClose: true });
  const last = writable.getWriter();
  await last.write(tail);
  await last.close();
}
