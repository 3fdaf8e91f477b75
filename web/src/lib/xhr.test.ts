import { afterEach, expect, test, vi } from "vitest";
import { z } from "zod";
import { NETWORK_ERROR, UPLOAD_ABORTED, UploadError, xhrUpload } from "./xhr";

/** An XMLHttpRequest that never answers; the test aborts it as the browser or the caller would. */
class PendingXhr {
  static last: PendingXhr;
  upload = { onprogress: null };
  withCredentials = false;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  constructor() {
    PendingXhr.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {}
  abort() {
    this.onabort?.();
    this.onloadend?.();
  }
}

afterEach(() => vi.unstubAllGlobals());

const upload = (signal: AbortSignal) =>
  xhrUpload({ method: "PUT", url: new URL("http://app/x"), schema: z.object({}), body: "x", signal });

test("an abort the caller asks for is the user's: 'Upload aborted'", async () => {
  vi.stubGlobal("XMLHttpRequest", PendingXhr);
  const controller = new AbortController();
  const sent = upload(controller.signal);
  controller.abort();
  const error = await sent.catch((e: UploadError) => e);
  expect(error).toBeInstanceOf(UploadError);
  expect(error.message).toBe(UPLOAD_ABORTED);
});

test("an abort by the browser (the page unloading) is a lost connection, which an upload may resume from", async () => {
  vi.stubGlobal("XMLHttpRequest", PendingXhr);
  const sent = upload(new AbortController().signal);
  PendingXhr.last.abort();
  const error = await sent.catch((e: UploadError) => e);
  expect(error.message).toBe(NETWORK_ERROR);
  expect(error.aborted).toBe(false);
});
