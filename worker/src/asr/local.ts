import { inPiecesOf } from "./pieces";
import { isTransientStatus, SpeechError, type SpeechProvider, type SpeechRequest } from "./types";
import { fromVerboseJson, type VerboseJson } from "./verbose-json";

const enc = new TextEncoder();
const PIECE_BYTES = 1 << 20;

/**
 * The embedded engine (asr/) on loopback. It speaks OpenAI's API, but the openai client buffers the whole
 * file; this provider streams the multipart body straight from R2 so a long recording never sits in memory.
 */
export function localProvider(baseUrl: string, model: string): SpeechProvider {
  return {
    name: "local",
    async transcribe(req: SpeechRequest) {
      const boundary = `----verbatim${crypto.randomUUID()}`;
      const field = (name: string, value: string) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
      let head = field("model", model) + field("response_format", "verbose_json");
      head += field("timestamp_granularities[]", "segment") + field("timestamp_granularities[]", "word");
      if (req.language) head += field("language", req.language);
      if (req.prompt) head += field("prompt", req.prompt);
      if (req.diarize) {
        head += field("diarize", "true");
        const { numSpeakers, exact } = req.diarize;
        if (numSpeakers) head += field(exact ? "num_speakers" : "max_speakers", String(numSpeakers));
        // A part of a longer recording: voices let its speakers be matched with the other parts' (join-chunks).
        if (!exact) head += field("speaker_embeddings", "true");
      }
      const fileName = req.fileName.replace(/["\r\n]/g, "_");
      head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${req.contentType || "application/octet-stream"}\r\n\r\n`;
      const tail = enc.encode(`\r\n--${boundary}--\r\n`);
      const headBytes = enc.encode(head);

      // Workers stream a request body only when its length is known: the parts' sizes add up exactly.
      const body = concatStreams([headBytes, inPiecesOf(PIECE_BYTES, req.audio), tail]).pipeThrough(
        new FixedLengthStream(headBytes.length + req.size + tail.length),
      );
      let res: Response;
      try {
        res = await fetch(`${baseUrl.replace(/\/$/, "")}/audio/transcriptions`, {
          method: "POST",
          headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
          body,
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
      return fromVerboseJson((await res.json()) as VerboseJson, req.diarize !== undefined);
    },
  };
}

function concatStreams(parts: (Uint8Array | ReadableStream<Uint8Array>)[]): ReadableStream<Uint8Array> {
  let i = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const part = parts[i];
        if (part === undefined) return controller.close();
        if (part instanceof Uint8Array) {
          i++;
          return controller.enqueue(part);
        }
        reader ??= part.getReader();
        const next = await reader.read();
        if (!next.done) return controller.enqueue(next.value);
        reader = null;
        i++;
      }
    },
    cancel: (reason) => reader?.cancel(reason),
  });
}
