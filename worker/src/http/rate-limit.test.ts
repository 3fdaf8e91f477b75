import { env } from "cloudflare:test";
import { apiErrorSchema, resumableUploadSchema, transcriptionSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { apiWithEnv, makePro, readJson, signUp, uniqueIp } from "../../test/http";
import { testFile, upload, waitUntilDone } from "../../test/transcriptions";

// The test configuration raises every limit for the other tests; these requests run with the production numbers.
const production = {
  SIGNUPS_PER_IP_PER_HOUR: undefined,
  SIGNUPS_PER_MINUTE: undefined,
  EXPORTS_PER_MINUTE: undefined,
  OPEN_UPLOADS_PER_USER: undefined,
};
let n = 0;
const registerFrom = (ip: string, vars: Record<string, string | undefined> = production) => {
  const name = `limit${Date.now().toString(36)}${n++}`;
  return apiWithEnv(vars, "/api/register", {
    method: "POST",
    json: { username: name, email: `${name}@example.com`, password: "limit-pass-31" },
    headers: { "CF-Connecting-IP": ip },
  });
};

async function expectTooMany(res: Response, message: RegExp, maxSeconds: number) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("Retry-After"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  expect((await readJson(res, apiErrorSchema)).message).toMatch(message);
}

describe("abuse limits that do not depend on the plan (finding 10)", () => {
  it("limits registrations per client address to 5 an hour", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 5; i++) expect((await registerFrom(ip)).status).toBe(201);
    await expectTooMany(await registerFrom(ip), /Too many accounts were created from your network/, 3600);
    expect((await registerFrom(uniqueIp())).status).toBe(201);
  });

  it("limits a burst of sign-ups from many addresses to 30 a minute", async () => {
    const burstOnly = { ...production, SIGNUPS_PER_IP_PER_HOUR: "1000000" };
    let refused: Response | undefined;
    for (let i = 0; i < 31 && !refused; i++) {
      const res = await registerFrom(uniqueIp(), burstOnly);
      if (res.status === 429) refused = res;
      else expect(res.status).toBe(201);
    }
    expect(refused).toBeDefined();
    await expectTooMany(refused as Response, /Too many sign-ups right now/, 60);
  });

  it("limits exports to 30 a minute per user, single files and ZIPs together", async () => {
    const { cookie } = await signUp();
    const { id } = await readJson(
      await upload(cookie, await testFile("jfk.flac"), "jfk.flac", "audio/flac"),
      transcriptionSchema,
    );
    await waitUntilDone(cookie, id);
    for (let i = 0; i < 29; i++) {
      const res = await apiWithEnv(production, `/api/transcriptions/${id}/export?format=txt`, { cookie });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
    }
    const zip = await apiWithEnv(production, "/api/transcriptions/export", {
      method: "POST",
      cookie,
      json: { ids: [id], format: "txt" },
    });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();
    await expectTooMany(
      await apiWithEnv(production, `/api/transcriptions/${id}/export?format=pdf`, { cookie }),
      /Too many exports/,
      60,
    );
  });

  it("takes exactly 5 of 10 sign-ups sent at once from one address (issue 32, finding 6)", async () => {
    const ip = uniqueIp();
    // The app-wide burst limit is another test's (and this file's earlier tests used it up).
    const perAddressOnly = { ...production, SIGNUPS_PER_MINUTE: "1000000" };
    const got = await Promise.all(Array.from({ length: 10 }, () => registerFrom(ip, perAddressOnly)));
    expect(got.filter((r) => r.status === 201)).toHaveLength(5);
    expect(got.filter((r) => r.status === 429)).toHaveLength(5);
  });

  it("answers exactly 30 of 60 exports sent at once (issue 32, finding 6)", async () => {
    const { cookie } = await signUp();
    const { id } = await readJson(
      await upload(cookie, await testFile("jfk.flac"), "jfk.flac", "audio/flac"),
      transcriptionSchema,
    );
    await waitUntilDone(cookie, id);
    const got = await Promise.all(
      Array.from({ length: 60 }, () =>
        apiWithEnv(production, `/api/transcriptions/${id}/export?format=txt`, { cookie }).then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        }),
      ),
    );
    expect(got.filter((s) => s === 200)).toHaveLength(30);
    expect(got.filter((s) => s === 429)).toHaveLength(30);
  });

  it("limits open resumable uploads to 5 per user, whatever the plan", async () => {
    const { cookie, user } = await signUp();
    // PRO, so that the FREE plan's monthly allowance (a separate limit) is not what refuses the sixth.
    await makePro(user.id);
    const open = () =>
      apiWithEnv(production, "/api/uploads", {
        method: "POST",
        cookie,
        json: { fileName: "big.wav", fileType: "audio/wav", size: 5 * 1024 ** 3 },
      });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await open();
      expect(res.status).toBe(201);
      ids.push((await readJson(res, resumableUploadSchema)).id);
    }
    await expectTooMany(await open(), /You already have 5 unfinished uploads/, 60);
    // Cancelling one frees its slot.
    expect((await apiWithEnv(production, `/api/uploads/${ids[0]}`, { method: "DELETE", cookie })).status).toBe(200);
    expect((await open()).status).toBe(201);
  });

  it("starts exactly 5 of 12 resumable uploads sent at once (issue 32, finding 6)", async () => {
    const { cookie, user } = await signUp();
    await makePro(user.id);
    const got = await Promise.all(
      Array.from({ length: 12 }, () =>
        apiWithEnv(production, "/api/uploads", {
          method: "POST",
          cookie,
          json: { fileName: "big.wav", fileType: "audio/wav", size: 5 * 1024 ** 3 },
        }).then(async (res) => {
          await res.arrayBuffer();
          return res.status;
        }),
      ),
    );
    expect(got.filter((s) => s === 201)).toHaveLength(5);
    expect(got.filter((s) => s === 429)).toHaveLength(7);
    const open = await env.DB.prepare("SELECT count(*) AS n FROM uploads WHERE user_id = ? AND status = 'OPEN'")
      .bind(user.id)
      .first<{ n: number }>();
    expect(open?.n).toBe(5);
  });
});
