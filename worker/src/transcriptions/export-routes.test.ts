import { transcriptionSchema } from "@verbatim/shared";
import { says } from "@verbatim/testing/stable-words";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { seedTranscription, testFile, upload, waitUntilDone } from "../../test/transcriptions";
import { hindi } from "../export/test-fixtures";

/** Entry names from a ZIP's central directory (signature PK\1\2; name length at +28, name at +46). */
function zipEntryNames(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const names: string[] = [];
  for (let i = 0; i + 46 <= bytes.length; i++) {
    if (view.getUint32(i, true) !== 0x02014b50) continue;
    const len = view.getUint16(i + 28, true);
    names.push(new TextDecoder().decode(bytes.subarray(i + 46, i + 46 + len)));
    i += 45 + len;
  }
  return names;
}

async function completedUpload(cookie: string, name: string) {
  const { id } = await readJson(
    await upload(cookie, await testFile("jfk.mp3"), name, "audio/mpeg"),
    transcriptionSchema,
  );
  await waitUntilDone(cookie, id);
  return id;
}

describe("exporting transcriptions", () => {
  it("downloads each format with its type and a safe file name", async () => {
    const { cookie } = await signUp();
    const id = await completedUpload(cookie, 'Réunion "Q3".mp3');
    const expected: Record<string, string> = {
      txt: "text/plain",
      srt: "application/x-subrip",
      vtt: "text/vtt",
      csv: "text/csv",
      json: "application/json",
      pdf: "application/pdf",
      docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    };
    for (const [format, type] of Object.entries(expected)) {
      const res = await api(`/api/transcriptions/${id}/export?format=${format}`, { cookie });
      expect([format, res.status]).toEqual([format, 200]);
      expect(res.headers.get("Content-Type")).toContain(type);
      const disposition = res.headers.get("Content-Disposition") ?? "";
      expect(disposition).toContain(`filename*=UTF-8''R%C3%A9union%20%27Q3%27_transcript.${format}`);
      expect(disposition).toContain(`filename="Reunion 'Q3'_transcript.${format}"`);
      const body = new Uint8Array(await res.arrayBuffer());
      expect(body.length).toBeGreaterThan(50);
      if (format === "txt") {
        const txt = new TextDecoder().decode(body);
        expect(txt).toMatch(/^\[00:00\] \S/);
        expect(says(txt), txt).toBe(true);
      }
      if (format === "pdf") expect(new TextDecoder().decode(body.subarray(0, 5))).toBe("%PDF-");
      if (format === "docx") expect(body.subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
    }
    const bad = await api(`/api/transcriptions/${id}/export?format=exe`, { cookie });
    expect(bad.status).toBe(400);
  });

  it("exports a Hindi (Devanagari) title and transcript as a PDF", async () => {
    const { user, cookie } = await signUp();
    const id = await seedTranscription(user.id, hindi.name ?? "", hindi.segments ?? [], "hi");
    const res = await api(`/api/transcriptions/${id}/export?format=pdf`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    const body = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(body.subarray(0, 5))).toBe("%PDF-");
    expect(new TextDecoder().decode(body.subarray(-6))).toContain("%%EOF");
  });

  it("writes a DOCX's headings in the language the user chose in Settings", async () => {
    const { user, cookie } = await signUp();
    const id = await seedTranscription(user.id, "Wochenplanung", hindi.segments ?? [], "hi");
    const docxXml = async () => {
      const res = await api(`/api/transcriptions/${id}/export?format=docx`, { cookie });
      expect(res.status).toBe(200);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      return new TextDecoder().decode(files["word/document.xml"]);
    };
    expect(await docxXml()).toContain(">Transcript<");
    const saved = await api("/api/user/preferences", { method: "PUT", cookie, json: { general: { language: "de" } } });
    expect(saved.status).toBe(200);
    const german = await docxXml();
    expect(german).toContain(">Transkript<");
    expect(german).toContain(">Datum: ");
  });

  it("bundles several into one ZIP with an entry each, and only the user's own", async () => {
    const { cookie } = await signUp();
    const a = await completedUpload(cookie, "standup.mp3");
    const b = await completedUpload(cookie, "standup.mp3");
    const res = await api("/api/transcriptions/export", {
      method: "POST",
      cookie,
      json: { ids: [a, b], format: "srt" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(zipEntryNames(new Uint8Array(await res.arrayBuffer())).sort()).toEqual([
      "standup_transcript (2).srt",
      "standup_transcript.srt",
    ]);

    const other = await signUp();
    expect((await api(`/api/transcriptions/${a}/export?format=txt`, { cookie: other.cookie })).status).toBe(404);
    const theirs = await api("/api/transcriptions/export", {
      method: "POST",
      cookie: other.cookie,
      json: { ids: [a], format: "txt" },
    });
    expect(theirs.status).toBe(404);
  });
});
