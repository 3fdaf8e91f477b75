import { env } from "cloudflare:test";
import { resumableUploadSchema, subscriptionSchema, transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, makePro, readJson, signUp } from "../../test/http";
import { postEvent, stripeEvent, subscriptionObject } from "../../test/stripe-events";
import { getTranscription, silentWav, testFile, upload, waitUntilDone } from "../../test/transcriptions";
import { userPrefix } from "./keys";
import { periodOf, TRANSCRIPTION_LIMIT_MESSAGE } from "./plan-usage";

// The Free plan: 3 transcriptions a calendar month, up to 5 minutes each. Enforced by the server on every
// path that starts work.

const refusal = {
  message: TRANSCRIPTION_LIMIT_MESSAGE,
  limit: "transcriptions_per_month",
  upgradeUrl: "/subscription",
};

const usage = async (cookie: string) =>
  (await readJson(await api("/api/subscription", { cookie }), subscriptionSchema)).usage;

async function stored(userId: string) {
  const rows = await env.DB.prepare(
    "SELECT (SELECT count(*) FROM transcriptions WHERE user_id = ?1) AS transcriptions, (SELECT count(*) FROM uploads WHERE user_id = ?1) AS uploads",
  )
    .bind(userId)
    .first<{ transcriptions: number; uploads: number }>();
  const objects = (await env.MEDIA.list({ prefix: userPrefix(userId) })).objects.length;
  return { ...rows, objects };
}

/** Setup shortcut: this month's slots already used (as earlier uploads would have). */
async function useSlots(userId: string, n: number) {
  for (let i = 0; i < n; i++) {
    await env.DB.prepare("INSERT INTO plan_usage (id, user_id, period) VALUES (?, ?, ?)")
      .bind(crypto.randomUUID(), userId, periodOf())
      .run();
  }
}

/** Every route that starts work, each asked once. */
function everyPath(cookie: string, flac: Uint8Array, reprocessId: string) {
  return {
    single: () => upload(cookie, flac, "jfk.flac", "audio/flac"),
    resumable: () =>
      api("/api/uploads", {
        method: "POST",
        cookie,
        json: { fileName: "big.wav", fileType: "audio/wav", size: 200 * 1024 * 1024 },
      }),
    chunked: () =>
      api("/api/transcriptions/chunked", {
        method: "POST",
        cookie,
        json: { fileName: "talk.wav", fileType: "audio/wav", chunks: 2 },
      }),
    reprocess: () => api(`/api/transcriptions/${reprocessId}/reprocess`, { method: "POST", cookie }),
  };
}

describe("the Free plan's limits", () => {
  it("allows 3 transcriptions a month, then refuses every path alike with 402 naming the limit; nothing is stored; PRO passes", async () => {
    const { user, cookie } = await signUp();
    const flac = await testFile("jfk.flac");
    // A refused upload (empty) does not count.
    expect((await upload(cookie, new Uint8Array(), "empty.flac", "audio/flac")).status).toBe(400);
    expect(await usage(cookie)).toEqual({ used: 0, limit: 3 });

    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await upload(cookie, flac, `jfk-${i}.flac`, "audio/flac");
      expect(res.status).toBe(201);
      ids.push((await readJson(res, transcriptionSchema)).id);
    }
    expect(await usage(cookie)).toEqual({ used: 3, limit: 3 });
    await waitUntilDone(cookie, ids[0] as string);
    const before = await stored(user.id);

    for (const [path, send] of Object.entries(everyPath(cookie, flac, ids[0] as string))) {
      const res = await send();
      expect(res.status, path).toBe(402);
      expect(await res.json(), path).toEqual(refusal);
    }
    expect(await stored(user.id)).toEqual(before);
    expect(await usage(cookie)).toEqual({ used: 3, limit: 3 });
    expect((await getTranscription(cookie, ids[0] as string)).status).toBe("COMPLETED");

    await makePro(user.id);
    const paths = everyPath(cookie, flac, ids[0] as string);
    for (const send of [paths.single, paths.resumable, paths.chunked]) expect((await send()).status).toBe(201);
    expect((await paths.reprocess()).status).toBe(200);
    expect(await usage(cookie)).toEqual({ used: 7, limit: null });
  });

  it("10 concurrent uploads at the last free slot create exactly one transcription", async () => {
    const { user, cookie } = await signUp();
    await useSlots(user.id, 2);
    const flac = await testFile("jfk.flac");
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => upload(cookie, flac, `race-${i}.flac`, "audio/flac")),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(402)]);
    for (const r of responses.filter((r) => r.status === 402)) expect(await r.json()).toEqual(refusal);
    const s = await stored(user.id);
    expect(s.transcriptions).toBe(1);
    expect(s.objects).toBe(1); // the one recording, nothing of the refused ones
    expect(await usage(cookie)).toEqual({ used: 3, limit: 3 });
  });

  it("a cancelled PRO keeps every transcription, and new work follows the Free plan again", async () => {
    const { user, cookie } = await signUp();
    await makePro(user.id);
    const flac = await testFile("jfk.flac");
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push((await readJson(await upload(cookie, flac, `pro-${i}.flac`, "audio/flac"), transcriptionSchema)).id);
    const customer = `cus_cancel_${user.id.slice(0, 8)}`;
    await env.DB.prepare("UPDATE users SET stripe_customer_id = ? WHERE id = ?").bind(customer, user.id).run();
    await postEvent(
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject({ id: "sub_gone", customer, userId: user.id, status: "canceled" }),
      ),
    );
    expect((await readJson(await api("/api/subscription", { cookie }), subscriptionSchema)).plan).toBe("FREE");

    const refused = await upload(cookie, flac, "after.flac", "audio/flac");
    expect(refused.status).toBe(402);
    const list = await readJson(await api("/api/transcriptions", { cookie }), transcriptionSchema.array());
    expect(list.map((t) => t.id).sort()).toEqual([...ids].sort());
  });

  it("refuses an upload longer than 5 minutes with 402 before any of it is recognised, and keeps nothing", async () => {
    const { user, cookie } = await signUp();
    const wav = silentWav(330);
    const tooLong = {
      message:
        "This recording is 5 min 30 s long; the Free plan transcribes up to 5 minutes per recording. Upgrade to Pro to transcribe it: /subscription",
      limit: "minutes_per_transcription",
      upgradeUrl: "/subscription",
    };
    const single = await upload(cookie, wav, "long.wav", "audio/wav");
    expect(single.status).toBe(402);
    expect(await single.json()).toEqual(tooLong);

    const created = await api("/api/uploads", {
      method: "POST",
      cookie,
      json: { fileName: "long.wav", fileType: "audio/wav", size: wav.length },
    });
    const { id } = await readJson(created, resumableUploadSchema);
    expect((await api(`/api/uploads/${id}/parts/1`, { method: "PUT", cookie, body: wav })).status).toBe(200);
    const completed = await api(`/api/uploads/${id}/complete`, { method: "POST", cookie });
    expect(completed.status).toBe(402);
    expect(await completed.json()).toEqual(tooLong);
    expect((await api(`/api/uploads/${id}`, { cookie })).status).toBe(409); // no longer open

    expect(await stored(user.id)).toMatchObject({ transcriptions: 0, objects: 0 });
    expect(await usage(cookie)).toEqual({ used: 0, limit: 3 });
    await makePro(user.id);
    expect((await upload(cookie, wav, "long.wav", "audio/wav")).status).toBe(201);
  });

  it("fails a recording longer than 5 minutes once its length is known, says why, and gives the slot back", async () => {
    const { cookie } = await signUp();
    const created = await api("/api/transcriptions/chunked", {
      method: "POST",
      cookie,
      json: { fileName: "long.flac", fileType: "audio/flac", chunks: 1 },
    });
    const { id } = await readJson(created, transcriptionSchema);
    expect(await usage(cookie)).toEqual({ used: 1, limit: 3 });
    // One 11 s part that starts at 4:55: the recording runs past 5 minutes.
    const put = await api(`/api/transcriptions/${id}/chunks/0?start=295`, {
      method: "PUT",
      cookie,
      body: await testFile("jfk.flac"),
      headers: { "Content-Type": "audio/flac" },
    });
    expect(put.status).toBe(201);
    const { t } = await waitUntilDone(cookie, id);
    expect(t.status).toBe("FAILED");
    expect(t.error_message).toBe(
      "This recording is at least 5 min 6 s long; the Free plan transcribes up to 5 minutes per recording. Upgrade to Pro to transcribe it: /subscription",
    );
    expect(await usage(cookie)).toEqual({ used: 0, limit: 3 });
  });
  it("refuses a part that starts past 5 minutes with the plan's 402, naming the limit (found by fuzzing)", async () => {
    const { cookie } = await signUp();
    const created = await api("/api/transcriptions/chunked", {
      method: "POST",
      cookie,
      json: { fileName: "long.flac", fileType: "audio/flac", chunks: 2 },
    });
    const { id } = await readJson(created, transcriptionSchema);
    const put = await api(`/api/transcriptions/${id}/chunks/1?start=301`, {
      method: "PUT",
      cookie,
      body: await testFile("jfk.flac"),
      headers: { "Content-Type": "audio/flac" },
    });
    expect(put.status).toBe(402);
    expect(await put.json()).toMatchObject({ limit: "minutes_per_transcription", upgradeUrl: "/subscription" });
    expect(await usage(cookie)).toEqual({ used: 0, limit: 3 });
  });
});
