// Recognises audio/video containers by their first bytes, so a renamed text file is refused at upload
// instead of failing later in the engine. The list covers every format the product claims (spec §1).

const ascii = (bytes: Uint8Array, at: number, text: string) =>
  [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

export const SNIFF_BYTES = 64;

export function looksLikeMedia(head: Uint8Array): boolean {
  const b = head;
  if (b.length < 4) return false;
  if (ascii(b, 0, "ID3")) return true; // MP3 with ID3 tag
  if (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0) return true; // MPEG audio frame or ADTS AAC
  if (ascii(b, 0, "RIFF") && (ascii(b, 8, "WAVE") || ascii(b, 8, "AVI "))) return true;
  if (ascii(b, 0, "OggS") || ascii(b, 0, "fLaC")) return true; // OGG/OGV/Opus, FLAC
  if (ascii(b, 4, "ftyp") || ascii(b, 4, "moov") || ascii(b, 4, "mdat") || ascii(b, 4, "wide") || ascii(b, 4, "free"))
    return true; // MP4, M4A, MOV/QuickTime, 3GP
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return true; // WebM/Matroska (EBML)
  if (b[0] === 0x30 && b[1] === 0x26 && b[2] === 0xb2 && b[3] === 0x75) return true; // ASF: WMA/WMV
  if (b[0] === 0x00 && b[1] === 0x00 && b[2] === 0x01 && ((b[3] ?? 0) === 0xba || (b[3] ?? 0) === 0xb3)) return true; // MPEG-PS/VOB/MPG
  if (b[0] === 0x47 && (b.length < 189 || b[188] === 0x47)) return true; // MPEG-TS sync byte
  if (b[4] === 0x47 && (b.length < 193 || b[192] === 0x47)) return true; // M2TS/MTS (4-byte timecode + TS)
  if (ascii(b, 0, "#!AMR") || ascii(b, 0, "FORM") || ascii(b, 0, ".snd") || ascii(b, 0, "caff")) return true;
  return false;
}

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
