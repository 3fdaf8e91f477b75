import type { CompressedUploadRow } from "@/lib/db";

// What a compressed upload has done so far, on the device: ffmpeg.wasm's output (the whole recording and each
// piece, written as they are produced) and what the server acknowledged. A reload, a closed tab or a crash
// then costs neither the compression nor the pieces already sent. Everything is per user and file
// (the fingerprint), deleted once the upload finishes, is given up, or the user signs out.
const loadDb = () => import("@/lib/db").then((m) => m.db);

const AUDIO = "audio";
const chunkPart = (idx: number) => `chunk-${idx}`;

/** A compressed upload as kept: its record, the whole recording and the pieces cut so far (by index). */
export interface KeptCompression {
  row: CompressedUploadRow;
  audio: Blob | undefined;
  chunks: Array<Blob | undefined>;
}

export async function loadCompression(fingerprint: string): Promise<KeptCompression | null> {
  const db = await loadDb();
  const row = await db.compressedUploads.get(fingerprint);
  if (!row) return null;
  const blobs = await db.compressedBlobs.where("fingerprint").equals(fingerprint).toArray();
  const audio = blobs.find((b) => b.part === AUDIO)?.blob;
  const chunks: Array<Blob | undefined> = [];
  for (const b of blobs) {
    const idx = /^chunk-(\d+)$/.exec(b.part)?.[1];
    if (idx !== undefined) chunks[Number(idx)] = b.blob;
  }
  return { row, audio, chunks };
}

/** The compressed recording, as soon as ffmpeg has encoded it (the record starts with it). */
export async function keepAudio(row: Omit<CompressedUploadRow, "createdAt">, audio: Blob) {
  const db = await loadDb();
  await db.transaction("rw", [db.compressedUploads, db.compressedBlobs], async () => {
    await db.compressedUploads.put({ ...row, createdAt: Date.now() });
    await db.compressedBlobs.put({ fingerprint: row.fingerprint, part: AUDIO, blob: audio });
  });
}

/** One piece, as soon as it is cut. */
export async function keepChunk(fingerprint: string, idx: number, blob: Blob) {
  const db = await loadDb();
  await db.transaction("rw", [db.compressedUploads, db.compressedBlobs], async () => {
    const row = await db.compressedUploads.get(fingerprint);
    if (!row) return;
    const chunkBytes = [...row.chunkBytes];
    chunkBytes[idx] = blob.size;
    await db.compressedUploads.update(fingerprint, { chunkBytes });
    await db.compressedBlobs.put({ fingerprint, part: chunkPart(idx), blob });
  });
}

/** What the server acknowledged: the transcription created, a piece or the recording stored. */
export async function recordSent(
  fingerprint: string,
  patch: { transcriptionId: string | null } | { chunk: number } | { mediaSent: true },
) {
  const db = await loadDb();
  await db.transaction("rw", db.compressedUploads, async () => {
    const row = await db.compressedUploads.get(fingerprint);
    if (!row) return;
    if ("transcriptionId" in patch)
      await db.compressedUploads.update(fingerprint, {
        transcriptionId: patch.transcriptionId,
        sentChunks: [],
        mediaSent: false,
      });
    else if ("chunk" in patch)
      await db.compressedUploads.update(fingerprint, { sentChunks: [...new Set([...row.sentChunks, patch.chunk])] });
    else await db.compressedUploads.update(fingerprint, { mediaSent: true });
  });
}

/** Bytes the server holds of this upload, and the bytes it needs in all (known once every piece is cut). */
export function sentBytes(row: CompressedUploadRow, chunkCount: number) {
  const sent = row.sentChunks.reduce((sum, idx) => sum + (row.chunkBytes[idx] ?? 0), 0);
  const cut = row.chunkBytes.filter((n) => n !== undefined && n !== null).length;
  const total = cut === chunkCount ? row.audioBytes + row.chunkBytes.reduce((a, b) => a + (b ?? 0), 0) : null;
  return { sent: sent + (row.mediaSent ? row.audioBytes : 0), total };
}

export async function listCompressions(userId: string): Promise<CompressedUploadRow[]> {
  const db = await loadDb();
  return db.compressedUploads.where("userId").equals(userId).sortBy("createdAt");
}

export async function forgetCompression(fingerprint: string) {
  const db = await loadDb();
  await db.transaction("rw", [db.compressedUploads, db.compressedBlobs], async () => {
    await db.compressedUploads.delete(fingerprint);
    await db.compressedBlobs.where("fingerprint").equals(fingerprint).delete();
  });
}

/** Sign-out: no recording of the user's may stay on the device. */
export async function forgetAllCompressions() {
  const db = await loadDb();
  await Promise.all([db.compressedUploads.clear(), db.compressedBlobs.clear()]);
}
