import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { resumableUploadSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, signUp } from "../../test/http";
import { createDb } from "../db/client";
import worker from "../index";
import { abortAbandonedUploads, UPLOAD_TTL_MS } from "./expiry";

const DAY = 24 * 60 * 60 * 1000;

async function openUpload(cookie: string) {
  const res = await api("/api/uploads", {
    method: "POST",
    cookie,
    json: { fileName: "offsite.wav", fileType: "audio/wav", size: 10 },
  });
  return (await readJson(res, resumableUploadSchema)).id;
}

describe("unfinished resumable uploads", () => {
  it("are given up after seven days, freeing their parts; newer ones stay open", async () => {
    const { cookie } = await signUp();
    const [old, recent] = [await openUpload(cookie), await openUpload(cookie)];
    const eightDaysAgo = new Date(Date.now() - 8 * DAY).toISOString();
    await env.DB.prepare("UPDATE uploads SET created_at = ? WHERE id = ?").bind(eightDaysAgo, old).run();

    expect(UPLOAD_TTL_MS).toBe(7 * DAY);
    // The minute cron does it.
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);

    const gone = await api(`/api/uploads/${old}`, { cookie });
    expect(gone.status).toBe(409);
    expect(await gone.json()).toEqual({ message: "This upload is already aborted" });
    expect((await api(`/api/uploads/${recent}`, { cookie })).status).toBe(200);
    // R2 let go of the multipart upload: nothing more can be added to it.
    const row = await env.DB.prepare("SELECT status, r2_key, r2_upload_id FROM uploads WHERE id = ?")
      .bind(old)
      .first<{ status: string; r2_key: string; r2_upload_id: string }>();
    expect(row?.status).toBe("ABORTED");
    await expect(
      env.MEDIA.resumeMultipartUpload(row?.r2_key ?? "", row?.r2_upload_id ?? "").uploadPart(1, "late"),
    ).rejects.toThrow();
    // Nothing is left to give up on a second pass.
    expect(await abortAbandonedUploads(createDb(env.DB), env.MEDIA)).toBe(0);
  });
});
