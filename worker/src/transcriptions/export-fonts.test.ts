import { env } from "cloudflare:test";
import { unzipSync } from "fflate";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, errorMessage, signUp } from "../../test/http";
import { seedTranscription } from "../../test/transcriptions";
import { FONTS_PREFIX } from "../export";

// A file of its own: the fonts are kept per isolate once read, and this isolate has read none when the test starts.
const HEBREW = `${FONTS_PREFIX}NotoSansHebrew-Regular.ttf`;
const MISSING = "PDF fonts are not installed: assets/fonts/NotoSansHebrew-Regular.ttf is missing from the MEDIA bucket";
const segments = [{ start: 0, end: 3, speaker: "Noa", text: "שלום עולם" }];

let saved: ArrayBuffer | undefined;
afterEach(async () => {
  if (saved) await env.MEDIA.put(HEBREW, saved);
  saved = undefined;
  vi.restoreAllMocks();
});

describe("a PDF export on a server whose R2 lacks a font", () => {
  it("answers 500 naming the missing font, logs it, and works once the font is uploaded", async () => {
    saved = await (await env.MEDIA.get(HEBREW))?.arrayBuffer();
    expect(saved).toBeDefined();
    await env.MEDIA.delete(HEBREW);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { user, cookie } = await signUp();
    const id = await seedTranscription(user.id, "Hebrew", segments, "he");
    // Text in fonts that are there still exports.
    expect((await api(`/api/transcriptions/${id}/export?format=txt`, { cookie })).status).toBe(200);

    const res = await api(`/api/transcriptions/${id}/export?format=pdf`, { cookie });
    expect(res.status).toBe(500);
    expect(await errorMessage(res)).toBe(MISSING);
    expect(logged.mock.calls.flat().join("\n")).toContain("scripts/upload-assets.mjs");

    // In a ZIP, the transcription is left out with the same reason.
    const other = await seedTranscription(user.id, "Latin", [{ start: 0, end: 2, text: "Hello there." }]);
    const zip = await api("/api/transcriptions/export", {
      method: "POST",
      cookie,
      json: { ids: [id, other], format: "pdf" },
    });
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(new TextDecoder().decode(files["export-errors.txt"])).toContain(`Hebrew (${id}): ${MISSING}`);

    await env.MEDIA.put(HEBREW, saved as ArrayBuffer);
    const fixed = await api(`/api/transcriptions/${id}/export?format=pdf`, { cookie });
    expect(fixed.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await fixed.arrayBuffer()).subarray(0, 5))).toBe("%PDF-");
  });
});
