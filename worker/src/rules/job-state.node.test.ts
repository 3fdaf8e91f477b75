import { isActive, TRANSCRIPTION_STATUSES } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { afterFailure, CHUNK_STATUSES, jobSettings, nextChunkStatus, nextStatus, readyToJoin } from "./job-state";

describe("the transcription's status", () => {
  it("is active while PENDING, PROCESSING or REPROCESSING, and only then", () => {
    expect(TRANSCRIPTION_STATUSES.filter(isActive)).toEqual(["PENDING", "PROCESSING", "REPROCESSING"]);
  });

  it("moves only along the allowed transitions", () => {
    // Every (status, event) pair: where it goes, or "refused".
    const table = Object.fromEntries(
      TRANSCRIPTION_STATUSES.map((s) => [
        s,
        Object.fromEntries(
          (["start", "complete", "completeWithErrors", "fail", "reprocess", "reanalyze"] as const).map((e) => [
            e,
            nextStatus(s, e) ?? "refused",
          ]),
        ),
      ]),
    );
    expect(table).toEqual({
      PENDING: {
        start: "PROCESSING",
        complete: "COMPLETED",
        completeWithErrors: "COMPLETED_WITH_ERRORS",
        fail: "FAILED",
        reprocess: "refused",
        reanalyze: "refused",
      },
      PROCESSING: {
        start: "refused",
        complete: "COMPLETED",
        completeWithErrors: "COMPLETED_WITH_ERRORS",
        fail: "FAILED",
        reprocess: "refused",
        reanalyze: "refused",
      },
      REPROCESSING: {
        start: "refused",
        complete: "COMPLETED",
        completeWithErrors: "COMPLETED_WITH_ERRORS",
        fail: "FAILED",
        reprocess: "refused",
        reanalyze: "refused",
      },
      COMPLETED: {
        start: "refused",
        complete: "refused",
        completeWithErrors: "refused",
        fail: "refused",
        reprocess: "REPROCESSING",
        reanalyze: "PROCESSING",
      },
      COMPLETED_WITH_ERRORS: {
        start: "refused",
        complete: "refused",
        completeWithErrors: "refused",
        fail: "refused",
        reprocess: "REPROCESSING",
        reanalyze: "PROCESSING",
      },
      FAILED: {
        start: "refused",
        complete: "refused",
        completeWithErrors: "refused",
        fail: "FAILED",
        reprocess: "REPROCESSING",
        reanalyze: "PROCESSING",
      },
    });
  });
});

describe("a chunk's status", () => {
  it("moves only along the allowed transitions", () => {
    const table = Object.fromEntries(
      CHUNK_STATUSES.map((s) => [
        s,
        Object.fromEntries(
          (["lease", "done", "retry", "fail", "reset"] as const).map((e) => [e, nextChunkStatus(s, e) ?? "refused"]),
        ),
      ]),
    );
    expect(table).toEqual({
      PENDING: { lease: "PROCESSING", done: "refused", retry: "refused", fail: "refused", reset: "PENDING" },
      PROCESSING: { lease: "PROCESSING", done: "DONE", retry: "PENDING", fail: "FAILED", reset: "PENDING" },
      DONE: { lease: "refused", done: "refused", retry: "refused", fail: "refused", reset: "PENDING" },
      FAILED: { lease: "refused", done: "refused", retry: "refused", fail: "refused", reset: "PENDING" },
    });
  });
});

describe("joining the transcript", () => {
  const done = { status: "DONE" as const };
  it("waits for a chunked upload to be sealed, and for every chunk", () => {
    expect(readyToJoin({ source: "chunks", chunksExpected: null }, [done, done])).toBe(false);
    expect(readyToJoin({ source: "chunks", chunksExpected: 3 }, [done, done])).toBe(false);
    expect(readyToJoin({ source: "chunks", chunksExpected: 2 }, [done, { status: "PROCESSING" }])).toBe(false);
    expect(readyToJoin({ source: "chunks", chunksExpected: 2 }, [done, done])).toBe(true);
  });

  it("treats a single file as sealed, but never joins nothing", () => {
    expect(readyToJoin({ source: "file", chunksExpected: null }, [done])).toBe(true);
    expect(readyToJoin({ source: "file", chunksExpected: null }, [])).toBe(false);
  });
});

describe("retries", () => {
  const settings = jobSettings({ JOB_MAX_ATTEMPTS: "5", JOB_RETRY_BASE_SECONDS: "10" });
  it("back off exponentially up to the last attempt, then give up", () => {
    expect([1, 2, 3, 4].map((a) => afterFailure(settings, a, true))).toEqual([
      { retry: true, delaySeconds: 10 },
      { retry: true, delaySeconds: 20 },
      { retry: true, delaySeconds: 40 },
      { retry: true, delaySeconds: 80 },
    ]);
    expect(afterFailure(settings, 5, true)).toEqual({ retry: false });
  });

  it("never retry a failure that will not pass (a broken file)", () => {
    expect(afterFailure(settings, 1, false)).toEqual({ retry: false });
  });

  it("cap the delay at 15 minutes and use the defaults when unset", () => {
    expect(jobSettings({}).maxAttempts).toBe(5);
    expect(jobSettings({ JOB_RETRY_BASE_SECONDS: "600" }).retryDelaySeconds(3)).toBe(900);
  });
});
