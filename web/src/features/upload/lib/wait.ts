import { UPLOAD_ABORTED, UploadError } from "@/lib/xhr";

/** Resolves after `ms`, or rejects with 'Upload aborted' when the signal fires first. */
export function sleep(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(new UploadError(UPLOAD_ABORTED, 0));
    const timer = setTimeout(done, ms);
    function done() {
      signal.removeEventListener("abort", abort);
      resolve();
    }
    function abort() {
      clearTimeout(timer);
      reject(new UploadError(UPLOAD_ABORTED, 0));
    }
    signal.addEventListener("abort", abort, { once: true });
  });
}

/** Resolves once the browser is online again (at once if it is). */
export function untilOnline(signal: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    if (navigator.onLine) return resolve();
    const online = () => {
      signal.removeEventListener("abort", abort);
      resolve();
    };
    const abort = () => {
      removeEventListener("online", online);
      reject(new UploadError(UPLOAD_ABORTED, 0));
    };
    addEventListener("online", online, { once: true });
    signal.addEventListener("abort", abort, { once: true });
  });
}
