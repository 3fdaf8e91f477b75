import { atom, useAtomValue } from "jotai";
import type { SpeakerChoice } from "@/entities/transcription/speaker-choice";
import type { SpaceId } from "@/entities/workspace/current-space";
import { appStore } from "@/lib/store";
import { setUploadsInFlight } from "@/lib/uploads-in-flight";

/**
 * The upload flow, per file: idle → preparing (0.5 s) → uploading → processing (the server accepted it and
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
  /** The HTTP status of a refusal (402: a plan limit), null otherwise; it picks the way out the row offers. */
  errorStatus: number | null;
  /**
   * Seconds of audio, read in the browser (loadedmetadata) when the file is chosen: undefined while being read,
   * null when the browser cannot tell. Files over the plan's length are marked and not sent.
   */
  duration?: number | null;
  transcriptionId: string | null;
  /** Resumable uploads: the server's upload id, so a retry sends only the missing parts. */
  uploadId: string | null;
  /** Compress in the browser first (videos and long recordings, when the user keeps the option on). */
  compress: boolean;
  /** The spoken language the user chose (a Whisper code); null = the engine detects it. */
  language: string | null;
  /** Speaker recognition as chosen on the upload screen when the file was sent. */
  speakers: SpeakerChoice;
  /** The space it goes into, chosen on the upload screen when it was sent (null: personal). */
  space: SpaceId;
  /** The fingerprint of a compression kept on the device that this row continues ("Continue" after a reload). */
  resumeKey: string | null;
}

/** The files on the upload screen; they keep going while other screens are open. */
const uploadsAtom = atom<UploadItem[]>([]);
/** Whose files these are: interrupted uploads and the offline queue are kept per user. */
const uploadUserAtom = atom<string | null>(null);

export const useUploads = () => useAtomValue(uploadsAtom, { store: appStore });
export const getUploads = () => appStore.get(uploadsAtom);
export const setUploads = (next: UploadItem[] | ((items: UploadItem[]) => UploadItem[])) =>
  appStore.set(uploadsAtom, next);
export const findUpload = (key: string) => getUploads().find((item) => item.key === key);

export function updateUpload(key: string, patch: Partial<UploadItem>) {
  setUploads((items) => items.map((item) => (item.key === key ? { ...item, ...patch } : item)));
}

export const uploadUser = () => appStore.get(uploadUserAtom);
export const setUploadUser = (userId: string | null) => appStore.set(uploadUserAtom, userId);

/** A new row in the list, not sent yet. */
export function newUpload(
  fields: Pick<UploadItem, "key" | "file" | "name" | "type" | "size" | "compress" | "language" | "speakers"> & {
    space?: SpaceId;
    status?: UploadStatus;
    resumeKey?: string | null;
    error?: string | null;
    errorStatus?: number | null;
  },
): UploadItem {
  return {
    status: "idle",
    progress: 0,
    error: null,
    errorStatus: null,
    transcriptionId: null,
    uploadId: null,
    resumeKey: null,
    space: null,
    ...fields,
  };
}

/** Taking a slot or about to: the tab asks before closing, and the form stays busy. */
export const isSending = (item: UploadItem) => item.status === "waiting" || isRunning(item);
/** Holding one of the parallel upload slots. */
export const isRunning = (item: UploadItem) =>
  item.status === "preparing" || item.status === "compressing" || item.status === "uploading";

appStore.sub(uploadsAtom, () => setUploadsInFlight(getUploads().some(isSending)));
