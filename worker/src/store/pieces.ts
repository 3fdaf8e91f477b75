/**
 * The same bytes in pieces of `bytes` each (the last one shorter). A request body arrives in reads of a few
 * KiB; written on to R2 one piece per write, a 19 MB recording took 0.7–0.96 s to store in local R2, against
 * 0.54–0.81 s in 1 MiB pieces, since each write crosses into R2 with its own overhead.
 */
export function inPiecesOf(bytes: number, source: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let rest: Uint8Array | null = null; // what the last read held beyond a full piece
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const piece = new Uint8Array(bytes);
      let fill = 0;
      while (fill < bytes) {
        let chunk = rest;
        rest = null;
        if (!chunk) {
          const next = await reader.read();
          if (next.done) break;
          chunk = next.value;
        }
        const take = Math.min(chunk.length, bytes - fill);
        piece.set(chunk.subarray(0, take), fill);
        fill += take;
        if (take < chunk.length) rest = chunk.subarray(take);
      }
      if (fill > 0) controller.enqueue(fill === bytes ? piece : piece.slice(0, fill));
      if (fill < bytes) controller.close();
    },
    cancel: (reason) => reader.cancel(reason),
  });
}
