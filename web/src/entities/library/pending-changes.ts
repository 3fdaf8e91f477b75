import { ApiError, api, send } from "@/lib/api";
import { libraryFor, type PendingChangeRow } from "./library-db";

// Renames and deletions made while offline: applied to the device library at once (the list shows them), kept
// in order, and sent in that order when the connection returns. Each is sent with If-Match, the version the
// user saw; a change made elsewhere meanwhile wins (412), and the offline change is dropped and reported.

export type OfflineChange = Pick<PendingChangeRow, "transcriptionId" | "kind" | "name">;

const listeners = new Set<() => void>();
/** Called whenever changes are queued or sent (the "waiting to sync" marks follow it). */
export function onPendingChanges(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const announce = () => {
  for (const listener of listeners) listener();
};

/** Keeps a change made offline and applies it to the library; `seenUpdatedAt` when the library lacks the row. */
export async function queueChange(userId: string, change: OfflineChange, seenUpdatedAt: string) {
  const lib = libraryFor(userId);
  await lib.transaction("rw", [lib.pendingChanges, lib.transcriptions, lib.transcripts], async () => {
    const row = await lib.transcriptions.get(change.transcriptionId);
    await lib.pendingChanges.add({ ...change, baseUpdatedAt: row?.updated_at ?? seenUpdatedAt, createdAt: Date.now() });
    if (change.kind === "rename")
      await lib.transcriptions.update(change.transcriptionId, { name: change.name ?? null });
    else {
      await lib.transcriptions.delete(change.transcriptionId);
      await lib.transcripts.delete(change.transcriptionId);
    }
  });
  announce();
}

export const pendingChanges = (userId: string) => libraryFor(userId).pendingChanges.orderBy("seq").toArray();

/** What became of a change once sent: done, refused because it changed elsewhere, or refused for a reason. */
export type SentChange = PendingChangeRow & { outcome: "applied" | "conflict" | "gone" | "refused"; message?: string };
type Sender = (change: PendingChangeRow) => Promise<Pick<SentChange, "outcome" | "message">>;

/** A status that says the change itself will never be accepted; anything else is tried again later. */
const final = (status: number) => status === 400 || status === 404 || status === 412 || status === 422;

const sendChange: Sender = async (change) => {
  const options = { headers: { "If-Match": `"${change.baseUpdatedAt}"` } };
  const param = { id: change.transcriptionId };
  try {
    if (change.kind === "rename")
      await send(api.transcriptions[":id"].rename.$patch({ param, json: { name: change.name ?? "" } }, options));
    else await send(api.transcriptions[":id"].$delete({ param }, options));
    return { outcome: "applied" };
  } catch (error) {
    if (!(error instanceof ApiError) || !final(error.status)) throw error;
    if (error.status === 412) return { outcome: "conflict" };
    // Deleted elsewhere: a delete is done; a rename has nothing left to rename.
    if (error.status === 404) return { outcome: change.kind === "delete" ? "applied" : "gone" };
    return { outcome: "refused", message: error.serverMessage ?? error.message };
  }
};

/**
 * Sends the waiting changes in order. It stops at the first that cannot be sent now (offline, signed out, a
 * server error), so a later change never overtakes an earlier one; that one and the rest wait for next time.
 */
export async function sendPendingChanges(userId: string, sender: Sender = sendChange): Promise<SentChange[]> {
  const lib = libraryFor(userId);
  const sent: SentChange[] = [];
  for (;;) {
    const next = await lib.pendingChanges.orderBy("seq").first();
    if (!next?.seq) break;
    const result = await sender(next).catch(() => null);
    if (!result) break;
    await lib.pendingChanges.delete(next.seq);
    sent.push({ ...next, ...result });
  }
  if (sent.length > 0) announce();
  return sent;
}
