// Recognises audio/video containers by their first bytes, so a renamed text file is refused at upload
// instead of failing later in the engine. The list covers every format the product claims.

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

export const SNIFF_BYTES = 64;

/** The container's media type, read from its first bytes; null when they are not audio or video we know. */
export function sniffMediaType(head: Uint8Array): string | null {
  const b = head;
  if (b.length < 4) return null;
  if (ascii(b, 0, "ID3")) return "audio/mpeg"; // MP3 with ID3 tag
  if (b[0] === 0xff && ((b[1] ?? 0) & 0xf6) === 0xf0) return "audio/aac"; // ADTS AAC (layer bits 00)
  if (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) return "audio/mpeg"; // MPEG audio frame
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "WAVE")) return "audio/wav";
  if (ascii(b, 0, "RIFF") && ascii(b, 8, "AVI ")) return "video/x-msvideo";
  if (ascii(b, 0, "OggS")) return "audio/ogg"; // OGG/OGV/Opus: media elements play either under this type
  if (ascii(b, 0, "fLaC")) return "audio/flac";
  if (ascii(b, 4, "ftyp")) {
    if (ascii(b, 8, "M4A ") || ascii(b, 8, "M4B ")) return "audio/mp4";
    if (ascii(b, 8, "qt  ")) return "video/quicktime";
    if (ascii(b, 8, "3g")) return "video/3gpp";
    return "video/mp4";
  }
  if (ascii(b, 4, "moov") || ascii(b, 4, "mdat") || ascii(b, 4, "wide") || ascii(b, 4, "free"))
    return "video/quicktime";
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return "video/webm"; // WebM/Matroska (EBML)
  if (b[0] === 0x30 && b[1] === 0x26 && b[2] === 0xb2 && b[3] === 0x75) return "video/x-ms-asf"; // ASF: WMA/WMV
  if (b[0] === 0x00 && b[1] === 0x00 && b[2] === 0x01 && ((b[3] ?? 0) === 0xba || (b[3] ?? 0) === 0xb3))
    return "video/mpeg"; // MPEG-PS/VOB/MPG
  if (b[0] === 0x47 && (b.length < 189 || b[188] === 0x47)) return "video/mp2t"; // MPEG-TS sync byte
  if (b[4] === 0x47 && (b.length < 193 || b[192] === 0x47)) return "video/mp2t"; // M2TS/MTS (4-byte timecode + TS)
  if (ascii(b, 0, "#!AMR")) return "audio/amr";
  if (ascii(b, 0, "FORM")) return "audio/aiff";
  if (ascii(b, 0, ".snd")) return "audio/basic";
  if (ascii(b, 0, "caff")) return "audio/x-caf";
  return null;
}

export const looksLikeMedia = (head: Uint8Array) => sniffMediaType(head) !== null;

/** Splits off the first bytes of a stream for sniffing and returns them with a stream that still has everything. */
export async function peek(stream: ReadableStream<Uint8Array>, bytes = SNIFF_BYTES) {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let have = 0;
  let ended = false;
  while (have < bytes) {
    const next = await reader.read();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    have += next.value.length;
  }
  const head = new Uint8Array(have);
  let at = 0;
  for (const c of chunks) {
    head.set(c, at);
    at += c.length;
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      if (head.length) controller.enqueue(head);
      if (ended) controller.close();
    },
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { head, stream: rest };
}
