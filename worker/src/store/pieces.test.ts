import { describe, expect, it } from "vitest";
import { inPiecesOf } from "./pieces";

/** `size` bytes numbered 0, 1, 2, … (mod 251, so a piece out of place shows), read `step` at a time. */
function source(size: number, step: number) {
  const bytes = Uint8Array.from({ length: size }, (_, i) => i % 251);
  let at = 0;
  let cancelled: unknown = null;
  const stream = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= size) return c.close();
      c.enqueue(bytes.slice(at, at + step));
      at += step;
    },
    cancel(reason) {
      cancelled = reason;
    },
  });
  return { bytes, stream, cancelled: () => cancelled };
}

async function read(stream: ReadableStream<Uint8Array>) {
  const pieces: Uint8Array[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

const joined = (pieces: Uint8Array[]) => {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe("the recording sent to the engine in pieces", () => {
  it("small reads are gathered into whole pieces, every byte once and in order", async () => {
    const { bytes, stream } = source(10_000, 96);
    const pieces = await read(inPiecesOf(4096, stream));
    expect(pieces.map((p) => p.length)).toEqual([4096, 4096, 1808]);
    expect(joined(pieces)).toEqual(bytes);
  });

  it("a read larger than a piece is split, and a length that is a whole number of pieces ends cleanly", async () => {
    const { bytes, stream } = source(8192, 5000);
    const pieces = await read(inPiecesOf(2048, stream));
    expect(pieces.map((p) => p.length)).toEqual([2048, 2048, 2048, 2048]);
    expect(joined(pieces)).toEqual(bytes);
  });

  it("an empty recording gives no piece", async () => {
    expect(await read(inPiecesOf(2048, source(0, 10).stream))).toEqual([]);
  });

  it("cancelling (the engine went away) cancels the read from storage", async () => {
    const s = source(100_000, 100);
    const reader = inPiecesOf(1024, s.stream).getReader();
    await reader.read();
    await reader.cancel("engine gone");
    expect(s.cancelled()).toBe("engine gone");
  });
});
