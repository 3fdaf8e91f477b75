import { env } from "cloudflare:test";
import { pushPublicKeySchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, apiWithEnv, errorMessage, readJson, sessionCookie, signUp, uniqueIp } from "../../test/http";
import { db } from "../../test/library";
import { seedTranscription } from "../../test/transcriptions";
import { base64url, vapidVars } from "../../test/vapid";
import { notifyFinished } from "../jobs/state-repository";
import type { JobMessage } from "../rules/job-messages";
import { deliverPush } from ".";

// The subscription routes (validation, ownership, removal with the session and the account) and the push job (the
// switch, pruning what push services say is gone). The push itself, checked by independent implementations of
// VAPID and RFC 8291, is send.node.test.ts.

const vapid = await vapidVars();

/** A browser's keys as PushSubscription.toJSON() gives them (their values are not checked here, only their form). */
const browserKeys = async () => {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, [
    "deriveBits",
  ])) as CryptoKeyPair;
  const raw = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  return { p256dh: base64url(raw), auth: base64url(crypto.getRandomValues(new Uint8Array(16))) };
};
let endpoints = 0;
const newSubscription = async () => ({
  endpoint: `https://push.example.net/send/${Date.now()}-${endpoints++}`,
  expirationTime: null,
  keys: await browserKeys(),
});

const subscribe = (cookie: string, json: unknown) =>
  apiWithEnv(vapid, "/api/push/subscriptions", { method: "POST", cookie, json });
const unsubscribe = (cookie: string, endpoint: string) =>
  apiWithEnv(vapid, "/api/push/subscriptions", { method: "DELETE", cookie, json: { endpoint } });
const rowsOf = async (userId: string) =>
  (
    await env.DB.prepare("SELECT endpoint, session_id FROM push_subscriptions WHERE user_id = ?")
      .bind(userId)
      .all<{ endpoint: string; session_id: string }>()
  ).results;

describe("GET /api/push/public-key", () => {
  it("is the configured key, or null when the server sends no pushes", async () => {
    const on = await apiWithEnv(vapid, "/api/push/public-key");
    expect(await readJson(on, pushPublicKeySchema)).toEqual({ publicKey: vapid.VAPID_PUBLIC_KEY });
    const off = await apiWithEnv({ VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined }, "/api/push/public-key");
    expect(await readJson(off, pushPublicKeySchema)).toEqual({ publicKey: null });
  });
});

describe("POST /api/push/subscriptions", () => {
  it("saves this browser's subscription for the session", async () => {
    const { user, cookie } = await signUp();
    const sub = await newSubscription();
    expect((await subscribe(cookie, sub)).status).toBe(201);
    // The same browser again (another tab) is the same row.
    expect((await subscribe(cookie, sub)).status).toBe(201);
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([sub.endpoint]);
  });

  it("refuses what is not a push subscription, saying what is wrong", async () => {
    const { cookie } = await signUp();
    const good = await newSubscription();
    const cases: [unknown, RegExp][] = [
      [{ ...good, endpoint: "not a url" }, /push service's https URL/],
      [{ ...good, endpoint: "http://push.example.net/x" }, /push service's https URL/],
      [{ ...good, endpoint: "https://user:pw@push.example.net/x" }, /push service's https URL/],
      [{ ...good, keys: { ...good.keys, p256dh: "abc" } }, /p256dh must be a P-256 public key/],
      [{ ...good, keys: { ...good.keys, auth: "!!" } }, /auth must be 16 bytes/],
      [{ endpoint: good.endpoint }, /.+/],
    ];
    for (const [json, message] of cases) {
      const res = await subscribe(cookie, json);
      expect(res.status).toBe(400);
      expect(await errorMessage(res)).toMatch(message);
    }
  });

  it("needs a session, and keys on the server", async () => {
    expect((await subscribe("", await newSubscription())).status).toBe(401);
    const { cookie } = await signUp();
    const res = await api("/api/push/subscriptions", { method: "POST", cookie, json: await newSubscription() });
    expect(res.status).toBe(503);
    expect(await errorMessage(res)).toBe("Browser notifications are not available on this server");
  });

  it("an endpoint saved by another account (the browser changed hands) now belongs to this one", async () => {
    const first = await signUp();
    const second = await signUp();
    const sub = await newSubscription();
    await subscribe(first.cookie, sub);
    await subscribe(second.cookie, sub);
    expect(await rowsOf(first.user.id)).toEqual([]);
    expect((await rowsOf(second.user.id)).map((r) => r.endpoint)).toEqual([sub.endpoint]);
  });
});

describe("DELETE /api/push/subscriptions", () => {
  it("removes the caller's own subscription only", async () => {
    const owner = await signUp();
    const other = await signUp();
    const sub = await newSubscription();
    await subscribe(owner.cookie, sub);
    const foreign = await unsubscribe(other.cookie, sub.endpoint);
    expect(foreign.status).toBe(404);
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
    expect((await unsubscribe(owner.cookie, sub.endpoint)).status).toBe(200);
    expect(await rowsOf(owner.user.id)).toEqual([]);
    expect((await unsubscribe(owner.cookie, sub.endpoint)).status).toBe(404);
    expect((await unsubscribe(owner.cookie, "ftp://x")).status).toBe(400);
  });
});

describe("removal with the session and the account", () => {
  it("signing out removes that browser's subscription, not the others'", async () => {
    const { user, cookie } = await signUp();
    const login = await api("/api/login", {
      method: "POST",
      json: { username: user.username, password: "correct horse" },
      headers: { "CF-Connecting-IP": uniqueIp() },
    });
    const phone = sessionCookie(login);
    expect(phone).toMatch(/^verbatim_session=/);
    const [laptopSub, phoneSub] = [await newSubscription(), await newSubscription()];
    await subscribe(cookie, laptopSub);
    await subscribe(phone, phoneSub);
    expect((await api("/api/logout", { method: "POST", cookie })).status).toBe(200);
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([phoneSub.endpoint]);
  });

  it("deleting the account removes every one", async () => {
    const { user, cookie } = await signUp();
    await subscribe(cookie, await newSubscription());
    await subscribe(cookie, await newSubscription());
    const res = await api("/api/user", { method: "DELETE", cookie, json: { confirm: user.username } });
    expect(res.status).toBe(200);
    expect(await rowsOf(user.id)).toEqual([]);
  });
});

describe("the push job", () => {
  const segments = [{ start: 0, end: 2, text: "Hello there." }];
  /** A push service that answers each endpoint as told, and remembers what it was sent. */
  const pushService = (answers: Record<string, number>) => {
    const calls: string[] = [];
    const fetchImpl = (async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      calls.push(url);
      return new Response(null, { status: answers[url] ?? 201 });
    }) as typeof fetch;
    return { calls, fetchImpl };
  };

  it("a run that ends queues the push beside the e-mail", async () => {
    const sent: JobMessage[] = [];
    const jobs = { send: async (m: JobMessage) => void sent.push(m) } as unknown as typeof env.JOBS;
    await notifyFinished({ JOBS: jobs }, "u1", "t1");
    expect(sent).toContainEqual({ type: "push", userId: "u1", transcriptionId: "t1" });
  });

  it("goes to every browser; one the push service says is gone (404, 410) is forgotten", async () => {
    const { user, cookie } = await signUp();
    const [kept, gone, expired] = [await newSubscription(), await newSubscription(), await newSubscription()];
    for (const s of [kept, gone, expired]) await subscribe(cookie, s);
    const id = await seedTranscription(user.id, "Board meeting", segments);
    const service = pushService({ [gone.endpoint]: 410, [expired.endpoint]: 404 });
    const job = { userId: user.id, transcriptionId: id };
    expect(await deliverPush({ ...env, ...vapid }, db(), job, service.fetchImpl)).toBe("sent");
    expect(service.calls.sort()).toEqual([kept.endpoint, gone.endpoint, expired.endpoint].sort());
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([kept.endpoint]);
  });

  it("a push service in trouble (5xx) makes the queue try again", async () => {
    const { user, cookie } = await signUp();
    const sub = await newSubscription();
    await subscribe(cookie, sub);
    const id = await seedTranscription(user.id, "Standup", segments);
    const service = pushService({ [sub.endpoint]: 503 });
    await expect(
      deliverPush({ ...env, ...vapid }, db(), { userId: user.id, transcriptionId: id }, service.fetchImpl),
    ).rejects.toThrow(/retrying/);
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it("with the switch off, or no keys on the server, nothing is sent", async () => {
    const { user, cookie } = await signUp();
    await subscribe(cookie, await newSubscription());
    const id = await seedTranscription(user.id, "Quiet", segments);
    const job = { userId: user.id, transcriptionId: id };
    const service = pushService({});
    expect(await deliverPush(env, db(), job, service.fetchImpl)).toBe("unconfigured");
    const off = await api("/api/user/preferences", {
      method: "PUT",
      cookie,
      json: { notifications: { browserNotifications: false } },
    });
    expect(off.status).toBe(200);
    expect(await deliverPush({ ...env, ...vapid }, db(), job, service.fetchImpl)).toBe("off");
    expect(service.calls).toEqual([]);
  });

  it("a transcription still running, or another user's, is not announced", async () => {
    const { user, cookie } = await signUp();
    await subscribe(cookie, await newSubscription());
    const theirs = await signUp();
    const id = await seedTranscription(theirs.user.id, "Not yours", segments);
    const service = pushService({});
    const vars = { ...env, ...vapid };
    expect(await deliverPush(vars, db(), { userId: user.id, transcriptionId: id }, service.fetchImpl)).toBe("dropped");
    const mine = await seedTranscription(user.id, "Running", segments);
    await env.DB.prepare("UPDATE transcriptions SET status = 'PROCESSING' WHERE id = ?").bind(mine).run();
    expect(await deliverPush(vars, db(), { userId: user.id, transcriptionId: mine }, service.fetchImpl)).toBe(
      "dropped",
    );
    expect(service.calls).toEqual([]);
  });
});
