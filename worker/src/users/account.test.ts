import { env } from "cloudflare:test";
import { apiErrorSchema } from "@verbatim/shared";
import { describe, expect, it } from "vitest";
import { api, readJson, sessionCookie, setCookies, signUp } from "../../test/http";

const PASSWORD = "correct horse"; // what signUp registers with
const login = (username: string, password: string) =>
  api("/api/login", { method: "POST", json: { username, password } });
const changePassword = (cookie: string, json: unknown) => api("/api/user/password", { method: "PUT", cookie, json });
const deleteAccount = (cookie: string, json: unknown) => api("/api/user", { method: "DELETE", cookie, json });
const message = async (res: Response) => (await readJson(res, apiErrorSchema)).message;

describe("PUT /api/user/password", () => {
  it("changes the password: the old one stops working, the new one signs in", async () => {
    const { user, cookie } = await signUp();
    const res = await changePassword(cookie, { currentPassword: PASSWORD, newPassword: "battery staple" });
    expect(res.status).toBe(200);
    expect(await message(res)).toBe("Password updated successfully");
    expect((await login(user.username, PASSWORD)).status).toBe(401);
    expect((await login(user.username, "battery staple")).status).toBe(200);
  });

  it("ends the user's other sessions but keeps the one that made the change", async () => {
    const { user, cookie } = await signUp();
    const laptop = sessionCookie(await login(user.username, PASSWORD));
    const phone = sessionCookie(await login(user.username, PASSWORD));
    const bystander = await signUp();
    expect((await changePassword(cookie, { currentPassword: PASSWORD, newPassword: "battery staple" })).status).toBe(
      200,
    );
    expect((await api("/api/user", { cookie })).status).toBe(200);
    expect((await api("/api/user", { cookie: laptop })).status).toBe(401);
    expect((await api("/api/user", { cookie: phone })).status).toBe(401);
    expect((await api("/api/user", { cookie: bystander.cookie })).status).toBe(200);
  });

  it("refuses a wrong current password with 400 and changes nothing", async () => {
    const { user, cookie } = await signUp();
    const other = sessionCookie(await login(user.username, PASSWORD));
    const res = await changePassword(cookie, { currentPassword: "not my password", newPassword: "battery staple" });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("Current password is incorrect");
    expect((await login(user.username, PASSWORD)).status).toBe(200);
    expect((await api("/api/user", { cookie: other })).status).toBe(200);
  });

  it.each([
    [{ currentPassword: PASSWORD, newPassword: "short" }, "Password must be at least 6 characters"],
    [{ currentPassword: "", newPassword: "battery staple" }, "Current password is required"],
  ])("validates %j", async (body, expected) => {
    const { cookie } = await signUp();
    const res = await changePassword(cookie, body);
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(expected);
  });

  it("stops guessing the current password after 10 wrong tries", async () => {
    const { cookie } = await signUp();
    for (let i = 0; i < 10; i++) {
      expect(
        (await changePassword(cookie, { currentPassword: `guess-${i}`, newPassword: "battery staple" })).status,
      ).toBe(400);
    }
    const locked = await changePassword(cookie, { currentPassword: PASSWORD, newPassword: "battery staple" });
    expect(locked.status).toBe(429);
    expect(locked.headers.get("Retry-After")).toBeTruthy();
  });

  it("needs a session", async () => {
    expect((await changePassword("", { currentPassword: PASSWORD, newPassword: "battery staple" })).status).toBe(401);
  });
});

describe("DELETE /api/user", () => {
  async function seedStorage(userId: string) {
    const keys = [
      `users/${userId}/profile/00000000-0000-4000-8000-000000000001.png`,
      `users/${userId}/transcriptions/t1/media/meeting.mp3`,
      `users/${userId}/transcriptions/t1/chunks/0`,
      `users/${userId}/transcriptions/t1/results/0.json`,
    ];
    await Promise.all(keys.map((k) => env.MEDIA.put(k, "x")));
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "INSERT INTO transcriptions (id, user_id, file_name, file_path, file_type) VALUES (?, ?, 'meeting.mp3', ?, 'audio/mpeg')",
    )
      .bind(id, userId, keys[1])
      .run();
    return { keys, transcriptionId: id };
  }

  it("deletes the account, its transcriptions, sessions and every stored file, and signs out", async () => {
    const { user, cookie } = await signUp();
    const otherSession = sessionCookie(await login(user.username, PASSWORD));
    await api("/api/user/preferences", { method: "PUT", cookie, json: { general: { theme: "dark" } } });
    const { transcriptionId } = await seedStorage(user.id);
    // Another account's files must survive the sweep.
    const neighbour = await signUp();
    await env.MEDIA.put(`users/${neighbour.user.id}/profile/keep.png`, "x");

    const res = await deleteAccount(cookie, { confirm: user.username });
    expect(res.status).toBe(200);
    expect(await message(res)).toBe("Account deleted");
    expect(setCookies(res).join("\n")).toMatch(/verbatim_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);

    expect((await env.MEDIA.list({ prefix: `users/${user.id}/` })).objects).toHaveLength(0);
    expect(await env.MEDIA.head(`users/${neighbour.user.id}/profile/keep.png`)).not.toBeNull();
    const counts = await env.DB.prepare(
      `SELECT (SELECT count(*) FROM users WHERE id = ?1) AS users,
              (SELECT count(*) FROM transcriptions WHERE id = ?2) AS transcriptions,
              (SELECT count(*) FROM sessions WHERE user_id = ?1) AS sessions,
              (SELECT count(*) FROM user_preferences WHERE user_id = ?1) AS preferences`,
    )
      .bind(user.id, transcriptionId)
      .first();
    expect(counts).toEqual({ users: 0, transcriptions: 0, sessions: 0, preferences: 0 });

    expect((await api("/api/user", { cookie })).status).toBe(401);
    expect((await api("/api/user", { cookie: otherSession })).status).toBe(401);
    expect((await login(user.username, PASSWORD)).status).toBe(401);
  });

  it("pages through more than one listing of files (over 1,000 objects)", async () => {
    const { user, cookie } = await signUp();
    const keys = Array.from({ length: 1010 }, (_, i) => `users/${user.id}/transcriptions/t/chunks/${i}`);
    for (let i = 0; i < keys.length; i += 100)
      await Promise.all(keys.slice(i, i + 100).map((k) => env.MEDIA.put(k, "")));
    expect((await deleteAccount(cookie, { confirm: user.username })).status).toBe(200);
    expect((await env.MEDIA.list({ prefix: `users/${user.id}/` })).objects).toHaveLength(0);
  });

  it.each([
    ["another name", () => "someone-else"],
    ["the username in other letter case", (username: string) => username.toUpperCase()],
    ["nothing", () => ""],
  ])("refuses %s as the confirmation and keeps everything", async (_what, typed) => {
    const { user, cookie } = await signUp();
    const { keys } = await seedStorage(user.id);
    const confirm = typed(user.username);
    const res = await deleteAccount(cookie, { confirm });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("Type your username exactly to confirm");
    expect((await api("/api/user", { cookie })).status).toBe(200);
    expect(await env.MEDIA.head(keys[0] as string)).not.toBeNull();
  });

  it("needs a session", async () => {
    expect((await deleteAccount("", { confirm: "anyone" })).status).toBe(401);
  });
});
