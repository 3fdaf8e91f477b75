import { transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { testFile, waitUntilDone } from "../../test/transcriptions";

function uploadWithLanguage(cookie: string, bytes: Uint8Array, language: string) {
  const form = new FormData();
  form.append("language", language); // before the file: the upload is read as a stream
  form.append("file", new File([bytes], "jfk.flac", { type: "audio/flac" }));
  return api("/api/transcriptions/upload", { method: "POST", body: form, cookie });
}

describe("the spoken language given at upload", () => {
  it("refuses a language the engines do not know, and stores nothing", async () => {
    const { cookie } = await signUp();
    const res = await uploadWithLanguage(cookie, await testFile("jfk.flac"), "klingon");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Language must be a language code such as en, de or fr" });
    expect(await (await api("/api/transcriptions", { cookie })).json()).toEqual([]);
  });

  it("is kept on the transcription and the recording is transcribed in it", async () => {
    const { cookie } = await signUp();
    const res = await uploadWithLanguage(cookie, await testFile("jfk.flac"), "EN");
    expect(res.status).toBe(201);
    const created = await readJson(res, transcriptionSchema);
    expect(created.language).toBe("en");
    const { t } = await waitUntilDone(cookie, created.id);
    expect(t.status).toBe("COMPLETED");
    expect(t.language).toBe("en");
  });
});
