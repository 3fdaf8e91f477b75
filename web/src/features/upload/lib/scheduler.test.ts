import type { Transcription } from "@verbatim/shared/transcription";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { toast } from "@/components/ui/toast";
import type { SpeakerChoice } from "@/entities/transcription/speaker-choice";
import { db } from "@/lib/db";
import { UPLOAD_ABORTED, UploadError } from "@/lib/xhr";
import { uploadSingle } from "../api/upload-api";
import { PARALLEL_FILES, PREPARE_MS } from "./scheduler";
import { abortUpload, addFiles, forgetUploads, resumeQueued, startUploads } from "./upload-manager";
import { getUploads, setUploads } from "./upload-store";

vi.mock("@/components/ui/toast", () => ({ toast: vi.fn() }));
vi.mock("../api/upload-api", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../api/upload-api")>()),
  uploadSingle: vi.fn(),
}));

/** Each upload request the scheduler makes, to be answered by the test. */
interface Request {
  name: string;
  language: string | null;
  speakers: SpeakerChoice;
  signal: AbortSignal;
  accept: () => void;
  refuse: (error: unknown) => void;
}
let requests: Request[] = [];
let online = true;

beforeEach(() => {
  requests = [];
  online = true;
  vi.spyOn(navigator, "onLine", "get").mockImplementation(() => online);
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  vi.mocked(uploadSingle).mockImplementation((_file, name, language, speakers, _progress, signal) => {
    return new Promise<Transcription>((resolve, reject) => {
      const transcription = { id: `t-${name}`, status: "PENDING" } as Transcription;
      requests.push({ name, language, speakers, signal, accept: () => resolve(transcription), refuse: reject });
      signal.addEventListener("abort", () => reject(new UploadError(UPLOAD_ABORTED, 0)));
    });
  });
});
afterEach(async () => {
  await forgetUploads();
  vi.useRealTimers();
  vi.clearAllMocks();
  vi.restoreAllMocks();
});

const audio = (name: string) => new File([new Uint8Array(1000)], name, { type: "audio/mpeg" });
const statuses = () => getUploads().map((item) => `${item.name}:${item.status}`);
/** Lets the pause before each upload pass, and every promise settle. */
const prepare = () => vi.advanceTimersByTimeAsync(PREPARE_MS);

describe("the upload scheduler", () => {
  test(`sends ${PARALLEL_FILES} files at once; the next starts when one ends`, async () => {
    addFiles([audio("a.mp3"), audio("b.mp3"), audio("c.mp3")]);
    await startUploads("user-1", { compress: true, language: "de" });
    expect(statuses()).toEqual(["a.mp3:preparing", "b.mp3:preparing", "c.mp3:waiting"]);
    await prepare();
    expect(requests.map((r) => r.name)).toEqual(["a.mp3", "b.mp3"]);
    expect(statuses()).toEqual(["a.mp3:uploading", "b.mp3:uploading", "c.mp3:waiting"]);

    requests[1]?.accept();
    await prepare();
    expect(requests.map((r) => r.name)).toEqual(["a.mp3", "b.mp3", "c.mp3"]);
    expect(statuses()).toEqual(["a.mp3:uploading", "b.mp3:processing", "c.mp3:uploading"]);
    expect(toast).not.toHaveBeenCalled();

    requests[0]?.accept();
    requests[2]?.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses()).toEqual(["a.mp3:processing", "b.mp3:processing", "c.mp3:processing"]);
    expect(getUploads().map((item) => item.transcriptionId)).toEqual(["t-a.mp3", "t-b.mp3", "t-c.mp3"]);
    expect(requests.every((r) => r.language === "de")).toBe(true);
    // One toast for the batch, once nothing is left to send.
    expect(toast).toHaveBeenCalledTimes(1);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: "Upload successful",
        description: "3 files are being processed for transcription.",
      }),
    );
  });

  test("a refused file shows the server's words and frees its slot; a retry sends it again", async () => {
    history.replaceState(null, "", "/upload");
    addFiles([audio("a.mp3")]);
    await startUploads("user-1", { compress: false });
    await prepare();
    requests[0]?.refuse(new UploadError("Upload failed with status 413", 413, "File too large"));
    await vi.advanceTimersByTimeAsync(0);
    expect(getUploads()[0]).toMatchObject({ status: "error", error: "File too large", errorStatus: 413 });
    // Said once, on its row: no toast over the screen that lists it.
    expect(toast).not.toHaveBeenCalled();

    await startUploads("user-1", { compress: false });
    await prepare();
    expect(requests).toHaveLength(2);
    requests[1]?.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses()).toEqual(["a.mp3:processing"]);
  });

  test("aborting a file being sent, or one waiting for a slot, ends it as 'Upload aborted' and starts the next", async () => {
    addFiles([audio("a.mp3"), audio("b.mp3"), audio("c.mp3"), audio("d.mp3")]);
    await startUploads("user-1", { compress: false });
    await prepare();
    abortUpload(getUploads()[3]?.key ?? "");
    expect(getUploads()[3]).toMatchObject({ status: "error", error: UPLOAD_ABORTED });

    abortUpload(getUploads()[0]?.key ?? "");
    expect(requests[0]?.signal.aborted).toBe(true);
    await prepare();
    expect(getUploads()[0]).toMatchObject({ status: "error", error: UPLOAD_ABORTED });
    expect(requests.map((r) => r.name)).toEqual(["a.mp3", "b.mp3", "c.mp3"]);
  });

  test("offline, the files wait in IndexedDB with their language and speaker choice, and go out after a reload when the network returns", async () => {
    online = false;
    const speakers = { diarize: true, numSpeakers: 3 };
    addFiles([audio("a.mp3")]);
    await startUploads("user-1", { compress: false, language: "fr", speakers });
    expect(statuses()).toEqual(["a.mp3:queued"]);
    const [row] = await db.queuedUploads.toArray();
    expect(row).toMatchObject({ userId: "user-1", fileName: "a.mp3", language: "fr", speakers });
    expect(requests).toHaveLength(0);

    setUploads([]); // a reload: only IndexedDB remembers the file
    online = true;
    await resumeQueued("user-1");
    await prepare();
    expect(requests.map((r) => [r.name, r.language, r.speakers])).toEqual([["a.mp3", "fr", speakers]]);
    requests[0]?.accept();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses()).toEqual(["a.mp3:processing"]);
    expect(await db.queuedUploads.count()).toBe(0);
  });

  test("a connection lost mid-upload queues the file instead of failing it", async () => {
    addFiles([audio("a.mp3")]);
    await startUploads("user-1", { compress: false });
    await prepare();
    online = false;
    requests[0]?.refuse(new UploadError("Network error occurred during upload", 0));
    await vi.waitFor(() => expect(statuses()).toEqual(["a.mp3:queued"]), { timeout: 2000 });
    expect(toast).not.toHaveBeenCalled();
    expect(await db.queuedUploads.count()).toBe(1);
  });
});
