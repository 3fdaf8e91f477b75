import type { AppType } from "@verbatim/worker/app-type";
import { hc } from "hono/client";
import { NO_SPEAKER_RECOGNITION } from "../entities/transcription/speaker-choice";
import { uploadForm } from "../features/upload/lib/upload-form";
import { needsResumable, worthCompressing } from "../features/upload/lib/validation";
import { db, type QueuedUploadRow } from "../lib/db";
import { type QueuedUploadMessage, queuedUploadLock, UPLOAD_SYNC_TAG } from "../lib/upload-sync";
import { UPLOAD_FAILED_STATUS } from "../lib/xhr";

declare const self: ServiceWorkerGlobalScope;

/** The upload route, typed by the Worker's routes as the page's client is (lib/api pulls in the page's i18n). */
const uploadRoute = hc<AppType>(self.location.origin).api.transcriptions.upload;

// Background Sync: files queued while offline (chosen offline, shared to the app, cut off) are sent by the
// service worker when the connection returns, even if no tab is open. Only what goes as one plain request:
// files the page would compress (ffmpeg.wasm) or send in resumable parts wait for the page, which sends them
// when it is next open. Each file is sent under a lock the page honours too, so none is sent twice.

type Outcome = "sent" | "skipped" | "retry";

const sendableHere = (row: QueuedUploadRow) =>
  !row.failure &&
  !needsResumable(row.size) &&
  !worthCompressing({ size: row.size, type: row.fileType, name: row.fileName });

async function announce(message: QueuedUploadMessage) {
  for (const client of await self.clients.matchAll({ type: "window" })) client.postMessage(message);
}

async function sendOne(key: string): Promise<Outcome> {
  // Still queued? The page may have sent it meanwhile.
  const row = await db.queuedUploads.get(key);
  if (!row) return "skipped";
  const body = uploadForm(row.file, row.fileName, row.language ?? null, row.speakers ?? NO_SPEAKER_RECOGNITION);
  // Into the space it was chosen for (absent: personal), as the page's own upload sends it.
  const url = uploadRoute.$url({ query: { space: row.space ?? undefined } });
  const response = await fetch(url, { method: "POST", body, credentials: "include" });
  if (response.ok) {
    await db.queuedUploads.delete(key);
    await announce({ type: "queued-upload-sent", key, transcription: await response.json() });
    return "sent";
  }
  if (response.status >= 500 || response.status === 401 || response.status === 429) return "retry";
  // Refused for good (too long, plan limit, not a recording…): the file stays, with the reason, for the list and
  // the upload screen to show until the user tries again or removes it.
  const message = await refusalMessage(response);
  await db.queuedUploads.update(key, { failure: { message, status: response.status, at: Date.now() } });
  await announce({ type: "queued-upload-failed", key, message, status: response.status });
  return "skipped";
}

/** The server's words for a refusal ({ message }), else the status the page words itself. */
async function refusalMessage(response: Response) {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return typeof body?.message === "string" ? body.message : `${UPLOAD_FAILED_STATUS}${response.status}`;
}

async function sendQueued() {
  const rows = await db.queuedUploads.orderBy("createdAt").toArray();
  let retry = false;
  for (const row of rows.filter(sendableHere)) {
    const outcome = await navigator.locks
      .request(queuedUploadLock(row.key), { ifAvailable: true }, (lock) => (lock ? sendOne(row.key) : "skipped"))
      .catch((): Outcome => "retry");
    if (outcome === "retry") retry = true;
  }
  // Failing the event makes the browser try again later, with its own backoff.
  // i18n-ignore: tells the browser to retry; never shown.
  if (retry) throw new Error("Some queued uploads could not be sent yet");
}

interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export function registerBackgroundSync() {
  self.addEventListener("sync", (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === UPLOAD_SYNC_TAG) sync.waitUntil(sendQueued());
  });
}
