import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { UPLOAD_ABORTED } from "@/lib/xhr";

// Failed uploads are kept (issue 34): a file the server refuses, whether it was queued offline or chosen online,
// stays on the device with its reason, across a reload, until the user tries again or removes it. A "reload" here
// is a fresh copy of the modules (their in-memory state gone) over the same IndexedDB (fake-indexeddb).

/** The answer of every upload request a test makes: none, until it says. */
const server = vi.hoisted(() => ({ answer: null as null | (() => Promise<never>) }));
vi.mock("../api/upload-api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api/upload-api")>()),
  uploadSingle: () => server.answer?.() ?? new Promise(() => undefined),
}));

const USER = "u1";
const REFUSAL =
  "The Free plan includes 3 transcriptions a month, and this month's are used up. Upgrade to Pro for unlimited transcriptions: /subscription";

let online = false;

/** The upload store's modules as a page load would get them. */
async function load() {
  const manager = await import("./upload-manager");
  const outcome = await import("./outcome");
  const store = await import("./upload-store");
  const { db } = await import("@/lib/db");
  // The page's own error class: a copy from before a reload would not be recognised as one.
  const { UploadError } = await import("@/lib/xhr");
  return { ...manager, ...outcome, ...store, db, UploadError };
}

/** A file chosen offline: queued in IndexedDB. */
async function queueOne(app: Awaited<ReturnType<typeof load>>) {
  app.addFiles([new File(["RIFF"], "standup.mp3", { type: "audio/mpeg" })]);
  await app.startUploads(USER, { compress: false });
  const [item] = app.getUploads();
  if (!item) throw new Error("no row");
  expect(item.status).toBe("queued");
  return item.key;
}

/** The network returned and the server refused the queued file with 402. */
async function refuse(app: Awaited<ReturnType<typeof load>>, key: string) {
  online = true;
  await app.failed(key, new app.UploadError("Upload failed with status 402", 402, REFUSAL));
}

async function reload() {
  vi.resetModules();
  const app = await load();
  await app.resumeQueued(USER);
  return app;
}

beforeEach(() => {
  online = false;
  server.answer = null;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
});
afterEach(async () => {
  const { db } = await import("@/lib/db");
  await db.queuedUploads.clear();
  vi.restoreAllMocks();
  vi.resetModules();
});

describe("a queued upload the server refuses", () => {
  test("is kept with its reason, and shown again after a reload", async () => {
    const app = await load();
    const key = await queueOne(app);
    await refuse(app, key);
    expect(app.findUpload(key)).toMatchObject({ status: "error", error: REFUSAL, errorStatus: 402 });
    expect((await app.db.queuedUploads.get(key))?.failure).toMatchObject({ message: REFUSAL, status: 402 });

    const again = await reload();
    expect(again.getUploads()).toEqual([
      expect.objectContaining({ key, name: "standup.mp3", status: "error", error: REFUSAL, errorStatus: 402 }),
    ]);
  });

  test("is not sent again by itself when the app starts online", async () => {
    const app = await load();
    const key = await queueOne(app);
    await refuse(app, key);
    const again = await reload();
    // Still refused, not waiting for a slot: only "Try again" sends it.
    expect(again.findUpload(key)?.status).toBe("error");
  });

  test("Try again queues it again, with the reason cleared", async () => {
    const app = await load();
    const key = await queueOne(app);
    await refuse(app, key);
    const again = await reload();
    online = false;
    await again.retryUpload(key);
    expect(again.findUpload(key)).toMatchObject({ status: "queued", error: null, errorStatus: null });
    const row = await again.db.queuedUploads.get(key);
    expect(row?.fileName).toBe("standup.mp3");
    expect(row?.failure).toBeUndefined();

    const third = await (async () => {
      vi.resetModules();
      const fresh = await load();
      await fresh.resumeQueued(USER);
      return fresh;
    })();
    expect(third.findUpload(key)?.status).toBe("queued");
  });

  test("Remove drops it from the device", async () => {
    const app = await load();
    const key = await queueOne(app);
    await refuse(app, key);
    const again = await reload();
    again.removeUpload(key);
    expect(again.getUploads()).toEqual([]);
    await vi.waitFor(async () => expect(await again.db.queuedUploads.get(key)).toBeUndefined());

    const third = await reload();
    expect(third.getUploads()).toEqual([]);
  });
});

describe("an upload chosen online that fails", () => {
  /** A file chosen online and sent; the server refuses it with `status` and `reason`. */
  async function sendOne(app: Awaited<ReturnType<typeof load>>, status: number, reason: string) {
    online = true;
    server.answer = () => Promise.reject(new app.UploadError(`Upload failed with status ${status}`, status, reason));
    app.addFiles([new File(["RIFF"], "standup.mp3", { type: "audio/mpeg" })]);
    await app.startUploads(USER, { compress: false });
    const [item] = app.getUploads();
    if (!item) throw new Error("no row");
    await vi.waitFor(async () => expect((await app.db.queuedUploads.get(item.key))?.failure).toBeDefined(), {
      timeout: 3000,
    });
    return item.key;
  }

  test.each([
    [402, REFUSAL],
    [413, "File too large"],
  ])("refused with %i: kept with its reason across a reload, and not sent again by itself", async (status, reason) => {
    const app = await load();
    const key = await sendOne(app, status, reason);
    expect(app.findUpload(key)).toMatchObject({ status: "error", error: reason, errorStatus: status });

    const again = await reload();
    expect(again.getUploads()).toEqual([
      expect.objectContaining({ key, name: "standup.mp3", status: "error", error: reason, errorStatus: status }),
    ]);
  });

  test("Remove drops it from the device: it stays gone after a reload", async () => {
    const app = await load();
    const key = await sendOne(app, 402, REFUSAL);
    const again = await reload();
    again.removeUpload(key);
    expect(again.getUploads()).toEqual([]);
    await vi.waitFor(async () => expect(await again.db.queuedUploads.get(key)).toBeUndefined());
    expect((await reload()).getUploads()).toEqual([]);
  });

  test("Try again after a reload sends it; once accepted, nothing is left on the device", async () => {
    const app = await load();
    const key = await sendOne(app, 402, REFUSAL);
    const again = await reload();
    server.answer = () => Promise.resolve({ id: "t1", status: "PENDING" }) as never;
    await again.retryUpload(key);
    await vi.waitFor(() => expect(again.findUpload(key)?.status).toBe("processing"), { timeout: 3000 });
    await vi.waitFor(async () => expect(await again.db.queuedUploads.get(key)).toBeUndefined());
  });

  test("one stopped while it waited for a slot is kept too, as stopped", async () => {
    const app = await load();
    online = true;
    app.addFiles(["a.mp3", "b.mp3", "c.mp3"].map((name) => new File(["RIFF"], name, { type: "audio/mpeg" })));
    await app.startUploads(USER, { compress: false });
    const waiting = app.getUploads().find((item) => item.status === "waiting");
    if (!waiting) throw new Error("no file waits for a slot");
    app.abortUpload(waiting.key);
    await vi.waitFor(async () => expect((await app.db.queuedUploads.get(waiting.key))?.failure).toBeDefined());

    const again = await reload();
    expect(again.findUpload(waiting.key)).toMatchObject({ status: "error", error: UPLOAD_ABORTED });
  });
});
