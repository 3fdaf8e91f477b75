import type { Transcription } from "@verbatim/shared/transcription";
import { toast } from "@/components/ui/toast";
import { ApiError } from "@/lib/api";
import { SUBSCRIPTION_QUERY_KEY } from "@/entities/subscription/subscription-api";
import { queryClient } from "@/lib/query-client";
import { createStore } from "@/lib/store";
import { setUploadsInFlight } from "@/lib/uploads-in-flight";
import { UPLOAD_ABORTED, UploadError } from "@/lib/xhr";
import { TRANSCRIPTIONS_KEY } from "@/entities/transcription/transcriptions-api";
import { observeStatus } from "@/entities/transcription/status-watch";
import { abortResumable, uploadSingle } from "../api/upload-api";
import { fingerprint, findInterrupted, forgetAllInterrupted, forgetInterrupted, rememberInterrupted } from "./interrupted";
import { deleteQueued, discardAllQueued, loadQueued, saveQueued } from "./offline-queue";
import { uploadChunked } from "./chunked";
import { uploadResumable } from "./resumable";
import { needsResumable, worthCompressing } from "./validation";
import { sleep } from "./wait";

/**
 * Spec §4 upload flow, per file: idle → preparing (0.5 s) → uploading → processing (the server accepted it and
 * transcribes) or error. `queued` waits offline in IndexedDB; `waiting` waits for a free upload slot;
 * `compressing` reduces a video or long recording to speech audio in the browser before uploading.
 */
export type UploadStatus =
  | "idle"
  | "queued"
  | "waiting"
  | "preparing"
  | "compressing"
  | "uploading"
  | "processing"
  | "error";

export interface UploadItem {
  key: string;
  file: Blob;
  name: string;
  type: string;
  size: number;
  status: UploadStatus;
  /** Percent of the bytes sent (from the browser's real upload progress), or of the audio compressed. */
  progress: number;
  error: string | null;
  transcriptionId: string | null;
  /** Resumable uploads: the server's upload id, so a retry sends only the missing parts. */
  uploadId: string | null;
  /** Compress in the browser first (videos and long recordings, when the user keeps the option on). */
  compress: boolean;
  /** The spoken language the user chose (a Whisper code); null = the engine detects it. */
  language: string | null;
}

/** Spec §9: the pause before an upload starts. */
export const PREPARE_MS = 500;
/** Files sent at once; each large file also sends three parts in parallel. */
const PARALLEL_FILES = 2;

const store = createStore<UploadItem[]>([]);
export const useUploads = store.use;

export const isSending = (item: UploadItem) =>
  item.status === "waiting" || item.status === "preparing" || item.status === "compressing" || item.status === "uploading";
store.subscribe(() => setUploadsInFlight(store.get().some(isSending)));

const controllers = new Map<string, AbortController>();
let currentUserId: string | null = null;

function update(key: string, patch: Partial<UploadItem>) {
  store.set((items) => items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
}
const find = (key: string) => store.get().find((item) => item.key === key);

/** How an interrupted large upload of this file was remembered (see ./interrupted). */
export const itemFingerprint = (userId: string, item: UploadItem) =>
  fingerprint(userId, {
    name: item.name,
    size: item.size,
    type: item.type,
    lastModified: item.file instanceof File ? item.file.lastModified : undefined,
  });

/** Forgets the remembered upload id of a file whose upload finished or cannot continue. */
function forgetInterruptedOf(item: UploadItem) {
  if (currentUserId && needsResumable(item.size)) void forgetInterrupted(itemFingerprint(currentUserId, item)).catch(() => undefined);
}

export function addFiles(files: File[]) {
  const added = files.map<UploadItem>((file) => ({
    key: crypto.randomUUID(),
    file,
    name: file.name,
    type: file.type,
    size: file.size,
    status: "idle",
    progress: 0,
    error: null,
    transcriptionId: null,
    uploadId: null,
    compress: worthCompressing(file),
    language: null,
  }));
  store.set((items) => [...items, ...added]);
}

/** Removes a file that is not being sent (idle, queued, or failed). */
export function removeUpload(key: string) {
  const item = find(key);
  if (!item || !["idle", "queued", "error"].includes(item.status)) return;
  store.set((items) => items.filter((i) => i.key !== key));
  void deleteQueued(key).catch(() => undefined);
  if (item.uploadId) {
    void abortResumable(item.uploadId).catch(() => undefined);
    forgetInterruptedOf(item);
  }
}

/** Stops a file being sent (or waiting to be); it ends as 'Upload aborted' and can be retried or removed. */
export function abortUpload(key: string) {
  const controller = controllers.get(key);
  if (controller) controller.abort();
  else if (find(key)?.status === "waiting") update(key, { status: "error", error: UPLOAD_ABORTED });
}

/** Forgets files that reached the server (after the redirect to the list). */
export function clearAccepted() {
  store.set((items) => items.filter((item) => item.status !== "processing"));
}

/** Sends every idle or failed file; offline, they are queued in IndexedDB instead. */
export async function startUploads(
  userId: string,
  { compress, language = null }: { compress: boolean; language?: string | null },
) {
  currentUserId = userId;
  const toSend = store.get().filter((item) => item.status === "idle" || item.status === "error");
  for (const item of toSend) update(item.key, { compress: compress && worthCompressing(item), language });
  if (!navigator.onLine) {
    await Promise.all(toSend.map((item) => queue(item, userId)));
    return;
  }
  for (const item of toSend) update(item.key, { status: "waiting", error: null, progress: 0 });
  pump();
}

async function queue(item: UploadItem, userId: string) {
  try {
    await saveQueued({
      key: item.key,
      userId,
      file: item.file,
      fileName: item.name,
      fileType: item.type,
      size: item.size,
      createdAt: Date.now(),
      language: item.language,
    });
    update(item.key, { status: "queued", error: null, progress: 0 });
  } catch {
    // Typically the storage quota: the file stays here, to be sent by hand once online.
    update(item.key, { status: "error", error: "Not enough storage to keep this file until you're back online." });
  }
}

let resuming: Promise<void> | null = null;

/** Called by the queue runner: brings back files queued in an earlier visit, and sends them when online. */
export function resumeQueued(userId: string): Promise<void> {
  // The shell mounting and the network returning can ask at the same moment: one pass at a time, or the
  // same stored file would be restored twice.
  resuming ??= restoreAndSend(userId).finally(() => {
    resuming = null;
  });
  return resuming;
}

async function restoreAndSend(userId: string) {
  currentUserId = userId;
  const rows = await loadQueued(userId);
  const known = new Set(store.get().map((item) => item.key));
  const restored = rows
    .filter((row) => !known.has(row.key))
    .map<UploadItem>((row) => ({
      key: row.key,
      file: row.file,
      name: row.fileName,
      type: row.fileType,
      size: row.size,
      status: "queued",
      progress: 0,
      error: null,
      transcriptionId: null,
      uploadId: null,
      compress: worthCompressing({ size: row.size, type: row.fileType, name: row.fileName }),
      language: row.language ?? null,
    }));
  if (restored.length > 0) store.set((items) => [...items, ...restored]);
  if (!navigator.onLine) return;
  for (const item of store.get()) if (item.status === "queued") update(item.key, { status: "waiting" });
  pump();
}

function pump() {
  const items = store.get();
  const running = items.filter((i) => i.status === "preparing" || i.status === "compressing" || i.status === "uploading").length;
  const next = items.filter((i) => i.status === "waiting").slice(0, Math.max(0, PARALLEL_FILES - running));
  for (const item of next) void run(item.key);
}

async function run(key: string) {
  const controller = new AbortController();
  controllers.set(key, controller);
  update(key, { status: "preparing" });
  try {
    await sleep(PREPARE_MS, controller.signal);
    const found = find(key);
    if (!found) return;
    // The same file cut short earlier (a reload, a closed tab) continues as it started: uncompressed, sending
    // only the parts the server does not hold yet.
    const interrupted = found.uploadId ?? (await findInterruptedUpload(found));
    const item = interrupted ? { ...found, uploadId: interrupted, compress: false } : found;
    const transcription =
      (item.compress ? await sendCompressed(item, controller.signal) : null) ?? (await sendOriginal(item, controller.signal));
    accepted(key, transcription);
  } catch (error) {
    // Stops the other parts of a resumable upload still in flight.
    controller.abort();
    await failed(key, error);
  } finally {
    controllers.delete(key);
    // Accepted or refused, the month's usage shown beside the form may have changed.
    void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY, exact: true });
    pump();
  }
}

function findInterruptedUpload(item: UploadItem) {
  if (!currentUserId || !needsResumable(item.size)) return Promise.resolve(null);
  return findInterrupted(itemFingerprint(currentUserId, item)).catch(() => null);
}

/** The file as it is: one request below 100MB, resumable parts from there (see needsResumable). */
function sendOriginal(item: UploadItem, signal: AbortSignal) {
  update(item.key, { status: "uploading", progress: 0 });
  const onBytes = (sent: number) => update(item.key, { progress: item.size > 0 ? (sent / item.size) * 100 : 100 });
  if (!needsResumable(item.size)) {
    return uploadSingle(item.file, item.name, item.language, (loaded, total) => onBytes((loaded / total) * item.size), signal);
  }
  const userId = currentUserId;
  return uploadResumable(item.file, { fileName: item.name, fileType: item.type }, item.uploadId, signal, {
    onUploadId: (uploadId) => {
      update(item.key, { uploadId });
      if (!userId) return;
      const row = { fingerprint: itemFingerprint(userId, item), userId, uploadId, fileName: item.name, size: item.size };
      void rememberInterrupted(row).catch(() => undefined);
    },
    onProgress: onBytes,
  });
}

/**
 * Compressed speech audio in pieces (chunked API). Null when the browser cannot compress this file (the
 * engine is unavailable, or the format is one it cannot decode): the original is sent instead.
 */
async function sendCompressed(item: UploadItem, signal: AbortSignal): Promise<Transcription | null> {
  update(item.key, { status: "compressing", progress: 0 });
  let recording: Awaited<ReturnType<typeof import("./compress")["compressRecording"]>>;
  try {
    const { compressRecording } = await import("./compress");
    recording = await compressRecording(item.file, item.name, (fraction) => update(item.key, { progress: fraction * 100 }), signal);
  } catch (error) {
    if (error instanceof UploadError && error.aborted) throw error;
    console.warn(`Compressing ${item.name} failed; uploading the original`, error);
    return null;
  }
  update(item.key, { status: "uploading", progress: 0 });
  return uploadChunked(recording, item.name, item.language, signal, (sent, total) =>
    update(item.key, { progress: total > 0 ? (sent / total) * 100 : 100 }),
  );
}

function accepted(key: string, transcription: Transcription) {
  const item = find(key);
  if (item) forgetInterruptedOf(item);
  update(key, { status: "processing", progress: 100, transcriptionId: transcription.id, uploadId: null });
  // Seen as PENDING here, so the list announces its completion even if it finishes before the list loads.
  observeStatus(transcription.id, transcription.status);
  void deleteQueued(key).catch(() => undefined);
  void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY, exact: true });
  const items = store.get();
  if (items.some(isSending)) return;
  const sent = items.filter((i) => i.status === "processing").length;
  toast({
    title: "Upload successful",
    description:
      sent > 1 ? `${sent} files are being processed for transcription.` : "Your file is being processed for transcription.",
  });
}

async function failed(key: string, error: unknown) {
  const item = find(key);
  if (!item) return;
  const aborted = error instanceof UploadError && error.aborted;
  if (aborted && item.uploadId) void abortResumable(item.uploadId).catch(() => undefined);
  // A connection lost mid-upload is not the user's problem to solve: the file waits for the network.
  if (!aborted && !navigator.onLine && currentUserId) {
    await queue(item, currentUserId);
    return;
  }
  const message = aborted ? UPLOAD_ABORTED : uploadErrorMessage(error);
  // A refusal (4xx) means starting over; a network failure keeps the upload id, so a retry resumes.
  const refused = (error instanceof ApiError || error instanceof UploadError) && error.status >= 400 && error.status < 500;
  if (aborted || refused) forgetInterruptedOf(item);
  update(key, { status: "error", error: message, uploadId: aborted || refused ? null : item.uploadId });
  void deleteQueued(key).catch(() => undefined);
  toast({ variant: "destructive", title: "Upload Failed", description: message });
}

/** The server's words when it gave some (e.g. 'File cannot be empty'), else the transport's. */
function uploadErrorMessage(error: unknown) {
  if (error instanceof UploadError) return error.serverMessage ?? error.message;
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return "Could not upload file";
}

/** Sign-out: stop everything and forget the files, in memory and in IndexedDB. */
export async function forgetUploads() {
  store.set([]);
  for (const controller of controllers.values()) controller.abort();
  currentUserId = null;
  await Promise.all([discardAllQueued(), forgetAllInterrupted()]);
}
