import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { NETWORK_ERROR, UPLOAD_ABORTED, UploadError } from "@/lib/xhr";
import { withRetry } from "./retry";

let online = true;

beforeEach(() => {
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** An attempt that fails with each of `errors` in turn, then succeeds. */
function flaky(...errors: unknown[]) {
  return vi.fn(async () => {
    const error = errors.shift();
    if (error) throw error;
    return "done";
  });
}

describe("withRetry", () => {
  test("a server hiccup, throttling or a lost connection is tried again, with growing pauses", async () => {
    const attempt = flaky(
      new UploadError("Upload failed with status 503", 503),
      new ApiError(429, "", "Too Many Requests"),
      new TypeError("fetch failed"),
    );
    const result = withRetry(attempt, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(0);
    expect(attempt).toHaveBeenCalledTimes(1);
    // The first pause is between 0.5 and 1.5 s (1 s with jitter), the second between 1 and 3 s.
    await vi.advanceTimersByTimeAsync(1500);
    expect(attempt).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000 + 6000);
    await expect(result).resolves.toBe("done");
    expect(attempt).toHaveBeenCalledTimes(4);
  });

  test("a refusal (4xx) fails at once, without another try", async () => {
    const refusal = new UploadError("Upload failed with status 413", 413, "File too large");
    const attempt = flaky(refusal);
    await expect(withRetry(attempt, new AbortController().signal)).rejects.toBe(refusal);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  test("after six failed tries it gives up with the network error", async () => {
    const attempt = vi.fn(async () => {
      throw new ApiError(502, "", "Bad Gateway");
    });
    const result = withRetry(attempt, new AbortController().signal);
    const outcome = expect(result).rejects.toEqual(new UploadError(NETWORK_ERROR, 0));
    await vi.advanceTimersByTimeAsync(2 ** 6 * 1500);
    await outcome;
    expect(attempt).toHaveBeenCalledTimes(6);
  });

  test("offline, it waits for the network instead of spending tries", async () => {
    online = false;
    const attempt = flaky(new TypeError("fetch failed"));
    const result = withRetry(attempt, new AbortController().signal);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(1);
    online = true;
    dispatchEvent(new Event("online"));
    await expect(result).resolves.toBe("done");
    expect(attempt).toHaveBeenCalledTimes(2);
  });

  test("aborting during a pause stops it with 'Upload aborted'", async () => {
    const controller = new AbortController();
    const attempt = flaky(new UploadError("Upload failed with status 500", 500));
    const result = withRetry(attempt, controller.signal);
    const outcome = expect(result).rejects.toEqual(new UploadError(UPLOAD_ABORTED, 0));
    await vi.advanceTimersByTimeAsync(100);
    controller.abort();
    await outcome;
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
