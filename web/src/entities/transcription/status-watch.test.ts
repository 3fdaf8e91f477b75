import { afterEach, describe, expect, test, vi } from "vitest";

afterEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe("announceOnce", () => {
  test("a completion is announced once, also after the next page load", async () => {
    const first = await import("./status-watch");
    expect(first.announceOnce("t1@2026-01-01T00:00:00.000Z")).toBe(true);
    expect(first.announceOnce("t1@2026-01-01T00:00:00.000Z")).toBe(false);
    vi.resetModules();
    const reloaded = await import("./status-watch");
    expect(reloaded.announceOnce("t1@2026-01-01T00:00:00.000Z")).toBe(false);
    // A later run of the same transcription (reprocess) finishes at another time: announced again.
    expect(reloaded.announceOnce("t1@2026-01-02T00:00:00.000Z")).toBe(true);
  });
});
