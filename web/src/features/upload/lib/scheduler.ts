import { SUBSCRIPTION_QUERY_KEY } from "@/entities/subscription/subscription-api";
import { WORKSPACES_KEY } from "@/entities/workspace/workspaces-api";
import { queryClient } from "@/lib/query-client";
import { UPLOAD_ABORTED } from "@/lib/xhr";
import { keepFailure, sendOnce } from "./offline-uploads";
import { accepted, failed } from "./outcome";
import { findInterruptedUpload } from "./resume";
import { sendCompressed, sendOriginal } from "./send";
import { findUpload, getUploads, isRunning, updateUpload, uploadUser } from "./upload-store";
import { sleep } from "./wait";

/** The pause before an upload starts. */
export const PREPARE_MS = 500;
/** Files sent at once; each large file also sends three parts in parallel. */
export const PARALLEL_FILES = 2;

/** One per file being sent: aborting it stops that file. */
const controllers = new Map<string, AbortController>();

/** Starts waiting files while fewer than PARALLEL_FILES are being sent; called again whenever one ends. */
export function pump() {
  const items = getUploads();
  const running = items.filter(isRunning).length;
  const next = items.filter((i) => i.status === "waiting").slice(0, Math.max(0, PARALLEL_FILES - running));
  for (const item of next) void run(item.key);
}

async function run(key: string) {
  const controller = new AbortController();
  controllers.set(key, controller);
  const space = findUpload(key)?.space ?? null;
  updateUpload(key, { status: "preparing" });
  let failure: Promise<void> | undefined;
  try {
    await sleep(PREPARE_MS, controller.signal);
    const found = findUpload(key);
    if (!found) return;
    // The same file cut short earlier (a reload, a closed tab) continues as it started: uncompressed, sending
    // only the parts the server does not hold yet.
    const interrupted = found.uploadId ?? (await findInterruptedUpload(found));
    const item = interrupted ? { ...found, uploadId: interrupted, compress: false } : found;
    // Accepted meanwhile: the service worker sent this queued file (Background Sync) while it waited here.
    if (findUpload(key)?.status !== "preparing") return;
    const transcription = await sendOnce(
      key,
      async () =>
        (item.compress ? await sendCompressed(item, controller.signal) : null) ??
        (await sendOriginal(item, controller.signal)),
    );
    // Null: the service worker sent this queued file first, and its message marks the row accepted.
    if (transcription) accepted(key, transcription);
  } catch (error) {
    // Stops the other parts of a resumable upload still in flight.
    controller.abort();
    // The row says why at once, which frees the slot; keeping the file on the device goes on meanwhile.
    failure = failed(key, error);
  } finally {
    controllers.delete(key);
    // Accepted or refused, the month's usage shown beside the form may have changed: a team's is in its listing.
    void queryClient.invalidateQueries({
      queryKey: space === null ? SUBSCRIPTION_QUERY_KEY : WORKSPACES_KEY,
      exact: true,
    });
    pump();
  }
  await failure;
}

/** Stops a file being sent (or waiting to be); it ends as 'Upload aborted' and can be retried or removed. */
export function abortUpload(key: string) {
  const controller = controllers.get(key);
  const item = findUpload(key);
  if (controller) controller.abort();
  else if (item?.status === "waiting") {
    updateUpload(key, { status: "error", error: UPLOAD_ABORTED });
    void keepFailure(item, { message: UPLOAD_ABORTED, status: null }, uploadUser());
  }
}

export function abortAll() {
  for (const controller of controllers.values()) controller.abort();
}
