import type { z } from "zod";

// XMLHttpRequest, not fetch: only XHR reports upload progress (fetch has no upload progress events).
// The error texts are the spec's upload progress errors (toast 'Upload Failed'). They are also how a failure is
// recognised, so they stay as written here; screens show them in the interface's language (localizeMessage).
// i18n-ignore: shown through localizeMessage (lib/i18n/known-messages.ts)
export const UPLOAD_FAILED_STATUS = "Upload failed with status ";
// i18n-ignore: shown through localizeMessage
export const INVALID_RESPONSE = "Invalid response from server";
// i18n-ignore: shown through localizeMessage
export const NETWORK_ERROR = "Network error occurred during upload";
// i18n-ignore: shown through localizeMessage
export const UPLOAD_ABORTED = "Upload aborted";

export class UploadError extends Error {
  constructor(
    message: string,
    /** 0 for network failures and aborts. */
    readonly status: number,
    /** The server's `{message}`, when it sent one. */
    readonly serverMessage: string | null = null,
  ) {
    super(message);
    this.name = "UploadError";
  }

  get aborted() {
    return this.message === UPLOAD_ABORTED;
  }
  get network() {
    return this.message === NETWORK_ERROR;
  }
}

export interface XhrUploadOptions<S extends z.ZodType> {
  method: "POST" | "PUT";
  /** From the typed client (`api….$url()`), so the route is one the Worker has. */
  url: URL;
  /** The shared schema of the answer. */
  schema: S;
  body: XMLHttpRequestBodyInit;
  headers?: Record<string, string>;
  /** Bytes sent so far and the total, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** Sends `body` and resolves with the JSON answer checked against `schema`; rejects with an UploadError. */
export function xhrUpload<S extends z.ZodType>({
  method,
  url,
  schema,
  body,
  headers = {},
  onProgress,
  signal,
}: XhrUploadOptions<S>): Promise<z.output<S>> {
  return new Promise<z.output<S>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadError(UPLOAD_ABORTED, 0));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new UploadError(`${UPLOAD_FAILED_STATUS}${xhr.status}`, xhr.status, serverMessage(xhr.responseText)));
        return;
      }
      try {
        resolve(schema.parse(JSON.parse(xhr.responseText)));
      } catch {
        reject(new UploadError(INVALID_RESPONSE, xhr.status));
      }
    };
    xhr.onerror = () => reject(new UploadError(NETWORK_ERROR, 0));
    // Only an abort the caller asked for is the user's; the browser aborts requests itself when the page unloads
    // (a reload, a closed tab), which must not read as "the user gave up" and throw away what can be resumed.
    xhr.onabort = () => reject(new UploadError(signal?.aborted ? UPLOAD_ABORTED : NETWORK_ERROR, 0));
    const abort = () => xhr.abort();
    signal?.addEventListener("abort", abort, { once: true });
    xhr.onloadend = () => signal?.removeEventListener("abort", abort);
    xhr.send(body);
  });
}

function serverMessage(body: string): string | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string"
      ? parsed.message
      : null;
  } catch {
    return null;
  }
}
