import { isTransientStatus, SpeechError, type SpeechProvider, type SpeechRequest } from "./types";
import { fromVerboseJson, type VerboseJson } from "./verbose-json";

const enc = new TextEncoder();

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
      const fileName = req.fileName.replace(/["\r\n]/g, "_");
      head += `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${req.contentType || "application/octet-stream"}\r\n\r\n`;
      const tail = enc.encode(`\r\n--${boundary}--\r\n`);
      const headBytes = enc.encode(head);

      const { readable, writable } = new FixedLengthStream(headBytes.length + req.size + tail.length);
      const writer = writable.getWriter();
      const pump = (async () => {
        await writer.write(headBytes);
        const reader = req.audio.getReader();
        for (;;) {
          const next = await reader.read();
          if (next.done) break;
          await writer.write(next.value);
        }
        await writer.write(tail);
        await writer.close();
      })();

      let res: Response;
      try {
        res = await fetch(`${baseUrl.replace(/\/$/, "")}/audio/transcriptions`, {
          method: "POST",
          headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
          body: readable,
        });
        await pump;
      } catch (err) {
        // Nobody reads the body any more: abort so the R2 stream is released instead of waiting forever.
        await writer.abort(err).catch(() => {});
        pump.catch(() => {});
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
      return fromVerboseJson((await res.json()) as VerboseJson);
    },
  };
}
