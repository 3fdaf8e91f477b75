import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { api, errorMessage, signUp } from "../../test/http";
import { seedTranscription } from "../../test/transcriptions";
// Imported here, the mocked module loads in the test's context: the mock's factory cannot run inside a request.
import { exportFileName } from "../export";
import { hindi, meeting } from "../export/test-fixtures";

// No known transcript makes a renderer fail (the last one was Hindi text in a PDF), so the renderer is made
// to fail here for transcriptions with this name: everything else runs the real code.
const { UNRENDERABLE } = vi.hoisted(() => ({ UNRENDERABLE: "Unrenderable" }));
vi.mock("../export", async (importOriginal) => {
  const real = await importOriginal<typeof import("../export")>();
  return {
    ...real,
    exportTranscription: async (...args: Parameters<typeof real.exportTranscription>) => {
      if (args[0].name === UNRENDERABLE) throw new Error("simulated renderer failure");
      return real.exportTranscription(...args);
    },
  };
});

const bulk = (cookie: string, ids: string[]) =>
  api("/api/transcriptions/export", { method: "POST", cookie, json: { ids, format: "pdf" } });

describe("a bulk export where a transcription fails to render", () => {
  it("still answers a whole ZIP: the others, and export-errors.txt naming the one left out", async () => {
    const { user, cookie } = await signUp();
    const good = await seedTranscription(user.id, hindi.name ?? "", hindi.segments ?? [], "hi");
    const bad = await seedTranscription(user.id, UNRENDERABLE, meeting.segments ?? []);

    const res = await bulk(cookie, [bad, good]);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const name = exportFileName(hindi, "pdf");
    expect(Object.keys(files)).toEqual([name, "export-errors.txt"]);
    const pdf = files[name] ?? new Uint8Array();
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe("%PDF-");
    // Which one and why, without the internal error.
    expect(new TextDecoder().decode(files["export-errors.txt"])).toBe(
      "These could not be exported and are not in this archive:\n\n" +
        `${UNRENDERABLE} (${bad}): could not be rendered as PDF\n`,
    );
  });

  it("answers an error, not an empty ZIP, when every transcription fails", async () => {
    const { user, cookie } = await signUp();
    const bad = await seedTranscription(user.id, UNRENDERABLE, meeting.segments ?? []);
    const res = await bulk(cookie, [bad]);
    expect(res.status).toBe(500);
    expect(await errorMessage(res)).toBe("None of the selected transcriptions could be exported as PDF");
  });
});
