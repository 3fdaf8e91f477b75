import { useCallback, useEffect, useState } from "react";
import type { InterruptedUploadRow } from "@/lib/db";
import { abortResumable } from "../api/upload-api";
import { forgetInterrupted, listInterrupted } from "../lib/interrupted";
import { itemFingerprint } from "../lib/resume";
import { useUploads } from "../lib/upload-store";

/**
 * Large uploads this user left unfinished on this device, except those whose file is picked again (they show
 * as a row of their own). Read again whenever an upload ends, since ending one forgets it.
 */
export function useInterruptedUploads(userId: string | undefined) {
  const items = useUploads();
  const [rows, setRows] = useState<InterruptedUploadRow[]>([]);
  const ended = items.filter((i) => i.status === "processing" || i.status === "error").length;

  const reload = useCallback(async () => {
    setRows(userId ? await listInterrupted(userId).catch(() => []) : []);
  }, [userId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ended` is the signal to read again, not an input.
  useEffect(() => {
    void reload();
  }, [reload, ended]);

  const picked = new Set(userId ? items.map((item) => itemFingerprint(userId, item)) : []);

  /** Gives up on one: the server drops the parts it holds. */
  const discard = async (row: InterruptedUploadRow) => {
    await abortResumable(row.uploadId).catch(() => undefined); // already gone is fine
    await forgetInterrupted(row.fingerprint);
    await reload();
  };

  return { rows: rows.filter((row) => !picked.has(row.fingerprint)), discard };
}
