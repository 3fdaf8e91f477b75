import type { Transcription } from "@verbatim/shared/transcription";
import { createElement } from "react";
import { LinkedText } from "@/components/ui/linked-text";
import { toast } from "@/components/ui/toast";
import { observeStatus } from "@/entities/transcription/status-watch";
import { TRANSCRIPTIONS_KEY } from "@/entities/transcription/transcriptions-api";
import { ApiError } from "@/lib/api";
import { localizeMessage, translate } from "@/lib/i18n";
import { queryClient } from "@/lib/query-client";
import { UPLOAD_ABORTED, UploadError } from "@/lib/xhr";
import { abortResumable } from "../api/upload-api";
import { dropQueued, keepFailure, queueOffline } from "./offline-uploads";
import { abandonCompressionOf, forgetInterruptedOf } from "./resume";
import { findUpload, getUploads, isSending, updateUpload, uploadUser } from "./upload-store";

// What happens to a file's row, its stored copies and the user's view once its upload ended.

export function accepted(key: string, transcription: Transcription) {
  const item = findUpload(key);
  if (item) forgetInterruptedOf(item);
  updateUpload(key, { status: "processing", progress: 100, transcriptionId: transcription.id, uploadId: null });
  // Seen as PENDING here, so the list announces its completion even if it finishes before the list loads.
  observeStatus(transcription.id, transcription.status);
  dropQueued(key);
  void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY });
  const items = getUploads();
  if (items.some(isSending)) return;
  const sent = items.filter((i) => i.status === "processing").length;
  toast({
    title: translate("upload.toast.success"),
    description: translate("upload.toast.processing", { count: sent }),
  });
}

export async function failed(key: string, error: unknown) {
  const item = findUpload(key);
  if (!item) return;
  const aborted = error instanceof UploadError && error.aborted;
  if (aborted && item.uploadId) void abortResumable(item.uploadId).catch(() => undefined);
  if (aborted) abandonCompressionOf(item);
  // A connection lost mid-upload is not the user's problem to solve: the file waits for the network.
  const userId = uploadUser();
  if (!aborted && !navigator.onLine && userId) {
    await queueOffline(item, userId);
    return;
  }
  const message = aborted ? UPLOAD_ABORTED : uploadErrorMessage(error);
  const status = (error instanceof ApiError || error instanceof UploadError) && error.status > 0 ? error.status : null;
  // A refusal (4xx) means starting over; a network failure keeps the upload id, so a retry resumes.
  const refused = status !== null && status >= 400 && status < 500;
  if (aborted || refused) forgetInterruptedOf(item);
  updateUpload(key, {
    status: "error",
    error: message,
    errorStatus: status,
    uploadId: aborted || refused ? null : item.uploadId,
  });
  // Shown once: the upload screen's row and the list's notice say it where they are open; elsewhere, a toast.
  if (!showsUploadFailures(location.pathname))
    toast({
      variant: "destructive",
      title: translate("upload.toast.failed"),
      description: createElement(LinkedText, { text: localizeMessage(message) }),
    });
  // Never dropped silently: the file stays on the device, with the reason, until the user acts on it.
  await keepFailure(item, { message, status }, userId);
}

/** The service worker's refusal of a queued file (already kept with its reason on the device): the row shows it. */
export function refusedInBackground(key: string, message: string, status: number) {
  if (findUpload(key)?.status !== "queued") return;
  updateUpload(key, { status: "error", error: message, errorStatus: status });
  if (!showsUploadFailures(location.pathname))
    toast({
      variant: "destructive",
      title: translate("upload.toast.failed"),
      description: createElement(LinkedText, { text: localizeMessage(message) }),
    });
}

/** The screens that list failed uploads (the transcriptions list and the upload screen). */
const showsUploadFailures = (path: string) => path === "/" || path === "/dashboard" || path === "/upload";

/** The server's words when it gave some (e.g. 'File cannot be empty'), else the transport's; shown through localizeMessage. */
export function uploadErrorMessage(error: unknown) {
  if (error instanceof UploadError) return error.serverMessage ?? error.message;
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return translate("upload.errors.generic");
}
