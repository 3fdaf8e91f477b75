import {
  apiErrorSchema,
  PASSWORD_BLANK,
  PASSWORD_COMMON,
  PASSWORD_MIN,
  PASSWORD_PERSONAL,
  publicUserSchema,
  USERNAME_CHARS,
  USERNAME_EMAIL,
} from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, apiWithEnv, readJson, sessionCookie, uniqueIp } from "../../test/http";

const register = (json: unknown) =>
  api("/api/register", { method: "POST", json, headers: { "CF-Connecting-IP": uniqueIp() } });
const login = (json: unknown, ip = uniqueIp()) =>
  api("/api/login", { method: "POST", json, headers: { "CF-Connecting-IP": ip } });
const messageOf = async (res: Response) => (await readJson(res, apiErrorSchema)).message;
const tag = () => Math.random().toString(36).slice(2, 8);

describe("usernames cannot take over an e-mail sign-in (finding 1)", () => {
  it("refuses a username that is an e-mail address, before or after the owner registers", async () => {
    const t = tag();
    const before = await register({
      username: `victim${t}@example.com`,
      email: `squat${t}@example.net`,
      password: "hunter-squat-1",
    });
    expect(before.status).toBe(400);
    expect(await messageOf(before)).toBe(USERNAME_EMAIL);

    expect(
      (await register({ username: `victim${t}`, email: `victim${t}@example.com`, password: "victim-pass-9" })).status,
    ).toBe(201);
    const after = await register({
      username: `VICTIM${t}@example.com`,
      email: `squat2${t}@example.net`,
      password: "hunter-squat-1",
    });
    expect(after.status).toBe(400);

    // The owner still signs in with the address, and it resolves to the owner's account.
    const res = await login({ username: `victim${t}@example.com`, password: "victim-pass-9" });
    expect(res.status).toBe(200);
    expect((await readJson(res, publicUserSchema)).username).toBe(`victim${t}`);
  });
});

describe("usernames are normalised and unique by how they look (finding 2)", () => {
  it.each([
    ["CR/LF", "bad\r\nname"],
    ["NUL", "bad\u0000name"],
    ["zero-width space", "bad\u200bname"],
    ["right-to-left override", "bad\u202ename"],
    ["Cyrillic а", "\u0430dmin-x"],
    ["a space", "two words"],
  ])("refuses a username with %s", async (_what, username) => {
    const res = await register({ username, email: `u${tag()}@example.com`, password: "fine-pass-42" });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(USERNAME_CHARS);
  });

  it("folds fullwidth letters (NFKC) and refuses case and look-alike twins of a taken name", async () => {
    const t = tag();
    const first = await register({ username: `ｍａｒｙ${t}`, email: `mary${t}@example.com`, password: "fine-pass-42" });
    expect(first.status).toBe(201);
    expect((await readJson(first, publicUserSchema)).username).toBe(`mary${t}`);
    for (const twin of [`MARY${t}`, `rnary${t}`, `mary${t}`.replace(/o/g, "0").replace(/l/g, "1")]) {
      const res = await register({ username: twin, email: `twin${tag()}@example.com`, password: "fine-pass-42" });
      expect(res.status, twin).toBe(409);
      expect(await messageOf(res)).toBe("Username already exists");
    }
    const ilya = await register({ username: `Ilya${t}`, email: `ilya${t}@example.com`, password: "fine-pass-42" });
    expect(ilya.status).toBe(201);
    expect(
      (await register({ username: `llya${t}`, email: `l${t}@example.com`, password: "fine-pass-42" })).status,
    ).toBe(409);
  });
});

describe("passwords (finding 6)", () => {
  it.each([
    ["a common breached password", "123456", PASSWORD_COMMON],
    ["a common password in other case", "PassWord1", PASSWORD_COMMON],
    ["six spaces", "      ", PASSWORD_BLANK],
    ["five characters as seen (one is e + combining accent)", "cafe\u0301s", PASSWORD_MIN],
  ])("refuses %s", async (_what, password, message) => {
    const t = tag();
    const res = await register({ username: `pw${t}`, email: `pw${t}@example.com`, password });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe(message);
  });

  it("refuses a password equal to the username or the e-mail", async () => {
    const t = tag();
    for (const password of [`Owner${t}`, `owner${t}@example.com`]) {
      const res = await register({ username: `owner${t}`, email: `owner${t}@example.com`, password });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(PASSWORD_PERSONAL);
    }
  });

  it("refuses a common or personal new password on change", async () => {
    const t = tag();
    const res = await register({ username: `chg${t}`, email: `chg${t}@example.com`, password: "first-pass-77" });
    const cookie = sessionCookie(res);
    for (const [newPassword, message] of [
      ["qwerty123", PASSWORD_COMMON],
      [`chg${t}`, PASSWORD_PERSONAL],
    ]) {
      const change = await api("/api/user/password", {
        method: "PUT",
        cookie,
        json: { currentPassword: "first-pass-77", newPassword },
      });
      expect(change.status).toBe(400);
      expect(await messageOf(change)).toBe(message);
    }
  });
});

describe("sign-in lockout keys (finding 8)", () => {
  it("counts failures once per account, whether the username or the e-mail named it", async () => {
    const t = tag();
    await register({ username: `lock${t}`, email: `lock${t}@example.com`, password: "right-pass-88" });
    for (let i = 0; i < 10; i++) {
      const res = await login({ username: i % 2 ? `lock${t}` : `LOCK${t}@example.com`, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    for (const username of [`lock${t}`, `lock${t}@example.com`]) {
      const locked = await login({ username, password: "right-pass-88" });
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
  });

  it("ignores a forged CF-Connecting-IP unless the app is configured to run behind Cloudflare", async () => {
    // The address limit at 10 (100 in production, lockout.test.ts), so ten failures reach it.
    const untrusted = { TRUST_CLOUDFLARE_IP: undefined, LOGIN_FAILURES_PER_IP: "10" };
    const t = tag();
    // Ten failures on ten accounts, each request claiming a fresh address.
    for (let i = 0; i < 10; i++) {
      const res = await apiWithEnv(untrusted, "/api/login", {
        method: "POST",
        json: { username: `nobody${t}${i}`, password: "whatever-1" },
        headers: { "CF-Connecting-IP": `203.0.113.${i}` },
      });
      expect(res.status).toBe(401);
    }
    const next = await apiWithEnv(untrusted, "/api/login", {
      method: "POST",
      json: { username: `nobody${t}-new`, password: "whatever-1" },
      headers: { "CF-Connecting-IP": "203.0.113.200" },
    });
    expect(next.status).toBe(429);
  });
});
