import type { TranscriptDraftRow } from "@/lib/db";

// Unsaved transcript edits wait in IndexedDB until the server has them, so a reload keeps them.
const loadDb = () => import("@/lib/db").then((m) => m.db);

export type TranscriptDraft = TranscriptDraftRow;

// Writes run one after another in the order they were asked for: a delete asked for after a save is never
// overtaken by it (which would bring discarded edits back at the next reload).
let queue: Promise<unknown> = Promise.resolve();
function inOrder<T>(op: () => Promise<T>): Promise<T> {
  const next = queue.then(op, op);
  queue = next.catch(() => undefined);
  return next;
}

export function saveDraft(draft: TranscriptDraft) {
  return inOrder(async () => {
    await (await loadDb()).transcriptDrafts.put(draft);
  });
}

export function loadDraft(transcriptionId: string): Promise<TranscriptDraft | null> {
  return inOrder(async () => (await (await loadDb()).transcriptDrafts.get(transcriptionId)) ?? null);
}

export function deleteDraft(transcriptionId: string) {
  return inOrder(async () => {
    await (await loadDb()).transcriptDrafts.delete(transcriptionId);
  });
}

/** Sign-out: another user of this device must not find the edits. */
export function forgetAllDrafts() {
  return inOrder(async () => {
    await (await loadDb()).transcriptDrafts.clear();
  });
}
