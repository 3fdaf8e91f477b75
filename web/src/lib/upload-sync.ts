// Background Sync of the upload queue, shared by the page (which asks for it) and the service worker (which
// sends on the `sync` event: sw/background-sync.ts).

export const UPLOAD_SYNC_TAG = "verbatim-queued-uploads";

/** Held by whoever sends a queued file (page or service worker), so it is never sent twice. */
export const queuedUploadLock = (key: string) => `verbatim-queued-upload-${key}`;

/** What the service worker tells open pages once it sent a queued file. */
export interface QueuedUploadSent {
  type: "queued-upload-sent";
  key: string;
  transcription: unknown;
}

/** What the service worker tells open pages once the server refused a queued file (kept with the reason). */
export interface QueuedUploadFailed {
  type: "queued-upload-failed";
  key: string;
  message: string;
  status: number;
}

export type QueuedUploadMessage = QueuedUploadSent | QueuedUploadFailed;

export const isQueuedUploadSent = (data: unknown): data is QueuedUploadSent =>
  typeof data === "object" && data !== null && (data as { type?: unknown }).type === "queued-upload-sent";

export const isQueuedUploadFailed = (data: unknown): data is QueuedUploadFailed =>
  typeof data === "object" && data !== null && (data as { type?: unknown }).type === "queued-upload-failed";

/** Background Sync's registration API (not in TypeScript's DOM types yet). */
type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/**
 * Asks the browser to wake the service worker when the connection returns, to send the queued files even if
 * every tab is closed by then. Where Background Sync is missing, the page sends them when it is next open.
 */
export async function requestUploadSync() {
  const registration = (await navigator.serviceWorker?.getRegistration()) as SyncRegistration | undefined;
  await registration?.sync?.register(UPLOAD_SYNC_TAG).catch(() => undefined);
}
