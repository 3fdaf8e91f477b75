import type { Db } from "../db/client";
import { appendLog, updateTranscription } from "../transcriptions/repository";

/** Ends a job for good, with a reason a user can act on (it stays retryable through Reprocess). */
export async function failTranscription(db: Db, id: string, reason: string) {
  await updateTranscription(db, id, { status: "FAILED", errorMessage: reason, leaseUntil: null });
  await appendLog(db, id, `Failed: ${reason}`, "error");
}
