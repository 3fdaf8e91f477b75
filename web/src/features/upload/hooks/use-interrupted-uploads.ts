import { useCallback, useEffect, useState } from "react";
import { abortResumable } from "../api/upload-api";
import { chunkPlan } from "../lib/chunk-plan";
import { listCompressions, sentBytes } from "../lib/compressed-store";
import { forgetInterrupted, listInterrupted } from "../lib/interrupted";
import { abandonCompression, itemFingerprint } from "../lib/resume";
import { continueCompressed } from "../lib/upload-manager";
import { useUploads } from "../lib/upload-store";

/** An upload this user left unfinished on this device, as the notice shows it. */
export interface UnfinishedUpload {
  key: string;
  fileName: string;
  /** The original file's size. */
  size: number;
  /**
   * "compressed": the compressed recording is kept here, so it continues without the file; "original": a large
   * file sent as it is, which continues when the same file is chosen again.
   */
  kind: "compressed" | "original";
  /** An original's server upload id (resumable API), which Discard aborts. */
  uploadId?: string;
  /** Bytes the server already holds, and of how many (null while unknown). */
  sent: number;
  of: number | null;
  createdAt: number;
}

async function listUnfinished(userId: string): Promise<UnfinishedUpload[]> {
  const [originals, compressed] = await Promise.all([listInterrupted(userId), listCompressions(userId)]);
  const rows: UnfinishedUpload[] = [
    ...originals.map((row) => ({
      key: row.fingerprint,
      fileName: row.fileName,
      size: row.size,
      kind: "original" as const,
      uploadId: row.uploadId,
      sent: row.sentBytes ?? 0,
      of: row.size,
      createdAt: row.createdAt,
    })),
    ...compressed.map((row) => {
      const { sent, total } = sentBytes(row, chunkPlan(row.duration).length);
      const kind = "compressed" as const;
      return {
        key: row.fingerprint,
        fileName: row.fileName,
        size: row.size,
        kind,
        sent,
        of: total,
        createdAt: row.createdAt,
      };
    }),
  ];
  return rows.sort((a, b) => a.createdAt - b.createdAt);
}

/**
 * Uploads this user left unfinished on this device, except those being sent again (they show as a row of their
 * own). Read again whenever an upload ends, since ending one forgets it.
 */
export function useInterruptedUploads(userId: string | undefined) {
  const items = useUploads();
  const [rows, setRows] = useState<UnfinishedUpload[]>([]);
  const ended = items.filter((i) => i.status === "processing" || i.status === "error").length;

  const reload = useCallback(async () => {
    setRows(userId ? await listUnfinished(userId).catch(() => []) : []);
  }, [userId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ended` is the signal to read again, not an input.
  useEffect(() => {
    void reload();
  }, [reload, ended]);

  const picked = new Set(userId ? items.flatMap((item) => [itemFingerprint(userId, item), item.resumeKey ?? ""]) : []);

  /** Gives up on one: the server drops what it holds of it, and the device what it kept. */
  const discard = async (row: UnfinishedUpload) => {
    if (row.kind === "compressed") await abandonCompression(row.key);
    else {
      if (row.uploadId) await abortResumable(row.uploadId).catch(() => undefined); // already gone is fine
      await forgetInterrupted(row.key);
    }
    await reload();
  };

  /** Sends the rest of a compressed one from what this device kept. */
  const resume = async (row: UnfinishedUpload) => {
    if (userId && !(await continueCompressed(userId, row.key))) await reload();
  };

  return { rows: rows.filter((row) => !picked.has(row.key)), discard, resume };
}
